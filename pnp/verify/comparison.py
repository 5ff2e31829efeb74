"""Two sides of a rule compared: the figures of a set of games, with 95% intervals, a table
of both sides and their differences, a summary in plain words and one sentence, all written
from the figures.

Used by :mod:`pnp.verify.evidence`. A figure is a mean (Student t interval) or a rate
(Wilson, or one over games for a share of rounds or players); a difference is the older
draft's figure less the beta's (Welch or Newcombe), called only when its interval leaves
out zero: pooled over the player counts, or, when the pooled one does not, at two player
counts or more (one count alone, among so many figures, is too likely to be chance).

What a called difference may claim (:func:`verdict`): a direction only where every player
count agrees, each on its own or the pooled figure with no count against it; otherwise it
depends on the player count, and each count's figure is given. Only like quantities are
compared (a figure counted in other units on the two sides has no counterpart); a count
that a side's rule rules out by its own definition shows how often the rule applied, not a
finding; a share is shown with its base rate; a change with a cause in the model itself
says so. The sentence names how often the rule in question did something, then the
differences so called (the clearest three), and nothing else: no claim in it is written by
hand.
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
    ("winner_margin", "winner's margin over the runner-up", "mean"),
    ("leader_won", "leader after round one wins (ties: one leader at random)", "rate"),
)
#: Figures that can be below zero (the others' intervals are shown from zero up).
SIGNED: frozenset[str] = frozenset()
#: Figures of :func:`_figures` for each player count of one side, the same at every
#: count: the table of how the game plays at each (:func:`by_players`).
PER_COUNT: tuple[tuple[str, str, str], ...] = (
    ("rounds", "Rounds a game", "mean"),
    ("table_minutes", "Table minutes a game", "mean"),
    ("song_ended", "Rounds ended by the song", "rate"),
    ("sat_out", "Player-rounds sat out", "rate"),
    ("leader_won", "Leader after round one wins", "rate"),
)


def side(
    by_key: Mapping[str, list[Outcome]],
    key: str,
    measures: Measures,
    bases: Mapping[str, tuple[str, str]] | None = None,
) -> dict[str, Any]:
    """The figures of one side: pooled over the player counts, and at each; ``bases``
    gives a share of :data:`Measures` its base rate (a count of players a game)."""
    groups: dict[int, list[Outcome]] = {}
    for outcome in by_key.get(key, []):
        if outcome.status == "ok":
            groups.setdefault(len(outcome.returns), []).append(outcome)
    pooled = [outcome for players in sorted(groups) for outcome in groups[players]]
    return {
        "pooled": _figures(pooled, measures, bases or {}),
        "by_players": {str(n): _figures(groups[n], measures, bases or {}) for n in sorted(groups)},
    }


def _values(outcomes: Sequence[Outcome], measures: Measures) -> dict[str, list[float]]:
    """Each game's value of every figure, in seed order."""
    names = (
        "rounds",
        "table_minutes",
        "chain",
        "ko_spread",
        "winner_margin",
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
        for name in measures:
            values[f"count:{name}"].append(extra["counts"].get(name, 0))
    return values


def _figures(
    outcomes: Sequence[Outcome],
    measures: Measures,
    bases: Mapping[str, tuple[str, str]] | None = None,
) -> dict[str, Any]:
    values = _values(outcomes, measures)
    games = len(outcomes)
    figures: dict[str, Any] = {"games": games}
    for name, found in values.items():
        figures[name] = stats.mean(found)
    # what the winner's margin counts (points, BL): a margin is compared only in like units
    units = {_margin_unit(outcome.extra) for outcome in outcomes}
    figures["units"] = {"winner_margin": units.pop()} if len(units) == 1 else {}
    for name, (base, _) in (bases or {}).items():
        if name in measures:
            figures[f"base:{name}"] = stats.ratio(
                [outcome.extra["counts"].get(base, 0) for outcome in outcomes],
                [len(outcome.returns) for outcome in outcomes],
            )
    # a player out for the round (an empty hand and a failed last-resort draw) sits it out
    figures["sat_out"] = stats.ratio(
        [outcome.extra["counts"].get("out for the round", 0) for outcome in outcomes],
        [outcome.extra["rounds"] * len(outcome.returns) for outcome in outcomes],
    )
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
        figures["fair_share"] = round(1 / count, 4)
        figures["seat_test"] = stats.seat_test(seats)
        figures["balance"] = round(1 - (max(rates) - min(rates)), 4)
        figures["place_shares"] = [round(wins / games, 4) for wins in places]
        figures["place_test"] = stats.seat_test(places)
    figures["values"] = {name: [round(v, 4) for v in found] for name, found in values.items()}
    return figures


def _margin_unit(extra: Mapping[str, Any]) -> str | None:
    """What a game's winner's margin counts: ``points`` or ``BL`` (``None``: not said)."""
    if "margin_in_bl" not in extra:
        return None
    return "BL" if extra["margin_in_bl"] else "points"


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
    by_rule: Mapping[str, str] | None = None,
    bases: Mapping[str, tuple[str, str]] | None = None,
    causes: Mapping[str, str] | None = None,
    cannot_tell: Sequence[str] = (),
) -> dict[str, Any]:
    """Both sides of one decision side by side, their differences, the summary and the
    sentence. ``seats`` are the balance rows of :func:`seat_rows` (the sentence names any
    side whose places in the turn order did not win alike); ``by_rule`` the counts (of
    ``shown``) a side's rule rules out by definition, with that side (``beta`` or
    ``older_draft``); ``bases`` each share's base rate; ``causes`` words on a figure whose
    change has a cause in the model itself; ``cannot_tell`` what no figure here can tell
    (with ``limits``, the decision's own)."""
    by_rule = by_rule or {}
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
        if first is None and second is None:
            continue
        rows.append(_row(beta, draft, name, label, kind, by_rule, bases or {}))
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
        "summary": [
            *summary(spoken, first_count, causes or {}),
            *(f"{line[:1].upper()}{line[1:]}." for line in unbalanced),
        ],
        "cannot_tell": [*cannot_tell, *([limits] if limits else [])],
        "sentence": sentence(
            spoken, first_count, None, games, seed, players, unbalanced, causes or {}
        ),
        "limits": limits,
        "older_draft": draft,
    }


