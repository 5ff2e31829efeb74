"""Drawing pieces shared by several games: deck backs, frames, badges."""

from __future__ import annotations

from functools import partial

from reportlab.pdfgen.canvas import Canvas

from pnp.catalog.game import BackDesign
from pnp.kit.drawings.context import FaceContext
from pnp.kit.drawings.shapes import HOLED, MOTIFS
from pnp.kit.drawings.typeset import centred_line
from pnp.kit.fonts import DISPLAY
from pnp.kit.geometry import MM, Rect

#: reportlab's even-odd fill rule (missing from its type stubs): a path with a hole.
FILL_EVEN_ODD = 0


def motif_pattern(canvas: Canvas, context: FaceContext, design: BackDesign, step: float,
                  keep_clear: Rect | None = None) -> None:  # fmt: skip
    """Tile the back's motif over the whole card, bleed included, leaving
    ``keep_clear`` (the title's panel and a margin round it) free of it: no motif
    is cut off by the panel's edge."""
    box = context.bleed_box
    canvas.saveState()
    canvas.setFillColor(context.colour(design.ink))
    canvas.setStrokeColor(context.colour(design.ink))
    if design.motif == "stripes":
        if keep_clear is not None:  # the box less the clear zone, by the even-odd rule
            clip = canvas.beginPath()
            clip.rect(box.x, box.y, box.width, box.height)
            clip.roundRect(keep_clear.x, keep_clear.y, keep_clear.width, keep_clear.height,
                           4 * MM)  # fmt: skip
            canvas.clipPath(clip, stroke=0, fill=0, fillMode=FILL_EVEN_ODD)
        canvas.setLineWidth(step * 0.18)
        x = box.x - box.height
        while x < box.right:
            canvas.line(x, box.y, x + box.height, box.top)
            x += step
        canvas.restoreState()
        return
    shape = MOTIFS.get(design.motif)
    if shape is None:
        canvas.restoreState()
        return
    if design.motif in HOLED:  # holes in the back's own colour, not white, out to the bleed
        shape = partial(HOLED[design.motif], hole=context.fill_colour(design.colour))
    size = step * 0.42
    row = 0
    y = box.y + step / 2
    while y < box.top + step:
        x = box.x + (step / 2 if row % 2 else 0)
        while x < box.right + step:
            around = Rect(x - size * 0.6, y - size * 0.6, size * 1.2, size * 1.2)
            if keep_clear is None or around.overlap(keep_clear) == 0:
                shape(canvas, x, y, size)
            x += step
        y += step * 0.866
        row += 1
    canvas.restoreState()


def title_panel(canvas: Canvas, context: FaceContext, panel: Rect, what: str,
                title_size: float = 18) -> None:  # fmt: skip
    """The back's title on a panel; the game's name under it unless it is the title."""
    design = context.deck.spec.back
    canvas.setFillColor(context.fill_colour(design.colour))
    canvas.setStrokeColor(context.colour(design.ink))
    canvas.setLineWidth(1.5)
    canvas.roundRect(panel.x, panel.y, panel.width, panel.height, 3 * MM, stroke=1, fill=1)
    canvas.setFillColor(context.ink_on(design.colour, design.ink))
    x, y = panel.centre
    game = context.game.title
    if design.title.casefold() == game.casefold():
        centred_line(canvas, design.title, x, y - title_size * 0.33, DISPLAY, title_size,
                     panel.width - 4 * MM, what)  # fmt: skip
        return
    centred_line(canvas, design.title, x, y - 5, DISPLAY, title_size, panel.width - 4 * MM, what)
    centred_line(canvas, game, x, panel.y + 2.2 * MM, DISPLAY, 8, panel.width - 4 * MM, what)


def deck_back(canvas: Canvas, card: object, context: FaceContext) -> None:
    """The standard back: the deck's colour, its motif as a pattern kept clear of a
    title panel, and the panel."""
    design = context.deck.spec.back
    context.background(canvas, design.colour)
    panel = context.safe.inset(2 * MM, context.height * 0.34)
    motif_pattern(canvas, context, design, step=9 * MM, keep_clear=panel.inset(-2.5 * MM))
    title_panel(canvas, context, panel, f"back of deck {context.deck.id!r}")


def frame(canvas: Canvas, context: FaceContext, hex_colour: str, width: float = 1.2) -> None:
    """A rounded frame just inside the safe area."""
    box = context.trim.inset(2.2 * MM)
    canvas.setStrokeColor(context.colour(hex_colour))
    canvas.setLineWidth(width)
    canvas.roundRect(box.x, box.y, box.width, box.height, 2.5 * MM, stroke=1, fill=0)
