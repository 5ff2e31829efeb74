"""The Music Game Thingy: a record-label look for the seven decks.

Every card sits on cream paper under a band in the colour of its type. Action
cards name their type twice over: a label in a pill beside a symbol drawn for
that type (a record for a Single, a microphone for a Venue, a bomb for
Sabotage ...), so colour is never the only cue. The numbers a player needs
mid-game (dice, income, minimum Fame, fees, hand limits, how long a card
lasts) come from the cards' typed fields and are drawn beside the rule text.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from xml.sax.saxutils import escape

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.enums import TA_CENTER, TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from pnp.catalog.schemas.music_game_thingy import (
    ActionCard,
    ArtistCard,
    Banknote,
    Lasts,
    MonthCard,
    OrderMarker,
    Release,
    TourCard,
    Venue,
    YearCard,
)
from pnp.catalog.schemas.music_game_thingy_words import (
    CARD_TYPE_LABELS,
    LASTS_LABELS,
    dice_words,
    in_words,
    money,
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
from pnp.kit.faces.shapes import die, record, star
from pnp.kit.fonts import (
    BODY,
    BODY_BOLD,
    BODY_ITALIC,
    DISPLAY,
    new_canvas,
    register_fonts,
    text_width,
)
from pnp.kit.geometry import MM, Rect

PAPER = "#f8f2e4"
INK = "#1f1a17"
WHITE = "#ffffff"
GOLD = "#e9b949"
#: Titles smaller than this on one line are set on two.
TITLE_ONE_LINE_MIN = 13.0
#: How far Fjalla One reaches above (the dot of an i) and below the baseline, in ems,
#: and the leading of two-line titles.
DISPLAY_ASCENT = 0.93
#: The height of Fjalla One's capitals and figures, in ems (for centring them).
DISPLAY_CAP = 0.834
DISPLAY_DESCENT = 0.224
TITLE_LEADING = 1.08

Symbol = Callable[[Canvas, float, float, float], None]


# --- colour helpers ------------------------------------------------------------------------


def _mix(colour: Color, other: Color, amount: float) -> Color:
    """``colour`` moved ``amount`` (0 to 1) of the way towards ``other``."""
    return Color(
        colour.red + (other.red - colour.red) * amount,
        colour.green + (other.green - colour.green) * amount,
        colour.blue + (other.blue - colour.blue) * amount,
    )


def _is_light(hex_colour: str) -> bool:
    colour = HexColor(hex_colour)
    return 0.299 * colour.red + 0.587 * colour.green + 0.114 * colour.blue > 0.6


def _set_fill(canvas: Canvas, colour: Color) -> None:
    canvas.setFillColor(colour)
    canvas.setStrokeColor(colour)


# --- symbols (each centred on x, y and about ``size`` tall, in the fill colour) -------------


@contextmanager
def _cutting(canvas: Canvas) -> Iterator[None]:
    """Draw holes in a symbol (in white), then go back to the symbol's colours."""
    canvas.saveState()
    canvas.setFillColor(Color(1, 1, 1))
    canvas.setStrokeColor(Color(1, 1, 1))
    try:
        yield
    finally:
        canvas.restoreState()


def _single(canvas: Canvas, x: float, y: float, size: float) -> None:
    """A 7-inch record."""
    record(canvas, x, y, size)


def _ep(canvas: Canvas, x: float, y: float, size: float) -> None:
    """A cassette: a rounded body, a label window and two spools."""
    w, h = size * 1.1, size * 0.72
    canvas.roundRect(x - w / 2, y - h / 2, w, h, size * 0.08, stroke=0, fill=1)
    with _cutting(canvas):
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
    with _cutting(canvas):
        canvas.drawPath(p, stroke=0, fill=1)


def _sleeve(canvas: Canvas, x: float, y: float, size: float) -> None:
    """A record sleeve: a white square outlined in the stroke colour, with a
    filled label carrying a star."""
    canvas.setLineWidth(max(0.6, size * 0.07))
    canvas.saveState()
    canvas.setFillColor(Color(1, 1, 1))
    canvas.rect(x - size / 2, y - size / 2, size, size, stroke=1, fill=1)
    canvas.restoreState()
    canvas.rect(x - size * 0.32, y - size * 0.32, size * 0.64, size * 0.64, stroke=0, fill=1)
    with _cutting(canvas):
        star(canvas, x, y, size * 0.45)


def _album(canvas: Canvas, x: float, y: float, size: float) -> None:
    """A record sliding out of its sleeve."""
    s = size * 0.82
    record(canvas, x + size * 0.2, y, s)
    _sleeve(canvas, x - size * 0.14, y, s)


def _double_album(canvas: Canvas, x: float, y: float, size: float) -> None:
    """An open gatefold: two sleeves side by side, a record peeking from each."""
    s = size * 0.62
    for dx in (-0.5, 0.5):
        record(canvas, x + dx * s, y + size * 0.16, s * 0.9)
        _sleeve(canvas, x + dx * s, y - size * 0.1, s)


def _microphone(canvas: Canvas, x: float, y: float, size: float) -> None:
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
    with _cutting(canvas):
        canvas.setLineWidth(max(0.3, size * 0.025))
        for row in (0.45, 0.65, 0.85):
            canvas.line(x - 0.2 * s, y + row * s, x + 0.2 * s, y + row * s)


def _ticket(canvas: Canvas, x: float, y: float, size: float) -> None:
    """A ticket with notched ends and a tear-off stub."""
    w, h = size * 1.15, size * 0.62
    canvas.rect(x - w / 2, y - h / 2, w, h, stroke=0, fill=1)
    with _cutting(canvas):
        for dx in (-w / 2, w / 2):
            canvas.circle(x + dx, y, h * 0.2, stroke=0, fill=1)
        for i in range(5):
            canvas.circle(x + w * 0.22, y - h * 0.4 + i * h * 0.2, h * 0.045, stroke=0, fill=1)
        star(canvas, x - w * 0.1, y, h * 0.62)


