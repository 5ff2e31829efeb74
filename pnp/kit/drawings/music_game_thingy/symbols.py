"""The Music Game Thingy's symbols: one small drawing per card type and per
reminder (a record for a Single, a microphone for a Venue, a bomb for
Sabotage, a calendar for "lasts the year" ...). Each is centred on (x, y),
about ``size`` tall, in the current fill colour, with holes cut in white."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from pnp.kit.drawings.colours import WHITE as WHITE_INK
from pnp.kit.drawings.colours import inked
from pnp.kit.drawings.shapes import record, star

#: A symbol drawing: (canvas, x, y, size).
Symbol = Callable[[Canvas, float, float, float], None]


def cutting(canvas: Canvas) -> AbstractContextManager[Canvas]:
    """Draw holes in a symbol (in white), then go back to the symbol's colours."""
    return inked(canvas, WHITE_INK)


def single(canvas: Canvas, x: float, y: float, size: float) -> None:
    """A 7-inch record."""
    record(canvas, x, y, size)


def ep(canvas: Canvas, x: float, y: float, size: float) -> None:
    """A cassette: a rounded body, a label window and two spools."""
    w, h = size * 1.1, size * 0.72
    canvas.roundRect(x - w / 2, y - h / 2, w, h, size * 0.08, stroke=0, fill=1)
    with cutting(canvas):
        canvas.roundRect(
            x - w * 0.36, y - h * 0.12, w * 0.72, h * 0.42, size * 0.05, stroke=0, fill=1
        )
    for dx in (-0.18, 0.18):
        canvas.circle(x + dx * w, y + h * 0.09, size * 0.075, stroke=0, fill=1)
    p = canvas.beginPath()
    p.moveTo(x - w * 0.3, y - h / 2)
    p.lineTo(x - w * 0.24, y - h * 0.3)
    p.lineTo(x + w * 0.24, y - h * 0.3)
    p.lineTo(x + w * 0.3, y - h / 2)
    p.close()
    with cutting(canvas):
        canvas.drawPath(p, stroke=0, fill=1)


def sleeve(canvas: Canvas, x: float, y: float, size: float) -> None:
    """A record sleeve: a white square outlined in the stroke colour, with a
    filled label carrying a star."""
    canvas.setLineWidth(max(0.6, size * 0.07))
    canvas.saveState()
    canvas.setFillColor(Color(1, 1, 1))
    canvas.rect(x - size / 2, y - size / 2, size, size, stroke=1, fill=1)
    canvas.restoreState()
    canvas.rect(x - size * 0.32, y - size * 0.32, size * 0.64, size * 0.64, stroke=0, fill=1)
    with cutting(canvas):
        star(canvas, x, y, size * 0.45)


def album(canvas: Canvas, x: float, y: float, size: float) -> None:
    """A record sliding out of its sleeve."""
    s = size * 0.82
    record(canvas, x + size * 0.2, y, s)
    sleeve(canvas, x - size * 0.14, y, s)


def double_album(canvas: Canvas, x: float, y: float, size: float) -> None:
    """An open gatefold: two sleeves side by side, a record peeking from each."""
    s = size * 0.62
    for dx in (-0.5, 0.5):
        record(canvas, x + dx * s, y + size * 0.16, s * 0.9)
        sleeve(canvas, x + dx * s, y - size * 0.1, s)


def microphone(canvas: Canvas, x: float, y: float, size: float) -> None:
    """A microphone on a stand."""
    s = size / 2
    canvas.roundRect(x - 0.26 * s, y - 0.05 * s, 0.52 * s, 1.05 * s, 0.26 * s, stroke=0, fill=1)
    canvas.setLineWidth(max(0.6, size * 0.07))
    p = canvas.beginPath()
    p.moveTo(x - 0.45 * s, y + 0.35 * s)
    p.curveTo(x - 0.45 * s, y - 0.35 * s, x + 0.45 * s, y - 0.35 * s, x + 0.45 * s, y + 0.35 * s)
    canvas.drawPath(p, stroke=1, fill=0)
    canvas.line(x, y - 0.18 * s, x, y - 0.85 * s)
    canvas.roundRect(x - 0.45 * s, y - s, 0.9 * s, 0.16 * s, 0.06 * s, stroke=0, fill=1)
    with cutting(canvas):
        canvas.setLineWidth(max(0.3, size * 0.025))
        for row in (0.45, 0.65, 0.85):
            canvas.line(x - 0.2 * s, y + row * s, x + 0.2 * s, y + row * s)


