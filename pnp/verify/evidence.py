"""The evidence for a game's beta-versus-draft decisions (Joe's Bar): what the bots found
when they played each rule both ways.

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
import math
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bots.core.params import ParamValue
from bots.core.verify import Outcome, Table, VerifyAdapter, play_checked
from pnp.verify import stats

#: Games per cell by default (a full run: about 6 minutes on 2 cores), and in ``make kit``.
DEFAULT_GAMES = 1000
KIT_GAMES = 200
#: The player counts every decision is played at.
PLAYERS = (3, 4, 5)
#: Steps between in-game checks (a game is always checked at its start and end).
CHECK_EVERY = 10_000
#: Games a worker plays in one job.
CHUNK = 25
EVIDENCE_FORMAT = 1

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Cell:
    """One set of games: a side of a decision (or another comparison) at one player count."""

    key: str
    players: int
    params: tuple[tuple[str, ParamValue], ...]
    #: The table whose seeds the cell uses (both sides of a comparison share seeds).
    seeds_of: str

    def table(self) -> Table:
        return Table(self.key, self.players, (("players", self.players), *self.params))


def evidence(
    adapter: VerifyAdapter[Any],
    games: int = DEFAULT_GAMES,
    seed: int = 1,
    workers: int = 1,
    on_progress: Progress | None = None,
) -> dict[str, Any]:
    """Play every cell and return the evidence (see the module docstring), the same dict
    for the same ``games`` and ``seed`` whatever ``workers``."""
    cells = _cells(adapter)
    outcomes = _play(adapter, cells, games, seed, workers, on_progress)
    by_key: dict[str, list[Outcome]] = {}
    for index, cell in enumerate(cells):
        by_key.setdefault(cell.key, []).extend(outcomes[index])
    fired: Mapping[str, Sequence[tuple[str, str, str]]] = getattr(adapter, "fired", {})
    limits: Mapping[str, str] = getattr(adapter, "limits", {})
    measures = {name: (label, kind) for rows in fired.values() for name, label, kind in rows}
    baseline = _side(by_key, "beta", measures)
    decisions = []
    for decision in _decisions(adapter):
        param = decision.id.replace("-", "_")
        draft = _side(by_key, f"{decision.id}-older-draft", measures)
        shown = [name for name, _, _ in fired.get(param, ())]
        decisions.append(
            _comparison(
                decision.id,
                decision.title,
                baseline,
                draft,
                shown,
                measures,
                limits.get(decision.id),
                games,
                seed,
            )
        )
    firsts = [rows[0][0] for rows in fired.values() if rows]
    whole = _comparison(
        "older-draft",
        "The whole older draft",
        baseline,
        _side(by_key, "older-draft", measures),
        firsts,
        measures,
        None,
        games,
        seed,
        sentence_counts=False,
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
        "pacing": _series(by_key, cells, "pacing", _pacing(adapter), measures),
        "sweep": _series(by_key, cells, "sweep", _sweep(adapter), measures),
        "problems": problems,
    }


#: How the evidence was made, for the page and the report.
METHOD = (
    "{games} seeded games a side at each of {counts} players, heuristic bots (cautious and "
    "brawler by turns) in every seat. Each decision's older-draft rule is played with the "
    "other six at the beta; the beta side is the same for every decision, played once per "
    "player count, and both sides use the same seeds. Intervals are 95%: Wilson for rates, "
    "Student t for means, Newcombe and Welch for differences; a difference is called only "
    "when its interval leaves out zero, pooled over the player counts, or at two player "
    "counts or more when the pooled one does not (effects in opposite directions can cancel "
    "out)."
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
    for series, rows in (("pacing", _pacing(adapter)), ("sweep", _sweep(adapter))):
        for n, (_, params) in enumerate(rows):
            if _played_at_four(cells, params) is None:
                cells.append(Cell(f"{series}-{n}", 4, tuple(params.items()), "beta-4p"))
    return cells


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
        figures = _side(by_key, key, measures)["by_players"].get("4", {})
        shown = {
            name: _show(figures[name], kind, name)
            for name, _, kind in FIGURES
            if figures.get(name) is not None
        }
        for name, (_, kind) in measures.items():
            if f"count:{name}" in figures:
                shown[f"count:{name}"] = _show(
                    figures[f"count:{name}"], "rate" if kind == "share" else "mean", name
                )
        found.append(
            {
                "label": label,
                "params": dict(params),
                "games": figures.get("games", 0),
                "figures": {
                    key: _strip(value) if isinstance(value, dict) else value
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


_WORKER: dict[str, VerifyAdapter[Any]] = {}


def _start_worker(adapter: VerifyAdapter[Any]) -> None:
    _WORKER["adapter"] = adapter


def _play_chunk(job: tuple[Table, tuple[int, ...]]) -> list[Outcome]:
    table, seeds = job
    adapter = _WORKER["adapter"]
    return [play_checked(adapter, table, seed, CHECK_EVERY) for seed in seeds]


def _play(
    adapter: VerifyAdapter[Any],
    cells: Sequence[Cell],
    games: int,
    seed: int,
    workers: int,
    on_progress: Progress | None,
) -> list[list[Outcome]]:
    """Every cell's outcomes, in cell order; ``workers`` processes share the games."""
    jobs: list[tuple[int, tuple[Table, tuple[int, ...]]]] = []
    for index, cell in enumerate(cells):
        seeds = _seeds(adapter, cell, games, seed)
        for start in range(0, games, CHUNK):
            jobs.append((index, (cell.table(), tuple(seeds[start : start + CHUNK]))))
    found: list[list[Outcome]] = [[] for _ in cells]
    total, done = len(cells) * games, 0

    def gather(results: Iterable[list[Outcome]]) -> None:
        nonlocal done
        for (index, _), outcomes in zip(jobs, results, strict=True):
            found[index] += outcomes
            done += len(outcomes)
            if on_progress is not None:
                on_progress(done, total)

    if workers <= 1:
        _start_worker(adapter)
        gather(map(_play_chunk, (job for _, job in jobs)))
        return found
    with ProcessPoolExecutor(workers, initializer=_start_worker, initargs=(adapter,)) as pool:
        gather(pool.map(_play_chunk, [job for _, job in jobs]))
    return found


