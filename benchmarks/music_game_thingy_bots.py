"""Benchmark: The Music Game Thingy's bots, how fast and how strong.

Prints, in order:

1. speed: complete 2-year games of four shrewd labels per second on one core
   (CPU time of this process, best of ``--runs`` runs of ``--games`` games), with
   actions a game and microseconds an action (the target is 50 games a second);
2. verify: every ``pnp verify`` table played with every check of the harness
   (``play_checked``, as ``pnp verify`` does) for ``--table-games`` games on one
   core (CPU time), then 1,000 games of the slowest table on two processes, timed
   on the wall clock (the target is under 60 s), with what its one-core speed
   predicts and the machine's load average (other work makes the wall clock slower);
3. strength: the share of 3-label games a bot wins against two weaker labels
   (shrewd and cautious against random, shrewd against cautious), the stronger
   seat moving round the table from game to game, with Wilson 95% intervals;
4. contract cards: for each level at 3, 4 and 5 labels (every label of that
   level, ``--contract-games`` games each), Contract Exchanges played a game
   (with a t interval), how many stood (nobody played Lawyers), the gain when
   one stood (the Fame of the Artist taken less the Artist given, and the money
   each earned its new label for the rest of the game), the win share of labels
   whose swap stood against labels that made none, and the Lawyers played a
   game, by the label whose Artist was at stake and by others; then what each
   card is worth to the cautious and shrewd levels at 3 and 4 labels: the win
   share of the one label that never plays it, and of the one label that plays
   it among labels that never do (the seat moving round the table).

Run by hand: ``.venv/bin/python benchmarks/music_game_thingy_bots.py [--games N]``;
``--only contracts`` (or ``speed``, ``strength``) runs one part.
Figures measured while other work runs on the machine are noisy.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import resource
import time
from concurrent.futures import ProcessPoolExecutor
from functools import cache
from typing import Any

from bots.core import Player, RandomPlayer, play_game, seat_rngs
from bots.core.verify import Table, play_checked
from bots.games.music_game_thingy import MusicGameThingy, Rules
from bots.games.music_game_thingy.actions import Play
from bots.games.music_game_thingy.bots import HeuristicPlayer
from bots.games.music_game_thingy.verify import MusicGameThingyVerify
from pnp.catalog import load_catalog
from pnp.registry import load_game
from pnp.verify.stats import mean, percent, proportion
from pnp.verify.stats import number as mean_text

GAME = "music-game-thingy"


@cache
def adapter() -> MusicGameThingyVerify:
    loaded = load_game(load_catalog("cards").game(GAME))
    found = loaded.verify_adapter
    assert isinstance(found, MusicGameThingyVerify)
    return found


def rules() -> Rules:
    data = adapter().data
    assert isinstance(data, Rules)
    return data


def speed(games: int, runs: int) -> tuple[float, float]:
    """Best games a second of CPU time, and actions a game."""
    data = rules()
    best, actions = 0.0, 0
    for run in range(runs):
        started = time.process_time()
        actions = 0
        for number in range(games):
            seed = run * games + number
            players = [HeuristicPlayer(data, "shrewd", seed * 8 + seat) for seat in range(4)]
            state = play_game(MusicGameThingy.new(data, seed, {"players": 4}), players)
            actions += len(state.log)
        best = max(best, games / (time.process_time() - started))
    return best, actions / games


def table_speed(table: Table, games: int) -> float:
    started = time.process_time()
    for seed in range(games):
        outcome = play_checked(adapter(), table, seed)
        assert outcome.status == "ok", outcome.problem
    return games / (time.process_time() - started)


def _play_block(job: tuple[Table, int, int]) -> int:
    table, first, count = job
    for seed in range(first, first + count):
        outcome = play_checked(adapter(), table, seed)
        assert outcome.status == "ok", outcome.problem
    return count


def thousand_on_two_cores(table: Table) -> tuple[float, float]:
    """Wall-clock seconds for 1,000 checked games of ``table`` on two processes, and the
    CPU seconds the two processes used (each about half)."""
    jobs = [(table, first, 50) for first in range(0, 1000, 50)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=2) as pool:
        done = sum(pool.map(_play_block, jobs))
    assert done == 1000
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return wall, cpu


def strength(strong: str, weak: str, games: int) -> dict[str, Any]:
    """Wins of one ``strong`` label against two ``weak`` ones over ``games`` games."""
    data = rules()

    def make(level: str, seed: int) -> Player[Any, Any]:
        if level == "random":
            return RandomPlayer()
        return HeuristicPlayer(data, level, seed)  # type: ignore[arg-type]

    won = 0.0
    for seed in range(games):
        seat = seed % 3
        players = [make(weak, seed * 8 + other) for other in range(3)]
        players[seat] = make(strong, seed * 8 + seat)
        state = play_game(MusicGameThingy.new(data, 50_000 + seed, {"players": 3}), players)
        won += state.returns()[seat]
    return proportion(won, games)


def contract_cards(level: str, labels: int, games: int) -> dict[str, Any]:
    """Contract Exchanges and Lawyers in ``games`` games of ``labels`` ``level`` labels."""
    data = rules()
    plays: list[float] = []
    counters_own: list[float] = []
    counters_other: list[float] = []
    fame_gained: list[float] = []
    money_gained: list[float] = []
    stood = 0
    swapper_wins, swappers, other_wins, others = 0.0, 0, 0.0, 0
    for seed in range(games):
        players = [HeuristicPlayer(data, level, seed * 8 + seat) for seat in range(labels)]  # type: ignore[arg-type]
        state = MusicGameThingy.new(data, 70_000 + seed, {"players": labels})
        rngs = seat_rngs(70_000 + seed, labels)
        played = own_counters = other_counters = 0
        swapped: set[int] = set()
        # For each swap that stood: the Artist taken, the one given, the label that
        # played it and the rival.
        swaps: list[tuple[str, str, int, int]] = []
        earned: dict[tuple[str, int], int] = {}
        seen_month: object = None
        while not state.is_terminal:
            if state.last_month is not seen_month:
                seen_month = state.last_month
                for result in state.last_month:
                    key = (result.artist, result.declarer)
                    earned[key] = earned.get(key, 0) + (result.money or 0)
            seat = state.current_player
            assert seat is not None
            legal = state.legal_actions()
            action = players[seat].choose(state.view(seat), legal, rngs[seat])
            if state.phase == "lawyers" and str(action).endswith(":lawyers"):
                assert state.move is not None
                if state.artists[state.move.artist].owner == seat:
                    own_counters += 1
                else:
                    other_counters += 1
            card = action.card if isinstance(action, Play) else None
            if card == "contract-exchange":
                assert isinstance(action, Play)
                targets = action.targets
                played += 1
                own, theirs = targets
                fame = state.fame_of(state.artists[theirs]) - state.fame_of(state.artists[own])
            state.apply(action)
            if card == "contract-exchange":
                while state.phase == "lawyers":
                    who = state.current_player
                    assert who is not None
                    answer = players[who].choose(state.view(who), state.legal_actions(), rngs[who])
                    if str(answer).endswith(":lawyers"):
                        if who == state.artists[theirs].owner:
                            own_counters += 1
                        else:
                            other_counters += 1
                    state.apply(answer)
                if state.artists[theirs].owner == seat:
                    stood += 1
                    swapped.add(seat)
                    fame_gained.append(fame)
                    # Money from here on: what the Artist taken earns this label,
                    # against what the one given earns its new label.
                    rival = state.artists[own].owner
                    assert rival is not None
                    swaps.append((theirs, own, seat, rival))
                    earned.pop((theirs, seat), None)
                    earned.pop((own, rival), None)
        if state.last_month is not seen_month:
            for result in state.last_month:
                key = (result.artist, result.declarer)
                earned[key] = earned.get(key, 0) + (result.money or 0)
        for theirs, own, seat, rival in swaps:
            money_gained.append(earned.get((theirs, seat), 0) - earned.get((own, rival), 0))
        plays.append(played)
        counters_own.append(own_counters)
        counters_other.append(other_counters)
        returns = state.returns()
        for seat in range(labels):
            if seat in swapped:
                swapper_wins, swappers = swapper_wins + returns[seat], swappers + 1
            else:
                other_wins, others = other_wins + returns[seat], others + 1
    return {
        "plays": mean(plays),
        "stood": proportion(stood, int(sum(plays))),
        "fame": mean(fame_gained),
        "money": mean(money_gained),
        "swapper_wins": proportion(swapper_wins, swappers),
        "other_wins": proportion(other_wins, others),
        "lawyers_own": mean(counters_own),
        "lawyers_other": mean(counters_other),
    }


#: Styles changes that take a card out of a label's play, for :func:`without`.
NEVER = {
    "Contract Exchange": {"exchange_margin": 10**12},
    "Lawyers": {"lawyers_kept": 10**12, "guards_others": False},
}


def without(card: str, level: str, labels: int, games: int, alone: bool) -> dict[str, Any]:
    """The win share of one ``level`` label among ``labels``, the seat moving round the
    table: with ``alone`` it is the only label that never plays ``card`` (a key of
    :data:`NEVER`), else the only one that does."""
    data = rules()
    won = 0.0
    for seed in range(games):
        seat = seed % labels
        players = []
        for other in range(labels):
            player = HeuristicPlayer(data, level, seed * 8 + other)  # type: ignore[arg-type]
            if (other == seat) == alone:
                player.style = dataclasses.replace(player.style, **NEVER[card])  # type: ignore[arg-type]
            players.append(player)
        state = play_game(MusicGameThingy.new(data, 90_000 + seed, {"players": labels}), players)
        won += state.returns()[seat]
    return proportion(won, games)


def print_contract_cards(games: int) -> None:
    for level in ("easy", "cautious", "shrewd"):
        for labels in (3, 4, 5):
            found = contract_cards(level, labels, games)
            print(
                f"contracts: {level} x{labels}: Contract Exchanges a game "
                f"{mean_text(found['plays'], 2)}, stood {percent(found['stood'])}; "
                f"when one stood, Fame gained {mean_text(found['fame'])}, money the Artist "
                f"taken earned less the one given {mean_text(found['money'], 0)}; wins: labels "
                f"whose swap stood {percent(found['swapper_wins'])}, the others "
                f"{percent(found['other_wins'])}; Lawyers a game by the label at stake "
                f"{mean_text(found['lawyers_own'], 2)}, by others "
                f"{mean_text(found['lawyers_other'], 2)}"
            )
    for card in NEVER:
        for level in ("cautious", "shrewd"):
            for labels in (3, 4):
                fair = f"fair share {100 // labels}%"
                print(
                    f"without {card}: {level} x{labels}: the one label that never plays it "
                    f"wins {percent(without(card, level, labels, games, True))}, the one "
                    f"that does among labels that never do "
                    f"{percent(without(card, level, labels, games, False))} ({fair})"
                )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=40, help="games a speed run")
    parser.add_argument("--runs", type=int, default=5, help="speed runs (the best counts)")
    parser.add_argument("--table-games", type=int, default=20, help="games per verify table")
    parser.add_argument("--strength-games", type=int, default=300, help="games per match-up")
    parser.add_argument(
        "--contract-games", type=int, default=100, help="games per level and table size"
    )
    parser.add_argument(
        "--only", choices=("speed", "strength", "contracts"), help="run this part alone"
    )
    args = parser.parse_args()
    if args.only in (None, "speed"):
        print_speed(args)
    if args.only in (None, "strength"):
        print_strength(args.strength_games)
    if args.only in (None, "contracts"):
        print_contract_cards(args.contract_games)


def print_speed(args: argparse.Namespace) -> None:
    per_second, actions = speed(args.games, args.runs)
    print(
        f"speed: {per_second:.1f} games a second on one core (4 shrewd labels, 2 years; "
        f"{actions:.0f} actions a game, {1e6 / (per_second * actions):.0f} us an action; "
        f"target 50)"
    )
    slowest, slowest_speed = None, float("inf")
    for table in adapter().tables():
        rate = table_speed(table, args.table_games)
        print(f"  verify {table.name:55} {rate:6.1f} games a second on one core")
        if rate < slowest_speed:
            slowest, slowest_speed = table, rate
    assert slowest is not None
    load = os.getloadavg()[0]
    wall, cpu = thousand_on_two_cores(slowest)
    print(
        f"1,000 games of the slowest table ({slowest.name}) on 2 processes: {wall:.1f} s on "
        f"the wall clock, {cpu / 2:.1f} s of CPU time each (target 60 s; load average "
        f"{load:.1f} when it began: other work slows the wall clock)"
    )


def print_strength(games: int) -> None:
    for strong, weak in (("shrewd", "random"), ("cautious", "random"), ("shrewd", "cautious")):
        share = strength(strong, weak, games)
        print(
            f"strength: {strong} against two {weak} labels wins {percent(share)} (fair share 33%)"
        )
    share = strength("cautious", "shrewd", games)
    print(f"strength: cautious against two shrewd labels wins {percent(share)} (fair share 33%)")


if __name__ == "__main__":
    main()
