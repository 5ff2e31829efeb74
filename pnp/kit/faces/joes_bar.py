"""Joe's Bar: Action cards written in the icon language, the SWOOSH cards of
the older draft, Bar cards (furniture to fling), Patron cards with a Booze
Level scale for the tracker, the backs, and two player aids (the icon
reference and the round's phases).

The look: a nicotine-stained bar menu with a neon sign in the middle. Every
icon is a vector glyph glowing on the sign, once per occurrence. In ink-saver
mode the signs become pale panels with dark glyphs, and the glow and the
grime are left out.
"""

from __future__ import annotations

import math
import random
import zlib
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from pnp.catalog.schemas.joes_bar import (
    CATEGORY_LABEL,
    TIMING_LABEL,
    ActionCard,
    BarCard,
    Icon,
    PatronCard,
    PlayerAid,
    dodge_words,
    game_end_words,
    icon_table,
    icons_of,
)
from pnp.kit.faces.base import (
    MIN_TEXT_SIZE,
    FaceContext,
    TextBox,
    TextOverflowError,
    card_name,
    centred_line,
    face,
    fit_line,
)
from pnp.kit.faces.common import deck_back, motif_pattern
from pnp.kit.faces.shapes import ring_path, starburst
from pnp.kit.fonts import BODY, BODY_BOLD, BODY_ITALIC, DISPLAY, register_fonts, text_width
from pnp.kit.geometry import MM, Rect

# --- palette ------------------------------------------------------------------

PAPER = "#efe4cc"  # a menu card that has seen some smoke
WOOD_PAPER = "#eadbbd"  # Bar cards: a shade warmer
STAIN = "#9c7a4c"  # glass rings and splashes
INK = "#231a1c"
SOFT_INK = "#5b4740"
NIGHT = "#18121c"  # the wall behind the neon
BRICK = "#2b2231"
WHITE = "#fff8ec"

#: Neon per category. Colour only ever repeats what a label and a shape say.
NEON: dict[str, str] = {
    "hit": "#ff3b5f",
    "combo": "#ff8c1a",
    "gulp": "#ffcf3a",
    "utility": "#39f0b4",
    "swoosh": "#4cc9ff",
    "bar": "#ff5fd7",
    "patron": "#f0c35a",
}
CAP = "#f0c35a"  # the bottle cap that marks a starting Booze Level

DRAFT_MARK = "OLDER DRAFT ONLY"


# --- colours and neon -----------------------------------------------------------


def _mix(hex_colour: str, white: float) -> str:
    """``hex_colour`` blended with ``white`` (0 to 1) of white."""
    colour = HexColor(hex_colour)
    parts = [round(255 * (c + (1 - c) * white)) for c in (colour.red, colour.green, colour.blue)]
    return "#" + "".join(f"{part:02x}" for part in parts)


def _glowing(context: FaceContext) -> bool:
    return not context.options.ink_saver


def _sign_ink(context: FaceContext, neon: str) -> Color:
    """Ink for a glyph or a word lit on a neon sign (dark in ink-saver mode)."""
    return context.ink_on(NIGHT, neon)


def _sign_ground(context: FaceContext) -> Color:
    """The sign's own colour, used to cut holes into glyphs."""
    return context.fill_colour(NIGHT)


def _halo(canvas: Canvas, context: FaceContext, x: float, y: float, radius: float,
          neon: str) -> None:  # fmt: skip
    """A soft round glow behind a lit glyph."""
    if not _glowing(context):
        return
    canvas.saveState()
    canvas.setFillColor(context.colour(neon))
    canvas.setFillAlpha(0.05)
    for step in range(6):
        canvas.circle(x, y, radius * (1 - step * 0.1), stroke=0, fill=1)
    canvas.restoreState()


def _neon_tube(canvas: Canvas, context: FaceContext, neon: str, width: float,
               draw: Callable[[], None]) -> None:  # fmt: skip
    """Stroke the outline that ``draw`` strokes as a neon tube: glow, colour, bright core."""
    canvas.saveState()
    canvas.setLineCap(1)
    canvas.setLineJoin(1)
    if _glowing(context):
        for scale, alpha in ((5.0, 0.08), (3.2, 0.14), (2.0, 0.3)):
            canvas.setStrokeColor(context.colour(neon))
            canvas.setStrokeAlpha(alpha)
            canvas.setLineWidth(width * scale)
            draw()
        canvas.setStrokeColor(context.colour(neon))
        canvas.setLineWidth(width)
        draw()
        canvas.setStrokeColor(context.colour(_mix(neon, 0.6)))
        canvas.setLineWidth(width * 0.35)
        draw()
    else:
        canvas.setStrokeColor(context.colour(INK))
        canvas.setLineWidth(width * 0.8)
        draw()
    canvas.restoreState()


def _neon_rect(canvas: Canvas, context: FaceContext, neon: str, width: float, rect: Rect,
               radius: float) -> None:  # fmt: skip
    """A rounded rectangle of neon tube."""

    def outline() -> None:
        canvas.roundRect(rect.x, rect.y, rect.width, rect.height, radius, stroke=1, fill=0)

    _neon_tube(canvas, context, neon, width, outline)


def _neon_circle(canvas: Canvas, context: FaceContext, neon: str, width: float, x: float,
                 y: float, radius: float) -> None:  # fmt: skip
    """A ring of neon tube."""

    def outline() -> None:
        canvas.circle(x, y, radius, stroke=1, fill=0)

    _neon_tube(canvas, context, neon, width, outline)


def _neon_text(canvas: Canvas, context: FaceContext, text: str, x: float, y: float,
               font: str, size: float, neon: str, centred: bool = True) -> None:  # fmt: skip
    """One line of lit lettering (plain dark text in ink-saver mode)."""
    width = text_width(text, font, size)
    left = x - width / 2 if centred else x
    if _glowing(context):
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
    canvas.setFillColor(context.colour(_mix(neon, 0.55)) if _glowing(context) else
                        context.colour(INK))  # fmt: skip
    text_object = canvas.beginText(left, y)
    text_object.setFont(font, size)
    text_object.setTextRenderMode(0)
    text_object.textOut(text)
    canvas.drawText(text_object)
    canvas.restoreState()


def _sign(canvas: Canvas, context: FaceContext, rect: Rect, neon: str, seed: int) -> None:
    """A neon sign board: a dark brick wall with a lit tube around it."""
    radius = 3 * MM
    canvas.saveState()
    canvas.setFillColor(context.fill_colour(NIGHT))
    canvas.roundRect(rect.x, rect.y, rect.width, rect.height, radius, stroke=0, fill=1)
    if _glowing(context):
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
    _neon_rect(canvas, context, neon, 1.3, inner, radius - 1.2)


def _seed(text: str) -> int:
    return zlib.crc32(text.encode("utf-8"))


def _grime(canvas: Canvas, context: FaceContext, seed: int) -> None:
    """Glass rings and a few splashes on the card, different on every card."""
    if not _glowing(context):
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


def _wood_grain(canvas: Canvas, context: FaceContext, seed: int) -> None:
    """Faint planks and grain under a Bar card: it is furniture, after all."""
    if not _glowing(context):
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


def _scuffed_frame(canvas: Canvas, context: FaceContext, hex_colour: str) -> None:
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


# --- icon glyphs ------------------------------------------------------------------
# Each glyph is drawn centred on (x, y) within a size x size square in the
# current fill and stroke colour (the caller sets both to the ink); ``ground``
# is the colour behind it, used to cut holes.

GlyphDrawer = Callable[[Canvas, float, float, float, Color], None]


def _ground_stroke(canvas: Canvas, ground: Color, width: float) -> None:
    canvas.setStrokeColor(ground)
    canvas.setLineWidth(width)


def _burst_path(canvas: Canvas, x: float, y: float, size: float, points: int) -> None:
    """A filled starburst, ``size`` across."""
    starburst(canvas, x, y, size, points, 0.24)