# --- figures -------------------------------------------------------------------------------

Measures = Mapping[str, tuple[str, str]]

#: The figures every comparison shows: name, how it reads, and whether a mean or a rate.
FIGURES: tuple[tuple[str, str, str], ...] = (
    ("rounds", "rounds a game", "mean"),
    ("table_minutes", "table minutes a game", "mean"),
    ("song_ended", "rounds ended by the song", "rate"),
    ("chain", "HITs thrown a chain", "mean"),
    ("ko_spread", "knockout spread (most less fewest suffered by one player)", "mean"),
    ("winner_margin", "winner's margin (in the side's own score)", "mean"),
    ("first_player_advantage", "first player's wins above a fair share", "mean"),
    ("leader_won", "leader after round one wins", "rate"),
)
#: Figures that can be below zero (the others' intervals are shown from zero up).
SIGNED = frozenset({"first_player_advantage"})


def _side(by_key: Mapping[str, list[Outcome]], key: str, measures: Measures) -> dict[str, Any]:
    """The figures of one side: pooled over the player counts, and at each."""
    groups: dict[int, list[Outcome]] = {}
    for outcome in by_key.get(key, []):
        if outcome.status == "ok":
            groups.setdefault(len(outcome.returns), []).append(outcome)
    pooled = [outcome for players in sorted(groups) for outcome in groups[players]]
    return {
        "pooled": _figures(pooled, measures),
        "by_players": {str(n): _figures(groups[n], measures) for n in sorted(groups)},
    }


def _values(outcomes: Sequence[Outcome], measures: Measures) -> dict[str, list[float]]:
    """Each game's value of every figure, in seed order."""
    names = (
        "rounds",
        "table_minutes",
        "chain",
        "ko_spread",
        "winner_margin",
        "first_player_advantage",
    )
    values: dict[str, list[float]] = {name: [] for name in names}
    values.update({f"count:{name}": [] for name in measures})
    for outcome in outcomes:
        extra = outcome.extra
        values["rounds"].append(extra["rounds"])
        values["table_minutes"].append(extra["table_seconds"] / 60)
        if extra["chains"]:
            values["chain"].append(extra["mean_chain"])
        values["ko_spread"].append(extra["ko_spread"])
        values["winner_margin"].append(extra["winner_margin"])
        fair = 1 / len(outcome.returns)
        values["first_player_advantage"].append(outcome.returns[outcome.first_player] - fair)
        for name in measures:
            values[f"count:{name}"].append(extra["counts"].get(name, 0))
    return values


