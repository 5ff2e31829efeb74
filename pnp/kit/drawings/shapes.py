"""Vector shapes drawn with reportlab paths: suit pips, fists, dice, stars,
records and bottles. Each shape is centred on (x, y) and ``size`` tall."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

Shape = Callable[[Canvas, float, float, float], None]
WHITE = Color(1, 1, 1)


def _fill(canvas: Canvas, path: object) -> None:
    canvas.drawPath(path, stroke=0, fill=1)


def heart(canvas: Canvas, x: float, y: float, size: float) -> None:
    s = size / 2
    p = canvas.beginPath()
    p.moveTo(x, y - s)
    p.curveTo(x - 0.35 * s, y - 0.55 * s, x - 1.05 * s, y - 0.15 * s, x - 1.0 * s, y + 0.4 * s)
    p.curveTo(x - 0.95 * s, y + 0.95 * s, x - 0.25 * s, y + 1.1 * s, x, y + 0.55 * s)
    p.curveTo(x + 0.25 * s, y + 1.1 * s, x + 0.95 * s, y + 0.95 * s, x + 1.0 * s, y + 0.4 * s)
    p.curveTo(x + 1.05 * s, y - 0.15 * s, x + 0.35 * s, y - 0.55 * s, x, y - s)
    p.close()
    _fill(canvas, p)


def diamond(canvas: Canvas, x: float, y: float, size: float) -> None:
    s = size / 2
    p = canvas.beginPath()
    p.moveTo(x, y + s)
    p.curveTo(x + 0.3 * s, y + 0.45 * s, x + 0.5 * s, y + 0.2 * s, x + 0.75 * s, y)
    p.curveTo(x + 0.5 * s, y - 0.2 * s, x + 0.3 * s, y - 0.45 * s, x, y - s)
    p.curveTo(x - 0.3 * s, y - 0.45 * s, x - 0.5 * s, y - 0.2 * s, x - 0.75 * s, y)
    p.curveTo(x - 0.5 * s, y + 0.2 * s, x - 0.3 * s, y + 0.45 * s, x, y + s)
    p.close()
    _fill(canvas, p)


def spade(canvas: Canvas, x: float, y: float, size: float) -> None:
    s = size / 2
    p = canvas.beginPath()
    p.moveTo(x, y + s)
    p.curveTo(x + 0.3 * s, y + 0.55 * s, x + 1.0 * s, y + 0.2 * s, x + 0.95 * s, y - 0.3 * s)
    p.curveTo(x + 0.9 * s, y - 0.75 * s, x + 0.3 * s, y - 0.8 * s, x + 0.08 * s, y - 0.45 * s)
    p.curveTo(x + 0.12 * s, y - 0.75 * s, x + 0.25 * s, y - 0.9 * s, x + 0.45 * s, y - s)
    p.lineTo(x - 0.45 * s, y - s)
    p.curveTo(x - 0.25 * s, y - 0.9 * s, x - 0.12 * s, y - 0.75 * s, x - 0.08 * s, y - 0.45 * s)
    p.curveTo(x - 0.3 * s, y - 0.8 * s, x - 0.9 * s, y - 0.75 * s, x - 0.95 * s, y - 0.3 * s)
    p.curveTo(x - 1.0 * s, y + 0.2 * s, x - 0.3 * s, y + 0.55 * s, x, y + s)
    p.close()
    _fill(canvas, p)


def club(canvas: Canvas, x: float, y: float, size: float) -> None:
    s = size / 2
    r = 0.42 * s
    for cx, cy in ((x, y + 0.52 * s), (x - 0.5 * s, y - 0.12 * s), (x + 0.5 * s, y - 0.12 * s)):
        canvas.circle(cx, cy, r, stroke=0, fill=1)
    p = canvas.beginPath()
    p.moveTo(x - 0.1 * s, y + 0.1 * s)
    p.curveTo(x - 0.1 * s, y - 0.6 * s, x - 0.25 * s, y - 0.9 * s, x - 0.45 * s, y - s)
    p.lineTo(x + 0.45 * s, y - s)
    p.curveTo(x + 0.25 * s, y - 0.9 * s, x + 0.1 * s, y - 0.6 * s, x + 0.1 * s, y + 0.1 * s)
    p.close()
    _fill(canvas, p)


def coin(canvas: Canvas, x: float, y: float, size: float) -> None:
    """Oros: a gold coin with a rim and a centre."""
    r = size / 2
    canvas.circle(x, y, r, stroke=0, fill=1)
    canvas.saveState()
    canvas.setStrokeColor(Color(1, 1, 1))
    canvas.setLineWidth(size * 0.06)
    canvas.circle(x, y, r * 0.72, stroke=1, fill=0)
    canvas.setFillColor(Color(1, 1, 1))
    canvas.circle(x, y, r * 0.22, stroke=0, fill=1)
    canvas.restoreState()


def cup(canvas: Canvas, x: float, y: float, size: float) -> None:
    """Copas: a chalice."""
    s = size / 2
    p = canvas.beginPath()
    p.moveTo(x - 0.8 * s, y + s)
    p.lineTo(x + 0.8 * s, y + s)
    p.curveTo(x + 0.8 * s, y + 0.1 * s, x + 0.4 * s, y - 0.2 * s, x + 0.12 * s, y - 0.3 * s)
    p.lineTo(x + 0.12 * s, y - 0.75 * s)
    p.lineTo(x + 0.55 * s, y - s)
    p.lineTo(x - 0.55 * s, y - s)
    p.lineTo(x - 0.12 * s, y - 0.75 * s)
    p.lineTo(x - 0.12 * s, y - 0.3 * s)
    p.curveTo(x - 0.4 * s, y - 0.2 * s, x - 0.8 * s, y + 0.1 * s, x - 0.8 * s, y + s)
    p.close()
    _fill(canvas, p)


def sword(canvas: Canvas, x: float, y: float, size: float) -> None:
    """Espadas: an upright sword with a cross guard, bold enough to read small."""
    s = size / 2
    blade, guard, grip = 0.21 * s, 0.62 * s, 0.15 * s
    p = canvas.beginPath()
    p.moveTo(x, y + s)
    p.lineTo(x + blade, y + 0.72 * s)
    p.lineTo(x + blade, y - 0.42 * s)
    p.lineTo(x + guard, y - 0.42 * s)
    p.lineTo(x + guard, y - 0.62 * s)
    p.lineTo(x + grip, y - 0.62 * s)
    p.lineTo(x + grip, y - 0.86 * s)
    p.lineTo(x + 0.26 * s, y - s)
    p.lineTo(x - 0.26 * s, y - s)
    p.lineTo(x - grip, y - 0.86 * s)
    p.lineTo(x - grip, y - 0.62 * s)
    p.lineTo(x - guard, y - 0.62 * s)
    p.lineTo(x - guard, y - 0.42 * s)
    p.lineTo(x - blade, y - 0.42 * s)
    p.lineTo(x - blade, y + 0.72 * s)
    p.close()
    _fill(canvas, p)


def baton(canvas: Canvas, x: float, y: float, size: float) -> None:
    """Bastos: a knobbly club, wider at the top."""
    s = size / 2
    p = canvas.beginPath()
    p.moveTo(x - 0.15 * s, y - s)
    p.lineTo(x + 0.15 * s, y - s)
    p.curveTo(x + 0.3 * s, y - 0.2 * s, x + 0.5 * s, y + 0.5 * s, x + 0.38 * s, y + s)
    p.lineTo(x - 0.38 * s, y + s)
    p.curveTo(x - 0.5 * s, y + 0.5 * s, x - 0.3 * s, y - 0.2 * s, x - 0.15 * s, y - s)
    p.close()
    _fill(canvas, p)
    for knot_y in (0.45, -0.05):
        canvas.circle(x + 0.32 * s, y + knot_y * s, 0.12 * s, stroke=0, fill=1)
        canvas.circle(x - 0.3 * s, y + (knot_y + 0.22) * s, 0.11 * s, stroke=0, fill=1)


def fist(canvas: Canvas, x: float, y: float, size: float, hole: Color = WHITE) -> None:
    """A clenched fist seen from the front: four knuckles over a palm and a thumb,
    the creases in ``hole`` (white unless given)."""
    s = size / 2
    width = 1.5 * s
    left = x - width / 2
    finger = width / 4
    for i in range(4):
        canvas.roundRect(
            left + i * finger + 0.03 * s, y + 0.05 * s, finger - 0.06 * s, 0.9 * s,
            finger * 0.45, stroke=0, fill=1,
        )  # fmt: skip
    canvas.roundRect(left, y - 0.85 * s, width, 1.0 * s, 0.25 * s, stroke=0, fill=1)
    canvas.saveState()
    canvas.setStrokeColor(hole)
    canvas.setLineWidth(max(0.4, size * 0.035))
    p = canvas.beginPath()
    p.moveTo(left + 0.1 * s, y - 0.05 * s)
    p.curveTo(
        left + 0.5 * s, y - 0.25 * s, left + 0.9 * s, y - 0.2 * s, left + 1.2 * s, y - 0.02 * s
    )
    canvas.drawPath(p, stroke=1, fill=0)
    for i in range(1, 4):
        gx = left + i * finger
        canvas.line(gx, y + 0.12 * s, gx, y + 0.75 * s)
    canvas.restoreState()


def ring_path(canvas: Canvas, x: float, y: float, radii: Sequence[float], start: float) -> Any:
    """A closed polygon around (x, y): corner ``i`` at ``radii[i]``, evenly spaced from
    angle ``start`` (radians). Alternating radii make stars, crimps and the like."""
    path = canvas.beginPath()
    for index, radius in enumerate(radii):
        angle = start + index * 2 * math.pi / len(radii)
        point = (x + radius * math.cos(angle), y + radius * math.sin(angle))
        if index == 0:
            path.moveTo(*point)
        else:
            path.lineTo(*point)
    path.close()
    return path


def starburst(canvas: Canvas, x: float, y: float, size: float, points: int,
              inner_ratio: float, stroke: bool = False) -> None:  # fmt: skip
    """A star of ``points`` points, ``size`` across; inner radius ``inner_ratio`` of ``size``."""
    radii = [size / 2, size * inner_ratio] * points
    canvas.drawPath(ring_path(canvas, x, y, radii, math.pi / 2), stroke=1 if stroke else 0, fill=1)


def star(canvas: Canvas, x: float, y: float, size: float) -> None:
    starburst(canvas, x, y, size, 5, 0.2)


def record(canvas: Canvas, x: float, y: float, size: float, hole: Color = WHITE) -> None:
    """A vinyl record: a disc with a label (in ``hole``, white unless given) and a hole."""
    r = size / 2
    canvas.circle(x, y, r, stroke=0, fill=1)
    canvas.saveState()
    canvas.setFillColor(hole)
    canvas.circle(x, y, r * 0.32, stroke=0, fill=1)
    canvas.restoreState()
    canvas.circle(x, y, r * 0.07, stroke=0, fill=1)


def bottle(canvas: Canvas, x: float, y: float, size: float) -> None:
    s = size / 2
    p = canvas.beginPath()
    p.moveTo(x - 0.12 * s, y + s)
    p.lineTo(x + 0.12 * s, y + s)
    p.lineTo(x + 0.12 * s, y + 0.45 * s)
    p.curveTo(x + 0.4 * s, y + 0.3 * s, x + 0.4 * s, y + 0.1 * s, x + 0.4 * s, y)
    p.lineTo(x + 0.4 * s, y - s)
    p.lineTo(x - 0.4 * s, y - s)
    p.lineTo(x - 0.4 * s, y)
    p.curveTo(x - 0.4 * s, y + 0.1 * s, x - 0.4 * s, y + 0.3 * s, x - 0.12 * s, y + 0.45 * s)
    p.close()
    _fill(canvas, p)


def die(canvas: Canvas, x: float, y: float, size: float, pips: int = 6) -> None:
    """A die face with ``pips`` dots (1 to 6): outline in the stroke colour, dots in the fill."""
    half = size / 2
    canvas.setLineWidth(max(0.5, size * 0.06))
    canvas.roundRect(x - half, y - half, size, size, size * 0.18, stroke=1, fill=0)
    spots = {
        1: [(0, 0)],
        2: [(-1, 1), (1, -1)],
        3: [(-1, 1), (0, 0), (1, -1)],
        4: [(-1, 1), (1, 1), (-1, -1), (1, -1)],
        5: [(-1, 1), (1, 1), (0, 0), (-1, -1), (1, -1)],
        6: [(-1, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (1, -1)],
    }[max(1, min(6, pips))]
    for dx, dy in spots:
        canvas.circle(x + dx * size * 0.26, y + dy * size * 0.26, size * 0.09, stroke=0, fill=1)


SUIT_SHAPES: dict[str, dict[str, Shape]] = {
    "french": {"hearts": heart, "diamonds": diamond, "spades": spade, "clubs": club},
    "spanish": {"hearts": cup, "diamonds": coin, "spades": sword, "clubs": baton},
}

MOTIFS: dict[str, Shape] = {
    "fists": fist,
    "pips": spade,
    "diamonds": diamond,
    "stars": star,
    "records": record,
    "bottles": bottle,
}

#: Motifs with holes, which take the colour to cut them in (``hole=``).
HOLED: dict[str, Callable[..., None]] = {"fists": fist, "records": record}
