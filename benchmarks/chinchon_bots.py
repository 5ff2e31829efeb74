"""Benchmark: the Chinchón bots: strength, habits and speed.

Modes (run by hand; each prints figures with their sample sizes and Wilson 95%
intervals, and asserts nothing):

* default: the medium bot against random play over N seeded 2-player games
  (seats alternating), then hands per second of four medium players on one
  core (best of ``--repeat`` runs; the median too). It says whether the
  compiled Chinchón modules ran (``make compiled``; ``PNP_PURE_PYTHON=1`` runs
  the source).
* ``--levels``: the order of strength. For each pair of neighbouring levels
  (random-easy, easy-medium, medium-hard) 3-player games of one bot of the
  stronger level against two of the weaker (``--reverse``: one weaker against
  two stronger too), the lone bot's seat rotating with the seed. A fair share is
  one game in three; the order is real when the lone bot's interval leaves it out.
* ``--takes``: for each level, the share of its takes from the discard pile whose
  card it discards again later in the same hand, and the closes that took the
  closer over the limit (3-player games of one bot of the level against two medium
  bots, seats rotating).
* ``--speed``: decisions per second of the hard bot (``--budget`` play-outs per
  decision) in 3-player games against two medium bots, on one core.

``--processes`` plays the games of ``--levels`` and ``--takes`` in that many
processes (the figures are the same whatever the number). ``hand_turn_limit``
(``--turn-limit``) ends a hand nobody closes. Run it as
``.venv/bin/python benchmarks/chinchon_bots.py [--levels] [--games N]``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from project import game

from bots import compiled
from bots.core import Player, RandomPlayer, play_game, seat_rngs
from bots.games.chinchon import (
    Chinchon,
    Discard,
    HeuristicPlayer,
    MonteCarloPlayer,
    TakeDiscard,
)
from pnp.verify.stats import Figure, proportion

LOADED = game("chinchon")
PACK = LOADED.data
#: The levels, weakest first, as the registry lists them.
LEVELS = [spec.name for spec in LOADED.bots]


def _bot(level: str, seed: int, budget: int | None = None) -> Player[Any, Any]:
    if level == "hard" and budget is not None:
        return MonteCarloPlayer(PACK, seed, budget=budget)
    return LOADED.bot(level, seed)


def _interval(rate: Figure) -> str:
    return f"{rate['value']:.1%} [{rate['low']:.1%}, {rate['high']:.1%}] of {rate['n']}"


# --- the order of strength -------------------------------------------------------------


def lone_game(job: tuple[str, str, int, int, int | None]) -> float:
    """One 3-player game of one ``lone`` bot against two ``pair`` bots; the lone bot's share
    of the win (its seat is ``seed % 3``)."""
    lone, pair, seed, turn_limit, budget = job
    seat = seed % 3
    players = [_bot(pair, seed * 16 + place, budget) for place in range(3)]
    players[seat] = _bot(lone, seed * 16 + seat, budget)
    state = Chinchon.new(PACK, seed, {"players": 3, "hand_turn_limit": turn_limit})
    return play_game(state, players).returns()[seat]


def _map(function: Any, jobs: Sequence[Any], processes: int) -> list[Any]:
    if processes <= 1:
        return [function(job) for job in jobs]
    with ProcessPoolExecutor(processes) as pool:
        return list(pool.map(function, jobs, chunksize=4))


def levels(args: argparse.Namespace) -> None:
    pairs = list(zip(LEVELS[1:], LEVELS, strict=False))
    print(
        f"Chinchón levels, 3-player games (hand_turn_limit={args.turn_limit}, seeds from "
        f"{args.seed}; a fair share is 33.3%):"
    )
    for strong, weak in pairs:
        tables = [(strong, weak)] + ([(weak, strong)] if args.reverse else [])
        for lone, pair in tables:
            games = args.hard_games if "hard" in (lone, pair) else args.games
            jobs = [
                (lone, pair, seed, args.turn_limit, args.budget)
                for seed in range(args.seed, args.seed + games)
            ]
            started = time.perf_counter()
            won = sum(_map(lone_game, jobs, args.processes))
            rate = proportion(won, games)
            verdict = (
                "above a fair share"
                if rate["low"] > 1 / 3
                else "below a fair share"
                if rate["high"] < 1 / 3
                else "not told apart from a fair share"
            )
            print(
                f"  one {lone} against two {pair}: {lone} wins {_interval(rate)} games, "
                f"{verdict} ({time.perf_counter() - started:.0f} s)"
            )


# --- habits: takes kept, closes over the limit -----------------------------------------


def habits_game(job: tuple[str, int, int, int | None]) -> tuple[int, int, int, int]:
    """Takes, takes discarded again in the same hand, closes, and closes that put the
    closer over the limit, of one ``level`` bot against two medium bots."""
    level, seed, turn_limit, budget = job
    seat = seed % 3
    players = [_bot("medium", seed * 16 + place) for place in range(3)]
    players[seat] = _bot(level, seed * 16 + seat, budget)
    state = Chinchon.new(PACK, seed, {"players": 3, "hand_turn_limit": turn_limit})
    rngs = seat_rngs(seed, 3)
    takes = again = 0
    held: dict[object, int] = {}  # a taken card -> the hand it was taken in
    while not state.is_terminal:
        player = state.current_player
        assert player is not None
        view = state.view(player)
        action = players[player].choose(view, state.legal_actions(), rngs[player])
        if player == seat and type(action) is TakeDiscard:
            takes += 1
            held[view.top_discard] = state.hands_played
        elif player == seat and type(action) is Discard:
            again += held.pop(action.card, -1) == state.hands_played
        state.apply(action)
    closes = [result for result in state.hand_results if result.closer == seat]
    over = sum(1 for result in closes if seat in result.went_out)
    return takes, again, len(closes), over


def takes(args: argparse.Namespace) -> None:
    print(
        "Takes from the discard pile discarded again in the same hand, and closes that took "
        f"the closer over the limit ({args.games} 3-player games a level, one bot of the "
        "level against two medium bots, seats rotating):"
    )
    for level in LEVELS[1:]:
        games = args.hard_games if level == "hard" else args.games
        jobs = [
            (level, seed, args.turn_limit, args.budget)
            for seed in range(args.seed, args.seed + games)
        ]
        found = _map(habits_game, jobs, args.processes)
        taken, again, closes, over = (sum(column) for column in zip(*found, strict=True))
        print(
            f"  {level}: {_interval(proportion(again, taken))} takes discarded again; "
            f"{over} of {closes} closes over the limit ({games} games)"
        )


# --- speed -----------------------------------------------------------------------------


def speed(args: argparse.Namespace) -> None:
    decisions = searched = outs = 0
    spent = 0.0
    for seed in range(args.seed, args.seed + args.speed_games):
        hard = MonteCarloPlayer(PACK, seed, budget=args.budget or 48)
        players: list[Player[Any, Any]] = [hard, _bot("medium", 1), _bot("medium", 2)]
        state = Chinchon.new(PACK, seed, {"players": 3, "hand_turn_limit": args.turn_limit})
        rngs = seat_rngs(seed, 3)
        while not state.is_terminal:
            player = state.current_player
            assert player is not None
            view, legal = state.view(player), state.legal_actions()
            if player == 0:
                before = hard.rollouts
                started = time.perf_counter()
                action = hard.choose(view, legal, rngs[0])
                spent += time.perf_counter() - started
                decisions += 1
                searched += hard.rollouts > before
            else:
                action = players[player].choose(view, legal, rngs[player])
            state.apply(action)
        outs += hard.rollouts
    print(
        f"hard bot, budget {hard.budget}: {decisions} decisions in {args.speed_games} games "
        f"({searched} searched, {outs} play-outs, {outs / max(1, spent) / 1000:.1f} thousand "
        f"play-outs a second): {decisions / spent:.0f} decisions a second on one core, "
        f"{spent / max(1, searched) * 1000:.1f} ms per searched decision"
    )


# --- the default: medium against random, hands per second ------------------------------


def win_rate(games: int, turn_limit: int, first_seed: int) -> float:
    """The medium bot's share of wins (a shared win counts its share) in 2-player games."""
    won = 0.0
    for seed in range(first_seed, first_seed + games):
        seat = seed % 2
        players: list[Player[Any, Any]] = [RandomPlayer(), RandomPlayer()]
        players[seat] = HeuristicPlayer(PACK, seed)
        state = Chinchon.new(PACK, seed, {"players": 2, "hand_turn_limit": turn_limit})
        won += play_game(state, players).returns()[seat]
    return won / games