def _speaker(canvas: Canvas, x: float, y: float, size: float) -> None:
    """A speaker cabinet on a flight case (the Road Crew's kit)."""
    s = size / 2
    canvas.roundRect(x - 0.7 * s, y - s, 1.4 * s, 2 * s, 0.1 * s, stroke=0, fill=1)
    with _cutting(canvas):
        canvas.circle(x, y - 0.35 * s, 0.42 * s, stroke=0, fill=1)
        canvas.circle(x, y + 0.55 * s, 0.22 * s, stroke=0, fill=1)
    canvas.circle(x, y - 0.35 * s, 0.16 * s, stroke=0, fill=1)
    canvas.circle(x, y + 0.55 * s, 0.08 * s, stroke=0, fill=1)


def _spotlight(canvas: Canvas, x: float, y: float, size: float) -> None:
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


def _megaphone(canvas: Canvas, x: float, y: float, size: float) -> None:
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


def _falling_star(canvas: Canvas, x: float, y: float, size: float) -> None:
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


def _scales(canvas: Canvas, x: float, y: float, size: float) -> None:
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


def _swap(canvas: Canvas, x: float, y: float, size: float) -> None:
    """Two arrows passing each other (Contract Exchange)."""
    s = size / 2
    canvas.setLineWidth(max(0.7, size * 0.11))
    _arrow(canvas, x - 0.9 * s, x + 0.9 * s, y + 0.35 * s, s)
    _arrow(canvas, x + 0.9 * s, x - 0.9 * s, y - 0.35 * s, s)


def _torn_page(canvas: Canvas, x: float, y: float, size: float) -> None:
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
        with _cutting(canvas):
            canvas.setLineWidth(max(0.3, size * 0.035))
            for row in (0.55, 0.25, -0.05, -0.35):
                start = 0.16 * s if side > 0 else -0.5 * s
                canvas.line(start, row * s, start + 0.34 * s, row * s)
        canvas.restoreState()


def _lightning(canvas: Canvas, x: float, y: float, size: float) -> None:
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


def _bomb(canvas: Canvas, x: float, y: float, size: float) -> None:
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
    with _cutting(canvas):
        canvas.circle(x - 0.38 * s, y + 0.05 * s, 0.14 * s, stroke=0, fill=1)


def _magnifier(canvas: Canvas, x: float, y: float, size: float) -> None:
    """A magnifying glass (Commercial Spies)."""
    s = size / 2
    canvas.setLineWidth(max(0.7, size * 0.12))
    canvas.circle(x - 0.2 * s, y + 0.2 * s, 0.55 * s, stroke=1, fill=0)
    canvas.setLineWidth(max(1.0, size * 0.2))
    canvas.setLineCap(1)
    canvas.line(x + 0.22 * s, y - 0.22 * s, x + 0.8 * s, y - 0.8 * s)
    canvas.setLineCap(0)


def _sports_car(canvas: Canvas, x: float, y: float, size: float) -> None:
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
    with _cutting(canvas):
        canvas.drawPath(p, stroke=0, fill=1)
        for dx in (-0.55, 0.58):
            canvas.circle(x + dx * s, y - 0.35 * s, 0.25 * s, stroke=0, fill=1)
    for dx in (-0.55, 0.58):
        canvas.circle(x + dx * s, y - 0.35 * s, 0.19 * s, stroke=0, fill=1)


def _tour_van(canvas: Canvas, x: float, y: float, size: float) -> None:
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
    with _cutting(canvas):
        canvas.drawPath(p, stroke=0, fill=1)
        star(canvas, x - 0.28 * s, y + 0.15 * s, 0.55 * s)
        for dx in (-0.6, 0.62):
            canvas.circle(x + dx * s, y - 0.45 * s, 0.24 * s, stroke=0, fill=1)
    for dx in (-0.6, 0.62):
        canvas.circle(x + dx * s, y - 0.45 * s, 0.17 * s, stroke=0, fill=1)


def _small_calendar(canvas: Canvas, x: float, y: float, size: float) -> None:
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


def _one_use(canvas: Canvas, x: float, y: float, size: float) -> None:
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


def _forever(canvas: Canvas, x: float, y: float, size: float) -> None:
    """Two linked loops: kept for the whole game."""
    s = size / 2
    canvas.setLineWidth(max(0.6, size * 0.1))
    canvas.circle(x - 0.42 * s, y, 0.42 * s, stroke=1, fill=0)
    canvas.circle(x + 0.42 * s, y, 0.42 * s, stroke=1, fill=0)


def _hand(canvas: Canvas, x: float, y: float, size: float, background: Color) -> None:
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


def _clock(canvas: Canvas, x: float, y: float, size: float) -> None:
    """A clock face: may be played at any time."""
    s = size / 2
    canvas.setLineWidth(max(0.5, size * 0.09))
    canvas.circle(x, y, 0.85 * s, stroke=1, fill=0)
    canvas.line(x, y, x, y + 0.55 * s)
    canvas.line(x, y, x + 0.4 * s, y - 0.15 * s)


# --- Action card types ---------------------------------------------------------------------


@dataclass(frozen=True)
class TypeStyle:
    """How one Action card type looks: its band colour, ink and symbol."""

    type: str
    colour: str
    ink: str
    symbol: Symbol

    @property
    def label(self) -> str:
        """The type's name as the card's label says it."""
        return CARD_TYPE_LABELS[self.type]

    @property
    def on_paper(self) -> str:
        """The type's colour for text and symbols on the cream paper."""
        return self.ink if _is_light(self.colour) else self.colour


STYLES: dict[str, TypeStyle] = {
    # records: warm reds and purples
    "single": TypeStyle("single", "#d7263d", WHITE, _single),
    "ep": TypeStyle("ep", "#e8590c", WHITE, _ep),
    "album": TypeStyle("album", "#8e2c8e", WHITE, _album),
    "double-album": TypeStyle("double-album", "#4f2277", WHITE, _double_album),
    # concerts: blues and greens
    "venue": TypeStyle("venue", "#1b6ca8", WHITE, _microphone),
    "extra-date": TypeStyle("extra-date", "#138a8a", WHITE, _ticket),
    "road-crew": TypeStyle("road-crew", "#2f4858", WHITE, _speaker),
    "stage-lights": TypeStyle("stage-lights", "#f2c14e", "#2b1d0e", _spotlight),
    # Fame
    "hype": TypeStyle("hype", "#e0457b", WHITE, _megaphone),
    "backlash": TypeStyle("backlash", "#5c5470", WHITE, _falling_star),
    # contracts
    "lawyers": TypeStyle("lawyers", "#264653", WHITE, _scales),
    "contract-exchange": TypeStyle("contract-exchange", "#4f772d", WHITE, _swap),
    "contract-waiver": TypeStyle("contract-waiver", "#a3b18a", "#1f2a14", _torn_page),
    # dirty tricks
    "disaster": TypeStyle("disaster", "#9d0208", WHITE, _lightning),
    "sabotage": TypeStyle("sabotage", "#3c1518", "#f7d6c4", _bomb),
    "commercial-spies": TypeStyle("commercial-spies", "#6b705c", WHITE, _magnifier),
    # conspicuous consumption
    "sports-car": TypeStyle("sports-car", "#1c1c1c", GOLD, _sports_car),
}

