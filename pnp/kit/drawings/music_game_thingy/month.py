"""Month cards' pieces: the calendar page's punched holes, a dot per month of the
year, and the panel below the band (the special rule, or a calendar when there is
none). The layout places each in its box."""

from __future__ import annotations

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from pnp.catalog.schemas.music_game_thingy import (
    MonthCard,
)
from pnp.kit.drawings.colours import set_ink
from pnp.kit.drawings.context import FaceContext, card_name
from pnp.kit.drawings.music_game_thingy.styles import INK, PAPER, WHITE
from pnp.kit.drawings.music_game_thingy.symbols import small_calendar
from pnp.kit.drawings.music_game_thingy.typesetting import text_in
from pnp.kit.drawings.typeset import title
from pnp.kit.fonts import BODY_BOLD, BODY_ITALIC
from pnp.kit.geometry import MM, Rect

#: A month gone or to come: its dot's radius as a share of this month's.
OTHER_MONTH = 0.9 / 1.6


def punch_holes(canvas: Canvas, context: FaceContext, box: Rect, hex_ink: str) -> None:
    """Two holes as of a wall calendar, at the box's left and right ends, as tall as it,
    in paper colour ringed in ``hex_ink``."""
    radius = box.height / 2
    canvas.setFillColor(context.colour(PAPER) if not context.options.ink_saver else Color(1, 1, 1))
    canvas.setStrokeColor(context.ink_on(PAPER, hex_ink))
    canvas.setLineWidth(0.8)
    for x in (box.x + radius, box.right - radius):
        canvas.circle(x, box.centre[1], radius, stroke=1, fill=1)


def year_dots(canvas: Canvas, context: FaceContext, box: Rect, number: int, hex_ink: str) -> None:
    """Twelve dots across the box, this month's (as tall as the box) ringed and filled,
    the past ones filled."""
    radius = box.height / 2
    step = (box.width - 2 * radius) / 11
    ink = context.ink_on(PAPER, hex_ink)
    canvas.setStrokeColor(ink)
    canvas.setFillColor(ink)
    canvas.setLineWidth(0.8)
    for index in range(12):
        x = box.x + radius + index * step
        if index + 1 == number:
            canvas.circle(x, box.centre[1], radius, stroke=1, fill=1)
        else:
            filled = 1 if index + 1 < number else 0
            canvas.circle(x, box.centre[1], radius * OTHER_MONTH, stroke=1, fill=filled)


def month_panel(canvas: Canvas, card: MonthCard, context: FaceContext, panel: Rect) -> None:
    """The special rule on a white panel, or a calendar and "No special rule this month."."""
    design = context.deck.spec.back
    what = card_name(card)
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
