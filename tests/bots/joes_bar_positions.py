"""Setting up Joe's Bar positions by hand for known-answer tests, keeping every card in
exactly one place (cards are moved, never made)."""

from __future__ import annotations

from functools import cache
from typing import Any

from bots.games.joes_bar import CardData, Copy, JoesBar, Piece
from bots.games.joes_bar.rules import DECISIONS
from pnp.catalog import load_catalog
from tests.conftest import CARDS

DRAFT = dict.fromkeys(DECISIONS, "older-draft")


@cache
def card_data() -> CardData:
    return JoesBar.data_from(load_catalog(CARDS).game("joes-bar"))


def new_game(players: int = 4, seed: int = 1, **params: Any) -> JoesBar:
    return JoesBar.new(card_data(), seed, {"players": players, **params})


def _pull(state: JoesBar, kind: str) -> Copy:
    """Take a copy of ``kind`` from the deck (or the discard pile)."""
    for place in (state.deck, state.pile):
        for copy in place:
            if copy.kind.id == kind:
                place.remove(copy)
                return copy
    raise AssertionError(f"no free copy of {kind}")


def set_hand(state: JoesBar, seat: int, *kinds: str) -> None:
    """Give ``seat`` exactly these cards (their old hand goes back into the deck)."""
    state.deck.extend(state.hands[seat])
    state.hands[seat] = []
    for kind in kinds:
        state.hands[seat].append(_pull(state, kind))


def set_hands(state: JoesBar, *hands: tuple[str, ...]) -> None:
    for seat, kinds in enumerate(hands):
        set_hand(state, seat, *kinds)


def set_pile_top(state: JoesBar, *kinds: str) -> None:
    """Put these cards on top of the discard pile, first on top."""
    for kind in reversed(kinds):
        state.pile.appendleft(_pull(state, kind))


def set_slot(state: JoesBar, seat: int, piece_id: str | None) -> None:
    """Put the Bar card ``piece_id`` in ``seat``'s slot (from wherever it is)."""
    old = state.slots[seat]
    if old is not None:
        state.box.append(old)
    state.slots[seat] = None
    if piece_id is None:
        return
    for place in (state.box, state.centre, state.slots):
        for index, piece in enumerate(place):
            if piece is not None and piece.id == piece_id:
                found: Piece | None = place[index]
                if place is state.slots:
                    state.slots[index] = None
                else:
                    place.pop(index)
                state.slots[seat] = found
                return
    raise AssertionError(f"no Bar card {piece_id}")


def empty_slots(state: JoesBar) -> None:
    for seat in range(state.n):
        set_slot(state, seat, None)


def set_patron(state: JoesBar, seat: int, patron_id: str, booze: int | None = None) -> None:
    """Swap ``seat``'s patron for ``patron_id`` (from the spares, trackers or another seat)."""
    wanted = next(p for p in card_data().patrons if p.id == patron_id)
    current = state.patron[seat]
    assert current is not None
    if wanted is current:
        state.booze[seat] = wanted.booze if booze is None else booze
        return
    for place in (state.spares, state.trackers):
        if wanted in place:
            place[place.index(wanted)] = current
            break
    else:
        other = state.patron.index(wanted)
        state.patron[other] = current
    state.patron[seat] = wanted
    state.booze[seat] = wanted.booze if booze is None else booze


def plain_patrons(state: JoesBar, booze: int = 5) -> None:
    """Give the seats patrons whose traits stay out of the way of most chains (Lucky Lenny's
    counts only when drawing up, Sticky Vic's when robbing, the Countess's in a last-resort
    draw, Big Earl's in the End phase, Reverend Rye's when poisoning), all at ``booze``."""
    plain = ["lucky-lenny", "sticky-vic", "the-countess", "big-earl", "reverend-rye"]
    for seat in range(state.n):
        set_patron(state, seat, plain[seat], booze)


def start_turn(state: JoesBar, seat: int) -> None:
    """Begin ``seat``'s turn afresh, as the engine does between turns."""
    state.turn_player = seat
    state.phase = "turn"
    state.attack = None
    state.next_step = "begin_turn"
    state._legal = None
    state._settle()


def play(state: JoesBar, *actions: str) -> None:
    for action in actions:
        state.apply(action)