def _row(
    beta: Mapping[str, Any],
    draft: Mapping[str, Any],
    name: str,
    label: str,
    kind: str,
    by_rule: Mapping[str, str],
    bases: Mapping[str, tuple[str, str]],
) -> dict[str, Any]:
    """One figure of both sides: shown, raw, its difference pooled and at each player
    count, and its :func:`verdict`."""
    first, second = beta["pooled"].get(name), draft["pooled"].get(name)
    units = [found["pooled"].get("units", {}).get(name) for found in (beta, draft)]
    alike = first is not None and second is not None and units[0] == units[1]
    difference = _difference(beta["pooled"], draft["pooled"], name, kind) if alike else None
    by_players = {}
    for count, alone in beta["by_players"].items():
        other = draft["by_players"].get(count)
        if not alike or other is None or name not in alone or name not in other:
            continue
        by_players[count] = {
            "beta": strip(alone[name]),
            "older_draft": strip(other[name]),
            "difference": _difference(alone, other, name, kind),
        }
    count_name = name.removeprefix("count:")
    ruled = by_rule.get(count_name) if name.startswith("count:") else None
    row: dict[str, Any] = {
        "figure": name,
        "label": label,
        "kind": kind,
        "beta": _shown(first, kind, name, units[0]),
        "older_draft": _shown(second, kind, name, units[1]),
        "units": {"beta": units[0], "older_draft": units[1]},
        "difference": show_difference(difference, kind) if difference else "none",
        "significant": bool(difference and difference["significant"]),
        "significant_at": [
            count for count, found in by_players.items() if found["difference"]["significant"]
        ],
        "by_rule": ruled,
        "raw": {
            "beta": strip(first) if first else None,
            "older_draft": strip(second) if second else None,
            "difference": difference,
            "by_players": by_players,
        },
    }
    if not alike:
        row["difference"] = _no_counterpart(row)
    if ruled is not None:
        row["difference"] = f"ruled out by the {_SIDE[ruled]}'s rule"
    base = bases.get(count_name) if name.startswith("count:") else None
    if base is not None:
        found = [side["pooled"].get(f"base:{count_name}") for side in (beta, draft)]
        row["base"] = {
            "label": base[1],
            "beta": show(found[0], "rate", name) if found[0] else "none",
            "older_draft": show(found[1], "rate", name) if found[1] else "none",
            "raw": {"beta": found[0], "older_draft": found[1]},
        }
    row["verdict"] = verdict(row)
    return row


