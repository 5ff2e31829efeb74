"""The engine core every game builds on: parameters, the game state, actions and
their written form, players and bots, the play loop and saved games (see
``bots.core.state`` for how to write a game)."""

from bots.core.actions import ActionSyntax, GameAction, Verb
from bots.core.params import GameConfigError, Param, Params, ParamSpec, ParamValue
from bots.core.players import (
    DEFAULT_MAX_STEPS,
    RANDOM_BOT,
    BotSpec,
    GameNotOverError,
    Player,
    RandomPlayer,
    play_game,
    seat_rngs,
)
from bots.core.replay import RECORD_FORMAT, ReplayError, check_record, load, record, replay
from bots.core.state import Action, GameState, IllegalActionError, InvalidActionError
from bots.core.views import leaked, walk

__all__ = [
    "DEFAULT_MAX_STEPS",
    "RANDOM_BOT",
    "RECORD_FORMAT",
    "Action",
    "ActionSyntax",
    "BotSpec",
    "GameAction",
    "GameConfigError",
    "GameNotOverError",
    "GameState",
    "IllegalActionError",
    "InvalidActionError",
    "Param",
    "ParamSpec",
    "ParamValue",
    "Params",
    "Player",
    "RandomPlayer",
    "ReplayError",
    "Verb",
    "check_record",
    "leaked",
    "load",
    "play_game",
    "record",
    "replay",
    "seat_rngs",
    "walk",
]
