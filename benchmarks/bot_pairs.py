"""Benchmark: each bot of a game against each other, at the rating ladder's mixed tables.

Plays every line-up of distinct bots at the game's rating table size (all orders, so every
bot sits in every seat; as :func:`pnp.verify.ratings.rate_bots` does, every check of
``pnp verify`` on) the same number of seeded games, then prints each bot's share of wins
and, for every pair of bots, the share of the games they both played in which the first
finished ahead of the second (ties count half), each with its Wilson 95% interval. The
ladder (``bot_ladders.py``) gives only neighbouring rungs; this gives every pair. Run by
hand: ``.venv/bin/python benchmarks/bot_pairs.py --game ID [--games N]``.
"""

from __future__ import annotations

import argparse
import time
from itertools import combinations, permutations
from pathlib import Path

from bots.core.verify import Table
from pnp.catalog import load_catalog
from pnp.registry import load_game
from pnp.verify import stats
from pnp.verify.plan import play_tables
from pnp.verify.ratings import rating_players

CARDS = Path(__file__).resolve().parents[1] / "cards"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, help="the game's id, e.g. joes-bar")
    parser.add_argument("--games", type=int, default=2400, help="games in all (about)")
    args = parser.parse_args()
    game = load_game(load_catalog(CARDS).game(args.game))
    names = [spec.name for spec in game.bots]
    players = rating_players(game)
    lineups = list(permutations(names, players))
    each = max(1, args.games // len(lineups))
    tables = [Table("ladder", players, (("players", players),), "named", t) for t in lineups]
    started = time.perf_counter()
    found = play_tables({game.id: game.verify_adapter}, {game.id: tables}, 0, 1, each)
    wins = dict.fromkeys(names, 0.0)
    seats = dict.fromkeys(names, 0)
    ahead: dict[tuple[str, str], float] = {}
    met: dict[tuple[str, str], int] = {}
    played = 0
    for table in tables:
        for outcome in found[(game.id, table.key)]:
            if outcome.status != "ok":
                continue
            played += 1
            returns = outcome.returns
            for seat, name in enumerate(table.bots):
                wins[name] += returns[seat]
                seats[name] += 1
                for other_seat, other in enumerate(table.bots):
                    if other_seat != seat:
                        mine, theirs = returns[seat], returns[other_seat]
                        score = 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
                        ahead[(name, other)] = ahead.get((name, other), 0.0) + score
                        met[(name, other)] = met.get((name, other), 0) + 1
    took = time.perf_counter() - started
    print(
        f"{game.title}: {played} games at {players} players, {len(lineups)} line-ups, "
        f"{took:.0f} s on one process"
    )
    for name in names:
        print(f"  {name:10} wins {stats.percent(stats.proportion(wins[name], seats[name]), 1)}")
    for first, second in combinations(names, 2):
        pair = (
            (second, first)
            if ahead.get((second, first), 0) > ahead.get((first, second), 0)
            else (first, second)
        )
        share = stats.percent(stats.proportion(ahead.get(pair, 0.0), met.get(pair, 0)), 1)
        print(f"  {pair[0]} ahead of {pair[1]}: {share}")


if __name__ == "__main__":
    main()
