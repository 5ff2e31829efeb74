"""Benchmark: how long ``pnp check`` takes on each game with an engine.

Runs the conformance suite (:mod:`pnp.check`, as ``pnp check GAME`` does, ``--games``
games a table) on every game of the project's cards and on the engine ``pnp new --engine``
writes, ``--repeat`` times each (the suite is seeded, so each run does the same work),
and prints the seconds of the whole suite, wall clock and processor (one process: on a
busy machine the processor seconds move far less), the median and the spread of the runs,
and the slowest check. The engine is loaded once, outside the timing (``pnp check`` also loads the
catalog and imports the engine: about a second more).
Run by hand: ``.venv/bin/python benchmarks/check_speed.py [--games N] [--repeat R]``.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from pnp.catalog import load_catalog
from pnp.check import CHECKS, forget, run_check
from pnp.new import new_game
from pnp.registry import LoadedGame, load_game, with_engine

CARDS = Path(__file__).resolve().parents[1] / "cards"


def _time(game: LoadedGame, games: int) -> dict[str, float]:
    """Wall-clock seconds of each check, and the processor seconds of all (``cpu``)."""
    forget()  # the games the conserves and hides checks share, played afresh
    seconds = {}
    cpu = time.process_time()
    for name in CHECKS:
        started = time.perf_counter()
        result = run_check(game, name, games, 0)
        seconds[name] = time.perf_counter() - started
        if not result.passed:
            raise SystemExit(f"{game.title}: {name} failed: {result.detail}")
    return {**seconds, "cpu": time.process_time() - cpu}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3, help="games a table (pnp check's)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of the suite per game")
    args = parser.parse_args()
    catalog = load_catalog(CARDS)
    loaded = [load_game(catalog.game(game_id)) for game_id in with_engine(catalog)]
    with tempfile.TemporaryDirectory() as folder:
        new_game(Path(folder), "example", "Example", engine=True)
        loaded.append(load_game(load_catalog(Path(folder)).game("example")))
        print(f"pnp check, {args.games} games a table, {args.repeat} runs (seconds):")
        for game in loaded:
            runs = [_time(game, args.games) for _ in range(args.repeat)]
            totals = [sum(run[name] for name in CHECKS) for run in runs]
            cpu = [run["cpu"] for run in runs]
            slowest = max(CHECKS, key=lambda name: statistics.median(r[name] for r in runs))
            print(
                f"  {game.title:22} wall {statistics.median(totals):6.2f} "
                f"({min(totals):.2f} to {max(totals):.2f}), processor "
                f"{statistics.median(cpu):6.2f} ({min(cpu):.2f} to {max(cpu):.2f}); "
                f"slowest: {slowest} {statistics.median(run[slowest] for run in runs):.2f}"
            )


if __name__ == "__main__":
    main()
