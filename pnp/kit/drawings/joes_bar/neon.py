"""The neon look: glowing tubes, lit lettering, sign boards on a brick wall,
and the grime of a bar that has seen some nights. In ink-saver mode the signs
become pale panels with dark glyphs, and the glow and the grime are left out.

Sizes of textures (a brick, a glass ring) are the bar's, whatever the card."""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable

from reportlab.pdfgen.canvas import Canvas

from pnp.kit.drawings.colours import tint
from pnp.kit.drawings.joes_bar.look import Look
from pnp.kit.fonts import text_width
from pnp.kit.geometry import MM, Rect

#: A course of bricks on a sign, and a brick's length, in millimetres.
BRICK_COURSE_MM = 4.2
BRICK_MM = 9.0
#: The tube round a sign: how far inside the board, how thick, in points.
SIGN_TUBE_INSET = 1.6
SIGN_TUBE_WIDTH = 1.3
#: The radius of a glass ring left on the card, in millimetres, at least and at most.
RING_RADIUS_MM = (9.0, 14.0)


def halo(canvas: Canvas, look: Look, x: float, y: float, radius: float,
          neon: str) -> None:  # fmt: skip
    """A soft round glow behind a lit glyph."""
    context = look.context
    if not look.glowing:
        return
    canvas.saveState()
    canvas.setFillColor(context.colour(neon))
    canvas.setFillAlpha(0.05)
    for step in range(6):
        canvas.circle(x, y, radius * (1 - step * 0.1), stroke=0, fill=1)
    canvas.restoreState()


def neon_tube(canvas: Canvas, look: Look, neon: str, width: float,
               draw: Callable[[], None]) -> None:  # fmt: skip
    """Stroke the outline that ``draw`` strokes as a neon tube: glow, colour, bright core."""
    context = look.context
    canvas.saveState()
    canvas.setLineCap(1)
    canvas.setLineJoin(1)
    if look.glowing:
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
        canvas.setStrokeColor(context.colour(look.colours.ink))
        canvas.setLineWidth(width * 0.8)
        draw()
    canvas.restoreState()


def neon_rect(canvas: Canvas, look: Look, neon: str, width: float, rect: Rect,
               radius: float) -> None:  # fmt: skip
    """A rounded rectangle of neon tube."""

    def outline() -> None:
        canvas.roundRect(rect.x, rect.y, rect.width, rect.height, radius, stroke=1, fill=0)

    neon_tube(canvas, look, neon, width, outline)


def neon_circle(canvas: Canvas, look: Look, neon: str, width: float, x: float,
                 y: float, radius: float) -> None:  # fmt: skip
    """A ring of neon tube."""

    def outline() -> None:
        canvas.circle(x, y, radius, stroke=1, fill=0)

    neon_tube(canvas, look, neon, width, outline)


def neon_text(canvas: Canvas, look: Look, text: str, x: float, y: float,
               font: str, size: float, neon: str, centred: bool = True) -> None:  # fmt: skip
    """One line of lit lettering (plain dark text in ink-saver mode)."""
    context = look.context
    width = text_width(text, font, size)
    left = x - width / 2 if centred else x
    if look.glowing:
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
    canvas.setFillColor(context.colour(tint(neon, 0.55)) if look.glowing else
                        context.colour(look.colours.ink))  # fmt: skip
    text_object = canvas.beginText(left, y)
    text_object.setFont(font, size)
    text_object.setTextRenderMode(0)
    text_object.textOut(text)
    canvas.drawText(text_object)
    canvas.restoreState()


def neon_sign(canvas: Canvas, look: Look, rect: Rect, neon: str, seed: int,
              radius: float) -> None:  # fmt: skip
    """A neon sign board with corners of ``radius``: a dark brick wall with a lit tube
    around it."""
    context = look.context
    canvas.saveState()
    canvas.setFillColor(context.fill_colour(look.colours.night))
    canvas.roundRect(rect.x, rect.y, rect.width, rect.height, radius, stroke=0, fill=1)
    if look.glowing:
        clip = canvas.beginPath()
        clip.roundRect(rect.x, rect.y, rect.width, rect.height, radius)
        canvas.clipPath(clip, stroke=0, fill=0)
        canvas.setStrokeColor(context.colour(look.colours.brick))
        canvas.setLineWidth(0.7)
        course = BRICK_COURSE_MM * MM
        brick = BRICK_MM * MM
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
    inner = rect.inset(SIGN_TUBE_INSET)
    neon_rect(canvas, look, neon, SIGN_TUBE_WIDTH, inner, radius - 1.2)


def seed_of(text: str) -> int:
    return zlib.crc32(text.encode("utf-8"))


def grime(canvas: Canvas, look: Look, box: Rect, seed: int) -> None:
    """Glass rings and a few splashes over ``box``, different for every ``seed``."""
    context = look.context
    if not look.glowing:
        return
    rng = random.Random(seed)
    canvas.saveState()
    canvas.setStrokeColor(context.colour(look.colours.stain))
    canvas.setFillColor(context.colour(look.colours.stain))
    canvas.setFillAlpha(0.16)
    canvas.setStrokeAlpha(0.15)
    for _ in range(2):
        x = box.x + rng.uniform(0, box.width)
        y = box.y + rng.uniform(0, box.height)
        radius = rng.uniform(*RING_RADIUS_MM) * MM
        start = rng.uniform(0, 360)
        canvas.setLineWidth(rng.uniform(1.0, 2.2))
        canvas.arc(x - radius, y - radius, x + radius, y + radius, start, rng.uniform(200, 320))
        canvas.setLineWidth(0.5)
        inner = radius - 1.2
        canvas.arc(x - inner, y - inner, x + inner, y + inner, start + 30, rng.uniform(90, 200))
    for _ in range(9):
        x = box.x + rng.uniform(0, box.width)
        y = box.y + rng.uniform(0, box.height)
        canvas.circle(x, y, rng.uniform(0.3, 1.3), stroke=0, fill=1)
    canvas.restoreState()


def wood_grain(canvas: Canvas, look: Look, box: Rect, seed: int) -> None:
    """Faint planks and grain over ``box`` (a Bar card: it is furniture, after all)."""
    context = look.context
    if not look.glowing:
        return
    rng = random.Random(seed ^ 0x5EED)
    canvas.saveState()
    canvas.setStrokeColor(context.colour(look.colours.stain))
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
