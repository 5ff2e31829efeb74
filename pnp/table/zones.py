"""What the games' fronts share to lay out the table as cards (:meth:`GameFront.zones`),
and the spectator's zones made from the seats'.

* :class:`Faces`: the URL of a card's printed face (``/api/games/GAME/cards/DECK/FACE.png``,
  drawn on demand by :mod:`pnp.table.cards`), found by the card's id in the game's decks,
  and the URL of a deck's common back.
* :func:`linked`: the legal actions' texts grouped by the cards they start.
* :func:`spectator_zones` and :func:`spectator_scores`: what every seat sees alike. A
  shared zone (or score) is kept when every seat's view shows it the same; a zone of a
  seat when every other seat sees it the same (its owner may see more: their hand,
  their cash); where the seats see the same number of cards but not the same cards,
  only the number is kept. No card of a spectator's zone has actions.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any

from pnp.catalog.model import Game
from pnp.play.front import CardShown, Score, Zone

#: The name of a card whose face a seat may not see.
FACE_DOWN = "Face down"


class Faces:
    """The image URLs of one game's printed cards (see the module docstring)."""

    def __init__(self, game: Game) -> None:
        self.game_id = game.id
        self._decks: dict[str, str] = {}
        self._backs: set[str] = set()
        for deck in game.decks:
            for side in deck.sides():
                if side.name == "back":
                    self._backs.add(deck.id)
                else:
                    self._decks.setdefault(side.name, deck.id)

    def url(self, card_id: str, side: str = "front") -> str | None:
        """The URL of side ``side`` of the card ``card_id`` (the first deck that has it);
        ``None`` when no deck prints it."""
        face = f"{card_id}-{side}"
        deck = self._decks.get(face)
        return None if deck is None else f"/api/games/{self.game_id}/cards/{deck}/{face}.png"

    def deck_of(self, card_id: str) -> str | None:
        """The deck that prints the front of ``card_id``."""
        return self._decks.get(f"{card_id}-front")

    def back(self, deck_id: str | None) -> str | None:
        """The URL of the common back of ``deck_id`` (``None`` when its cards have backs
        of their own, which could tell the card)."""
        if deck_id is None or deck_id not in self._backs:
            return None
        return f"/api/games/{self.game_id}/cards/{deck_id}/back.png"


#: The faces of each game object seen, by its identity (a catalog's games live as long
#: as the server; the game is kept beside its faces so the identity stays its own).
_KNOWN: dict[int, tuple[Game, Faces]] = {}


def faces(game: Game) -> Faces:
    """The :class:`Faces` of ``game``, worked out once."""
    known = _KNOWN.get(id(game))
    if known is None or known[0] is not game:
        known = _KNOWN[id(game)] = (game, Faces(game))
    return known[1]


def slug(name: str) -> str:
    """A card's name as the ids of the card data write it (``Rich Bastard`` ->
    ``rich-bastard``)."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def linked(legal: Iterable[Any], cards_of: Callable[[Any], Iterable[str]]) -> dict[str, list[str]]:
    """The texts of the ``legal`` actions by each card key that ``cards_of`` finds in
    them, in the order of ``legal``."""
    found: dict[str, list[str]] = {}
    for action in legal:
        for key in dict.fromkeys(cards_of(action)):
            found.setdefault(key, []).append(str(action))
    return found


def face_down(count: int, image: str | None, text: str = "") -> tuple[CardShown, ...]:
    """``count`` cards whose faces cannot be seen, showing the back ``image``."""
    card = CardShown(FACE_DOWN, text or "A face-down card", image, face_down=True)
    return (card,) * count


def spectator_zones(per_seat: Sequence[Sequence[Zone]]) -> list[dict[str, Any]]:
    """What a spectator is shown of the seats' zones (see the module docstring), as JSON;
    in the order of the first seat's zones, then those it does not have."""
    seats = len(per_seat)
    versions: dict[tuple[str, int | None], dict[int, dict[str, Any]]] = {}
    for viewer, zones in enumerate(per_seat):
        for zone in zones:
            bare = replace(zone, cards=tuple(replace(card, actions=()) for card in zone.cards))
            versions.setdefault((zone.id, zone.seat), {})[viewer] = bare.to_json()
    shown: list[dict[str, Any]] = []
    for (_, owner), seen in versions.items():
        others = [viewer for viewer in range(seats) if viewer != owner]
        if not others or any(viewer not in seen for viewer in others):
            continue  # a seat that does not see the zone at all
        alike = [seen[viewer] for viewer in others]
        first = alike[0]
        if all(zone == first for zone in alike[1:]):
            shown.append(first)
        elif all(
            (zone["name"], zone["count"]) == (first["name"], first["count"]) for zone in alike
        ):
            shown.append({**first, "cards": []})
    return shown


def spectator_scores(per_seat: Sequence[Sequence[Score]]) -> list[dict[str, Any]]:
    """Each seat's score as every other seat is shown it alike (its owner may see more,
    such as their own cash), in seat order."""
    seats = len(per_seat)
    seen: dict[int, dict[int, dict[str, Any]]] = {}
    for viewer, scores in enumerate(per_seat):
        for score in scores:
            seen.setdefault(score.seat, {})[viewer] = score.to_json()
    shown = []
    for seat in sorted(seen):
        others = [viewer for viewer in range(seats) if viewer != seat]
        if not others or any(viewer not in seen[seat] for viewer in others):
            continue
        alike = [seen[seat][viewer] for viewer in others]
        if all(score == alike[0] for score in alike[1:]):
            shown.append(alike[0])
    return shown
