"""The ``pnp`` command: one entry point that wires the pipeline together."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from pnp import __version__
from pnp.catalog import Catalog, CatalogError, load_catalog
from pnp.files import write_atomic

DEFAULT_CARDS = Path("cards")
DEFAULT_OUT = Path("dist")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pnp",
        description="Publish card games from the card data in cards/: check the data, "
        "build the print-and-play kit, the rules site and the playtest report.",
    )
    parser.add_argument("--version", action="version", version=f"pnp {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    validate = commands.add_parser(
        "validate",
        help="check the card data and print the card counts of every deck",
        description="Check every game under the cards folder and print how many physical "
        "cards each deck has. Every problem is listed with its file, line and field; the "
        "exit status is 1 when there is any.",
    )
    _cards_option(validate)
    validate.add_argument(
        "--json", action="store_true", help="print the counts as JSON instead of a table"
    )

    kit = commands.add_parser(
        "kit",
        help="build everything into the output folder (what `make kit` runs)",
        description="Check the card data and build the whole kit into the output folder.",
    )
    _cards_option(kit)
    kit.add_argument(
        "--out", type=Path, default=DEFAULT_OUT, metavar="DIR", help="output folder (default: dist)"
    )
    return parser


def _cards_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--cards",
        type=Path,
        default=DEFAULT_CARDS,
        metavar="DIR",
        help="folder of card data, one sub-folder per game (default: cards)",
    )


def summary_table(catalog: Catalog) -> str:
    """A per-game, per-deck table of physical card counts."""
    lines: list[str] = []
    for game in catalog.games:
        total = sum(deck.physical_count for deck in game.decks)
        players = game.spec.players
        lines.append(
            f"{game.title} ({game.id}): {total} cards, {players.min}-{players.max} players"
        )
        width = max(len(deck.spec.title) for deck in game.decks)
        for deck in game.decks:
            note = f"  (only with {deck.spec.only_under})" if deck.spec.only_under else ""
            lines.append(f"  {deck.spec.title:<{width}}  {deck.physical_count:>4}{note}")
    return "\n".join(lines)


def _load(cards: Path) -> Catalog | None:
    try:
        return load_catalog(cards)
    except CatalogError as error:
        print(error, file=sys.stderr)
        return None


def _validate(args: argparse.Namespace) -> int:
    catalog = _load(args.cards)
    if catalog is None:
        return 1
    if args.json:
        print(json.dumps({"games": catalog.counts()}, indent=2, sort_keys=True))
    else:
        print(summary_table(catalog))
        print(f"\nAll {len(catalog.games)} games are valid.")
    return 0


def _kit(args: argparse.Namespace) -> int:
    catalog = _load(args.cards)
    if catalog is None:
        return 1
    print(summary_table(catalog))
    out: Path = args.out
    summary = out / "catalog.json"
    write_atomic(summary, json.dumps({"games": catalog.counts()}, indent=2, sort_keys=True) + "\n")
    print(f"\nWrote {summary}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    handlers = {"validate": _validate, "kit": _kit}
    try:
        return handlers[args.command](args)
    except KeyboardInterrupt:
        print("Interrupted.", file=sys.stderr)
        return 130
