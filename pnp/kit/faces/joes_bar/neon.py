"""The neon look: glowing tubes, lit lettering, sign boards on a brick wall,
and the grime of a bar that has seen some nights. In ink-saver mode the signs
become pale panels with dark glyphs, and the glow and the grime are left out."""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from pnp.kit.drawings.colours import tint
from pnp.kit.faces.base import FaceContext
from pnp.kit.faces.joes_bar.palette import (
    BRICK,
    INK,
    NIGHT,
    STAIN,
)
from pnp.kit.fonts import text_width
from pnp.kit.geometry import MM, Rect


def glowing(context: FaceContext) -> bool:
    return not context.options.ink_saver


def sign_ink(context: FaceContext, neon: str) -> Color:
    """Ink for a glyph or a word lit on a neon sign (dark in ink-saver mode)."""
    return context.ink_on(NIGHT, neon)


def sign_ground(context: FaceContext) -> Color:
    """The sign's own colour, used to cut holes into glyphs."""
    return context.fill_colour(NIGHT)


def halo(canvas: Canvas, context: FaceContext, x: float, y: float, radius: float,
          neon: str) -> None:  # fmt: skip
    """A soft round glow behind a lit glyph."""
    if not glowing(context):
        return
    canvas.saveState()
    canvas.setFillColor(context.colour(neon))
    canvas.setFillAlpha(0.05)
    for step in range(6):
        canvas.circle(x, y, radius * (1 - step * 0.1), stroke=0, fill=1)
    canvas.restoreState()


def neon_tube(canvas: Canvas, context: FaceContext, neon: str, width: float,
               draw: Callable[[], None]) -> None:  # fmt: skip
    """Stroke the outline that ``draw`` strokes as a neon tube: glow, colour, bright core."""
    canvas.saveState()
    canvas.setLineCap(1)
    canvas.setLineJoin(1)
    if glowing(context):
        for scale, alpha in ((5.0, 0.08), (3.2, 0.14), (2.0, 0.3)):
            canvas.setStrokeColor(context.colour(neon))
            canvas.setStrokeAlpha(alpha)
            canvas.setLineWidth(width * scale)
            draw()
        canvas.setStrokeColor(context.colour(neon))
        canvas.setLineWidth(width)
        draw()
        canvas.setStrokeColor(context.colour(tint(neon, 0.6)))
        canvas.setLineWidth(width * 0.35)
        draw()
    else:
        canvas.setStrokeColor(context.colour(INK))
        canvas.setLineWidth(width * 0.8)
        draw()
    canvas.restoreState()


def neon_rect(canvas: Canvas, context: FaceContext, neon: str, width: float, rect: Rect,
               radius: float) -> None:  # fmt: skip
    """A rounded rectangle of neon tube."""

    def outline() -> None:
        canvas.roundRect(rect.x, rect.y, rect.width, rect.height, radius, stroke=1, fill=0)

    neon_tube(canvas, context, neon, width, outline)


def neon_circle(canvas: Canvas, context: FaceContext, neon: str, width: float, x: float,
                 y: float, radius: float) -> None:  # fmt: skip
    """A ring of neon tube."""

    def outline() -> None:
        canvas.circle(x, y, radius, stroke=1, fill=0)

    neon_tube(canvas, context, neon, width, outline)


def neon_text(canvas: Canvas, context: FaceContext, text: str, x: float, y: float,
               font: str, size: float, neon: str, centred: bool = True) -> None:  # fmt: skip
    """One line of lit lettering (plain dark text in ink-saver mode)."""
    width = text_width(text, font, size)
    left = x - width / 2 if centred else x
    if glowing(context):
        for line_width, alpha in ((size * 0.3, 0.09), (size * 0.16, 0.2), (size * 0.07, 0.6)):
            canvas.saveState()  # the text render mode is graphics state: keep it in here
            canvas.setLineJoin(1)
            canvas.setStrokeColor(context.colour(neon))
            canvas.setStrokeAlpha(alpha)
            canvas.setLineWidth(line_width)
            text_object = canvas.beginText(left, y)
            text_object.setFont(font, size)
            text_object.setTextRenderMode(1)
            text_object.textOut(text)
            canvas.drawText(text_object)
            canvas.restoreState()
    canvas.saveState()
    canvas.setFillColor(context.colour(tint(neon, 0.55)) if glowing(context) else
                        context.colour(INK))  # fmt: skip
    text_object = canvas.beginText(left, y)
    text_object.setFont(font, size)
    text_object.setTextRenderMode(0)
    text_object.textOut(text)
    canvas.drawText(text_object)
    canvas.restoreState()


