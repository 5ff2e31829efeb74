"""Benchmark: machine instructions per game of The Music Game Thingy, counted exactly.

Wall-clock speed on a shared machine swings from run to run; the number of
instructions the processor executes does not. This script plays the same
2-year games of four shrewd labels as ``music_game_thingy_bots.py`` (the same
seeds) under valgrind's callgrind tool, counting only the games (counting is
switched on after the imports and the catalog load, and off before Python shuts
down), and prints instructions a game and actions a game. The games run with
``PYTHONHASHSEED=0`` so that the count repeats exactly (with a random hash seed
it moves by about 1 % from run to run; the games themselves do not change).
Needs valgrind (Debian package ``valgrind``).

Run by hand: ``.venv/bin/python benchmarks/music_game_thingy_instructions.py [--games N]``.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from project import callgrind, switch_counting


def child(games: int) -> None:
    """Run inside valgrind: load everything, count the games only, play."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from music_game_thingy_bots import rules, speed

    rules()  # the card data is loaded before counting
    switch_counting(True)
    _, actions = speed(games, 1)
    switch_counting(False)
    print(f"games={games} actions={actions * games:.0f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10, help="2-year games of 4 shrewd labels")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.games)
        return
    stdout, counted = callgrind(
        __file__, ["--child", "--games", str(args.games)], {"PYTHONHASHSEED": "0"}
    )
    played = re.search(r"games=(\d+) actions=(\d+)", stdout)
    if played is None:
        sys.exit(f"the run under valgrind printed no figures:\n{stdout}")
    games, actions = int(played.group(1)), int(played.group(2))
    print(
        f"{games} games of 4 shrewd labels, 2 years ({actions / games:.0f} actions a game): "
        f"{counted / games / 1e6:.1f} million instructions a game, "
        f"{counted / actions / 1e3:.0f} thousand an action"
    )


if __name__ == "__main__":
    main()
