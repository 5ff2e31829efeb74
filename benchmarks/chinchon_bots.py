"""Benchmark: the Chinchón heuristic bot against random play, and how fast
four heuristic players get through hands on one core.

Prints the heuristic-vs-random win rate over N seeded 2-player games (the
heuristic takes seat 0 in even games and seat 1 in odd ones), then hands per
second for 4-player heuristic games (a hand is counted each time the state's
``last_hand`` changes), run ``--repeat`` times: the best run is the figure (the
others only lost time to the rest of the machine), the median is shown too.
``hand_turn_limit`` ends a hand nobody closes. It says whether the compiled
Chinchón modules ran (``make compiled``; ``PNP_PURE_PYTHON=1`` runs the source).
Run by hand: ``.venv/bin/python benchmarks/chinchon_bots.py [--games N]``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from project import game

from bots import compiled
from bots.core import Player, RandomPlayer, play_game, seat_rngs
from bots.games.chinchon import Chinchon, HeuristicPlayer

PACK = game("chinchon").data


def win_rate(games: int, turn_limit: int, first_seed: int) -> float:
    """The heuristic's share of wins (a shared win counts its share) in 2-player games."""
    won = 0.0
    for seed in range(first_seed, first_seed + games):
        seat = seed % 2
        players: list[Player[Any, Any]] = [RandomPlayer(), RandomPlayer()]
        players[seat] = HeuristicPlayer(PACK, seed)
        state = Chinchon.new(PACK, seed, {"players": 2, "hand_turn_limit": turn_limit})
        won += play_game(state, players).returns()[seat]
    return won / games


def hands_per_second(games: int, turn_limit: int, first_seed: int) -> tuple[int, float]:
    """Hands played and hands per second in ``games`` 4-player heuristic games."""
    hands = 0
    started = time.perf_counter()
    for seed in range(first_seed, first_seed + games):
        state = Chinchon.new(PACK, seed, {"players": 4, "hand_turn_limit": turn_limit})
        players = [HeuristicPlayer(PACK) for _ in range(4)]
        rngs = seat_rngs(seed, 4)
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            before = state.last_hand
            legal = state.legal_actions()
            state.apply(players[seat].choose(state.view(seat), legal, rngs[seat]))
            hands += state.last_hand is not before
    return hands, hands / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200, help="2-player games against random")
    parser.add_argument("--speed-games", type=int, default=50, help="4-player heuristic games")
    parser.add_argument("--turn-limit", type=int, default=60, help="hand_turn_limit")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument("--repeat", type=int, default=5, help="speed runs (the best counts)")
    args = parser.parse_args()
    code = "compiled modules" if compiled.compiled_in_use() else "Python source"
    print(f"Chinchón engine, points table and bot: {code}")
    started = time.perf_counter()
    rate = win_rate(args.games, args.turn_limit, args.seed)
    took = time.perf_counter() - started
    print(
        f"heuristic vs random, {args.games} 2-player games (seats alternating, "
        f"hand_turn_limit={args.turn_limit}): win rate {rate:.1%} ({took:.1f} s)"
    )
    runs = [
        hands_per_second(args.speed_games, args.turn_limit, args.seed) for _ in range(args.repeat)
    ]
    hands = runs[0][0]
    speeds = sorted(speed for _, speed in runs)
    print(
        f"4 heuristic players, {args.speed_games} games, {hands} hands: "
        f"{speeds[-1]:.0f} hands per second on one core "
        f"(best of {args.repeat}; median {statistics.median(speeds):.0f})"
    )


if __name__ == "__main__":
    main()
