"""Benchmark: the best arrangement of random Chinchón hands, in arrangements per
second and microseconds each, for 7- and 8-card hands in several variants.
Run by hand: ``.venv/bin/python benchmarks/chinchon_arrangement.py [--hands N]``."""

from __future__ import annotations

import argparse
import random
import time

from project import game

from bots.games import chinchon
from bots.games.chinchon import Card, Rules

PACK = game("chinchon").data


def hands(rules: Rules, size: int, count: int, seed: int, two_decks: bool) -> list[list[Card]]:
    """``count`` random hands of ``size`` cards dealt from a shuffled pack (or two)."""
    dealer = random.Random(seed)
    pack = list(rules.deck) * (2 if two_decks else 1)
    return [dealer.sample(pack, size) for _ in range(count)]


def measure(rules: Rules, dealt: list[list[Card]], repeat: int) -> float:
    """Best seconds per arrangement over ``repeat`` passes."""
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        for hand in dealt:
            chinchon.best_arrangement(hand, rules)
        best = min(best, (time.perf_counter() - started) / len(dealt))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=20_000, help="hands per case")
    parser.add_argument("--repeat", type=int, default=3, help="passes; the best is reported")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    cases = [
        ("40 cards", PACK.rules(), False),
        ("48 cards", PACK.rules(forty_eight=True), False),
        ("40 cards, two decks", PACK.rules(), True),
        ("40 cards + jokers", PACK.rules(wild="jokers"), False),
        ("40 cards, A of diamonds wild", PACK.rules(wild="diamond-ace"), False),
        ("40 cards + jokers, two decks", PACK.rules(wild="jokers"), True),
    ]
    print(f"{args.hands} random hands per case, best of {args.repeat} passes")
    for name, rules, two_decks in cases:
        for size in (7, 8):
            dealt = hands(rules, size, args.hands, args.seed, two_decks)
            seconds = measure(rules, dealt, args.repeat)
            print(
                f"  {name:30} {size} cards: {1 / seconds:9,.0f} arrangements/s"
                f"  ({seconds * 1e6:6.1f} µs each)"
            )
    # The slowest kind of hand: every card in one suit, two jokers.
    rules = PACK.rules(wild="jokers")
    worst = [list(PACK.parse_cards("AH 2H 3H 5H 6H 7H JK JK"))] * 1000
    seconds = measure(rules, worst, args.repeat)
    print(f"  worst case {chinchon.format_cards(worst[0])}: {seconds * 1e6:.1f} µs")


if __name__ == "__main__":
    main()
