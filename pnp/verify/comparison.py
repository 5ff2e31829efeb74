"""Two sides of a rule compared: the figures of a set of games, with 95% intervals, a table
of both sides and their differences, and one sentence written from the figures.

Used by :mod:`pnp.verify.evidence`. A figure is a mean (Student t interval) or a rate
(Wilson); a difference is the older draft's figure less the beta's (Welch or Newcombe),
called only when its interval leaves out zero: pooled over the player counts, or, when the
pooled one does not, at two player counts or more (effects in opposite directions can
cancel out when pooled; one count alone, among so many figures, is too likely to be
chance). The sentence names how often the rule in question did something, then the
differences so called (the clearest three, those called pooled first), and nothing
else: no claim in it is written by hand.
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
    ("leader_won", "leader after round one wins (ties: one leader at random)", "rate"),
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
    figures["song_ended"] = stats.ratio(
        [outcome.extra["rounds_by_song"] for outcome in outcomes],
        [outcome.extra["rounds"] for outcome in outcomes],
    )
    figures["leader_won"] = stats.proportion(
        sum(outcome.extra["leader_won"] for outcome in outcomes), games
    )
    players = {len(outcome.returns) for outcome in outcomes}
    if len(players) == 1:
        count = players.pop()
        seats = [0.0] * count
        places = [0.0] * count  # by place in the turn order, the first player first
        for outcome in outcomes:
            for seat, share in enumerate(outcome.returns):
                seats[seat] += share
                places[(seat - outcome.first_player) % count] += share
        rates = [wins / games for wins in seats]
        figures["seat_test"] = stats.seat_test(seats)
        figures["balance"] = round(1 - (max(rates) - min(rates)), 4)
        figures["place_shares"] = [round(wins / games, 4) for wins in places]
        figures["place_test"] = stats.seat_test(places)
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
    seats: Sequence[Mapping[str, Any]] = (),
) -> dict[str, Any]:
    """Both sides of one decision side by side, their differences and the sentence;
    ``seats`` are the balance rows of :func:`seat_rows` (the sentence names any side whose
    places in the turn order did not win alike)."""
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
    if shown and sentence_counts and measures[shown[0]][1] != "share":
        # how many games it happened in at all (a share of the games already says so)
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
    unbalanced = [
        _unbalanced(row, name)
        for row in seats
        for name in ("beta", "older_draft")
        if row[name]["significant"]
    ]
    return {
        "id": decision_id,
        "title": title,
        "rows": rows,
        "seats": list(seats),
        "sentence": sentence(spoken, first_count, limits, games, seed, players, unbalanced),
        "limits": limits,
        "older_draft": draft,
    }


def seat_balance(sides: Sequence[Mapping[str, Any]]) -> list[list[dict[str, Any]]]:
    """Whether every place in the turn order wins alike (the first player, the second
    and so on, whichever seats they sit in), on each side at each player count: the
    chi-square test of every (side, player count) judged together (Benjamini-Hochberg
    over all of them, :func:`~bots.core.stats.adjust_seat_tests`, so that among so many
    tests one is not called by chance), with each place's share of the wins. One list of
    rows per side, a row per player count: ``players``, ``shares``, ``p``,
    ``p_adjusted``, ``tests`` (how many were judged together) and ``significant``."""
    cells = [
        (index, count, figures)
        for index, found in enumerate(sides)
        for count, figures in found["by_players"].items()
        if "place_test" in figures
    ]
    adjusted = stats.adjust_seat_tests([figures["place_test"] for _, _, figures in cells])
    balance: list[list[dict[str, Any]]] = [[] for _ in sides]
    for (index, count, figures), test in zip(cells, adjusted, strict=True):
        balance[index].append(
            {
                "players": count,
                "shares": figures["place_shares"],
                "p": test.get("p"),
                "p_adjusted": test.get("p_adjusted"),
                "tests": test.get("tables", 0),
                "significant": bool(test["significant"]),
            }
        )
    return balance


def seat_rows(
    beta: Sequence[Mapping[str, Any]], draft: Sequence[Mapping[str, Any]]
) -> list[dict[str, Any]]:
    """Both sides' :func:`seat_balance` rows paired by player count, for :func:`comparison`
    and the page (``shown``: each side's shares and p-value as the page prints them)."""
    by_count = {row["players"]: row for row in draft}
    paired = []
    for row in beta:
        other = by_count.get(row["players"])
        if other is not None:
            paired.append(
                {
                    "players": row["players"],
                    "beta": row,
                    "older_draft": other,
                    "shown": {"beta": _shares(row), "older_draft": _shares(other)},
                }
            )
    return paired


def _shares(row: Mapping[str, Any]) -> str:
    """``27, 25, 24, 24% (p 0.81)``: each place's share of the wins, the first player
    first, and the adjusted p-value of the test that they win alike."""
    shares = ", ".join(stats.decimal(100 * share) for share in row["shares"])
    p = row["p_adjusted"] if row["p_adjusted"] is not None else row["p"]
    return f"{shares}% (p {stats.decimal(p, 2)})" if p is not None else f"{shares}%"


def _unbalanced(row: Mapping[str, Any], name: str) -> str:
    """A sentence's words for a side whose places in the turn order did not win alike at
    a player count."""
    found = row[name]
    shares = found["shares"]
    best = max(range(len(shares)), key=lambda seat: shares[seat])
    worst = min(range(len(shares)), key=lambda seat: shares[seat])
    side_name = "the beta" if name == "beta" else "the older draft"
    return (
        f"under {side_name} at {row['players']} players the places in the turn order did "
        f"not win alike (player {best + 1} won {shares[best]:.0%}, player {worst + 1} "
        f"{shares[worst]:.0%}; "
        f"chi-square p = {found['p_adjusted']:.3f} adjusted over {found['tests']} tests)"
    )


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
        value, low, high = (stats.decimal(100 * figure[key]) for key in ("value", "low", "high"))
        return f"{value}% ({low}% to {high}%)"
    digits = _digits(figure)
    if figure.get("low") is None:
        return stats.decimal(figure["value"], digits)
    low = figure["low"] if name in SIGNED else max(0.0, figure["low"])
    return (
        f"{stats.decimal(figure['value'], digits)} ({stats.decimal(low, digits)} to "
        f"{stats.decimal(figure['high'], digits)})"
    )


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
    value_text, low_text, high_text = (
        stats.decimal(figure, digits, signed=True) for figure in (value, low, high)
    )
    return f"{value_text}{unit} ({low_text} to {high_text})"


def sentence(
    rows: Sequence[Mapping[str, Any]],
    first_count: str | None,
    limits: str | None,
    games: int,
    seed: int,
    players: Sequence[int] = (3, 4, 5),
    unbalanced: Sequence[str] = (),
) -> str:
    """One sentence from the figures: how often the rule did something, then every other
    difference the intervals support, then any side whose places in the turn order did
    not win alike."""
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
    called.sort(key=_clarity, reverse=True)
    more = len(called) - MOST_NAMED
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
    if more > 0:
        parts.append(f"{more} more difference{'s' if more > 1 else ''} in the table")
    if not called:
        other = " other" if parts else ""
        parts.append(f"no{other} figure told the two apart beyond chance")
    parts.extend(unbalanced)
    text = "; ".join(parts)
    sentence = (
        f"{text[0].upper()}{text[1:]} ({games} games a side at each of "
        f"{', '.join(map(str, players[:-1]))} and {players[-1]} players, seed {seed})."
    )
    return f"{sentence} {limits}" if limits else sentence


#: The differences a sentence names, the clearest first (the table has them all).
MOST_NAMED = 3


def _clarity(row: Mapping[str, Any]) -> tuple[bool, float]:
    """How clearly a difference stands out, for the order a sentence names them in: one
    called with the player counts pooled before one called only at some counts, then by
    how many standard errors it lies from zero (the distance from its value to the end of
    its interval nearer zero, as a multiple of 1.96). That puts means and rates, whatever
    their units, on one scale; at player counts alone, the clearest count counts."""
    raw = row["raw"]
    found = [raw]
    if not row["significant"]:
        found = [raw["by_players"][players] for players in row["significant_at"]]

    def errors(part: Mapping[str, Any]) -> float:
        difference = part["difference"]
        value = float(difference["value"] or 0.0)
        near = difference["low"] if value > 0 else difference["high"]
        spread = abs(value - float(near if near is not None else value))
        return math.inf if spread == 0 else 1.96 * abs(value) / spread

    return bool(row["significant"]), max(errors(part) for part in found)


def _went(difference: Mapping[str, Any]) -> str:
    return "rose" if difference["value"] > 0 else "fell"


def _point(figure: Mapping[str, Any], kind: str) -> str:
    if kind == "rate":
        return f"{stats.decimal(100 * figure['value'])}%"
    return stats.decimal(figure["value"], _digits(figure))
