"""Saved games: a seed, the parameters and the action log are the whole game.

``record(state)`` gives a JSON-able dict; ``load(record, games)`` and
``replay(game, seed, params, log)`` rebuild the state by replaying the log
from the seed, so the rebuilt state equals the original exactly.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, TypeVar

from bots.core.params import ParamValue
from bots.core.state import GameState, IllegalActionError

S = TypeVar("S", bound=GameState[Any, Any])

#: The version of the record layout written by :func:`record`.
RECORD_FORMAT = 1


class ReplayError(ValueError):
    """A saved game that cannot be replayed; the message says which action and why."""


def replay(
    game: type[S], seed: int, params: Mapping[str, object] | None, log: Iterable[object]
) -> S:
    """A new ``game`` from ``seed`` and ``params`` with ``log`` applied in order.

    Log entries are actions or their strings. Raises :class:`ReplayError`
    naming the first entry that cannot be read or applied.
    """
    state = game.new(seed, params)
    for number, entry in enumerate(log, start=1):
        try:
            action = game.parse_action(entry) if isinstance(entry, str) else entry
            state.apply(action)
        except (IllegalActionError, ValueError) as error:
            raise ReplayError(
                f"action {number} ({str(entry)!r}) cannot be replayed: {error}"
            ) from error
    return state


def record(state: GameState[Any, Any]) -> dict[str, Any]:
    """The game as JSON-able data: format, game name, seed, parameters, actions."""
    params: dict[str, ParamValue] = dict(state.params)
    return {
        "format": RECORD_FORMAT,
        "game": state.game_name,
        "seed": state.seed,
        "params": params,
        "actions": [str(action) for action in state.log],
    }


def load(data: Mapping[str, Any], games: type[S] | Mapping[str, type[S]]) -> S:
    """Rebuild a recorded game. ``games`` is the game's class or a name → class table.

    Raises :class:`ReplayError` for a record of the wrong shape or game, or an
    action that cannot be replayed.
    """
    problems = []
    for key, kind in (("game", str), ("seed", int), ("params", Mapping), ("actions", list)):
        if not isinstance(data.get(key), kind) or isinstance(data.get(key), bool):
            problems.append(f"{key!r} must be {kind.__name__}, got {data.get(key)!r}")
    if data.get("format", RECORD_FORMAT) != RECORD_FORMAT:
        problems.append(f"'format' must be {RECORD_FORMAT}, got {data.get('format')!r}")
    if problems:
        raise ReplayError("the record cannot be read: " + "; ".join(problems))
    name = data["game"]
    table = games if isinstance(games, Mapping) else {games.game_name: games}
    if name not in table:
        raise ReplayError(f"the record is of {name!r}; known games: {', '.join(sorted(table))}")
    return replay(table[name], data["seed"], data["params"], data["actions"])
