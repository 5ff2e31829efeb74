"""Tuning figures for The Music Game Thingy's Tours: do Tours run the economy?

For each Tour design it plays ``--games`` seeded games (two years, the default
length) at every table asked for: ``shrewd`` (every label a shrewd bot) and
``mixed`` (the seats cycle easy, cautious, shrewd, starting at a level chosen by
the seed), at 3, 4 and 5 labels. For each table it prints, with 95% intervals and
sample sizes:

* each income source's share of gross revenue: Tours (takings before fees),
  Venues and records (Singles, EPs, Albums and Double albums together, and each
  kind on its own), with the gross revenue per label and year;
* how often the label that earned most from Tours (takings less fees), from
  records and from Venues wins, against the fair share, and the paired
  difference of the Tour leader's rate from the other two (the same games); a
  game where no label earned anything from a source has no leader for it and is
  left out of that source's figure;
* how much the bots use Tours: Tours booked per label and year, and the share
  of games with at least one booking, by Tour.

The designs (the same seeds for each):

* ``first``: the first Tours (``benchmarks/data/music-game-thingy-tours-first-design.yaml``)
  under the first rules (any number of Tours per label, no rest between bookings);
* ``second``: the second design, which the engine keeps as the variant
  ``second-design-tours`` (the engine parameter ``tour_design``);
* ``kit``: the Tour cards as printed (``cards/music-game-thingy/tour.yaml``);
* ``--tours FILE``: a candidate ``tour.yaml`` (checked by the catalog like the
  real one), under the rules of the kit.

The bots are given the Tour values the game is played with. Run by hand, one
process (about 20 ms a game of four shrewd labels)::

    .venv/bin/python benchmarks/music_game_thingy_tours.py \\
        --games 1000 --design second --design kit --json /tmp/tours.json
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from bots.core import play_game
from bots.core.stats import Figure, mean, proportion, ratio
from bots.games.music_game_thingy import MusicGameThingy, Rules
from bots.games.music_game_thingy.bots import HeuristicPlayer, Level
from pnp.catalog import load_catalog
from pnp.catalog.errors import CatalogError

ROOT = Path(__file__).resolve().parents[1]
CARDS = ROOT / "cards"
GAME = "music-game-thingy"
FIRST_DESIGN = ROOT / "benchmarks" / "data" / "music-game-thingy-tours-first-design.yaml"
#: The first rules: any number of Tours per label, straight back out.
FIRST_RULES = {"tours_per_label": 0, "tour_rest": 0}
#: The designs by name: the Tour file (``None``: the kit's) and the engine parameters.
DESIGNS: dict[str, tuple[Path | None, dict[str, Any]]] = {
    "first": (FIRST_DESIGN, FIRST_RULES),
    "second": (None, {"tour_design": "second-design"}),
    "kit": (None, {}),
}
#: The levels a mixed table cycles through.
MIXED: tuple[Level, ...] = ("easy", "cautious", "shrewd")
TABLES = ("shrewd", "mixed")
RECORDS = ("single", "ep", "album", "double-album")
#: The income sources compared, and the ledger kinds of each (Tours: takings only).
SOURCES: dict[str, tuple[str, ...]] = {
    "tours": ("tours",),
    "venues": ("venue",),
    "records": RECORDS,
}


def levels(table: str, players: int, seed: int) -> list[Level]:
    """The bot level of each seat at ``table`` in the game of ``seed``.

    >>> levels("mixed", 4, 1)
    ['cautious', 'shrewd', 'easy', 'cautious']
    >>> levels("shrewd", 3, 7)
    ['shrewd', 'shrewd', 'shrewd']
    """
    if table == "shrewd":
        return ["shrewd"] * players
    if table == "mixed":
        return [MIXED[(seed + seat) % len(MIXED)] for seat in range(players)]
    raise ValueError(f"no table {table!r}: the tables are {', '.join(TABLES)}")


def income(book: Mapping[str, int]) -> dict[str, int]:
    """One label's gross revenue by source, and its Tour takings less fees (``tours net``).

    >>> income({"tours": 50_000, "tour fees": -30_000, "venue": 9_000, "album": 4_000,
    ...         "single": 1_000, "tax": -5_000})
    ... # doctest: +NORMALIZE_WHITESPACE
    {'tours': 50000, 'venues': 9000, 'records': 5000, 'tours net': 20000,
     'single': 1000, 'ep': 0, 'album': 4000, 'double-album': 0}
    """
    found = {name: sum(book.get(kind, 0) for kind in kinds) for name, kinds in SOURCES.items()}
    found["tours net"] = found["tours"] + book.get("tour fees", 0)
    found.update({kind: book.get(kind, 0) for kind in RECORDS})
    return found


def leader_won(earned: Sequence[float], won: Sequence[float]) -> float | None:
    """The share of the win that went to the label that earned most (tied leaders: their
    average, as if one of them were picked at random); ``None`` when nobody earned.

    >>> leader_won([10, 30, 5], [0, 1, 0])
    1.0
    >>> leader_won([30, 30, 5], [0, 1, 0])
    0.5
    >>> leader_won([0, 0, 0], [1, 0, 0]) is None
    True
    """
    top = max(earned)
    if top <= 0:
        return None
    leaders = [seat for seat, amount in enumerate(earned) if amount == top]
    return sum(won[seat] for seat in leaders) / len(leaders)


def rules_with(tours: Path | None) -> Rules:
    """The game's card data, with ``tours`` as its Tour deck when given (a bad file
    stops the run with the catalog's sentences)."""
    if tours is None:
        return MusicGameThingy.data_from(load_catalog(CARDS).game(GAME))
    with tempfile.TemporaryDirectory() as folder:
        shutil.copytree(CARDS / GAME, Path(folder) / GAME)
        shutil.copyfile(tours, Path(folder) / GAME / "tour.yaml")
        try:
            return MusicGameThingy.data_from(load_catalog(Path(folder)).game(GAME))
        except CatalogError as error:
            raise SystemExit(f"{tours}: not a Tour deck the catalog accepts:\n{error}") from None


