"""Saved games of terminal play: the engine's record plus who sat where.

A save is the JSON of :func:`bots.core.record` (format, game, seed,
parameters, actions) with one more key, ``"play"``: the human's seat, the
names, the bots and whether the human's seat was played by a bot (``--auto``).
:func:`bots.core.load` ignores keys it does not know, so every save is also a
plain engine record, and a plain record (a bot game) can be resumed or
replayed too, with the human at seat 0.

>>> setup = Setup("chinchon", 7, {"players": 3}, 0, ("You", "Ana", "Ben"), "heuristic", "medium")
>>> Setup.from_record({**setup.record_extra(), "game": "chinchon", "seed": 7,
...                    "params": {"players": 3}, "actions": []}) == setup
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bots.core import GameState, ParamValue, record
from pnp.files import write_atomic
from pnp.play.front import BOT_KINDS, LEVELS, default_names
from pnp.play.terminal import shown

#: The key of a save that holds the play settings.
PLAY_KEY = "play"
#: The most characters of a player's name that a save may give.
NAME_LENGTH = 20


class SaveError(ValueError):
    """A save file that cannot be read or written; the message names the file and why."""


@dataclass(frozen=True)
class Setup:
    """Who plays a game: the engine's seed and parameters, the human's seat and the bots."""

    game: str
    seed: int
    params: Mapping[str, ParamValue]
    human: int
    names: tuple[str, ...]
    bot: str = "heuristic"
    level: str = "medium"
    #: Whether a bot plays the human's seat (a demonstration, and tests).
    auto: bool = False
    #: The ``--variant`` words as typed (shown to people; the parameters are what count).
    variants: tuple[str, ...] = field(default=())

    @property
    def players(self) -> int:
        return len(self.names)

    def record_extra(self) -> dict[str, Any]:
        """The ``"play"`` key of a save."""
        return {
            PLAY_KEY: {
                "human": self.human,
                "names": list(self.names),
                "bot": self.bot,
                "level": self.level,
                "auto": self.auto,
                "variants": list(self.variants),
            }
        }

    @classmethod
    def from_record(cls, data: Mapping[str, Any]) -> Setup:
        """The setup of a save (defaults for a plain engine record); raises :class:`SaveError`."""
        params = data.get("params")
        if not isinstance(params, Mapping):
            raise SaveError("'params' must be an object")
        players = params.get("players")
        play = data.get(PLAY_KEY, {})
        if not isinstance(play, Mapping):
            raise SaveError(f"{PLAY_KEY!r} must be an object, got {play!r}")
        problems = []
        human = play.get("human", 0)
        names = play.get("names")
        if names is None and isinstance(players, int) and not isinstance(players, bool):
            names = list(default_names(players, human if isinstance(human, int) else 0))
        if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
            problems.append(f"'names' must be a list of names, got {names!r}")
            names = []
        # A name is printed at the table: never as control sequences, never endless.
        names = [shown(name, NAME_LENGTH) for name in names]
        if any(not name.strip() for name in names):
            problems.append("'names' must not hold an empty name")
        if isinstance(human, bool) or not isinstance(human, int) or not 0 <= human < len(names):
            problems.append(f"'human' must be a seat from 0 to {len(names) - 1}, got {human!r}")
        bot = play.get("bot", "heuristic")
        if bot not in BOT_KINDS:
            problems.append(f"'bot' must be one of {', '.join(BOT_KINDS)}, got {bot!r}")
        level = play.get("level", "medium")
        if level not in LEVELS:
            problems.append(f"'level' must be one of {', '.join(LEVELS)}, got {level!r}")
        auto = play.get("auto", False)
        if not isinstance(auto, bool):
            problems.append(f"'auto' must be true or false, got {auto!r}")
        variants = play.get("variants", [])
        if not isinstance(variants, list) or not all(isinstance(word, str) for word in variants):
            problems.append(f"'variants' must be a list of words, got {variants!r}")
            variants = []
        seed = data.get("seed")
        if isinstance(seed, bool) or not isinstance(seed, int):
            problems.append(f"'seed' must be a whole number, got {seed!r}")
        game = data.get("game")
        if not isinstance(game, str):
            problems.append(f"'game' must be a game name, got {game!r}")
        if problems:
            raise SaveError("the save cannot be read: " + "; ".join(problems))
        assert isinstance(seed, int) and isinstance(game, str) and isinstance(human, int)
        return cls(
            game,
            seed,
            dict(params),
            human,
            tuple(names),
            str(bot),
            str(level),
            bool(auto),
            tuple(variants),
        )


def save_data(state: GameState[Any, Any], setup: Setup) -> dict[str, Any]:
    """The JSON-able save of ``state`` played with ``setup``."""
    return {**record(state), **setup.record_extra()}


def write_save(path: Path, state: GameState[Any, Any], setup: Setup) -> None:
    """Write the save of ``state`` to ``path`` atomically; raises :class:`SaveError`."""
    text = json.dumps(save_data(state, setup), indent=1, ensure_ascii=False) + "\n"
    if not path.parent.is_dir():
        raise SaveError(f"cannot write {path}: there is no folder {path.parent}")
    try:
        write_atomic(path, text)
    except OSError as error:
        raise SaveError(f"cannot write {path}: {error.strerror or error}") from None


def read_save(path: Path) -> dict[str, Any]:
    """The JSON object in ``path``; raises :class:`SaveError` saying what is wrong."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as error:
        raise SaveError(f"{path}: cannot be read ({error})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise SaveError(
            f"{path}: not a saved game (invalid JSON at line {error.lineno}: {error.msg})"
        ) from None
    if not isinstance(data, dict):
        raise SaveError(f"{path}: not a saved game (expected a JSON object)")
    return data


def default_save_path(game: str, seed: int, folder: Path) -> Path:
    """``<game>-<seed>.json`` in ``folder``, numbered ``-2``, ``-3``... if the name is in use."""
    number = 1
    while True:
        suffix = "" if number == 1 else f"-{number}"
        path = folder / f"{game}-{seed}{suffix}.json"
        if not path.exists():
            return path
        number += 1