def _figures(outcomes: Sequence[Outcome], measures: Measures) -> dict[str, Any]:
    values = _values(outcomes, measures)
    games = len(outcomes)
    figures: dict[str, Any] = {"games": games}
    for name, found in values.items():
        figures[name] = stats.mean(found)
    for name, (_, kind) in measures.items():
        found = values[f"count:{name}"]
        if kind == "share":
            figures[f"count:{name}"] = stats.proportion(sum(found), games)
        figures[f"games:{name}"] = stats.proportion(sum(1 for v in found if v), games)
    rounds = sum(outcome.extra["rounds"] for outcome in outcomes)
    figures["song_ended"] = stats.proportion(
        sum(outcome.extra["rounds_by_song"] for outcome in outcomes), rounds
    )
    figures["leader_won"] = stats.proportion(
        sum(outcome.extra["leader_won"] for outcome in outcomes), games
    )
    players = {len(outcome.returns) for outcome in outcomes}
    if len(players) == 1:
        seats = [0.0] * players.pop()
        for outcome in outcomes:
            for seat, share in enumerate(outcome.returns):
                seats[seat] += share
        rates = [wins / games for wins in seats]
        figures["seat_test"] = stats.seat_test(seats)
        figures["balance"] = round(1 - (max(rates) - min(rates)), 4)
    figures["values"] = {name: [round(v, 4) for v in found] for name, found in values.items()}
    return figures


def _comparison(
    decision_id: str,
    title: str,
    beta: Mapping[str, Any],
    draft: Mapping[str, Any],
    shown: Sequence[str],
    measures: Measures,
    limits: str | None,
    games: int,
    seed: int,
    sentence_counts: bool = True,
) -> dict[str, Any]:
    """Both sides of one decision side by side, their differences and the sentence."""
    figures = [*FIGURES]
    for name in shown:
        label, kind = measures[name]
        figures.append(
            (
                f"count:{name}",
                label + ("" if kind == "share" else " a game"),
                "rate" if kind == "share" else "mean",
            )
        )
    if shown and sentence_counts:
        figures.append((f"games:{shown[0]}", f"games with {measures[shown[0]][0]}", "rate"))
    rows = []
    for name, label, kind in figures:
        first, second = beta["pooled"].get(name), draft["pooled"].get(name)
        if first is None or second is None:
            continue
        difference = _difference(beta["pooled"], draft["pooled"], name, kind)
        by_players = {}
        for players, alone in beta["by_players"].items():
            other = draft["by_players"].get(players)
            if other is None or name not in alone or name not in other:
                continue
            by_players[players] = {
                "beta": _strip(alone[name]),
                "older_draft": _strip(other[name]),
                "difference": _difference(alone, other, name, kind),
            }
        rows.append(
            {
                "figure": name,
                "label": label,
                "kind": kind,
                "beta": _show(first, kind, name),
                "older_draft": _show(second, kind, name),
                "difference": _show_difference(difference, kind),
                "significant": difference["significant"],
                "significant_at": [
                    players
                    for players, found in by_players.items()
                    if found["difference"]["significant"]
                ],
                "raw": {
                    "beta": _strip(first),
                    "older_draft": _strip(second),
                    "difference": difference,
                    "by_players": by_players,
                },
            }
        )
    first_count = f"count:{shown[0]}" if shown and sentence_counts else None
    spoken = rows if sentence_counts else [row for row in rows if ":" not in row["figure"]]
    return {
        "id": decision_id,
        "title": title,
        "rows": rows,
        "sentence": _sentence(spoken, first_count, limits, games, seed),
        "limits": limits,
        "older_draft": draft,
    }


def _difference(
    first: Mapping[str, Any], second: Mapping[str, Any], name: str, kind: str
) -> dict[str, Any]:
    if kind == "rate":
        return stats.difference_of_rates(first[name], second[name])
    return stats.difference_of_means(first["values"][name], second["values"][name])


