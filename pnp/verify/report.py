"""The figures of ``pnp verify``: outcomes added up per table and per game, honestly.

Every rate and mean carries its sample size and a 95% interval
(:mod:`pnp.verify.stats`). Per table: games played, completion and timeouts,
failures (with seed and step), length in turns and rounds (mean with its
interval, median, 95th percentile), each seat's wins, a chi-square test of
whether seats share wins equally (flagged only when significant), the first
player's wins against a fair share, the heuristic bot's wins at mixed tables
against a fair share, how often each card was played, and the game's own
figures. Per game: the verdict, every problem found, the printed cards that
never saw play, and a sentence per table on seat balance ("no seat advantage
detected at N games" unless the test finds one).

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
from pnp.verify import stats

#: The version of the report layout (2: figures with sample sizes and intervals; 3: what
#: the report was made from, ``made_from``).
REPORT_FORMAT = 3
#: Decimal places kept for every figure (so that the report does not depend on the last
#: digits a platform's arithmetic gives).
PLACES = 4
#: Failures quoted per table (all are counted).
QUOTED = 5


def rounded(value: Any) -> Any:
    """``value`` with every float rounded to :data:`PLACES` places, however nested."""
    if isinstance(value, float):
        return round(value, PLACES) if math.isfinite(value) else None
    if isinstance(value, Mapping):
        return {key: rounded(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [rounded(item) for item in value]
    return value


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
        "completion": stats.proportion(len(done), games),
        "timeouts": stats.proportion(len(timeouts), games),
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
    fair = 1 / table.players
    if table.seating == "heuristic":
        wins = [sum(outcome.returns[seat] for outcome in done) for seat in range(table.players)]
        summary["seat_wins"] = [stats.proportion(won, len(done)) for won in wins]
        summary["seat_test"] = stats.seat_test(wins)
        first = sum(outcome.returns[outcome.first_player] for outcome in done)
        summary["first_player_wins"] = _against_fair(stats.proportion(first, len(done)), fair)
        summary["balance"] = _balance(summary["seat_wins"], summary["seat_test"], len(done))
    else:
        won = sum(outcome.returns[outcome.heuristic_seats[0]] for outcome in done)
        summary["heuristic_wins"] = _against_fair(stats.proportion(won, len(done)), fair)
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
    return rounded(summary)  # type: ignore[no-any-return]


def _against_fair(rate: stats.Figure, fair: float) -> stats.Figure:
    """A win rate with the fair share it is judged against, and whether its interval
    leaves the fair share out (above: ``better``; below: ``worse``)."""
    verdict = "as fair"
    if rate["value"] is not None and rate["low"] > fair:
        verdict = "better"
    elif rate["value"] is not None and rate["high"] < fair:
        verdict = "worse"
    return {**rate, "fair_share": fair, "against_fair": verdict}


def _judged_together(tables: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The tables with their seat tests adjusted for being run together, and their
    balance sentences said again from the adjusted tests."""
    seated = [index for index, table in enumerate(tables) if "seat_test" in table]
    tests = stats.adjust_seat_tests([tables[index]["seat_test"] for index in seated])
    judged = [dict(table) for table in tables]
    for index, test in zip(seated, tests, strict=True):
        table = judged[index]
        table["seat_test"] = rounded(test)
        table["balance"] = rounded(_balance(table["seat_wins"], test, table["completed"]))
    return judged


def _balance(seat_wins: Sequence[stats.Figure], test: stats.Figure, games: int) -> dict[str, Any]:
    """The seats' balance: the largest gap between two seats' win rates (a description),
    judged by the chi-square test (the verdict)."""
    values = [figure["value"] for figure in seat_wins if figure["value"] is not None]
    gap = max(values) - min(values) if values else 0.0
    together = ""
    if test.get("p_adjusted") is not None and test.get("tables", 1) > 1:
        together = f", {test['p_adjusted']:.2f} adjusted for {test['tables']} tables"
    if test["p"] is None:
        sentence = "no games to judge the seats by"
    elif not test["significant"]:
        sentence = (
            f"no seat advantage detected at {games} games (chi-square p = {test['p']:.2f}"
            f"{together})"
        )
    else:
        best = max(range(len(values)), key=lambda seat: values[seat])
        worst = min(range(len(values)), key=lambda seat: values[seat])
        sentence = (
            f"seats differ at {games} games (chi-square p = {test['p']:.3f}{together}): "
            f"seat {best + 1} wins {values[best]:.0%}, seat {worst + 1} {values[worst]:.0%}"
        )
    return {"largest_gap": gap, "significant": bool(test["significant"]), "sentence": sentence}


