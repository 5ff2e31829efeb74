"""Chin Music's table as cards, from one seat's view (:meth:`ChinMusicFront.zones`).

What a player at the real table sees: their own hand's fronts; the backs of the others'
hands (the Ruffians, which the view gives; a back's picture is left out, since each Bout
card has a back of its own that would name the card); the top card of the stack face up
and the cards below it face down, each with who played it and, for another player's
card, the Ruffians on its back; the winner's *Nothing more to prove* facing card when the
game is over. A covered word is never shown: below the top, the stack is face down.
The scores are the cards each player is dealt a bout (one wins).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bots.games.chin_music import ChinMusicAction, ChinMusicView, Play
from pnp.play.front import CardShown, Score, Zone
from pnp.table.zones import FACE_DOWN, faces, linked

if TYPE_CHECKING:
    from pnp.play.chin_music import ChinMusicFront

#: The facing card put before the winner (a decorative card of the ``facing`` deck).
WINNER_CARD = "nothing-more-to-prove"


def _ruffians(count: int) -> str:
    return f"{count} Ruffian" if count == 1 else f"{count} Ruffians"


def _cards(count: int) -> str:
    return f"{count} card" if count == 1 else f"{count} cards"


def chin_music_zones(
    front: ChinMusicFront, view: ChinMusicView, legal: Sequence[ChinMusicAction]
) -> list[Zone]:
    """The zones of ``view`` (see the module docstring)."""
    pictures = faces(front.game.game)
    deck = front.deck
    plays = linked(legal, lambda action: [action.word] if isinstance(action, Play) else [])
    zones: list[Zone] = []
    # the stack: the top face up, the rest face down
    top: tuple[CardShown, ...] = ()
    if view.top is not None and view.stack_players:
        index = deck.find(view.top.word)
        card_id = deck.cards[index].id if index is not None else None
        by = front.obj(view.stack_players[-1])
        top = (
            CardShown(
                view.top.word,
                f"{view.top.word}, Boast {view.top.boast}, played by {by}",
                pictures.url(card_id) if card_id is not None else None,
            ),
        )
    zones.append(Zone("top", "Top of the stack", None, top))
    below = []
    for seat, ruffians in zip(view.stack_players[:-1], view.stack_ruffians[:-1], strict=True):
        back = (
            "you cannot see its back" if ruffians is None else f"{_ruffians(ruffians)} on its back"
        )
        below.append(
            CardShown(FACE_DOWN, f"A covered card played by {front.obj(seat)}, {back}", None, True)
        )
    zones.append(Zone("stack", "The stack below it", None, tuple(below)))
    # the seat's hand, then the others' backs
    mine = []
    for card in view.hand:
        index = deck.find(card.word)
        card_id = deck.cards[index].id if index is not None else None
        mine.append(
            CardShown(
                card.word,
                f"{card.word}, Boast {card.boast}",
                pictures.url(card_id) if card_id is not None else None,
                actions=tuple(plays.get(card.word, ())),
            )
        )
    zones.append(Zone("hand", f"{front.your(view.player)} hand", view.player, tuple(mine)))
    for seat, backs in enumerate(view.hand_backs):
        if seat == view.player:
            continue
        shown = tuple(
            CardShown(FACE_DOWN, f"A card's back showing {_ruffians(ruffians)}", None, True)
            for ruffians in backs
        )
        count = view.hand_sizes[seat]
        if len(shown) != count:  # a hand whose backs the view does not give: its size
            shown = ()
        zones.append(Zone(f"hand-{seat}", f"{front.your(seat)} hand", seat, shown, count))
    if view.phase == "over" and len(view.winners) == 1:
        winner = view.winners[0]
        prize = CardShown(
            "Nothing more to prove",
            f"{front.names[winner]} {front.verb(winner, 'have', 'has')} nothing more to prove",
            pictures.url(WINNER_CARD),
        )
        zones.append(Zone("winner", "The winner", winner, (prize,)))
    return zones


def chin_music_scores(front: ChinMusicFront, view: ChinMusicView) -> list[Score]:
    """The cards each player is dealt a bout (the fewest win), and who is knocked out."""
    scores = []
    for seat, count in enumerate(view.draw_counts):
        text = f"dealt {_cards(count)} a bout"
        if seat in view.winners:
            text += ", wins"
        elif view.knocked_out[seat]:
            text += ", knocked out of this bout"
        scores.append(Score(seat, front.names[seat], text))
    return scores
