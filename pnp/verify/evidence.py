"""The evidence for a game's beta-versus-draft decisions (Joe's Bar): what the bots found
when they played each rule both ways (the figures and sentences: :mod:`pnp.verify.comparison`).

For every decision of the game's ``decisions`` table, the older draft's rule is played
with the other six at the beta, at each player count, ``games`` seeded games a cell, with
heuristic bots in every seat. The beta side of every decision is the same game (all seven
at the beta), so it is played once per player count and shared; both sides use the same
seeds, so the two samples start from the same deals. Also played: the whole older draft,
the song lengths of the site's pacing table, and fewer Swoosh cards than printed.

Every figure carries its 95% interval (:mod:`pnp.verify.stats`); a difference is called
only when its interval leaves out zero. Each decision gets a table of both sides and one
sentence written from the figures (no hand-written claim), with what the bots cannot
measure said plainly. :func:`evidence` returns it all as a JSON-able dict, which
``pnp verify`` keeps under the game's ``"evidence"`` key in ``report.json`` and the site's
decisions page shows. Games are played with the checks of :func:`bots.core.verify.play_checked`
(cards conserved and views clean at the start and the end, the log replayed).

Run it alone (``python -m pnp.verify.evidence --help``) to write the evidence into a
report.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bots.core.params import ParamValue
from bots.core.verify import Outcome, Table, VerifyAdapter
from pnp.verify.comparison import (
    FIGURES,
    PER_COUNT,
    Measures,
    comparison,
    seat_balance,
    seat_rows,
    show,
    side,
    strip,
)

#: Games per cell when this module runs alone (a full run: about 8 minutes on 2 cores);
#: ``pnp verify`` and ``pnp kit`` play ``pnp.cli.DEFAULT_EVIDENCE`` unless told otherwise.
DEFAULT_GAMES = 1000
#: The player counts every decision is played at.
PLAYERS = (3, 4, 5)
#: Steps between in-game checks (a game is always checked at its start and end).
CHECK_EVERY = 10_000
#: Games a worker plays in one job.
CHUNK = 25
#: The shape of the evidence dict (2: balance by turn order, a tied lead counted in part;
#: 3: its figures printed with a true minus and no negative zero, pnp.verify.stats.decimal;
#: 4: a verdict a row, a summary a decision, base rates, no first-player figure, and the
#: beta at each player count with all-heuristic tables and a mixed field of bot levels).
EVIDENCE_FORMAT = 4

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Cell:
    """One set of games: a side of a decision (or another comparison) at one player count."""

    key: str
    players: int
    params: tuple[tuple[str, ParamValue], ...]
    #: The table whose seeds the cell uses (both sides of a comparison share seeds).
    seeds_of: str
    #: The bots seat by seat (``BotSpec`` names); none: heuristic bots by turns.
    bots: tuple[str, ...] = ()

    def table(self) -> Table:
        params = (("players", self.players), *self.params)
        if self.bots:
            return Table(self.key, self.players, params, "named", self.bots)
        return Table(self.key, self.players, params)


def evidence(
    adapter: VerifyAdapter[Any],
    games: int = DEFAULT_GAMES,
    seed: int = 1,
    workers: int = 1,
    on_progress: Progress | None = None,
    cluster: str | None = None,
) -> dict[str, Any]:
    """Play every cell and return the evidence (see the module docstring), the same dict
    for the same ``games`` and ``seed`` whatever ``workers`` and backend."""
    cells = _cells(adapter)
    outcomes = _play(adapter, cells, games, seed, workers, on_progress, cluster)
    by_key: dict[str, list[Outcome]] = {}
    for index, cell in enumerate(cells):
        by_key.setdefault(cell.key, []).extend(outcomes[index])
    fired: Mapping[str, Sequence[tuple[str, str, str]]] = getattr(adapter, "fired", {})
    limits: Mapping[str, str] = getattr(adapter, "limits", {})
    by_rule: Mapping[str, Mapping[str, str]] = getattr(adapter, "by_rule", {})
    bases: Mapping[str, tuple[str, str]] = getattr(adapter, "bases", {})
    causes: Mapping[str, Mapping[str, str]] = getattr(adapter, "causes", {})
    cannot_tell: Sequence[str] = getattr(adapter, "cannot_tell", ())
    measures = {name: (label, kind) for rows in fired.values() for name, label, kind in rows}
    baseline = side(by_key, "beta", measures, bases)
    entries = _decisions(adapter)
    drafts = [side(by_key, f"{entry.id}-older-draft", measures, bases) for entry in entries]
    whole_draft = side(by_key, "older-draft", measures, bases)
    # every side's balance is judged together, so it is worked out before any comparison
    beta_balance, *draft_balance, whole_balance = seat_balance([baseline, *drafts, whole_draft])
    decisions = []
    for decision, draft, balance in zip(entries, drafts, draft_balance, strict=True):
        param = decision.id.replace("-", "_")
        shown = [name for name, _, _ in fired.get(param, ())]
        decisions.append(
            comparison(
                decision.id,
                decision.title,
                baseline,
                draft,
                shown,
                measures,
                limits.get(decision.id),
                games,
                seed,
                players=PLAYERS,
                seats=seat_rows(beta_balance, balance),
                by_rule=by_rule.get(param, {}),
                bases=bases,
                causes=causes.get(decision.id, {}),
                cannot_tell=cannot_tell,
            )
        )
    firsts = [rows[0][0] for rows in fired.values() if rows]
    whole = comparison(
        "older-draft",
        "The whole older draft",
        baseline,
        whole_draft,
        firsts,
        measures,
        None,
        games,
        seed,
        sentence_counts=False,
        players=PLAYERS,
        seats=seat_rows(beta_balance, whole_balance),
        by_rule={name: side for rules in by_rule.values() for name, side in rules.items()},
        bases=bases,
        cannot_tell=cannot_tell,
    )
    problems = [
        f"{outcome.table} seed {outcome.seed}: {outcome.problem}"
        for found in outcomes
        for outcome in found
        if outcome.status != "ok"
    ]
    return {
        "format": EVIDENCE_FORMAT,
        "game": adapter.game_id,
        "seed": seed,
        "games": games,
        "players": list(PLAYERS),
        "method": METHOD.format(games=games, counts=", ".join(map(str, PLAYERS))),
        "baseline": baseline,
        "decisions": decisions,
        "whole_draft": whole,
        "at_the_table": _at_the_table(adapter, by_key, measures, baseline),
        "pacing": _series(by_key, cells, "pacing", _pacing(adapter), measures),
        "sweep": _series(by_key, cells, "sweep", _sweep(adapter), measures),
        "problems": problems,
    }


#: How the evidence was made, for the page and the report.
METHOD = (
    "{games} seeded games a side at each of {counts} players, heuristic bots (cautious and "
    "brawler by turns) in every seat. Each decision's older-draft rule is played with the "
    "other six at the beta; the beta side is the same for every decision, played once per "
    "player count, and both sides use the same seeds. Intervals are 95%: Wilson for rates "
    "of games, one over games for shares of rounds or of players (a game's rounds "
    "are not independent), Student t for means, Newcombe and Welch for differences; a "
    "difference is called only "
    "when its interval leaves out zero, pooled over the player counts, or at two player "
    "counts or more when the pooled one does not (effects in opposite directions can cancel "
    "out). A direction is claimed only where the player counts agree: each on its own, or "
    "the pooled figure with no count significant the other way; otherwise the sentence says "
    "the effect depends on the player count and gives each. Figures counted in different "
    "units on the two sides are not compared, and a count that a rule rules out by its own "
    "definition is shown as how often the rule applied."
)


# --- what is played ----------------------------------------------------------------------


def _decisions(adapter: VerifyAdapter[Any]) -> list[Any]:
    return list(adapter.game.table("decisions").entries)


def _pacing(adapter: VerifyAdapter[Any]) -> list[tuple[str, dict[str, ParamValue]]]:
    found: list[tuple[str, dict[str, ParamValue]]] = getattr(adapter, "pacing_params", list)()
    return found


def _sweep(adapter: VerifyAdapter[Any]) -> list[tuple[str, dict[str, ParamValue]]]:
    found: list[tuple[str, dict[str, ParamValue]]] = getattr(adapter, "sweep_params", list)()
    return found


def _cells(adapter: VerifyAdapter[Any]) -> list[Cell]:
    cells = []
    draft_all: dict[str, ParamValue] = {}
    for players in PLAYERS:
        base = f"beta-{players}p"
        cells.append(Cell("beta", players, (), base))
        for decision in _decisions(adapter):
            param = decision.id.replace("-", "_")
            draft_all[param] = "older-draft"
            cells.append(
                Cell(f"{decision.id}-older-draft", players, ((param, "older-draft"),), base)
            )
        cells.append(Cell("older-draft", players, tuple(draft_all.items()), base))
        field = _mixed_field(adapter, players)
        if field:
            cells.append(Cell("beta-mixed", players, (), base, field))
    for series, rows in (("pacing", _pacing(adapter)), ("sweep", _sweep(adapter))):
        for n, (_, params) in enumerate(rows):
            if _played_at_four(cells, params) is None:
                cells.append(Cell(f"{series}-{n}", 4, tuple(params.items()), "beta-4p"))
    return cells


def _mixed_field(adapter: VerifyAdapter[Any], players: int) -> tuple[str, ...]:
    """The adapter's mixed field of bot levels at ``players`` (none: not played)."""
    field: Callable[[int], tuple[str, ...]] | None = getattr(adapter, "mixed_field", None)
    return tuple(field(players)) if field is not None else ()


