"""Benchmark: every game's bot-rating ladder, and the level ``pnp play`` seats by default.

For each game with bots, rates every bot (random play, levels, personalities)
from about ``--games`` mixed-table games between them (``pnp.verify.ratings``:
Plackett-Luce ratings with 95% intervals, and for each pair of neighbouring
rungs the stronger bot's share of finishing ahead, with its Wilson interval),
then prints the bot ``pnp play`` should seat by default by the rule of
:func:`pnp.verify.ratings.default_bot` and the one the game's plug-in seats. Run by
hand: ``.venv/bin/python benchmarks/bot_ladders.py [--games N] [--game ID]``.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from pnp.catalog import load_catalog
from pnp.registry import load_game, with_engine
from pnp.verify import stats
from pnp.verify.ratings import default_bot, rate_bots

CARDS = Path(__file__).resolve().parents[1] / "cards"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=600, help="games per ladder")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--jobs", type=int, default=2, help="processes")
    args = parser.parse_args()
    catalog = load_catalog(CARDS)
    for game_id in with_engine(catalog):
        if args.game and game_id not in args.game:
            continue
        game = load_game(catalog.game(game_id))
        if len(game.bots) < 2:
            continue
        started = time.perf_counter()
        result = rate_bots(game, args.games, 0, args.jobs)
        took = time.perf_counter() - started
        print(
            f"{game.title}: {result['games']} games at {result['players']} players, "
            f"{result['lineups']} line-ups, {took:.0f} s"
        )
        for rung in result["ladder"]:
            print(
                f"  {rung['bot']:10} mu {rung['mu']:5.1f} ({rung['low']:5.1f} to "
                f"{rung['high']:5.1f})  wins {stats.percent(rung['wins'])}"
            )
        for pair in result["neighbours"]:
            verdict = "real" if pair["real"] else "not shown"
            print(
                f"  {pair['stronger']} ahead of {pair['weaker']}: "
                f"{stats.percent(pair['ahead'])} ({verdict})"
            )
        print(f"  default by the ladder: {default_bot(result)}; plug-in: {game.default_bot}")


if __name__ == "__main__":
    main()
