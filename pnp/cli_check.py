"""``pnp check GAME``: the conformance suite (:mod:`pnp.check`) on one game's engine."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from typing import Any

from pnp.names import visible


def add_command(
    commands: Any,
    cards_option: Callable[[argparse.ArgumentParser], None],
    positive: Callable[[str], int],
) -> None:
    check = commands.add_parser(
        "check",
        help="run the conformance suite on a game's rules engine",
        description="Check a game's rules engine the way this project checks its own: "
        "seeded games between its bots at every table end, conserve what the game "
        "conserves, hide what a player must not see, refuse illegal actions with a "
        "sentence, read actions back from their text, clone, replay, and play the same "
        "game from the same seed. Prints what passes and what fails. Exit status: 0 when "
        "every check passes, 1 when one fails, 2 for a game that cannot be checked (no "
        "engine, or an engine module that cannot be used).",
    )
    check.add_argument("game", metavar="GAME", help="the game (its folder's name)")
    cards_option(check)
    check.add_argument(
        "--games", type=positive, default=3, metavar="N", help="games a table (default: 3)"
    )
    check.add_argument("--seed", type=int, default=0, metavar="S", help="first seed (default: 0)")


def run_check(args: argparse.Namespace) -> int:
    from pnp.catalog import CatalogError, load_catalog
    from pnp.check import CHECKS, run_check
    from pnp.engines import PluginError, declaration
    from pnp.registry import NotPlayableError, RegistryError, load_game, with_engine

    try:
        catalog = load_catalog(args.cards)
    except CatalogError as error:
        print(visible(error, newlines=True), file=sys.stderr)
        return 1
    if args.game not in [game.id for game in catalog.games]:
        known = ", ".join(game.id for game in catalog.games)
        print(f"pnp check: no game '{visible(args.game)}' (games: {known})", file=sys.stderr)
        return 2
    try:
        game = load_game(catalog.game(args.game))
    except PluginError as error:
        print(f"pnp check: {visible(error.explained(), newlines=True)}", file=sys.stderr)
        return 2
    except NotPlayableError as error:
        known = ", ".join(with_engine(catalog)) or "none"
        print(f"pnp check: {visible(error)} (games with one: {known})", file=sys.stderr)
        return 2
    except RegistryError as error:
        print(f"pnp check: {visible(error)}", file=sys.stderr)
        return 1
    found = declaration(game.game)
    where = found.where if found is not None else game.engine.__module__
    print(f"Checking {game.title} ({where}), {args.games} games a table from seed {args.seed}:")
    failed = 0
    started = time.perf_counter()
    for name in CHECKS:
        result = run_check(game, name, args.games, args.seed)
        failed += not result.passed
        mark = "ok  " if result.passed else "FAIL"
        print(f"  {mark} {name}: {visible(result.detail)}", flush=True)
    took = time.perf_counter() - started
    passed = len(CHECKS) - failed
    verdict = "every check passed" if not failed else f"{failed} failed"
    print(f"{passed} of {len(CHECKS)} checks passed ({verdict}) in {took:.1f} s.")
    return 1 if failed else 0
