"""Drawing pieces shared by several games: deck backs, frames, badges."""

from __future__ import annotations

from functools import partial

from reportlab.pdfgen.canvas import Canvas

from pnp.catalog.game import BackDesign
from pnp.kit.faces.base import FaceContext
from pnp.kit.faces.shapes import HOLED, MOTIFS
from pnp.kit.faces.typeset import centred_line
from pnp.kit.fonts import DISPLAY
from pnp.kit.geometry import MM


def motif_pattern(canvas: Canvas, context: FaceContext, design: BackDesign, step: float) -> None:
    """Tile the back's motif over the whole card, bleed included."""
    box = context.bleed_box
    canvas.setFillColor(context.colour(design.ink))
    canvas.setStrokeColor(context.colour(design.ink))
    if design.motif == "stripes":
        canvas.setLineWidth(step * 0.18)
        x = box.x - box.height
        while x < box.right:
            canvas.line(x, box.y, x + box.height, box.top)
            x += step
        return
    shape = MOTIFS.get(design.motif)
    if shape is None:
        return
    if design.motif in HOLED:  # holes in the back's own colour, not white, out to the bleed
        shape = partial(HOLED[design.motif], hole=context.fill_colour(design.colour))
    size = step * 0.42
    row = 0
    y = box.y + step / 2
    while y < box.top + step:
        x = box.x + (step / 2 if row % 2 else 0)
        while x < box.right + step:
            shape(canvas, x, y, size)
            x += step
        y += step * 0.866
        row += 1


def deck_back(canvas: Canvas, card: object, context: FaceContext) -> None:
    """The standard back: the deck's colour, its motif as a pattern and a title panel."""
    design = context.deck.spec.back
    context.background(canvas, design.colour)
    motif_pattern(canvas, context, design, step=9 * MM)
    panel = context.safe.inset(2 * MM, context.height * 0.34)
    canvas.setFillColor(context.fill_colour(design.colour))
    canvas.setStrokeColor(context.colour(design.ink))
    canvas.setLineWidth(1.5)
    canvas.roundRect(panel.x, panel.y, panel.width, panel.height, 3 * MM, stroke=1, fill=1)
    canvas.setFillColor(context.ink_on(design.colour, design.ink))
    what = f"back of deck {context.deck.id!r}"
    x, y = panel.centre
    size = centred_line(canvas, design.title, x, y - 5, DISPLAY, 18, panel.width - 4 * MM, what)
    del size
    canvas.setFont(DISPLAY, 8)
    canvas.drawCentredString(x, panel.y + 2.2 * MM, context.game.title)


def frame(canvas: Canvas, context: FaceContext, hex_colour: str, width: float = 1.2) -> None:
    """A rounded frame just inside the safe area."""
    box = context.trim.inset(2.2 * MM)
    canvas.setStrokeColor(context.colour(hex_colour))
    canvas.setLineWidth(width)
    canvas.roundRect(box.x, box.y, box.width, box.height, 2.5 * MM, stroke=1, fill=0)