def ticket(canvas: Canvas, x: float, y: float, size: float) -> None:
    """A ticket with notched ends and a tear-off stub."""
    w, h = size * 1.15, size * 0.62
    canvas.rect(x - w / 2, y - h / 2, w, h, stroke=0, fill=1)
    with cutting(canvas):
        for dx in (-w / 2, w / 2):
            canvas.circle(x + dx, y, h * 0.2, stroke=0, fill=1)
        for i in range(5):
            canvas.circle(x + w * 0.22, y - h * 0.4 + i * h * 0.2, h * 0.045, stroke=0, fill=1)
        star(canvas, x - w * 0.1, y, h * 0.62)


def speaker(canvas: Canvas, x: float, y: float, size: float) -> None:
    """A speaker cabinet on a flight case (the Road Crew's kit)."""
    s = size / 2
    canvas.roundRect(x - 0.7 * s, y - s, 1.4 * s, 2 * s, 0.1 * s, stroke=0, fill=1)
    with cutting(canvas):
        canvas.circle(x, y - 0.35 * s, 0.42 * s, stroke=0, fill=1)
        canvas.circle(x, y + 0.55 * s, 0.22 * s, stroke=0, fill=1)
    canvas.circle(x, y - 0.35 * s, 0.16 * s, stroke=0, fill=1)
    canvas.circle(x, y + 0.55 * s, 0.08 * s, stroke=0, fill=1)


def spotlight(canvas: Canvas, x: float, y: float, size: float) -> None:
    """A stage light on a bar, throwing a beam down."""
    s = size / 2
    canvas.setLineWidth(max(0.6, size * 0.07))
    canvas.line(x - 0.9 * s, y + 0.92 * s, x + 0.9 * s, y + 0.92 * s)
    canvas.line(x, y + 0.92 * s, x, y + 0.6 * s)
    canvas.saveState()
    canvas.translate(x, y + 0.35 * s)
    canvas.rotate(-20)
    canvas.roundRect(-0.28 * s, -0.3 * s, 0.56 * s, 0.6 * s, 0.08 * s, stroke=0, fill=1)
    p = canvas.beginPath()
    p.moveTo(-0.2 * s, -0.3 * s)
    p.lineTo(-0.55 * s, -1.35 * s)
    p.lineTo(0.55 * s, -1.35 * s)
    p.lineTo(0.2 * s, -0.3 * s)
    p.close()
    canvas.setLineWidth(max(0.4, size * 0.04))
    canvas.drawPath(p, stroke=1, fill=0)
    canvas.restoreState()


def megaphone(canvas: Canvas, x: float, y: float, size: float) -> None:
    """A megaphone with sound waves (Hype)."""
    s = size / 2
    p = canvas.beginPath()
    p.moveTo(x - 0.85 * s, y + 0.18 * s)
    p.lineTo(x + 0.25 * s, y + 0.65 * s)
    p.lineTo(x + 0.25 * s, y - 0.65 * s)
    p.lineTo(x - 0.85 * s, y - 0.18 * s)
    p.close()
    canvas.drawPath(p, stroke=0, fill=1)
    canvas.rect(x - 0.6 * s, y - 0.55 * s, 0.18 * s, 0.4 * s, stroke=0, fill=1)
    canvas.setLineWidth(max(0.5, size * 0.06))
    for r in (0.45, 0.75):
        canvas.arc(x + 0.2 * s - r * s, y - r * s, x + 0.2 * s + r * s, y + r * s, -40, 80)


def falling_star(canvas: Canvas, x: float, y: float, size: float) -> None:
    """A star tumbling down (Backlash)."""
    s = size / 2
    star(canvas, x - 0.25 * s, y + 0.25 * s, 1.25 * s)
    canvas.setLineWidth(max(0.6, size * 0.08))
    canvas.line(x + 0.55 * s, y + 0.35 * s, x + 0.55 * s, y - 0.6 * s)
    p = canvas.beginPath()
    p.moveTo(x + 0.25 * s, y - 0.45 * s)
    p.lineTo(x + 0.85 * s, y - 0.45 * s)
    p.lineTo(x + 0.55 * s, y - s)
    p.close()
    canvas.drawPath(p, stroke=0, fill=1)