def _strip(figure: Mapping[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in figure.items() if key != "values"}


def _show(figure: Mapping[str, Any], kind: str, name: str) -> str:
    """A figure for the page: ``3.61 (3.55 to 3.67)`` or ``22% (20% to 24%)``."""
    if figure.get("value") is None:
        return "none"
    if kind == "rate":
        return f"{figure['value']:.0%} ({figure['low']:.0%} to {figure['high']:.0%})"
    digits = _digits(figure)
    if figure.get("low") is None:
        return f"{figure['value']:.{digits}f}"
    low = figure["low"] if name in SIGNED else max(0.0, figure["low"])
    return f"{figure['value']:.{digits}f} ({low:.{digits}f} to {figure['high']:.{digits}f})"


def _digits(figure: Mapping[str, Any]) -> int:
    """Decimals enough to tell the interval's ends apart (one to three)."""
    width = stats.interval_width(figure)
    if not math.isfinite(width) or width <= 0:
        return 2
    return max(1, min(3, 1 - math.floor(math.log10(width))))


def _show_difference(difference: Mapping[str, Any], kind: str) -> str:
    """A difference for the page: ``+0.42 (+0.30 to +0.55)``, rates in percentage points."""
    if difference.get("value") is None:
        return "none"
    scale, unit = (100, " points") if kind == "rate" else (1, "")
    digits = 0 if kind == "rate" else _digits(difference)
    value, low, high = (scale * difference[key] for key in ("value", "low", "high"))
    return f"{value:+.{digits}f}{unit} ({low:+.{digits}f} to {high:+.{digits}f})"


def _sentence(
    rows: Sequence[Mapping[str, Any]],
    first_count: str | None,
    limits: str | None,
    games: int,
    seed: int,
) -> str:
    """One sentence from the figures: how often the rule did something, then every other
    difference the intervals support."""
    parts = []
    by_name = {row["figure"]: row for row in rows}
    if first_count in by_name:
        row = by_name[first_count]
        beta = row["raw"]["beta"]
        against = "none under the beta" if not beta["value"] else f"{row['beta']} under the beta"
        parts.append(f"{row['label']}: {row['older_draft']} under the older draft, {against}")
    # A difference is called when the pooled interval leaves out zero; without that, only
    # when it does so at two player counts or more (opposite effects can cancel out when
    # pooled, but one count alone among so many figures is too likely to be chance).
    called = [
        row
        for row in rows
        if (row["significant"] or len(row["significant_at"]) >= 2)
        and row["figure"] != first_count
        and not row["figure"].startswith("games:")
    ]
    for row in called:
        raw = row["raw"]
        if row["significant"]:
            alone = row["significant_at"]
            if not alone:
                where = "; only with the player counts pooled"
            elif len(alone) < len(PLAYERS):
                where = f"; also at {' and '.join(alone)} players on their own"
            else:
                where = "; also at each player count on its own"
            parts.append(
                f"{row['label']} {_went(raw['difference'])} from "
                f"{_point(raw['beta'], row['kind'])} to {_point(raw['older_draft'], row['kind'])}"
                f" (difference {row['difference']}{where})"
            )
            continue
        # no difference pooled, but at some player counts (perhaps in opposite directions)
        pieces = []
        for players in row["significant_at"]:
            found = raw["by_players"][players]
            pieces.append(
                f"at {players} players it {_went(found['difference'])} from "
                f"{_point(found['beta'], row['kind'])} to "
                f"{_point(found['older_draft'], row['kind'])} "
                f"(difference {_show_difference(found['difference'], row['kind'])})"
            )
        parts.append(f"{row['label']} differed only at some player counts: {', '.join(pieces)}")
    if not called:
        other = " other" if parts else ""
        parts.append(f"no{other} figure told the two apart beyond chance")
    text = "; ".join(parts)
    sentence = (
        f"{text[0].upper()}{text[1:]} ({games} games a side at each of "
        f"{', '.join(map(str, PLAYERS[:-1]))} and {PLAYERS[-1]} players, seed {seed})."
    )
    return f"{sentence} {limits}" if limits else sentence


def _went(difference: Mapping[str, Any]) -> str:
    return "rose" if difference["value"] > 0 else "fell"


def _point(figure: Mapping[str, Any], kind: str) -> str:
    if kind == "rate":
        return f"{figure['value']:.0%}"
    return f"{figure['value']:.{_digits(figure)}f}"


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
    from pnp.registry import load_game

    game = load_game(load_catalog(options.cards).game("joes-bar"))
    found = evidence(game.verify_adapter, options.games, options.seed, options.jobs)
    text = json.dumps(found, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    if options.out is not None:
        write_atomic(options.out, text)
    if options.report is not None:
        report = json.loads(options.report.read_text(encoding="utf-8"))
        entry = next((g for g in report["games"] if g["id"] == "joes-bar"), None)
        if entry is None:
            entry = {"id": "joes-bar", "title": game.title}
            report["games"].append(entry)
        entry["evidence"] = found
        write_atomic(
            options.report, json.dumps(report, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
        )
    for decision in found["decisions"]:
        print(f"{decision['title']}: {decision['sentence']}")
    if found["problems"]:
        print(f"{len(found['problems'])} game(s) failed a check", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
