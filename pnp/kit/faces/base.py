"""What every card face drawing shares: the drawing context, colours (with
the ink-saver transformation), the smallest text size, and the registry that
maps a deck kind to the functions drawing its fronts and backs. Text that
must fit its box is set by :mod:`pnp.kit.faces.typeset`.

A face function draws one side of one card with the canvas origin at the
lower-left corner of the card's trim and the canvas clipped to the card's
bleed. The PDF sheets and the PNG images call the same function.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import Canvas

from pnp.catalog.base import Card
from pnp.catalog.model import Deck, Game
from pnp.kit.faces.colours import luminance
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


def card_name(card: Card) -> str:
    return f"card {card.id!r}"


def design_for(game: Game, deck: Deck) -> FaceDesign:
    """How the cards of ``deck`` are drawn: the layout of its kind when the game has one
    (``layouts.yaml``, drawn by the generic face), else the kind's registered face."""
    kind = deck.spec.kind
    if game.layouts is not None and kind in game.layouts.layouts:
        from pnp.kit.layout_faces import layout_design  # (it draws with this module)

        return layout_design(game.layouts, kind)
    design = FACES.get(kind)
    if design is None:
        raise MissingFaceError(f"deck {deck.id!r}: no card face is drawn for kind {kind!r}")
    return design


def has_design(game: Game, deck: Deck) -> bool:
    """True when the cards of ``deck`` have a drawing (see :func:`design_for`)."""
    kind = deck.spec.kind
    return kind in FACES or (game.layouts is not None and kind in game.layouts.layouts)
