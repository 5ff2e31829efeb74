"""The charts of the playtest report: SVG drawn with matplotlib (figures without pyplot,
so no global state and no window), one question per chart, in a light and a dark
version so that the site shows the one that matches its theme.

Per game: how long games last at each table (the mean number of rounds with its
95% interval), whether the seats win equally (each seat's share of wins with its
interval, against a fair share), how often each printed card was played (by its
name), and, when the bots were rated, the rating ladder. The SVGs carry no date,
version or random id, so the same report draws the same bytes.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

from matplotlib import rc_context
from matplotlib.figure import Figure

#: Ink and grid colours of each theme (the site's light and dark palettes).
THEMES = {
    "light": {"ink": "#2b2b2b", "grid": "#dedede", "muted": "#777777"},
    "dark": {"ink": "#e6e6e6", "grid": "#3d3d3d", "muted": "#9a9a9a"},
}
_COLOURS = ["#d84315", "#f9a825", "#00897b", "#3949ab", "#8e24aa", "#6d4c41", "#546e7a", "#c0ca33"]
_UNPLAYED = "#c62828"


def charts(game: Mapping[str, Any]) -> dict[str, bytes]:
    """File name -> SVG bytes of every chart of one game of the report, each in both themes
    (``<game>-<chart>-light.svg``, ``-dark.svg``)."""
    name = game["id"]
    drawings = {"length": _length, "seats": _seats, "cards": _cards}
    if game.get("ratings", {}).get("ladder"):
        drawings["ratings"] = _ratings
    found = {}
    for chart, draw in drawings.items():
        for theme, colours in THEMES.items():
            found[f"{name}-{chart}-{theme}.svg"] = _svg(draw(game, colours))
    return found


def _interval(figure: Mapping[str, Any]) -> tuple[float, float, float]:
    """A figure's value and how far its interval reaches below and above it."""
    value = figure.get("value") or 0.0
    low = figure.get("low")
    high = figure.get("high")
    below = value - low if low is not None else 0.0
    above = high - value if high is not None else 0.0
    return value, below, above


def _length(game: Mapping[str, Any], colours: Mapping[str, str]) -> Figure:
    tables = [table for table in game["tables"] if table["seating"] == "heuristic"]
    figure = Figure(figsize=(7, 0.38 * len(tables) + 1.3))
    axes = figure.subplots()
    for row, table in enumerate(tables):
        value, below, above = _interval(table["length"]["rounds"]["mean"])
        axes.errorbar(
            value,
            row,
            xerr=[[below], [above]],
            fmt="o",
            color=_COLOURS[0],
            ecolor=colours["ink"],
            elinewidth=1,
            capsize=3,
        )
    axes.set_yticks(range(len(tables)), [table["name"] for table in tables], fontsize=8)
    axes.invert_yaxis()
    rounds = game.get("round_name", "rounds").lower()
    axes.set_xlabel(f"{rounds} a game: mean and its 95% interval")
    axes.set_title(f"How long does a game of {game['title']} last?", loc="left")
    return _tidy(figure, axes, colours, grid="x")


def _seats(game: Mapping[str, Any], colours: Mapping[str, str]) -> Figure:
    tables = [table for table in game["tables"] if table["seating"] == "heuristic"]
    figure = Figure(figsize=(7, 0.5 * len(tables) + 1.4))
    axes = figure.subplots()
    most = max((len(table["seat_wins"]) for table in tables), default=0)
    for row, table in enumerate(tables):
        rates = table["seat_wins"]
        step = 0.8 / len(rates)
        for seat, rate in enumerate(rates):
            value, below, above = _interval(rate)
            label = f"seat {seat + 1}" if row == 0 or seat >= most else None
            axes.errorbar(
                value,
                row - 0.4 + step * (seat + 0.5),
                xerr=[[below], [above]],
                fmt="o",
                markersize=4,
                color=_COLOURS[seat % len(_COLOURS)],
                elinewidth=1,
                capsize=2,
                label=label,
            )
        fair = 1 / len(rates)
        axes.plot([fair, fair], [row - 0.45, row + 0.45], color=colours["muted"], linewidth=1)
    axes.set_yticks(range(len(tables)), [table["name"] for table in tables], fontsize=8)
    axes.invert_yaxis()
    axes.set_xlabel("share of games won, with 95% intervals (the grey tick is a fair share)")
    axes.set_title(f"Do the seats of {game['title']} win equally?", loc="left")
    handles, labels = axes.get_legend_handles_labels()
    unique = dict(zip(labels, handles, strict=True))
    legend = axes.legend(
        unique.values(), unique.keys(), fontsize=7, frameon=False, loc="lower right"
    )
    for text in legend.get_texts():
        text.set_color(colours["ink"])
    return _tidy(figure, axes, colours, grid="x")