#: How the page names each side.
_SIDE = {"beta": "beta", "older_draft": "older draft"}


def _shown(figure: Mapping[str, Any] | None, kind: str, name: str, unit: str | None) -> str:
    if figure is None:
        return "none"
    text = show(figure, kind, name)
    return f"{text} {unit}" if unit and text != "none" else text


def _no_counterpart(row: Mapping[str, Any]) -> str:
    """Why a figure has no like figure on the other side to compare it with."""
    units = row["units"]
    if row["raw"]["beta"] is None or row["raw"]["older_draft"] is None:
        alone = "beta" if row["raw"]["older_draft"] is None else "older_draft"
        return f"no counterpart: only the {_SIDE[alone]} has it"
    return (
        f"no counterpart: {units['beta'] or 'no unit'} under the beta, "
        f"{units['older_draft'] or 'no unit'} under the older draft"
    )


def verdict(row: Mapping[str, Any]) -> str:
    """What a row of :func:`comparison` may claim: ``no counterpart`` (no like figure on
    the other side), ``by rule`` (a side's rule rules it out by definition), ``none`` (no
    difference called), ``agrees`` (a difference in one direction: significant at every
    player count alike, or pooled with no player count significant the other way) or
    ``depends`` (called, but the player counts do not agree: each count is given)."""
    raw = row["raw"]
    if raw["difference"] is None:
        return "no counterpart"
    if row.get("by_rule"):
        return "by rule"
    at = row["significant_at"]
    if not (row["significant"] or len(at) >= 2):
        return "none"
    signs = {_sign(raw["by_players"][count]["difference"]) for count in at}
    counts = raw["by_players"]
    if row["significant"]:
        if signs <= {_sign(raw["difference"])}:
            return "agrees"
        return "depends"
    if len(at) == len(counts) and len(signs) == 1:
        return "agrees"  # every count on its own, though the pooled figure is not
    return "depends"


def _sign(difference: Mapping[str, Any]) -> int:
    value = difference.get("value") or 0
    return (value > 0) - (value < 0)


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
    if kind == "rate" and figure.get("low") is None:
        return f"{stats.decimal(100 * figure['value'])}%"
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
    if difference.get("low") is None:
        return "no interval (too few games)"
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
    causes: Mapping[str, str] | None = None,
) -> str:
    """One sentence from the figures: how often the rule did something (and what its
    rule rules out), then every other difference the intervals support as its
    :func:`verdict` allows, the figures with no counterpart, then any side whose places in
    the turn order did not win alike."""
    causes = causes or {}
    parts = []
    by_name = {row["figure"]: row for row in rows}
    if first_count in by_name:
        row = by_name[first_count]
        beta = row["raw"]["beta"]
        against = "none under the beta" if not beta["value"] else f"{row['beta']} under the beta"
        parts.append(
            f"{row['label']}: {row['older_draft']} under the older draft, {against}"
            f"{_base_words(row)}"
        )
    for row in rows:
        if row["verdict"] == "by rule" and row["figure"] != first_count:
            side = row["by_rule"]
            other = "beta" if side == "older_draft" else "older_draft"
            parts.append(
                f"{row['label']}: {row[other]} under the {_SIDE[other]}, none under the "
                f"{_SIDE[side]}, whose rule rules them out (how often the rule applied, "
                "not a finding)"
            )
    called = [
        row
        for row in rows
        if row["verdict"] in ("agrees", "depends")
        and row["figure"] != first_count
        and not row["figure"].startswith("games:")
    ]
    called.sort(key=_clarity, reverse=True)
    more = len(called) - MOST_NAMED
    for row in called[:MOST_NAMED]:
        raw = row["raw"]
        cause = f", because {causes[row['figure']]}" if row["figure"] in causes else ""
        if row["verdict"] == "agrees":
            alone = row["significant_at"]
            if not row["significant"]:
                where = "; at each player count on its own, though not pooled"
            elif len(alone) == len(raw["by_players"]):
                where = "; also at each player count on its own"
            elif alone:
                where = (
                    f"; also at {' and '.join(alone)} players on their own, and no count "
                    "the other way"
                )
            else:
                where = "; only with the player counts pooled, and no count the other way"
            parts.append(
                f"{row['label']} {_went(raw['difference'])} from "
                f"{_point(raw['beta'], row['kind'])} to {_point(raw['older_draft'], row['kind'])}"
                f"{_base_words(row)} (difference {row['difference']}{where}){cause}"
            )
            continue
        pieces = []
        for count, found in raw["by_players"].items():
            if found["difference"]["significant"]:
                change = (
                    f"{_went(found['difference'])} from {_point(found['beta'], row['kind'])} "
                    f"to {_point(found['older_draft'], row['kind'])}"
                )
            else:
                change = (
                    f"{_point(found['beta'], row['kind'])} and "
                    f"{_point(found['older_draft'], row['kind'])}, within chance"
                )
            pieces.append(
                f"at {count} players {change} "
                f"(difference {show_difference(found['difference'], row['kind'])})"
            )
        parts.append(
            f"{row['label']}: the effect depends on the player count: {', '.join(pieces)}{cause}"
        )
    if more > 0:
        parts.append(f"{more} more difference{'s' if more > 1 else ''} in the table")
    if not called:
        other = " other" if parts else ""
        parts.append(f"no{other} figure told the two apart beyond chance")
    for row in rows:
        if row["verdict"] == "no counterpart" and not row["figure"].startswith("games:"):
            parts.append(
                f"{row['label']} has no like figure to compare "
                f"({row['difference'].removeprefix('no counterpart: ')})"
            )
    parts.extend(unbalanced)
    text = "; ".join(parts)
    sentence = (
        f"{text[0].upper()}{text[1:]} ({games} games a side at each of "
        f"{', '.join(map(str, players[:-1]))} and {players[-1]} players, seed {seed})."
    )
    return f"{sentence} {limits}" if limits else sentence