def _at_the_table(
    adapter: VerifyAdapter[Any],
    by_key: Mapping[str, list[Outcome]],
    measures: Measures,
    baseline: Mapping[str, Any],
) -> list[dict[str, Any]]:
    """How the beta plays at each player count, with all-heuristic tables and with a
    mixed field of bot levels: a row a (field, player count), each figure of
    :data:`~pnp.verify.comparison.PER_COUNT` shown with its interval, the leader's with
    the fair share beside it."""
    fields = [("cautious and brawler by turns", baseline)]
    if by_key.get("beta-mixed"):
        fields.append(("a mixed field of bot levels", side(by_key, "beta-mixed", measures)))
    rows = []
    for field, found in fields:
        for count, figures in found["by_players"].items():
            bots = _mixed_field(adapter, int(count)) if found is not baseline else ()
            shown = {
                name: show(figures[name], kind, name)
                for name, _, kind in PER_COUNT
                if figures.get(name) is not None
            }
            rows.append(
                {
                    "field": field,
                    "bots": list(bots),
                    "players": count,
                    "games": figures["games"],
                    "fair_share": figures.get("fair_share"),
                    "figures": {name: strip(figures[name]) for name, _, _ in PER_COUNT},
                    "shown": shown,
                }
            )
    return rows


def _played_at_four(cells: Sequence[Cell], params: Mapping[str, ParamValue]) -> str | None:
    """The key of a cell already played at 4 players with these parameters, if any."""
    wanted = sorted(params.items())
    for cell in cells:
        if cell.players == 4 and sorted(cell.params) == wanted:
            return cell.key
    return None


