"""Chinchón's table as cards, from one seat's view (:meth:`ChinchonTable.zones`).

What a player at the real table sees: the stock face down (its top card draws it), the
discard pile with its top card face up (which takes it), their own hand (a card
discards or closes), each other player's hand as backs, with the cards they took from the
discard pile and still hold face up (everyone saw them taken), and after a hand the
hands as they were shown: melds, cards laid off and cards left over. The scores are the
totals (out above the limit).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from bots.games.chinchon import (
    Card,
    ChinchonAction,
    ChinchonView,
    Close,
    Discard,
    DrawStock,
    TakeDiscard,
)
from pnp.play.chinchon_table import points_text
from pnp.play.front import CardShown, Score, Zone
from pnp.table.zones import FACE_DOWN, Faces, face_down, faces, linked

if TYPE_CHECKING:
    from pnp.play.chinchon_table import ChinchonTable

#: How the court cards and the ace are said (the card data gives only their letters).
_SAID = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"}
#: The deck whose back the face-down cards show.
_BACK_DECK = "main"
#: The card data's id of the joker whose picture stands for a joker.
_JOKER = "joker-red"


class _Cards:
    """Chinchón cards as :class:`CardShown`, named as the terminal writes them."""

    def __init__(self, front: ChinchonTable, pictures: Faces) -> None:
        self.front = front
        self.pictures = pictures

    def shown(self, card: Card, note: str = "", actions: Iterable[str] = ()) -> CardShown:
        notation = self.front.rules.notation
        if card.is_joker or card.rank is None or card.suit is None:
            name, said, card_id = "Joker", "Joker", _JOKER
        else:
            letter = notation.rank_letters[card.rank]
            symbol = notation.suit_symbols.get(card.suit) or notation.suit_letters[card.suit]
            name = letter + symbol
            said = f"{_SAID.get(letter, letter)} of {card.suit}"
            card_id = f"{card.rank}-{card.suit}"
        text = f"{said}, {note}" if note else said
        return CardShown(name, text, self.pictures.url(card_id), actions=tuple(actions))


def _argument(action: object) -> list[str]:
    if isinstance(action, Discard | Close):
        return [str(action.card)]
    if isinstance(action, DrawStock):
        return ["stock"]
    if isinstance(action, TakeDiscard):
        return ["take"]
    return []


def chinchon_zones(
    front: ChinchonTable, view: ChinchonView, legal: Sequence[ChinchonAction]
) -> list[Zone]:
    """The zones of ``view`` (see the module docstring)."""
    pictures = faces(front.game.game)
    cards = _Cards(front, pictures)
    back = pictures.back(_BACK_DECK)
    acts = linked(legal, _argument)
    zones: list[Zone] = []
    stock: tuple[CardShown, ...] = ()
    if view.stock_size:
        top = CardShown(
            FACE_DOWN, "The top of the stock, face down", back, True, tuple(acts.get("stock", ()))
        )
        stock = (top,)
    zones.append(Zone("stock", "Stock", None, stock, view.stock_size))
    discard: tuple[CardShown, ...] = ()
    if view.top_discard is not None:
        discard = (cards.shown(view.top_discard, "on top", acts.get("take", ())),)
    zones.append(Zone("discard", "Discard pile", None, discard, len(view.discard_pile)))
    mine = tuple(cards.shown(card, actions=acts.get(str(card), ())) for card in view.hand)
    zones.append(Zone("hand", f"{front.your(view.player)} hand", view.player, mine))
    picked_up = view.picked_up or tuple(() for _ in view.hand_sizes)
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.player or view.out[seat]:
            continue
        taken = [cards.shown(card, "taken from the discard pile") for card in picked_up[seat]]
        hidden = face_down(max(size - len(taken), 0), back)
        zones.append(
            Zone(f"hand-{seat}", f"{front.your(seat)} hand", seat, (*taken, *hidden), size)
        )
    if view.last_hand is not None:
        for shown in view.last_hand.shown:
            laid: list[CardShown] = []
            for number, meld in enumerate(shown.melds, start=1):
                laid += [cards.shown(card, f"meld {number}") for card in meld]
            laid += [cards.shown(card, "laid off") for card in shown.laid_off]
            laid += [cards.shown(card, "left over") for card in shown.unmatched]
            whose = front.your(shown.player)
            name = f"{whose} last hand, shown ({points_text(shown.score)})"
            zones.append(Zone(f"shown-{shown.player}", name, shown.player, tuple(laid)))
    return zones


def chinchon_scores(front: ChinchonTable, view: ChinchonView) -> list[Score]:
    """Each player's total (the lowest is best; out above the limit)."""
    scores = []
    for seat, total in enumerate(view.totals):
        text = points_text(total)
        if view.out[seat]:
            text += f", out (above {view.limit})"
        scores.append(Score(seat, front.names[seat], text))
    return scores
