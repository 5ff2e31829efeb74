"""Tour cards: months on the road, the dice rolled each month, the Fame it
needs, the fee and the Fame it brings home."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from pnp.catalog.schemas.music_game_thingy import (
    TourCard,
)
from pnp.catalog.schemas.music_game_thingy_words import (
    PER_UNIT,
    dice_words,
    money,
)
from pnp.kit.drawings.colours import set_ink
from pnp.kit.drawings.context import FaceContext, card_name
from pnp.kit.drawings.music_game_thingy.styles import INK, PAPER, WHITE
from pnp.kit.drawings.music_game_thingy.symbols import small_calendar, tour_van
from pnp.kit.drawings.music_game_thingy.typesetting import (
    band,
    band_height,
    dice,
    pill,
    stat_line,
    text_in,
)
from pnp.kit.drawings.typeset import (
    centred_line,
    title,
)
from pnp.kit.fonts import BODY_BOLD, DISPLAY, text_width
from pnp.kit.geometry import MM, Rect


def _tour_cell(
    canvas: Canvas,
    context: FaceContext,
    box: Rect,
    caption: str,
    value: str,
    hex_ink: str,
    what: str,
) -> None:
    ink = context.ink_on(PAPER, hex_ink)
    canvas.setStrokeColor(ink)
    canvas.setFillColor(context.colour(WHITE))
    canvas.setLineWidth(0.8)
    canvas.roundRect(box.x, box.y, box.width, box.height, 1.5 * MM, stroke=1, fill=1)
    canvas.setFillColor(ink)
    canvas.setFont(BODY_BOLD, 7)
    canvas.drawCentredString(box.centre[0], box.top - 3.4 * MM, caption)
    centred_line(
        canvas, value, box.centre[0], box.y + 2 * MM, DISPLAY, 13, box.width - 2 * MM, what
    )


def tour_front(canvas: Canvas, card: TourCard, context: FaceContext, box: Rect) -> None:
    """A Tour: name, months on the road, the dice rolled each month, the
    Fame it needs, the fee and the Fame it brings home."""
    design = context.deck.spec.back
    what = card_name(card)
    safe = box
    band_bottom = safe.top - band_height(card.name, safe.width - 2 * MM)
    band(canvas, context, design.colour, band_bottom)
    type_pill = pill(
        canvas, context, safe.x + 1 * MM, safe.top - 7 * MM, "Tour", tour_van, design.colour, what
    )
    on_band = context.ink_on(design.colour, design.ink)
    name_box = Rect(
        safe.x + 1 * MM,
        band_bottom + 1.5 * MM,
        safe.width - 2 * MM,
        type_pill.y - band_bottom - 2.5 * MM,
    )
    title(canvas, card.name, name_box, 20, what, on_band)
    # months on the road: a calendar per month
    ink_hex = design.colour
    ink = context.ink_on(PAPER, ink_hex)
    top = band_bottom - 2.5 * MM
    cal = 5 * MM
    gap = 1.5 * MM
    label = f"{card.months} months on the road" if card.months > 1 else "1 month on the road"
    label_width = text_width(label, BODY_BOLD, 9)
    total = card.months * cal + (card.months - 1) * gap + 2 * MM + label_width
    x = safe.centre[0] - total / 2
    set_ink(canvas, ink)
    for _ in range(card.months):
        small_calendar(canvas, x + cal / 2, top - cal / 2, cal)
        x += cal + gap
    canvas.setFont(BODY_BOLD, 9)
    canvas.drawString(x - gap + 2 * MM, top - cal / 2 - 3.1, label)
    # the dice rolled each month
    top -= cal + 2 * MM
    size = 6.5 * MM if card.dice <= 4 else 6 * MM
    dice(canvas, context, card.dice, safe.centre[0], top - size / 2, size, ink_hex)
    y = top - size - 1.2 * MM
    y = stat_line(
        canvas,
        context,
        safe,
        y,
        [
            (f"{dice_words(card.dice)}  ", BODY_BOLD, 10),
            ("\u00d7 ", BODY_BOLD, 10),
            (money(card.income_per_unit), DISPLAY, 15),
            (f" {PER_UNIT}, each month", BODY_BOLD, 10),
        ],
        what,
        hex_ink=ink_hex,
    )
    # three cells: Fame needed, fee, Fame on return
    cells = Rect(safe.x + 1 * MM, y - 12.5 * MM, safe.width - 2 * MM, 11.5 * MM)
    width = (cells.width - 2 * 1.5 * MM) / 3
    values = (
        ("NEEDS FAME", f"{card.min_fame}+" if card.min_fame else "Any"),
        ("FEE", money(card.fee) if card.fee else "None"),
        ("HOME AGAIN", f"+{card.fame_award} Fame" if card.fame_award else "No Fame"),
    )
    for index, (caption, value) in enumerate(values):
        box = Rect(cells.x + index * (width + 1.5 * MM), cells.y, width, cells.height)
        _tour_cell(canvas, context, box, caption, value, ink_hex, what)
    text = Rect(safe.x + 1.5 * MM, safe.y + 1 * MM, safe.width - 3 * MM, cells.y - safe.y - 3 * MM)
    text_in(canvas, card.text, text, what, context.ink_on(PAPER, INK), size=10.5, valign=0.4)
