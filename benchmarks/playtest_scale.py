"""Benchmark: how ``pnp verify``'s runner scales, from one process to a Dask cluster.

1. Games per second of one fixed set of tables (Joe's Bar's heuristic tables at
   3, 4 and 5 players, every check on, as ``pnp verify`` plays them) on 1 and 2
   local processes and on a 2-worker local Dask cluster (``--cluster local:2``),
   and the cluster's overhead per game: its wall-clock time less the 2-process
   pool's, over the games. Every backend's outcomes are compared: they must be
   the same, game for game.
2. The Joe's Bar sweep over its seven open decisions (128 cells) at
   ``--sweep-games`` games per cell and every player count (3 to 5), timed on
   the local processes (``--sweep-cells`` plays only the first cells, for a
   quicker estimate), with the time it would take on a cluster of
   ``--cores`` cores at the speed measured per core here (an estimate, since a
   real cluster adds network time and its cores differ).

Process times (CPU seconds of this process and its children) are printed
beside wall clocks, since other work on the machine moves the wall clock.
Needs the optional extra for the cluster part: ``pip install '.[cluster]'``.
Run by hand: ``.venv/bin/python benchmarks/playtest_scale.py [--games N]
[--sweep-games N] [--sweep-cells N] [--cores N]``.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from pnp.catalog import load_catalog
from pnp.cli_playtest import decision_grid
from pnp.registry import load_game
from pnp.verify.plan import play_tables
from pnp.verify.sweep import cell_tables, sweep

CARDS = Path(__file__).resolve().parents[1] / "cards"


def _cpu() -> float:
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def _timed(run: Callable[[], Any]) -> tuple[Any, float, float]:
    wall, cpu = time.perf_counter(), _cpu()
    result = run()
    return result, time.perf_counter() - wall, _cpu() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100, help="games per table, part 1")
    parser.add_argument("--sweep-games", type=int, default=200, help="games per sweep cell")
    parser.add_argument(
        "--sweep-cells", type=int, default=0, help="play only this many cells (0: all 128)"
    )
    parser.add_argument("--cores", type=int, default=32, help="cores of the cluster estimated")
    args = parser.parse_args()
    game = load_game(load_catalog(CARDS).game("joes-bar"))
    adapter = game.verify_adapter
    tables = [table for table in adapter.tables() if table.seating == "heuristic"]
    total = len(tables) * args.games
    print(f"Joe's Bar, {len(tables)} heuristic tables x {args.games} games = {total} games")
    backends: list[tuple[str, int, str | None]] = [
        ("1 process", 1, None),
        ("2 processes", 2, None),
    ]
    try:
        import distributed  # noqa: F401

        backends.append(("local cluster, 2 workers", 2, "local:2"))
    except ImportError:
        print("  (distributed is not installed: pip install '.[cluster]' for the cluster row)")
    walls: dict[str, float] = {}
    reference = None
    for name, workers, cluster in backends:
        found, wall, cpu = _timed(
            partial(
                play_tables,
                {game.id: adapter},
                {game.id: tables},
                0,
                workers,
                args.games,
                cluster=cluster,
            )
        )
        walls[name] = wall
        same = (
            "" if reference is None else ("  same outcomes" if found == reference else "  DIFFER")
        )
        reference = reference if reference is not None else found
        print(
            f"  {name:26} {total / wall:6.1f} games/s wall ({wall:6.1f} s), "
            f"{cpu:6.1f} s of CPU{same}"
        )
    if "local cluster, 2 workers" in walls:
        # The fixed cost (starting the workers, sending them the games, building the
        # adapters there, stopping): a run of one game a table.
        _, start_up, _ = _timed(
            lambda: play_tables({game.id: adapter}, {game.id: tables}, 0, 2, 1, cluster="local:2")
        )
        overhead = walls["local cluster, 2 workers"] - walls["2 processes"]
        per_game = (overhead - start_up) / total
        print(
            f"  cluster overhead: {overhead:+.1f} s over {total} games in all; its fixed "
            f"cost (start, send the games, stop; a run of {len(tables)} games) {start_up:.1f} s; "
            f"beyond that {1000 * per_game:+.2f} ms a game"
        )

    vary = decision_grid(game)
    players = list(game.players)
    cells = cell_tables(game, vary, players)
    count = len(cells)
    if args.sweep_cells:
        names = list(vary)
        kept = {name: vary[name] for name in names[: max(0, args.sweep_cells.bit_length() - 1)]}
        vary = {**kept, **{name: vary[name][:1] for name in names if name not in kept}}
    played = len(cell_tables(game, vary, players))
    games = played * args.sweep_games
    _, wall, cpu = _timed(lambda: sweep(game, vary, players, args.sweep_games, 0, 2))
    per_core = games / cpu
    print(
        f"Joe's Bar sweep: {played} of {count} cells (decision combinations x player counts) "
        f"x {args.sweep_games} games = {games} games on 2 processes: {wall / 60:.1f} min wall, "
        f"{cpu / 60:.1f} min of CPU ({per_core:.1f} games/s per core)"
    )
    full = count * args.sweep_games
    print(
        f"  the full sweep, {full} games: about {full / per_core / 2 / 60:.1f} min on 2 idle "
        f"cores, about {full / per_core / args.cores / 60:.1f} min on a cluster of "
        f"{args.cores} such cores (before network time)"
    )


if __name__ == "__main__":
    main()
