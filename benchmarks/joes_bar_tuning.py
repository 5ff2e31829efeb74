"""Tune a Joe's Bar personality's weights against random play, by a seeded local search.

The weights of a :class:`~bots.games.joes_bar.bots.Style` are in BL, chosen by judgement;
this script looks for better ones. Each step moves three weights of the best style so far
by a random amount (a normal step of each weight's spread, kept within its bounds), plays
``--games`` 4-player games of the moved style against three random bots, and keeps the
move when it wins more of the **same** games than the best style did (the games of every
step are the same deals: games 100,000 to 100,999 by default, seeded as below), so that
luck cancels out of the comparison.

A search that keeps whatever wins more on its own games flatters itself, so the last step
checks the result on other games: the strength games of ``benchmarks/joes_bar_bots.py``
(games 0 to ``--check`` - 1; game i has game seed 40,000 + i and the bot in seat i mod
4), the starting style against the tuned one rounded to two
places, with the difference paired game by game (95% t interval).

Prints every kept step, the tuned style as Python to paste into ``STYLES``, and the check.
Run by hand: ``.venv/bin/python benchmarks/joes_bar_tuning.py [--style NAME] [--steps N]
[--games N] [--start I] [--seed S] [--check N] [--jobs J]``. A step of 1,000 games takes
about 7 s of CPU.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from functools import cache, partial
from pathlib import Path
from typing import TypeVar

from joes_bar_bots import random_bot, shares
from scipy.stats import ttest_1samp

from bots.core.stats import percent, proportion
from bots.games.joes_bar import CardData, JoesBar
from bots.games.joes_bar.bots import STYLES, HeuristicPlayer, Style
from pnp.catalog import load_catalog
from pnp.registry import load_game

CARDS = Path(__file__).resolve().parents[1] / "cards"
#: What a bot is judged by: a :class:`Style`, or an idea of ``joes_bar_ideas.py``.
Judgement = TypeVar("Judgement")
#: The weights the search moves: a step's spread, and the lowest and highest value.
SPREAD: dict[str, tuple[float, float, float]] = {
    "caution": (0.15, 0.2, 2.0),
    "damage": (0.1, 0.0, 1.0),
    "leader": (0.1, 0.0, 1.0),
    "retaliation": (0.15, 0.0, 1.5),
    "trick_threshold": (0.15, -1.0, 1.5),
    "finish": (0.3, 0.0, 3.0),
    "hit_cost": (0.15, 0.0, 2.0),
    "card_worth": (0.06, 0.0, 1.0),
    "scarcity": (0.05, 0.0, 0.6),
    "hit_chance": (0.05, 0.3, 0.95),
    "knockout_fear": (0.15, 0.2, 2.5),
    "thirst": (0.3, -1.0, 3.0),
    "grab": (0.2, -0.5, 2.0),
    "empty_handed": (0.2, -1.5, 1.0),
    "keep_gulp": (0.2, -0.5, 2.0),
    "keep_interrupt": (0.15, -0.5, 1.0),
    "keep_hit": (0.05, -0.3, 0.5),
    "relief": (0.3, -1.0, 3.0),
    "elsewhere": (0.15, -1.0, 1.0),
    "extra_card": (0.15, -1.0, 1.0),
    "fling": (0.15, -1.0, 1.0),
    "shed": (0.15, -1.0, 1.0),
    "poison": (0.3, -1.0, 2.0),
    "rob": (0.2, -1.0, 1.0),
    "piece_gulp": (0.3, 0.0, 3.0),
    "piece_poison": (0.15, -0.5, 1.5),
    "piece_rob": (0.15, -0.5, 1.5),
}


@cache
def card_data() -> CardData:
    data: CardData = load_game(load_catalog(CARDS).game("joes-bar")).data
    return data


def games(
    maker: Callable[[CardData, Judgement, int], HeuristicPlayer],
    judgement: Judgement,
    numbers: range,
    watch: Callable[[JoesBar], object] | None = None,
) -> list[float]:
    """The share of each game against three random bots of the bot ``maker`` makes from
    the card data, ``judgement`` (a :class:`Style`, say) and a seed, on the games of the
    strength figures of ``benchmarks/joes_bar_bots.py`` (game i: game seed 40,000 + i,
    the bot in seat i mod 4 with seed 8i + its seat); ``watch`` as in ``shares``."""
    data = card_data()

    def tuned(seat: int, number: int) -> HeuristicPlayer:
        return maker(data, judgement, number * 8 + seat)

    return shares(data, numbers, tuned, random_bot(data), watch)


def chunks(first: int, count: int) -> list[range]:
    """The game numbers from ``first``, ``count`` of them, in chunks of 50 for a pool."""
    return [range(at, min(at + 50, first + count)) for at in range(first, first + count, 50)]


def play(
    pool: ProcessPoolExecutor,
    judgement: Judgement,
    first: int,
    count: int,
    maker: Callable[[CardData, Judgement, int], HeuristicPlayer],
    watch: Callable[[JoesBar], object] | None = None,
) -> list[float]:
    """The shares of ``count`` games from game ``first`` (:func:`games`), in chunks over
    the pool."""
    shares: list[float] = []
    for part in pool.map(partial(games, maker, judgement, watch=watch), chunks(first, count)):
        shares += part
    return shares


def moved(style: Style, rng: random.Random) -> Style:
    """``style`` with three of its :data:`SPREAD` weights moved at random."""
    changes = {}
    for name in rng.sample(sorted(SPREAD), 3):
        spread, low, high = SPREAD[name]
        changes[name] = min(high, max(low, getattr(style, name) + rng.gauss(0.0, spread)))
    return dataclasses.replace(style, **changes)


def rounded(style: Style) -> Style:
    return dataclasses.replace(style, **{name: round(getattr(style, name), 2) for name in SPREAD})


def as_python(style: Style, start: Style) -> str:
    changed = [
        f"{name}={getattr(style, name)!r}"
        for name in SPREAD
        if getattr(style, name) != getattr(start, name)
    ]
    if not changed:
        return f"STYLES[{start.name!r}] (no weight moved)"
    return f"dataclasses.replace(STYLES[{start.name!r}], {', '.join(changed)})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--style", choices=sorted(STYLES), default="cautious")
    parser.add_argument("--steps", type=int, default=60, help="moves tried")
    parser.add_argument("--games", type=int, default=1000, help="games a step")
    parser.add_argument("--start", type=int, default=100_000, help="the first game's number")
    parser.add_argument("--seed", type=int, default=7, help="the search's own seed")
    parser.add_argument("--check", type=int, default=2000, help="games of the last check")
    parser.add_argument("--jobs", type=int, default=2, help="processes")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    start = best = STYLES[args.style]
    with ProcessPoolExecutor(args.jobs) as pool:
        best_shares = play(pool, best, args.start, args.games, HeuristicPlayer)
        print(f"{args.style}: {percent(proportion(sum(best_shares), args.games), 1)}", flush=True)
        for step in range(args.steps):
            candidate = moved(best, rng)
            shares = play(pool, candidate, args.start, args.games, HeuristicPlayer)
            gain = (sum(shares) - sum(best_shares)) / args.games
            if gain > 0:
                best, best_shares = candidate, shares
                won = percent(proportion(sum(shares), args.games), 1)
                print(f"step {step}: {won}, {gain * 100:+.1f} points, kept", flush=True)
        tuned = rounded(best)
        print("tuned:", as_python(tuned, start))
        before = play(pool, start, 0, args.check, HeuristicPlayer)
        after = play(pool, tuned, 0, args.check, HeuristicPlayer)
    differences = [a - b for a, b in zip(after, before, strict=True)]
    interval = ttest_1samp(differences, 0.0).confidence_interval()
    print(
        f"check on the strength games, {args.check} games: {args.style} "
        f"{percent(proportion(sum(before), args.check), 1)}, tuned "
        f"{percent(proportion(sum(after), args.check), 1)}; "
        f"{sum(differences) / args.check * 100:+.1f} points "
        f"({interval.low * 100:+.1f} to {interval.high * 100:+.1f})"
    )


if __name__ == "__main__":
    main()
