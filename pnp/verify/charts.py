"""The charts of the playtest report, drawn with matplotlib (figures without pyplot,
so no global state and no window).

Per game: how long games last (rounds per game, one line per table with
heuristic bots), each seat's win rate at each table, and how often each printed
card was played over the whole run. The PNGs carry no date or version, so the
same report draws the same bytes.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

from matplotlib.figure import Figure

#: Pixels per inch of the charts.
DPI = 110
_INK, _GRID = "#333333", "#dddddd"
_COLOURS = ["#d84315", "#f9a825", "#00897b", "#3949ab", "#8e24aa", "#6d4c41", "#546e7a", "#c0ca33"]


def charts(game: Mapping[str, Any]) -> dict[str, bytes]:
    """File name -> PNG bytes of the three charts of one game of the report."""
    name = game["id"]
    return {
        f"{name}-length.png": _png(_length(game)),
        f"{name}-seats.png": _png(_seats(game)),
        f"{name}-cards.png": _png(_cards(game)),
    }


def _length(game: Mapping[str, Any]) -> Figure:
    figure = Figure(figsize=(7, 3.6))
    axes = figure.subplots()
    tables = [table for table in game["tables"] if table["seating"] == "heuristic"]
    longest = max((max(t["rounds_per_game"], default=0) for t in tables), default=0)
    bins = range(0, longest + 2)
    for number, table in enumerate(tables):
        axes.hist(
            table["rounds_per_game"],
            bins=bins,
            histtype="step",
            linewidth=1.6,
            color=_COLOURS[number % len(_COLOURS)],
            label=table["name"],
        )
    axes.set_xlabel("rounds per game (hands or bouts)")
    axes.set_ylabel("games")
    axes.set_title(f"{game['title']}: how long games last", loc="left", color=_INK)
    axes.legend(fontsize=7, frameon=False, ncols=2)
    return _tidy(figure, axes)


def _seats(game: Mapping[str, Any]) -> Figure:
    tables = [table for table in game["tables"] if table["seating"] == "heuristic"]
    figure = Figure(figsize=(7, 0.45 * len(tables) + 1.4))
    axes = figure.subplots()
    for row, table in enumerate(tables):
        rates = table["seat_win_rates"]
        height = 0.8 / len(rates)
        for seat, rate in enumerate(rates):
            axes.barh(
                row - 0.4 + height * (seat + 0.5),
                rate,
                height=height * 0.9,
                color=_COLOURS[seat % len(_COLOURS)],
                label=f"seat {seat + 1}"
                if row == 0 or seat >= len(tables[0]["seat_win_rates"])
                else None,
            )
        axes.plot([1 / len(rates)] * 2, [row - 0.45, row + 0.45], color=_INK, linewidth=1)
    axes.set_yticks(range(len(tables)), [table["name"] for table in tables], fontsize=7)
    axes.invert_yaxis()
    axes.set_xlabel("share of games won (the black tick is a fair share)")
    axes.set_title(f"{game['title']}: wins by seat", loc="left", color=_INK)
    handles, labels = axes.get_legend_handles_labels()
    unique = dict(zip(labels, handles, strict=True))
    axes.legend(unique.values(), unique.keys(), fontsize=7, frameon=False, loc="lower right")
    return _tidy(figure, axes)


def _cards(game: Mapping[str, Any]) -> Figure:
    plays: Mapping[str, int] = game["card_plays"]
    figure = Figure(figsize=(max(7.0, 0.12 * len(plays) + 1), 3.6))
    axes = figure.subplots()
    names = list(plays)
    counts = [plays[name] for name in names]
    colours = ["#c62828" if count == 0 else "#00897b" for count in counts]
    axes.bar(range(len(names)), counts, color=colours, width=0.8)
    axes.set_xticks(range(len(names)), names, rotation=90, fontsize=5)
    axes.set_ylabel("times played")
    axes.set_title(
        f"{game['title']}: how often each printed card was played", loc="left", color=_INK
    )
    return _tidy(figure, axes)


def _tidy(figure: Figure, axes: Any) -> Figure:
    axes.spines[["top", "right"]].set_visible(False)
    axes.grid(axis="x" if axes.get_yticks().size and axes.get_xlabel().startswith("share") else "y",
              color=_GRID, linewidth=0.6)  # fmt: skip
    axes.set_axisbelow(True)
    figure.tight_layout()
    return figure


def _png(figure: Figure) -> bytes:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=DPI, metadata={"Software": None})
    return buffer.getvalue()