def game_summary(
    adapter: VerifyAdapter[Any],
    title: str,
    deck_problems: Sequence[str],
    printed: Sequence[str],
    tables: Sequence[dict[str, Any]],
    card_names: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """The verdict and figures of one game from its tables' summaries (whose seat
    tests are judged together here: :func:`~bots.core.stats.adjust_seat_tests`)."""
    tables = _judged_together(tables)
    plays: Counter[str] = Counter()
    for table in tables:
        plays.update(table["card_plays"])
    unplayed = [card for card in printed if not plays[card]]
    problems = list(deck_problems)
    for table in tables:
        timed_out = round(table["timeouts"]["value"] * table["games"]) if table["games"] else 0
        if table["failures"] or timed_out:
            count = table["failures"] + timed_out
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
        "card_names": {card: (card_names or {}).get(card, card) for card in printed},
        "round_name": adapter.round_name,
        "extra_title": adapter.extra_title,
        "tables": list(tables),
    }


def markdown(report: Mapping[str, Any]) -> str:
    """The report for people: a verdict per game, then every table's figures with their
    intervals (95%) and sample sizes."""
    lines = [
        "# Playtest report",
        "",
        f"Seed {report['seed']}, {_games_line(report)}. The same seed and options give the "
        "same report. Rates and means are estimates from these games: each carries its 95% "
        "interval and the number of games (n) it rests on.",
        "",
    ]
    for game in report["games"]:
        lines += [f"## {game['title']}: {game['verdict'].upper()}", ""]
        lines += [f"- {problem}" for problem in game["problems"]] or ["No problem found."]
        lines.append("")
        lines += [
            "| table | games | completed | turns (mean, median, p95) | "
            "rounds (mean, median, p95) | seat wins | seats | first player |",
            "|---|---|---|---|---|---|---|---|",
        ]
        for table in game["tables"]:
            turns, rounds = table["length"]["turns"], table["length"]["rounds"]
            if table["seating"] == "heuristic":
                seats = " / ".join(stats.percent(rate) for rate in table["seat_wins"])
                balance = table["balance"]["sentence"]
                first = stats.percent(table["first_player_wins"])
            else:
                seats = f"heuristic bot {stats.percent(table['heuristic_wins'])}"
                balance = f"fair share {table['heuristic_wins']['fair_share']:.0%}"
                first = "-"
            lines.append(
                f"| {table['name']} | {table['games']} | {stats.percent(table['completion'])} | "
                f"{_triple(turns)} | {_triple(rounds)} | {seats} | {balance} | {first} |"
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
        ratings = game.get("ratings")
        if ratings:
            lines += ["Bot ratings (Plackett-Luce, 95% intervals):", ""]
            lines += [
                f"- {row['bot']}: {stats.decimal(row['mu'], 1)} ({stats.decimal(row['low'], 1)} to "
                f"{stats.decimal(row['high'], 1)}), "
                f"won {stats.percent(row['wins'])}"
                for row in ratings["ladder"]
            ]
            lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def _games_line(report: Mapping[str, Any]) -> str:
    precision = report.get("precision")
    if precision:
        return (
            f"games played per table until every headline rate's interval was narrower than "
            f"{precision['width']:.0%} (at most {precision['cap']})"
        )
    return f"{report['games_per_table']} games per table"


def _triple(spread: Mapping[str, Any]) -> str:
    mean = spread["mean"]
    return f"{stats.number(mean)}, {spread['median']:g}, {spread['p95']:g}"


def _spread(values: Sequence[int]) -> dict[str, Any]:
    """The mean (with its interval), median and nearest-rank 95th percentile."""
    if not values:
        return {"mean": stats.mean([]), "median": 0.0, "p95": 0.0}
    ordered = sorted(values)
    rank = max(0, math.ceil(0.95 * len(ordered)) - 1)
    return {
        "mean": stats.mean([float(value) for value in ordered]),
        "median": float(statistics.median(ordered)),
        "p95": float(ordered[rank]),
    }


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