def scales(canvas: Canvas, x: float, y: float, size: float) -> None:
    """The scales of justice (Lawyers)."""
    s = size / 2
    canvas.setLineWidth(max(0.6, size * 0.07))
    canvas.line(x, y - 0.85 * s, x, y + 0.8 * s)
    canvas.line(x - 0.8 * s, y + 0.6 * s, x + 0.8 * s, y + 0.6 * s)
    canvas.rect(x - 0.45 * s, y - s, 0.9 * s, 0.15 * s, stroke=0, fill=1)
    canvas.circle(x, y + 0.82 * s, 0.1 * s, stroke=0, fill=1)
    canvas.setLineWidth(max(0.3, size * 0.03))
    for side in (-1, 1):
        px = x + side * 0.62 * s
        canvas.line(px, y + 0.6 * s, px - 0.28 * s, y - 0.1 * s)
        canvas.line(px, y + 0.6 * s, px + 0.28 * s, y - 0.1 * s)
        p = canvas.beginPath()
        p.moveTo(px - 0.34 * s, y - 0.1 * s)
        p.curveTo(
            px - 0.3 * s, y - 0.42 * s, px + 0.3 * s, y - 0.42 * s, px + 0.34 * s, y - 0.1 * s
        )
        p.close()
        canvas.drawPath(p, stroke=0, fill=1)


def _arrow(canvas: Canvas, x1: float, x2: float, y: float, s: float) -> None:
    """A horizontal arrow from x1 to x2 with its head at x2."""
    direction = 1 if x2 > x1 else -1
    canvas.line(x1, y, x2 - direction * 0.3 * s, y)
    p = canvas.beginPath()
    p.moveTo(x2, y)
    p.lineTo(x2 - direction * 0.4 * s, y + 0.28 * s)
    p.lineTo(x2 - direction * 0.4 * s, y - 0.28 * s)
    p.close()
    canvas.drawPath(p, stroke=0, fill=1)


def swap(canvas: Canvas, x: float, y: float, size: float) -> None:
    """Two arrows passing each other (Contract Exchange)."""
    s = size / 2
    canvas.setLineWidth(max(0.7, size * 0.11))
    _arrow(canvas, x - 0.9 * s, x + 0.9 * s, y + 0.35 * s, s)
    _arrow(canvas, x + 0.9 * s, x - 0.9 * s, y - 0.35 * s, s)


def torn_page(canvas: Canvas, x: float, y: float, size: float) -> None:
    """A contract torn in two (Contract Waiver)."""
    s = size / 2
    for side in (-1, 1):
        canvas.saveState()
        canvas.translate(x + side * 0.1 * s, y)
        canvas.rotate(side * -8)
        p = canvas.beginPath()
        p.moveTo(0, s * 0.95)
        p.lineTo(side * 0.62 * s, s * 0.95)
        p.lineTo(side * 0.62 * s, -s * 0.95)
        p.lineTo(0, -s * 0.95)
        for i in range(1, 6):
            dx = (0.1 if i % 2 else -0.02) * s * side
            p.lineTo(dx, -s * 0.95 + i * (1.9 * s / 6))
        p.close()
        canvas.drawPath(p, stroke=0, fill=1)
        with cutting(canvas):
            canvas.setLineWidth(max(0.3, size * 0.035))
            for row in (0.55, 0.25, -0.05, -0.35):
                start = 0.16 * s if side > 0 else -0.5 * s
                canvas.line(start, row * s, start + 0.34 * s, row * s)
        canvas.restoreState()


def lightning(canvas: Canvas, x: float, y: float, size: float) -> None:
    """A lightning bolt (Disaster)."""
    s = size / 2
    p = canvas.beginPath()
    for px, py in (
        (0.2, 1),
        (-0.55, -0.1),
        (-0.05, -0.1),
        (-0.3, -1),
        (0.6, 0.25),
        (0.08, 0.25),
        (0.45, 1),
    ):
        if (px, py) == (0.2, 1):
            p.moveTo(x + px * s, y + py * s)
        else:
            p.lineTo(x + px * s, y + py * s)
    p.close()
    canvas.drawPath(p, stroke=0, fill=1)


