"""The ``pnp compare`` and ``pnp sweep`` commands (the playtest tools a designer tunes a
deck with); ``pnp.cli`` adds them to the command line."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bots.core import GameConfigError, ParamValue
from pnp.catalog import Catalog, CatalogError, load_catalog
from pnp.names import visible
from pnp.output import OutputError, published, transaction
from pnp.registry import (
    LoadedGame,
    NotPlayableError,
    PluginError,
    RegistryError,
    load_game,
    with_engine,
)
from pnp.verify.cluster import ClusterError

#: Games per table of ``pnp compare`` and per cell of ``pnp sweep`` unless told otherwise.
DEFAULT_COMPARE_GAMES = 200
DEFAULT_SWEEP_GAMES = 100


def add_commands(
    commands: Any,
    positive: Callable[[str], int],
    playtest_options: Callable[[argparse.ArgumentParser], None],
) -> None:
    """Add ``compare`` and ``sweep`` to the ``pnp`` command's subparsers."""
    compare = commands.add_parser(
        "compare",
        help="compare two versions of a game's card data, or a variant, on the same seeds",
        description="Play the same seeded games of a game's playtest tables with two versions "
        "of the card data (--cards A --cards B), or with one folder against a variant or "
        "engine parameters for side B (--variant NAME, --set NAME=VALUE), and report every "
        "figure side by side with the difference B - A and its 95% interval, marking only "
        "the differences the statistics support, and the cards whose play moved most. "
        "Writes DIR/comparison.md and DIR/comparison.json.",
    )
    compare.add_argument(
        "--cards",
        type=Path,
        action="append",
        metavar="DIR",
        help="card data of side A, then of side B (default: ./cards for both)",
    )
    compare.add_argument(
        "--game",
        action="append",
        metavar="GAME",
        help="only this game (repeat for more; default: every game with an engine)",
    )
    compare.add_argument(
        "--variant",
        action="append",
        metavar="NAME",
        help="side B also plays with this variant of the data (repeat for more)",
    )
    compare.add_argument(
        "--set",
        action="append",
        metavar="NAME=VALUE",
        dest="settings",
        help="side B also plays with this engine parameter (repeat for more)",
    )
    compare.add_argument(
        "--games",
        type=positive,
        default=DEFAULT_COMPARE_GAMES,
        metavar="N",
        help=f"games per table on each side (default: {DEFAULT_COMPARE_GAMES})",
    )
    _common(compare, positive, playtest_options, "dist/compare")

    sweep = commands.add_parser(
        "sweep",
        help="play one game over a grid of parameters (decisions, variants, values)",
        description="Play a game at every combination of the values given (--vary NAME=V1,V2 "
        "for each engine parameter), at each player count, with the heuristic bots and every "
        "check of pnp verify, and report each cell's figures with their 95% intervals. "
        "Writes DIR/sweep.md and DIR/sweep.json.",
    )
    sweep.add_argument("game", metavar="GAME", help="the game to sweep")
    sweep.add_argument(
        "--cards",
        type=Path,
        default=None,
        metavar="DIR",
        help="folder of card data (default: ./cards)",
    )
    sweep.add_argument(
        "--vary",
        action="append",
        metavar="NAME=V1,V2",
        default=[],
        help="an engine parameter and its values (repeat for a grid)",
    )
    sweep.add_argument(
        "--decisions",
        action="store_true",
        help="add every open design decision of the game to the grid, each on both sides "
        "(Joe's Bar: 7 decisions, 128 cells)",
    )
    sweep.add_argument(
        "--players",
        default=None,
        metavar="N,M",
        help="player counts (default: every count the game allows)",
    )
    sweep.add_argument(
        "--games",
        type=positive,
        default=DEFAULT_SWEEP_GAMES,
        metavar="N",
        help=f"games per cell (default: {DEFAULT_SWEEP_GAMES})",
    )
    _common(sweep, positive, playtest_options, "dist/sweep")


def _common(
    parser: argparse.ArgumentParser,
    positive: Callable[[str], int],
    playtest_options: Callable[[argparse.ArgumentParser], None],
    out: str,
) -> None:
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="first seed (default: 0)")
    parser.add_argument(
        "--jobs", type=positive, default=None, metavar="J", help="processes (default: every core)"
    )
    playtest_options(parser)
    parser.add_argument(
        "--out", type=Path, default=Path(out), metavar="DIR", help=f"output folder (default: {out})"
    )


class _Refused(Exception):
    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


def _catalog(folder: Path) -> Catalog:
    try:
        return load_catalog(folder)
    except CatalogError as error:
        raise _Refused(str(error), 1) from None


def _loaded(catalog: Catalog, game_id: str) -> LoadedGame:
    if game_id not in with_engine(catalog):
        known = ", ".join(with_engine(catalog))
        raise _Refused(f"no rules engine for '{visible(game_id)}' (games with one: {known})", 2)
    try:
        return load_game(catalog.game(game_id))
    except PluginError as error:
        raise _Refused(error.explained(), 2) from None
    except (RegistryError, NotPlayableError) as error:
        raise _Refused(str(error), 1) from None


def _settings(game: LoadedGame, words: list[str]) -> dict[str, ParamValue]:
    try:
        return dict(game.engine.param_spec.read_args(words))
    except GameConfigError as error:
        raise _Refused(str(error), 2) from None


