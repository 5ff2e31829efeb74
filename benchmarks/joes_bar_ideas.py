"""Ideas for the Joe's Bar cautious bot, each measured against the bot as it ships.

Each idea adds one term to what the cautious bot makes of an action (its other weights
stay as they ship), plays the strength games of ``benchmarks/joes_bar_bots.py`` against
three random bots (game i: game seed 40,000 + i, the bot in seat i mod 4 with seed
8i + its seat), and is compared with the shipped bot game by game on the same deals:
the mean difference in its share of the wins, with a 95% t interval, and how many games
came out differently. The ideas (the fields of :class:`Idea`):

* ``ahead``, ``behind``: weigh what a HIT costs its target, times the weight, when the
  target stands ahead of the bot in points, or level or behind it (``damage``, but by
  standing);
* ``chase``, ``spare``: once the bot has lost a patron, it wins only if every other player
  loses one too, so weigh the cost of a HIT to a player who has lost none (``chase``), and
  take off its cost to one who has (``spare``);
* ``endgame``: when the knockouts the End phase would make now end the game, weigh the
  change a HIT makes to a smooth chance of finishing first (each other player's points
  against the bot's, level points decided by fewer HITs in front, the tie-break), times
  the weight;
* ``poison``: the bot wins nearly every game it ends with its first patron (99.9 %,
  README), so while it has lost none a poison is worth the knockout chance it adds to its
  target, times the weight, to end the game sooner;
* ``grab_without_hit``: taken off grabbing furniture while no HIT card is in hand (the
  piece in the slot obliges its holder to start a chain on its turn);
* ``shed_last_hit``: added to a dodge with the last HIT card in hand while the slot is
  empty (with no HIT to throw, a turn passes without a chain);
* ``carry``, ``spend``: the draw-up fills a hand only up to BL, and cards held count, so
  a card beyond the BL the bot would have after the bill in front of it now (Lucky
  Lenny's two more) is kept for the next round: worth ``carry`` more; a card within it
  would be replaced: worth ``spend`` less;
* ``put_out`` (a bound, and a cheat: it reads the true pile): added to an attack on a
  player with no cards whose last-resort draw, the pile's top card, shows no HIT, so
  that the attack puts them out for the round (negative: such attacks are avoided). No
  player knows the top card; a bot that remembered the public part of the pile's order
  would know less, so this bounds what such a memory could give;
* ``late_cards``, ``late_hits``: the time left in the round's song (what a player can
  judge from the seconds heard: the song is drawn from 180 to 300 s) scales what a card
  in hand is worth (its worth and scarcity), or what a HIT costs for the ones still to
  come (``hit_cost``): times 1 + weight x (expected seconds left - 120) / 120, so more
  early in the song, less late.

With ``--weights`` it studies instead how much the shipped weights decide at all: each
weight of the cautious :class:`Style` in turn is halved and raised by half (a weight at 0
is set to -0.2 and +0.2), and the study counts, along the shipped bot's own games, the
decisions with a choice where the moved bot's favourite actions differ from the shipped
bot's, then plays the strength games with each move that changes a decision and compares
them with the shipped bot, paired (a move that changes no decision plays the same games),
and judges the moves' differences together (Benjamini-Hochberg), since among some fifty
comparisons a few clear a 95% interval by chance alone.

Run by hand: ``.venv/bin/python benchmarks/joes_bar_ideas.py [--games N] [--start I]
[--idea NAME ...] [--weights] [--jobs J]``. 4,000 games take about 20 s an idea on 2
processes; the weights study about 13 minutes.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import random
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from typing import Any

from joes_bar_tuning import chunks, games, play
from scipy.stats import false_discovery_control, ttest_1samp

from bots.core.stats import percent, proportion
from bots.games.joes_bar import CardData, Dodge, Grab, JoesBar, JoesBarAction, Trick
from bots.games.joes_bar.bots import STYLES, HeuristicPlayer, Style, _Judge, knockout_chance
from bots.games.joes_bar.data import ActionKind
from bots.games.joes_bar.records import JoesBarView
from bots.games.joes_bar.rules import PARAMS
from bots.games.joes_bar.scoring import booze_lost


@dataclasses.dataclass(frozen=True)
class Idea:
    """The weights of the terms an idea adds (see the module docstring); all 0 is the
    shipped bot."""

    ahead: float = 0.0
    behind: float = 0.0
    chase: float = 0.0
    spare: float = 0.0
    endgame: float = 0.0
    poison: float = 0.0
    grab_without_hit: float = 0.0
    shed_last_hit: float = 0.0
    carry: float = 0.0
    spend: float = 0.0
    put_out: float = 0.0
    late_cards: float = 0.0
    late_hits: float = 0.0


#: The ideas measured, by name.
IDEAS: dict[str, Idea] = {
    "ahead 0.3": Idea(ahead=0.3),
    "ahead 0.6": Idea(ahead=0.6),
    "behind 0.3": Idea(behind=0.3),
    "behind -0.3": Idea(behind=-0.3),
    "chase 0.3": Idea(chase=0.3),
    "chase 0.6": Idea(chase=0.6),
    "spare 0.3": Idea(spare=0.3),
    "endgame 3": Idea(endgame=3.0),
    "endgame 6": Idea(endgame=6.0),
    "poison 1": Idea(poison=1.0),
    "poison 2": Idea(poison=2.0),
    "grab without hit 0.5": Idea(grab_without_hit=0.5),
    "grab without hit 2": Idea(grab_without_hit=2.0),
    "shed last hit 0.3": Idea(shed_last_hit=0.3),
    "shed last hit 1": Idea(shed_last_hit=1.0),
    "carry 0.2": Idea(carry=0.2),
    "carry 0.5": Idea(carry=0.5),
    "spend 0.2": Idea(spend=0.2),
    "put out 0.5 (cheat)": Idea(put_out=0.5),
    "put out -0.5 (cheat)": Idea(put_out=-0.5),
    "put out -1 (cheat)": Idea(put_out=-1.0),
    "late cards 0.5": Idea(late_cards=0.5),
    "late cards -0.5": Idea(late_cards=-0.5),
    "late hits 0.5": Idea(late_hits=0.5),
    "late hits -0.5": Idea(late_hits=-0.5),
}

#: The game being played in this process, for the ``put_out`` bound (it cheats).
_TABLE: list[JoesBar] = []


def watch(state: JoesBar) -> None:
    """Keep the game about to be played, for the ``put_out`` bound."""
    _TABLE[:] = [state]


#: The spread of the win chance of :meth:`IdeaJudge.win_chance`, in points, and what
#: level points decided by the tie-break are worth.
SPREAD = 0.7
TIE_BREAK = 0.5
#: The seconds of song left at which the ``late_`` ideas leave the weights as they are.
SONG_LEFT = 120.0


def song_left(view: JoesBarView) -> float:
    """The seconds of the round's song still to play, expected from what has been heard,
    with the song drawn as the engine's defaults draw it (the round may burn out sooner)."""
    shortest = max(int(PARAMS["song_shortest"].default), view.song_played)
    longest = max(shortest, int(PARAMS["song_longest"].default))
    return (shortest + longest) / 2 - view.song_played


