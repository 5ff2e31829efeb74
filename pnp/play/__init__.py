"""Terminal play against the bots: ``pnp play`` and ``pnp replay``.

One framework for every game with a rules engine:

* :mod:`pnp.play.terminal` — the console: prompts, colour only as a help,
  end of input and Ctrl-C as clean endings;
* :mod:`pnp.play.front` — what a game brings (:class:`~pnp.play.front.GameFront`):
  parameters, bots, narration from views, the human's prompts, texts;
* :mod:`pnp.play.session` — the game loop, shared commands, save and resume;
* :mod:`pnp.play.saves` — saved games: the engine's record plus who sat where,
  read within limits (:mod:`pnp.play.save_reading`) and sealed against edits
  (:mod:`pnp.play.seal`);
* :mod:`pnp.play.replay` — stepping through a saved game;
* one front end per game: :mod:`pnp.play.chinchon` (with its texts in
  :mod:`pnp.play.chinchon_table`) and :mod:`pnp.play.chin_music`.

The game, its engine, bots, variants and front end come from the registry
(:mod:`pnp.registry`), bound to the card data of ``--cards``: what is played
is what is printed. Adding a game: write its front end and register it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TextIO

from bots.core import GameConfigError
from pnp.catalog import Catalog, CatalogError, load_catalog
from pnp.names import visible
from pnp.play.front import LEVELS, GameFront, bot_name, default_names, params_from_words
from pnp.play.replay import ends_the_game, parse_log, replay_game
from pnp.play.saves import SaveError, Setup, WriteError, load_save, mark_revealed, quoted
from pnp.play.session import Session
from pnp.play.terminal import EndOfInput, Interrupted, Terminal
from pnp.registry import (
    LoadedGame,
    NotPlayableError,
    PluginError,
    RegistryError,
    load_game,
)

#: Exit status for a file that cannot be read (a save, a log, the card data).
FILE_ERROR = 1
#: Exit status for options that cannot be used, as argparse gives.
USAGE_ERROR = 2
#: Where the card data is unless ``--cards`` says otherwise.
DEFAULT_CARDS = Path("cards")

FrontClass = type[GameFront[Any, Any, Any]]


@dataclass(frozen=True)
class PlayOptions:
    """The options of ``pnp play`` (``None``: not given)."""

    game: str | None = None
    players: int | None = None
    bot: str | None = None
    level: str | None = None
    seed: int | None = None
    variants: tuple[str, ...] = ()
    #: ``ID=beta`` or ``ID=draft``: a side of one of the game's open design decisions.
    decisions: tuple[str, ...] = ()
    resume: Path | None = None
    save: Path | None = None
    auto: bool = False
    cards: Path = DEFAULT_CARDS


class _Refused(Exception):
    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


def play(options: PlayOptions, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    """Run ``pnp play``; the exit status (see :mod:`pnp.play.session`; 1 for a save that
    cannot be read, 2 for options that cannot be used)."""
    terminal = Terminal(stdin, stdout)
    try:
        catalog = _catalog(options.cards)
        if options.resume is not None:
            game, setup, actions = _resumed(options, catalog)
        else:
            game, setup = _new(options, catalog)
            actions = []
        if options.save is not None:
            _check_save(options.save, options.resume, terminal)
        front_class = game.front()
        front = front_class(game, terminal, setup.names, setup.human)
        try:
            session = Session(front, terminal, setup, options.save, options.resume)
        except GameConfigError as error:
            if options.resume is not None:
                raise _Refused(_misfit(options.resume, game), FILE_ERROR) from None
            raise _Refused(str(error), USAGE_ERROR) from None
        try:
            session.catch_up(actions)
        except SaveError as error:
            raise _Refused(f"{options.resume}: {error}", FILE_ERROR) from None
        if options.save is not None:
            _first_save(session, options.save)
    except _Refused as refused:
        print(f"pnp play: {refused}", file=stderr)
        return refused.status
    levels = {bot.name for bot in game.bots}
    if options.level is not None and options.level not in levels and setup.bot != "random":
        chosen = bot_name(game, setup.bot, options.level)
        terminal.say(f"Level {options.level}: the {game.title} bots play as {chosen}.")
    return session.play(resumed=options.resume is not None)


def _check_save(path: Path, resumed: Path | None, terminal: Terminal) -> None:
    """Refuse ``--save`` before the first move when it cannot be written; ask before a game
    is saved over another file."""
    if not path.parent.is_dir():
        raise _Refused(f"--save {path}: there is no folder {path.parent}", USAGE_ERROR)
    if path.is_dir():
        raise _Refused(f"--save {path}: that is a folder, not a file", USAGE_ERROR)
    if not path.exists() or (resumed is not None and path.resolve() == resumed.resolve()):
        return
    while True:
        try:
            answer = terminal.ask(f"{path} exists. Save this game over it? (y/n)")
        except (EndOfInput, Interrupted):
            answer = "n"
        word = answer.strip().lower()
        if word in ("y", "yes"):
            return
        if word in ("n", "no"):
            raise _Refused(f"--save {path}: not saving over it; choose another file", USAGE_ERROR)
        terminal.say("Please answer y (yes) or n (no).")


def _first_save(session: Session[Any, Any, Any], path: Path) -> None:
    """Write ``--save``'s file before the first move, so that a folder that cannot be
    written is refused now, not when the game is over."""
    try:
        session.save_quietly(path)
    except WriteError as error:
        raise _Refused(
            f"--save {path}: the game cannot be saved there ({error.reason}); choose a file "
            "in a folder you can write to",
            USAGE_ERROR,
        ) from None


def _misfit(path: Path, game: LoadedGame) -> str:
    """The sentence for a save whose parameters are not its game's (forged or damaged)."""
    return (
        f"{path} cannot be used: it says it is a game of {game.title}, but its parameters "
        f"are not those of {game.title}"
    )


