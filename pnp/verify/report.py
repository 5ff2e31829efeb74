"""The figures of ``pnp verify``: outcomes added up per table and per game.

Per table: games played, completion and timeout rates, failures (with seed and
step), length in turns and rounds (mean, median, 95th percentile), win rate
per seat, the first player's advantage (their win rate less a fair share),
Balance (1 less the largest gap between two seats' win rates), the heuristic
bot's win rate at mixed tables, how often each card was played, and the
game's own figures. Per game: the verdict, every problem found, and the
printed cards that never saw play over the whole run.

Everything here is a pure function of the outcomes, rounded, with no clock
in it: the same run gives the same report, byte for byte.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from bots.core.verify import Outcome, Table, VerifyAdapter

#: The version of the report layout.
REPORT_FORMAT = 1
#: Decimal places kept for rates.
PLACES = 4
#: Failures quoted per table (all are counted).
QUOTED = 5


def table_summary(
    adapter: VerifyAdapter[Any], table: Table, outcomes: Sequence[Outcome]
) -> dict[str, Any]:
    """The figures of one table from its outcomes."""
    done = [outcome for outcome in outcomes if outcome.status == "ok"]
    timeouts = [outcome for outcome in outcomes if outcome.status == "timeout"]
    failed = [outcome for outcome in outcomes if outcome.status == "failed"]
    games = len(outcomes)
    summary: dict[str, Any] = {
        "key": table.key,
        "name": table.name,
        "variant": table.variant,
        "players": table.players,
        "seating": table.seating,
        "params": dict(table.params),
        "seeds": [outcome.seed for outcome in outcomes],
        "games": games,
        "completed": len(done),
        "completion_rate": _rate(len(done), games),
        "timeout_rate": _rate(len(timeouts), games),
        "failures": len(failed),
        "problems": [
            f"seed {outcome.seed}: {outcome.problem}" for outcome in (failed + timeouts)[:QUOTED]
        ],
        "length": {
            "turns": _spread([outcome.turns for outcome in done]),
            "rounds": _spread([outcome.rounds for outcome in done]),
        },
        "rounds_per_game": [outcome.rounds for outcome in done],
    }
    if table.seating == "heuristic":
        seats = [
            round(sum(outcome.returns[seat] for outcome in done) / len(done), PLACES)
            if done
            else 0.0
            for seat in range(table.players)
        ]
        first = sum(outcome.returns[outcome.first_player] for outcome in done)
        summary["seat_win_rates"] = seats
        summary["first_player_win_rate"] = _rate(first, len(done))
        summary["first_player_advantage"] = round(
            summary["first_player_win_rate"] - 1 / table.players, PLACES
        )
        summary["balance"] = round(1 - (max(seats) - min(seats)), PLACES) if done else 0.0
    else:
        won = sum(outcome.returns[outcome.heuristic_seats[0]] for outcome in done)
        summary["heuristic_win_rate"] = _rate(won, len(done))
        summary["fair_share"] = round(1 / table.players, PLACES)
    plays: Counter[str] = Counter()
    totals: dict[str, Any] = {}
    for outcome in done:
        plays.update(outcome.played)
        _add(totals, outcome.extra)
    summary["card_plays"] = dict(sorted(plays.items()))
    summary["extra"] = totals
    extras = [outcome.extra for outcome in done]
    rows = adapter.extra_rows(totals, len(done), extras)
    summary["extra_rows"] = [list(row) for row in rows]
    return summary


def game_summary(
    adapter: VerifyAdapter[Any],
    title: str,
    deck_problems: Sequence[str],
    printed: Sequence[str],
    tables: Sequence[dict[str, Any]],
) -> dict[str, Any]:
    """The verdict and figures of one game from its tables' summaries."""
    plays: Counter[str] = Counter()
    for table in tables:
        plays.update(table["card_plays"])
    unplayed = [card for card in printed if not plays[card]]
    problems = list(deck_problems)
    for table in tables:
        if table["failures"] or table["timeout_rate"]:
            count = table["failures"] + round(table["timeout_rate"] * table["games"])
            problems.append(f"{table['name']}: {count} game(s) failed or did not end")
            problems += [f"  {problem}" for problem in table["problems"]]
    if unplayed:
        problems.append(f"cards never played: {', '.join(unplayed)}")
    return {
        "id": adapter.game_id,
        "title": title,
        "verdict": "fail" if problems else "pass",
        "problems": problems,
        "unplayed_cards": unplayed,
        "card_plays": {card: plays[card] for card in printed},
        "round_name": adapter.round_name,
        "extra_title": adapter.extra_title,
        "tables": list(tables),
    }