def _ink(canvas: Canvas, colour: Color) -> None:
    """Set the fill and the stroke colour a glyph is drawn in."""
    canvas.setFillColor(colour)
    canvas.setStrokeColor(colour)


@contextmanager
def _in(canvas: Canvas, colour: Color) -> Iterator[None]:
    """Draw the block in ``colour`` (fill and stroke), then go back to the ink."""
    canvas.saveState()
    canvas.setFillColor(colour)
    canvas.setStrokeColor(colour)
    try:
        yield
    finally:
        canvas.restoreState()


def glyph_fist(canvas: Canvas, x: float, y: float, size: float, ground: Color) -> None:
    """Hit: a clenched fist, knuckles forward, thumb across the fingers, with impact marks."""
    s = size / 2
    x -= 0.1 * s
    finger = 0.36 * s
    left = x - 0.72 * s
    for index, top in enumerate((0.6, 0.7, 0.68, 0.56)):
        canvas.roundRect(left + index * finger, y - 0.1 * s, finger, (top + 0.1) * s,
                         0.17 * s, stroke=0, fill=1)  # fmt: skip
    palm = canvas.beginPath()
    palm.moveTo(left, y)
    palm.lineTo(left + 4 * finger, y)
    palm.curveTo(x + 0.74 * s, y - 0.5 * s, x + 0.6 * s, y - 0.62 * s, x + 0.46 * s, y - 0.72 * s)
    palm.lineTo(x + 0.42 * s, y - s)
    palm.lineTo(x - 0.5 * s, y - s)
    palm.lineTo(x - 0.54 * s, y - 0.7 * s)
    palm.curveTo(x - 0.7 * s, y - 0.58 * s, left, y - 0.4 * s, left, y)
    palm.close()
    canvas.drawPath(palm, stroke=0, fill=1)
    canvas.saveState()
    canvas.setLineCap(1)
    _ground_stroke(canvas, ground, 0.07 * s)
    for index in range(1, 4):
        gap = left + index * finger
        canvas.line(gap, y + 0.1 * s, gap, y + 0.5 * s)
    canvas.line(x - 0.44 * s, y - 0.8 * s, x + 0.36 * s, y - 0.8 * s)  # the cuff
    canvas.translate(x - 0.78 * s, y - 0.34 * s)
    canvas.rotate(14)
    thumb = canvas.beginPath()
    thumb.roundRect(0, -0.15 * s, 1.0 * s, 0.32 * s, 0.16 * s)
    canvas.drawPath(thumb, stroke=1, fill=1)
    canvas.restoreState()
    canvas.saveState()  # impact marks off the knuckles
    canvas.setLineCap(1)
    canvas.setLineWidth(0.09 * s)
    for angle, inner, outer in ((62, 0.86, 1.08), (35, 0.86, 1.12), (8, 0.86, 1.08)):
        a = math.radians(angle)
        cx, cy = x + 0.02 * s, y + 0.05 * s
        canvas.line(cx + inner * s * math.cos(a), cy + inner * s * math.sin(a),
                    cx + outer * s * math.cos(a), cy + outer * s * math.sin(a))  # fmt: skip
    canvas.restoreState()


def glyph_arrow(canvas: Canvas, x: float, y: float, size: float, ground: Color) -> None:
    """Reach: a long throw arcing over the table to land anywhere."""
    del ground
    s = size / 2
    canvas.saveState()
    canvas.setLineCap(1)
    start = (x - 0.88 * s, y - 0.62 * s)
    c1 = (x - 0.62 * s, y + 0.78 * s)
    c2 = (x + 0.32 * s, y + 0.92 * s)
    end = (x + 0.6 * s, y - 0.12 * s)
    canvas.setLineWidth(0.17 * s)
    path = canvas.beginPath()
    path.moveTo(*start)
    path.curveTo(*c1, *c2, *end)
    canvas.drawPath(path, stroke=1, fill=0)
    dx, dy = end[0] - c2[0], end[1] - c2[1]
    length = math.hypot(dx, dy)
    dx, dy = dx / length, dy / length
    tip = (end[0] + dx * 0.32 * s, end[1] + dy * 0.32 * s)
    base = (tip[0] - dx * 0.62 * s, tip[1] - dy * 0.62 * s)
    nx, ny = -dy, dx
    head = canvas.beginPath()
    head.moveTo(*tip)
    head.lineTo(base[0] + nx * 0.36 * s, base[1] + ny * 0.36 * s)
    head.lineTo(base[0] - nx * 0.36 * s, base[1] - ny * 0.36 * s)
    head.close()
    canvas.drawPath(head, stroke=0, fill=1)
    for step in range(3):  # dust where it was thrown from
        canvas.circle(start[0] - 0.05 * s + step * 0.02 * s, start[1] - 0.2 * s - step * 0.14 * s,
                      0.06 * s, stroke=0, fill=1)  # fmt: skip
    canvas.restoreState()


def _link(canvas: Canvas, cx: float, cy: float, s: float, ground: Color) -> None:
    """One chain link in the stroke colour, with a gap of ``ground`` around it."""
    width, height = 1.15 * s, 0.62 * s
    with _in(canvas, ground):
        canvas.setLineWidth(0.34 * s)
        canvas.roundRect(cx - width / 2, cy - height / 2, width, height, height / 2, stroke=1,
                         fill=0)  # fmt: skip
    canvas.setLineWidth(0.17 * s)
    canvas.roundRect(cx - width / 2, cy - height / 2, width, height, height / 2, stroke=1, fill=0)


def glyph_chain(canvas: Canvas, x: float, y: float, size: float, ground: Color) -> None:
    """Combo: two links of a chain, one through the other."""
    s = size / 2
    canvas.saveState()
    canvas.translate(x, y)
    canvas.rotate(35)
    _link(canvas, -0.4 * s, 0, s, ground)
    _link(canvas, 0.4 * s, 0, s, ground)
    canvas.saveState()  # the first link passes over the second at the top
    clip = canvas.beginPath()
    clip.rect(-s, 0, 2 * s, s)
    canvas.clipPath(clip, stroke=0, fill=0)
    _link(canvas, -0.4 * s, 0, s, ground)
    canvas.restoreState()
    canvas.restoreState()


def glyph_bottle(canvas: Canvas, x: float, y: float, size: float, ground: Color) -> None:
    """Gulp: a beer bottle, tipped to drink, with a label and a splash."""
    s = size / 2
    canvas.saveState()
    canvas.translate(x, y)
    canvas.rotate(-18)
    p = canvas.beginPath()
    p.moveTo(-0.14 * s, 0.84 * s)
    p.lineTo(-0.14 * s, 0.5 * s)
    p.curveTo(-0.38 * s, 0.36 * s, -0.38 * s, 0.22 * s, -0.38 * s, 0.1 * s)
    p.lineTo(-0.38 * s, -0.82 * s)
    p.curveTo(-0.38 * s, -0.9 * s, -0.32 * s, -0.94 * s, -0.24 * s, -0.94 * s)
    p.lineTo(0.24 * s, -0.94 * s)
    p.curveTo(0.32 * s, -0.94 * s, 0.38 * s, -0.9 * s, 0.38 * s, -0.82 * s)
    p.lineTo(0.38 * s, 0.1 * s)
    p.curveTo(0.38 * s, 0.22 * s, 0.38 * s, 0.36 * s, 0.14 * s, 0.5 * s)
    p.lineTo(0.14 * s, 0.84 * s)
    p.close()
    canvas.drawPath(p, stroke=0, fill=1)
    canvas.roundRect(-0.18 * s, 0.82 * s, 0.36 * s, 0.14 * s, 0.04 * s, stroke=0, fill=1)
    with _in(canvas, ground):
        canvas.roundRect(-0.28 * s, -0.58 * s, 0.56 * s, 0.5 * s, 0.06 * s, stroke=0, fill=1)
        canvas.roundRect(-0.08 * s, 0.54 * s, 0.05 * s, 0.22 * s, 0.02 * s, stroke=0, fill=1)
    canvas.circle(0, -0.33 * s, 0.12 * s, stroke=0, fill=1)
    for dx, dy, r in ((0.12, 1.06, 0.07), (0.3, 0.98, 0.05), (-0.12, 1.1, 0.045)):
        canvas.circle(dx * s, dy * s - 0.12 * s, r * s, stroke=0, fill=1)
    canvas.restoreState()


