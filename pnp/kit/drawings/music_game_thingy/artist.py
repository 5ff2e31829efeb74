"""Artist cards: name and genre, a Fame track with its die bonuses and a
Contract track, every box big enough for a counter."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from pnp.catalog.schemas.music_game_thingy import (
    ArtistCard,
)
from pnp.kit.drawings.context import FaceContext, TextOverflowError, card_name
from pnp.kit.drawings.music_game_thingy.styles import GOLD, PAPER, WHITE
from pnp.kit.drawings.music_game_thingy.typesetting import (
    band,
    band_height,
    boxes,
)
from pnp.kit.drawings.shapes import star
from pnp.kit.drawings.typeset import (
    DISPLAY_CAP,
    centred_line,
    fit_line,
    title,
)
from pnp.kit.fonts import BODY, BODY_BOLD, BODY_ITALIC, DISPLAY, text_width
from pnp.kit.geometry import MM, Rect

BONUS_TINTS = {1: "#f6dd9a", 2: GOLD}


def artist_front(canvas: Canvas, card: ArtistCard, context: FaceContext, box: Rect) -> None:
    """An Artist: name and genre, a Fame track with its die bonuses, and a
    Contract track; every box is big enough for a counter."""
    design = context.deck.spec.back
    what = card_name(card)
    safe = box
    two_lines = band_height(card.name, safe.width - 2 * MM) > 19 * MM
    band_bottom = safe.top - (18 if two_lines else 16) * MM
    band(canvas, context, design.colour, band_bottom)
    on_band = context.ink_on(design.colour, design.ink)
    title(
        canvas,
        card.name,
        Rect(
            safe.x + 1 * MM,
            band_bottom + 5.5 * MM,
            safe.width - 2 * MM,
            safe.top - band_bottom - 5.5 * MM,
        ),
        19,
        what,
        on_band,
        14,
    )
    canvas.setFillColor(on_band)
    centred_line(
        canvas,
        card.genre,
        safe.centre[0],
        band_bottom + 2 * MM,
        BODY_ITALIC,
        10,
        safe.width - 4 * MM,
        what,
    )
    ink_hex = design.colour
    ink = context.ink_on(PAPER, ink_hex)
    columns = 5
    gap = 1.4 * MM
    left = safe.x + 1 * MM
    width = safe.width - 2 * MM
    cell_w = (width - (columns - 1) * gap) / columns
    cell_h = (6.6 if two_lines else 7) * MM
    track = card.fame_track
    values = list(range(track.min, track.max + 1))
    y = band_bottom - 1.2 * MM
    canvas.setFillColor(ink)
    canvas.setFont(BODY_BOLD, 8)
    canvas.drawString(left, y - 3 * MM, "FAME")
    star_x = left + text_width("FAME", BODY_BOLD, 8) + 2.5 * MM
    canvas.setFillColor(context.colour(GOLD) if not context.options.ink_saver else ink)
    star(canvas, star_x, y - 2.1 * MM, 3 * MM)
    y -= 4.2 * MM
    # rows of five; a new row starts where a die bonus begins
    headed = {b.at: b.per_die for b in track.bonuses}
    rows: list[list[int]] = []
    for value in values:
        if not rows or len(rows[-1]) == columns or value in headed:
            rows.append([])
        rows[-1].append(value)
    for row in rows:
        bonus = card.bonus_at(row[0])
        lone = len(row) == 1
        if row[0] in headed and not lone:
            upto = max(v for v in values if card.bonus_at(v) == bonus)
            heading = f"Fame {row[0]} to {upto}: +{bonus} to each die"
            canvas.setFillColor(ink)
            size = fit_line(heading, BODY_BOLD, 7.5, width, what)
            canvas.setFont(BODY_BOLD, size)
            canvas.drawString(left, y - 2.8 * MM, heading)
            y -= 3.8 * MM
        if lone:
            # a level of its own (the top of the track): one wide box, its bonus beside it
            box = Rect(left, y - cell_h, cell_w * 2 + gap, cell_h)
            tint = BONUS_TINTS.get(bonus)
            canvas.setFillColor(context.fill_colour(tint) if tint else context.colour(WHITE))
            canvas.setStrokeColor(ink)
            canvas.setLineWidth(0.9)
            canvas.roundRect(box.x, box.y, box.width, box.height, 1.2 * MM, stroke=1, fill=1)
            canvas.setFillColor(ink)
            canvas.setFont(DISPLAY, 13)
            canvas.drawCentredString(
                box.centre[0], box.centre[1] - 13 * DISPLAY_CAP / 2, str(row[0])
            )
            canvas.setFillColor(context.colour("#b5891b") if not context.options.ink_saver else ink)
            star(canvas, box.x + 3.2 * MM, box.centre[1], 3.6 * MM)
            star(canvas, box.right - 3.2 * MM, box.centre[1], 3.6 * MM)
            canvas.setFillColor(ink)
            if bonus:
                note = f"Fame {row[0]}: +{bonus} to each die"
                room = width - box.width - 2 * MM
                size = fit_line(note, BODY_BOLD, 7.5, room, what)
                canvas.setFont(BODY_BOLD, size)
                canvas.drawString(box.right + 2 * MM, box.centre[1] - size * 0.34, note)
        else:
            area = Rect(left, y - cell_h, cell_w * len(row) + gap * (len(row) - 1), cell_h)
            boxes(
                canvas,
                context,
                row,
                area,
                len(row),
                ink_hex,
                shade=lambda v: BONUS_TINTS.get(card.bonus_at(v)),
            )
        y -= cell_h + gap
    # the Contract track, at the foot of the card
    contract = card.contract_track
    years = list(range(contract.min, contract.max + 1))
    box_h = 7.5 * MM
    area = Rect(left, safe.y + 0.5 * MM, width, box_h)
    canvas.setFillColor(ink)
    canvas.setFont(BODY_BOLD, 8)
    canvas.drawString(left, area.top + 1.4 * MM, "CONTRACT")
    canvas.setFont(BODY, 8)
    canvas.drawString(
        left + text_width("CONTRACT ", BODY_BOLD, 8), area.top + 1.4 * MM, "years left"
    )
    canvas.setStrokeColor(ink)
    canvas.setLineWidth(0.6)
    canvas.line(left, area.top + 5.2 * MM, left + width, area.top + 5.2 * MM)
    boxes(canvas, context, years, area, len(years), ink_hex, number_size=13)
    if y < area.top + 5.2 * MM:
        raise TextOverflowError(f"{what}: the Fame track runs into the Contract track")