def late(style: Style, idea: Idea, view: JoesBarView) -> Style:
    """``style`` with the worth of cards and the cost of HITs still to come scaled by the
    song's time left, as the ``late_`` ideas say."""
    if not idea.late_cards and not idea.late_hits:
        return style
    left = (song_left(view) - SONG_LEFT) / SONG_LEFT
    cards, hits = max(0.0, 1 + idea.late_cards * left), max(0.0, 1 + idea.late_hits * left)
    return dataclasses.replace(
        style,
        card_worth=style.card_worth * cards,
        scarcity=style.scarcity * cards,
        hit_cost=style.hit_cost * hits,
    )


class IdeaJudge(_Judge):
    """The cautious bot's values, with the terms of one :class:`Idea`."""

    def __init__(self, view: JoesBarView, style: Style, interrupt_share: float, idea: Idea) -> None:
        super().__init__(view, late(style, idea, view), interrupt_share)
        self.idea = idea
        self.standings = [seat.standing for seat in self.view.seats]
        self.lost = [bool(seat.lost_patrons) for seat in self.view.seats]
        self._chances: dict[tuple[int, ...], float | None] = {}
        self.now = self.win_chance(tuple(self.hits)) if idea.endgame else None
        patron = self.view.seats[self.me].patron
        bonus = patron.trait.hand_bonus if patron is not None else 0
        next_hand = max(0, self.booze[self.me] - self.bill[self.me] + bonus)
        self.hand_term = idea.carry if len(self.hand) > next_hand else -idea.spend

    def card_worth(self, kind: ActionKind) -> float:
        return super().card_worth(kind) + self.hand_term

    def value(self, action: JoesBarAction) -> float:
        value = super().value(action)
        idea = self.idea
        if isinstance(action, Trick) and idea.poison and value > -2.0:
            value += self.poison_term(action)
        elif isinstance(action, Grab) and not any(c.kind.effects.hit for c in self.hand):
            value -= idea.grab_without_hit
        elif isinstance(action, Dodge) and idea.shed_last_hit:
            held = [copy for copy in self.hand if copy.kind.effects.hit]
            last = len(held) == 1 and self.kinds[action.card].effects.hit > 0
            if last and self.view.slots[self.me] is None:
                value += idea.shed_last_hit
        return value

    def landing_value(self, target: int, hits: int) -> float:
        key = (-1 - target, hits)
        found = self._marginal.get(key)
        if found is not None:
            return found
        gain = super().landing_value(target, hits)
        idea = self.idea
        cost = self.hit_cost(target, hits)
        ahead = self.standings[target] > self.standings[self.me]
        gain += (idea.ahead if ahead else idea.behind) * cost
        if self.lost[self.me]:
            gain += -idea.spare * cost if self.lost[target] else idea.chase * cost
        gain += self.endgame_term(target, hits)
        if idea.put_out and self.seats[target].hand_size == 0:
            pile = _TABLE[0].pile
            if not pile or not pile[0].kind.effects.hit:
                gain += idea.put_out
        self._marginal[key] = gain
        return gain

    def incoming_cost(self) -> float:
        cost = super().incoming_cost()
        attack = self.view.attack
        if attack is not None:
            cost -= self.endgame_term(self.me, attack.hits)
        return cost

    # --- the endgame ---------------------------------------------------------------------

    def endgame_term(self, seat: int, hits: int) -> float:
        """The change in the chance of finishing first if ``hits`` more land on ``seat``,
        times the idea's weight, when the End phase would end the game."""
        if self.now is None:
            return 0.0
        after = list(self.hits)
        after[seat] += hits
        chance = self.win_chance(tuple(after))
        return 0.0 if chance is None else self.idea.endgame * (chance - self.now)

    def win_chance(self, hits: tuple[int, ...]) -> float | None:
        """A smooth chance that the bot finishes first if the End phase came with ``hits``
        in front of the players; ``None`` when its knockouts would not end the game."""
        if hits in self._chances:
            return self._chances[hits]
        bill = booze_lost(hits)
        points, knockouts = [], 0
        for seat, standing in enumerate(self.standings):
            booze, left = max(self.booze[seat], 0), self.booze[seat] - bill[seat]
            if self.view.seats[seat].patron is None:
                points.append(standing)
            elif left <= 0:
                knockouts += 1
                points.append(standing - booze - 2)
            else:
                printed = self.printed[seat]
                points.append(standing - max(0, printed - left) + max(0, printed - booze))
        chance: float | None = None
        if self.view.knockouts + knockouts >= self.view.knockouts_to_end:
            chance = 1.0
            for other, theirs in enumerate(points):
                if other == self.me:
                    continue
                lead = float(points[self.me] - theirs)
                lead += TIE_BREAK * ((hits[self.me] < hits[other]) - (hits[self.me] > hits[other]))
                chance = min(chance, 0.5 * (1 + math.erf(lead / (SPREAD * math.sqrt(2)))))
        self._chances[hits] = chance
        return chance

    # --- poison --------------------------------------------------------------------------

    def poison_term(self, action: Trick) -> float:
        """The knockout chance a poison adds to its targets, while the bot has lost no
        patron, times the idea's weight (less what an Interrupt may take away)."""
        if self.lost[self.me]:
            return 0.0
        starting = self.view.pause_initiator is None
        exposed = self.cancel_risk if starting else 0.5 * self.cancel_risk
        fear = self.style.knockout_fear
        term = 0.0
        effects = self.kinds[action.card].effects
        for effect, target in zip(effects.targets, action.targets, strict=True):
            if effect == "poison":
                margin = self.booze[target] - self.bill[target]
                added = knockout_chance(margin - 1, fear) - knockout_chance(margin, fear)
                term += self.idea.poison * added * (1 - exposed)
        return term


