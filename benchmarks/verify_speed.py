"""Benchmark: how fast ``pnp verify`` plays each game and variant, and how it scales.

For every table of every game with an engine, plays ``--games`` seeded games
(with every check of the harness, as ``pnp verify`` does) in one process and
prints games per second; then runs a whole ``pnp verify`` of ``--games`` games
per table with 1 and with 2 processes and prints the speed-up. The issue's
target is 1,000 games of each game and variant in under 60 s on 2 cores, that
is at least about 8.4 games per second per core.
Run by hand: ``.venv/bin/python benchmarks/verify_speed.py [--games N]``.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from bots.core.verify import play_checked
from pnp.catalog import load_catalog
from pnp.registry import load_game
from pnp.verify import verifiable, verify
from pnp.verify.run import game_seed

CARDS = Path(__file__).resolve().parents[1] / "cards"
#: Games per second per core needed for 1,000 games in 60 s on two cores.
TARGET_PER_CORE = 1000 / 60 / 2


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=40, help="games per table")
    parser.add_argument("--whole", type=int, default=20, help="games per table, whole runs")
    args = parser.parse_args()
    catalog = load_catalog(CARDS)
    games = verifiable(catalog)
    for game in games:
        rules = load_game(catalog.game(game)).verify_adapter
        print(f"{catalog.game(game).title}:")
        for table in rules.tables():
            started = time.perf_counter()
            for number in range(args.games):
                play_checked(rules, table, game_seed(0, game, table, number))
            speed = args.games / (time.perf_counter() - started)
            mark = "" if speed >= TARGET_PER_CORE else "  (below target)"
            seconds = 1000 / (2 * speed)
            print(
                f"  {table.name:60} {speed:7.1f} games/s on one core; "
                f"1,000 games on 2 cores: about {seconds:5.1f} s{mark}"
            )
    with tempfile.TemporaryDirectory() as folder:
        took = {}
        for workers in (1, 2):
            started = time.perf_counter()
            verify(catalog, games, args.whole, 0, workers, Path(folder) / str(workers))
            took[workers] = time.perf_counter() - started
    print(
        f"whole run, {args.whole} games per table: {took[1]:.1f} s with 1 process, "
        f"{took[2]:.1f} s with 2 (speed-up {took[1] / took[2]:.2f})"
    )


if __name__ == "__main__":
    main()
