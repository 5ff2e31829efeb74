"""Month cards' pieces: the calendar page's punched holes, a dot per month of the
year, placed by the layout, which sets the special rule (or, without one, a
calendar) below them."""

from __future__ import annotations

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from pnp.kit.drawings.context import FaceContext
from pnp.kit.drawings.music_game_thingy.styles import PAPER
from pnp.kit.geometry import Rect

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
