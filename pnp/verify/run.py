"""Running the simulated games of ``pnp verify``, spread over worker processes.

Every table of every game gets ``games`` seeded games. Seeds are derived from
the run's seed, the game, the table and the game's number (the first four
bytes of a SHA-256), so that each table's games are independent of the others
and of the number of games asked for the other tables. Games run in chunks on
worker processes; outcomes come back in a fixed order, so the same seed and
options give the same report however many processes ran it.

Workers never read the card data: each is handed the catalog's games (pickled
once, when it starts) and builds the same registry adapters from them as the
calling process, so what is played is exactly the data the caller loaded.

Where the games run is a backend: this process (one worker), a pool of local
processes (the default), or a Dask cluster (:mod:`pnp.verify.cluster`, with
``cluster="local:N"`` or a scheduler's address). Every backend gives the same
outcomes in the same order, so the report is the same byte for byte.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bots.core.verify import Outcome, Table, VerifyAdapter, play_checked
from pnp.workers import pool

if TYPE_CHECKING:
    from pnp.catalog import Game

#: Games per job sent to a worker (big enough to amortise the hand-off).
CHUNK = 20


@dataclass(frozen=True)
class Job:
    """Seeded games of one table of one game, checked every ``check_every`` steps (by
    default, as often as the game's adapter says)."""

    game: str
    table: Table
    seeds: tuple[int, ...]
    check_every: int | None = None


def game_seed(seed: int, game: str, table: Table, number: int) -> int:
    """The seed of game ``number`` of ``table`` in a run started with ``seed``."""
    digest = hashlib.sha256(f"{seed}:{game}:{table.key}:{number}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


def jobs_for(tables: Mapping[str, Sequence[Table]], games: int, seed: int) -> list[Job]:
    """Every chunk of games to play, in report order."""
    found = []
    for game, game_tables in tables.items():
        for table in game_tables:
            found += table_jobs(game, table, range(games), seed)
    return found


def table_jobs(game: str, table: Table, numbers: range, seed: int) -> list[Job]:
    """The chunks of games number ``numbers`` of one table (seeds from :func:`game_seed`)."""
    seeds = [game_seed(seed, game, table, number) for number in numbers]
    return [
        Job(game, table, tuple(seeds[start : start + CHUNK]))
        for start in range(0, len(seeds), CHUNK)
    ]


def run_jobs(
    jobs: Sequence[Job],
    workers: int,
    adapters: Mapping[str, VerifyAdapter[Any]],
    on_done: Callable[[Job], None] | None = None,
    cluster: str | None = None,
) -> list[Outcome]:
    """Play every job's games and return their outcomes in order: in this process
    (``workers`` 1), in ``workers`` local processes, or on the Dask cluster ``cluster``
    (``local:N`` or a scheduler's address).

    ``adapters`` are the games' verify adapters by game id, built by the caller from the
    card data; worker processes build their own from the same catalog games.
    """
    outcomes: list[Outcome] = []
    if cluster is not None:
        from pnp.verify.cluster import run_on_cluster

        games = {game_id: adapter.game for game_id, adapter in adapters.items()}
        for job, found in zip(jobs, run_on_cluster(cluster, games, jobs), strict=True):
            outcomes.extend(found)
            if on_done is not None:
                on_done(job)
        return outcomes
    if workers <= 1:
        for job in jobs:
            outcomes.extend(_play(job, adapters[job.game]))
            if on_done is not None:
                on_done(job)
        return outcomes
    games = {game_id: adapter.game for game_id, adapter in adapters.items()}
    with pool(workers, _start_worker, (games,)) as executor:
        for job, found in zip(jobs, executor.map(_play_job, jobs, chunksize=1), strict=True):
            outcomes.extend(found)
            if on_done is not None:
                on_done(job)
    return outcomes


#: The adapters of this worker process, built once when it starts.
_WORKER_ADAPTERS: dict[str, VerifyAdapter[Any]] = {}


def _start_worker(games: Mapping[str, Game]) -> None:
    from pnp.registry import load_game

    for game_id, game in games.items():
        _WORKER_ADAPTERS[game_id] = load_game(game).verify_adapter


def _play_job(job: Job) -> list[Outcome]:
    return _play(job, _WORKER_ADAPTERS[job.game])


def play_job_with(games: Mapping[str, Game], job: Job) -> list[Outcome]:
    """Play ``job`` in a worker that may not have started with the games (a cluster's):
    the adapters are built from ``games`` once per worker process and kept."""
    known = _WORKER_ADAPTERS.get(job.game)
    if known is None or known.game != games[job.game]:
        _start_worker({job.game: games[job.game]})
    return _play_job(job)


def _play(job: Job, adapter: VerifyAdapter[Any]) -> list[Outcome]:
    every = adapter.check_every if job.check_every is None else job.check_every
    return [play_checked(adapter, job.table, seed, every) for seed in job.seeds]