def _saved_game(path: Path, catalog: Catalog, setup: Setup) -> LoadedGame:
    """The game a save names, refused with one sentence naming the file when it names no
    game of the card data."""
    known = {game.id for game in catalog.games}
    if setup.game not in known:
        raise _Refused(
            f"{path} is not a saved game of {', '.join(sorted(known))}: it names the game "
            f"{quoted(setup.game)}",
            FILE_ERROR,
        )
    return _game(catalog, setup.game)


def _catalog(cards: Path) -> Catalog:
    try:
        return load_catalog(cards)
    except CatalogError as error:
        raise _Refused(f"the card data cannot be used:\n{error}", FILE_ERROR) from None


def _game(catalog: Catalog, game_id: str) -> LoadedGame:
    """The registered game ``game_id`` of the data, ready to play; refused with a sentence
    for a game that is not in the data or cannot be played yet."""
    known = [game.id for game in catalog.games]
    if game_id not in known:
        raise _Refused(f"no game {game_id!r} to play (games: {', '.join(known)})", USAGE_ERROR)
    try:
        return load_game(catalog.game(game_id))
    except PluginError as error:  # the designer's engine module: a usage error, as pnp check
        raise _Refused(error.explained(), USAGE_ERROR) from None
    except (NotPlayableError, RegistryError) as error:
        raise _Refused(str(error), FILE_ERROR) from None


def _new(options: PlayOptions, catalog: Catalog) -> tuple[LoadedGame, Setup]:
    if options.game is None:
        from pnp.registry import playable

        games = playable(catalog)
        names = " or ".join([", ".join(games[:-1]), games[-1]] if len(games) > 1 else games)
        raise _Refused(f"name a game ({names}) or --resume FILE", USAGE_ERROR)
    game = _game(catalog, options.game)
    players = options.players or game.front().default_players
    words = (*options.variants, *_decision_words(game, options.decisions))
    try:
        params = params_from_words(game, players, words)
    except ValueError as error:
        raise _Refused(str(error), USAGE_ERROR) from None
    seed = options.seed if options.seed is not None else random.SystemRandom().randrange(10**6)
    setup = Setup(
        game=game.id,
        seed=seed,
        params=params.to_dict(),
        human=0,
        names=default_names(params.get_int("players"), 0),
        bot=options.bot or "heuristic",
        level=options.level or LEVELS[1],
        auto=options.auto,
        variants=words,
    )
    return game, setup


#: How ``--decision`` names the sides of a decision, and the engine's value of each.
_SIDES = {"beta": "beta", "draft": "older-draft", "older-draft": "older-draft"}


