"""What a drawing of one side of one card knows: the card's size and bleed, the options
(ink-saver, suit style), colours as the options want them, the smallest text size, and
the errors of a card that cannot be drawn.

A drawing has the canvas origin at the lower-left corner of the card's trim and the
canvas clipped to the card's bleed. The PDF sheets and the PNG images call the same
drawing.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import Canvas

from pnp.catalog.base import Card
from pnp.catalog.model import Deck, Game
from pnp.kit.drawings.colours import luminance
from pnp.kit.geometry import MM, Edges, Rect

#: Nothing important closer than this to the trim.
SAFE_MARGIN = 3 * MM
#: No text smaller than this.
MIN_TEXT_SIZE = 7.0


class FaceError(ValueError):
    """A card cannot be drawn as its data says; the message names the card."""


class TextOverflowError(FaceError):
    """Text does not fit its box even at the smallest allowed size."""


class MissingFaceError(FaceError):
    """A deck kind has no drawing."""


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
        grey = luminance(colour)
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


def card_name(card: Card) -> str:
    return f"card {card.id!r}"
