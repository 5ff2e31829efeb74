"""The ``pnp schema`` command: JSON Schemas of every game's YAML files, for an editor
(see :mod:`pnp.catalog.schemafiles`); ``pnp.cli`` adds it to the command line."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pnp.catalog.errors import Problem, display_path
from pnp.catalog.folders import game_folders
from pnp.catalog.limits import LIMITS
from pnp.catalog.messages import field_text
from pnp.catalog.schemafiles import SCHEMA_FOLDER, write_game_schemas
from pnp.catalog.yamlsource import PathKey
from pnp.names import visible


def add_command(commands: Any, cards_option: Callable[[argparse.ArgumentParser], None]) -> None:
    """Add ``schema`` to the ``pnp`` command's subparsers."""
    schema = commands.add_parser(
        "schema",
        help="write JSON Schemas of every game's YAML files, for an editor's completion and checks",
        description="Write a JSON Schema (draft 2020-12) of each YAML file of each game, made "
        "from the models `pnp validate` checks with: game.json (game.yaml), kinds.json "
        "(kinds.yaml, written even before the game has one) and <name>.json for each YAML "
        "deck or table file <name>.yaml of a known kind, into each game folder's "
        f"{SCHEMA_FOLDER}/ (a schema whose file is gone is removed there). A YAML file then "
        "names its schema on its first line: `# yaml-language-server: "
        f"$schema={SCHEMA_FOLDER}/<name>.json`. CSV and XLSX decks get none. Exit status 2 "
        "when a schema cannot be written, 1 when the cards folder holds no game.",
    )
    cards_option(schema)
    schema.add_argument(
        "--out",
        type=Path,
        default=None,
        metavar="DIR",
        help=f"write into DIR/<game>/ instead of each game folder's {SCHEMA_FOLDER}/",
    )


def run_schema(args: argparse.Namespace) -> int:
    problems: list[Problem] = []

    def add(file: Path, line: int, record: str, path: PathKey, message: str) -> None:
        problems.append(Problem(display_path(file), line, record, field_text(path), message))

    folders = game_folders(args.cards, LIMITS, add)
    if folders is None:
        for problem in problems:
            print(f"pnp schema: {visible(problem)}", file=sys.stderr)
        return 1
    count = 0
    for folder in folders:
        target = args.out / folder.name if args.out is not None else folder / SCHEMA_FOLDER
        try:
            written, skipped = write_game_schemas(folder, target)
        except OSError as error:
            reason = visible(error.strerror or error)
            print(f"pnp schema: cannot write into {visible(target)}: {reason}", file=sys.stderr)
            return 2
        count += len(written)
        names = ", ".join(path.name for path in written)
        print(f"  {visible(display_path(target))}: {visible(names)}")
        for skip in skipped:
            print(f"    no schema for {visible(skip.file)}: {visible(skip.reason)}")
    games = "game" if len(folders) == 1 else "games"
    print(f"Wrote {count} schemas for {len(folders)} {games}.")
    return 0