def _decision_words(game: LoadedGame, decisions: Sequence[str]) -> list[str]:
    """The engine parameter words (``swoosh_cards=older-draft``) of ``--decision`` words
    (``swoosh-cards=draft``); refused with a sentence naming the game's decisions."""
    from pnp.cli_playtest import decision_grid

    if not decisions:
        return []
    grid = decision_grid(game)
    known = ", ".join(name.replace("_", "-") for name in grid) or "none"
    words = []
    for word in decisions:
        decision, has_side, side = word.partition("=")
        name = decision.strip().lower().replace("-", "_")
        if not grid:
            raise _Refused(f"{game.title} has no open design decisions to choose", USAGE_ERROR)
        if not has_side or name not in grid or side.strip().lower() not in _SIDES:
            raise _Refused(
                f"--decision {word!r}: write ID=beta or ID=draft, ID one of {known}", USAGE_ERROR
            )
        words.append(f"{name}={_SIDES[side.strip().lower()]}")
    return words


def _resumed(options: PlayOptions, catalog: Catalog) -> tuple[LoadedGame, Setup, Sequence[str]]:
    assert options.resume is not None
    given = {
        "--players": options.players,
        "--bot": options.bot,
        "--level": options.level,
        "--seed": options.seed,
        "--variant": options.variants or None,
        "--decision": options.decisions or None,
    }
    clashing = [flag for flag, value in given.items() if value is not None]
    if clashing:
        raise _Refused(
            f"{', '.join(clashing)} cannot be used with --resume: the saved game keeps its own",
            USAGE_ERROR,
        )
    try:
        data, setup = load_save(options.resume)
    except SaveError as error:
        raise _Refused(str(error), FILE_ERROR) from None
    if options.game is not None and options.game != setup.game:
        raise _Refused(
            f"{options.resume} is a game of {visible(setup.game[:60])}, not {options.game}",
            FILE_ERROR,
        )
    game = _saved_game(options.resume, catalog, setup)
    actions = data.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise _Refused(f"{options.resume}: 'actions' must be a list of moves", FILE_ERROR)
    if options.auto:
        setup = replace(setup, auto=True)
    return game, setup, actions


def replay(
    path: Path,
    open_hands: bool,
    stdin: TextIO,
    stdout: TextIO,
    stderr: TextIO,
    cards: Path = DEFAULT_CARDS,
    reveal: bool = False,
) -> int:
    """Run ``pnp replay``; the exit status (1 for a log that cannot be read or replayed, or
    marked when ``reveal`` asks; 2 for ``open_hands`` on an unfinished game without
    ``reveal``)."""
    terminal = Terminal(stdin, stdout)
    try:
        if reveal and not open_hands:
            raise _Refused(
                "--reveal goes with --open: it lets --open show a game that is not over",
                USAGE_ERROR,
            )
        catalog = _catalog(cards)
        data, setup = load_save(path)
        game = _saved_game(path, catalog, setup)
        try:
            first = game.new(setup.seed, setup.params)
        except GameConfigError:
            raise _Refused(_misfit(path, game), FILE_ERROR) from None
        actions = parse_log(first, data.get("actions"))
        if open_hands and not ends_the_game(game.new(setup.seed, setup.params), actions):
            setup = _revealed(path, data, setup, reveal)
        front = game.front()(game, terminal, setup.names, setup.human)
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


def _revealed(path: Path, data: dict[str, Any], setup: Setup, reveal: bool) -> Setup:
    """The setup of an unfinished game whose hidden cards ``--open`` is to show: refused
    without ``--reveal``; with it, the save is marked first (refused if it cannot be)."""
    if not reveal:
        raise _Refused(
            f"{path} is a game that is not over, and --open would show the other players' "
            "hidden cards; add --reveal to show them anyway (the save is then marked, and "
            "a resumed game says so)",
            USAGE_ERROR,
        )
    if setup.revealed:
        return setup
    try:
        return mark_revealed(path, data, setup)
    except WriteError as error:
        raise _Refused(
            f"{path}: its hidden cards are not shown, because the mark that they were shown "
            f"cannot be written into it ({error.reason})",
            FILE_ERROR,
        ) from None


__all__ = ["PlayOptions", "play", "replay"]
