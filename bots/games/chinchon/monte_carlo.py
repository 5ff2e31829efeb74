"""The strongest Chinchón bot: determinized Monte Carlo over the cards it cannot see.

:class:`MonteCarloPlayer` looks ahead where a choice is close. At a turn it
lists a few candidate moves (the medium bot's own choice first):

* **Draw.** The stock and the top discard, when the top discard could go in a
  meld with a card it holds (same rank, or same suit within two ranks, or a
  wild card); otherwise it draws from the stock without looking ahead.
* **Discard or close.** The medium bot's best close (a close that would take
  it over the limit is a loss and is never a candidate; a chinchón is played at
  once) and the discards the medium bot counts within :data:`DISCARD_SPREAD`
  points of its best, at most :data:`MAX_CANDIDATES` moves in all.

With one candidate it plays it. Otherwise it makes ``budget`` plays-out in
all: it guesses the hidden cards (:func:`~bots.games.chinchon.worlds.deal_hidden`:
the cards it has not seen, shared at random among the other hands and the
stock, each hand keeping the cards its player was seen taking), builds that
position (:func:`~bots.games.chinchon.worlds.world`), and plays each
candidate from it, then medium bots in every seat, to the end of the hand (at
most :data:`ROLLOUT_TURNS` turns). Every candidate is played out on the same
guesses with the same generators, so the comparison is between moves, not
luck. The end of each play-out is worth its chance of winning the game by a
rough rule (:func:`standing`): the game's result if it ended, else each
player still in gets ``exp(room / TEMPERATURE)`` shares, ``room`` being how
far their total is below the limit (a player who went out and may re-enter
counts at the total they would come back with; one out for good has none).
It plays the candidate with the most, ties to the earlier (the medium bot's
choice). It re-enters when offered, like the others.

It never reads a real state: every world is built from its view. For a seed it
is deterministic: the guesses and the play-outs use generators drawn from its
own seeded one.

>>> from bots.core import play_game
>>> from bots.games.chinchon import Chinchon
>>> from pnp.catalog import load_catalog
>>> pack = Chinchon.data_from(load_catalog("cards").game("chinchon"))
>>> bots = [MonteCarloPlayer(pack, 1, budget=8), HeuristicPlayer(pack, 2)]
>>> play_game(Chinchon.new(pack, 3, {"players": 2}), bots).is_terminal
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from mypy_extensions import mypyc_attr

from bots.core import Params
from bots.games.chinchon.actions import ChinchonAction, Close, Discard, DrawStock, TakeDiscard
from bots.games.chinchon.cards import Card
from bots.games.chinchon.engine import HAND_SIZE, MAX_SEATS, Chinchon
from bots.games.chinchon.heuristic import HeuristicPlayer
from bots.games.chinchon.reading import TableReading
from bots.games.chinchon.records import ChinchonView
from bots.games.chinchon.variants import Pack
from bots.games.chinchon.worlds import deal_likely, table_params, world

#: Play-outs per decision, shared among the candidates.
DEFAULT_BUDGET = 48
#: The most candidate moves weighed at one decision.
MAX_CANDIDATES = 4
#: How many points worse than the medium bot's best a discard may count and be weighed.
DISCARD_SPREAD = 4
#: The rounds of turns a play-out runs before the hand is scored as it stands.
HORIZON = 2
#: How many standard errors a candidate's average gain over the medium bot's choice
#: must reach for the bot to play it instead.
CONFIDENCE = 1.5
#: Points of room below the limit that multiply a player's share of wins by e.
TEMPERATURE = 20.0


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled (bots.compiled), open to subclasses
class MonteCarloPlayer:
    """A Chinchón player that plays out guesses at the hidden cards (see the module
    docstring). ``budget`` is the number of play-outs per decision (more is
    stronger and slower); ``seed`` seeds its generator (without one it uses the
    generator :func:`~bots.core.play_game` gives its seat)."""

    def __init__(
        self,
        pack: Pack,
        seed: int | None = None,
        budget: int = DEFAULT_BUDGET,
        max_candidates: int = MAX_CANDIDATES,
        horizon: int = HORIZON,
        confidence: float = CONFIDENCE,
    ) -> None:
        if budget < 1:
            raise ValueError(f"the budget must be at least one play-out, got {budget}")
        if max_candidates < 1:
            raise ValueError(f"at least one candidate must be weighed, got {max_candidates}")
        self.pack = pack
        self.seed = seed
        self.budget = budget
        self.max_candidates = max_candidates
        self.horizon = horizon
        self.confidence = confidence
        self.rng = random.Random(seed) if seed is not None else None
        #: Its own first choice and ranking of discards (the medium bot).
        self.medium = HeuristicPlayer(pack, seed)
        #: The players of the play-outs, one a seat (without seeds: each play-out gives
        #: them generators of its own).
        self.policy = [HeuristicPlayer(pack) for _ in range(MAX_SEATS)]
        self._params: tuple[tuple[object, ...], Params, tuple[Card, ...]] | None = None
        #: What it has seen the others do this hand.
        self.reading = TableReading()
        #: Play-outs made so far (for benchmarks).
        self.rollouts = 0

    def __repr__(self) -> str:
        return f"MonteCarloPlayer(seed={self.seed!r}, budget={self.budget})"

    def choose(
        self,
        view: ChinchonView,
        legal_actions: Sequence[ChinchonAction],
        rng: random.Random,
    ) -> ChinchonAction:
        """One of ``legal_actions``, chosen from ``view`` alone."""
        generator = self.rng or rng
        if view.must_draw and view.current_player == view.player:
            self.reading.watch(view)
        action = self._search(view, legal_actions, generator)
        if type(action) is Discard:
            self.reading.after_discard(view, action.card)
        return action

    def _search(
        self,
        view: ChinchonView,
        legal_actions: Sequence[ChinchonAction],
        generator: random.Random,
    ) -> ChinchonAction:
        candidates = self.candidates(view, legal_actions, generator)
        if len(candidates) == 1:
            return candidates[0]
        params, deck = self._table(view)
        rounds = max(2, self.budget // len(candidates))
        worth = [[0.0] * rounds for _ in candidates]
        state: Chinchon | None = None
        for round_ in range(rounds):
            seed = generator.getrandbits(32)
            guess = self.guess(view, deck, seed)
            for place, action in enumerate(candidates):
                if state is None:
                    state = world(self.pack, view, seed, params, guess)
                else:  # the same state, placed again: quicker than a new one
                    state.place(view, *guess)
                    state.rng.seed(seed)
                worth[place][round_] = self.play_out(state, action, view.player, seed)
        return candidates[_clearly_best(worth, self.confidence)]

    def guess(
        self, view: ChinchonView, deck: tuple[Card, ...], seed: int
    ) -> tuple[list[list[Card]], list[Card]]:
        """One guess at the hidden cards (:func:`~bots.games.chinchon.worlds.deal_likely`)."""
        return deal_likely(
            view, deck, random.Random(seed), self.medium.table_for(view), self.reading
        )

    def _table(self, view: ChinchonView) -> tuple[Params, tuple[Card, ...]]:
        """The table's parameters and deck (worked out once per table)."""
        key = (
            len(view.totals),
            view.wild,
            view.forty_eight,
            view.five_points,
            view.limit,
            view.reentry_limit,
            view.hand_turn_limit,
        )
        if self._params is None or self._params[0] != key:
            params = table_params(view)
            self._params = (key, params, Chinchon(self.pack, 0, params).deck)
        return self._params[1], self._params[2]

    def candidates(
        self,
        view: ChinchonView,
        legal_actions: Sequence[ChinchonAction],
        generator: random.Random,
    ) -> list[ChinchonAction]:
        """The moves worth weighing here, the medium bot's choice first."""
        first = self.medium.choose(view, legal_actions, generator)
        kinds = {type(action) for action in legal_actions}
        if TakeDiscard in kinds and DrawStock in kinds:
            top = view.top_discard
            table = self.medium.table_for(view)
            if top is None or not _could_meld(view, top, table.near, table.card_bits):
                return [first]
            other = next(a for a in legal_actions if type(a) is not type(first))
            return [first, other]
        discards = [a for a in legal_actions if type(a) is Discard]
        if not discards:
            return [first]
        found: list[ChinchonAction] = [first]
        closes = [a for a in legal_actions if type(a) is Close]
        if closes:
            table = self.medium.table_for(view)
            left_after = {card: p for card, (p, _) in table.discard_options(view.hand).items()}
            close = self.medium.best_close(view, closes, left_after, table)
            chinchon, score = self.medium.close_score(view, close, left_after, table)
            if chinchon:
                return [close]
            if close is not first and view.totals[view.player] + score <= view.limit:
                found.append(close)
        ranked = self.medium.ranked_discards(view, discards)
        best = ranked[0][0]
        for points, action in ranked:
            if len(found) >= self.max_candidates or points > best + DISCARD_SPREAD:
                break
            if action is not first:
                found.append(action)
        return found

    def play_out(self, state: Chinchon, action: ChinchonAction, me: int, seed: int) -> float:
        """Play ``action`` in ``state``, then medium bots for :attr:`horizon` rounds or to
        the end of the hand; what that is worth to ``me`` (see :func:`standing`)."""
        self.rollouts += 1
        hands = state.hands_played
        state.apply(action)
        policy = self.policy
        generator = random.Random(seed)  # the players' ties and stuck hands
        last_turn = state.turns + self.horizon * state.active_players
        while state.turns < last_turn and state.hands_played == hands and not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            legal = state.legal_actions()
            state.apply(policy[seat].choose(state.view(seat), legal, generator))
        return standing(state, me, state.hands_played == hands)