def glyph_hand(canvas: Canvas, x: float, y: float, size: float, ground: Color) -> None:
    """Rob: an open hand reaching up for a card that is not its own."""
    s = size / 2
    canvas.saveState()  # the card, up and to the right
    canvas.translate(x + 0.5 * s, y + 0.52 * s)
    canvas.rotate(-16)
    canvas.roundRect(-0.3 * s, -0.42 * s, 0.6 * s, 0.84 * s, 0.08 * s, stroke=0, fill=1)
    with _in(canvas, ground):
        canvas.setLineWidth(0.05 * s)
        canvas.roundRect(-0.21 * s, -0.32 * s, 0.42 * s, 0.64 * s, 0.04 * s, stroke=1, fill=0)
        _burst_path(canvas, 0, 0, 0.3 * s, 5)
    canvas.restoreState()
    canvas.saveState()  # the hand, fingers spread, reaching for it
    canvas.translate(x - 0.22 * s, y - 0.22 * s)
    canvas.rotate(-28)
    _ground_stroke(canvas, ground, 0.06 * s)
    palm = canvas.beginPath()
    palm.roundRect(-0.36 * s, -0.7 * s, 0.72 * s, 0.78 * s, 0.24 * s)
    canvas.drawPath(palm, stroke=0, fill=1)
    for index, (length, lean) in enumerate(((0.52, 8), (0.64, 2), (0.6, -4), (0.46, -10))):
        canvas.saveState()
        canvas.translate(-0.27 * s + index * 0.18 * s, -0.08 * s)
        canvas.rotate(lean)
        finger = canvas.beginPath()
        finger.roundRect(-0.085 * s, 0, 0.17 * s, length * s, 0.085 * s)
        canvas.drawPath(finger, stroke=1, fill=1)
        canvas.restoreState()
    canvas.translate(-0.3 * s, -0.42 * s)
    canvas.rotate(128)
    thumb = canvas.beginPath()
    thumb.roundRect(-0.05 * s, -0.1 * s, 0.5 * s, 0.2 * s, 0.1 * s)
    canvas.drawPath(thumb, stroke=1, fill=1)
    canvas.restoreState()


def glyph_skull(canvas: Canvas, x: float, y: float, size: float, ground: Color) -> None:
    """Poison: a skull over crossed bones."""
    s = size / 2
    for angle in (32, -32):
        canvas.saveState()
        canvas.translate(x, y - 0.22 * s)
        canvas.rotate(angle)
        canvas.roundRect(-0.88 * s, -0.08 * s, 1.76 * s, 0.16 * s, 0.06 * s, stroke=0, fill=1)
        for end in (-0.88, 0.88):
            for side in (-0.08, 0.08):
                canvas.circle(end * s, side * s, 0.1 * s, stroke=0, fill=1)
        canvas.restoreState()
    with _in(canvas, ground):  # a gap between the skull and the bones
        canvas.setLineWidth(0.16 * s)
        canvas.circle(x, y + 0.18 * s, 0.56 * s, stroke=1, fill=0)
        canvas.roundRect(x - 0.3 * s, y - 0.56 * s, 0.6 * s, 0.5 * s, 0.1 * s, stroke=1, fill=0)
    canvas.circle(x, y + 0.18 * s, 0.56 * s, stroke=0, fill=1)
    canvas.roundRect(x - 0.3 * s, y - 0.56 * s, 0.6 * s, 0.5 * s, 0.1 * s, stroke=0, fill=1)
    with _in(canvas, ground):
        for side in (-1, 1):
            canvas.ellipse(x + side * 0.36 * s, y + 0.26 * s, x + side * 0.06 * s, y - 0.02 * s,
                           stroke=0, fill=1)  # fmt: skip
        nose = canvas.beginPath()
        nose.moveTo(x, y - 0.06 * s)
        nose.lineTo(x - 0.08 * s, y - 0.2 * s)
        nose.lineTo(x + 0.08 * s, y - 0.2 * s)
        nose.close()
        canvas.drawPath(nose, stroke=0, fill=1)
        canvas.setLineWidth(0.055 * s)
        for tooth in (-0.15, 0.0, 0.15):
            canvas.line(x + tooth * s, y - 0.54 * s, x + tooth * s, y - 0.32 * s)


def glyph_stop(canvas: Canvas, x: float, y: float, size: float, ground: Color) -> None:
    """Interrupt: an octagonal stop sign with a bar across it."""
    s = size / 2
    start = math.radians(22.5)
    outer = ring_path(canvas, x, y, [0.96 * s] * 8, start)
    inner = ring_path(canvas, x, y, [0.8 * s] * 8, start)
    canvas.drawPath(outer, stroke=0, fill=1)
    with _in(canvas, ground):
        canvas.setLineWidth(0.07 * s)
        canvas.drawPath(inner, stroke=1, fill=0)
        canvas.roundRect(x - 0.52 * s, y - 0.14 * s, 1.04 * s, 0.28 * s, 0.06 * s, stroke=0,
                         fill=1)  # fmt: skip


def _tapered(canvas: Canvas, points: Sequence[tuple[float, float]], head: float) -> None:
    """A stroke along ``points`` growing from a point at the first to ``head`` thick at the last,
    where it ends round."""
    left: list[tuple[float, float]] = []
    right: list[tuple[float, float]] = []
    last = len(points) - 1
    for index, (px, py) in enumerate(points):
        ax, ay = points[max(index - 1, 0)]
        bx, by = points[min(index + 1, last)]
        dx, dy = bx - ax, by - ay
        length = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / length, dx / length
        half = head / 2 * (index / last) ** 0.7
        left.append((px + nx * half, py + ny * half))
        right.append((px - nx * half, py - ny * half))
    p = canvas.beginPath()
    p.moveTo(*left[0])
    for point in left[1:]:
        p.lineTo(*point)
    for point in reversed(right):
        p.lineTo(*point)
    p.close()
    canvas.drawPath(p, stroke=0, fill=1)
    canvas.circle(*points[-1], head / 2, stroke=0, fill=1)


Point = tuple[float, float]


def _bezier_points(p0: Point, p1: Point, p2: Point, p3: Point, steps: int = 28) -> list[Point]:
    points = []
    for i in range(steps + 1):
        t = i / steps
        u = 1 - t
        points.append((
            u**3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t**3 * p3[0],
            u**3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t**3 * p3[1],
        ))  # fmt: skip
    return points


def glyph_swoosh(canvas: Canvas, x: float, y: float, size: float, ground: Color) -> None:
    """Swoosh: the whoosh of a punch sweeping through empty air."""
    del ground
    s = size / 2
    for dy, scale, head in ((0.0, 1.0, 0.36), (-0.42, 0.78, 0.2), (-0.74, 0.55, 0.12)):
        tip = (x + 0.95 * s, y + (0.62 + dy * 0.3) * s)
        start = (x + (0.95 - 1.85 * scale) * s, y + (dy - 0.05) * s)
        points = _bezier_points(tip, (x + 0.2 * s, y + (dy - 0.05) * s),
                                (start[0] + 0.35 * s, start[1] - 0.3 * s), start)  # fmt: skip
        _tapered(canvas, points, head * s)


#: One drawing per glyph name the icon table may use.
GLYPHS: dict[str, GlyphDrawer] = {
    "fist": glyph_fist,
    "arrow": glyph_arrow,
    "chain": glyph_chain,
    "bottle": glyph_bottle,
    "hand": glyph_hand,
    "skull": glyph_skull,
    "stop": glyph_stop,
    "swoosh": glyph_swoosh,
}


