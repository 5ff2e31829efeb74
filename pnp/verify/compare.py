"""``pnp compare``: two versions of a game played on the same seeds, figure by figure.

A designer tunes a deck by comparing: the card data before and after a change
(two ``--cards`` folders), or one data folder against a variant or a Joe's Bar
decision flipped (``--variant NAME``: that variant's engine parameters are added
to every table of side B). Both sides play the same tables (those of side A's
``pnp verify`` adapter) with the same seeds, so the difference between them is
the change and not the luck of the deal. For every table, every figure is given
side by side with the difference B - A and its 95% interval (Newcombe's for
rates, Welch's for means); a difference is marked only when its interval leaves
out zero. The cards whose play rate per game moved most (significant or not,
with their intervals) close the report.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from bots.core import GameConfigError, stats
from bots.core.verify import Outcome, Table, VerifyAdapter
from pnp.files import write_atomic
from pnp.registry import LoadedGame
from pnp.verify.plan import play_tables
from pnp.verify.report import rounded

#: The version of the comparison's JSON layout.
COMPARE_FORMAT = 1
#: Cards listed as having moved most.
MOVED = 8


@dataclass(frozen=True)
class Side:
    """One side of a comparison: a loaded game and what to add to every table's params."""

    label: str
    game: LoadedGame
    params: Mapping[str, Any]

    def tables(self, base: Sequence[Table]) -> list[Table]:
        """``base``'s tables with this side's parameters added."""
        if not self.params:
            return list(base)
        return [replace(t, params=tuple({**dict(t.params), **self.params}.items())) for t in base]


