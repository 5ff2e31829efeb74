"""Banknotes' pieces: the tinted paper, the double border, the seal and the words, in
the note's own colour; the layout places them (the seal on the right of the front, on
the left of the back)."""

from __future__ import annotations

import math

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import Canvas

from pnp.catalog.schemas.music_game_thingy import (
    Banknote,
)
from pnp.catalog.schemas.music_game_thingy_words import (
    in_words,
    money,
)
from pnp.kit.drawings.colours import mix
from pnp.kit.drawings.context import FaceContext, card_name
from pnp.kit.drawings.music_game_thingy.styles import PAPER, WHITE
from pnp.kit.drawings.music_game_thingy.typesetting import (
    text_in,
)
from pnp.kit.drawings.shapes import record, star
from pnp.kit.drawings.typeset import (
    DISPLAY_CAP,
    centred_line,
    fit_line,
)
from pnp.kit.fonts import BODY_BOLD, BODY_ITALIC, DISPLAY, text_width
from pnp.kit.geometry import MM, Rect

NOTE_COLOURS = {
    1000: "#5f7f52",
    5000: "#2f6690",
    10000: "#b5651d",
    25000: "#7b4b94",
    50000: "#b23a48",
    100000: "#1f5f5b",
}


def _note_colour(value: int) -> str:
    return NOTE_COLOURS.get(value, "#4a5d23")


def _note_pattern(canvas: Canvas, context: FaceContext, colour: Color) -> None:
    """Fine wavy lines across the note, like an engraved background."""
    box = context.bleed_box
    canvas.saveState()
    canvas.setStrokeColor(colour)
    canvas.setLineWidth(0.35)
    y = box.y + 1 * MM
    while y < box.top:
        p = canvas.beginPath()
        x = box.x
        p.moveTo(x, y)
        while x < box.right:
            p.curveTo(x + 2 * MM, y + 1.2 * MM, x + 4 * MM, y + 1.2 * MM, x + 6 * MM, y)
            p.curveTo(x + 8 * MM, y - 1.2 * MM, x + 10 * MM, y - 1.2 * MM, x + 12 * MM, y)
            x += 12 * MM
        canvas.drawPath(p, stroke=1, fill=0)
        y += 2.4 * MM
    canvas.restoreState()


def _seal(
    canvas: Canvas,
    context: FaceContext,
    cx: float,
    cy: float,
    radius: float,
    value: int,
    hex_colour: str,
) -> None:
    """A round seal like a record label: the value in thousands over 'GRAND'."""
    ink = context.ink_on(PAPER, hex_colour)
    canvas.setFillColor(context.colour(WHITE))
    canvas.setStrokeColor(ink)
    canvas.setLineWidth(1.2)
    canvas.circle(cx, cy, radius, stroke=1, fill=1)
    canvas.setLineWidth(0.4)
    for step in (0.88, 0.8):
        canvas.circle(cx, cy, radius * step, stroke=1, fill=0)
    canvas.setFillColor(ink)
    for index in range(12):
        angle = index * math.pi / 6
        star(
            canvas,
            cx + radius * 0.9 * math.cos(angle) * 0.93,
            cy + radius * 0.9 * math.sin(angle) * 0.93,
            radius * 0.1,
        )
    if value % 1000 == 0:
        number, unit = f"{value // 1000:,}", "GRAND"
    else:
        number, unit = money(value), ""
    size = fit_line(number, DISPLAY, radius * 0.8, radius * 1.25, "banknote seal")
    canvas.setFont(DISPLAY, size)
    canvas.drawCentredString(cx, cy - size * 0.2, number)
    if unit:
        canvas.setFont(BODY_BOLD, 7)
        canvas.drawCentredString(cx, cy - size * 0.2 - 3.2 * MM, unit)


def note_paper(canvas: Canvas, card: Banknote, context: FaceContext, tint: float) -> None:
    """The whole note, bleed included, in its colour mixed with ``tint`` of white under
    fine wavy lines (plain white in ink-saver mode)."""
    tone = HexColor(_note_colour(card.value))
    paper = mix(tone, Color(1, 1, 1), tint)
    if context.options.ink_saver:
        paper = Color(1, 1, 1)
    box = context.bleed_box
    canvas.setFillColor(paper)
    canvas.rect(box.x, box.y, box.width, box.height, stroke=0, fill=1)
    if not context.options.ink_saver:
        _note_pattern(canvas, context, mix(tone, Color(1, 1, 1), 0.7))


def note_border(canvas: Canvas, card: Banknote, context: FaceContext, border: Rect,
                inner: Rect, radii: tuple[float, float]) -> None:  # fmt: skip
    """The note's double border in its colour: a heavy line round ``border``, a fine one
    round ``inner``, with corners of ``radii``."""
    canvas.setStrokeColor(context.ink_on(PAPER, _note_colour(card.value)))
    canvas.setLineWidth(1.3)
    canvas.roundRect(border.x, border.y, border.width, border.height, radii[0], stroke=1, fill=0)
    canvas.setLineWidth(0.5)
    canvas.roundRect(inner.x, inner.y, inner.width, inner.height, radii[1], stroke=1, fill=0)


def note_seal(canvas: Canvas, card: Banknote, context: FaceContext, box: Rect) -> None:
    """The note's seal, as large as ``box``."""
    radius = min(box.width, box.height) / 2
    _seal(canvas, context, *box.centre, radius, card.value, _note_colour(card.value))


def note_words(canvas: Canvas, card: Banknote, context: FaceContext, column: Rect,
               front: bool) -> None:  # fmt: skip
    """The bank's name over the value in figures and words and a line of flavour (the
    front), or over the note's name and the game's title between two records (the back)."""
    design = context.deck.spec.back
    what = card_name(card)
    ink = context.ink_on(PAPER, _note_colour(card.value))
    cx = column.centre[0]
    canvas.setFillColor(ink)
    centred_line(
        canvas, design.title.upper(), cx, column.top - 2.6 * MM, BODY_BOLD, 7.5, column.width, what
    )
    if front:
        value = money(card.value)
        value_size = fit_line(value, DISPLAY, 26, column.width, what)
        value_base = column.top - 5.4 * MM - value_size * DISPLAY_CAP
        canvas.setFont(DISPLAY, value_size)
        canvas.drawCentredString(cx, value_base, value)
        words_base = value_base - 4.4 * MM
        centred_line(
            canvas, in_words(card.value).upper(), cx, words_base, BODY_BOLD, 8, column.width, what
        )
        flavour = Rect(column.x, column.y, column.width, words_base - 1.8 * MM - column.y)
        text_in(canvas, card.text, flavour, what, ink, font=BODY_ITALIC, size=7.5, valign=0.5)
    else:
        centred_line(
            canvas, card.name, cx, column.centre[1] - 2.5 * MM, DISPLAY, 18, column.width, what
        )
        title = context.game.title.upper()
        base = column.y + 1.5 * MM
        half = text_width(title, BODY_BOLD, 7) / 2
        centred_line(canvas, title, cx, base, BODY_BOLD, 7, column.width, what)
        if half + 4.2 * MM <= column.width / 2:  # a record either side when there is room
            for side in (-1, 1):
                record(canvas, cx + side * (half + 2.5 * MM), base + 2.4, 3.2 * MM)
