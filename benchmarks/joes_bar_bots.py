"""Benchmark figures for Joe's Bar: bot speed, bot strength, the playtest tables and the
beta-versus-draft evidence.

Prints, in order:

1. speed: complete 4-player games of heuristic bots per second on one core, without
   checks (the engine and bots alone) and as ``pnp verify`` plays them (every check on);
2. strength: the share of 4-player games one bot wins against three others (each
   heuristic personality against random bots, cautious against brawlers, the tipsy level
   against random), with 95% Wilson intervals, the stronger seat moving round the table;
3. the tables of ``pnp verify``: games per second of each on one core with every check,
   then 1,000 games of the slowest on 2 processes (target: under 60 s);
4. the whole evidence of :mod:`pnp.verify.evidence` at its default size on 2 processes
   (target: under 10 minutes), or at ``--evidence N`` games a cell, unless ``--no-evidence``.

Run by hand: ``.venv/bin/python benchmarks/joes_bar_bots.py [--games N] [--evidence N]
[--no-evidence]``. Timings of several processes are given as wall clock and as CPU time
over 2 (what an idle 2-core machine would take).
Figures measured while other programs run are slower and noisier: say so when quoting.
"""

from __future__ import annotations

import argparse
import resource
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from scipy.stats import binomtest

from bots.core import Player, RandomPlayer, play_game
from bots.core.verify import Table, VerifyAdapter, play_checked
from bots.games.joes_bar import CardData, JoesBar
from bots.games.joes_bar.bots import HeuristicPlayer
from pnp.catalog import load_catalog
from pnp.registry import load_game

CARDS = Path(__file__).resolve().parents[1] / "cards"
Maker = Callable[[int, int], Player[Any, Any]]


def speed(data: CardData, games: int) -> tuple[float, float]:
    """4-player games of heuristic bots a second on one core, and actions a game."""
    styles = ("cautious", "brawler")
    actions = 0
    started = time.process_time()
    for seed in range(games):
        players = [HeuristicPlayer(data, styles[(s + seed) % 2], seed * 8 + s) for s in range(4)]
        actions += len(play_game(JoesBar.new(data, seed, {"players": 4}), players).log)
    return games / (time.process_time() - started), actions / games


def shares(
    data: CardData,
    numbers: range,
    strong: Maker,
    weak: Maker,
    watch: Callable[[JoesBar], object] | None = None,
) -> list[float]:
    """The strong bot's share of each 4-player game against three weak ones: game i has
    game seed 40,000 + i and the strong bot in seat i mod 4. ``watch``, if given, is
    shown each game's state before it is played (a study that bounds what knowing the
    hidden cards is worth reads them through it)."""
    found = []
    for seed in numbers:
        seat = seed % 4
        players = [strong(s, seed) if s == seat else weak(s, seed) for s in range(4)]
        state = JoesBar.new(data, 40_000 + seed, {"players": 4})
        if watch is not None:
            watch(state)
        found.append(play_game(state, players).returns()[seat])
    return found


def strength(data: CardData, games: int, strong: Maker, weak: Maker) -> dict[str, float]:
    """The strong bot's share of wins in 4-player games against three weak ones."""
    won = sum(shares(data, range(games), strong, weak))
    interval = binomtest(round(won), games).proportion_ci(method="wilson")
    return {"rate": won / games, "low": interval.low, "high": interval.high}


def bot(style: str) -> Callable[[CardData], Maker]:
    return lambda data: lambda seat, seed: HeuristicPlayer(data, style, seed * 8 + seat)


def random_bot(data: CardData) -> Maker:
    return lambda seat, seed: RandomPlayer()


_ADAPTER: dict[str, VerifyAdapter[Any]] = {}


def _start(adapter: VerifyAdapter[Any]) -> None:
    _ADAPTER["adapter"] = adapter


def _play(job: tuple[Table, range]) -> int:
    table, seeds = job
    for seed in seeds:
        outcome = play_checked(_ADAPTER["adapter"], table, seed)
        assert outcome.status == "ok", outcome.problem
    return len(seeds)


def tables(adapter: VerifyAdapter[Any], games: int) -> Table:
    """Games a second of each ``pnp verify`` table, every check on; the slowest table."""
    slowest, worst = adapter.tables()[0], float("inf")
    print(f"\n3. pnp verify's tables, every check on, one core ({games} games each):")
    for table in adapter.tables():
        started = time.process_time()
        for seed in range(games):
            play_checked(adapter, table, seed)
        rate = games / (time.process_time() - started)
        print(f"   {table.name:55} {rate:6.1f} games a second")
        if rate < worst:
            slowest, worst = table, rate
    return slowest


def children_cpu() -> float:
    """CPU seconds used so far by finished child processes."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def thousand(adapter: VerifyAdapter[Any], table: Table) -> tuple[float, float]:
    """Seconds for 1,000 games of ``table`` on 2 processes: wall clock, and CPU time over
    2 (what an idle 2-core machine would take)."""
    jobs = [(table, range(start, start + 50)) for start in range(0, 1000, 50)]
    cpu, started = children_cpu(), time.perf_counter()
    with ProcessPoolExecutor(2, initializer=_start, initargs=(adapter,)) as pool:
        assert sum(pool.map(_play, jobs)) == 1000
    return time.perf_counter() - started, (children_cpu() - cpu) / 2


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games for each figure")
    parser.add_argument("--no-evidence", action="store_true", help="skip the whole evidence")
    parser.add_argument(
        "--evidence",
        type=int,
        action="append",
        metavar="N",
        help="time the evidence at N games a cell (repeat it; default: DEFAULT_GAMES)",
    )
    options = parser.parse_args()
    game = load_game(load_catalog(CARDS).game("joes-bar"))
    data: CardData = game.data
    rate, actions = speed(data, options.games // 4)
    print(f"1. speed: {rate:.1f} 4-player games a second on one core ({actions:.0f} actions")
    print("   a game, heuristic bots, no checks; process time)")
    print(f"\n2. strength: share of {options.games} 4-player games won against three others")
    for name, strong, weak in (
        ("cautious against random", bot("cautious"), random_bot),
        ("brawler against random", bot("brawler"), random_bot),
        ("tipsy against random", bot("tipsy"), random_bot),
        ("cautious against brawlers", bot("cautious"), bot("brawler")),
        ("brawler against cautious bots", bot("brawler"), bot("cautious")),
        ("cautious against tipsy bots", bot("cautious"), bot("tipsy")),
    ):
        found = strength(data, options.games, strong(data), weak(data))
        print(
            f"   {name:31} {found['rate']:6.1%} (95% interval {found['low']:.1%} to "
            f"{found['high']:.1%}; a fair share is 25%)"
        )
    adapter = game.verify_adapter
    slowest = tables(adapter, max(20, options.games // 10))
    wall, idle = thousand(adapter, slowest)
    print(f"   1,000 games of the slowest ({slowest.name}) on 2 processes: {wall:.1f} s")
    print(f"   (CPU time over 2, what an idle 2-core machine takes: {idle:.1f} s)")
    if not options.no_evidence:
        from pnp.verify.evidence import DEFAULT_GAMES, evidence

        for games in options.evidence or [DEFAULT_GAMES]:
            cpu, started = children_cpu(), time.perf_counter()
            evidence(adapter, games, seed=1, workers=2)
            wall = (time.perf_counter() - started) / 60
            idle = (children_cpu() - cpu) / 2 / 60
            print(
                f"\n4. the whole evidence, {games} games a cell, 2 processes: {wall:.1f} min "
                f"(CPU time over 2: {idle:.1f} min)"
            )


if __name__ == "__main__":
    main()
