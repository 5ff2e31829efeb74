"""The build's warning about art that prints below :data:`PRINT_DPI`: for every image a
layout places on a card, the pixels that show over the inches they are printed on."""

from __future__ import annotations

from collections.abc import Iterator

from pnp.catalog.art import ArtError, art_file
from pnp.catalog.layouts import Image, KindLayout
from pnp.catalog.model import Deck, Game
from pnp.catalog.templates import parse_template, shows, values_for
from pnp.kit.geometry import MM, Rect
from pnp.kit.layout_faces.art import PRINT_DPI, placement


def low_resolution(game: Game) -> list[str]:
    """A sentence for each art file that prints below :data:`PRINT_DPI` on a card of
    ``game`` (in the box and the fit its layout gives), naming the card, or the first
    card and how many more when several show the art alike."""
    if game.layouts is None:
        return []
    found: dict[tuple[str, str, int], list[str]] = {}
    for deck in game.decks:
        layout = game.layouts.layouts.get(deck.spec.kind)
        if layout is not None:
            for key, card in _low(game, deck, layout):
                found.setdefault(key, []).append(card)
    messages = []
    for (where, sentence, _), cards in found.items():
        more = f" (and {len(cards) - 1} more cards)" if len(cards) > 1 else ""
        messages.append(f"{where}: {cards[0]}{more}: {sentence}")
    return messages


def _low(game: Game, deck: Deck, layout: KindLayout) -> Iterator[tuple[tuple[str, str, int], str]]:
    width, height = deck.spec.size.width, deck.spec.size.height
    for side, elements in (("front", layout.front), ("back", layout.back or ())):
        cards = deck.cards if side == "front" or deck.back_varies else deck.cards[:1]
        for number, element in enumerate(elements):
            if not isinstance(element, Image):
                continue
            x, y, w, h = element.box.in_mm(width, height)
            box = Rect(x * MM, (height - y - h) * MM, w * MM, h * MM)
            template = parse_template(element.image)
            for card in cards:
                values = values_for(card, deck.id, deck.spec, game.id, game.spec)
                if not shows(element, values):
                    continue
                try:
                    art = art_file(game.folder, template.fill(values))
                except ArtError:
                    continue  # (the catalog, or the drawing, says what is wrong)
                if art.pixels is None:
                    continue
                dpi = placement(art.pixels, box, element.fit).dpi
                if dpi < PRINT_DPI - 0.5:
                    where = f"{game.title}, {deck.spec.file}"
                    sentence = (
                        f"the {side}'s {art.path.relative_to(game.folder).as_posix()} prints at "
                        f"{dpi:.0f} dpi ({art.pixels[0]} x {art.pixels[1]} pixels in a "
                        f"{w:g} x {h:g} mm box, fitted by {element.fit!r}); art below "
                        f"{PRINT_DPI} dpi may print blurred"
                    )
                    yield (where, sentence, number), f"{card.noun} {card.id!r}"