def _base_words(row: Mapping[str, Any]) -> str:
    """A share's base rate, for a sentence: ``(players who had lost a patron: 71% and
    85%)``, the beta's first."""
    base = row.get("base")
    if not base:
        return ""
    found = base["raw"]
    values = [
        f"{stats.decimal(100 * found[name]['value'])}%"
        if found[name] and found[name].get("value") is not None
        else "none"
        for name in ("beta", "older_draft")
    ]
    return (
        f" (against {base['label']}: {values[0]} under the beta, {values[1]} under the older draft)"
    )


def summary(
    rows: Sequence[Mapping[str, Any]],
    first_count: str | None,
    causes: Mapping[str, str] | None = None,
) -> list[str]:
    """The differences the evidence supports, in plain words, the largest first (by how
    far the older draft's figure lies from the beta's, as a share of the beta's), each a
    short line; none when none is supported. What only the older draft's rule makes
    happen (``first_count`` where the beta has none) is the rule at work, not a
    difference to weigh."""
    causes = causes or {}
    found = []
    for row in rows:
        if row["verdict"] not in ("agrees", "depends"):
            continue
        if row["figure"] == first_count and not (row["raw"]["beta"] or {}).get("value"):
            continue  # what only the older draft's rule makes happen: the rule at work
        if row["figure"].startswith("games:"):
            continue
        raw = row["raw"]
        label = f"{row['label'][:1].upper()}{row['label'][1:]}"
        cause = f" ({causes[row['figure']]})" if row["figure"] in causes else ""
        if row["verdict"] == "agrees":
            words = (
                f"{label}: {'higher' if raw['difference']['value'] > 0 else 'lower'} under the "
                f"older draft, {_point(raw['older_draft'], row['kind'])} against "
                f"{_point(raw['beta'], row['kind'])}{_base_words(row)}{cause}."
            )
            found.append((_size(raw), words))
            continue
        pieces = []
        for count, at in raw["by_players"].items():
            if at["difference"]["significant"]:
                way = "higher" if at["difference"]["value"] > 0 else "lower"
            else:
                way = "no clear change"
            pieces.append(
                f"{way} at {count} players ({_point(at['older_draft'], row['kind'])} against "
                f"{_point(at['beta'], row['kind'])})"
            )
        size = max(_size(at) for at in raw["by_players"].values())
        words = (
            f"{label}: depends on the player count under the older draft: "
            f"{', '.join(pieces)}{cause}."
        )
        found.append((size, words))
    found.sort(key=lambda pair: pair[0], reverse=True)
    return [words for _, words in found]


def _size(raw: Mapping[str, Any]) -> float:
    """How large a difference is for the summary's order: as a share of the beta's figure
    (a figure from none is the largest)."""
    beta = abs(float(raw["beta"]["value"] or 0.0))
    change = abs(float(raw["difference"]["value"] or 0.0))
    return math.inf if beta == 0 else change / beta


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