def standing(state: Chinchon, me: int, unfinished: bool = False) -> float:
    """A rough chance that ``me`` wins the game from ``state`` (see the module docstring);
    ``unfinished``: the hand is still being played, and every hand is counted as if it
    ended now, each player scoring its fewest unmatched points."""
    if state.is_terminal:
        return state.returns()[me]
    limit = state.limit
    shares = 0.0
    mine = 0.0
    table = state.points_table
    for seat in range(state.num_players):
        total = state.totals[seat]
        if state.out[seat]:
            if seat not in state.reentry_queue:
                continue
            total = state.reentry_total
        elif unfinished:
            hand = state.hands[seat]
            if len(hand) > HAND_SIZE:
                total += min(table.points_without_each(hand).values())
            else:
                total += table.points(hand)
        room = limit - total
        if room < 0:
            continue
        share = math.exp(room / TEMPERATURE)
        shares += share
        if seat == me:
            mine = share
    return mine / shares if shares else 0.0


def _clearly_best(worth: list[list[float]], confidence: float) -> int:
    """The place of the candidate to play: the one whose play-outs beat the first
    candidate's (on the same guesses) by the most on average, if by more than
    ``confidence`` standard errors of that average; else the first."""
    base = worth[0]
    rounds = len(base)
    best, best_gain = 0, 0.0
    for place in range(1, len(worth)):
        differences = [value - first for value, first in zip(worth[place], base, strict=True)]
        gain = sum(differences) / rounds
        spread = sum((difference - gain) ** 2 for difference in differences) / (rounds - 1)
        if gain > best_gain and gain > confidence * math.sqrt(spread / rounds):
            best, best_gain = place, gain
    return best


def _could_meld(
    view: ChinchonView, top: Card, near: dict[Card, int], bits: dict[Card, int]
) -> bool:
    """Whether ``top`` could go in a meld with a card of the hand (a wild card could)."""
    reach = near.get(top)
    if reach is None:
        return True
    return any(card not in bits or bits[card] & reach for card in view.hand)
