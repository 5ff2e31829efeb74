"""What every card face drawing shares: the drawing context, colours (with
the ink-saver transformation), text that must fit its box, and the registry
that maps a deck kind to the functions drawing its fronts and backs.

A face function draws one side of one card with the canvas origin at the
lower-left corner of the card's trim and the canvas clipped to the card's
bleed. The PDF sheets and the PNG images call the same function.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.enums import TA_CENTER, TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from pnp.catalog.base import Card
from pnp.catalog.model import Deck, Game
from pnp.kit.fonts import BODY, register_fonts, text_width
from pnp.kit.geometry import MM, Edges, Rect

#: Nothing important closer than this to the trim.
SAFE_MARGIN = 3 * MM
#: No text smaller than this.
MIN_TEXT_SIZE = 7.0


class TextOverflowError(ValueError):
    """Text does not fit its box even at the smallest allowed size."""


@dataclass(frozen=True)
class FaceOptions:
    """Choices that change how faces look."""

    ink_saver: bool = False
    style: str = "french"
    four_colour: bool = False


@dataclass(frozen=True)
class FaceContext:
    """Everything a face function may use besides the card itself."""

    game: Game
    deck: Deck
    options: FaceOptions
    width: float
    height: float
    bleed: Edges

    @property
    def trim(self) -> Rect:
        return Rect(0, 0, self.width, self.height)

    @property
    def safe(self) -> Rect:
        """The area that keeps clear of the trim by the safe margin."""
        return self.trim.inset(SAFE_MARGIN)

    @property
    def bleed_box(self) -> Rect:
        b = self.bleed
        return self.trim.grow(b.left, b.bottom, b.right, b.top)

    # colours -------------------------------------------------------------
    def colour(self, hex_colour: str) -> Color:
        """A colour; in ink-saver mode its grey equivalent."""
        colour = HexColor(hex_colour)
        if not self.options.ink_saver:
            return colour
        grey = 0.299 * colour.red + 0.587 * colour.green + 0.114 * colour.blue
        return Color(grey, grey, grey)

    def fill_colour(self, hex_colour: str) -> Color:
        """A colour for a large area: in ink-saver mode a pale tint, never dark."""
        colour = self.colour(hex_colour)
        if not self.options.ink_saver:
            return colour
        tint = 0.88 + 0.1 * colour.red
        return Color(tint, tint, tint)

    def ink_on(self, hex_fill: str, hex_ink: str) -> Color:
        """The ink for text drawn on a large fill (dark in ink-saver mode)."""
        if self.options.ink_saver:
            return Color(0.1, 0.1, 0.1)
        return HexColor(hex_ink)

    def icon_on(self, hex_fill: str, hex_ink: str) -> Color:
        """The ink for large symbols on a fill: mid-grey in ink-saver mode."""
        if self.options.ink_saver:
            return Color(0.45, 0.45, 0.45)
        return HexColor(hex_ink)

    def background(self, canvas: Canvas, hex_colour: str) -> None:
        """Fill the whole card, bleed included."""
        box = self.bleed_box
        canvas.setFillColor(self.fill_colour(hex_colour))
        canvas.rect(box.x, box.y, box.width, box.height, stroke=0, fill=1)


@dataclass(frozen=True)
class FaceDesign:
    """How the cards of one deck kind are drawn. Whether each card has its own
    back, and what a card says in words, belong to the card (the catalog's
    ``Card.back_shows_card`` and ``Card.describe``)."""

    front: Callable[[Canvas, Any, FaceContext], None]
    back: Callable[[Canvas, Any, FaceContext], None]


FACES: dict[str, FaceDesign] = {}


def face(
    kind: str, *, back: Callable[[Canvas, Any, FaceContext], None]
) -> Callable[
    [Callable[[Canvas, Any, FaceContext], None]], Callable[[Canvas, Any, FaceContext], None]
]:
    """Decorator on a front-drawing function: register the faces of ``kind``."""

    def register(
        front: Callable[[Canvas, Any, FaceContext], None],
    ) -> Callable[[Canvas, Any, FaceContext], None]:
        if kind in FACES:
            raise RuntimeError(f"faces for {kind!r} registered twice")
        FACES[kind] = FaceDesign(front, back)
        return front

    return register


# text ------------------------------------------------------------------------


@dataclass
class TextBox:
    """A paragraph that shrinks to fit ``rect``, never below ``MIN_TEXT_SIZE``."""

    text: str
    rect: Rect
    font: str = BODY
    size: float = 10.0
    colour: Color = field(default_factory=lambda: Color(0.1, 0.1, 0.1))
    centred: bool = False
    leading: float = 1.18
    markup: bool = False

    def draw(self, canvas: Canvas, what: str) -> float:
        """Draw the text top-aligned in the box; return the size used.

        ``what`` names the card in the error raised when the text cannot fit.
        """
        register_fonts()
        body = self.text if self.markup else escape(self.text).replace("\n", "<br/>")
        size = self.size
        while True:
            style = ParagraphStyle(
                "box",
                fontName=self.font,
                fontSize=size,
                leading=size * self.leading,
                textColor=self.colour,
                alignment=TA_CENTER if self.centred else TA_LEFT,
            )
            paragraph = Paragraph(body, style)
            width, height = paragraph.wrap(self.rect.width, self.rect.height)
            fits = height <= self.rect.height + 0.01 and width <= self.rect.width + 0.01
            if fits and _words_fit(paragraph, self.rect.width):
                paragraph.drawOn(canvas, self.rect.x, self.rect.top - height)
                return size
            if size <= MIN_TEXT_SIZE:
                raise TextOverflowError(
                    f"{what}: the text does not fit its {self.rect.width / MM:.0f} x "
                    f"{self.rect.height / MM:.0f} mm box even at {MIN_TEXT_SIZE:g} pt: "
                    f"{self.text[:60]!r}"
                )
            size = max(MIN_TEXT_SIZE, size - 0.5)


def _words_fit(paragraph: Paragraph, width: float) -> bool:
    """False when a single word is wider than the box (reportlab would let it overflow)."""
    lines = getattr(paragraph, "blPara", None)
    for line in getattr(lines, "lines", []) or []:
        extra = getattr(line, "extraSpace", None)
        if extra is None and isinstance(line, tuple):
            extra = line[0]
        if extra is not None and extra < -0.5:
            return False
    return True


def fit_line(text: str, font: str, size: float, width: float, what: str) -> float:
    """The largest size up to ``size`` at which one line of text fits ``width``."""
    used = size
    while text_width(text, font, used) > width:
        if used <= MIN_TEXT_SIZE:
            raise TextOverflowError(
                f"{what}: {text!r} does not fit on one line of {width / MM:.0f} mm "
                f"even at {MIN_TEXT_SIZE:g} pt"
            )
        used = max(MIN_TEXT_SIZE, used - 0.5)
    return used


def centred_line(
    canvas: Canvas, text: str, x: float, y: float, font: str, size: float, width: float, what: str
) -> float:
    """Draw one centred line, shrunk to fit ``width``; return the size used."""
    used = fit_line(text, font, size, width, what)
    canvas.setFont(font, used)
    canvas.drawCentredString(x, y, text)
    return used


def card_name(card: Card) -> str:
    return f"card {card.id!r}"