def _series(
    by_key: Mapping[str, list[Outcome]],
    cells: Sequence[Cell],
    series: str,
    rows: Sequence[tuple[str, dict[str, ParamValue]]],
    measures: Measures,
) -> list[dict[str, Any]]:
    """The figures at 4 players of each row of a series (the pacing table, the sweep)."""
    found = []
    for n, (label, params) in enumerate(rows):
        key = _played_at_four(cells, params) or f"{series}-{n}"
        figures = side(by_key, key, measures)["by_players"].get("4", {})
        shown = {
            name: show(figures[name], kind, name)
            for name, _, kind in FIGURES
            if figures.get(name) is not None
        }
        for name, (_, kind) in measures.items():
            if f"count:{name}" in figures:
                shown[f"count:{name}"] = show(
                    figures[f"count:{name}"], "rate" if kind == "share" else "mean", name
                )
        found.append(
            {
                "label": label,
                "params": dict(params),
                "games": figures.get("games", 0),
                "figures": {
                    key: strip(value) if isinstance(value, dict) else value
                    for key, value in figures.items()
                    if key != "values"
                },
                "shown": shown,
            }
        )
    return found


def _seeds(adapter: VerifyAdapter[Any], cell: Cell, games: int, seed: int) -> list[int]:
    """The seeds of a cell: those ``pnp verify`` would give the table ``seeds_of``."""
    from pnp.verify.run import game_seed  # the one place this module uses the run's seeding

    name, _, players = cell.seeds_of.rpartition("-")
    table = Table(name, int(players.rstrip("p")), ())
    return [game_seed(seed, adapter.game_id, table, number) for number in range(games)]