LASTS: dict[Lasts, tuple[str, Symbol]] = {
    "month": (LASTS_LABELS["month"], _one_use),
    "year": (LASTS_LABELS["year"], _small_calendar),
    "game": (LASTS_LABELS["game"], _forever),
    "until-album": (LASTS_LABELS["until-album"], _single),
}

# --- drawing helpers -----------------------------------------------------------------------


Run = tuple[str, str, float]


def _runs(
    canvas: Canvas, runs: Sequence[Run], cx: float, y: float, width: float, what: str, colour: Color
) -> float:
    """Draw runs of (text, font, size) as one centred line on baseline ``y``,
    shrunk together to fit ``width``; return the scale used."""
    total = sum(text_width(text, font, size) for text, font, size in runs)
    scale = min(1.0, width / total) if total else 1.0
    smallest = min(size for _, _, size in runs) * scale
    if smallest < MIN_TEXT_SIZE - 0.01:
        text = "".join(text for text, _, _ in runs)
        raise TextOverflowError(
            f"{what}: {text!r} does not fit on one line of {width / MM:.0f} mm "
            f"even at {MIN_TEXT_SIZE:g} pt"
        )
    x = cx - total * scale / 2
    canvas.setFillColor(colour)
    for text, font, size in runs:
        canvas.setFont(font, size * scale)
        canvas.drawString(x, y, text)
        x += text_width(text, font, size * scale)
    return scale


def _text(
    canvas: Canvas,
    text: str,
    rect: Rect,
    what: str,
    colour: Color,
    *,
    font: str = BODY,
    size: float = 10.0,
    centred: bool = True,
    valign: float = 0.5,
) -> float:
    """A TextBox placed ``valign`` of the way down the room it leaves in ``rect``
    (0 = top, 0.5 = middle); return the size used."""
    box = TextBox(text, rect, font=font, size=size, colour=colour, centred=centred)
    used = box.draw(new_canvas(io.BytesIO(), (rect.width, rect.height)), what)
    style = ParagraphStyle(
        "measure",
        fontName=font,
        fontSize=used,
        leading=used * box.leading,
        alignment=TA_CENTER if centred else TA_LEFT,
    )
    body = escape(text).replace("\n", "<br/>")
    _, height = Paragraph(body, style).wrap(rect.width, rect.height)
    drop = max(0.0, rect.height - height) * valign
    placed = Rect(rect.x, rect.y, rect.width, rect.height - drop)
    return TextBox(text, placed, font=font, size=used, colour=colour, centred=centred).draw(
        canvas, what
    )


def _split_two(text: str) -> list[str]:
    words = text.split(" ")
    if len(words) == 1:
        return [text]
    best = min(
        range(1, len(words)),
        key=lambda i: abs(len(" ".join(words[:i])) - len(" ".join(words[i:]))),
    )
    return [" ".join(words[:best]), " ".join(words[best:])]


def _title(
    canvas: Canvas,
    text: str,
    rect: Rect,
    size: float,
    what: str,
    colour: Color,
    one_line_min: float = TITLE_ONE_LINE_MIN,
) -> None:
    """A title centred in ``rect``: one line if it fits at ``one_line_min`` or
    more, else two balanced lines at one size."""
    register_fonts()
    one = fit_line(text, DISPLAY, size, rect.width, what)
    lines = [text]
    used = one
    if one < one_line_min and " " in text:
        lines = _split_two(text)
        used = min(fit_line(line, DISPLAY, size, rect.width, what) for line in lines)
    # the block from the first line's ascenders to the last line's descenders fits the box
    block = (len(lines) - 1) * TITLE_LEADING + DISPLAY_ASCENT + DISPLAY_DESCENT
    used = min(used, rect.height / block)
    if used < MIN_TEXT_SIZE:
        raise TextOverflowError(f"{what}: the title {text!r} does not fit its box")
    canvas.setFillColor(colour)
    canvas.setFont(DISPLAY, used)
    cx, cy = rect.centre
    first = cy + block * used / 2 - DISPLAY_ASCENT * used
    for number, line in enumerate(lines):
        canvas.drawCentredString(cx, first - number * TITLE_LEADING * used, line)


def _band_height(title: str, width: float) -> float:
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
    canvas.setStrokeColor(_mix(colour, Color(1, 1, 1), 0.14))
    canvas.setLineWidth(0.45)
    radius = 7 * MM
    while radius < 60 * MM:
        canvas.circle(cx, cy, radius, stroke=1, fill=0)
        radius += 1.6 * MM
    canvas.setFillColor(_mix(colour, Color(1, 1, 1), 0.1))
    canvas.circle(cx, cy, 5.5 * MM, stroke=0, fill=1)
    canvas.restoreState()


def _band(canvas: Canvas, context: FaceContext, hex_colour: str, bottom: float) -> None:
    """The coloured band from ``bottom`` to the top of the bleed, with record
    grooves peeking in from the right (plain in ink-saver mode)."""
    box = context.bleed_box
    band = Rect(box.x, bottom, box.width, box.top - bottom)
    fill = context.fill_colour(hex_colour)
    canvas.setFillColor(fill)
    canvas.rect(band.x, band.y, band.width, band.height, stroke=0, fill=1)
    if not context.options.ink_saver:
        _grooves(canvas, context, band, fill, context.width + 6 * MM, bottom + band.height * 0.4)


