"""The deck backs: the deck's colour and motif, faded, under a neon sign with
the deck's title, a fist above it and a bottle below."""

from __future__ import annotations

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from pnp.kit.drawings.colours import set_ink
from pnp.kit.drawings.common import motif_pattern
from pnp.kit.drawings.typeset import fit_line
from pnp.kit.faces.base import FaceContext
from pnp.kit.faces.joes_bar.glyphs import (
    glyph_bottle,
    glyph_fist,
)
from pnp.kit.faces.joes_bar.neon import (
    glowing,
    neon_rect,
    neon_text,
)
from pnp.kit.faces.joes_bar.palette import (
    NEON,
    NIGHT,
)
from pnp.kit.fonts import DISPLAY
from pnp.kit.geometry import MM, Rect


def neon_back(canvas: Canvas, context: FaceContext) -> None:
    """A deck back: its colour and motif, faded, under a neon sign with the deck's title."""
    design = context.deck.spec.back
    context.background(canvas, design.colour)
    safe = context.safe
    subtitle = context.game.title if design.title != context.game.title else None
    height = 34 * MM if subtitle else 28 * MM
    sign = Rect(safe.x + 2 * MM, context.height / 2 - height / 2, safe.width - 4 * MM, height)
    # the fist above the sign and the bottle below it hang in the clear zone too
    clear = Rect(sign.x, sign.y - 18 * MM, sign.width, sign.height + 36 * MM).inset(-2 * MM)
    motif_pattern(canvas, context, design, step=9 * MM, keep_clear=clear)
    box = context.bleed_box
    canvas.saveState()
    canvas.setFillColor(context.fill_colour(design.colour))
    canvas.setFillAlpha(0.72 if glowing(context) else 0.55)
    canvas.rect(box.x, box.y, box.width, box.height, stroke=0, fill=1)
    canvas.restoreState()
    what = f"back of deck {context.deck.id!r}"
    canvas.saveState()
    canvas.setFillColor(context.fill_colour(NIGHT))
    canvas.roundRect(sign.x, sign.y, sign.width, sign.height, 4 * MM, stroke=0, fill=1)
    canvas.restoreState()
    for inset, width in ((1.8, 1.6), (4.2, 0.7)):
        r = sign.inset(inset)
        neon_rect(canvas, context, design.ink, width, r, 4 * MM - inset)
    title = design.title.upper()
    size = fit_line(title, DISPLAY, 26, sign.width - 8 * MM, what)
    title_y = sign.centre[1] - size * 0.36 + (4 * MM if subtitle else 0)
    neon_text(canvas, context, title, sign.centre[0], title_y, DISPLAY, size, design.ink)
    if subtitle:
        neon_text(canvas, context, subtitle.upper(), sign.centre[0], sign.y + 5 * MM, DISPLAY,
                   10, NEON["hit"])  # fmt: skip
    # a fist and a bottle, hung under and over the sign like bar-room signs
    canvas.saveState()
    set_ink(canvas, context.colour(design.ink) if glowing(context) else Color(0.62, 0.62, 0.62))
    glyph_fist(canvas, context.width / 2, sign.top + 10 * MM, 13 * MM, context.fill_colour(
        design.colour))  # fmt: skip
    glyph_bottle(canvas, context.width / 2, sign.y - 10 * MM, 13 * MM, context.fill_colour(
        design.colour))  # fmt: skip
    canvas.restoreState()
