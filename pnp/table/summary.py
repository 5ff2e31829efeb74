"""The summary of a playtests folder (:mod:`pnp.table.playtests`), per game, variant and
number of players (a *table*, as the bots' report has them):

* games, the human seats played and how many of them answered;
* the human seats' share of wins against each bots' level (a shared win counts its share:
  half for two winners), with its Wilson 95% interval and ``n`` (the human seats), and the
  fair share (one in the number of players) to compare it with; games of people only have
  no bots to measure against and are counted apart;
* how long the games were: the median of their moves and of their minutes;
* fun: the mean rating with its Student t 95% interval (kept within 1 to 5) and ``n``, and
  how many gave each of 1 to 5; how the length felt, counted;
* the notes, each with its game's date, rating and length felt.

:func:`summarise` gives it as JSON values (what ``pnp playtests --json`` prints and the
site's designer's notes show); :func:`text` as the lines ``pnp playtests`` prints.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from pnp.names import visible
from pnp.table.playtests import FUN, LENGTHS, Playtest
from pnp.verify import stats

#: The bots' levels in the order the summary shows them.
LEVELS = ("random", "easy", "medium", "hard")


#: The version of the summary's JSON (``pnp playtests --json``, the kit's ``playtests.json``).
SUMMARY_FORMAT = 1


def summarise(
    playtests: Iterable[Playtest], digests: Mapping[str, str] | None = None
) -> list[dict[str, Any]]:
    """One summary a table (game, variant and number of players), by game, then players,
    then variant, each game in the order it ended. With ``digests`` (each game's card-data
    digest now), each summary counts the games played on other card data
    (``other_card_data``; ``None`` without)."""
    tables: dict[tuple[str, int, tuple[str, ...]], list[Playtest]] = {}
    for playtest in sorted(playtests, key=lambda found: (found.ended, found.path.name)):
        key = (playtest.game, playtest.players, tuple(sorted(playtest.variant)))
        tables.setdefault(key, []).append(playtest)
    return [_table(games, digests) for _, games in sorted(tables.items(), key=lambda item: item[0])]


def _table(games: Sequence[Playtest], digests: Mapping[str, str] | None) -> dict[str, Any]:
    latest = games[-1]  # the latest game names the game (a title may have changed)
    players = latest.players
    levels: dict[str, list[float]] = {}
    for game in games:
        share = 1 / len(game.winners) if game.winners else 0.0
        wins = [share if seat in game.winners else 0.0 for seat in game.humans]
        if game.bot is not None:
            levels.setdefault(game.bot, []).extend(wins)
    answers = [answer for game in games for answer in game.answers.values()]
    ratings = [answer.fun for answer in answers]
    order = [*LEVELS, *sorted(set(levels) - set(LEVELS))]
    return {
        "game": latest.game,
        "title": latest.title,
        "variant": sorted(latest.variant),
        "players": players,
        "name": f"{latest.title}, {setting(latest)}",
        "setting": setting(latest),
        "games": len(games),
        "other_card_data": None
        if digests is None
        else sum(1 for game in games if game.card_data != digests.get(game.game)),
        "first": min(game.date for game in games),
        "last": max(game.date for game in games),
        "human_seats": sum(len(game.humans) for game in games),
        "answered": len(answers),
        "people_only": sum(1 for game in games if game.bot is None),
        "fair_share": 1 / players,
        "wins": [
            {"bot": level, "rate": stats.proportion(sum(levels[level]), len(levels[level]))}
            for level in order
            if level in levels
        ],
        "moves": statistics.median(game.moves for game in games),
        "minutes": statistics.median(game.minutes for game in games),
        "fun": _within_ratings(stats.mean([float(rating) for rating in ratings])),
        "fun_counts": {str(value): ratings.count(value) for value in FUN},
        "length_felt": {felt: sum(1 for a in answers if a.length == felt) for felt in LENGTHS},
        "notes": [
            {"date": game.date, "fun": answer.fun, "length": answer.length, "note": answer.note}
            for game in games
            for _, answer in sorted(game.answers.items())
            if answer.note
        ],
    }


def _within_ratings(figure: dict[str, Any]) -> dict[str, Any]:
    """A mean rating with its interval kept within the ratings (1 to 5): the t interval of a
    few answers can reach past them, where no mean can be."""
    if figure["low"] is not None:
        figure["low"] = max(float(FUN[0]), figure["low"])
        figure["high"] = min(float(FUN[-1]), figure["high"])
    return figure


def setting(playtest: Playtest) -> str:
    """The variant and players of a game, as the bots' report names its tables:
    ``shorter-game, 2 players`` (``standard, 2 players`` without a variant)."""
    variant = ", ".join(sorted(playtest.variant)) or "standard"
    return f"{variant}, {playtest.players} players"


def text(tables: Sequence[dict[str, Any]]) -> list[str]:
    """The lines ``pnp playtests`` prints for the summaries ``tables``."""
    lines: list[str] = []
    for table in tables:
        games = table["games"]
        span = (
            table["first"]
            if table["first"] == table["last"]
            else (f"{table['first']} to {table['last']}")
        )
        lines.append(f"{visible(table['name'])}: {games} game{_s(games)} ({span})")
        lines.append(
            f"  Human seats: {table['human_seats']}, of which {table['answered']} answered"
        )
        fair = stats.decimal(100 * table["fair_share"])
        for row in table["wins"]:
            lines.append(
                f"  Human wins against {visible(row['bot'])} bots: "
                f"{stats.percent(row['rate'])}; fair share {fair}%"
            )
        if table["people_only"]:
            count = table["people_only"]
            lines.append(f"  Games of people only: {count} (no bots to measure against)")
        lines.append(
            f"  Length: median {stats.decimal(table['moves'])} moves (the bots' too), "
            f"{stats.decimal(table['minutes'], 1)} minutes"
        )
        if table["answered"]:
            counts = ", ".join(f"{value}: {n}" for value, n in table["fun_counts"].items())
            lines.append(f"  Fun (1 to 5): {stats.number(table['fun'])}; {counts}")
            felt = ", ".join(f"{name} {n}" for name, n in table["length_felt"].items())
            lines.append(f"  Length felt: {felt}")
        else:
            lines.append("  Fun: nobody answered yet")
        for note in table["notes"]:
            said = visible(" ".join(note["note"].split()))
            lines.append(f"  - {note['date']} (fun {note['fun']}, {note['length']}): {said}")
        lines.append("")
    return lines[:-1] if lines else lines


def _s(count: int) -> str:
    return "" if count == 1 else "s"