def _pill(
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
    _set_fill(canvas, ink)
    symbol(canvas, x + 1.4 * MM + icon / 2, y + height / 2, icon)
    _set_fill(canvas, ink)
    canvas.setFont(BODY_BOLD, used)
    canvas.drawString(x + icon + 2.4 * MM, y + height / 2 - used * 0.34, text)
    return Rect(x, y, width, height)


def _dice(
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
        _set_fill(canvas, ink)
        die(canvas, x, cy, size, faces[index % len(faces)])
        x += size + gap


def _stat_line(
    canvas: Canvas,
    context: FaceContext,
    top: float,
    runs: Sequence[Run],
    what: str,
    icon: Symbol | None = None,
    hex_ink: str = INK,
) -> float:
    """A centred line of runs (optionally after an icon) below ``top``; return its bottom."""
    safe = context.safe
    height = max(size for _, _, size in runs)
    baseline = top - height * 0.8
    ink = context.ink_on(PAPER, hex_ink)
    if icon is None:
        _runs(canvas, runs, safe.centre[0], baseline, safe.width - 2 * MM, what, ink)
    else:
        icon_size = min(height * 0.95, 4.5 * MM)
        text_total = sum(text_width(t, f, s) for t, f, s in runs)
        room = safe.width - 2 * MM - icon_size - 1.5 * MM
        scale = min(1.0, room / text_total)
        total = icon_size + 1.5 * MM + text_total * scale
        left = safe.centre[0] - total / 2
        _set_fill(canvas, ink)
        icon(canvas, left + icon_size / 2, baseline + height * 0.28, icon_size)
        text_left = left + icon_size + 1.5 * MM
        _runs(canvas, runs, text_left + text_total * scale / 2, baseline, room, what, ink)
    return top - height * 1.15


# --- Action cards --------------------------------------------------------------------------


def _action_stats(
    canvas: Canvas, card: ActionCard, context: FaceContext, top: float, style: TypeStyle
) -> float:
    """The typed numbers of an Action card below ``top``; return where they end."""
    effect = card.effect
    what = card_name(card)
    safe = context.safe
    cx = safe.centre[0]
    ink = style.on_paper
    big = 15.0
    if isinstance(effect, (Release, Venue)):
        dice = effect.sales_dice if isinstance(effect, Release) else effect.dice
        size = 7 * MM if dice <= 4 else 6 * MM
        _dice(canvas, context, dice, cx, top - size / 2, size, ink)
        y = top - size - 1.2 * MM
        y = _stat_line(
            canvas,
            context,
            y,
            [
                (f"{dice_words(dice)}  ", BODY_BOLD, 10),
                ("\u00d7 ", BODY_BOLD, 10),
                (money(effect.income_per_unit), DISPLAY, big),
                (" per point", BODY_BOLD, 10),
            ],
            what,
            hex_ink=ink,
        )
        if isinstance(effect, Release):
            chart = "Singles" if effect.chart == "singles" else "Albums"
            y = _stat_line(
                canvas,
                context,
                y - 0.6 * MM,
                [
                    (f"Top of the {chart} chart: ", BODY, 8.5),
                    (f"+{effect.chart_fame} Fame", BODY_BOLD, 8.5),
                ],
                what,
                icon=star,
            )
            if effect.needs_single:
                y = _stat_line(
                    canvas,
                    context,
                    y - 0.2 * MM,
                    [("Needs a Single or EP under the Artist", BODY_BOLD, 8)],
                    what,
                    icon=_single,
                )
        elif effect.min_fame > 0:
            y = _stat_line(
                canvas,
                context,
                y - 0.6 * MM,
                [("Needs Fame ", BODY_BOLD, 9), (f"{effect.min_fame}+", DISPLAY, 11)],
                what,
                icon=star,
            )
        return y
    headline, caption = card.headline(context.deck.cards)
    symbol_size = 12 * MM
    _set_fill(canvas, context.icon_on(PAPER, ink))
    style.symbol(
        canvas, safe.x + 4 * MM + symbol_size / 2, top - symbol_size / 2 - 0.5 * MM, symbol_size
    )
    text_left = safe.x + 8 * MM + symbol_size
    width = safe.right - text_left - 1 * MM
    text_cx = text_left + width / 2
    colour = context.ink_on(PAPER, ink)
    canvas.setFillColor(colour)
    used = centred_line(canvas, headline, text_cx, top - 6 * MM, DISPLAY, 17, width, what)
    del used
    TextBox(
        caption,
        Rect(text_left, top - 13.5 * MM, width, 6.5 * MM),
        font=BODY_BOLD,
        size=8.5,
        colour=context.ink_on(PAPER, INK),
        centred=True,
    ).draw(canvas, what)
    return top - max(symbol_size + 1 * MM, 13.5 * MM)


def _action_footer(
    canvas: Canvas, card: ActionCard, context: FaceContext, style: TypeStyle
) -> float:
    """How long the card lasts, who may play it when, and its hand limit; return
    the top of the footer."""
    safe = context.safe
    what = card_name(card)
    ink = context.ink_on(PAPER, INK)
    label, icon = LASTS[card.lasts]
    row = safe.y + 0.5 * MM
    height = 5.5 * MM
    canvas.setStrokeColor(context.colour(style.on_paper))
    canvas.setLineWidth(0.6)
    canvas.line(safe.x + 1 * MM, row + height + 1 * MM, safe.right - 1 * MM, row + height + 1 * MM)
    _set_fill(canvas, ink)
    icon(canvas, safe.x + 3.2 * MM, row + height / 2, 3.8 * MM)
    _set_fill(canvas, ink)
    size = fit_line(label.upper(), BODY_BOLD, 7.5, safe.width / 2, what)
    canvas.setFont(BODY_BOLD, size)
    canvas.drawString(safe.x + 6.2 * MM, row + height / 2 - 2.6, label.upper())
    if card.out_of_turn:
        text = "PLAY ANY TIME"
        width = text_width(text, BODY_BOLD, 7.5)
        right = safe.right - 1 * MM
        canvas.drawString(right - width, row + height / 2 - 2.6, text)
        _clock(canvas, right - width - 2.6 * MM, row + height / 2, 3.6 * MM)
    top = row + height + 1 * MM
    limit = card.hand_limit.words() if card.hand_limit is not None else None
    if limit is not None:
        strip = Rect(safe.x + 1 * MM, top + 1.2 * MM, safe.width - 2 * MM, 6 * MM)
        canvas.setFillColor(context.fill_colour(style.colour))
        canvas.roundRect(strip.x, strip.y, strip.width, strip.height, 1.5 * MM, stroke=0, fill=1)
        on_strip = context.ink_on(style.colour, style.ink)
        _set_fill(canvas, on_strip)
        _hand(
            canvas, strip.x + 3.5 * MM, strip.centre[1], 3.8 * MM, context.fill_colour(style.colour)
        )
        _set_fill(canvas, on_strip)
        room = strip.width - 8 * MM
        used = fit_line(limit, BODY_BOLD, 9, room, what)
        canvas.setFont(BODY_BOLD, used)
        canvas.drawString(strip.x + 7 * MM, strip.centre[1] - used * 0.34, limit)
        top = strip.top
    return top


@face("mgt-action", back=deck_back)
def action_front(canvas: Canvas, card: ActionCard, context: FaceContext) -> None:
    """An Action card: type pill and name in a coloured band, the numbers, the
    rule text, then how long it lasts and its hand limit."""
    style = STYLES[card.effect.type]
    what = card_name(card)
    safe = context.safe
    context.background(canvas, PAPER)
    band_bottom = safe.top - _band_height(card.name, safe.width - 2 * MM)
    _band(canvas, context, style.colour, band_bottom)
    pill = _pill(
        canvas,
        context,
        safe.x + 1 * MM,
        safe.top - 7 * MM,
        style.label,
        style.symbol,
        style.on_paper,
        what,
    )
    name_box = Rect(
        safe.x + 1 * MM,
        band_bottom + 1.5 * MM,
        safe.width - 2 * MM,
        pill.y - band_bottom - 2.5 * MM,
    )
    _title(canvas, card.name, name_box, 20, what, context.ink_on(style.colour, style.ink))
    stats_bottom = _action_stats(canvas, card, context, band_bottom - 2.5 * MM, style)
    footer_top = _action_footer(canvas, card, context, style)
    text_box = Rect(
        safe.x + 1.5 * MM,
        footer_top + 1.5 * MM,
        safe.width - 3 * MM,
        stats_bottom - footer_top - 3.5 * MM,
    )
    _text(canvas, card.text, text_box, what, context.ink_on(PAPER, INK), size=10.5, valign=0.4)


# --- Month cards ---------------------------------------------------------------------------


def _year_dots(canvas: Canvas, context: FaceContext, number: int, cy: float, hex_ink: str) -> None:
    """Twelve dots for the months of the year, this one ringed and the past ones filled."""
    safe = context.safe
    step = (safe.width - 8 * MM) / 11
    ink = context.ink_on(PAPER, hex_ink)
    canvas.setStrokeColor(ink)
    canvas.setFillColor(ink)
    canvas.setLineWidth(0.8)
    for index in range(12):
        x = safe.x + 4 * MM + index * step
        if index + 1 == number:
            canvas.circle(x, cy, 1.6 * MM, stroke=1, fill=1)
        else:
            canvas.circle(x, cy, 0.9 * MM, stroke=1, fill=1 if index + 1 < number else 0)


@face("mgt-month", back=deck_back)
def month_front(canvas: Canvas, card: MonthCard, context: FaceContext) -> None:
    """A calendar page: the month's number and name, a dot per month of the
    year, and the special rule when there is one."""
    design = context.deck.spec.back
    what = card_name(card)
    safe = context.safe
    context.background(canvas, PAPER)
    band_bottom = safe.top - 30 * MM
    _band(canvas, context, design.colour, band_bottom)
    on_band = context.ink_on(design.colour, design.ink)
    canvas.setFillColor(context.colour(PAPER) if not context.options.ink_saver else Color(1, 1, 1))
    canvas.setStrokeColor(on_band)
    canvas.setLineWidth(0.8)
    for dx in (-14 * MM, 14 * MM):
        canvas.circle(safe.centre[0] + dx, safe.top - 2 * MM, 1.3 * MM, stroke=1, fill=1)
    canvas.setFillColor(on_band)
    canvas.setFont(BODY_BOLD, 8)
    canvas.drawCentredString(safe.centre[0], safe.top - 2 * MM - 2.8, f"MONTH {card.number} OF 12")
    canvas.setFont(DISPLAY, 46)
    canvas.drawCentredString(safe.centre[0], band_bottom + 10 * MM, str(card.number))
    centred_line(
        canvas,
        card.name.upper(),
        safe.centre[0],
        band_bottom + 3 * MM,
        DISPLAY,
        17,
        safe.width - 4 * MM,
        what,
    )
    _year_dots(canvas, context, card.number, band_bottom - 4 * MM, design.colour)
    panel = Rect(
        safe.x + 1 * MM,
        safe.y + 1 * MM,
        safe.width - 2 * MM,
        band_bottom - 8 * MM - safe.y - 1 * MM,
    )
    ink = context.ink_on(PAPER, INK)
    if card.rule is None:
        canvas.setFillColor(context.fill_colour("#ece3cc"))
        canvas.circle(panel.centre[0], panel.centre[1] + 3 * MM, 13 * MM, stroke=0, fill=1)
        _set_fill(canvas, context.icon_on(PAPER, design.colour))
        _small_calendar(canvas, panel.centre[0], panel.centre[1] + 4 * MM, 13 * MM)
        canvas.setFillColor(ink)
        canvas.setFont(BODY_ITALIC, 10)
        canvas.drawCentredString(panel.centre[0], panel.y + 6 * MM, "No special rule this month.")
        return
    canvas.setStrokeColor(context.colour(design.colour))
    canvas.setFillColor(context.colour(WHITE))
    canvas.setLineWidth(1.2)
    canvas.roundRect(panel.x, panel.y, panel.width, panel.height, 3 * MM, stroke=1, fill=1)
    canvas.setFillColor(context.ink_on(PAPER, design.colour))
    canvas.setFont(BODY_BOLD, 7.5)
    canvas.drawCentredString(panel.centre[0], panel.top - 5 * MM, "SPECIAL RULE THIS MONTH")
    title = Rect(panel.x + 2.5 * MM, panel.top - 19 * MM, panel.width - 5 * MM, 12 * MM)
    _title(canvas, card.rule.title, title, 16, what, context.ink_on(PAPER, design.colour), 15)
    rule = Rect(
        panel.x + 3 * MM, panel.y + 2.5 * MM, panel.width - 6 * MM, title.y - panel.y - 4.5 * MM
    )
    _text(canvas, card.rule.text, rule, what, ink, size=11, valign=0.35)


# --- The Year card -------------------------------------------------------------------------


def _boxes(
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


@face("mgt-year", back=deck_back)
def year_front(canvas: Canvas, card: YearCard, context: FaceContext) -> None:
    """The Year card: name, how to use it, and a box per year for the counter."""
    design = context.deck.spec.back
    what = card_name(card)
    safe = context.safe
    context.background(canvas, PAPER)
    band_bottom = safe.top - 20 * MM
    _band(canvas, context, design.colour, band_bottom)
    on_band = context.ink_on(design.colour, design.ink)
    canvas.setFillColor(on_band)
    canvas.setFont(BODY_BOLD, 8)
    canvas.drawCentredString(safe.centre[0], safe.top - 4 * MM, "THE YEAR CARD")
    _title(
        canvas,
        card.name,
        Rect(safe.x + 2 * MM, band_bottom + 2 * MM, safe.width - 4 * MM, 12 * MM),
        24,
        what,
        on_band,
    )
    values = list(range(card.track.min, card.track.max + 1))
    columns = 5 if len(values) > 6 else len(values)
    rows = math.ceil(len(values) / columns)
    track = Rect(safe.x + 1 * MM, safe.y + 1 * MM, safe.width - 2 * MM, rows * 11.5 * MM)
    ink = context.ink_on(PAPER, design.colour)
    last = min(values)
    _boxes(
        canvas,
        context,
        values,
        track,
        columns,
        design.colour,
        shade=lambda v: GOLD if v == last else None,
        number_size=15,
        notes={last: "LAST"},
    )
    canvas.setFillColor(ink)
    canvas.setFont(BODY_BOLD, 7.5)
    canvas.drawCentredString(safe.centre[0], track.top + 2 * MM, "YEARS LEFT TO PLAY")
    text = Rect(
        safe.x + 2 * MM,
        track.top + 6.5 * MM,
        safe.width - 4 * MM,
        band_bottom - track.top - 9.5 * MM,
    )
    canvas.setFillColor(context.fill_colour(GOLD))
    star(canvas, safe.centre[0], band_bottom - 7 * MM, 9 * MM)
    text = Rect(text.x, text.y, text.width, text.height - 12 * MM)
    TextBox(
        card.text, text, font=BODY, size=10.5, colour=context.ink_on(PAPER, INK), centred=True
    ).draw(canvas, what)


# --- Tour cards ----------------------------------------------------------------------------


def _tour_cell(
    canvas: Canvas,
    context: FaceContext,
    box: Rect,
    caption: str,
    value: str,
    hex_ink: str,
    what: str,
) -> None:
    ink = context.ink_on(PAPER, hex_ink)
    canvas.setStrokeColor(ink)
    canvas.setFillColor(context.colour(WHITE))
    canvas.setLineWidth(0.8)
    canvas.roundRect(box.x, box.y, box.width, box.height, 1.5 * MM, stroke=1, fill=1)
    canvas.setFillColor(ink)
    canvas.setFont(BODY_BOLD, 7)
    canvas.drawCentredString(box.centre[0], box.top - 3.4 * MM, caption)
    centred_line(
        canvas, value, box.centre[0], box.y + 2 * MM, DISPLAY, 13, box.width - 2 * MM, what
    )


@face("mgt-tour", back=deck_back)
def tour_front(canvas: Canvas, card: TourCard, context: FaceContext) -> None:
    """A Tour: name, months on the road, the dice rolled each month, the
    Fame it needs, the fee and the Fame it brings home."""
    design = context.deck.spec.back
    what = card_name(card)
    safe = context.safe
    context.background(canvas, PAPER)
    band_bottom = safe.top - _band_height(card.name, safe.width - 2 * MM)
    _band(canvas, context, design.colour, band_bottom)
    pill = _pill(
        canvas, context, safe.x + 1 * MM, safe.top - 7 * MM, "Tour", _tour_van, design.colour, what
    )
    on_band = context.ink_on(design.colour, design.ink)
    name_box = Rect(
        safe.x + 1 * MM,
        band_bottom + 1.5 * MM,
        safe.width - 2 * MM,
        pill.y - band_bottom - 2.5 * MM,
    )
    _title(canvas, card.name, name_box, 20, what, on_band)
    # months on the road: a calendar per month
    ink_hex = design.colour
    ink = context.ink_on(PAPER, ink_hex)
    top = band_bottom - 2.5 * MM
    cal = 5 * MM
    gap = 1.5 * MM
    label = f"{card.months} months on the road" if card.months > 1 else "1 month on the road"
    label_width = text_width(label, BODY_BOLD, 9)
    total = card.months * cal + (card.months - 1) * gap + 2 * MM + label_width
    x = safe.centre[0] - total / 2
    _set_fill(canvas, ink)
    for _ in range(card.months):
        _small_calendar(canvas, x + cal / 2, top - cal / 2, cal)
        x += cal + gap
    canvas.setFont(BODY_BOLD, 9)
    canvas.drawString(x - gap + 2 * MM, top - cal / 2 - 3.1, label)
    # the dice rolled each month
    top -= cal + 2 * MM
    size = 6.5 * MM if card.dice <= 4 else 6 * MM
    _dice(canvas, context, card.dice, safe.centre[0], top - size / 2, size, ink_hex)
    y = top - size - 1.2 * MM
    y = _stat_line(
        canvas,
        context,
        y,
        [
            (f"{dice_words(card.dice)}  ", BODY_BOLD, 10),
            ("\u00d7 ", BODY_BOLD, 10),
            (money(card.income_per_unit), DISPLAY, 15),
            (" per point, each month", BODY_BOLD, 10),
        ],
        what,
        hex_ink=ink_hex,
    )
    # three cells: Fame needed, fee, Fame on return
    cells = Rect(safe.x + 1 * MM, y - 12.5 * MM, safe.width - 2 * MM, 11.5 * MM)
    width = (cells.width - 2 * 1.5 * MM) / 3
    values = (
        ("NEEDS FAME", f"{card.min_fame}+" if card.min_fame else "Any"),
        ("FEE", money(card.fee) if card.fee else "None"),
        ("HOME AGAIN", f"+{card.fame_award} Fame" if card.fame_award else "No Fame"),
    )
    for index, (caption, value) in enumerate(values):
        box = Rect(cells.x + index * (width + 1.5 * MM), cells.y, width, cells.height)
        _tour_cell(canvas, context, box, caption, value, ink_hex, what)
    text = Rect(safe.x + 1.5 * MM, safe.y + 1 * MM, safe.width - 3 * MM, cells.y - safe.y - 3 * MM)
    _text(canvas, card.text, text, what, context.ink_on(PAPER, INK), size=10.5, valign=0.4)


# --- Artist cards --------------------------------------------------------------------------


BONUS_TINTS = {1: "#f6dd9a", 2: GOLD}


@face("mgt-artist", back=deck_back)
def artist_front(canvas: Canvas, card: ArtistCard, context: FaceContext) -> None:
    """An Artist: name and genre, a Fame track with its die bonuses, and a
    Contract track; every box is big enough for a counter."""
    design = context.deck.spec.back
    what = card_name(card)
    safe = context.safe
    context.background(canvas, PAPER)
    two_lines = _band_height(card.name, safe.width - 2 * MM) > 19 * MM
    band_bottom = safe.top - (18 if two_lines else 16) * MM
    _band(canvas, context, design.colour, band_bottom)
    on_band = context.ink_on(design.colour, design.ink)
    _title(
        canvas,
        card.name,
        Rect(
            safe.x + 1 * MM,
            band_bottom + 5.5 * MM,
            safe.width - 2 * MM,
            safe.top - band_bottom - 5.5 * MM,
        ),
        19,
        what,
        on_band,
        14,
    )
    canvas.setFillColor(on_band)
    centred_line(
        canvas,
        card.genre,
        safe.centre[0],
        band_bottom + 2 * MM,
        BODY_ITALIC,
        10,
        safe.width - 4 * MM,
        what,
    )
    ink_hex = design.colour
    ink = context.ink_on(PAPER, ink_hex)
    columns = 5
    gap = 1.4 * MM
    left = safe.x + 1 * MM
    width = safe.width - 2 * MM
    cell_w = (width - (columns - 1) * gap) / columns
    cell_h = (6.6 if two_lines else 7) * MM
    track = card.fame_track
    values = list(range(track.min, track.max + 1))
    y = band_bottom - 1.2 * MM
    canvas.setFillColor(ink)
    canvas.setFont(BODY_BOLD, 8)
    canvas.drawString(left, y - 3 * MM, "FAME")
    star_x = left + text_width("FAME", BODY_BOLD, 8) + 2.5 * MM
    canvas.setFillColor(context.colour(GOLD) if not context.options.ink_saver else ink)
    star(canvas, star_x, y - 2.1 * MM, 3 * MM)
    y -= 4.2 * MM
    # rows of five; a new row starts where a die bonus begins
    headed = {b.at: b.per_die for b in track.bonuses}
    rows: list[list[int]] = []
    for value in values:
        if not rows or len(rows[-1]) == columns or value in headed:
            rows.append([])
        rows[-1].append(value)
    for row in rows:
        bonus = card.bonus_at(row[0])
        lone = len(row) == 1
        if row[0] in headed and not lone:
            upto = max(v for v in values if card.bonus_at(v) == bonus)
            heading = f"Fame {row[0]} to {upto}: +{bonus} to each die"
            canvas.setFillColor(ink)
            size = fit_line(heading, BODY_BOLD, 7.5, width, what)
            canvas.setFont(BODY_BOLD, size)
            canvas.drawString(left, y - 2.8 * MM, heading)
            y -= 3.8 * MM
        if lone:
            # a level of its own (the top of the track): one wide box, its bonus beside it
            box = Rect(left, y - cell_h, cell_w * 2 + gap, cell_h)
            tint = BONUS_TINTS.get(bonus)
            canvas.setFillColor(context.fill_colour(tint) if tint else context.colour(WHITE))
            canvas.setStrokeColor(ink)
            canvas.setLineWidth(0.9)
            canvas.roundRect(box.x, box.y, box.width, box.height, 1.2 * MM, stroke=1, fill=1)
            canvas.setFillColor(ink)
            canvas.setFont(DISPLAY, 13)
            canvas.drawCentredString(
                box.centre[0], box.centre[1] - 13 * DISPLAY_CAP / 2, str(row[0])
            )
            canvas.setFillColor(context.colour("#b5891b") if not context.options.ink_saver else ink)
            star(canvas, box.x + 3.2 * MM, box.centre[1], 3.6 * MM)
            star(canvas, box.right - 3.2 * MM, box.centre[1], 3.6 * MM)
            canvas.setFillColor(ink)
            if bonus:
                note = f"Fame {row[0]}: +{bonus} to each die"
                room = width - box.width - 2 * MM
                size = fit_line(note, BODY_BOLD, 7.5, room, what)
                canvas.setFont(BODY_BOLD, size)
                canvas.drawString(box.right + 2 * MM, box.centre[1] - size * 0.34, note)
        else:
            area = Rect(left, y - cell_h, cell_w * len(row) + gap * (len(row) - 1), cell_h)
            _boxes(
                canvas,
                context,
                row,
                area,
                len(row),
                ink_hex,
                shade=lambda v: BONUS_TINTS.get(card.bonus_at(v)),
            )
        y -= cell_h + gap
    # the Contract track, at the foot of the card
    contract = card.contract_track
    years = list(range(contract.min, contract.max + 1))
    box_h = 7.5 * MM
    area = Rect(left, safe.y + 0.5 * MM, width, box_h)
    canvas.setFillColor(ink)
    canvas.setFont(BODY_BOLD, 8)
    canvas.drawString(left, area.top + 1.4 * MM, "CONTRACT")
    canvas.setFont(BODY, 8)
    canvas.drawString(
        left + text_width("CONTRACT ", BODY_BOLD, 8), area.top + 1.4 * MM, "years left"
    )
    canvas.setStrokeColor(ink)
    canvas.setLineWidth(0.6)
    canvas.line(left, area.top + 5.2 * MM, left + width, area.top + 5.2 * MM)
    _boxes(canvas, context, years, area, len(years), ink_hex, number_size=13)
    if y < area.top + 5.2 * MM:
        raise TextOverflowError(f"{what}: the Fame track runs into the Contract track")


# --- Play-order markers --------------------------------------------------------------------


def marker_back(canvas: Canvas, card: OrderMarker, context: FaceContext) -> None:
    """The markers' back: the deck's pattern and its title on a panel sized for
    the small marker (the standard back's panel is too short for it)."""
    design = context.deck.spec.back
    what = f"back of deck {context.deck.id!r}"
    safe = context.safe
    context.background(canvas, design.colour)
    motif_pattern(canvas, context, design, step=7 * MM)
    panel = Rect(safe.x + 1 * MM, safe.centre[1] - 12 * MM, safe.width - 2 * MM, 24 * MM)
    canvas.setFillColor(context.fill_colour(design.colour))
    canvas.setStrokeColor(context.colour(design.ink))
    canvas.setLineWidth(1.4)
    canvas.roundRect(panel.x, panel.y, panel.width, panel.height, 3 * MM, stroke=1, fill=1)
    ink = context.ink_on(design.colour, design.ink)
    title = Rect(
        panel.x + 1.5 * MM, panel.y + 6 * MM, panel.width - 3 * MM, panel.height - 7.5 * MM
    )
    _title(canvas, design.title, title, 17, what, ink, 15)
    canvas.setFillColor(ink)
    centred_line(
        canvas,
        context.game.title,
        panel.centre[0],
        panel.y + 2.6 * MM,
        BODY_BOLD,
        7,
        panel.width - 3 * MM,
        what,
    )


@face("mgt-order-marker", back=marker_back)
def marker_front(canvas: Canvas, card: OrderMarker, context: FaceContext) -> None:
    """A play-order marker: the rank on the label of a record, the name, a reminder."""
    design = context.deck.spec.back
    what = card_name(card)
    safe = context.safe
    context.background(canvas, PAPER)
    band_bottom = safe.top - 29 * MM
    _band(canvas, context, design.colour, band_bottom)
    on_band = context.ink_on(design.colour, design.ink)
    canvas.setFillColor(on_band)
    canvas.setFont(BODY_BOLD, 7)
    canvas.drawCentredString(safe.centre[0], safe.top - 3 * MM, design.title.upper())
    cx, cy = safe.centre[0], band_bottom + 12.5 * MM
    radius = 11 * MM
    disc = context.fill_colour("#161616") if context.options.ink_saver else HexColor("#161616")
    canvas.setFillColor(disc)
    canvas.circle(cx, cy, radius, stroke=0, fill=1)
    canvas.setStrokeColor(
        _mix(disc, Color(1, 1, 1), 0.22) if not context.options.ink_saver else Color(0.6, 0.6, 0.6)
    )
    canvas.setLineWidth(0.4)
    r = radius - 1 * MM
    while r > 6.5 * MM:
        canvas.circle(cx, cy, r, stroke=1, fill=0)
        r -= 1.1 * MM
    canvas.setFillColor(context.colour(GOLD) if not context.options.ink_saver else Color(1, 1, 1))
    canvas.setStrokeColor(context.colour(INK))
    canvas.circle(cx, cy, 5.8 * MM, stroke=1 if context.options.ink_saver else 0, fill=1)
    canvas.setFillColor(context.colour(INK))
    canvas.setFont(DISPLAY, 24)
    canvas.drawCentredString(cx, cy - 24 * DISPLAY_CAP / 2, str(card.rank))
    ink = context.ink_on(PAPER, INK)
    name = Rect(safe.x + 0.5 * MM, band_bottom - 9 * MM, safe.width - 1 * MM, 7.5 * MM)
    _title(canvas, card.name, name, 15, what, context.ink_on(PAPER, design.colour), 11)
    text = Rect(
        safe.x + 0.5 * MM, safe.y + 0.5 * MM, safe.width - 1 * MM, name.y - safe.y - 1.5 * MM
    )
    _text(canvas, card.text, text, what, ink, size=10.5, valign=0.3)


# --- Banknotes -----------------------------------------------------------------------------

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


def _note_side(canvas: Canvas, card: Banknote, context: FaceContext, front: bool) -> None:
    design = context.deck.spec.back
    what = card_name(card)
    hex_colour = _note_colour(card.value)
    tone = HexColor(hex_colour)
    paper = _mix(tone, Color(1, 1, 1), 0.86 if front else 0.78)
    if context.options.ink_saver:
        paper = Color(1, 1, 1)
    box = context.bleed_box
    canvas.setFillColor(paper)
    canvas.rect(box.x, box.y, box.width, box.height, stroke=0, fill=1)
    if not context.options.ink_saver:
        _note_pattern(canvas, context, _mix(tone, Color(1, 1, 1), 0.7))
    safe = context.safe
    ink = context.ink_on(PAPER, hex_colour)
    # double border inside the safe area
    border = safe.inset(0.4 * MM)
    canvas.setStrokeColor(ink)
    canvas.setLineWidth(1.3)
    canvas.roundRect(border.x, border.y, border.width, border.height, 2 * MM, stroke=1, fill=0)
    canvas.setLineWidth(0.5)
    inner = border.inset(1.1 * MM)
    canvas.roundRect(inner.x, inner.y, inner.width, inner.height, 1.4 * MM, stroke=1, fill=0)
    content = inner.inset(1.8 * MM, 1.4 * MM)
    radius = content.height / 2 - 0.5 * MM
    seal_x = content.right - radius if front else content.x + radius
    _seal(canvas, context, seal_x, content.centre[1], radius, card.value, hex_colour)
    if front:
        column = Rect(content.x, content.y, content.width - 2 * radius - 2 * MM, content.height)
    else:
        column = Rect(
            content.x + 2 * radius + 2 * MM,
            content.y,
            content.width - 2 * radius - 2 * MM,
            content.height,
        )
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
        _text(canvas, card.text, flavour, what, ink, font=BODY_ITALIC, size=7.5, valign=0.5)
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


def money_back(canvas: Canvas, card: Banknote, context: FaceContext) -> None:
    """The back of a note: its name and value again, the seal on the other side."""
    _note_side(canvas, card, context, front=False)


@face("mgt-money", back=money_back)
def money_front(canvas: Canvas, card: Banknote, context: FaceContext) -> None:
    """A banknote: the value large, in figures and words, on a seal and in the
    note's own colour, with the bank's name and a line of flavour."""
    _note_side(canvas, card, context, front=True)
