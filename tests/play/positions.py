"""Saved games that stop at a chosen moment, for tests that need a given prompt.

The bots play every seat (as ``--auto`` does) until ``stop`` says so; the save
then puts the human back at seat 0, so resuming it asks the human.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bots.core import GameState, Player, seat_rngs
from bots.games.chin_music import ChinMusic
from bots.games.chin_music import HeuristicPlayer as ChinMusicBot
from bots.games.chinchon import Chinchon, Close
from bots.games.chinchon import HeuristicPlayer as ChinchonBot
from pnp.play.front import default_names
from pnp.play.saves import Setup, save_data
from tests.data import PACK


def play_until(
    state: GameState[Any, Any], bots: list[Player[Any, Any]], stop: Callable[[Any], bool]
) -> bool:
    """Play ``state`` with ``bots`` until ``stop(state)``; whether it stopped before the end."""
    rngs = seat_rngs(state.seed, state.num_players)
    while not state.is_terminal:
        if stop(state):
            return True
        seat = state.current_player
        assert seat is not None
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions(), rngs[seat]))
    return False


def save(state: GameState[Any, Any], path: Path) -> Path:
    """Write ``state`` as a save with the human at seat 0 and heuristic bots."""
    players = state.num_players
    setup = Setup(state.game_name, state.seed, dict(state.params), 0, default_names(players, 0))
    path.write_text(json.dumps(save_data(state, setup)), encoding="utf-8")
    return path


def chinchon_position(
    stop: Callable[[Chinchon], bool], players: int = 3, seeds: range = range(200)
) -> Chinchon:
    """The first seeded game (heuristic bots) that reaches a state where ``stop`` holds."""
    for seed in seeds:
        state = Chinchon.new(PACK, seed, {"players": players})
        if play_until(state, [ChinchonBot(PACK) for _ in range(players)], stop):
            return state
    raise AssertionError("no game reaches the position")


def human_can_close(state: Chinchon) -> bool:
    return state.current_player == 0 and any(
        isinstance(action, Close) for action in state.legal_actions()
    )


def human_offered_reentry(state: Chinchon) -> bool:
    return state.current_player == 0 and bool(state.reentry_queue)


def chin_music_position(
    stop: Callable[[ChinMusic], bool], players: int = 3, seeds: range = range(200)
) -> ChinMusic:
    """The first seeded Chin Music game (medium bots) that reaches a state where ``stop`` holds."""
    for seed in seeds:
        state = ChinMusic.new(seed, {"players": players})
        if play_until(state, [ChinMusicBot() for _ in range(players)], stop):
            return state
    raise AssertionError("no game reaches the position")
