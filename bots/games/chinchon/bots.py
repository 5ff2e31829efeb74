"""Chinchón bots that play from a player's view and the legal actions only.

:class:`HeuristicPlayer` is a greedy player built on :func:`best_arrangement`:

* **Draw.** It takes the top discard only when that lowers the best
  arrangement's unmatched points of the hand it could keep (the seven cards
  left after its best discard, never the taken card itself), or when the
  taken card joins a meld (more cards matched); otherwise it draws from the
  stock.
* **Close.** Whenever a close is among the legal actions it closes, choosing
  a chinchón first, then the lowest closing score (-10 when all seven are
  matched), then the face-down card worth the most.
* **Discard.** Otherwise it discards the card whose removal leaves the fewest
  unmatched points; ties go to the card worth the most, then to the card with
  the fewest near neighbours (same rank, or same suit within two ranks) among
  the cards kept, then to the seeded generator.

The view does not say which card another player took from the discard pile,
so the bot does not try to keep cards away from the next player.

>>> from bots.core import play_game
>>> from bots.games.chinchon import Chinchon
>>> state = play_game(Chinchon.new(3), [HeuristicPlayer(1), HeuristicPlayer(2)])
>>> state.is_terminal
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bots.games.chinchon.cards import Card
from bots.games.chinchon.engine import (
    ChinchonAction,
    ChinchonView,
    Close,
    Discard,
    DrawStock,
    TakeDiscard,
    arrange,
    closer_score,
)
from bots.games.chinchon.variants import Rules, rules

#: Ranks apart (in run order) within which two cards of a suit count as neighbours.
NEIGHBOUR_REACH = 2


class HeuristicPlayer:
    """A greedy Chinchón player (see the module docstring for its rules).

    ``rules`` is the deck in play (the standard 40 cards by default); pass the
    game's ``state.rules`` for other variants. With a ``seed`` it breaks the
    last ties with its own ``random.Random``; without one, with the generator
    :func:`~bots.core.play_game` gives its seat. Either way it is deterministic.
    """

    def __init__(self, seed: int | None = None, rules: Rules | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed) if seed is not None else None
        self.rules = rules if rules is not None else _standard_rules()

    def __repr__(self) -> str:
        return f"HeuristicPlayer(seed={self.seed!r})"

    def choose(
        self,
        view: ChinchonView,
        legal_actions: Sequence[ChinchonAction],
        rng: random.Random,
    ) -> ChinchonAction:
        """One of ``legal_actions``, chosen from ``view`` alone."""
        if not legal_actions:
            raise ValueError("there is no legal action to choose from")
        generator = self.rng or rng
        closes = [action for action in legal_actions if isinstance(action, Close)]
        if closes:
            return min(closes, key=lambda action: self._close_key(view.hand, action.card))
        discards = [action for action in legal_actions if isinstance(action, Discard)]
        if discards:
            return self._discard(view.hand, discards, generator)
        take = next((a for a in legal_actions if isinstance(a, TakeDiscard)), None)
        draw = next((a for a in legal_actions if isinstance(a, DrawStock)), None)
        top = view.top_discard
        if take is not None and top is not None and (draw is None or self._wants(view.hand, top)):
            return take
        if draw is not None:
            return draw
        return legal_actions[0]

    # --- the parts of a turn -----------------------------------------------------------

    def _close_key(self, hand: Sequence[Card], card: Card) -> tuple[bool, int, int]:
        rest = _without(hand, card)
        arrangement = arrange(rest, self.rules)
        score = closer_score(arrangement, self.rules)
        return (not arrangement.is_chinchon, score, -self.rules.points(card))

    def _discard(
        self, hand: Sequence[Card], discards: Sequence[Discard], generator: random.Random
    ) -> Discard:
        keys = {
            action: (
                arrange(_without(hand, action.card), self.rules).points,
                -self.rules.points(action.card),
                self._neighbours(_without(hand, action.card), action.card),
            )
            for action in discards
        }
        best = min(keys.values())
        tied = [action for action in discards if keys[action] == best]
        return tied[0] if len(tied) == 1 else generator.choice(tied)

    def _wants(self, hand: Sequence[Card], top: Card) -> bool:
        """Whether taking ``top`` lowers the points kept or adds to the melds."""
        now = arrange(hand, self.rules)
        grown = [*hand, top]
        after = min(
            (arrange(_without(grown, card), self.rules) for card in set(hand)),
            key=lambda arrangement: (arrangement.points, -arrangement.matched_count),
        )
        return after.points < now.points or after.matched_count > now.matched_count

    def _neighbours(self, kept: Sequence[Card], card: Card) -> int:
        """How many of ``kept`` could one day meld with ``card``."""
        if self.rules.is_wild(card):
            return len(kept)
        facts = self.rules.facts[card]
        count = 0
        for other in kept:
            if self.rules.is_wild(other):
                count += 1
                continue
            if other.rank == card.rank:
                count += 1
            elif other.suit == card.suit:
                reach = abs(self.rules.facts[other].run_position - facts.run_position)
                count += reach <= NEIGHBOUR_REACH
        return count


def _without(cards: Sequence[Card], card: Card) -> list[Card]:
    """``cards`` less one copy of ``card``."""
    rest = list(cards)
    rest.remove(card)
    return rest


def _standard_rules() -> Rules:
    return rules()