def glyph_for(icon: Icon) -> GlyphDrawer:
    """The drawing of ``icon``'s glyph; ValueError naming the icon when there is none."""
    drawer = GLYPHS.get(icon.glyph)
    if drawer is None:
        known = ", ".join(sorted(GLYPHS))
        raise ValueError(
            f"icon {icon.id!r} ({icon.name}) uses glyph {icon.glyph!r}, which the Joe's Bar "
            f"faces do not draw (drawn: {known})"
        )
    return drawer


def draw_icon(canvas: Canvas, context: FaceContext, icon: Icon, x: float, y: float,
              size: float, lit: bool = True) -> None:  # fmt: skip
    """One icon glyph centred on (x, y); ``lit`` on a neon sign, else in ink on paper."""
    drawer = glyph_for(icon)
    canvas.saveState()
    if lit:
        _ink(canvas, _sign_ink(context, NEON[icon.category]))
        drawer(canvas, x, y, size, _sign_ground(context))
    else:
        _ink(canvas, context.colour(INK))
        drawer(canvas, x, y, size, context.fill_colour(PAPER))
    canvas.restoreState()


# --- category shapes (never colour alone) ------------------------------------------


def _burst(canvas: Canvas, x: float, y: float, size: float, points: int = 9) -> None:
    starburst(canvas, x, y, size, points, 0.28, stroke=True)


def _double_burst(canvas: Canvas, x: float, y: float, size: float) -> None:
    _burst(canvas, x - size * 0.2, y - size * 0.08, size * 0.8, 7)
    _burst(canvas, x + size * 0.24, y + size * 0.1, size * 0.7, 7)


def _drop(canvas: Canvas, x: float, y: float, size: float) -> None:
    s = size / 2
    p = canvas.beginPath()
    p.moveTo(x, y + s)
    p.curveTo(x + 0.25 * s, y + 0.5 * s, x + 0.7 * s, y + 0.1 * s, x + 0.7 * s, y - 0.3 * s)
    p.curveTo(x + 0.7 * s, y - 0.75 * s, x + 0.35 * s, y - s, x, y - s)
    p.curveTo(x - 0.35 * s, y - s, x - 0.7 * s, y - 0.75 * s, x - 0.7 * s, y - 0.3 * s)
    p.curveTo(x - 0.7 * s, y + 0.1 * s, x - 0.25 * s, y + 0.5 * s, x, y + s)
    p.close()
    canvas.drawPath(p, stroke=1, fill=1)


def _rhombus(canvas: Canvas, x: float, y: float, size: float) -> None:
    s = size / 2
    p = canvas.beginPath()
    p.moveTo(x, y + s)
    p.lineTo(x + 0.75 * s, y)
    p.lineTo(x, y - s)
    p.lineTo(x - 0.75 * s, y)
    p.close()
    canvas.drawPath(p, stroke=1, fill=1)


def _ring(canvas: Canvas, x: float, y: float, size: float) -> None:
    canvas.circle(x, y, size / 2, stroke=1, fill=1)
    canvas.circle(x, y, size * 0.2, stroke=1, fill=0)


def _stool(canvas: Canvas, x: float, y: float, size: float) -> None:
    s = size / 2
    canvas.roundRect(x - 0.6 * s, y + 0.55 * s, 1.2 * s, 0.35 * s, 0.12 * s, stroke=1, fill=1)
    p = canvas.beginPath()
    p.moveTo(x - 0.45 * s, y + 0.55 * s)
    p.lineTo(x - 0.7 * s, y - s)
    p.moveTo(x + 0.45 * s, y + 0.55 * s)
    p.lineTo(x + 0.7 * s, y - s)
    p.moveTo(x - 0.58 * s, y - 0.3 * s)
    p.lineTo(x + 0.58 * s, y - 0.3 * s)
    canvas.saveState()
    canvas.setLineWidth(0.16 * s)
    canvas.setLineCap(1)
    canvas.drawPath(p, stroke=1, fill=0)
    canvas.restoreState()


def _bust(canvas: Canvas, x: float, y: float, size: float) -> None:
    s = size / 2
    canvas.circle(x, y + 0.42 * s, 0.4 * s, stroke=1, fill=1)
    p = canvas.beginPath()
    p.moveTo(x - 0.85 * s, y - s)
    p.curveTo(x - 0.85 * s, y - 0.2 * s, x - 0.5 * s, y - 0.05 * s, x, y - 0.05 * s)
    p.curveTo(x + 0.5 * s, y - 0.05 * s, x + 0.85 * s, y - 0.2 * s, x + 0.85 * s, y - s)
    p.close()
    canvas.drawPath(p, stroke=1, fill=1)


Shape = Callable[[Canvas, float, float, float], None]
CATEGORY_SHAPES: dict[str, Shape] = {
    "hit": _burst,
    "combo": _double_burst,
    "gulp": _drop,
    "utility": _rhombus,
    "swoosh": _ring,
    "bar": _stool,
    "patron": _bust,
}


def _badge(canvas: Canvas, context: FaceContext, category: str, label: str, x: float,
           y: float) -> float:  # fmt: skip
    """The category as a shape and a word, on paper; return the right end."""
    canvas.saveState()
    canvas.setFillColor(context.colour(NEON[category]))
    canvas.setStrokeColor(context.colour(INK))
    canvas.setLineWidth(0.7)
    canvas.setLineJoin(1)
    CATEGORY_SHAPES[category](canvas, x + 6.5, y + 3, 13)
    canvas.setFillColor(context.colour(INK))
    canvas.setFont(BODY_BOLD, 9)
    canvas.drawString(x + 15, y, label)
    canvas.restoreState()
    return x + 15 + text_width(label, BODY_BOLD, 9)


def _title(canvas: Canvas, context: FaceContext, text: str, x: float, y: float, width: float,
           neon: str, what: str, size: float = 19) -> float:  # fmt: skip
    """A card's name in ink with a neon misprint behind it; return the size used."""
    used = fit_line(text, DISPLAY, size, width, what)
    canvas.saveState()
    canvas.setFont(DISPLAY, used)
    if _glowing(context):
        canvas.setFillColor(context.colour(neon))
        canvas.drawCentredString(x + 0.9, y - 0.9, text)
    canvas.setFillColor(context.colour(INK))
    canvas.drawCentredString(x, y, text)
    canvas.restoreState()
    return used


def _icon_row(canvas: Canvas, context: FaceContext, icons: Sequence[Icon], area: Rect,
              what: str) -> None:  # fmt: skip
    """The icons of a card on its sign: one glyph per occurrence, each named below."""
    count = len(icons)
    columns = min(count, 3)
    rows = math.ceil(count / columns)
    slot_w, slot_h = area.width / columns, area.height / rows
    label_size = 8.0 if columns < 3 else 7.5
    diameter = min(slot_w - 5, slot_h - label_size - 6, 25 * MM)
    for index, icon in enumerate(icons):
        row, column = divmod(index, columns)
        in_row = min(columns, count - row * columns)
        cx = area.x + area.width / 2 + (column - (in_row - 1) / 2) * slot_w
        top = area.top - row * slot_h
        cy = top - (slot_h - label_size - 3) / 2
        neon = NEON[icon.category]
        _halo(canvas, context, cx, cy, diameter * 0.62, neon)
        radius = diameter / 2
        _neon_circle(canvas, context, neon, 1.1, cx, cy, radius)
        draw_icon(canvas, context, icon, cx, cy, diameter * 0.64)
        label = icon.name.upper()
        used = fit_line(label, BODY_BOLD, label_size, slot_w - 2, f"{what}, icon {icon.id!r}")
        canvas.saveState()
        canvas.setFillColor(_sign_ink(context, _mix(neon, 0.3)))
        canvas.setFont(BODY_BOLD, used)
        canvas.drawCentredString(cx, cy - radius - used - 1.5, label)
        canvas.restoreState()