def _play(
    adapter: VerifyAdapter[Any],
    cells: Sequence[Cell],
    games: int,
    seed: int,
    workers: int,
    on_progress: Progress | None,
    cluster: str | None = None,
) -> list[list[Outcome]]:
    """Every cell's outcomes, in cell order, played by ``pnp verify``'s runner (local
    processes or a Dask cluster)."""
    from pnp.verify.run import Job, run_jobs

    jobs: list[tuple[int, Job]] = []
    for index, cell in enumerate(cells):
        seeds = _seeds(adapter, cell, games, seed)
        for start in range(0, games, CHUNK):
            chunk = tuple(seeds[start : start + CHUNK])
            jobs.append((index, Job(adapter.game_id, cell.table(), chunk, CHECK_EVERY)))
    found: list[list[Outcome]] = [[] for _ in cells]
    total, done = len(cells) * games, 0

    def advance(job: Job) -> None:
        nonlocal done
        done += len(job.seeds)
        if on_progress is not None:
            on_progress(done, total)

    outcomes = iter(
        run_jobs([job for _, job in jobs], workers, {adapter.game_id: adapter}, advance, cluster)
    )
    for index, job in jobs:
        found[index] += [next(outcomes) for _ in job.seeds]
    return found


# --- the command line ----------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    """Play the evidence of Joe's Bar and write it into a report (or a file of its own)."""
    parser = argparse.ArgumentParser(
        prog="python -m pnp.verify.evidence",
        description="Play the beta-versus-draft evidence of Joe's Bar.",
    )
    parser.add_argument("--cards", type=Path, default=Path("cards"))
    parser.add_argument("--games", type=int, default=DEFAULT_GAMES, help="games a cell")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument(
        "--report",
        type=Path,
        help="a report.json to keep the evidence in, under the game's 'evidence' key",
    )
    parser.add_argument("--out", type=Path, help="write the evidence alone to this file")
    options = parser.parse_args(argv)
    from pnp.catalog import load_catalog
    from pnp.files import write_atomic
    from pnp.names import visible
    from pnp.registry import load_game

    if options.report is None and options.out is None:
        parser.error("say where the evidence goes: --report FILE, --out FILE or both")
    report: dict[str, Any] | None = None
    if options.report is not None:
        try:
            report = json.loads(options.report.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            parser.error(f"{options.report} cannot be read: {error}")
        assert report is not None
        if not any(entry.get("id") == "joes-bar" for entry in report.get("games", [])):
            parser.error(f"{options.report} has no Joe's Bar game: run pnp verify on it first")
    game = load_game(load_catalog(options.cards).game("joes-bar"))
    found = evidence(game.verify_adapter, options.games, options.seed, options.jobs)
    if options.out is not None:
        write_atomic(
            options.out, json.dumps(found, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
        )
    if report is not None and options.report is not None:
        for entry in report["games"]:
            if entry.get("id") == "joes-bar":
                entry["evidence"] = found
        made = report.get("made_from")
        if isinstance(made, dict) and isinstance(made.get("options"), dict):
            made["options"]["evidence"] = options.games  # what the report now holds
        write_atomic(
            options.report, json.dumps(report, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
        )
    for decision in found["decisions"]:
        print(f"{visible(decision['title'])}: {visible(decision['sentence'])}")
    if found["problems"]:
        print(f"{len(found['problems'])} game(s) failed a check", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
