"""Saved games of terminal play: the engine's record plus who sat where.

A save is the JSON of :func:`bots.core.record` (format, game, seed,
parameters, actions) with one more key, ``"play"``: the human's seat, the
names, the bots, whether the human's seat was played by a bot (``--auto``),
whether the hidden cards were shown (``pnp replay --open --reveal``) and a
seal over the seat, the names and that mark (:mod:`pnp.play.seal`).
:func:`bots.core.load` ignores keys it does not know, so every save is also a
plain engine record, and a plain record (a bot game) can be resumed or
replayed too, with the human at seat 0.

A save is read within limits (:mod:`pnp.play.save_reading`), and a player's
name from a save is printed as :func:`pnp.names.visible` shows it: a control
or bidirectional character becomes a mark like ``<U+202E>``.

>>> setup = Setup("chinchon", 7, {"players": 3}, 0, ("You", "Ana", "Ben"), "heuristic", "medium")
>>> Setup.from_record({**setup.record_extra(), "game": "chinchon", "seed": 7,
...                    "params": {"players": 3}, "actions": []}) == setup
True
>>> display_name("Ana\u202eneB")
'Ana<U+202E>neB'
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from bots.core import GameState, ParamValue, record
from pnp.files import write_atomic
from pnp.names import visible
from pnp.play.front import BOT_KINDS, LEVELS, default_names
from pnp.play.save_reading import UnreadableSave, read_json_object
from pnp.play.seal import REVEALED_KEY, SEAL_KEY, edit_of, seal

#: The key of a save that holds the play settings.
PLAY_KEY = "play"
#: The most characters of a player's name as it is printed.
NAME_LENGTH = 20
#: The most characters of a value from a save quoted in a message.
QUOTED_LENGTH = 60


class SaveError(ValueError):
    """A save file that cannot be read or written; the message names the file and why."""


class WriteError(SaveError):
    """A save that cannot be written: ``path`` and the ``reason`` (``Permission denied``)."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"cannot write {path}: {reason}")
        self.path = path
        self.reason = reason


def display_name(name: str) -> str:
    """A player's name from a save as it is printed: every control, formatting and bidi
    character shown as its mark (:func:`pnp.names.visible`), cut to :data:`NAME_LENGTH`
    characters with ``…`` (never through a mark)."""
    marked = visible(name)
    if len(marked) <= NAME_LENGTH:
        return marked
    cut = marked[: NAME_LENGTH - 1]
    start = cut.rfind("<U+")
    if start != -1 and ">" not in cut[start:]:
        cut = cut[:start]
    return cut + "…"


def quoted(value: object) -> str:
    """A value from a save quoted in a message: as Python writes it, marked (see
    :func:`pnp.names.visible`) and cut to :data:`QUOTED_LENGTH` characters."""
    text = visible(repr(value))
    return text if len(text) <= QUOTED_LENGTH else text[: QUOTED_LENGTH - 1] + "…"


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
    #: Whether every player's hidden cards were shown (``pnp replay --open --reveal``)
    #: before the game was over; kept in every later save of the game.
    revealed: bool = False

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
                REVEALED_KEY: self.revealed,
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
            raise SaveError(f"{PLAY_KEY!r} must be an object, got {quoted(play)}")
        problems = []
        human = play.get("human", 0)
        names = play.get("names")
        if names is None and isinstance(players, int) and not isinstance(players, bool):
            names = list(default_names(players, human if isinstance(human, int) else 0))
        if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
            problems.append(f"'names' must be a list of names, got {quoted(names)}")
            names = []
        # A name is printed at the table: never as control or bidi characters, never endless.
        names = [display_name(name) for name in names]
        if any(not name.strip() for name in names):
            problems.append("'names' must not hold an empty name")
        if isinstance(human, bool) or not isinstance(human, int) or not 0 <= human < len(names):
            problems.append(
                f"'human' must be a seat from 0 to {len(names) - 1}, got {quoted(human)}"
            )
        bot = play.get("bot", "heuristic")
        if bot not in BOT_KINDS:
            problems.append(f"'bot' must be one of {', '.join(BOT_KINDS)}, got {quoted(bot)}")
        level = play.get("level", "medium")
        if level not in LEVELS:
            problems.append(f"'level' must be one of {', '.join(LEVELS)}, got {quoted(level)}")
        auto = play.get("auto", False)
        if not isinstance(auto, bool):
            problems.append(f"'auto' must be true or false, got {quoted(auto)}")
        variants = play.get("variants", [])
        if not isinstance(variants, list) or not all(isinstance(word, str) for word in variants):
            problems.append(f"'variants' must be a list of words, got {quoted(variants)}")
            variants = []
        revealed = play.get(REVEALED_KEY, False)
        if not isinstance(revealed, bool):
            problems.append(f"{REVEALED_KEY!r} must be true or false, got {quoted(revealed)}")
        seed = data.get("seed")
        if isinstance(seed, bool) or not isinstance(seed, int):
            problems.append(f"'seed' must be a whole number, got {quoted(seed)}")
        game = data.get("game")
        if not isinstance(game, str):
            problems.append(f"'game' must be a game name, got {quoted(game)}")
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
            revealed is True,
        )


