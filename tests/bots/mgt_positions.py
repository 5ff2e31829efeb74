"""Setting up positions of The Music Game Thingy for known-answer tests.

A test starts a real game, signs Artists and deals cards by hand (moving the
physical cards out of the deck, so that every card stays in one place), skips
to a month's declarations and scripts the dice.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from functools import cache

from bots.games.music_game_thingy import MusicGameThingy, Rules
from bots.games.music_game_thingy.actions import Discard, Pass
from pnp.catalog import load_catalog
from tests.conftest import CARDS


@cache
def rules() -> Rules:
    return MusicGameThingy.data_from(load_catalog(CARDS).game("music-game-thingy"))


class Dice(random.Random):
    """A generator whose ``randint`` gives the scripted rolls first (then plays on)."""

    def __init__(self, rolls: Iterable[int], seed: int = 0) -> None:
        super().__init__(seed)
        self.rolls = list(rolls)

    def randint(self, a: int, b: int) -> int:
        if self.rolls:
            roll = self.rolls.pop(0)
            assert a <= roll <= b, f"scripted roll {roll} outside {a} to {b}"
            return roll
        return super().randint(a, b)


def new_game(players: int = 3, seed: int = 1, **params: object) -> MusicGameThingy:
    return MusicGameThingy.new(rules(), seed, {"players": players, **params})


def empty_hands(state: MusicGameThingy) -> None:
    """Every hand back into the deck."""
    for hand in state.hands:
        state.deck.extend(hand)
        hand.clear()


def give(state: MusicGameThingy, seat: int, *card_ids: str) -> list[int]:
    """Move a copy of each card from the deck (or the discards) into ``seat``'s hand."""
    copies = state.rules.copies
    given = []
    for card_id in card_ids:
        for pile in (state.deck, state.discards):
            found = next((card for card in pile if copies[card] == card_id), None)
            if found is not None:
                pile.remove(found)
                break
        else:
            raise AssertionError(f"no {card_id} left to give")
        state.hands[seat].append(found)
        state.held_since[found] = state.month_index
        given.append(found)
    state.touch_all()
    return given


def sign(state: MusicGameThingy, seat: int, artist_id: str, fame: int, years: int = 2) -> None:
    artist = state.artists[artist_id]
    artist.fame, artist.owner, artist.contract, artist.pooled_at = fame, seat, years, None
    state.touch(artist_id)


def end_auction(state: MusicGameThingy, order: Sequence[int] | None = None) -> None:
    """Close the opening auction at once and begin January (drawing as usual)."""
    state.auction = None
    state.setting_up = False
    state.auctions = 1
    state.order = list(order) if order is not None else list(range(state.players))
    state.announced = list(state.cash)
    state.start_month()


def to_declarations(state: MusicGameThingy) -> None:
    """Pass every deal and discard the newest card over a limit, up to the declarations."""
    while state.phase in ("limits", "deal"):
        seat = state.current
        if state.phase == "limits":
            options = {a.card: a for a in state.legal_actions() if isinstance(a, Discard)}
            newest = next(
                state.rules.copies[card]
                for card in reversed(state.hands[seat])
                if state.rules.copies[card] in options
            )
            state.apply(options[newest])
        else:
            state.apply(Pass(seat))


def declaring(
    players: int = 3,
    hands: dict[int, Sequence[str]] | None = None,
    artists: dict[int, Sequence[tuple[str, int]]] | None = None,
    order: Sequence[int] | None = None,
    seed: int = 1,
    **params: object,
) -> MusicGameThingy:
    """A game at January's declarations with these hands and Artists (``(id, Fame)``),
    the month's draws put back first so that each hand is exactly as given."""
    state = new_game(players, seed, **params)
    empty_hands(state)
    for seat, signed in (artists or {}).items():
        for artist_id, fame in signed:
            sign(state, seat, artist_id, fame)
    end_auction(state, order)
    empty_hands(state)
    for seat, cards in (hands or {}).items():
        give(state, seat, *cards)
    to_declarations(state)
    return state


def finish_declaring(state: MusicGameThingy, until: int | None = None) -> None:
    """Every label still to declare this month says ``done`` (up to label ``until``)."""
    from bots.games.music_game_thingy.actions import Done

    while state.phase == "declare" and state.current != until:
        state.apply(Done(state.current))