class IdeaPlayer(HeuristicPlayer):
    """The cautious bot, judging with the terms of ``idea``."""

    def __init__(self, data: CardData, idea: Idea, seed: int | None = None) -> None:
        super().__init__(data, "cautious", seed)
        self.idea = idea

    def values(self, view: JoesBarView, actions: Sequence[JoesBarAction]) -> list[float]:
        judge = IdeaJudge(view, self.style, self._interrupt_share, self.idea)
        return [judge.value(action) for action in actions]


def moves(style: Style) -> list[tuple[str, float]]:
    """The weights study's moves of ``style``: each weight halved and raised by half, or,
    at 0, set to -0.2 and +0.2 (its name and noise are not weights)."""
    found: list[tuple[str, float]] = []
    for field in dataclasses.fields(style):
        value = getattr(style, field.name)
        if field.name in ("name", "noise"):
            continue
        targets = (0.5 * value, 1.5 * value) if value else (-0.2, 0.2)
        found += [(field.name, round(target, 4)) for target in targets]
    return found


class Shadow(HeuristicPlayer):
    """The cautious bot as it ships, which counts, at each of its decisions with a choice,
    whether each bot of ``others`` favours other actions: ``counts[0]`` the decisions,
    ``counts[i + 1]`` those where ``others[i]`` differs."""

    def __init__(
        self, data: CardData, others: Sequence[Style], counts: list[int], seed: int | None
    ) -> None:
        super().__init__(data, "cautious", seed)
        self.others = [HeuristicPlayer(data, other) for other in others]
        self.counts = counts

    def choose(
        self, view: JoesBarView, legal_actions: Sequence[JoesBarAction], rng: random.Random
    ) -> JoesBarAction:
        if len(legal_actions) > 1:
            mine = self.favourites(view, legal_actions, rng)
            self.counts[0] += 1
            for at, other in enumerate(self.others, 1):
                if other.favourites(view, legal_actions, rng) != mine:
                    self.counts[at] += 1
        return super().choose(view, legal_actions, rng)


