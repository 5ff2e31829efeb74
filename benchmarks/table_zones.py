"""Benchmark: what the table's cards cost, game by game.

For each game, plays a seeded table (one person at seat 0, the default bots, the person
choosing as the default bot would) and times, at every one of the person's moves, the
seat's whole view with its zones (``Table.view``), the front's zones alone
(``GameFront.zones``) and the spectator's view (whose zones are made from every seat's):
medians and 95th percentiles in milliseconds, with the number of views timed. Then draws
one card face of each game with a new image cache (a server's first request for it) and a
second face of the same deck, in milliseconds; with ``--game`` in a process of its own,
the first face is a new server's first picture (the fonts and layouts loaded too). Run by
hand: ``.venv/bin/python benchmarks/table_zones.py [--game ID] [--seed N]``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from bots.core import seat_rngs
from pnp.catalog import load_catalog
from pnp.registry import load_game, with_engine
from pnp.table.cards import CardImages
from pnp.table.tables import Table

CARDS = Path(__file__).resolve().parents[1] / "cards"


def _ms(samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"median {statistics.median(ordered) * 1000:6.2f} ms, p95 {p95 * 1000:6.2f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    catalog = load_catalog(CARDS)
    for game_id in with_engine(catalog):
        if args.game and game_id not in args.game:
            continue
        game = load_game(catalog.game(game_id))
        table = Table.create(game, humans=[0], seed=args.seed)
        token = table.tokens[0]
        chooser = game.bot(game.default_bot)
        rng = seat_rngs(args.seed, table.state.num_players)[0]
        views: list[float] = []
        zones: list[float] = []
        spectators: list[float] = []
        front = table.seats[0].front
        while not table.state.is_terminal and len(views) < 400:
            started = time.perf_counter()
            table.view(token)
            views.append(time.perf_counter() - started)
            state = table.state
            view, legal = state.view(0), state.legal_actions()
            started = time.perf_counter()
            front.zones(view, legal)
            zones.append(time.perf_counter() - started)
            started = time.perf_counter()
            table.view(None)
            spectators.append(time.perf_counter() - started)
            table.act(token, str(chooser.choose(view, legal, rng)))
        print(f"{game.title} ({table.state.num_players} players, {len(views)} views timed)")
        print(f"  seat's view with zones: {_ms(views)}")
        print(f"  zones alone:            {_ms(zones)}")
        print(f"  spectator's view:       {_ms(spectators)}")
        images = CardImages()
        deck = catalog.game(game_id).decks[0]
        sides = [side.name for side in deck.sides()][:2]
        for number, face in enumerate(sides):
            started = time.perf_counter()
            images.png(catalog.game(game_id), deck.id, face)
            took = (time.perf_counter() - started) * 1000
            which = "first face cold" if number == 0 else "another face   "
            print(f"  card image, {which}: {took:7.1f} ms ({deck.id}/{face})")


if __name__ == "__main__":
    main()
