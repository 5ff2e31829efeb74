"""Saved games: a seed, the parameters and the action log are the whole game.

``record(state)`` gives a JSON-able dict; ``load(record, game, data)`` and
``replay(game, data, seed, params, log)`` rebuild the state by replaying the log
from the seed (with the game's card data, which a record does not hold), so the
rebuilt state equals the original exactly.
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
    game: type[S],
    data: Any,
    seed: int,
    params: Mapping[str, object] | None,
    log: Iterable[object],
) -> S:
    """A new ``game`` from its card ``data``, ``seed`` and ``params`` with ``log`` applied
    in order.

    Log entries are actions or their strings. Raises :class:`ReplayError`
    naming the first entry that cannot be read or applied.
    """
    state = game.new(data, seed, params)
    for number, entry in enumerate(log, start=1):
        try:
            state.apply(entry)
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


def check_record(saved: Mapping[str, Any]) -> None:
    """Raise :class:`ReplayError` listing every key of ``saved`` that is not as
    :func:`record` writes it."""
    problems = []
    for key, kind in (("game", str), ("seed", int), ("params", Mapping), ("actions", list)):
        if not isinstance(saved.get(key), kind) or isinstance(saved.get(key), bool):
            problems.append(f"{key!r} must be {kind.__name__}, got {saved.get(key)!r}")
    if saved.get("format", RECORD_FORMAT) != RECORD_FORMAT:
        problems.append(f"'format' must be {RECORD_FORMAT}, got {saved.get('format')!r}")
    if problems:
        raise ReplayError("the record cannot be read: " + "; ".join(problems))


def load(saved: Mapping[str, Any], game: type[S], data: Any) -> S:
    """Rebuild a recorded game of ``game``, whose card data is ``data``.

    Raises :class:`ReplayError` for a record of the wrong shape or of another
    game, or an action that cannot be replayed.
    """
    check_record(saved)
    if saved["game"] != game.game_name:
        raise ReplayError(f"the record is of {saved['game']!r}, not {game.game_name!r}")
    return replay(game, data, saved["seed"], saved["params"], saved["actions"])