def _draft_band(canvas: Canvas, context: FaceContext, rect: Rect) -> None:
    """Hazard tape with "OLDER DRAFT ONLY" on it."""
    canvas.saveState()
    clip = canvas.beginPath()
    clip.rect(rect.x, rect.y, rect.width, rect.height)
    canvas.clipPath(clip, stroke=0, fill=0)
    canvas.setFillColor(context.fill_colour("#ffd23a"))
    canvas.rect(rect.x, rect.y, rect.width, rect.height, stroke=0, fill=1)
    canvas.setFillColor(context.fill_colour(INK) if _glowing(context) else Color(0.6, 0.6, 0.6))
    step = 9.0
    x = rect.x - rect.height
    while x < rect.right:
        p = canvas.beginPath()
        p.moveTo(x, rect.y)
        p.lineTo(x + step / 2, rect.y)
        p.lineTo(x + step / 2 + rect.height, rect.top)
        p.lineTo(x + rect.height, rect.top)
        p.close()
        canvas.drawPath(p, stroke=0, fill=1)
        x += step
    canvas.restoreState()
    label_w = text_width(DRAFT_MARK, BODY_BOLD, 8.5) + 4 * MM
    cx, cy = rect.centre
    canvas.saveState()
    canvas.setFillColor(context.colour(WHITE))
    canvas.setStrokeColor(context.colour(INK))
    canvas.setLineWidth(0.8)
    canvas.rect(cx - label_w / 2, rect.y + 1.2, label_w, rect.height - 2.4, stroke=1, fill=1)
    canvas.setFillColor(context.colour(INK))
    canvas.setFont(BODY_BOLD, 8.5)
    canvas.drawCentredString(cx, cy - 3, DRAFT_MARK)
    canvas.restoreState()


def _footer(canvas: Canvas, context: FaceContext, text: str) -> None:
    canvas.saveState()
    canvas.setFillColor(context.colour(SOFT_INK))
    canvas.setFont(DISPLAY, 7)
    canvas.drawCentredString(context.width / 2, context.safe.y + 2, text)
    canvas.restoreState()


def _is_draft(card: ActionCard, context: FaceContext) -> bool:
    return card.is_draft_only or context.deck.spec.only_under is not None


# --- fronts ------------------------------------------------------------------------


@dataclass(frozen=True)
class _Layout:
    """The parts of an Action or Bar card front."""

    badge: str
    label: str
    corner: str
    neon: str
    paper: str
    footer: str
    draft: bool


def _front(canvas: Canvas, context: FaceContext, name: str, icon_ids: Sequence[str], text: str,
           layout: _Layout, what: str, seed: int) -> None:  # fmt: skip
    context.background(canvas, layout.paper)
    if layout.badge == "bar":
        _wood_grain(canvas, context, seed)
    _grime(canvas, context, seed)
    _scuffed_frame(canvas, context, INK)
    safe = context.safe
    icons = icons_of(context.game, icon_ids, what)
    # top row: category (shape and word), when to play
    row_y = safe.top - 12
    right = _badge(canvas, context, layout.badge, layout.label, safe.x + 1.2 * MM, row_y)
    canvas.saveState()
    canvas.setFillColor(context.colour(SOFT_INK))
    corner_room = safe.right - 1.2 * MM - right - 2 * MM
    used = fit_line(layout.corner, BODY_BOLD, 8, corner_room, what)
    canvas.setFont(BODY_BOLD, used)
    canvas.drawRightString(safe.right - 1.2 * MM, row_y, layout.corner)
    canvas.restoreState()
    # name
    _title(canvas, context, name, context.width / 2, safe.top - 34, safe.width - 3 * MM,
           layout.neon, what)  # fmt: skip
    top = safe.top - 41
    if layout.draft:
        band = Rect(safe.x, top - 14, safe.width, 14)
        _draft_band(canvas, context, band)
        top = band.y - 3
    # the sign with the icons
    sign = Rect(safe.x, 33 * MM, safe.width, top - 33 * MM)
    _sign(canvas, context, sign, layout.neon, seed)
    _icon_row(canvas, context, icons, sign.inset(2.2 * MM, 2.4 * MM), what)
    # the text
    box = Rect(safe.x + 1.5 * MM, safe.y + 4.6 * MM, safe.width - 3 * MM,
               sign.y - 3 * MM - (safe.y + 4.6 * MM))  # fmt: skip
    TextBox(text, box, font=BODY, size=10.5, colour=context.colour(INK), centred=True,
            leading=1.2).draw(canvas, what)  # fmt: skip
    _footer(canvas, context, layout.footer)


def _action_back(canvas: Canvas, card: object, context: FaceContext) -> None:
    """The Action back. Swoosh cards share it unmarked: they are shuffled into the
    Action deck under the older draft, so their backs must not give them away."""
    _neon_back(canvas, context)


@face("jb-action", back=_action_back)
def action_front(canvas: Canvas, card: ActionCard, context: FaceContext) -> None:
    """An Action card: category, timing, name, the icons on a neon sign, the text."""
    draft = _is_draft(card, context)
    layout = _Layout(
        badge=card.category,
        label=CATEGORY_LABEL[card.category],
        corner=TIMING_LABEL[card.timing],
        neon=NEON[card.category],
        paper=PAPER,
        footer=f"JOE'S BAR  ·  {DRAFT_MARK}" if draft else "JOE'S BAR",
        draft=draft,
    )
    _front(canvas, context, card.name, card.icons, card.text, layout, card_name(card),
           _seed(card.id))  # fmt: skip


def _bar_back(canvas: Canvas, card: object, context: FaceContext) -> None:
    _neon_back(canvas, context)


@face("jb-bar", back=_bar_back)
def bar_front(canvas: Canvas, card: BarCard, context: FaceContext) -> None:
    """A Bar card: a piece of furniture, its icons on the sign, the text."""
    layout = _Layout(
        badge="bar",
        label="BAR CARD",
        corner="Fling it, then it's smashed",
        neon=NEON["bar"],
        paper=WOOD_PAPER,
        footer="JOE'S BAR  ·  FURNITURE",
        draft=False,
    )
    _front(canvas, context, card.name, card.icons, card.text, layout, card_name(card),
           _seed(card.id))  # fmt: skip


# --- patrons -------------------------------------------------------------------------


def _cap(canvas: Canvas, x: float, y: float, radius: float, crimps: int = 21) -> None:
    """A crimped bottle cap."""
    crimped = ring_path(canvas, x, y, [radius, radius * 0.9] * crimps, 0.0)
    canvas.drawPath(crimped, stroke=1, fill=1)