def save_data(state: GameState[Any, Any], setup: Setup) -> dict[str, Any]:
    """The JSON-able save of ``state`` played with ``setup``, sealed."""
    return sealed({**record(state), **setup.record_extra()})


def sealed(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` (a save with its ``play`` object) with its seal written in."""
    data[PLAY_KEY] = {**data[PLAY_KEY], SEAL_KEY: None}  # the seal's place: after the mark
    data[PLAY_KEY][SEAL_KEY] = seal(data)
    return data


def write_save(path: Path, state: GameState[Any, Any], setup: Setup) -> None:
    """Write the save of ``state`` to ``path`` atomically; raises :class:`WriteError`."""
    write_data(path, save_data(state, setup))


def write_data(path: Path, data: dict[str, Any]) -> None:
    """Write the save ``data`` to ``path`` atomically; raises :class:`WriteError`."""
    text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
    if not path.parent.is_dir():
        raise WriteError(path, f"there is no folder {path.parent}")
    try:
        write_atomic(path, text)
    except OSError as error:
        raise WriteError(path, error.strerror or str(error)) from None


def read_save(path: Path) -> dict[str, Any]:
    """The JSON object in ``path``, read within the limits of
    :mod:`pnp.play.save_reading`; raises :class:`SaveError` saying what is wrong."""
    try:
        return read_json_object(path)
    except UnreadableSave as error:
        raise SaveError(str(error)) from None


def load_save(path: Path) -> tuple[dict[str, Any], Setup]:
    """The save in ``path`` and its setup; raises :class:`SaveError` for a file that cannot
    be read, a save that cannot be used, and a sealed save that was edited."""
    data = read_save(path)
    try:
        setup = Setup.from_record(data)
    except SaveError as error:
        raise SaveError(f"{path}: {error}") from None
    edit = edit_of(data, setup.names)
    if edit is not None:
        raise SaveError(f"{path} was edited: {edit}")
    return data, setup


def mark_revealed(path: Path, data: Mapping[str, Any], setup: Setup) -> Setup:
    """Write into the save ``data`` of ``path`` that its hidden cards were shown; the
    setup with the mark. Raises :class:`WriteError` when the mark cannot be written."""
    marked = replace(setup, revealed=True)
    write_data(path, sealed({**data, **marked.record_extra()}))
    return marked


def default_save_path(game: str, seed: int, folder: Path) -> Path:
    """``<game>-<seed>.json`` in ``folder``, numbered ``-2``, ``-3``... if the name is in use."""
    number = 1
    while True:
        suffix = "" if number == 1 else f"-{number}"
        path = folder / f"{game}-{seed}{suffix}.json"
        if not path.exists():
            return path
        number += 1
