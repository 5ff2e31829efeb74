"""The first page of every kit: a ruler to confirm 100 % scale, a duplex
registration target, and the credits and provenance of what is printed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from reportlab.lib.colors import Color, black
from reportlab.pdfgen.canvas import Canvas

from pnp.catalog.model import Game
from pnp.kit.faces.typeset import TextBox
from pnp.kit.fonts import BODY, BODY_BOLD, DISPLAY, FONT_CREDITS
from pnp.kit.geometry import MM, Rect
from pnp.kit.layout import PAPER_NAMES, Duplex

if TYPE_CHECKING:
    from pnp.kit.pdf import KitOptions

INCH = 72.0
TARGET_Y = 62 * MM  # height of the registration target's centre


def _ruler_mm(canvas: Canvas, x: float, y: float) -> None:
    canvas.setLineWidth(0.6)
    canvas.line(x, y, x + 100 * MM, y)
    for tick in range(101):
        length = 5 * MM if tick % 10 == 0 else (3 * MM if tick % 5 == 0 else 1.8 * MM)
        canvas.line(x + tick * MM, y, x + tick * MM, y + length)
        if tick % 10 == 0:
            canvas.setFont(BODY, 7)
            canvas.drawCentredString(x + tick * MM, y + 6 * MM, str(tick // 10))
    canvas.setFont(BODY, 8)
    canvas.drawString(x + 101.5 * MM, y + 1, "cm (100 mm)")


def _ruler_inch(canvas: Canvas, x: float, y: float) -> None:
    canvas.setLineWidth(0.6)
    canvas.line(x, y, x + 4 * INCH, y)
    for tick in range(33):
        length = 5 * MM if tick % 8 == 0 else (3 * MM if tick % 4 == 0 else 1.8 * MM)
        canvas.line(x + tick * INCH / 8, y, x + tick * INCH / 8, y - length)
        if tick % 8 == 0:
            canvas.setFont(BODY, 7)
            canvas.drawCentredString(x + tick * INCH / 8, y - 8 * MM, str(tick // 8))
    canvas.setFont(BODY, 8)
    canvas.drawString(x + 4 * INCH + 1.5 * MM, y - 3, "inches (4 in)")


def target_centre(page: tuple[float, float], duplex: Duplex, back: bool) -> tuple[float, float]:
    """Where the registration target sits; on the back, mirrored as the printer flips."""
    width, height = page
    x, y = width * 0.75, TARGET_Y
    if back and duplex is Duplex.LONG:
        x = width - x
    if back and duplex is Duplex.SHORT:
        y = height - y
    return x, y


def _crosshair(canvas: Canvas, x: float, y: float) -> None:
    canvas.setLineWidth(0.75)
    canvas.line(x - 12 * MM, y, x + 12 * MM, y)
    canvas.line(x, y - 12 * MM, x, y + 12 * MM)
    canvas.circle(x, y, 6 * MM, stroke=1, fill=0)
    canvas.circle(x, y, 1 * MM, stroke=0, fill=1)


def _scale(canvas: Canvas, x: float, y: float) -> None:
    """A millimetre grid around the back's target for reading the offset."""
    canvas.setLineWidth(0.3)
    for step in range(-5, 6):
        length = 4 * MM if step % 5 == 0 else 2 * MM
        canvas.line(x + step * MM, y - 15 * MM, x + step * MM, y - 15 * MM - length)
        canvas.line(x - 15 * MM, y + step * MM, x - 15 * MM - length, y + step * MM)
    canvas.setFont(BODY, 7)
    canvas.drawCentredString(x, y - 22 * MM, "each tick 1 mm")


def front_page(
    canvas: Canvas, page: tuple[float, float], games: Sequence[Game], options: KitOptions
) -> None:
    width, height = page
    left = 18 * MM
    canvas.setFillColor(black)
    canvas.setFont(DISPLAY, 22)
    canvas.drawString(left, height - 25 * MM, "Print check")
    canvas.setFont(BODY, 10)
    lines = [
        f"Paper: {PAPER_NAMES[options.paper]}. Print this file at actual size (100 %, no "
        "'fit to page').",
        "Measure the bars below: if they are not exactly 100 mm and 4 inches, the printer is "
        "scaling and the cards will be the wrong size.",
    ]
    if options.duplex is Duplex.LONG:
        lines.append("Print on both sides, flipping on the long edge.")
    elif options.duplex is Duplex.SHORT:
        lines.append("Print on both sides, flipping on the short edge.")
    elif options.duplex is Duplex.GUTTERFOLD:
        lines.append("Print on one side; fold each sheet on the dashed line, glue, then cut.")
    else:
        lines.append("Print on one side; print the backs separately and glue them behind.")
    y = height - 34 * MM
    for line in lines:
        canvas.drawString(left, y, line)
        y -= 5 * MM
    _ruler_mm(canvas, left, height - 62 * MM)
    _ruler_inch(canvas, left, height - 72 * MM)
    credits = Rect(left, 95 * MM, width - 2 * left, height - 185 * MM)
    TextBox(_credits_markup(games), credits, size=9, markup=True).draw(canvas, "the credits page")
    if options.duplex in (Duplex.LONG, Duplex.SHORT):
        x, ty = target_centre(page, options.duplex, back=False)
        _crosshair(canvas, x, ty)
        canvas.setFont(BODY_BOLD, 9)
        canvas.drawString(left, TARGET_Y + 8 * MM, "Duplex check")
        text = Rect(left, TARGET_Y - 25 * MM, width * 0.5, 32 * MM)
        TextBox(
            "Hold the printed sheet up to the light. The cross on this side should sit on the "
            "cross printed on the back. If it does not, read on the back's millimetre ticks "
            "how far right (+X) and up (+Y) the back's cross must move, and build again with "
            "--back-offset X,Y.",
            text,
            size=9,
        ).draw(canvas, "the duplex check")


def back_page(canvas: Canvas, page: tuple[float, float], options: KitOptions) -> None:
    x, y = target_centre(page, options.duplex, back=True)
    x += options.back_offset_mm[0] * MM
    y += options.back_offset_mm[1] * MM
    canvas.setFillColor(black)
    canvas.setStrokeColor(black)
    _crosshair(canvas, x, y)
    _scale(canvas, x, y)
    canvas.setFillColor(Color(0.3, 0.3, 0.3))
    canvas.setFont(BODY, 8)
    offset = options.back_offset_mm
    canvas.drawCentredString(
        x, y + 16 * MM, f"back of the print check (offset {offset[0]:g}, {offset[1]:g} mm)"
    )


def _credits_markup(games: Sequence[Game]) -> str:
    from xml.sax.saxutils import escape

    parts = ["<b>About this kit</b>"]
    for game in games:
        credits = "; ".join(f"{escape(c.name)} ({escape(c.role)})" for c in game.spec.credits)
        parts.append(f"<b>{escape(game.title)}</b>: {credits}.")
        for deck in game.decks:
            parts.append(
                f"&nbsp;&nbsp;{escape(deck.spec.title)}: {escape(deck.spec.provenance.note)}"
            )
    parts.append("Fonts: " + "; ".join(FONT_CREDITS) + ".")
    return "<br/>".join(parts)
