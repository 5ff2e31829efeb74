"""The Chinchón heuristic bot: a greedy player that sees only its view.

:class:`HeuristicPlayer` is built on the fewest unmatched points a hand can
leave (:class:`~bots.games.chinchon.points_table.PointsTable`). Its level
(:data:`STYLES`) says which refinements it plays with; ``medium`` has them
all, ``easy`` none:

* **Draw.** *Medium* takes the top discard only for a card it means to keep:
  the best seven it could keep with it (never letting the taken card go) must
  leave fewer unmatched points, less half-melds, than its hand now, with the
  taken card in a meld or beside a card it keeps (a half-meld: same rank, or
  same suit within two ranks). *Easy* takes whenever the seven it could keep
  leave fewer points, a loose low card for a loose dear one too.
* **Keeping a taken card.** *Medium* counts :data:`KEEP_TAKEN_MARGIN` points
  against discarding a card it took from the discard pile this hand: it lets
  it go only when its hand has changed so that keeping it costs more.
* **Close.** When a close is legal it picks the best one (a chinchón first,
  then the lowest closing score, -10 when all seven are matched, then the
  face-down card worth the most). A close that would take its total over the
  table's limit puts it out of the game, a loss: while a discard is legal it
  never makes one (a chinchón still wins). *Medium* weighs a close with a card
  left over against waiting a turn for -10 or a chinchón: it counts the
  unseen cards that would get there, and waits only when the expected gain
  beats the risk that someone else closes first (:data:`CLOSE_HAZARD` per
  opponent turn, costing about :data:`TYPICAL_HAND_POINTS`). *Easy* closes
  whenever it may.
* **Discard.** Otherwise it discards the card whose removal leaves the fewest
  unmatched points. *Medium* counts :data:`HALF_MELD_VALUE` less for each
  unmatched card kept beside a near card, and :data:`FEED_PENALTY` more for a
  card the next player could use with a card everyone saw them take from the
  discard pile. Ties go to the card worth the most, then to the card with the
  fewest near neighbours among the cards kept, then to the seeded generator.
* **A stuck hand.** Keeping the cheapest cards can stall a hand for ever: when
  every low card sits unmatched in someone's hand, only J, Q and K go round
  and nobody can close. After :data:`STALL_TURNS` turns in one hand the bot
  discards a random card one turn in three (:data:`STALL_SHAKE`; never a card
  it took while it holds another), which lets the kept cards go round.
* **Re-entry.** It always re-enters when offered: a player out of the game
  cannot win.

>>> from bots.core import play_game
>>> from bots.games.chinchon import Chinchon
>>> from pnp.catalog import load_catalog
>>> pack = Chinchon.data_from(load_catalog("cards").game("chinchon"))
>>> bots = [HeuristicPlayer(pack, 1), HeuristicPlayer(pack, 2, level="easy")]
>>> state = play_game(Chinchon.new(pack, 3), bots)
>>> state.is_terminal
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from mypy_extensions import mypyc_attr

from bots.games.chinchon.actions import (
    ChinchonAction,
    Close,
    Discard,
    DrawStock,
    Reenter,
    TakeDiscard,
)
from bots.games.chinchon.cards import Card, without
from bots.games.chinchon.points_table import SECOND_COPY, PointsTable
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
#: Extra points counted against discarding a card taken from the discard pile this hand.
KEEP_TAKEN_MARGIN = 2
#: Rough chance that one opponent closes on a given turn of theirs.
CLOSE_HAZARD = 0.08
#: Rough points a player is caught with when someone else closes.
TYPICAL_HAND_POINTS = 20
#: What closing with a chinchón (winning the game) is worth against one hand's points.
CHINCHON_GAIN = 100


@dataclass(frozen=True)
class Style:
    """Which refinements a level plays with (see the module docstring)."""

    name: str
    #: Weigh a close with a card left against waiting for -10 or a chinchón.
    patient: bool
    #: Points a kept half-meld is worth.
    half_meld_value: int
    #: Points against feeding the next player what they collect.
    feed_penalty: int
    #: Take the top discard only for a card it keeps in a meld or half-meld.
    takes_to_keep: bool
    #: Points against discarding a card taken this hand.
    keep_taken_margin: int
    #: With ``takes_to_keep``: take a card for a half-meld too, not only for a meld.
    takes_for_half_melds: bool = False

    def __deepcopy__(self, memo: dict[int, object]) -> Style:
        return self  # a frozen record (compiled: it could not be rebuilt field by field)


#: The heuristic levels, by name.
STYLES: dict[str, Style] = {
    "easy": Style(
        "easy",
        patient=False,
        half_meld_value=0,
        feed_penalty=0,
        takes_to_keep=False,
        keep_taken_margin=0,
    ),
    "medium": Style(
        "medium",
        patient=True,
        half_meld_value=HALF_MELD_VALUE,
        feed_penalty=FEED_PENALTY,
        takes_to_keep=True,
        keep_taken_margin=KEEP_TAKEN_MARGIN,
    ),
}


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled (bots.compiled), open to subclasses
class HeuristicPlayer:
    """A greedy Chinchón player (see the module docstring for its rules).

    ``pack`` is the game's printed pack (public knowledge); the deck in play
    (the 8s and 9s, the wild cards) is read from each view. ``level`` is one of
    :data:`STYLES` (``easy`` or ``medium``); ``patient`` and ``half_meld_value``
    override the level's. With a ``seed`` it breaks the last ties with its own
    ``random.Random``; without one, with the generator :func:`~bots.core.play_game`
    gives its seat. Either way it is deterministic.
    """

    def __init__(
        self,
        pack: Pack,
        seed: int | None = None,
        patient: bool | None = None,
        half_meld_value: int | None = None,
        level: str = "medium",
    ) -> None:
        if level not in STYLES:
            raise ValueError(f"level must be one of {', '.join(STYLES)}, got {level!r}")
        style = STYLES[level]
        self.pack = pack
        self.seed = seed
        self.level = level
        self.rng = random.Random(seed) if seed is not None else None
        self.patient = style.patient if patient is None else patient
        self.half_meld_value = style.half_meld_value if half_meld_value is None else half_meld_value
        self.feed_penalty = style.feed_penalty
        self.takes_to_keep = style.takes_to_keep
        self.keep_taken_margin = style.keep_taken_margin
        self.takes_for_half_melds = style.takes_for_half_melds
        self._deck: tuple[bool, str] | None = None
        self._table = PointsTable.for_rules(pack.rules())

    def __repr__(self) -> str:
        return f"HeuristicPlayer(seed={self.seed!r}, level={self.level!r})"

    def table_for(self, view: ChinchonView) -> PointsTable:
        """The points table of the deck in play in ``view``."""
        deck = (view.forty_eight, view.wild)
        if deck != self._deck:
            self._deck = deck
            self._table = PointsTable.for_rules(self.pack.rules(view.forty_eight, view.wild))
        return self._table

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
        table = self.table_for(view)
        # The action classes are looked up once (each name is a global lookup otherwise).
        discard_kind, close_kind = Discard, Close
        discards = [a for a in legal_actions if type(a) is discard_kind]
        closes = [a for a in legal_actions if type(a) is close_kind]
        if discards or closes:
            options = table.discard_options(view.hand)
            if closes:
                left_after = {card: points for card, (points, _) in options.items()}
                close = self.best_close(view, closes, left_after, table)
                if not discards:
                    return close
                chinchon, score = self.close_score(view, close, left_after, table)
                if chinchon or (
                    view.totals[view.player] + score <= view.limit
                    and (
                        not self.patient or not self._worth_waiting(view, close, left_after, table)
                    )
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
        if take is not None and top is not None and (draw is None or self.wants(view, top, table)):
            return take
        return draw if draw is not None else legal_actions[0]

    # --- the parts of a turn -----------------------------------------------------------

    def wants(self, view: ChinchonView, top: Card, table: PointsTable) -> bool:
        """Whether to take ``top`` from the discard pile (see the module docstring)."""
        if not self.takes_to_keep:
            return table.better_with(view.hand, top)
        reach = table.near.get(top)
        if reach is not None:  # (a wild card goes with anything)
            card_bits = table.card_bits
            for card in view.hand:
                if card not in card_bits or card_bits[card] & reach:
                    break
            else:
                return False  # no card it could share a meld with
        grown = sorted([*view.hand, top], key=_order)
        options = table.discard_options(grown)
        weight = self.half_meld_value
        now_points, now_left = options[top]  # the hand as it is: the top let go again
        now = now_points - weight * table.half_melds(now_left)
        best_card: Card | None = None
        best = now
        for card, (points, left) in options.items():
            value = points - weight * table.half_melds(left)
            if card is not top and value < best:
                best_card, best = card, value
        if best_card is None:
            return False
        left = options[best_card][1]
        bit = table.bits.get(top, 0)
        if left >= 0 and bit and not left >> SECOND_COPY and top not in view.hand:
            return not left & bit or (self.takes_for_half_melds and bool(table.near[top] & left))
        return _in_use(without(grown, best_card), top, table, self.takes_for_half_melds)

    def close_score(
        self, view: ChinchonView, close: Close, left_after: dict[Card, int], table: PointsTable
    ) -> tuple[bool, int]:
        """Whether ``close`` is a chinchón, and what it scores the closer."""
        left = left_after[close.card]
        if left:
            return False, left
        arrangement = table.arrangement(without(view.hand, close.card))
        return arrangement.is_chinchon, closer_score(arrangement, table.rules)

    def best_close(
        self,
        view: ChinchonView,
        closes: Sequence[Close],
        left_after: dict[Card, int],
        table: PointsTable,
    ) -> Close:
        """The best of ``closes``: a chinchón, then the lowest score, then the dearest card."""
        deck_rules = table.rules

        def key(action: Close) -> tuple[bool, int, int]:
            chinchon, score = self.close_score(view, action, left_after, table)
            return (not chinchon, score, -deck_rules.points(action.card))

        return min(closes, key=key)

    def _worth_waiting(
        self, view: ChinchonView, close: Close, left_after: dict[Card, int], table: PointsTable
    ) -> bool:
        """Whether waiting a turn for -10 or a chinchón beats closing now with a card left."""
        left = left_after[close.card]
        if left <= 0:
            return False
        unseen = unseen_cards(view, table)
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

    def _wanted_by_next(self, view: ChinchonView, table: PointsTable) -> int:
        """The bits of cards the next player could use with what they were seen taking."""
        wanted = 0
        if self.feed_penalty and view.picked_up:
            near = table.near
            for card in view.picked_up[view.next_player]:
                wanted |= near.get(card, -1)  # a wild card goes with anything
        return wanted

    def _discard(
        self,
        view: ChinchonView,
        discards: Sequence[Discard],
        options: dict[Card, tuple[int, int]],
        table: PointsTable,
        generator: random.Random,
    ) -> Discard:
        near, card_bits, card_points = table.near, table.card_bits, table.card_points
        wanted = self._wanted_by_next(view, table)
        taken = view.picked_up[view.player] if view.picked_up else ()
        keep_margin = self.keep_taken_margin if taken else 0
        feed_penalty = self.feed_penalty
        weight = self.half_meld_value
        if view.turns_this_hand >= STALL_TURNS and generator.random() < STALL_SHAKE:
            # A stuck hand: let a kept card go round (not one it took, while it can).
            loose = [a for a in discards if not keep_margin or a.card not in taken]
            return generator.choice(loose or list(discards))
        # Cheapest first, so that most cards are ruled out before half-melds are counted
        # (ties in the order offered). The best is the fewest points (less half-melds,
        # plus any feeding penalty or keeping margin), then the dearest card.
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
                points += feed_penalty
            if keep_margin and card in taken:
                points += keep_margin
            # Even if every card left were half a meld, could it beat or tie the best?
            if tied and left >= 0 and points - weight * left.bit_count() > best_points:
                continue
            if weight:
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

    def ranked_discards(
        self, view: ChinchonView, discards: Sequence[Discard]
    ) -> list[tuple[int, Discard]]:
        """Every one of ``discards`` with the points this bot counts for it (fewest is best,
        as in its own choice, before its last tie-breaks), best first, ties in the order
        given (the dearest card first)."""
        table = self.table_for(view)
        options = table.discard_options(view.hand)
        wanted = self._wanted_by_next(view, table)
        taken = view.picked_up[view.player] if view.picked_up else ()
        scored: list[tuple[int, int, int, Discard]] = []
        for place, action in enumerate(discards):
            points, left = options[action.card]
            if wanted and table.card_bits.get(action.card, -1) & wanted:
                points += self.feed_penalty
            if action.card in taken:
                points += self.keep_taken_margin
            points -= self.half_meld_value * table.half_melds(left)
            scored.append((points, -table.card_points[action.card], place, action))
        scored.sort(key=_first_three)
        return [(points, action) for points, _, _, action in scored]


def _order(card: Card) -> int:
    return card.order


def _first_three(entry: tuple[int, int, int, Discard]) -> tuple[int, int, int]:
    return entry[0], entry[1], entry[2]


def _in_use(kept: list[Card], card: Card, table: PointsTable, half_melds: bool) -> bool:
    """Whether ``card`` is in a meld of the best arrangement of ``kept`` (a wild card
    always is), or (``half_melds``) unmatched beside another unmatched card it could
    meld with."""
    if card in table.rules.wild_cards:
        return True
    arrangement = table.arrangement(kept)
    unmatched = list(arrangement.unmatched)
    if unmatched.count(card) < kept.count(card):
        return True
    if not half_melds:
        return False
    reach = table.near[card]
    return any(
        other is not card and (other not in table.card_bits or table.card_bits[other] & reach)
        for other in unmatched
    )


def unseen_cards(view: ChinchonView, table: PointsTable) -> list[Card]:
    """Distinct cards of the deck this player has not seen (not in hand or discard pile,
    nor taken by anyone this hand), in the deck's order."""
    seen = set(view.hand) | set(view.discard_pile)
    for cards in view.picked_up:
        seen.update(cards)
    return [card for card in table.card_points if card not in seen]