def _cards(game: Mapping[str, Any], colours: Mapping[str, str]) -> Figure:
    plays: Mapping[str, int] = game["card_plays"]
    names: Mapping[str, str] = game.get("card_names", {})
    ordered = sorted(plays, key=lambda card: (plays[card], names.get(card, card)))
    figure = Figure(figsize=(7, max(2.5, 0.16 * len(ordered) + 1)))
    axes = figure.subplots()
    counts = [plays[card] for card in ordered]
    bar_colours = [_UNPLAYED if count == 0 else _COLOURS[2] for count in counts]
    axes.barh(range(len(ordered)), counts, color=bar_colours, height=0.75)
    axes.set_yticks(
        range(len(ordered)),
        [names.get(card, card) for card in ordered],
        fontsize=6 if len(ordered) > 40 else 7,
    )
    axes.set_xlabel("times played over every game of the report (red: never)")
    axes.set_title(f"Which cards of {game['title']} see play?", loc="left")
    return _tidy(figure, axes, colours, grid="x")


def _ratings(game: Mapping[str, Any], colours: Mapping[str, str]) -> Figure:
    ladder = game["ratings"]["ladder"]
    figure = Figure(figsize=(7, 0.45 * len(ladder) + 1.3))
    axes = figure.subplots()
    for row, rung in enumerate(ladder):
        spread = [[rung["mu"] - rung["low"]], [rung["high"] - rung["mu"]]]
        axes.errorbar(
            rung["mu"],
            row,
            xerr=spread,
            fmt="o",
            color=_COLOURS[3],
            ecolor=colours["ink"],
            elinewidth=1,
            capsize=3,
        )
    axes.set_yticks(range(len(ladder)), [rung["bot"] for rung in ladder], fontsize=8)
    axes.invert_yaxis()
    axes.set_xlabel("rating (Plackett-Luce), with its 95% interval")
    axes.set_title(f"How strong are the bots of {game['title']}?", loc="left")
    return _tidy(figure, axes, colours, grid="x")


def _tidy(figure: Figure, axes: Any, colours: Mapping[str, str], grid: str) -> Figure:
    axes.spines[["top", "right"]].set_visible(False)
    for spine in ("left", "bottom"):
        axes.spines[spine].set_color(colours["muted"])
    axes.tick_params(colors=colours["ink"], labelcolor=colours["ink"])
    axes.xaxis.label.set_color(colours["ink"])
    axes.title.set_color(colours["ink"])
    axes.grid(axis=grid, color=colours["grid"], linewidth=0.6)
    axes.set_axisbelow(True)
    figure.patch.set_alpha(0)
    axes.patch.set_alpha(0)
    figure.tight_layout()
    return figure


#: SVG settings: ids made from a fixed salt (the same drawing, the same bytes), and text
#: kept as text (selectable, searchable, small).
_SVG_SETTINGS: dict[Any, Any] = {"svg.hashsalt": "pnp", "svg.fonttype": "none"}


def _svg(figure: Figure) -> bytes:
    buffer = io.BytesIO()
    with rc_context(_SVG_SETTINGS):
        figure.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None})
    return buffer.getvalue()
