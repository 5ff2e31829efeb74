"""Benchmark: machine instructions per Chinchón hand, counted exactly.

Wall-clock speed on a shared machine swings from run to run; the number of
instructions the processor executes does not. This script plays the same
4-player heuristic games as ``chinchon_bots.py`` under valgrind's callgrind
tool, counting only the games (instrumentation is switched on after the
imports and the catalog load), and prints instructions per hand. It says
whether the compiled modules ran; ``PNP_PURE_PYTHON=1`` counts the source.
Needs valgrind (Debian package ``valgrind``). The count includes Python's own
shutdown, about 60 million instructions, which is subtracted.

Run by hand: ``.venv/bin/python benchmarks/chinchon_instructions.py [--games N]``.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from project import callgrind, switch_counting

#: Instructions Python spends shutting down after the games (measured with no games).
SHUTDOWN = 60_000_000


def child(games: int) -> None:
    """Run inside valgrind: load everything, switch counting on, play."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from chinchon_bots import hands_per_second
    from project import game

    from bots import compiled

    game("chinchon").new(0, {"players": 4})  # the card data is loaded before counting
    switch_counting(True)
    hands, _ = hands_per_second(games, 60, 0)
    print(f"hands={hands} compiled={compiled.compiled_in_use()}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10, help="4-player heuristic games")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.games)
        return
    stdout, counted = callgrind(__file__, ["--child", "--games", str(args.games)])
    played = re.search(r"hands=(\d+) compiled=(\w+)", stdout)
    if played is None:
        sys.exit(f"the run under valgrind printed no figures:\n{stdout}")
    hands = int(played.group(1))
    instructions = counted - SHUTDOWN
    code = "compiled modules" if played.group(2) == "True" else "Python source"
    print(
        f"{code}: {args.games} games, {hands} hands, "
        f"{instructions / hands / 1e6:.2f} million instructions per hand"
    )


if __name__ == "__main__":
    main()
