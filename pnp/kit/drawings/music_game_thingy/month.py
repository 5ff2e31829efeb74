"""Month cards: a calendar page with the month's number and name, a dot per
month of the year, and the special rule when there is one."""

from __future__ import annotations

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from pnp.catalog.schemas.music_game_thingy import (
    MonthCard,
)
from pnp.kit.drawings.colours import set_ink
from pnp.kit.drawings.common import deck_back
from pnp.kit.drawings.typeset import (
    centred_line,
    title,
)
from pnp.kit.faces.base import FaceContext, card_name, face
from pnp.kit.faces.music_game_thingy.styles import INK, PAPER, WHITE
from pnp.kit.faces.music_game_thingy.symbols import small_calendar
from pnp.kit.faces.music_game_thingy.typesetting import (
    band,
    text_in,
)
from pnp.kit.fonts import BODY_BOLD, BODY_ITALIC, DISPLAY
from pnp.kit.geometry import MM, Rect


def _year_dots(canvas: Canvas, context: FaceContext, number: int, cy: float, hex_ink: str) -> None:
    """Twelve dots for the months of the year, this one ringed and the past ones filled."""
    safe = context.safe
    step = (safe.width - 8 * MM) / 11
    ink = context.ink_on(PAPER, hex_ink)
    canvas.setStrokeColor(ink)
    canvas.setFillColor(ink)
    canvas.setLineWidth(0.8)
    for index in range(12):
        x = safe.x + 4 * MM + index * step
        if index + 1 == number:
            canvas.circle(x, cy, 1.6 * MM, stroke=1, fill=1)
        else:
            canvas.circle(x, cy, 0.9 * MM, stroke=1, fill=1 if index + 1 < number else 0)


@face("mgt-month", back=deck_back)
def month_front(canvas: Canvas, card: MonthCard, context: FaceContext) -> None:
    """A calendar page: the month's number and name, a dot per month of the
    year, and the special rule when there is one."""
    design = context.deck.spec.back
    what = card_name(card)
    safe = context.safe
    context.background(canvas, PAPER)
    band_bottom = safe.top - 30 * MM
    band(canvas, context, design.colour, band_bottom)
    on_band = context.ink_on(design.colour, design.ink)
    canvas.setFillColor(context.colour(PAPER) if not context.options.ink_saver else Color(1, 1, 1))
    canvas.setStrokeColor(on_band)
    canvas.setLineWidth(0.8)
    for dx in (-14 * MM, 14 * MM):
        canvas.circle(safe.centre[0] + dx, safe.top - 2 * MM, 1.3 * MM, stroke=1, fill=1)
    canvas.setFillColor(on_band)
    canvas.setFont(BODY_BOLD, 8)
    canvas.drawCentredString(safe.centre[0], safe.top - 2 * MM - 2.8, f"MONTH {card.number} OF 12")
    canvas.setFont(DISPLAY, 46)
    canvas.drawCentredString(safe.centre[0], band_bottom + 10 * MM, str(card.number))
    centred_line(
        canvas,
        card.name.upper(),
        safe.centre[0],
        band_bottom + 3 * MM,
        DISPLAY,
        17,
        safe.width - 4 * MM,
        what,
    )
    _year_dots(canvas, context, card.number, band_bottom - 4 * MM, design.colour)
    panel = Rect(
        safe.x + 1 * MM,
        safe.y + 1 * MM,
        safe.width - 2 * MM,
        band_bottom - 8 * MM - safe.y - 1 * MM,
    )
    ink = context.ink_on(PAPER, INK)
    if card.rule is None:
        canvas.setFillColor(context.fill_colour("#ece3cc"))
        canvas.circle(panel.centre[0], panel.centre[1] + 3 * MM, 13 * MM, stroke=0, fill=1)
        set_ink(canvas, context.icon_on(PAPER, design.colour))
        small_calendar(canvas, panel.centre[0], panel.centre[1] + 4 * MM, 13 * MM)
        canvas.setFillColor(ink)
        canvas.setFont(BODY_ITALIC, 10)
        canvas.drawCentredString(panel.centre[0], panel.y + 6 * MM, "No special rule this month.")
        return
    canvas.setStrokeColor(context.colour(design.colour))
    canvas.setFillColor(context.colour(WHITE))
    canvas.setLineWidth(1.2)
    canvas.roundRect(panel.x, panel.y, panel.width, panel.height, 3 * MM, stroke=1, fill=1)
    canvas.setFillColor(context.ink_on(PAPER, design.colour))
    canvas.setFont(BODY_BOLD, 7.5)
    canvas.drawCentredString(panel.centre[0], panel.top - 5 * MM, "SPECIAL RULE THIS MONTH")
    title_box = Rect(panel.x + 2.5 * MM, panel.top - 19 * MM, panel.width - 5 * MM, 12 * MM)
    title(canvas, card.rule.title, title_box, 16, what, context.ink_on(PAPER, design.colour), 15)
    rule = Rect(
        panel.x + 3 * MM, panel.y + 2.5 * MM, panel.width - 6 * MM, title_box.y - panel.y - 4.5 * MM
    )
    text_in(canvas, card.rule.text, rule, what, ink, size=11, valign=0.35)
