"""Category badges (a shape and a word, never colour alone), card titles in
ink with a neon misprint behind them, and the footer line."""

from __future__ import annotations

from collections.abc import Callable

from reportlab.pdfgen.canvas import Canvas

from pnp.kit.drawings.shapes import starburst
from pnp.kit.drawings.typeset import fit_line
from pnp.kit.faces.base import FaceContext
from pnp.kit.faces.joes_bar.neon import glowing
from pnp.kit.faces.joes_bar.palette import (
    INK,
    NEON,
    SOFT_INK,
)
from pnp.kit.fonts import BODY_BOLD, DISPLAY, text_width


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


def badge(canvas: Canvas, context: FaceContext, category: str, label: str, x: float,
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


def misprint_title(canvas: Canvas, context: FaceContext, text: str, x: float, y: float,
                   width: float, neon: str, what: str, size: float = 19) -> float:  # fmt: skip
    """A card's name in ink with a neon misprint behind it; return the size used."""
    used = fit_line(text, DISPLAY, size, width, what)
    canvas.saveState()
    canvas.setFont(DISPLAY, used)
    if glowing(context):
        canvas.setFillColor(context.colour(neon))
        canvas.drawCentredString(x + 0.9, y - 0.9, text)
    canvas.setFillColor(context.colour(INK))
    canvas.drawCentredString(x, y, text)
    canvas.restoreState()
    return used


def footer(canvas: Canvas, context: FaceContext, text: str) -> None:
    canvas.saveState()
    canvas.setFillColor(context.colour(SOFT_INK))
    canvas.setFont(DISPLAY, 7)
    canvas.drawCentredString(context.width / 2, context.safe.y + 2, text)
    canvas.restoreState()
