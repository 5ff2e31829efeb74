"""Terminal play against the bots: ``pnp play`` and ``pnp replay``.

One framework for every game with a rules engine:

* :mod:`pnp.play.terminal` — the console: prompts, colour only as a help,
  end of input and Ctrl-C as clean endings;
* :mod:`pnp.play.front` — what a game brings (:class:`~pnp.play.front.GameFront`):
  parameters, bots, narration from views, the human's prompts, texts;
* :mod:`pnp.play.session` — the game loop, shared commands, save and resume;
* :mod:`pnp.play.saves` — saved games: the engine's record plus who sat where;
* :mod:`pnp.play.replay` — stepping through a saved game;
* one front end per game: :mod:`pnp.play.chinchon` (with its texts in
  :mod:`pnp.play.chinchon_table`) and :mod:`pnp.play.chin_music`.

Adding a game: write its front end and add it to :func:`fronts`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TextIO

from bots.core import GameConfigError
from pnp.play.front import LEVELS, GameFront, default_names
from pnp.play.replay import parse_log, replay_game
from pnp.play.saves import SaveError, Setup, read_save
from pnp.play.session import Session
from pnp.play.terminal import Terminal

#: Exit status for a file that cannot be read (a save, a log).
FILE_ERROR = 1
#: Exit status for options that cannot be used, as argparse gives.
USAGE_ERROR = 2
#: The games ``pnp play`` knows, in the order help lists them.
GAMES = ("chinchon", "chin-music")

FrontClass = type[GameFront[Any, Any, Any]]


def fronts() -> dict[str, FrontClass]:
    """The front end of every game that can be played now, by game name."""
    from pnp.play.chin_music import ChinMusicFront
    from pnp.play.chinchon import ChinchonFront

    return {front.game_id: front for front in (ChinchonFront, ChinMusicFront)}


@dataclass(frozen=True)
class PlayOptions:
    """The options of ``pnp play`` (``None``: not given)."""

    game: str | None = None
    players: int | None = None
    bot: str | None = None
    level: str | None = None
    seed: int | None = None
    variants: tuple[str, ...] = ()
    resume: Path | None = None
    save: Path | None = None
    auto: bool = False


class _Refused(Exception):
    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


def play(options: PlayOptions, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    """Run ``pnp play``; the exit status (see :mod:`pnp.play.session`; 1 for a save that
    cannot be read, 2 for options that cannot be used)."""
    terminal = Terminal(stdin, stdout)
    try:
        if options.resume is not None:
            front_class, setup, actions = _resumed(options)
        else:
            front_class, setup = _new(options)
            actions = []
        front = front_class(terminal, setup.names, setup.human)
        try:
            session = Session(front, terminal, setup, options.save, options.resume)
        except GameConfigError as error:
            raise _Refused(str(error), USAGE_ERROR) from None
        try:
            session.catch_up(actions)
        except SaveError as error:
            raise _Refused(f"{options.resume}: {error}", FILE_ERROR) from None
    except _Refused as refused:
        print(f"pnp play: {refused}", file=stderr)
        return refused.status
    if options.level is not None and not front_class.has_levels:
        terminal.say(f"Note: --level has no effect on the {front_class.title} bots.")
    return session.play(resumed=options.resume is not None)


def _front_class(game: str) -> FrontClass:
    known = fronts()
    if game not in known:
        if game in GAMES:
            raise _Refused(f"{game} cannot be played yet (its rules engine is not ready)", 1)
        raise _Refused(f"no game {game!r} to play (games: {', '.join(known)})", USAGE_ERROR)
    return known[game]


def _new(options: PlayOptions) -> tuple[FrontClass, Setup]:
    if options.game is None:
        raise _Refused("name a game (chinchon or chin-music) or --resume FILE", USAGE_ERROR)
    front_class = _front_class(options.game)
    players = options.players or front_class.default_players
    try:
        params = front_class.params(players, options.variants)
    except ValueError as error:
        raise _Refused(str(error), USAGE_ERROR) from None
    seed = options.seed if options.seed is not None else random.SystemRandom().randrange(10**6)
    setup = Setup(
        game=front_class.game_id,
        seed=seed,
        params=params.to_dict(),
        human=0,
        names=default_names(params.get_int("players"), 0),
        bot=options.bot or "heuristic",
        level=options.level or LEVELS[1],
        auto=options.auto,
        variants=tuple(options.variants),
    )
    return front_class, setup


def _resumed(options: PlayOptions) -> tuple[FrontClass, Setup, Sequence[str]]:
    assert options.resume is not None
    given = {
        "--players": options.players,
        "--bot": options.bot,
        "--level": options.level,
        "--seed": options.seed,
        "--variant": options.variants or None,
    }
    clashing = [flag for flag, value in given.items() if value is not None]
    if clashing:
        raise _Refused(
            f"{', '.join(clashing)} cannot be used with --resume: the saved game keeps its own",
            USAGE_ERROR,
        )
    try:
        data = read_save(options.resume)
        setup = Setup.from_record(data)
    except SaveError as error:
        message = str(error)
        if not message.startswith(str(options.resume)):
            message = f"{options.resume}: {message}"
        raise _Refused(message, FILE_ERROR) from None
    if options.game is not None and options.game != setup.game:
        raise _Refused(
            f"{options.resume} is a game of {setup.game}, not {options.game}", USAGE_ERROR
        )
    front_class = _front_class(setup.game)
    actions = data.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise _Refused(f"{options.resume}: 'actions' must be a list of moves", FILE_ERROR)
    if options.auto:
        setup = replace(setup, auto=True)
    return front_class, setup, actions


def replay(path: Path, open_hands: bool, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    """Run ``pnp replay``; the exit status (1 for a log that cannot be read or replayed)."""
    terminal = Terminal(stdin, stdout)
    try:
        data = read_save(path)
        setup = Setup.from_record(data)
        front_class = _front_class(setup.game)
        actions = parse_log(front_class.state_class(), data.get("actions"))
        front = front_class(terminal, setup.names, setup.human)
        return replay_game(front, terminal, setup, actions, open_hands)
    except SaveError as error:
        message = str(error)
        if not message.startswith(str(path)):
            message = f"{path}: {message}"
        print(f"pnp replay: {message}", file=stderr)
    except GameConfigError as error:
        print(f"pnp replay: {path}: {error}", file=stderr)
    except _Refused as refused:
        print(f"pnp replay: {refused}", file=stderr)
        return refused.status
    return FILE_ERROR


__all__ = ["GAMES", "PlayOptions", "fronts", "play", "replay"]