def game_record(state: MusicGameThingy) -> dict[str, Any]:
    """What one finished game adds to the figures (JSON-able)."""
    books = [income(book) for book in state.ledger]
    booked: dict[str, int] = {}
    for _month, tour, _label in state.bookings:
        booked[tour] = booked.get(tour, 0) + 1
    return {
        "won": list(state.returns()),
        "income": books,
        "booked": booked,
        "label_years": state.players * state.years,
    }


def play(
    rules: Rules, params: Mapping[str, Any], table: str, players: int, games: int
) -> list[dict[str, Any]]:
    """``games`` seeded games at one table, each as :func:`game_record` tells it."""
    found = []
    for seed in range(games):
        state = MusicGameThingy.new(rules, seed, {"players": players, **params})
        bots = [
            HeuristicPlayer(state.rules, level, seed * 8 + seat)
            for seat, level in enumerate(levels(table, players, seed))
        ]
        found.append(game_record(play_game(state, bots)))
    return found


def figures(records: Sequence[Mapping[str, Any]], players: int) -> dict[str, Any]:
    """The table's figures (see the module docstring) from its games' records."""
    gross = [sum(book[s] for book in game["income"] for s in SOURCES) for game in records]
    shares = {
        source: ratio([sum(book[source] for book in game["income"]) for game in records], gross)
        for source in (*SOURCES, *RECORDS)
    }
    per_label_year = [
        total / game["label_years"] for total, game in zip(gross, records, strict=True)
    ]
    leader: dict[str, Figure] = {}
    won_by: dict[str, list[float | None]] = {}
    for source, key in (("tours", "tours net"), ("records", "records"), ("venues", "venues")):
        won_by[source] = [
            leader_won([book[key] for book in game["income"]], game["won"]) for game in records
        ]
        known = [value for value in won_by[source] if value is not None]
        leader[source] = proportion(sum(known), len(known))
    differences = {}
    for other in ("records", "venues"):
        paired = [
            tour - theirs
            for tour, theirs in zip(won_by["tours"], won_by[other], strict=True)
            if tour is not None and theirs is not None
        ]
        differences[other] = mean(paired)
    tours: set[str] = {tour for game in records for tour in game["booked"]}
    label_years = sum(game["label_years"] for game in records)
    booked = {
        tour: {
            "per_label_year": sum(game["booked"].get(tour, 0) for game in records) / label_years,
            "games": proportion(sum(1 for g in records if g["booked"].get(tour)), len(records)),
        }
        for tour in sorted(tours)
    }
    return {
        "games": len(records),
        "players": players,
        "fair": 1 / players,
        "gross_per_label_year": mean(per_label_year),
        "shares": shares,
        "leader_won": leader,
        "tour_leader_minus": differences,
        "tours_per_label_year": mean(
            [sum(game["booked"].values()) / game["label_years"] for game in records]
        ),
        "games_with_a_tour": proportion(sum(1 for game in records if game["booked"]), len(records)),
        "booked": booked,
    }


