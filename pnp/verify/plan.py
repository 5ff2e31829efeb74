"""How many games each table gets: a fixed number, or as many as a precision needs.

With a fixed number, every table plays games ``0 .. N-1`` (their seeds from
:func:`pnp.verify.run.game_seed`). With a precision, tables play in rounds of
:data:`BATCH` games until the 95% interval of every headline rate of the table
(each seat's wins at tables of heuristic bots, the heuristic bot's wins at mixed
tables) is narrower than the precision, or the table reaches its cap. Each
round's games are numbered on from the last, and the stopping rule depends only
on the outcomes, so a run is the same for a seed whatever the backend and the
number of workers.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bots.core.verify import Outcome, Table, VerifyAdapter
from pnp.verify import stats
from pnp.verify.run import Job, run_jobs, table_jobs

#: Games a table plays per round when playing to a precision.
BATCH = 40
#: Games a table may play at most when playing to a precision, unless told otherwise.
DEFAULT_CAP = 4000


@dataclass(frozen=True)
class Precision:
    """Play each table until its headline rates' intervals are narrower than ``width``
    (a fraction: 0.1 is ten percentage points), or ``cap`` games."""

    width: float
    cap: int = DEFAULT_CAP

    def __post_init__(self) -> None:
        if not 0 < self.width < 1:
            raise ValueError(f"a precision is a width between 0 and 1, got {self.width}")
        if self.cap < 1:
            raise ValueError(f"the cap must be at least one game, got {self.cap}")


def headline_width(table: Table, outcomes: Sequence[Outcome]) -> float:
    """The widest 95% interval of the table's headline rates (infinite with no games)."""
    done = [outcome for outcome in outcomes if outcome.status == "ok"]
    if not done:
        return float("inf")
    if table.seating == "heuristic":
        rates = [
            stats.proportion(sum(outcome.returns[seat] for outcome in done), len(done))
            for seat in range(table.players)
        ]
    else:
        won = sum(outcome.returns[outcome.heuristic_seats[0]] for outcome in done)
        rates = [stats.proportion(won, len(done))]
    return max(stats.interval_width(rate) for rate in rates)


Progress = Callable[[int, int], None]


def play_tables(
    adapters: Mapping[str, VerifyAdapter[Any]],
    tables: Mapping[str, Sequence[Table]],
    seed: int,
    workers: int,
    games: int | None = None,
    precision: Precision | None = None,
    cluster: str | None = None,
    on_progress: Progress | None = None,
) -> dict[tuple[str, str], list[Outcome]]:
    """The outcomes of every table, by (game id, table key), in seed-number order."""
    everything = [(game, table) for game, game_tables in tables.items() for table in game_tables]
    found: dict[tuple[str, str], list[Outcome]] = {
        (game, table.key): [] for game, table in everything
    }
    if precision is None:
        count = games if games is not None else 0
        _round(
            adapters,
            [(g, t, range(count)) for g, t in everything],
            seed,
            workers,
            cluster,
            found,
            on_progress,
            len(everything) * count,
        )
        return found
    open_tables = list(everything)
    while open_tables:
        planned = []
        for game, table in open_tables:
            start = len(found[(game, table.key)])
            planned.append((game, table, range(start, min(start + BATCH, precision.cap))))
        total = sum(len(numbers) for _, _, numbers in planned)
        _round(adapters, planned, seed, workers, cluster, found, on_progress, total)
        open_tables = [
            (game, table)
            for game, table in open_tables
            if len(found[(game, table.key)]) < precision.cap
            and headline_width(table, found[(game, table.key)]) >= precision.width
        ]
    return found


def _round(
    adapters: Mapping[str, VerifyAdapter[Any]],
    planned: Sequence[tuple[str, Table, range]],
    seed: int,
    workers: int,
    cluster: str | None,
    found: dict[tuple[str, str], list[Outcome]],
    on_progress: Progress | None,
    total: int,
) -> None:
    jobs = [
        job for game, table, numbers in planned for job in table_jobs(game, table, numbers, seed)
    ]
    done = 0

    def advance(job: Job) -> None:
        nonlocal done
        done += len(job.seeds)
        if on_progress is not None:
            on_progress(done, total)

    outcomes = iter(run_jobs(jobs, workers, adapters, advance, cluster))
    for job in jobs:
        target = found[(job.game, job.table.key)]
        target.extend(next(outcomes) for _ in job.seeds)