def run_compare(args: argparse.Namespace, default_cards: Path) -> int:
    """``pnp compare``; the exit status."""
    from pnp.workers import default_jobs

    try:
        folders = args.cards if isinstance(args.cards, list) else [args.cards or default_cards]
        if len(folders) > 2:
            raise _Refused("give --cards once (side A) or twice (A, then B)", 2)
        if len(folders) == 1 and not (args.variant or args.settings):
            raise _Refused(
                "nothing to compare: give a second --cards DIR, or --variant / --set for side B", 2
            )
        catalogs = [_catalog(folder) for folder in folders]
        first_catalog, second_catalog = catalogs[0], catalogs[-1]
        games = args.game or [
            game for game in with_engine(first_catalog) if game in with_engine(second_catalog)
        ]
        workers = args.jobs or default_jobs()
        written: list[Path] = []
        with transaction(args.out, "compare") as staging:
            for game_id in games:
                written += _compare_game(args, folders, first_catalog, second_catalog, game_id,
                                         staging.folder / game_id if len(games) > 1 else
                                         staging.folder, workers)  # fmt: skip
            staging.publish(*(path.relative_to(staging.folder) for path in written))
    except _Refused as refused:
        print(f"pnp compare: {visible(refused, newlines=True)}", file=sys.stderr)
        return refused.status
    except (ClusterError, OutputError) as error:
        print(f"pnp compare: {visible(error, newlines=True)}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"pnp compare: cannot write the comparison: {visible(error)}", file=sys.stderr)
        return 1
    for path in written:
        print(f"  {visible(published(args.out) / path.relative_to(staging.folder))}")
    return 0


def _compare_game(
    args: argparse.Namespace,
    folders: list[Path],
    first_catalog: Catalog,
    second_catalog: Catalog,
    game_id: str,
    out: Path,
    workers: int,
) -> list[Path]:
    """Compare one game's two sides, write the comparison into ``out`` and say how many
    differences the statistics support; the files written."""
    from pnp.verify.compare import Side, compare, write

    first_game = _loaded(first_catalog, game_id)
    second_game = _loaded(second_catalog, game_id)
    try:
        params = second_game.variant_params(args.variant or [])
    except GameConfigError as error:
        raise _Refused(str(error), 2) from None
    params.update(_settings(second_game, args.settings or []))
    label_b = str(folders[-1]) + "".join(
        f" + {word}" for word in (args.variant or []) + (args.settings or [])
    )
    comparison = compare(
        Side(str(folders[0]), first_game, {}),
        Side(label_b, second_game, params),
        args.games,
        args.seed,
        workers,
        args.cluster,
    )
    written = write(comparison, out)
    marked = sum(
        row["difference"]["significant"]
        for table in comparison["tables"]
        for row in table["figures"]
    )
    print(f"{visible(first_game.title)}: {marked} difference(s) supported by the statistics")
    return list(written)


def _grid(game: LoadedGame, words: list[str]) -> dict[str, list[ParamValue]]:
    spec = game.engine.param_spec
    vary: dict[str, list[ParamValue]] = {}
    for word in words:
        name, has_values, values = word.partition("=")
        if not has_values or not values:
            raise _Refused(f"--vary {word!r}: write NAME=V1,V2 (as winning=beta,draft)", 2)
        try:
            param = spec[name.replace("-", "_")]
        except KeyError:
            known = ", ".join(p.name for p in spec)
            raise _Refused(
                f"--vary {word!r}: {game.title} has no parameter {name!r} (parameters: {known})", 2
            ) from None
        try:
            vary[param.name] = [param.from_text(value) for value in values.split(",")]
        except GameConfigError as error:
            raise _Refused(f"--vary {word!r}: {error}", 2) from None
    return vary


def decision_grid(game: LoadedGame) -> dict[str, list[ParamValue]]:
    """Every engine parameter named after an open design decision of the game (an entry of a
    ``decisions`` table), with every side it may take."""
    spec = game.engine.param_spec
    names = {param.name for param in spec}
    grid: dict[str, list[ParamValue]] = {}
    for table in game.game.tables:
        if table.id != "decisions":
            continue
        for entry in table.entries:
            name = entry.id.replace("-", "_")
            if name in names and spec[name].choices:
                grid[name] = list(spec[name].choices or ())
    return grid


def run_sweep(args: argparse.Namespace, default_cards: Path) -> int:
    """``pnp sweep``; the exit status."""
    from pnp.verify.sweep import sweep, write
    from pnp.workers import default_jobs

    try:
        game = _loaded(_catalog(args.cards or default_cards), args.game)
        vary = _grid(game, args.vary)
        if args.decisions:
            decisions = decision_grid(game)
            if not decisions:
                raise _Refused(f"{game.title} has no open design decisions to sweep", 2)
            vary = {**decisions, **vary}
        players = list(game.players)
        if args.players:
            try:
                players = [int(text) for text in args.players.split(",")]
            except ValueError:
                raise _Refused(f"--players {args.players!r}: write counts as 3,4,5", 2) from None
        with transaction(args.out, "sweep") as staging:
            try:
                result = sweep(
                    game,
                    vary,
                    players,
                    args.games,
                    args.seed,
                    args.jobs or default_jobs(),
                    args.cluster,
                )
            except GameConfigError as error:
                raise _Refused(str(error), 2) from None
            files = write(result, staging.folder)
            staging.publish(*(path.relative_to(staging.folder) for path in files))
    except _Refused as refused:
        print(f"pnp sweep: {visible(refused, newlines=True)}", file=sys.stderr)
        return refused.status
    except (ClusterError, OutputError) as error:
        print(f"pnp sweep: {visible(error, newlines=True)}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"pnp sweep: cannot write the sweep: {visible(error)}", file=sys.stderr)
        return 1
    print(f"{visible(game.title)}: {len(result['cells'])} cells of {args.games} games")
    for path in files:
        print(f"  {visible(published(args.out) / path.relative_to(staging.folder))}")
    return 0