def rate(figure: Mapping[str, Any]) -> str:
    """A rate with its interval: ``53% (51-54%)``.

    >>> rate({"value": 0.527, "low": 0.51, "high": 0.544})
    '53% (51-54%)'
    """
    if figure["value"] is None:
        return "-"
    if figure["low"] is None:
        return f"{figure['value']:.0%}"
    return f"{figure['value']:.0%} ({figure['low'] * 100:.0f}-{figure['high']:.0%})"


def signed(figure: Mapping[str, Any]) -> str:
    """A paired difference of rates in points with its interval: ``+12 (+8 to +16)``."""
    if figure["value"] is None or figure["low"] is None:
        return "-"
    return (
        f"{figure['value'] * 100:+.0f} ({figure['low'] * 100:+.0f} to "
        f"{figure['high'] * 100:+.0f}, n={figure['n']:,})"
    )


def report(design: str, table: str, found: Mapping[str, Any]) -> list[str]:
    """The lines printed for one design at one table."""
    players, shares, leader = found["players"], found["shares"], found["leader_won"]
    lines = [
        f"{design}, {table} table, {players} labels ({found['games']:,} games; "
        f"fair share {found['fair']:.0%}):",
        f"  gross revenue per label and year: {found['gross_per_label_year']['value']:,.0f}",
        "  share of gross: "
        + "; ".join(f"{source} {rate(shares[source])}" for source in SOURCES)
        + " (of which "
        + ", ".join(f"{kind} {rate(shares[kind])}" for kind in RECORDS)
        + ")",
        "  the leader wins: "
        + "; ".join(
            f"{source} {rate(leader[source])} (n={leader[source]['n']:,})"
            for source in ("tours", "records", "venues")
        ),
        "  Tour leader's rate less the records leader's: "
        f"{signed(found['tour_leader_minus']['records'])}; "
        f"less the Venue leader's: {signed(found['tour_leader_minus']['venues'])}",
        f"  Tours booked per label and year: {found['tours_per_label_year']['value']:.2f}; "
        f"games with a Tour booked: {rate(found['games_with_a_tour'])}",
        "  by Tour (per label and year; games): "
        + "; ".join(
            f"{tour} {entry['per_label_year']:.2f}, {rate(entry['games'])}"
            for tour, entry in found["booked"].items()
        ),
    ]
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=300, help="games per design and table")
    parser.add_argument(
        "--design", action="append", choices=sorted(DESIGNS), help="a design (repeatable)"
    )
    parser.add_argument("--tours", type=Path, action="append", help="a candidate tour.yaml")
    parser.add_argument("--table", action="append", choices=TABLES, help="a table (repeatable)")
    parser.add_argument(
        "--players", type=int, action="append", choices=(3, 4, 5), help="labels (repeatable)"
    )
    parser.add_argument("--json", type=Path, help="write every figure to this JSON file")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    chosen: list[tuple[str, Path | None, Mapping[str, Any]]] = [
        (name, *DESIGNS[name]) for name in (args.design or ([] if args.tours else ["kit"]))
    ]
    for path in args.tours or []:
        if not path.is_file():
            parser.error(f"--tours {path}: no such file")
        chosen.append((str(path), path, {}))
    results: dict[str, Any] = {}
    for name, tours, params in chosen:
        rules = rules_with(tours)
        for table in args.table or TABLES:
            for players in args.players or (3, 4, 5):
                found = figures(play(rules, params, table, players, args.games), players)
                results[f"{name} / {table} / {players}"] = found
                print("\n".join(report(name, table, found)), flush=True)
    if args.json is not None:
        args.json.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