def bomb(canvas: Canvas, x: float, y: float, size: float) -> None:
    """A round bomb with a lit fuse (Sabotage)."""
    s = size / 2
    canvas.circle(x - 0.12 * s, y - 0.2 * s, 0.72 * s, stroke=0, fill=1)
    canvas.saveState()
    canvas.translate(x + 0.3 * s, y + 0.38 * s)
    canvas.rotate(-40)
    canvas.rect(-0.15 * s, -0.1 * s, 0.3 * s, 0.3 * s, stroke=0, fill=1)
    canvas.restoreState()
    canvas.setLineWidth(max(0.5, size * 0.05))
    p = canvas.beginPath()
    p.moveTo(x + 0.42 * s, y + 0.52 * s)
    p.curveTo(x + 0.5 * s, y + 0.8 * s, x + 0.7 * s, y + 0.7 * s, x + 0.72 * s, y + 0.85 * s)
    canvas.drawPath(p, stroke=1, fill=0)
    star(canvas, x + 0.75 * s, y + 0.88 * s, 0.42 * s)
    with cutting(canvas):
        canvas.circle(x - 0.38 * s, y + 0.05 * s, 0.14 * s, stroke=0, fill=1)


def magnifier(canvas: Canvas, x: float, y: float, size: float) -> None:
    """A magnifying glass (Commercial Spies)."""
    s = size / 2
    canvas.setLineWidth(max(0.7, size * 0.12))
    canvas.circle(x - 0.2 * s, y + 0.2 * s, 0.55 * s, stroke=1, fill=0)
    canvas.setLineWidth(max(1.0, size * 0.2))
    canvas.setLineCap(1)
    canvas.line(x + 0.22 * s, y - 0.22 * s, x + 0.8 * s, y - 0.8 * s)
    canvas.setLineCap(0)


def sports_car(canvas: Canvas, x: float, y: float, size: float) -> None:
    """A low, pointless sports car."""
    s = size / 2
    p = canvas.beginPath()
    p.moveTo(x - s, y - 0.35 * s)
    p.lineTo(x - s, y - 0.02 * s)
    p.curveTo(x - 0.9 * s, y + 0.1 * s, x - 0.6 * s, y + 0.12 * s, x - 0.45 * s, y + 0.14 * s)
    p.curveTo(x - 0.25 * s, y + 0.45 * s, x + 0.15 * s, y + 0.48 * s, x + 0.3 * s, y + 0.2 * s)
    p.curveTo(x + 0.7 * s, y + 0.15 * s, x + s, y + 0.05 * s, x + s, y - 0.2 * s)
    p.lineTo(x + s, y - 0.35 * s)
    p.close()
    canvas.drawPath(p, stroke=0, fill=1)
    p = canvas.beginPath()
    p.moveTo(x - 0.32 * s, y + 0.14 * s)
    p.curveTo(x - 0.2 * s, y + 0.36 * s, x + 0.05 * s, y + 0.38 * s, x + 0.16 * s, y + 0.16 * s)
    p.close()
    with cutting(canvas):
        canvas.drawPath(p, stroke=0, fill=1)
        for dx in (-0.55, 0.58):
            canvas.circle(x + dx * s, y - 0.35 * s, 0.25 * s, stroke=0, fill=1)
    for dx in (-0.55, 0.58):
        canvas.circle(x + dx * s, y - 0.35 * s, 0.19 * s, stroke=0, fill=1)


