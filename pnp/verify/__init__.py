"""``pnp verify``: simulate the printed decks with the bots and publish the evidence.

For every game with a rules engine (see :mod:`pnp.registry`), seeded games
are played at each of its tables (:mod:`pnp.verify.run`), with every check of
:mod:`bots.core.verify`; the outcomes are added up (:mod:`pnp.verify.report`)
into ``report.json``, ``report.md`` and three charts per game
(:mod:`pnp.verify.charts`), all written atomically into the output folder.
A game fails when its decks do not match the rules' component counts, when
any game breaks an invariant or does not end, or when a printed card never
saw play.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnp.catalog import Catalog
from pnp.files import write_atomic
from pnp.registry import load_game, with_engine
from pnp.verify.report import REPORT_FORMAT, game_summary, markdown, table_summary
from pnp.verify.run import Job, jobs_for, run_jobs

__all__ = ["VerifyResult", "verifiable", "verify"]


@dataclass(frozen=True)
class VerifyResult:
    report: dict[str, Any]
    files: tuple[Path, ...]

    @property
    def passed(self) -> bool:
        return all(game["verdict"] == "pass" for game in self.report["games"])


def verifiable(catalog: Catalog) -> list[str]:
    """The games of the catalog that have a rules engine, in catalog order."""
    return with_engine(catalog)


def verify(
    catalog: Catalog,
    games: Sequence[str],
    per_table: int,
    seed: int,
    workers: int,
    out: Path,
    on_progress: Callable[[int, int], None] | None = None,
) -> VerifyResult:
    """Run the games of the card data in ``catalog``, write the report into ``out`` and
    return it. Raises :class:`~pnp.registry.RegistryError` when the data's variants do not
    fit an engine."""
    adapters = {game: load_game(catalog.game(game)).verify_adapter for game in games}
    tables = {game: adapters[game].tables() for game in games}
    jobs = jobs_for(tables, per_table, seed)
    total = sum(len(job.seeds) for job in jobs)
    done = 0

    def advance(job: Job) -> None:
        nonlocal done
        done += len(job.seeds)
        if on_progress is not None:
            on_progress(done, total)

    outcomes = run_jobs(jobs, workers, adapters, advance)
    summaries = []
    position = 0
    for game_id in games:
        game = catalog.game(game_id)
        rules = adapters[game_id]
        table_summaries = []
        for table in tables[game_id]:
            played = outcomes[position : position + per_table]
            position += per_table
            table_summaries.append(table_summary(rules, table, played))
        summaries.append(
            game_summary(
                rules,
                game.title,
                rules.deck_problems(),
                rules.printed_cards(),
                table_summaries,
            )
        )
    report = {
        "format": REPORT_FORMAT,
        "seed": seed,
        "games_per_table": per_table,
        "games": summaries,
    }
    return VerifyResult(report, _write(report, out))


def _write(report: dict[str, Any], out: Path) -> tuple[Path, ...]:
    from pnp.verify.charts import charts

    files: dict[Path, bytes | str] = {
        out / "report.json": json.dumps(report, indent=1, sort_keys=True, ensure_ascii=False)
        + "\n",
        out / "report.md": markdown(report),
    }
    for game in report["games"]:
        for name, png in charts(game).items():
            files[out / name] = png
    for path, content in files.items():
        write_atomic(path, content)
    return tuple(files)