def differing(others: tuple[Style, ...], numbers: range) -> list[int]:
    """The counts of :class:`Shadow` over the strength games ``numbers``."""
    counts = [0] * (len(others) + 1)

    def shadow(data: CardData, judgement: tuple[Style, ...], seed: int) -> HeuristicPlayer:
        return Shadow(data, judgement, counts, seed)

    games(shadow, others, numbers)
    return counts


@dataclasses.dataclass(frozen=True)
class Paired:
    """One bot's shares of the games against another's on the same games: the mean
    difference, how many games came out differently, and (if any did) the 95% t interval
    of the difference and its p-value."""

    mean: float
    changed: int
    low: float = 0.0
    high: float = 0.0
    p: float = 1.0

    def __str__(self) -> str:
        line = f"{self.mean * 100:+.2f} points"
        if self.changed:
            line += f" ({self.low * 100:+.2f} to {self.high * 100:+.2f})"
        return f"{line}; {self.changed} games came out differently"


def paired(won: Sequence[float], base: Sequence[float]) -> Paired:
    """How ``won`` differs from ``base``, game by game (:class:`Paired`)."""
    differences = [a - b for a, b in zip(won, base, strict=True)]
    mean = sum(differences) / len(differences)
    changed = sum(1 for difference in differences if difference)
    if not changed:
        return Paired(mean, changed)
    test = ttest_1samp(differences, 0.0)
    interval = test.confidence_interval()
    return Paired(mean, changed, interval.low, interval.high, float(test.pvalue))


