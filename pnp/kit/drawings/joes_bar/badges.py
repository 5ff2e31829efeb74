"""Category badges: the shape that stands for a card's category beside its word
(never colour alone), drawn in the category's neon with an ink outline."""

from __future__ import annotations

from collections.abc import Callable

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from pnp.kit.drawings.context import FaceError
from pnp.kit.drawings.shapes import starburst

#: The outline of a badge, in points.
BADGE_LINE = 0.7


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


def badge(canvas: Canvas, category: str, x: float, y: float, size: float, fill: Color,
          outline: Color) -> None:  # fmt: skip
    """The shape of ``category`` centred on (x, y), ``size`` across, in ``fill`` with an
    ``outline``; a :class:`FaceError` for a category without a shape."""
    shape = CATEGORY_SHAPES.get(category)
    if shape is None:
        known = ", ".join(CATEGORY_SHAPES)
        raise FaceError(f"no badge is drawn for the category {category!r} (drawn: {known})")
    canvas.saveState()
    canvas.setFillColor(fill)
    canvas.setStrokeColor(outline)
    canvas.setLineWidth(BADGE_LINE)
    canvas.setLineJoin(1)
    shape(canvas, x, y, size)
    canvas.restoreState()
