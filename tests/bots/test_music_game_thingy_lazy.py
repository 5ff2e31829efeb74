"""The Music Game Thingy's menus built on demand (``lazy.py``): the same actions as
building them at once, and never another position's."""

from __future__ import annotations

import pytest

from bots.core import RandomPlayer, play_game
from bots.core.players import seat_rngs
from bots.games.music_game_thingy import auction, trades
from bots.games.music_game_thingy.actions import pass_
from bots.games.music_game_thingy.bots import HeuristicPlayer
from bots.games.music_game_thingy.lazy import LazyActions
from tests.bots.mgt_positions import new_game, rules


def test_the_menus_on_demand_are_the_menus_built_at_once() -> None:
    state = new_game(players=4, seed=3)
    players = [HeuristicPlayer(rules(), "shrewd", seat) for seat in range(4)]
    rngs = seat_rngs(3, 4)
    seen = set()
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        if state.phase in ("bidding-turn", "bidding", "deal"):
            assert isinstance(legal, LazyActions)
            build = trades.actions if state.phase == "deal" else auction.actions
            assert list(legal) == build(state, seat)
            assert pass_(seat) in legal and len(legal) >= 1
            seen.add(state.phase)
        state.apply(players[seat].choose(state.view(seat), legal, rngs[seat]))
    assert seen == {"bidding-turn", "bidding", "deal"}


def test_a_menu_read_after_the_game_moved_on_says_so() -> None:
    state = new_game(players=3, seed=1)
    assert state.phase == "bidding-turn"
    legal = state.legal_actions()
    state.apply(pass_(state.current))
    with pytest.raises(RuntimeError, match="earlier position"):
        list(legal)


def test_random_labels_choose_from_the_menus_on_demand() -> None:
    state = play_game(new_game(players=3, seed=5), [RandomPlayer() for _ in range(3)])
    assert state.is_terminal