def compare(
    first: Side,
    second: Side,
    games: int,
    seed: int,
    workers: int,
    cluster: str | None = None,
    on_progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Play both sides on the same seeds and compare them (see the module docstring)."""
    base, refused = _playable_by_both(first, second)
    results = []
    for side in (first, second):
        adapter = side.game.verify_adapter
        tables = side.tables(base)
        found = play_tables(
            {side.game.id: adapter},
            {side.game.id: tables},
            seed,
            workers,
            games,
            cluster=cluster,
            on_progress=on_progress,
        )
        # Seeds follow the base table's key, so both sides deal the same games.
        results.append([found[(side.game.id, table.key)] for table in tables])
    rows = [
        _table(first.game.verify_adapter, second.game.verify_adapter, table, a, b)
        for table, a, b in zip(base, results[0], results[1], strict=True)
    ]
    moved = _moved_cards(first.game, results[0], results[1])
    result: dict[str, Any] = rounded(
        {
            "format": COMPARE_FORMAT,
            "game": first.game.id,
            "title": first.game.title,
            "seed": seed,
            "games_per_table": games,
            "a": first.label,
            "b": second.label,
            "tables": rows,
            "not_compared": refused,
            "moved_cards": moved,
        }
    )
    return result


def _playable_by_both(first: Side, second: Side) -> tuple[list[Table], list[dict[str, str]]]:
    """Side A's tables that both sides' engines accept, and a sentence for each other."""
    playable, refused = [], []
    for table in first.game.verify_adapter.tables():
        (mine,) = first.tables([table])
        (theirs,) = second.tables([table])
        try:
            first.game.new(0, dict(mine.params))
            second.game.new(0, dict(theirs.params))
        except GameConfigError as error:
            refused.append({"table": table.name, "why": str(error)})
            continue
        playable.append(table)
    return playable, refused


def _figures(
    adapter: VerifyAdapter[Any], table: Table, outcomes: Sequence[Outcome]
) -> dict[str, Any]:
    """Per-game values of every figure compared: rates (0/1 or shares) and means."""
    done = [outcome for outcome in outcomes if outcome.status == "ok"]
    values: dict[str, tuple[str, list[float]]] = {
        "completed": ("rate", [1.0 if o.status == "ok" else 0.0 for o in outcomes]),
        "turns a game": ("mean", [float(o.turns) for o in done]),
        f"{adapter.round_name.lower()} a game": ("mean", [float(o.rounds) for o in done]),
    }
    if table.seating == "heuristic":
        for seat in range(table.players):
            values[f"seat {seat + 1} wins"] = ("rate", [o.returns[seat] for o in done])
        values["first player wins"] = ("rate", [o.returns[o.first_player] for o in done])
    else:
        values["heuristic bot wins"] = ("rate", [o.returns[o.heuristic_seats[0]] for o in done])
    for name, value in numeric_figures(done).items():
        values[name] = ("mean", value)
    return values


def numeric_figures(done: Sequence[Outcome]) -> dict[str, list[float]]:
    """The game's own figures that are plain numbers in every game (``extra``), flattened."""
    found: dict[str, list[float]] = {}
    keys: list[str] | None = None
    flat = [_flatten(outcome.extra) for outcome in done]
    for figures in flat:
        names = sorted(figures)
        keys = names if keys is None else [key for key in keys if key in figures]
    for key in keys or []:
        found[key] = [figures[key] for figures in flat]
    return found


def _flatten(extra: Mapping[str, Any], prefix: str = "") -> dict[str, float]:
    found: dict[str, float] = {}
    for key, value in extra.items():
        name = f"{prefix}{key}"
        if isinstance(value, bool | int | float):
            found[name] = float(value)
        elif isinstance(value, Mapping):
            found.update(_flatten(value, f"{name} / "))
    return found


def _table(
    adapter_a: VerifyAdapter[Any],
    adapter_b: VerifyAdapter[Any],
    table: Table,
    a: Sequence[Outcome],
    b: Sequence[Outcome],
) -> dict[str, Any]:
    first, second = _figures(adapter_a, table, a), _figures(adapter_b, table, b)
    figures = []
    for name, (kind, values_a) in first.items():
        if name not in second:
            continue
        values_b = second[name][1]
        if kind == "rate":
            left = stats.proportion(sum(values_a), len(values_a))
            right = stats.proportion(sum(values_b), len(values_b))
            difference = stats.difference_of_rates(left, right)
        else:
            left, right = stats.mean(values_a), stats.mean(values_b)
            difference = stats.difference_of_means(values_a, values_b)
        figures.append(
            {"figure": name, "kind": kind, "a": left, "b": right, "difference": difference}
        )
    return {"key": table.key, "name": table.name, "games": len(a), "figures": figures}


def _moved_cards(
    game: LoadedGame, a: Sequence[Sequence[Outcome]], b: Sequence[Sequence[Outcome]]
) -> list[dict[str, Any]]:
    """The printed cards whose share of the plays (per game, at the tables of heuristic
    bots) moved most between the sides."""
    names = {card.id: card.label() for _, card in game.game.cards()}
    cards = sorted(names)
    per_game_a = [_shares(o.played) for table in a for o in table if _counts(o)]
    per_game_b = [_shares(o.played) for table in b for o in table if _counts(o)]
    moved: list[dict[str, Any]] = []
    for card in cards:
        values_a = [played.get(card, 0.0) for played in per_game_a]
        values_b = [played.get(card, 0.0) for played in per_game_b]
        difference = stats.difference_of_means(values_a, values_b)
        if difference["value"] is None:
            continue
        moved.append(
            {
                "card": card,
                "name": names[card],
                "a": stats.mean(values_a),
                "b": stats.mean(values_b),
                "difference": difference,
            }
        )
    moved.sort(key=lambda row: (-abs(row["difference"]["value"]), row["card"]))
    return moved[:MOVED]


def _counts(outcome: Outcome) -> bool:
    return outcome.status == "ok" and outcome.heuristic_seats == tuple(range(len(outcome.returns)))


def _shares(played: Mapping[str, int]) -> dict[str, float]:
    total = sum(played.values())
    return {card: count / total for card, count in played.items()} if total else {}


def markdown(comparison: Mapping[str, Any]) -> str:
    """The comparison for people: per table, every figure of both sides, the difference and
    its interval, with a mark on the differences the statistics support."""
    lines = [
        f"# {comparison['title']}: A against B",
        "",
        f"A: {comparison['a']}. B: {comparison['b']}. The same {comparison['games_per_table']} "
        f"seeded games per table on both sides (seed {comparison['seed']}). Each difference "
        "is B - A with its 95% interval; **bold** marks a difference whose interval leaves out "
        "zero (a real difference at this number of games); the others may be chance.",
        "",
    ]
    for table in comparison["tables"]:
        lines += [f"## {table['name']}", "", "| figure | A | B | B - A |", "|---|---|---|---|"]
        for row in table["figures"]:
            show = stats.percent if row["kind"] == "rate" else stats.number
            lines.append(
                f"| {row['figure']} | {show(row['a'])} | {show(row['b'])} | "
                f"{_difference(row['difference'], row['kind'])} |"
            )
        lines.append("")
    for skipped in comparison["not_compared"]:
        lines += [f"Not compared: {skipped['table']}: {skipped['why']}.", ""]
    lines += [
        "## Cards whose play moved most",
        "",
        "Each card's share of all cards played in a game, at the tables of heuristic bots.",
        "",
        "| card | share of plays, A | B | B - A |",
        "|---|---|---|---|",
    ]
    for row in comparison["moved_cards"]:
        lines.append(
            f"| {row['name']} | {stats.percent(row['a'], 1)} | {stats.percent(row['b'], 1)} | "
            f"{_difference(row['difference'], 'rate')} |"
        )
    return "\n".join(lines).rstrip() + "\n"


def _difference(difference: Mapping[str, Any], kind: str) -> str:
    if difference["value"] is None:
        return "-"
    scale, unit, digits = (100, " points", 1) if kind == "rate" else (1, "", 2)
    value, low, high = (
        stats.decimal(scale * difference[key], digits, signed=True)
        for key in ("value", "low", "high")
    )
    text = f"{value}{unit} ({low} to {high})"
    return f"**{text}**" if difference["significant"] else text


def write(comparison: Mapping[str, Any], out: Path) -> tuple[Path, Path]:
    """Write ``comparison.json`` and ``comparison.md`` into ``out`` (atomically)."""
    files = (out / "comparison.json", out / "comparison.md")
    write_atomic(
        files[0], json.dumps(comparison, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    )
    write_atomic(files[1], markdown(comparison))
    return files
