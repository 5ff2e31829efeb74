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
from pnp.catalog.digest import game_digest
from pnp.files import write_atomic
from pnp.registry import load_game, with_engine
from pnp.verify.plan import Precision, play_tables
from pnp.verify.ratings import rate_bots
from pnp.verify.report import REPORT_FORMAT, game_summary, markdown, rounded, table_summary

__all__ = ["Precision", "VerifyResult", "verifiable", "verify"]


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
    precision: Precision | None = None,
    cluster: str | None = None,
    ratings: int = 0,
    evidence: int = 0,
) -> VerifyResult:
    """Run the games of the card data in ``catalog``, write the report into ``out`` and
    return it.

    Each table plays ``per_table`` games, or with ``precision`` as many as its headline
    rates need (:mod:`pnp.verify.plan`); ``cluster`` plays them on a Dask cluster
    (:mod:`pnp.verify.cluster`). With ``ratings`` each game with several bots also plays
    that many games of its rating ladder (:mod:`pnp.verify.ratings`), and with
    ``evidence`` a game with open design decisions plays that many games of each side of
    each (:mod:`pnp.verify.evidence`). Raises
    :class:`~pnp.registry.RegistryError` when the data's variants do not fit an engine.
    """
    loaded = {game: load_game(catalog.game(game)) for game in games}
    adapters = {game: loaded[game].verify_adapter for game in games}
    tables = {game: adapters[game].tables() for game in games}
    found = play_tables(adapters, tables, seed, workers, per_table, precision, cluster, on_progress)
    summaries = []
    for game_id in games:
        game = catalog.game(game_id)
        rules = adapters[game_id]
        table_summaries = [
            table_summary(rules, table, found[(game_id, table.key)]) for table in tables[game_id]
        ]
        names = {card.id: card.label() for _, card in game.cards()}
        summary = game_summary(
            rules, game.title, rules.deck_problems(), rules.printed_cards(), table_summaries, names
        )
        if evidence:
            found_evidence = loaded[game_id].evidence(evidence, seed, workers, cluster)
            if found_evidence is not None:
                summary["evidence"] = found_evidence
        if ratings and len(loaded[game_id].bots) > 1:
            summary["ratings"] = rounded(
                rate_bots(loaded[game_id], ratings, seed, workers, cluster)
            )
        summaries.append(summary)
    report: dict[str, Any] = {
        "format": REPORT_FORMAT,
        "seed": seed,
        "games_per_table": per_table if precision is None else None,
        "games": summaries,
        "made_from": made_from(catalog, games, per_table, seed, precision, ratings, evidence),
    }
    if precision is not None:
        report["precision"] = {"width": precision.width, "cap": precision.cap}
    return VerifyResult(report, _write(report, out))


def made_from(
    catalog: Catalog,
    games: Sequence[str],
    per_table: int,
    seed: int,
    precision: Precision | None,
    ratings: int,
    evidence: int,
) -> dict[str, Any]:
    """What a report is made from: the digest of each game's card data as loaded
    (:func:`pnp.catalog.digest.game_digest`) and the options that shape its figures.
    ``pnp site`` refuses to publish a report whose digests are not the data's."""
    return {
        "games": {game: game_digest(catalog.game(game)) for game in games},
        "options": {
            "seed": seed,
            "games_per_table": per_table if precision is None else None,
            "precision": None if precision is None else precision.width,
            "cap": None if precision is None else precision.cap,
            "ratings": ratings,
            "evidence": evidence,
        },
    }


def _write(report: dict[str, Any], out: Path) -> tuple[Path, ...]:
    from pnp.verify.charts import charts

    files: dict[Path, bytes | str] = {
        out / "report.json": json.dumps(report, indent=1, sort_keys=True, ensure_ascii=False)
        + "\n",
        out / "report.md": markdown(report),
    }
    for game in report["games"]:
        for name, svg in charts(game).items():
            files[out / name] = svg
    for path, content in files.items():
        write_atomic(path, content)
    return tuple(files)