def hands_per_second(games: int, turn_limit: int, first_seed: int) -> tuple[int, float]:
    """Hands played and hands per second in ``games`` 4-player medium games."""
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


def default(args: argparse.Namespace) -> None:
    started = time.perf_counter()
    rate = win_rate(args.games, args.turn_limit, args.seed)
    took = time.perf_counter() - started
    print(
        f"medium vs random, {args.games} 2-player games (seats alternating, "
        f"hand_turn_limit={args.turn_limit}): win rate {rate:.1%} ({took:.1f} s)"
    )
    runs = [
        hands_per_second(args.speed_games, args.turn_limit, args.seed) for _ in range(args.repeat)
    ]
    hands = runs[0][0]
    speeds = sorted(speed for _, speed in runs)
    print(
        f"4 medium players, {args.speed_games} games, {hands} hands: "
        f"{speeds[-1]:.0f} hands per second on one core "
        f"(best of {args.repeat}; median {statistics.median(speeds):.0f})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--levels", action="store_true", help="the order of strength")
    mode.add_argument("--takes", action="store_true", help="takes kept, closes over the limit")
    mode.add_argument("--speed", action="store_true", help="the hard bot's decisions a second")
    parser.add_argument("--games", type=int, default=200, help="games a table")
    parser.add_argument("--hard-games", type=int, help="games a table with the hard bot")
    parser.add_argument("--reverse", action="store_true", help="one weaker against two stronger")
    parser.add_argument("--budget", type=int, help="the hard bot's play-outs a decision")
    parser.add_argument("--speed-games", type=int, default=50, help="games for speed figures")
    parser.add_argument("--turn-limit", type=int, default=60, help="hand_turn_limit")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument("--repeat", type=int, default=5, help="speed runs (the best counts)")
    parser.add_argument("--processes", type=int, default=1, help="processes for the games")
    args = parser.parse_args()
    if args.hard_games is None:
        args.hard_games = args.games
    code = "compiled modules" if compiled.compiled_in_use() else "Python source"
    print(f"Chinchón engine, points table and bots: {code}")
    if args.levels:
        levels(args)
    elif args.takes:
        takes(args)
    elif args.speed:
        speed(args)
    else:
        default(args)


if __name__ == "__main__":
    main()
