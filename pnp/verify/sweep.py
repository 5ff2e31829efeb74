"""``pnp sweep``: one game played over a grid of parameters (decisions, variants, values).

Each cell of the grid (every combination of the values given, at every player
count asked for) plays ``games`` seeded games with the game's heuristic bots and
every check of ``pnp verify``; per cell the report gives the length of a game
and the seats' balance with their intervals, and the game's own figures as means
with intervals. Joe's Bar's seven decisions make 128 cells at each player count;
at three player counts and 1,000 games a cell that is 384,000 games, which is
what ``--cluster`` is for. The same seed gives the same report on any backend.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from bots.core import ParamValue, stats
from bots.core.verify import Outcome, Table
from pnp.files import write_atomic
from pnp.registry import LoadedGame
from pnp.verify.compare import numeric_figures
from pnp.verify.plan import play_tables
from pnp.verify.report import rounded

#: The version of the sweep's JSON layout.
SWEEP_FORMAT = 1


def grid(vary: Mapping[str, Sequence[ParamValue]]) -> list[dict[str, ParamValue]]:
    """Every combination of the values of ``vary``, in a fixed order."""
    names = list(vary)
    return [dict(zip(names, values, strict=True)) for values in itertools.product(*vary.values())]


def cell_tables(
    game: LoadedGame, vary: Mapping[str, Sequence[ParamValue]], players: Sequence[int]
) -> list[Table]:
    """One table (heuristic bots everywhere) per cell of the grid and player count."""
    spec = game.engine.param_spec
    tables = []
    for cell in grid(vary):
        spec.parse({**cell, "players": players[0]})  # refuse an unknown name or value now
        label = ", ".join(f"{name}={value}" for name, value in cell.items()) or "as printed"
        for count in players:
            tables.append(Table(label, count, tuple({"players": count, **cell}.items())))
    return tables


def sweep(
    game: LoadedGame,
    vary: Mapping[str, Sequence[ParamValue]],
    players: Sequence[int],
    games: int,
    seed: int,
    workers: int,
    cluster: str | None = None,
    on_progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Play every cell and sum it up (see the module docstring)."""
    adapter = game.verify_adapter
    tables = cell_tables(game, vary, players)
    found = play_tables(
        {game.id: adapter},
        {game.id: tables},
        seed,
        workers,
        games,
        cluster=cluster,
        on_progress=on_progress,
    )
    cells = [_cell(table, found[(game.id, table.key)], adapter.round_name) for table in tables]
    # Many cells, many seat tests: judged together, so that chance alone flags none.
    for cell, test in zip(
        cells, stats.adjust_seat_tests([cell["seat_test"] for cell in cells]), strict=True
    ):
        cell["seat_test"] = test
    result: dict[str, Any] = rounded(
        {
            "format": SWEEP_FORMAT,
            "game": game.id,
            "title": game.title,
            "seed": seed,
            "games_per_cell": games,
            "vary": {name: list(values) for name, values in vary.items()},
            "players": list(players),
            "cells": cells,
        }
    )
    return result


def _cell(table: Table, outcomes: Sequence[Outcome], round_name: str) -> dict[str, Any]:
    done = [outcome for outcome in outcomes if outcome.status == "ok"]
    wins = [sum(o.returns[seat] for o in done) for seat in range(table.players)]
    figures = {name: stats.mean(values) for name, values in sorted(numeric_figures(done).items())}
    return {
        "cell": table.variant,
        "players": table.players,
        "params": dict(table.params),
        "games": len(outcomes),
        "failed": len(outcomes) - len(done),
        "rounds": stats.mean([float(o.rounds) for o in done]),
        "round_name": round_name,
        "turns": stats.mean([float(o.turns) for o in done]),
        "seat_wins": [stats.proportion(won, len(done)) for won in wins],
        "seat_test": stats.seat_test(wins),
        "figures": figures,
    }


def markdown(result: Mapping[str, Any]) -> str:
    """The sweep for people: one line per cell."""
    lines = [
        f"# {result['title']}: a sweep of {len(result['cells'])} cells",
        "",
        f"{result['games_per_cell']} seeded games a cell (seed {result['seed']}), heuristic bots "
        "at every seat. Means and rates with their 95% intervals.",
        "",
        "| cell | players | games | rounds a game | turns a game | seats |",
        "|---|---|---|---|---|---|",
    ]
    for cell in result["cells"]:
        test = cell["seat_test"]
        seats = (
            "no difference detected"
            if not test["significant"]
            else f"seats differ (p = {test['p']:.3f}, {test['p_adjusted']:.3f} adjusted for "
            f"{test['tables']} cells)"
        )
        lines.append(
            f"| {cell['cell']} | {cell['players']} | {cell['games']} | "
            f"{stats.number(cell['rounds'])} | {stats.number(cell['turns'])} | {seats} |"
        )
    return "\n".join(lines).rstrip() + "\n"


def write(result: Mapping[str, Any], out: Path) -> tuple[Path, Path]:
    """Write ``sweep.json`` and ``sweep.md`` into ``out`` (atomically)."""
    files = (out / "sweep.json", out / "sweep.md")
    write_atomic(files[0], json.dumps(result, indent=1, sort_keys=True, ensure_ascii=False) + "\n")
    write_atomic(files[1], markdown(result))
    return files
