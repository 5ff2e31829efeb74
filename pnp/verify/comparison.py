"""Two sides of a rule compared: the figures of a set of games, with 95% intervals, a table
of both sides and their differences, and one sentence written from the figures.

Used by :mod:`pnp.verify.evidence`. A figure is a mean (Student t interval) or a rate
(Wilson); a difference is the older draft's figure less the beta's (Welch or Newcombe),
called only when its interval leaves out zero: pooled over the player counts, or, when the
pooled one does not, at two player counts or more (effects in opposite directions can
cancel out when pooled; one count alone, among so many figures, is too likely to be
chance). The sentence names how often the rule in question did something, then every
difference so called, and nothing else: no claim in it is written by hand.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from bots.core.verify import Outcome
from pnp.verify import stats

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


def side(by_key: Mapping[str, list[Outcome]], key: str, measures: Measures) -> dict[str, Any]:
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


def comparison(
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
    players: Sequence[int] = (3, 4, 5),
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
        for count, alone in beta["by_players"].items():
            other = draft["by_players"].get(count)
            if other is None or name not in alone or name not in other:
                continue
            by_players[count] = {
                "beta": strip(alone[name]),
                "older_draft": strip(other[name]),
                "difference": _difference(alone, other, name, kind),
            }
        rows.append(
            {
                "figure": name,
                "label": label,
                "kind": kind,
                "beta": show(first, kind, name),
                "older_draft": show(second, kind, name),
                "difference": show_difference(difference, kind),
                "significant": difference["significant"],
                "significant_at": [
                    count
                    for count, found in by_players.items()
                    if found["difference"]["significant"]
                ],
                "raw": {
                    "beta": strip(first),
                    "older_draft": strip(second),
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
        "sentence": sentence(spoken, first_count, limits, games, seed, players),
        "limits": limits,
        "older_draft": draft,
    }


def _difference(
    first: Mapping[str, Any], second: Mapping[str, Any], name: str, kind: str
) -> dict[str, Any]:
    if kind == "rate":
        return stats.difference_of_rates(first[name], second[name])
    return stats.difference_of_means(first["values"][name], second["values"][name])


def strip(figure: Mapping[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in figure.items() if key != "values"}


def show(figure: Mapping[str, Any], kind: str, name: str) -> str:
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


def show_difference(difference: Mapping[str, Any], kind: str) -> str:
    """A difference for the page: ``+0.42 (+0.30 to +0.55)``, rates in percentage points."""
    if difference.get("value") is None:
        return "none"
    scale, unit = (100, " points") if kind == "rate" else (1, "")
    digits = 0 if kind == "rate" else _digits(difference)
    value, low, high = (scale * difference[key] for key in ("value", "low", "high"))
    if unit and round(abs(value)) == 1:
        unit = " point"
    return f"{value:+.{digits}f}{unit} ({low:+.{digits}f} to {high:+.{digits}f})"


def sentence(
    rows: Sequence[Mapping[str, Any]],
    first_count: str | None,
    limits: str | None,
    games: int,
    seed: int,
    players: Sequence[int] = (3, 4, 5),
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
    called.sort(key=_size, reverse=True)
    smaller = len(called) - MOST_NAMED
    for row in called[:MOST_NAMED]:
        raw = row["raw"]
        if row["significant"]:
            alone = row["significant_at"]
            if not alone:
                where = "; only with the player counts pooled"
            elif len(alone) < len(players):
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
        for count in row["significant_at"]:
            found = raw["by_players"][count]
            pieces.append(
                f"at {count} players it {_went(found['difference'])} from "
                f"{_point(found['beta'], row['kind'])} to "
                f"{_point(found['older_draft'], row['kind'])} "
                f"(difference {show_difference(found['difference'], row['kind'])})"
            )
        parts.append(f"{row['label']} differed only at some player counts: {', '.join(pieces)}")
    if smaller > 0:
        parts.append(f"{smaller} smaller difference{'s' if smaller > 1 else ''} in the table")
    if not called:
        other = " other" if parts else ""
        parts.append(f"no{other} figure told the two apart beyond chance")
    text = "; ".join(parts)
    sentence = (
        f"{text[0].upper()}{text[1:]} ({games} games a side at each of "
        f"{', '.join(map(str, players[:-1]))} and {players[-1]} players, seed {seed})."
    )
    return f"{sentence} {limits}" if limits else sentence


#: The differences a sentence names, the largest first (the table has them all).
MOST_NAMED = 3


def _size(row: Mapping[str, Any]) -> float:
    """How large a difference is: against the beta's figure, or as it is for shares (rates,
    the first player's wins above a fair share); pooled when the pooled one is called, else
    the largest at a player count."""
    raw = row["raw"]
    found = [raw]
    if not row["significant"]:
        found = [raw["by_players"][players] for players in row["significant_at"]]

    def size(part: Mapping[str, Any]) -> float:
        change = abs(float(part["difference"]["value"] or 0.0))
        if row["kind"] == "rate" or row["figure"] in SIGNED:  # shares: already on one scale
            return change
        return change / max(abs(float(part["beta"]["value"] or 0.0)), 0.1)

    return max(size(part) for part in found)


def _went(difference: Mapping[str, Any]) -> str:
    return "rose" if difference["value"] > 0 else "fell"


def _point(figure: Mapping[str, Any], kind: str) -> str:
    if kind == "rate":
        return f"{figure['value']:.0%}"
    return f"{figure['value']:.{_digits(figure)}f}"
