"""The engine core every game builds on: parameters, the game state, players,
the play loop and saved games (see ``bots.core.state`` for how to write a game)."""

from bots.core.params import GameConfigError, Param, Params, ParamSpec, ParamValue
from bots.core.players import (
    DEFAULT_MAX_STEPS,
    GameNotOverError,
    Player,
    RandomPlayer,
    play_game,
    seat_rngs,
)
from bots.core.replay import RECORD_FORMAT, ReplayError, load, record, replay
from bots.core.state import Action, GameState, IllegalActionError
from bots.core.views import leaked, walk

__all__ = [
    "DEFAULT_MAX_STEPS",
    "RECORD_FORMAT",
    "Action",
    "GameConfigError",
    "GameNotOverError",
    "GameState",
    "IllegalActionError",
    "Param",
    "ParamSpec",
    "ParamValue",
    "Params",
    "Player",
    "RandomPlayer",
    "ReplayError",
    "leaked",
    "load",
    "play_game",
    "record",
    "replay",
    "seat_rngs",
    "walk",
]
