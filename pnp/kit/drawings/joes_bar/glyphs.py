"""The icon language drawn: one vector glyph per glyph name the icon table may
use (a fist for a hit, a chain for a combo, a bottle for a gulp ...). Each is
centred on (x, y) within a ``size`` square in the current fill and stroke
colour; ``ground`` is the colour behind it, used to cut holes."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from pnp.catalog.schemas.joes_bar import Icon
from pnp.kit.drawings.colours import inked, set_ink
from pnp.kit.drawings.joes_bar.look import Look
from pnp.kit.drawings.shapes import ring_path, starburst

GlyphDrawer = Callable[[Canvas, float, float, float, Color], None]


def _ground_stroke(canvas: Canvas, ground: Color, width: float) -> None:
    canvas.setStrokeColor(ground)
    canvas.setLineWidth(width)


def burst_path(canvas: Canvas, x: float, y: float, size: float, points: int) -> None:
    """A filled starburst, ``size`` across."""
    starburst(canvas, x, y, size, points, 0.24)


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
    with inked(canvas, ground):
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
    with inked(canvas, ground):
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
    with inked(canvas, ground):
        canvas.setLineWidth(0.05 * s)
        canvas.roundRect(-0.21 * s, -0.32 * s, 0.42 * s, 0.64 * s, 0.04 * s, stroke=1, fill=0)
        burst_path(canvas, 0, 0, 0.3 * s, 5)
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
    with inked(canvas, ground):  # a gap between the skull and the bones
        canvas.setLineWidth(0.16 * s)
        canvas.circle(x, y + 0.18 * s, 0.56 * s, stroke=1, fill=0)
        canvas.roundRect(x - 0.3 * s, y - 0.56 * s, 0.6 * s, 0.5 * s, 0.1 * s, stroke=1, fill=0)
    canvas.circle(x, y + 0.18 * s, 0.56 * s, stroke=0, fill=1)
    canvas.roundRect(x - 0.3 * s, y - 0.56 * s, 0.6 * s, 0.5 * s, 0.1 * s, stroke=0, fill=1)
    with inked(canvas, ground):
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
    with inked(canvas, ground):
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


# the phases of a round on the player aid


def jukebox(canvas: Canvas, x: float, y: float, size: float, ground: Color) -> None:
    """An arched jukebox with a record behind glass."""
    s = size / 2
    p = canvas.beginPath()
    p.moveTo(x - 0.7 * s, y - s)
    p.lineTo(x - 0.7 * s, y + 0.3 * s)
    p.curveTo(x - 0.7 * s, y + 1.05 * s, x + 0.7 * s, y + 1.05 * s, x + 0.7 * s, y + 0.3 * s)
    p.lineTo(x + 0.7 * s, y - s)
    p.close()
    canvas.drawPath(p, stroke=0, fill=1)
    with inked(canvas, ground):
        canvas.circle(x, y + 0.28 * s, 0.4 * s, stroke=0, fill=1)
    canvas.circle(x, y + 0.28 * s, 0.3 * s, stroke=0, fill=1)
    with inked(canvas, ground):
        canvas.circle(x, y + 0.28 * s, 0.07 * s, stroke=0, fill=1)
        for row in range(3):
            canvas.rect(x - 0.45 * s, y - 0.85 * s + row * 0.22 * s, 0.9 * s, 0.09 * s, stroke=0,
                        fill=1)  # fmt: skip


def receipt(canvas: Canvas, x: float, y: float, size: float, ground: Color) -> None:
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
    with inked(canvas, ground):
        for row in range(4):
            width = 0.8 if row < 3 else 0.45
            canvas.rect(x - 0.4 * s, y + 0.62 * s - row * 0.32 * s, width * s, 0.1 * s,
                        stroke=0, fill=1)  # fmt: skip


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


def draw_icon(canvas: Canvas, look: Look, icon: Icon, x: float, y: float,
              size: float) -> None:  # fmt: skip
    """One icon glyph centred on (x, y), lit on a neon sign in its category's neon."""
    drawer = glyph_for(icon)
    canvas.saveState()
    set_ink(canvas, look.sign_ink(look.colours.neon(icon.category)))
    drawer(canvas, x, y, size, look.sign_ground)
    canvas.restoreState()
