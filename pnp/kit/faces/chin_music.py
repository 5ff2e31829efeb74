"""Chin Music: Bout cards (word and Boast in front, Ruffians as fists on the
back) and the facing cards."""

from __future__ import annotations

import math

from reportlab.pdfgen.canvas import Canvas

from pnp.catalog.schemas.chin_music import BoutCard, FacingCard
from pnp.kit.drawings.common import deck_back, frame
from pnp.kit.drawings.shapes import fist
from pnp.kit.drawings.typeset import TextBox, centred_line, fit_line, split_two
from pnp.kit.faces.base import FaceContext, card_name, face
from pnp.kit.fonts import BODY, BODY_BOLD, DISPLAY
from pnp.kit.geometry import MM, Rect

PAPER = "#f4e9d8"
INK = "#2a1a14"
RED = "#7a1f1f"


def _ruffians_back(canvas: Canvas, card: BoutCard, context: FaceContext) -> None:
    """The back: one fist per Ruffian, and the number around the edge."""
    design = context.deck.spec.back
    context.background(canvas, design.colour)
    frame(canvas, context, design.ink, width=1.0)
    ink = context.ink_on(design.colour, design.ink)
    canvas.setFillColor(context.icon_on(design.colour, design.ink))
    count = card.ruffians
    columns = 1 if count == 1 else 2
    rows = math.ceil(count / columns)
    size = min(17 * MM, 52 * MM / max(rows, 1))
    cx, cy = context.width / 2, context.height / 2
    for index in range(count):
        row, column = divmod(index, columns)
        in_row = min(columns, count - row * columns)
        x = cx + (column - (in_row - 1) / 2) * size * 1.15
        y = cy + ((rows - 1) / 2 - row) * size * 1.1
        fist(canvas, x, y, size)
    canvas.setFillColor(ink)
    label = str(count)
    canvas.setFont(DISPLAY, 13)
    inset = 5.5 * MM
    for angle, x, y in (
        (0, cx, context.height - inset - 3),
        (180, cx, inset + 3),
        (90, inset + 3, cy),
        (-90, context.width - inset - 3, cy),
    ):
        canvas.saveState()
        canvas.translate(x, y)
        canvas.rotate(angle)
        canvas.drawCentredString(0, -4.5, label)
        canvas.restoreState()
    canvas.setFont(BODY_BOLD, 7.5)
    canvas.drawCentredString(cx, context.height - inset - 17, "RUFFIANS")


@face("bout", back=_ruffians_back)
def bout_front(canvas: Canvas, card: BoutCard, context: FaceContext) -> None:
    """The front: the boasting word in a speech panel, the Boast value below."""
    context.background(canvas, PAPER)
    frame(canvas, context, RED)
    safe = context.safe
    what = card_name(card)
    canvas.setFillColor(context.colour(RED))
    canvas.setFont(BODY_BOLD, 8)
    canvas.drawCentredString(context.width / 2, safe.top - 8, "BOUT")
    panel = Rect(safe.x + 1.5 * MM, context.height * 0.42, safe.width - 3 * MM, 30 * MM)
    canvas.setStrokeColor(context.colour(INK))
    canvas.setFillColor(context.fill_colour("#fffaf0"))
    canvas.setLineWidth(1.4)
    canvas.roundRect(panel.x, panel.y, panel.width, panel.height, 4 * MM, stroke=1, fill=1)
    canvas.setFillColor(context.colour(INK))
    words = card.word.split(" ")
    lines = [card.word] if len(card.word) <= 11 or len(words) == 1 else split_two(card.word)
    size = min(
        fit_line(line, DISPLAY, 26, panel.width - 5 * MM, what) for line in lines
    )  # one size for both lines
    x, y = panel.centre
    height = size * 1.05 * len(lines)
    top = y + height / 2 - size * 0.8
    for number, line in enumerate(lines):
        centred_line(canvas, line, x, top - number * size * 1.05, DISPLAY, size, panel.width, what)
    badge = Rect(context.width / 2 - 10 * MM, safe.y + 1.5 * MM, 20 * MM, 20 * MM)
    canvas.setFillColor(context.fill_colour(RED))
    canvas.setStrokeColor(context.colour(RED))
    canvas.circle(badge.centre[0], badge.centre[1], 10 * MM, stroke=1, fill=1)
    canvas.setFillColor(context.ink_on(RED, PAPER))
    canvas.setFont(DISPLAY, 30)
    canvas.drawCentredString(badge.centre[0], badge.centre[1] - 10, str(card.boast))
    canvas.setFillColor(context.colour(RED))
    canvas.setFont(BODY_BOLD, 8)
    canvas.drawCentredString(badge.centre[0], badge.top + 2 * MM, "BOAST")


@face("facing", back=deck_back)
def facing_front(canvas: Canvas, card: FacingCard, context: FaceContext) -> None:
    """A facing card: the game's name or a motto, over a fist."""
    context.background(canvas, RED)
    frame(canvas, context, PAPER)
    safe = context.safe
    what = card_name(card)
    canvas.setFillColor(context.icon_on(RED, PAPER))
    fist(canvas, context.width / 2, context.height * 0.62, 26 * MM)
    canvas.setFillColor(context.ink_on(RED, PAPER))
    centred_line(canvas, card.name, context.width / 2, context.height * 0.36, DISPLAY, 24,
                 safe.width - 4 * MM, what)  # fmt: skip
    box = Rect(safe.x + 2 * MM, safe.y + 2 * MM, safe.width - 4 * MM, context.height * 0.22)
    TextBox(card.text, box, font=BODY, size=10, colour=context.ink_on(RED, PAPER),
            centred=True).draw(canvas, what)  # fmt: skip