def markdown(report: Mapping[str, Any]) -> str:
    """The report for people: a verdict per game, then every table's figures."""
    lines = [
        "# Playtest report",
        "",
        f"Seed {report['seed']}, {report['games_per_table']} games per table. "
        "Generated by `pnp verify`; the same seed and options give the same report.",
        "",
    ]
    for game in report["games"]:
        lines += [f"## {game['title']}: {game['verdict'].upper()}", ""]
        lines += [f"- {problem}" for problem in game["problems"]] or ["No problem found."]
        lines.append("")
        lines += [
            "| table | games | completed | turns (mean / median / p95) | "
            "rounds (mean / median / p95) | seat win rates | first player | balance |",
            "|---|---|---|---|---|---|---|---|",
        ]
        for table in game["tables"]:
            turns, rounds = table["length"]["turns"], table["length"]["rounds"]
            if table["seating"] == "heuristic":
                seats = " / ".join(f"{rate:.0%}" for rate in table["seat_win_rates"])
                first = f"{table['first_player_advantage']:+.1%}"
                balance = f"{table['balance']:.2f}"
            else:
                seats = (
                    f"heuristic bot {table['heuristic_win_rate']:.0%} "
                    f"(fair share {table['fair_share']:.0%})"
                )
                first = balance = "-"
            lines.append(
                f"| {table['name']} | {table['games']} | {table['completion_rate']:.0%} | "
                f"{_triple(turns)} | {_triple(rounds)} | {seats} | {first} | {balance} |"
            )
        lines.append("")
        labels = [label for label, _ in game["tables"][0]["extra_rows"]] if game["tables"] else []
        if labels:
            lines += ["| table | " + " | ".join(labels) + " |", "|---" * (len(labels) + 1) + "|"]
            for table in game["tables"]:
                values = [value for _, value in table["extra_rows"]]
                lines.append(f"| {table['name']} | " + " | ".join(values) + " |")
            lines.append("")
        plays = game["card_plays"]
        least = sorted(plays, key=lambda card: (plays[card], card))[:5]
        lines += [
            "Cards played least over the whole run: "
            + ", ".join(f"{card} ({plays[card]})" for card in least),
            "",
        ]
    return "\n".join(lines).rstrip() + "\n"


def _triple(spread: Mapping[str, float]) -> str:
    return f"{spread['mean']:.1f} / {spread['median']:g} / {spread['p95']:g}"


def _spread(values: Sequence[int]) -> dict[str, float]:
    if not values:
        return {"mean": 0.0, "median": 0.0, "p95": 0.0}
    ordered = sorted(values)
    rank = max(0, math.ceil(0.95 * len(ordered)) - 1)  # the nearest-rank 95th percentile
    return {
        "mean": round(statistics.fmean(ordered), 2),
        "median": float(statistics.median(ordered)),
        "p95": float(ordered[rank]),
    }


def _rate(part: float, whole: int) -> float:
    return round(part / whole, PLACES) if whole else 0.0


def _add(totals: dict[str, Any], extra: Mapping[str, Any]) -> None:
    """Add one game's figures into ``totals``: numbers add, mappings add by key,
    lists add place by place."""
    for key, value in extra.items():
        if isinstance(value, Mapping):
            _add(totals.setdefault(key, {}), value)
        elif isinstance(value, list | tuple):
            known = totals.setdefault(key, [0] * len(value))
            totals[key] = [a + b for a, b in zip(known, value, strict=True)]
        else:
            totals[key] = totals.get(key, 0) + value
