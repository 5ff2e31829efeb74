"""The ``pnp new`` command: a small, complete game folder to start a design from (see
:mod:`pnp.new`); ``pnp.cli`` adds it to the command line."""

from __future__ import annotations

import argparse
import shlex
import sys
from typing import Any

from pnp.names import visible


def add_command(commands: Any) -> None:
    """Add ``new`` to the ``pnp`` command's subparsers."""
    new = commands.add_parser(
        "new",
        help="start a new game: a small game folder that validates, builds and shows on the site",
        description="Write a small, complete game into the cards folder (default: ./cards): "
        "game.yaml, a card kind (kinds.yaml), a layout drawing its front and back "
        "(layouts.yaml, with art/), ten card designs (cards.yaml, and the same list as "
        "cards.csv), a glossary and rules pages to fill in (pages/), each YAML file wired to "
        "its JSON Schema for an editor's completion (.schemas/). It validates, builds and "
        "appears on the site as it is; edit it from there. Exit status 2 when the name is "
        "no game id or the folder exists.",
    )
    new.add_argument("game", metavar="GAME", help="the game's id and folder name (my-game)")
    new.add_argument(
        "--cards",
        metavar="DIR",
        default="cards",
        help="the folder of games to write it into (default: ./cards)",
    )
    new.add_argument("--title", help="the game's title (default: from its id, My Game)")
    new.add_argument(
        "--engine",
        action="store_true",
        help="also write engine.py, a small playable rules engine for the cards (a climbing "
        "game with a bot) that pnp check, pnp play and pnp verify find through game.yaml",
    )


def run_new(args: argparse.Namespace) -> int:
    from pathlib import Path

    from pnp.new import NewGameError, new_game

    cards = Path(args.cards)
    try:
        made = new_game(cards, args.game, args.title, engine=args.engine)
    except NewGameError as error:
        print(f"pnp new: {visible(error, newlines=True)}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"pnp new: cannot write into {visible(cards)}: {error.strerror or error}",
              file=sys.stderr)  # fmt: skip
        return 2
    folder = visible(made.folder)
    quoted = shlex.quote(str(cards))
    option = "" if quoted == "cards" else f" --cards {quoted}"
    print(f"Made {folder}: a card kind and its layout, 10 card designs (30 cards), a glossary")
    print("and rules pages to fill in. Next, check it, print it and publish it:")
    print(f"  pnp validate{option}")
    print(f"  pnp build --game {args.game}{option}")
    print(f"  pnp kit{option}")
    print(f"Edit {folder}/cards.yaml (or cards.csv), kinds.yaml and layouts.yaml from there; run")
    print(f"pnp schema{option} after changing kinds.yaml, so that your editor knows the fields.")
    if args.engine:
        print(f"The rules engine is {folder}/engine.py; check it and play it:")
        print(f"  pnp check {args.game}{option}")
        print(f"  pnp play {args.game}{option}")
    return 0
