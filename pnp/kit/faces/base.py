"""How a deck's cards are drawn: a game's layout (:mod:`pnp.kit.layout_faces`) or a face
registered in Python for its kind (:func:`face`), and :func:`design_for`, the one place
that chooses. The drawing context, options and errors are
:mod:`pnp.kit.drawings.context`'s, named here too for the callers of this module.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from pnp.catalog.checks import nothing_draws
from pnp.catalog.model import Deck, Game
from pnp.kit.drawings.context import (
    MIN_TEXT_SIZE,
    SAFE_MARGIN,
    FaceContext,
    FaceError,
    FaceOptions,
    MissingFaceError,
    TextOverflowError,
    card_name,
)

__all__ = [
    "FACES",
    "MIN_TEXT_SIZE",
    "SAFE_MARGIN",
    "FaceContext",
    "FaceDesign",
    "FaceError",
    "FaceOptions",
    "MissingFaceError",
    "TextOverflowError",
    "card_name",
    "design_for",
    "face",
    "has_design",
]


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


def design_for(game: Game, deck: Deck) -> FaceDesign:
    """How the cards of ``deck`` are drawn: the layout of its kind when the game has one
    (``layouts.yaml``, drawn by the generic face), else the kind's registered face."""
    kind = deck.spec.kind
    if game.layouts is not None and kind in game.layouts.layouts:
        from pnp.kit.layout_faces import layout_design  # (it draws with this module)

        return layout_design(game.layouts, kind)
    design = FACES.get(kind)
    if design is None:
        raise MissingFaceError(
            f"deck {deck.id!r}: {nothing_draws(kind, game.id + '/layouts.yaml')}"
        )
    return design


def has_design(game: Game, deck: Deck) -> bool:
    """True when the cards of ``deck`` have a drawing (see :func:`design_for`)."""
    kind = deck.spec.kind
    return kind in FACES or (game.layouts is not None and kind in game.layouts.layouts)