def tour_van(canvas: Canvas, x: float, y: float, size: float) -> None:
    """A tour van with its cab at the front."""
    s = size / 2
    canvas.roundRect(x - s, y - 0.4 * s, 1.45 * s, 1.1 * s, 0.1 * s, stroke=0, fill=1)
    p = canvas.beginPath()
    p.moveTo(x + 0.5 * s, y - 0.4 * s)
    p.lineTo(x + 0.5 * s, y + 0.4 * s)
    p.lineTo(x + 0.78 * s, y + 0.4 * s)
    p.lineTo(x + s, y + 0.02 * s)
    p.lineTo(x + s, y - 0.4 * s)
    p.close()
    canvas.drawPath(p, stroke=0, fill=1)
    p = canvas.beginPath()
    p.moveTo(x + 0.58 * s, y + 0.05 * s)
    p.lineTo(x + 0.58 * s, y + 0.32 * s)
    p.lineTo(x + 0.74 * s, y + 0.32 * s)
    p.lineTo(x + 0.9 * s, y + 0.05 * s)
    p.close()
    with cutting(canvas):
        canvas.drawPath(p, stroke=0, fill=1)
        star(canvas, x - 0.28 * s, y + 0.15 * s, 0.55 * s)
        for dx in (-0.6, 0.62):
            canvas.circle(x + dx * s, y - 0.45 * s, 0.24 * s, stroke=0, fill=1)
    for dx in (-0.6, 0.62):
        canvas.circle(x + dx * s, y - 0.45 * s, 0.17 * s, stroke=0, fill=1)


def small_calendar(canvas: Canvas, x: float, y: float, size: float) -> None:
    """A calendar page with two rings."""
    s = size / 2
    canvas.setLineWidth(max(0.5, size * 0.08))
    canvas.roundRect(x - 0.8 * s, y - 0.8 * s, 1.6 * s, 1.5 * s, 0.15 * s, stroke=1, fill=0)
    canvas.rect(x - 0.8 * s, y + 0.25 * s, 1.6 * s, 0.45 * s, stroke=0, fill=1)
    for dx in (-0.4, 0.4):
        canvas.line(x + dx * s, y + 0.55 * s, x + dx * s, y + s)
    for row in range(2):
        for col in range(3):
            canvas.rect(
                x + (-0.55 + col * 0.4) * s,
                y + (-0.6 + row * 0.4) * s,
                0.25 * s,
                0.22 * s,
                stroke=0,
                fill=1,
            )


def one_use(canvas: Canvas, x: float, y: float, size: float) -> None:
    """A card with an arrow off to the discard pile."""
    s = size / 2
    canvas.setLineWidth(max(0.5, size * 0.08))
    canvas.roundRect(x - 0.85 * s, y - 0.8 * s, 0.95 * s, 1.6 * s, 0.15 * s, stroke=1, fill=0)
    canvas.line(x - 0.1 * s, y, x + 0.6 * s, y)
    p = canvas.beginPath()
    p.moveTo(x + s, y)
    p.lineTo(x + 0.5 * s, y + 0.35 * s)
    p.lineTo(x + 0.5 * s, y - 0.35 * s)
    p.close()
    canvas.drawPath(p, stroke=0, fill=1)


def forever(canvas: Canvas, x: float, y: float, size: float) -> None:
    """Two linked loops: kept for the whole game."""
    s = size / 2
    canvas.setLineWidth(max(0.6, size * 0.1))
    canvas.circle(x - 0.42 * s, y, 0.42 * s, stroke=1, fill=0)
    canvas.circle(x + 0.42 * s, y, 0.42 * s, stroke=1, fill=0)


def hand(canvas: Canvas, x: float, y: float, size: float, background: Color) -> None:
    """A fan of three cards (a hand limit), outlined in ``background``."""
    s = size / 2
    for angle in (28, 0, -28):
        canvas.saveState()
        canvas.translate(x, y - 0.75 * s)
        canvas.rotate(angle)
        canvas.setStrokeColor(background)
        canvas.setLineWidth(max(0.5, size * 0.06))
        canvas.roundRect(-0.36 * s, 0, 0.72 * s, 1.55 * s, 0.12 * s, stroke=1, fill=1)
        canvas.restoreState()


def clock(canvas: Canvas, x: float, y: float, size: float) -> None:
    """A clock face: may be played at any time."""
    s = size / 2
    canvas.setLineWidth(max(0.5, size * 0.09))
    canvas.circle(x, y, 0.85 * s, stroke=1, fill=0)
    canvas.line(x, y, x, y + 0.55 * s)
    canvas.line(x, y, x + 0.4 * s, y - 0.15 * s)
