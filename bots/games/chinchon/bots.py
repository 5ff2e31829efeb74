"""Chinchón bots that play from a player's view and the legal actions only.

:class:`HeuristicPlayer` is a greedy player built on the fewest unmatched
points a hand can leave (:class:`~bots.games.chinchon.points_table.PointsTable`):

* **Draw.** It takes the top discard only when the best seven cards it could
  keep with it (never discarding the taken card itself) leave fewer unmatched
  points than its hand now; otherwise it draws from the stock.
* **Close.** When a close is legal it picks the best one (a chinchón first,
  then the lowest closing score, -10 when all seven are matched, then the
  face-down card worth the most). A close with a card left over is weighed
  against waiting a turn for -10 or a chinchón: it counts the unseen cards
  that would get there, and waits only when the expected gain beats the risk
  that someone else closes first (:data:`CLOSE_HAZARD` per opponent turn,
  costing about :data:`TYPICAL_HAND_POINTS`).
* **Discard.** Otherwise it discards the card whose removal leaves the fewest
  unmatched points, counting :data:`FEED_PENALTY` more for a card the next
  player could use with a card everyone saw them take from the discard pile
  (same rank, or same suit within two ranks). Ties go to the card worth the
  most, then to the card with the fewest near neighbours among the cards
  kept, then to the seeded generator.
* **A stuck hand.** Keeping the cheapest cards can stall a hand for ever: when
  every low card sits unmatched in someone's hand, only J, Q and K go round
  and nobody can close. After :data:`STALL_TURNS` turns in one hand the bot
  discards a random card one turn in three (:data:`STALL_SHAKE`), which lets
  the kept cards go round until someone can meld.
* **Re-entry.** It always re-enters when offered: a player out of the game
  cannot win.

>>> from bots.core import play_game
>>> from bots.games.chinchon import Chinchon
>>> from pnp.catalog import load_catalog
>>> pack = Chinchon.data_from(load_catalog("cards").game("chinchon"))
>>> bots = [HeuristicPlayer(pack, 1), HeuristicPlayer(pack, 2)]
>>> state = play_game(Chinchon.new(pack, 3), bots)
>>> state.is_terminal
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from mypy_extensions import mypyc_attr

from bots.core import RANDOM_BOT, BotSpec
from bots.games.chinchon.actions import (
    ChinchonAction,
    Close,
    Discard,
    DrawStock,
    Reenter,
    TakeDiscard,
)
from bots.games.chinchon.cards import Card, without
from bots.games.chinchon.points_table import PointsTable
from bots.games.chinchon.records import ALL_MATCHED_SCORE, ChinchonView
from bots.games.chinchon.scoring import closer_score
from bots.games.chinchon.variants import Pack

#: Points a half-made meld left unmatched is worth keeping (see ``PointsTable.half_melds``).
HALF_MELD_VALUE = 1
#: Turns into a hand after which the bot takes it to be stuck (everyone sitting on low,
#: unmatched cards while the dear ones go round), and how often it then discards at random.
STALL_TURNS = 60
STALL_SHAKE = 1 / 3
#: Extra points counted against discarding a card the next player is seen to collect.
FEED_PENALTY = 5
#: Rough chance that one opponent closes on a given turn of theirs.
CLOSE_HAZARD = 0.08
#: Rough points a player is caught with when someone else closes.
TYPICAL_HAND_POINTS = 20
#: What closing with a chinchón (winning the game) is worth against one hand's points.
CHINCHON_GAIN = 100


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled (bots.compiled), open to subclasses
class HeuristicPlayer:
    """A greedy Chinchón player (see the module docstring for its rules).

    ``pack`` is the game's printed pack (public knowledge); the deck in play
    (the 8s and 9s, the wild cards) is read from each view. With a ``seed`` it breaks the last ties
    with its own ``random.Random``; without one, with the generator
    :func:`~bots.core.play_game` gives its seat. ``patient=False`` makes it
    close whenever it can. Either way it is deterministic.
    """

    def __init__(
        self,
        pack: Pack,
        seed: int | None = None,
        patient: bool = True,
        half_meld_value: int = HALF_MELD_VALUE,
    ) -> None:
        self.pack = pack
        self.seed = seed
        self.rng = random.Random(seed) if seed is not None else None
        self.patient = patient
        self.half_meld_value = half_meld_value
        self._deck: tuple[bool, str] | None = None
        self._table = PointsTable.for_rules(pack.rules())

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
        deck = (view.forty_eight, view.wild)
        if deck != self._deck:
            deck_rules = self.pack.rules(view.forty_eight, view.wild)
            self._deck, self._table = deck, PointsTable.for_rules(deck_rules)
        table = self._table
        deck_rules = table.rules
        # The action classes are looked up once (each name is a global lookup otherwise).
        discard_kind, close_kind = Discard, Close
        discards = [a for a in legal_actions if type(a) is discard_kind]
        closes = [a for a in legal_actions if type(a) is close_kind]
        if discards or closes:
            options = table.discard_options(view.hand)
            if closes:
                left_after = {card: points for card, (points, _) in options.items()}
                close = self._best_close(view, closes, left_after, table)
                if (
                    not self.patient
                    or not discards
                    or not self._worth_waiting(view, close, left_after, table)
                ):
                    return close
            if discards:
                return self._discard(view, discards, options, table, generator)
            return legal_actions[0]
        reenter = next((a for a in legal_actions if type(a) is Reenter), None)
        if reenter is not None:
            return reenter
        take = next((a for a in legal_actions if type(a) is TakeDiscard), None)
        draw = next((a for a in legal_actions if type(a) is DrawStock), None)
        top = view.top_discard
        if (
            take is not None
            and top is not None
            and (draw is None or table.better_with(view.hand, top))
        ):
            return take
        return draw if draw is not None else legal_actions[0]

    # --- the parts of a turn -----------------------------------------------------------

    def _best_close(
        self,
        view: ChinchonView,
        closes: Sequence[Close],
        left_after: dict[Card, int],
        table: PointsTable,
    ) -> Close:
        deck_rules = table.rules

        def key(action: Close) -> tuple[bool, int, int]:
            left = left_after[action.card]
            chinchon, score = False, left
            if left == 0:
                arrangement = table.arrangement(without(view.hand, action.card))
                chinchon, score = arrangement.is_chinchon, closer_score(arrangement, deck_rules)
            return (not chinchon, score, -deck_rules.points(action.card))

        return min(closes, key=key)

    def _worth_waiting(
        self, view: ChinchonView, close: Close, left_after: dict[Card, int], table: PointsTable
    ) -> bool:
        """Whether waiting a turn for -10 or a chinchón beats closing now with a card left."""
        left = left_after[close.card]
        if left <= 0:
            return False
        unseen = _unseen(view, table)
        if not unseen:
            return False
        best_discard = min(
            left_after, key=lambda card: (left_after[card], -table.card_points[card])
        )
        all_matched, chinchon = table.completions(without(view.hand, best_discard), unseen)
        opponents = sum(1 for seat, out in enumerate(view.out) if not out and seat != view.player)
        safe = (1 - CLOSE_HAZARD) ** opponents
        gain = safe * (
            all_matched / len(unseen) * (left - ALL_MATCHED_SCORE)
            + chinchon / len(unseen) * CHINCHON_GAIN
        )
        return gain > (1 - safe) * TYPICAL_HAND_POINTS

    def _discard(
        self,
        view: ChinchonView,
        discards: Sequence[Discard],
        options: dict[Card, tuple[int, int]],
        table: PointsTable,
        generator: random.Random,
    ) -> Discard:
        near, card_bits, card_points = table.near, table.card_bits, table.card_points
        wanted = 0  # cards the next player could use with what they were seen taking
        if view.picked_up:
            for card in view.picked_up[view.next_player]:
                wanted |= near.get(card, -1)  # a wild card goes with anything
        weight = self.half_meld_value
        if view.turns_this_hand >= STALL_TURNS and generator.random() < STALL_SHAKE:
            return generator.choice(list(discards))  # a stuck hand: let a kept card go round
        # Cheapest first, so that most cards are ruled out before half-melds are counted
        # (ties in the order offered). The best is the fewest points (less half-melds,
        # plus any feeding penalty), then the dearest card.
        # (points, place) in one small integer each: sorting plain integers is quickest.
        # The cards are read off the actions once (attributes of actions cost more than
        # list places in compiled code).
        cards = [action.card for action in discards]
        places = len(cards)
        order = sorted([options[card][0] * places + i for i, card in enumerate(cards)])
        best_points = best_dear = 0
        tied: list[int] = []
        for rank in order:
            place = rank % places
            card = cards[place]
            points, left = options[card]
            if wanted and card_bits.get(card, -1) & wanted:
                points += FEED_PENALTY
            # Even if every card left were half a meld, could it beat or tie the best?
            if tied and left >= 0 and points - weight * left.bit_count() > best_points:
                continue
            points -= weight * table.half_melds(left)
            dear = card_points[card]
            if not tied or points < best_points or (points == best_points and dear > best_dear):
                best_points, best_dear, tied = points, dear, [place]
            elif points == best_points and dear == best_dear:
                tied.append(place)
        if len(tied) > 1:  # keep the card with more near neighbours (wild cards count)
            held, wilds = 0, 0
            for card in view.hand:
                if card in card_bits:
                    held |= card_bits[card]
                else:
                    wilds += 1
            counts = [
                (near[cards[place]] & held).bit_count() + wilds
                if cards[place] in near
                else len(view.hand) - 1
                for place in tied
            ]
            fewest = min(counts)
            tied = [place for place, count in zip(tied, counts, strict=True) if count == fewest]
        return discards[tied[0] if len(tied) == 1 else generator.choice(tied)]


def _unseen(view: ChinchonView, table: PointsTable) -> list[Card]:
    """Distinct cards of the deck this player has not seen (not in hand or discard pile)."""
    seen = set(view.hand) | set(view.discard_pile)
    for cards in view.picked_up:
        seen.update(cards)
    return [card for card in table.card_points if card not in seen]


#: The bots of Chinchón, weakest first.
BOTS: tuple[BotSpec, ...] = (
    RANDOM_BOT,
    BotSpec(
        "heuristic",
        "keeps the cards that make or nearly make melds, discards its dearest loose card "
        "and closes when waiting no longer pays",
        lambda pack, seed: HeuristicPlayer(pack, seed),
    ),
)
