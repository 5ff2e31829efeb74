"""The Music Game Thingy's card parts: the coloured band with record grooves,
the type pill, rows of dice, centred stat lines, numbered boxes for
counters, and rule text placed in the room left."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from pnp.kit.drawings.colours import mix, set_ink
from pnp.kit.drawings.context import MIN_TEXT_SIZE, FaceContext
from pnp.kit.drawings.music_game_thingy.styles import INK, PAPER, WHITE
from pnp.kit.drawings.music_game_thingy.symbols import Symbol
from pnp.kit.drawings.shapes import die
from pnp.kit.drawings.typeset import (
    DISPLAY_CAP,
    Run,
    TextBox,
    fit_line,
    runs,
)
from pnp.kit.fonts import BODY, BODY_BOLD, DISPLAY, text_width
from pnp.kit.geometry import MM, Rect

#: Titles smaller than this on one line are set on two.
TITLE_ONE_LINE_MIN = 13.0


def text_in(canvas: Canvas, text: str, rect: Rect, what: str, colour: Color, *,
            font: str = BODY, size: float = 10.0, centred: bool = True,
            valign: float = 0.5) -> float:  # fmt: skip
    """Centred rule text placed ``valign`` of the way down the room it leaves in
    ``rect`` (0 = top, 0.5 = middle); return the size used."""
    box = TextBox(text, rect, font=font, size=size, colour=colour, centred=centred, valign=valign)
    return box.draw(canvas, what)


def band_height(title: str, width: float) -> float:
    """The band above a title of one line (19 mm) or two (23 mm) at 20 pt down."""
    one_line = text_width(title, DISPLAY, 20) <= width or (
        text_width(title, DISPLAY, TITLE_ONE_LINE_MIN) <= width
    )
    return (19 if one_line or " " not in title else 23) * MM


def _grooves(
    canvas: Canvas, context: FaceContext, box: Rect, colour: Color, cx: float, cy: float
) -> None:
    """Record grooves (thin circles a shade lighter than ``colour``) clipped to ``box``."""
    canvas.saveState()
    clip = canvas.beginPath()
    clip.rect(box.x, box.y, box.width, box.height)
    canvas.clipPath(clip, stroke=0, fill=0)
    canvas.setStrokeColor(mix(colour, Color(1, 1, 1), 0.14))
    canvas.setLineWidth(0.45)
    radius = 7 * MM
    while radius < 60 * MM:
        canvas.circle(cx, cy, radius, stroke=1, fill=0)
        radius += 1.6 * MM
    canvas.setFillColor(mix(colour, Color(1, 1, 1), 0.1))
    canvas.circle(cx, cy, 5.5 * MM, stroke=0, fill=1)
    canvas.restoreState()


def band(canvas: Canvas, context: FaceContext, hex_colour: str, bottom: float) -> None:
    """The coloured band from ``bottom`` to the top of the bleed, with record
    grooves peeking in from the right (plain in ink-saver mode)."""
    box = context.bleed_box
    band = Rect(box.x, bottom, box.width, box.top - bottom)
    fill = context.fill_colour(hex_colour)
    canvas.setFillColor(fill)
    canvas.rect(band.x, band.y, band.width, band.height, stroke=0, fill=1)
    if not context.options.ink_saver:
        _grooves(canvas, context, band, fill, context.width + 6 * MM, bottom + band.height * 0.4)


def pill(
    canvas: Canvas,
    context: FaceContext,
    x: float,
    y: float,
    label: str,
    symbol: Symbol,
    hex_ink: str,
    what: str,
    size: float = 8.0,
    max_width: float = 50 * MM,
) -> Rect:
    """A rounded label with a symbol, lower-left at (x, y); return its box."""
    text = label.upper()
    height = 6 * MM
    icon = 4.2 * MM
    room = max_width - icon - 4.5 * MM
    used = fit_line(text, BODY_BOLD, size, room, what)
    width = icon + text_width(text, BODY_BOLD, used) + 4.5 * MM
    canvas.setFillColor(context.colour(PAPER))
    canvas.setStrokeColor(context.ink_on(PAPER, hex_ink))
    canvas.setLineWidth(0.8)
    canvas.roundRect(x, y, width, height, height / 2, stroke=1, fill=1)
    ink = context.ink_on(PAPER, hex_ink)
    set_ink(canvas, ink)
    symbol(canvas, x + 1.4 * MM + icon / 2, y + height / 2, icon)
    set_ink(canvas, ink)
    canvas.setFont(BODY_BOLD, used)
    canvas.drawString(x + icon + 2.4 * MM, y + height / 2 - used * 0.34, text)
    return Rect(x, y, width, height)


def dice(
    canvas: Canvas,
    context: FaceContext,
    count: int,
    cx: float,
    cy: float,
    size: float,
    hex_ink: str,
) -> None:
    """A row of ``count`` white dice outlined in ``hex_ink``."""
    faces = (5, 3, 6, 2, 4, 1)
    gap = size * 0.3
    total = count * size + (count - 1) * gap
    x = cx - total / 2 + size / 2
    ink = context.ink_on(PAPER, hex_ink)
    for index in range(count):
        canvas.setFillColor(Color(1, 1, 1))
        canvas.roundRect(x - size / 2, cy - size / 2, size, size, size * 0.18, stroke=0, fill=1)
        set_ink(canvas, ink)
        die(canvas, x, cy, size, faces[index % len(faces)])
        x += size + gap


def stat_line(
    canvas: Canvas,
    context: FaceContext,
    safe: Rect,
    top: float,
    parts: Sequence[Run],
    what: str,
    icon: Symbol | None = None,
    hex_ink: str = INK,
) -> float:
    """A centred line of runs (optionally after an icon) below ``top``; return its bottom."""
    height = max(size for _, _, size in parts)
    baseline = top - height * 0.8
    ink = context.ink_on(PAPER, hex_ink)
    if icon is None:
        runs(canvas, parts, safe.centre[0], baseline, safe.width - 2 * MM, what, ink)
    else:
        icon_size = min(height * 0.95, 4.5 * MM)
        text_total = sum(text_width(t, f, s) for t, f, s in parts)
        room = safe.width - 2 * MM - icon_size - 1.5 * MM
        scale = min(1.0, room / text_total)
        total = icon_size + 1.5 * MM + text_total * scale
        left = safe.centre[0] - total / 2
        set_ink(canvas, ink)
        icon(canvas, left + icon_size / 2, baseline + height * 0.28, icon_size)
        text_left = left + icon_size + 1.5 * MM
        runs(canvas, parts, text_left + text_total * scale / 2, baseline, room, what, ink)
    return top - height * 1.15


def boxes(
    canvas: Canvas,
    context: FaceContext,
    values: Sequence[int],
    area: Rect,
    columns: int,
    hex_ink: str,
    shade: Callable[[int], str | None] = lambda _: None,
    number_size: float = 13,
    notes: dict[int, str] | None = None,
) -> list[Rect]:
    """Numbered boxes for counters, ``columns`` a row from the top left of ``area``."""
    rows = math.ceil(len(values) / columns)
    gap = 1.4 * MM
    width = (area.width - (columns - 1) * gap) / columns
    height = (area.height - (rows - 1) * gap) / rows
    ink = context.ink_on(PAPER, hex_ink)
    placed = []
    for index, value in enumerate(values):
        row, column = divmod(index, columns)
        box = Rect(
            area.x + column * (width + gap),
            area.top - (row + 1) * height - row * gap,
            width,
            height,
        )
        tint = shade(value)
        canvas.setFillColor(context.fill_colour(tint) if tint else context.colour(WHITE))
        canvas.setStrokeColor(ink)
        canvas.setLineWidth(0.9)
        canvas.roundRect(box.x, box.y, box.width, box.height, 1.2 * MM, stroke=1, fill=1)
        canvas.setFillColor(ink)
        canvas.setFont(DISPLAY, number_size)
        note = (notes or {}).get(value)
        lift = 1.4 * MM if note else 0.0
        canvas.drawCentredString(
            box.centre[0], box.centre[1] - number_size * DISPLAY_CAP / 2 + lift, str(value)
        )
        if note:
            canvas.setFont(BODY_BOLD, MIN_TEXT_SIZE)
            canvas.drawCentredString(box.centre[0], box.y + 1.1 * MM, note)
        placed.append(box)
    return placed