def weights_study(pool: ProcessPoolExecutor, start: int, count: int) -> None:
    """Print how many of the shipped bot's decisions each move of :func:`moves` changes,
    and what the moves that change any are worth (see the module docstring)."""
    shipped = STYLES["cautious"]
    moved = []
    for name, value in moves(shipped):
        change: dict[str, Any] = {name: value}
        moved.append((name, value, dataclasses.replace(shipped, **change)))
    others = tuple(style for _, _, style in moved)
    counts = [0] * (len(others) + 1)
    for part in pool.map(partial(differing, others), chunks(start, count)):
        counts = [a + b for a, b in zip(counts, part, strict=True)]
    base = play(pool, shipped, start, count, HeuristicPlayer)
    print(
        f"the cautious bot as it ships: {percent(proportion(sum(base), len(base)), 1)} of games "
        f"{start} to {start + count - 1}; {counts[0]:,} of its decisions offered a choice"
    )
    tested: list[tuple[str, float, float]] = []  # a move played, its mean and p-value
    for (name, value, style), differ in zip(moved, counts[1:], strict=True):
        line = f"{name:16} {getattr(shipped, name):+.3f} to {value:+.3f}: "
        line += f"{differ:6,} decisions differ ({differ / counts[0]:6.2%})"
        if differ:
            found = paired(play(pool, style, start, count, HeuristicPlayer), base)
            line += f"; {found}"
            if found.changed:
                tested.append((f"{name} {value:+.3f}", found.mean, found.p))
        print(line, flush=True)
    adjusted = false_discovery_control([p for _, _, p in tested]) if tested else []
    real = [
        f"{move} ({mean * 100:+.2f} points)"
        for (move, mean, _), q in zip(tested, adjusted, strict=True)
        if q < 0.05
    ]
    print(
        f"judged together (Benjamini-Hochberg over the {len(tested)} moves that changed a "
        f"game): real differences: {', '.join(real) or 'none'}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4000, help="games an idea")
    parser.add_argument("--start", type=int, default=0, help="the first game's number")
    parser.add_argument("--idea", choices=sorted(IDEAS), action="append", help="default: all")
    parser.add_argument("--jobs", type=int, default=2, help="processes")
    parser.add_argument(
        "--weights", action="store_true", help="study the shipped weights instead of the ideas"
    )
    args = parser.parse_args()
    with ProcessPoolExecutor(args.jobs) as pool:
        if args.weights:
            weights_study(pool, args.start, args.games)
            return
        base = play(pool, Idea(), args.start, args.games, IdeaPlayer, watch)
        print(
            f"the cautious bot as it ships: {percent(proportion(sum(base), len(base)), 1)} of "
            f"games {args.start} to {args.start + args.games - 1} against three random bots"
        )
        for name in args.idea or list(IDEAS):
            began = time.perf_counter()
            won = play(pool, IDEAS[name], args.start, args.games, IdeaPlayer, watch)
            seconds = time.perf_counter() - began
            print(f"{name:22} {sum(won) / len(won):6.1%}  {paired(won, base)}; {seconds:.0f} s")


if __name__ == "__main__":
    main()
