"""What the Joe's Bar look-ahead bot guesses from a view (:mod:`bots.games.joes_bar.worlds`):
a position that shows the player exactly their view, offers the same actions, keeps every
card, Bar card and patron, hides only what the view hides, and plays on to the end."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from bots.core import RandomPlayer, play_game
from bots.games.joes_bar import JoesBar, JoesBarView
from bots.games.joes_bar.verify import JoesBarVerify
from bots.games.joes_bar.worlds import PLAYABLE_PHASES, table_params, unseen_copies, world
from pnp.catalog import load_catalog
from pnp.registry import load_game
from tests.bots.joes_bar_positions import card_data

TABLES: list[dict[str, Any]] = [
    {"players": 3},
    {"players": 4},
    {"players": 5},
    {"players": 4, "dodging": "older-draft", "swoosh_cards": "older-draft"},
    {"players": 4, "hand_limit": "older-draft", "gulp_cap": "older-draft"},
    {"players": 3, "sand_timer": "older-draft", "winning": "older-draft"},
    {"players": 5, "utility_timing": "older-draft", "song_seconds": 120},
]


def adapter() -> JoesBarVerify:
    found = load_game(load_catalog("cards").game("joes-bar")).verify_adapter
    assert isinstance(found, JoesBarVerify)
    return found


def positions(params: dict[str, Any], games: int = 2) -> Iterator[tuple[JoesBar, JoesBarView]]:
    """Random games, at every decision a world can be built for."""
    for seed in range(games):
        state = JoesBar.new(card_data(), 100 + seed, params)
        rng = random.Random(seed)
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            if state.phase in PLAYABLE_PHASES and not state.pause:
                yield state, state.view(seat)
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("params", TABLES)
def test_a_world_shows_the_view_and_offers_the_same_actions(params: dict[str, Any]) -> None:
    checks = adapter()
    count = 0
    for count, (state, view) in enumerate(positions(params), 1):
        guessed = world(card_data(), view, count)
        assert guessed.view(view.player) == view
        assert [str(a) for a in guessed.legal_actions()] == [str(a) for a in state.legal_actions()]
        assert checks.conservation_problem(guessed) is None
        assert guessed.params["players"] == state.params["players"]
        for name in ("winning", "dodging", "swoosh_cards", "hand_limit", "gulp_cap"):
            assert guessed.params[name] == state.params[name]
    assert count > 20


def test_a_world_guesses_only_what_the_view_hides() -> None:
    data = card_data()
    differed = 0
    for count, (state, view) in enumerate(positions({"players": 4})):
        if count % 7:
            continue
        first, second = world(data, view, 1), world(data, view, 2)
        me = view.player
        assert first.hands[me] == second.hands[me] == state.hands[me]
        assert first.front == second.front == state.front
        assert first.booze == state.booze and first.patron == state.patron
        # the hidden cards: the same cards, somewhere else
        hidden = sorted(copy.number for copy in unseen_copies(data, state.rules.deck, view))
        for guessed in (first, second):
            placed = [c for seat, hand in enumerate(guessed.hands) if seat != me for c in hand]
            placed += [*guessed.deck, *guessed.pile]
            assert sorted(copy.number for copy in placed) == hidden
        differed += first.deck != second.deck
    assert differed > 5


def test_the_same_seed_builds_the_same_world() -> None:
    _, view = next(iter(positions({"players": 4})))
    assert world(card_data(), view, 7) == world(card_data(), view, 7)


def test_worlds_play_to_the_end() -> None:
    for count, (_, view) in enumerate(positions({"players": 5}, games=1)):
        if count % 9:
            continue
        guessed = world(card_data(), view, count)
        seats = [RandomPlayer() for _ in range(5)]
        assert play_game(guessed, seats, seed=count).is_terminal


def test_no_world_in_the_middle_of_a_pause() -> None:
    data = card_data()
    state = JoesBar.new(data, 5, {"players": 4})
    rng = random.Random(5)
    refused = set()
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        if state.phase not in PLAYABLE_PHASES:
            with pytest.raises(ValueError, match="a turn, an answer or before one"):
                world(data, state.view(seat), 1)
            refused.add(state.phase)
        state.apply(rng.choice(state.legal_actions()))
    assert "join" in refused


def test_the_table_parameters_come_from_the_view() -> None:
    state = JoesBar.new(card_data(), 3, {"players": 5, "dodging": "older-draft"})
    seat = state.current_player
    assert seat is not None
    params = table_params(state.view(seat))
    assert params["players"] == 5 and params["dodging"] == "older-draft"
    assert params["gulp_cap"] == "beta"