def neon_sign(canvas: Canvas, context: FaceContext, rect: Rect, neon: str, seed: int) -> None:
    """A neon sign board: a dark brick wall with a lit tube around it."""
    radius = 3 * MM
    canvas.saveState()
    canvas.setFillColor(context.fill_colour(NIGHT))
    canvas.roundRect(rect.x, rect.y, rect.width, rect.height, radius, stroke=0, fill=1)
    if glowing(context):
        clip = canvas.beginPath()
        clip.roundRect(rect.x, rect.y, rect.width, rect.height, radius)
        canvas.clipPath(clip, stroke=0, fill=0)
        canvas.setStrokeColor(context.colour(BRICK))
        canvas.setLineWidth(0.7)
        course = 4.2 * MM
        brick = 9 * MM
        rng = random.Random(seed)
        row = 0
        y = rect.y + rng.uniform(0, course)
        while y < rect.top:
            canvas.line(rect.x, y, rect.right, y)
            x = rect.x - (brick / 2 if row % 2 else 0) + rng.uniform(-1, 1)
            while x < rect.right:
                canvas.line(x, y, x, min(y + course, rect.top))
                x += brick
            y += course
            row += 1
    canvas.restoreState()
    inner = rect.inset(1.6)
    neon_rect(canvas, context, neon, 1.3, inner, radius - 1.2)


def seed_of(text: str) -> int:
    return zlib.crc32(text.encode("utf-8"))


def grime(canvas: Canvas, context: FaceContext, seed: int) -> None:
    """Glass rings and a few splashes on the card, different on every card."""
    if not glowing(context):
        return
    rng = random.Random(seed)
    canvas.saveState()
    canvas.setStrokeColor(context.colour(STAIN))
    canvas.setFillColor(context.colour(STAIN))
    canvas.setFillAlpha(0.16)
    canvas.setStrokeAlpha(0.15)
    for _ in range(2):
        x = rng.uniform(0, context.width)
        y = rng.uniform(0, context.height)
        radius = rng.uniform(9, 14) * MM
        start = rng.uniform(0, 360)
        canvas.setLineWidth(rng.uniform(1.0, 2.2))
        canvas.arc(x - radius, y - radius, x + radius, y + radius, start, rng.uniform(200, 320))
        canvas.setLineWidth(0.5)
        inner = radius - 1.2
        canvas.arc(x - inner, y - inner, x + inner, y + inner, start + 30, rng.uniform(90, 200))
    for _ in range(9):
        x = rng.uniform(0, context.width)
        y = rng.uniform(0, context.height)
        canvas.circle(x, y, rng.uniform(0.3, 1.3), stroke=0, fill=1)
    canvas.restoreState()


def wood_grain(canvas: Canvas, context: FaceContext, seed: int) -> None:
    """Faint planks and grain under a Bar card: it is furniture, after all."""
    if not glowing(context):
        return
    rng = random.Random(seed ^ 0x5EED)
    box = context.bleed_box
    canvas.saveState()
    canvas.setStrokeColor(context.colour(STAIN))
    canvas.setStrokeAlpha(0.13)
    canvas.setLineWidth(0.5)
    y = box.y + rng.uniform(0, 3)
    while y < box.top:
        p = canvas.beginPath()
        p.moveTo(box.x, y)
        x = box.x
        while x < box.right:
            step = rng.uniform(14, 30)
            p.curveTo(x + step / 3, y + rng.uniform(-1.5, 1.5), x + 2 * step / 3,
                      y + rng.uniform(-1.5, 1.5), x + step, y)  # fmt: skip
            x += step
        canvas.drawPath(p, stroke=1, fill=0)
        y += rng.uniform(2.5, 5.5)
    canvas.setStrokeAlpha(0.22)
    canvas.setLineWidth(0.9)
    for plank in range(1, 4):
        edge = box.y + plank * box.height / 4 + rng.uniform(-6, 6)
        canvas.line(box.x, edge, box.right, edge)
    canvas.restoreState()


def scuffed_frame(canvas: Canvas, context: FaceContext, hex_colour: str) -> None:
    """A double rule just inside the trim, like the border of a cheap menu."""
    canvas.saveState()
    canvas.setStrokeColor(context.colour(hex_colour))
    outer = context.trim.inset(1.8 * MM)
    canvas.setLineWidth(1.4)
    canvas.roundRect(outer.x, outer.y, outer.width, outer.height, 2.4 * MM, stroke=1, fill=0)
    inner = context.trim.inset(2.5 * MM)
    canvas.setLineWidth(0.4)
    canvas.roundRect(inner.x, inner.y, inner.width, inner.height, 1.8 * MM, stroke=1, fill=0)
    canvas.restoreState()
