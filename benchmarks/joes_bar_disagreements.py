"""Where does the Joe's Bar heuristic choose worse than a search, and could a player know it?

Plays 4-player games of the cautious bot against three random bots (the seeds of
``benchmarks/joes_bar_losses.py``: game seed 40,000 + i, the bot in seat i mod 4, the
random bots drawing from a generator seeded with i). At each of its turns and answers
with a choice (outside Utility pauses) it scores the bot's choice and the bot's next best
actions (``--candidates`` in all, ranked by the bot's own values) by ``--rollouts``
play-outs each to the end of the round (:func:`joes_bar_lookahead.round_value`), twice:

* by an **oracle** that plays out copies of the true state (it sees every hand and the
  discard pile's order: no player can);
* by an **honest** search that plays out worlds guessed from the bot's view
  (:func:`~bots.games.joes_bar.worlds.world`).

Then it groups the decisions where the oracle's best action beats the bot's choice by
more than ``--margin`` by kind (phase, the bot's kind of action, the oracle's kind) and
prints, for each kind, how often, the oracle's total gain, and the honest search's mean
preference for the same action. A kind where the honest search agrees (a clearly positive
mean) is a mistake the bot could avoid with what it sees; a kind where it does not lives on
hidden cards. Then, for the decisions where the honest search itself prefers another
action by more than ``--margin``, the oracle's mean gain from following it.

This is how the cautious bot's valuation of furniture was found: grabbing a Bar card was
the kind with the most honest agreement (both searches took the Beer Pitcher, whose Gulp
the flinger drinks, and the Spittoon's poison over plainer pieces).

Run by hand: ``.venv/bin/python benchmarks/joes_bar_disagreements.py [--games N] [--start I]
[--rollouts R] [--candidates C] [--margin M] [--jobs J]``. About 5 s of CPU a game at the
defaults (16 play-outs of 8 candidates, for both searches).
"""

from __future__ import annotations

import argparse
from collections import Counter, defaultdict
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import partial

from joes_bar_lookahead import Seated, card_data, play_outs, ranked_shortlist

from bots.games.joes_bar import Dodge, Fling, Hit, JoesBarAction, JoesBarView


@dataclass(frozen=True)
class Decision:
    """One decision of the bot: the kinds of its candidates (its own choice first) and
    what each search made of them."""

    phase: str
    kinds: tuple[str, ...]
    oracle: tuple[float, ...]
    honest: tuple[float, ...]


def kind_of(action: JoesBarAction, view: JoesBarView) -> str:
    """A short name for the kind of ``action``: an attack by when it is thrown (opening a
    chain, hitting back, or at someone else) and how many hand cards it uses, a dodge by
    what it gives up, anything else by its name."""
    if isinstance(action, Hit | Fling):
        name = "fling" if isinstance(action, Fling) else "hit"
        attack = view.attack
        if view.phase != "answer":
            when = "open"
        elif attack is not None and action.target == attack.attacker:
            when = "back"
        else:
            when = "other"
        return f"{name}-{when} x{len(action.cards)}"
    if isinstance(action, Dodge):
        effects = card_data().kind_by_id[action.card].effects
        given = "HIT card" if effects.hit else "drink" if effects.gulp else "other card"
        return f"dodge: {given}"
    return type(action).__name__.lower()


def game(number: int, rollouts: int, candidates: int) -> list[Decision]:
    """The bot's scored decisions in game ``number``."""
    table = Seated.game(number)
    seat, bot, policy, state = table.seat, table.bot, table.policy, table.state
    rng, guesses = table.rng, table.guesses
    found = []
    for legal in table.turns():
        view = state.view(seat)
        chosen = bot.choose(view, legal, rng)
        if len(legal) > 1 and view.phase in ("turn", "answer") and not view.pause:
            shortlist = ranked_shortlist(bot, view, legal, chosen, candidates)
            seeds = [guesses.getrandbits(32) for _ in range(rollouts)]
            kinds = tuple(kind_of(action, view) for action in shortlist)
            oracle, honest = (
                tuple(play_outs(state, seat, legal, shortlist, seeds, kind, policy, "round"))
                for kind in ("sees-all", "sees-view")
            )
            found.append(Decision(view.phase, kinds, oracle, honest))
        state.apply(chosen)
    return found


def best(values: Sequence[float]) -> int:
    return max(range(len(values)), key=lambda place: (values[place], -place))


def report(decisions: list[Decision], margin: float) -> None:
    """Print the two tables of the module docstring."""
    count: Counter[tuple[str, str, str]] = Counter()
    gain: defaultdict[tuple[str, str, str], float] = defaultdict(float)
    agree: defaultdict[tuple[str, str, str], float] = defaultdict(float)
    for decision in decisions:
        place = best(decision.oracle)
        if place and decision.oracle[place] - decision.oracle[0] > margin:
            key = (decision.phase, decision.kinds[0], decision.kinds[place])
            count[key] += 1
            gain[key] += decision.oracle[place] - decision.oracle[0]
            agree[key] += decision.honest[place] - decision.honest[0]
    regret = sum(max(d.oracle) - d.oracle[0] for d in decisions) / max(1, len(decisions))
    print(f"{len(decisions)} decisions; the oracle's mean gain over the bot's choice {regret:.3f}")
    print(f"\nwhere the oracle beats the bot by more than {margin} (round value):")
    print(f"{'phase':7} {'the bot':20} {'the oracle':20} {'times':>5} {'gain':>6} {'honest':>7}")
    for key in sorted(gain, key=lambda key: -gain[key])[:20]:
        phase, mine, theirs = key
        print(
            f"{phase:7} {mine:20} {theirs:20} {count[key]:5} {gain[key]:6.1f} "
            f"{agree[key] / count[key]:+7.2f}"
        )
    followed = [
        d.oracle[best(d.honest)] - d.oracle[0]
        for d in decisions
        if best(d.honest) and d.honest[best(d.honest)] - d.honest[0] > margin
    ]
    mean = sum(followed) / max(1, len(followed))
    print(
        f"\nthe honest search prefers another action by more than {margin} at {len(followed)}"
        f" decisions; following it gains {mean:+.2f} a decision by the oracle"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=240, help="games played")
    parser.add_argument("--start", type=int, default=2000, help="the first game's number")
    parser.add_argument("--rollouts", type=int, default=16, help="play-outs of each candidate")
    parser.add_argument("--candidates", type=int, default=8, help="actions weighed a decision")
    parser.add_argument("--margin", type=float, default=0.5, help="a gain that counts")
    parser.add_argument("--jobs", type=int, default=2, help="processes")
    args = parser.parse_args()
    play = partial(game, rollouts=args.rollouts, candidates=args.candidates)
    decisions: list[Decision] = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for found in pool.map(play, range(args.start, args.start + args.games)):
            decisions += found
    print(f"games {args.start} to {args.start + args.games - 1}, the cautious bot")
    report(decisions, args.margin)


if __name__ == "__main__":
    main()
