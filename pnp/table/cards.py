"""Card images for the table, drawn on demand by the kit's own face drawing and cached.

A face is drawn exactly as the PDFs draw it (:func:`pnp.kit.images.faces_pdf`, the
function ``pnp build`` uses for its card images), on a one-card page without bleed, and
rasterised with PDFium at :data:`DPI`: so ``pnp table`` needs no built kit and works on
any ``--cards`` folder. Each image is drawn once per server and kept (at most
:data:`MOST_KEPT`, the oldest dropped first).
"""

from __future__ import annotations

import io
import threading
from collections import OrderedDict

import pypdfium2 as pdfium

from pnp.catalog.model import Game
from pnp.kit.drawings.context import FaceOptions
from pnp.kit.geometry import MM, Edges
from pnp.kit.images import faces_pdf

#: Dots per inch of a card image (a 63 mm card is 372 pixels wide: sharp on a phone).
DPI = 150
#: The most images kept (a game's decks have a few hundred faces at most).
MOST_KEPT = 2000
#: One face is drawn at a time: PDFium is not thread-safe, nor is the fonts' subsetting
#: of the drawing (the server answers card requests on several threads; drawn at once,
#: they crashed it or failed with a font's KeyError).
DRAWING = threading.Lock()


class NoSuchCard(LookupError):
    """A deck or a face that the game does not have; the message says which there are."""


class CardImages:
    """The PNG of each face of a game's decks, drawn when first asked for."""

    def __init__(self) -> None:
        self._kept: OrderedDict[tuple[str, str, str], bytes] = OrderedDict()
        self._lock = threading.Lock()

    def png(self, game: Game, deck_id: str, face: str) -> bytes:
        """The image of ``face`` (``<card>-front``, ``<card>-back`` or ``back``) of the
        deck ``deck_id``; raises :class:`NoSuchCard`."""
        key = (game.id, deck_id, face)
        with self._lock:
            if key in self._kept:
                self._kept.move_to_end(key)
                return self._kept[key]
        with DRAWING:
            with self._lock:  # drawn by another request while this one waited
                if key in self._kept:
                    return self._kept[key]
            image = _draw(game, deck_id, face)
        with self._lock:
            self._kept[key] = image
            while len(self._kept) > MOST_KEPT:
                self._kept.popitem(last=False)
        return image


def _draw(game: Game, deck_id: str, face: str) -> bytes:
    deck = next((deck for deck in game.decks if deck.id == deck_id), None)
    if deck is None:
        decks = ", ".join(deck.id for deck in game.decks)
        raise NoSuchCard(f"{game.title} has no deck {deck_id!r} (decks: {decks})")
    side = next((side for side in deck.sides() if side.name == face), None)
    if side is None:
        raise NoSuchCard(
            f"the deck {deck_id!r} of {game.title} has no face {face!r} (faces are written "
            "CARD-front, CARD-back where a card has its own back, or back)"
        )
    width, height = deck.spec.size.width * MM, deck.spec.size.height * MM
    pdf = faces_pdf(game, deck, [side], width, height, Edges.even(0), FaceOptions())
    document = pdfium.PdfDocument(pdf)
    try:
        page = document[0]
        picture = page.render(scale=DPI / 72).to_pil().convert("RGB")
        page.close()
    finally:
        document.close()
    buffer = io.BytesIO()
    picture.save(buffer, format="PNG")
    return buffer.getvalue()
