"""``pnp playtests``: summarise the games kept by ``pnp table`` (:mod:`pnp.table.summary`)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp.names import visible
from pnp.table.cli import DEFAULT_PLAYTESTS

if TYPE_CHECKING:
    from pnp.catalog import Catalog


def add_command(commands: Any) -> None:
    """Add ``playtests`` to the ``pnp`` command's subparsers."""
    playtests = commands.add_parser(
        "playtests",
        help="summarise the games people played at pnp table, with their answers",
        description="Summarise the playtests folder that pnp table keeps (one file a "
        "finished game, with what its players answered), per game, variant and number of "
        "players: games, the human seats' share of wins against each bots' level with its "
        "95% interval and the fair share, the median length in moves and minutes, fun "
        "(mean with its 95% interval, and the count of each rating), how the length felt, "
        "and every note with its date. A file that cannot be read is named on the error "
        "output and left out. Exit status 1 for a folder that is not there, when no file "
        "can be read or no game is of --game; an empty folder is said, with status 0.",
    )
    playtests.add_argument(
        "folder",
        nargs="?",
        type=Path,
        default=DEFAULT_PLAYTESTS,
        metavar="DIR",
        help="the playtests folder (default: playtests)",
    )
    playtests.add_argument(
        "--game",
        action="append",
        metavar="GAME",
        help="only this game (repeat for more; default: every game in the folder)",
    )
    playtests.add_argument(
        "--json", action="store_true", help="print the summary as JSON instead of text"
    )


def run_playtests(args: argparse.Namespace) -> int:
    """``pnp playtests``; the exit status."""
    from pnp.table.playtests import PlaytestError, read_folder
    from pnp.table.summary import SUMMARY_FORMAT, summarise, text

    folder: Path = args.folder
    try:
        found, problems = read_folder(folder)
    except PlaytestError as error:
        print(f"pnp playtests: {visible(error)}: pnp table keeps its finished games in "
              "playtests (or the folder of its --playtests DIR)", file=sys.stderr)  # fmt: skip
        return 1
    for problem in problems:
        print(f"pnp playtests: left out: {visible(problem)}", file=sys.stderr)
    if not found and not problems:
        print(f"No playtests in {visible(folder)} yet: the games finished at pnp table are "
              "kept there.")  # fmt: skip
        return 0
    if not found:
        print(f"pnp playtests: no file of {visible(folder)} could be read", file=sys.stderr)
        return 1
    if args.game:
        there = sorted({playtest.game for playtest in found})
        found = [playtest for playtest in found if playtest.game in args.game]
        if not found:
            asked = ", ".join(visible(game) for game in args.game)
            print(f"pnp playtests: no playtests of {asked} in {visible(folder)} (games "
                  f"there: {', '.join(map(visible, there))})", file=sys.stderr)  # fmt: skip
            return 1
    tables = summarise(found)
    if args.json:
        skipped = [visible(problem) for problem in problems]
        data = {
            "format": SUMMARY_FORMAT,
            "folder": str(folder),
            "tables": tables,
            "left_out": skipped,
        }
        print(json.dumps(data, indent=1, ensure_ascii=False))
    else:
        print("\n".join(text(tables)))
    return 0


#: The file of the kit that holds the summary of the playtests the site shows.
KIT_FILE = "playtests.json"


def add_kit_option(kit: argparse.ArgumentParser) -> None:
    """``pnp kit --playtests DIR``."""
    kit.add_argument(
        "--playtests",
        type=Path,
        default=None,
        metavar="DIR",
        help="the playtests folder of pnp table, summarised into the kit and shown in each "
        "game's designer's notes on the site (default: playtests, when there is one)",
    )


def kit_playtests_problem(folder: Path | None) -> str | None:
    """Why ``pnp kit --playtests DIR`` cannot use ``folder`` (checked before the kit is
    built); ``None`` when it can."""
    if folder is not None and not folder.is_dir():
        return f"there is no playtests folder {visible(folder)}"
    return None


def kit_playtests(folder: Path | None, catalog: Catalog, out: Path) -> None:
    """Write the summary of the playtests of ``folder`` (``None``: ``playtests`` if there
    is one) into the kit in ``out`` (:data:`KIT_FILE`, the JSON of ``pnp playtests
    --json``), each table counting the games played on other card data than the kit's; an
    empty summary without a folder (so that the kit never keeps an older one)."""
    from pnp.catalog.digest import game_digest
    from pnp.files import write_atomic
    from pnp.output import published
    from pnp.table.playtests import Playtest, read_folder
    from pnp.table.summary import SUMMARY_FORMAT, summarise

    chosen = folder or DEFAULT_PLAYTESTS
    found: list[Playtest] = []
    if chosen.is_dir():
        found, problems = read_folder(chosen)
        for problem in problems:
            print(f"pnp kit: left out: {visible(problem)}", file=sys.stderr)
    known = {game.id: game_digest(game) for game in catalog.games}
    found = [playtest for playtest in found if playtest.game in known]
    tables = summarise(found, known)
    data = {"format": SUMMARY_FORMAT, "folder": str(chosen), "tables": tables}
    target = out / KIT_FILE
    write_atomic(target, json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    if not chosen.is_dir():
        return  # (said by nothing: most kits have no playtests)
    print(f"Wrote the summary of {len(found)} playtest{'' if len(found) == 1 else 's'} of "
          f"{visible(chosen)} into {visible(published(target))}")  # fmt: skip