def _silhouette(canvas: Canvas, x: float, y: float, size: float, ground: Color,
                seed: int) -> None:  # fmt: skip
    """A regular at the bar, head and shoulders; the hat, the neckwear and the eyes vary."""
    s = size / 2
    hat = ("none", "fedora", "bowler", "cap", "hair", "top")[seed % 6]
    neck = ("bow", "tie", "collar")[seed // 6 % 3]
    extra = ("none", "glasses", "eyepatch")[seed // 18 % 3]
    p = canvas.beginPath()  # shoulders
    p.moveTo(x - 0.95 * s, y - s)
    p.curveTo(x - 0.95 * s, y - 0.35 * s, x - 0.6 * s, y - 0.18 * s, x - 0.2 * s, y - 0.15 * s)
    p.lineTo(x + 0.2 * s, y - 0.15 * s)
    p.curveTo(x + 0.6 * s, y - 0.18 * s, x + 0.95 * s, y - 0.35 * s, x + 0.95 * s, y - s)
    p.close()
    canvas.drawPath(p, stroke=0, fill=1)
    canvas.roundRect(x - 0.14 * s, y - 0.3 * s, 0.28 * s, 0.3 * s, 0.05 * s, stroke=0, fill=1)
    canvas.ellipse(x - 0.32 * s, y - 0.1 * s, x + 0.32 * s, y + 0.68 * s, stroke=0, fill=1)
    with _in(canvas, ground):
        _neckwear(canvas, x, y, s, neck)
        if extra == "glasses":
            canvas.setLineWidth(0.045 * s)
            for side in (-1, 1):
                canvas.circle(x + side * 0.14 * s, y + 0.3 * s, 0.1 * s, stroke=1, fill=0)
            canvas.line(x - 0.04 * s, y + 0.31 * s, x + 0.04 * s, y + 0.31 * s)
        elif extra == "eyepatch":  # a souvenir of an earlier round
            canvas.setLineWidth(0.04 * s)
            canvas.line(x - 0.31 * s, y + 0.42 * s, x + 0.3 * s, y + 0.2 * s)
            canvas.ellipse(x + 0.05 * s, y + 0.22 * s, x + 0.25 * s, y + 0.38 * s, stroke=0,
                           fill=1)  # fmt: skip
    _hat(canvas, x, y, s, hat, ground)


def _neckwear(canvas: Canvas, x: float, y: float, s: float, neck: str) -> None:
    if neck == "bow":
        for side in (-1, 1):
            bow = canvas.beginPath()
            bow.moveTo(x, y - 0.3 * s)
            bow.lineTo(x + side * 0.2 * s, y - 0.2 * s)
            bow.lineTo(x + side * 0.2 * s, y - 0.4 * s)
            bow.close()
            canvas.drawPath(bow, stroke=0, fill=1)
    elif neck == "tie":
        tie = canvas.beginPath()
        tie.moveTo(x - 0.06 * s, y - 0.26 * s)
        tie.lineTo(x + 0.06 * s, y - 0.26 * s)
        tie.lineTo(x + 0.1 * s, y - 0.8 * s)
        tie.lineTo(x, y - 0.92 * s)
        tie.lineTo(x - 0.1 * s, y - 0.8 * s)
        tie.close()
        canvas.drawPath(tie, stroke=0, fill=1)
    else:
        canvas.setLineWidth(0.05 * s)
        canvas.line(x - 0.2 * s, y - 0.2 * s, x, y - 0.45 * s)
        canvas.line(x + 0.2 * s, y - 0.2 * s, x, y - 0.45 * s)


def _hat(canvas: Canvas, x: float, y: float, s: float, hat: str, ground: Color) -> None:
    if hat == "fedora":
        canvas.ellipse(x - 0.55 * s, y + 0.46 * s, x + 0.55 * s, y + 0.6 * s, stroke=0, fill=1)
        canvas.roundRect(x - 0.3 * s, y + 0.5 * s, 0.6 * s, 0.38 * s, 0.1 * s, stroke=0, fill=1)
        with _in(canvas, ground):
            canvas.rect(x - 0.3 * s, y + 0.56 * s, 0.6 * s, 0.06 * s, stroke=0, fill=1)
    elif hat == "bowler":
        canvas.ellipse(x - 0.45 * s, y + 0.48 * s, x + 0.45 * s, y + 0.58 * s, stroke=0, fill=1)
        canvas.wedge(x - 0.3 * s, y + 0.3 * s, x + 0.3 * s, y + 0.9 * s, 0, 180, stroke=0, fill=1)
    elif hat == "cap":
        canvas.wedge(x - 0.33 * s, y + 0.35 * s, x + 0.33 * s, y + 0.85 * s, 0, 180, stroke=0,
                     fill=1)  # fmt: skip
        canvas.roundRect(x, y + 0.56 * s, 0.55 * s, 0.07 * s, 0.03 * s, stroke=0, fill=1)
    elif hat == "top":
        canvas.ellipse(x - 0.48 * s, y + 0.5 * s, x + 0.48 * s, y + 0.62 * s, stroke=0, fill=1)
        canvas.rect(x - 0.27 * s, y + 0.55 * s, 0.54 * s, 0.45 * s, stroke=0, fill=1)
        with _in(canvas, ground):
            canvas.rect(x - 0.27 * s, y + 0.62 * s, 0.54 * s, 0.07 * s, stroke=0, fill=1)
    elif hat == "hair":
        canvas.circle(x, y + 0.78 * s, 0.24 * s, stroke=0, fill=1)
        canvas.ellipse(x - 0.38 * s, y + 0.2 * s, x + 0.38 * s, y + 0.72 * s, stroke=0, fill=1)


def _booze_scale(canvas: Canvas, context: FaceContext, card: PatronCard, band_x: float) -> None:
    """The Booze Level scale: a dark band bleeding off the right edge, numbered from
    KO at the bottom to ``booze_scale_max`` at the top. A face-down Patron laid over
    the top of the band covers the levels above the current one, so the highest
    number still showing is the BL."""
    safe = context.safe
    box = context.bleed_box
    neon = NEON["patron"]
    canvas.saveState()
    canvas.setFillColor(context.fill_colour(NIGHT))
    canvas.rect(band_x, box.y, box.right - band_x, box.height, stroke=0, fill=1)
    canvas.restoreState()
    edge = band_x + 1.6

    def tube() -> None:
        canvas.line(edge, box.y, edge, box.top)

    _neon_tube(canvas, context, neon, 1.0, tube)
    levels = card.booze_scale_max + 1
    cell = safe.height / levels
    left, right = edge + 2, safe.right
    cx = (left + right) / 2
    for level in range(levels):
        bottom = safe.y + level * cell
        mid = bottom + cell / 2
        if level > 0:
            canvas.saveState()
            canvas.setStrokeColor(_sign_ink(context, _mix(neon, 0.2)))
            canvas.setLineWidth(0.5)
            canvas.setDash(1.5, 1.5)
            canvas.line(left, bottom, right, bottom)
            canvas.restoreState()
        if level == 0:
            canvas.saveState()
            _ink(canvas, _sign_ink(context, NEON["hit"]))
            glyph_skull(canvas, cx - 5, mid, min(cell * 0.7, 12), _sign_ground(context))
            canvas.setFont(BODY_BOLD, 7.5)
            canvas.drawString(cx + 1.5, mid - 2.7, "KO")
            canvas.restoreState()
            continue
        label = str(level)
        canvas.saveState()
        if level == card.booze:
            canvas.setFillColor(context.colour(CAP))
            canvas.setStrokeColor(context.colour(INK))
            canvas.setLineWidth(0.6)
            _cap(canvas, cx, mid, min(cell * 0.5, (right - left) * 0.42))
            canvas.setFillColor(context.colour(INK))
        else:
            canvas.setFillColor(_sign_ink(context, _mix(neon, 0.25)))
        canvas.setFont(DISPLAY, 13)
        canvas.drawCentredString(cx, mid - 4.6, label)
        canvas.restoreState()
        if level == card.booze:  # a pointer in the gutter, left of the band
            canvas.saveState()
            canvas.setFillColor(context.colour(INK))
            p = canvas.beginPath()
            p.moveTo(band_x - 0.8, mid)
            p.lineTo(band_x - 4.6, mid + 3.4)
            p.lineTo(band_x - 4.6, mid - 3.4)
            p.close()
            canvas.drawPath(p, stroke=0, fill=1)
            canvas.restoreState()


def _patron_back(canvas: Canvas, card: object, context: FaceContext) -> None:
    _neon_back(canvas, context)


@face("jb-patron", back=_patron_back)
def patron_front(canvas: Canvas, card: PatronCard, context: FaceContext) -> None:
    """A Patron: name, portrait, starting BL, trait, and the Booze Level scale."""
    what = card_name(card)
    seed = _seed(card.id)
    context.background(canvas, PAPER)
    _grime(canvas, context, seed)
    _scuffed_frame(canvas, context, INK)
    safe = context.safe
    band_x = safe.right - 12 * MM
    _booze_scale(canvas, context, card, band_x)
    left = Rect(safe.x + 0.8 * MM, safe.y, band_x - 2.6 * MM - safe.x - 0.8 * MM, safe.height)
    neon = NEON["patron"]
    row_y = safe.top - 12
    _badge(canvas, context, "patron", "PATRON", left.x + 0.4 * MM, row_y)
    _title(canvas, context, card.name, left.x + left.width / 2, safe.top - 34, left.width, neon,
           what, size=19)  # fmt: skip
    # the portrait, with the starting BL on a bottle cap
    portrait = Rect(left.x, safe.top - 104, left.width, 62)
    _sign(canvas, context, portrait, neon, seed)
    face_x = portrait.x + portrait.width * 0.34
    _halo(canvas, context, face_x, portrait.y + 30, 30, neon)
    canvas.saveState()
    _ink(canvas, _sign_ink(context, neon))
    _silhouette(canvas, face_x, portrait.y + 28, 48, _sign_ground(context), seed)
    canvas.restoreState()
    cap_x, cap_y = portrait.right - 21, portrait.y + 36
    canvas.saveState()
    canvas.setFillColor(context.colour(CAP))
    canvas.setStrokeColor(context.colour(INK))
    canvas.setLineWidth(0.8)
    _cap(canvas, cap_x, cap_y, 14.5)
    canvas.setFillColor(context.colour(INK))
    canvas.setFont(DISPLAY, 19)
    canvas.drawCentredString(cap_x, cap_y - 7, str(card.booze))
    canvas.restoreState()
    canvas.saveState()
    canvas.setFillColor(_sign_ink(context, _mix(neon, 0.3)))
    canvas.setFont(BODY_BOLD, 7)
    canvas.drawCentredString(cap_x, portrait.y + 6.5, "START BL")
    canvas.restoreState()
    # the trait: its name (with the icon it concerns, if any) and its words
    trait_top = portrait.y - 6
    icon_id = card.trait.icon
    name_x = left.x
    if icon_id is not None:
        (icon,) = icons_of(context.game, [icon_id], what)
        canvas.saveState()
        canvas.setFillColor(context.colour(NEON[icon.category]))
        canvas.setStrokeColor(context.colour(INK))
        canvas.setLineWidth(0.6)
        canvas.circle(left.x + 7.5, trait_top - 7, 7.5, stroke=1, fill=1)
        _ink(canvas, context.colour(INK))
        glyph_for(icon)(canvas, left.x + 7.5, trait_top - 7, 10,
                        context.colour(NEON[icon.category]))  # fmt: skip
        canvas.restoreState()
        name_x = left.x + 19
    canvas.saveState()
    canvas.setFillColor(context.colour(INK))
    trait_name = card.trait.name.upper()
    size = fit_line(trait_name, BODY_BOLD, 10.5, left.right - name_x, what)
    canvas.setFont(BODY_BOLD, size)
    canvas.drawString(name_x, trait_top - 10.5, trait_name)
    canvas.restoreState()
    help_box = Rect(left.x, safe.y + 1.5, left.width, 29)
    trait_box = Rect(left.x, help_box.top + 5, left.width, trait_top - 19 - (help_box.top + 5))
    TextBox(card.trait.text, trait_box, font=BODY, size=11, colour=context.colour(INK),
            leading=1.18).draw(canvas, what)  # fmt: skip
    canvas.saveState()
    canvas.setStrokeColor(context.colour(SOFT_INK))
    canvas.setLineWidth(0.5)
    canvas.line(left.x, help_box.top + 2, left.right, help_box.top + 2)
    canvas.restoreState()
    TextBox(
        "<b>Booze Level:</b> lay a face-down Patron over the scale from the top. "
        "The highest number showing is your BL.",
        help_box, font=BODY, size=7.5, colour=context.colour(SOFT_INK), markup=True,
        leading=1.12,
    ).draw(canvas, what)  # fmt: skip


# --- backs -------------------------------------------------------------------------------


def _neon_back(canvas: Canvas, context: FaceContext) -> None:
    """A deck back: its colour and motif, faded, under a neon sign with the deck's title."""
    design = context.deck.spec.back
    context.background(canvas, design.colour)
    motif_pattern(canvas, context, design, step=9 * MM)
    box = context.bleed_box
    canvas.saveState()
    canvas.setFillColor(context.fill_colour(design.colour))
    canvas.setFillAlpha(0.72 if _glowing(context) else 0.55)
    canvas.rect(box.x, box.y, box.width, box.height, stroke=0, fill=1)
    canvas.restoreState()
    what = f"back of deck {context.deck.id!r}"
    safe = context.safe
    subtitle = context.game.title if design.title != context.game.title else None
    height = 34 * MM if subtitle else 28 * MM
    sign = Rect(safe.x + 2 * MM, context.height / 2 - height / 2, safe.width - 4 * MM, height)
    canvas.saveState()
    canvas.setFillColor(context.fill_colour(NIGHT))
    canvas.roundRect(sign.x, sign.y, sign.width, sign.height, 4 * MM, stroke=0, fill=1)
    canvas.restoreState()
    for inset, width in ((1.8, 1.6), (4.2, 0.7)):
        r = sign.inset(inset)
        _neon_rect(canvas, context, design.ink, width, r, 4 * MM - inset)
    title = design.title.upper()
    size = fit_line(title, DISPLAY, 26, sign.width - 8 * MM, what)
    title_y = sign.centre[1] - size * 0.36 + (4 * MM if subtitle else 0)
    _neon_text(canvas, context, title, sign.centre[0], title_y, DISPLAY, size, design.ink)
    if subtitle:
        _neon_text(canvas, context, subtitle.upper(), sign.centre[0], sign.y + 5 * MM, DISPLAY,
                   10, NEON["hit"])  # fmt: skip
    # a fist and a bottle, hung under and over the sign like bar-room signs
    canvas.saveState()
    _ink(canvas, context.colour(design.ink) if _glowing(context) else Color(0.62, 0.62, 0.62))
    glyph_fist(canvas, context.width / 2, sign.top + 10 * MM, 13 * MM, context.fill_colour(
        design.colour))  # fmt: skip
    glyph_bottle(canvas, context.width / 2, sign.y - 10 * MM, 13 * MM, context.fill_colour(
        design.colour))  # fmt: skip
    canvas.restoreState()


# --- player aids ---------------------------------------------------------------------------


def _aid_page(canvas: Canvas, context: FaceContext, title: str, what: str,
              sign_height: float = 10 * MM) -> Rect:  # fmt: skip
    """Paper, frame and a neon title; return the area left for the rows."""
    context.background(canvas, PAPER)
    _grime(canvas, context, _seed(what))
    _scuffed_frame(canvas, context, INK)
    safe = context.safe
    sign = Rect(safe.x, safe.top - sign_height, safe.width, sign_height)
    _sign(canvas, context, sign, NEON["bar"], _seed(title))
    size = fit_line(title, DISPLAY, min(15, sign_height * 0.55), sign.width - 6 * MM, what)
    _neon_text(canvas, context, title, sign.centre[0], sign.centre[1] - size * 0.36, DISPLAY,
               size, NEON["bar"])  # fmt: skip
    return Rect(safe.x, safe.y, safe.width, sign.y - 1.5 * MM - safe.y)


@dataclass(frozen=True)
class _AidRow:
    draw: Callable[[float, float, float], None]  # (x, y, size) of the row's glyph
    text: str  # paragraph markup


def _paragraph_height(markup: str, font: str, size: float, width: float,
                      leading: float) -> float:  # fmt: skip
    from reportlab.lib.styles import ParagraphStyle

    style = ParagraphStyle("aid", fontName=font, fontSize=size, leading=size * leading)
    _, height = Paragraph(markup, style).wrap(width, 10_000)
    return float(height)


def _aid_rows(canvas: Canvas, context: FaceContext, rows: Sequence[_AidRow], area: Rect,
              glyph: float, what: str, gap: float = 2.2 * MM,
              leading: float = 1.13) -> None:  # fmt: skip
    """Rows of glyph + text filling ``area`` top-down at one common text size."""
    register_fonts()
    text_x = area.x + glyph + 1.6 * MM
    text_w = area.right - text_x
    size = 9.0
    while True:
        heights = [
            max(glyph, _paragraph_height(row.text, BODY, size, text_w, leading)) for row in rows
        ]
        if sum(heights) + gap * (len(rows) - 1) <= area.height:
            break
        if size <= MIN_TEXT_SIZE:
            raise TextOverflowError(
                f"{what}: {len(rows)} rows do not fit {area.width / MM:.0f} x "
                f"{area.height / MM:.0f} mm even at {MIN_TEXT_SIZE:g} pt"
            )
        size = max(MIN_TEXT_SIZE, size - 0.25)
    spare = area.height - sum(heights) - gap * (len(rows) - 1)
    gap += spare / max(len(rows) - 1, 1) * 0.5
    top = area.top
    for row, height in zip(rows, heights, strict=True):
        row.draw(area.x + glyph / 2, top - glyph / 2, glyph)
        box = Rect(text_x, top - height, text_w, height + 0.5)
        TextBox(row.text, box, font=BODY, size=size, colour=context.colour(INK), markup=True,
                leading=leading).draw(canvas, what)  # fmt: skip
        top -= height + gap


def _escape(text: str) -> str:
    from xml.sax.saxutils import escape

    return escape(text)


def _token(canvas: Canvas, context: FaceContext, icon: Icon) -> Callable[[float, float, float],
                                                                         None]:  # fmt: skip
    """Draws ``icon`` on a small round sign, as on the cards."""

    def draw(x: float, y: float, size: float) -> None:
        canvas.saveState()
        canvas.setFillColor(context.fill_colour(NIGHT))
        canvas.circle(x, y, size / 2, stroke=0, fill=1)
        canvas.restoreState()
        _neon_circle(canvas, context, NEON[icon.category], 0.7, x, y, size / 2 - 1)
        draw_icon(canvas, context, icon, x, y, size * 0.62)

    return draw


def icon_reference(canvas: Canvas, context: FaceContext) -> None:
    """Player aid: every icon of the icon language with its name and meaning."""
    what = "Joe's Bar icon reference card"
    area = _aid_page(canvas, context, "THE ICON LANGUAGE", what, sign_height=7 * MM)
    intro = "Read icons left to right. Shown twice? It happens twice."
    canvas.saveState()
    canvas.setFillColor(context.colour(SOFT_INK))
    centred_line(canvas, intro, area.centre[0], area.top - 7, BODY_ITALIC, 8, area.width, what)
    canvas.restoreState()
    intro_bottom = area.top - 9.5
    rows = []
    for icon in icon_table(context.game).values():
        glyph_for(icon)  # fail before drawing anything
        draft = " <i>(older draft only)</i>" if icon.only_under is not None else ""
        rows.append(
            _AidRow(
                _token(canvas, context, icon),
                f"<b>{_escape(icon.name.upper())}</b>{draft} {_escape(icon.meaning)}",
            )
        )
    if not rows:
        raise ValueError(f"{what}: the game has no icon table")
    body = Rect(area.x, area.y, area.width, intro_bottom - 1 * MM - area.y)
    _aid_rows(canvas, context, rows, body, 5.8 * MM, what, gap=0.7 * MM, leading=1.1)


def _phase_glyph(canvas: Canvas, context: FaceContext, kind: str, neon: str,
                 ) -> Callable[[float, float, float], None]:  # fmt: skip
    def draw(x: float, y: float, size: float) -> None:
        canvas.saveState()
        canvas.setFillColor(context.fill_colour(NIGHT))
        canvas.roundRect(x - size / 2, y - size / 2, size, size, size * 0.2, stroke=0, fill=1)
        canvas.restoreState()
        box = Rect(x - size / 2 + 1, y - size / 2 + 1, size - 2, size - 2)
        _neon_rect(canvas, context, neon, 0.7, box, size * 0.2 - 1)
        canvas.saveState()
        _ink(canvas, _sign_ink(context, neon))
        ground = _sign_ground(context)
        inner = size * 0.62
        if kind == "jukebox":
            _jukebox(canvas, x, y, inner, ground)
        elif kind == "brawl":
            glyph_fist(canvas, x, y, inner, ground)
        elif kind == "end":
            _receipt(canvas, x, y, inner, ground)
        else:  # game over: seeing stars
            _burst_path(canvas, x, y, inner * 1.15, 8)
            with _in(canvas, ground):
                _burst_path(canvas, x, y, inner * 0.45, 5)
        canvas.restoreState()

    return draw


def _jukebox(canvas: Canvas, x: float, y: float, size: float, ground: Color) -> None:
    """An arched jukebox with a record behind glass."""
    s = size / 2
    p = canvas.beginPath()
    p.moveTo(x - 0.7 * s, y - s)
    p.lineTo(x - 0.7 * s, y + 0.3 * s)
    p.curveTo(x - 0.7 * s, y + 1.05 * s, x + 0.7 * s, y + 1.05 * s, x + 0.7 * s, y + 0.3 * s)
    p.lineTo(x + 0.7 * s, y - s)
    p.close()
    canvas.drawPath(p, stroke=0, fill=1)
    with _in(canvas, ground):
        canvas.circle(x, y + 0.28 * s, 0.4 * s, stroke=0, fill=1)
    canvas.circle(x, y + 0.28 * s, 0.3 * s, stroke=0, fill=1)
    with _in(canvas, ground):
        canvas.circle(x, y + 0.28 * s, 0.07 * s, stroke=0, fill=1)
        for row in range(3):
            canvas.rect(x - 0.45 * s, y - 0.85 * s + row * 0.22 * s, 0.9 * s, 0.09 * s, stroke=0,
                        fill=1)  # fmt: skip


def _receipt(canvas: Canvas, x: float, y: float, size: float, ground: Color) -> None:
    """The bar tab that arrives when the song stops."""
    s = size / 2
    p = canvas.beginPath()
    p.moveTo(x - 0.6 * s, y + s)
    p.lineTo(x + 0.6 * s, y + s)
    p.lineTo(x + 0.6 * s, y - 0.85 * s)
    teeth = 6
    for index in range(teeth):
        x0 = x + 0.6 * s - index * 1.2 * s / teeth
        p.lineTo(x0 - 0.6 * s / teeth, y - s)
        p.lineTo(x0 - 1.2 * s / teeth, y - 0.85 * s)
    p.close()
    canvas.drawPath(p, stroke=0, fill=1)
    with _in(canvas, ground):
        for row in range(4):
            width = 0.8 if row < 3 else 0.45
            canvas.rect(x - 0.4 * s, y + 0.62 * s - row * 0.32 * s, width * s, 0.1 * s,
                        stroke=0, fill=1)  # fmt: skip


def round_phases(canvas: Canvas, context: FaceContext) -> None:
    """Player aid: the three phases of a round, in a few lines each."""
    what = "Joe's Bar round phases card"
    area = _aid_page(canvas, context, "A ROUND AT JOE'S", what)
    game = context.game
    phases = [
        (
            "jukebox",
            NEON["gulp"],
            "<b>1 · JUKEBOX.</b> Pick a song: when it stops, so does the round. Put the Bar "
            "cards back out, shuffle the discards into the Action deck and reseed the discard "
            "pile. Knocked out? Take a new patron. Round one: just pick the song.",
        ),
        (
            "brawl",
            NEON["hit"],
            "<b>2 · BRAWL.</b> On your turn, HIT a neighbour or anyone already in your brawl. "
            "The target hits back (no choice on their first hit of the round), hits someone "
            f"else in the brawl, or may {_escape(dodge_words(game))}. Utility cards can cut in "
            "at any moment.",
        ),
        (
            "end",
            NEON["utility"],
            "<b>3 · END.</b> Count the HIT cards in front of you. Fewest (ties too): lose 1 BL. "
            "None at all: lose nothing. Everyone else: lose 2 BL. At 0 BL your patron is "
            "knocked out.",
        ),
    ]
    phases.append(("over", NEON["swoosh"], f"<b>GAME OVER.</b> {_escape(game_end_words(game))}"))
    rows = [_AidRow(_phase_glyph(canvas, context, kind, neon), text) for kind, neon, text in phases]
    _aid_rows(canvas, context, rows, area, 8 * MM, what, gap=1.6 * MM)


@face("jb-aid", back=deck_back)
def aid_front(canvas: Canvas, card: PlayerAid, context: FaceContext) -> None:
    """A player aid: the icon reference or the round phases."""
    draw = icon_reference if card.aid == "icon-reference" else round_phases
    draw(canvas, context)
