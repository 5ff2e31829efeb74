"""Fast unmatched points for the engine and the bots: hands as bit masks.

:func:`~bots.games.chinchon.arrangement.best_arrangement` finds the melds
themselves for any hand; the engine and the bots mostly need only a number,
the fewest unmatched points, and they need it tens of thousands of times a
second. :class:`PointsTable` answers that for a deck's hands:

* a hand of distinct cards without wild cards becomes a bit mask (one bit per
  card, ``suit * ranks + run position``, so a run is a stretch of set bits);
  every meld of the deck is listed once as a mask, keyed by its lowest card;
  a memoised search takes the lowest card left either unmatched or in each
  meld that starts with it. The memo is shared by every hand of the deck, so
  the seven-card hands left by each possible discard of an eight-card hand
  reuse each other's work. The memo is cleared when it grows past a bound.
* any other hand (wild cards in play, or two copies of a card with two decks)
  goes to :func:`best_arrangement`, cached on the sorted cards.

Both give the same number; the test suite checks it on many random hands.

>>> from bots.games.chinchon.cards import parse_cards
>>> from bots.games.chinchon.variants import rules
>>> table = PointsTable.for_rules(rules())
>>> table.points(parse_cards("QH QS QC 5D 6D 7D 3H"))
3
>>> table.is_closing_hand(parse_cards("QH QS QC 5D 6D 7D 3H"), five_points=False)
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache, lru_cache
from operator import attrgetter, itemgetter

from bots.games.chinchon.arrangement import CHINCHON_LENGTH, Arrangement, best_arrangement
from bots.games.chinchon.cards import Card, without
from bots.games.chinchon.masks import (
    CLOSE_SINGLE_LIMIT,
    FIVE_POINTS_LIMIT,
    MELD_MIN,
    RECENT_LIMIT,
    bits_of,
    is_seven_run,
)
from bots.games.chinchon.variants import Rules
from bots.games.chinchon.wild import WildHands

#: Ranks apart within which two cards of a suit count as near each other.
NEAR_REACH = 2
#: Where the second copy of a card sits in a hand's mask (two decks): this many bits up.
SECOND_COPY = 64
#: How many hands whose discards were weighed are remembered (see ``PointsTable.packings``).
PARENT_RING = 16


_SAVED = itemgetter(1)


def _sort_packings(packings: list[tuple[int, int]]) -> None:
    """Put ``packings`` (cover, saved) in their one order, however they were worked
    out (so answers never depend on what was asked before): most points saved
    first, then by the cards covered. Two sorts without a Python key function:
    by cover, then (stably) by points saved, most first."""
    packings.sort()
    packings.sort(key=_SAVED, reverse=True)


_ORDER = attrgetter("order")


def _split(melds: list[int], rest: int) -> tuple[int, ...] | None:
    """The fewest of ``melds`` that make up ``rest`` exactly (``None`` if none do)."""
    if not rest:
        return ()
    low = rest & -rest
    best: tuple[int, ...] | None = None
    for meld in melds:
        if meld & low and meld & rest == meld:
            tail = _split(melds, rest ^ meld)
            if tail is not None and (best is None or len(tail) + 1 < len(best)):
                best = (meld, *tail)
    return best


@lru_cache(maxsize=1 << 16)
def _arrange(cards: tuple[Card, ...], deck_rules: Rules) -> Arrangement:
    return best_arrangement(cards, deck_rules)


def arrange(cards: Iterable[Card], deck_rules: Rules) -> Arrangement:
    """:func:`best_arrangement`, cached on the sorted cards."""
    return _arrange(tuple(sorted(cards)), deck_rules)


class PointsTable:
    """The fewest unmatched points of hands of one deck (see the module docstring).

    Build it with :meth:`for_rules` (one table per ``Rules``, cached).
    """

    def __init__(self, deck_rules: Rules) -> None:
        self.rules = deck_rules
        self.rank_count = rank_count = len(deck_rules.ranks)
        suit_count = len(deck_rules.suits)
        size = rank_count * suit_count
        #: The bit of each card that can go in a mask (none when wild cards are in play).
        self.bits: dict[Card, int] = {}
        #: The bit of each card that is not wild (whether or not wild cards are in play).
        self.card_bits: dict[Card, int] = {}
        self.card_points: dict[Card, int] = {}
        #: For each card that is not wild, the bits of the cards it could share a meld
        #: with (same rank, or same suit within two ranks).
        self.near: dict[Card, int] = {}
        points = [0] * size
        for card, facts in deck_rules.facts.items():
            self.card_points[card] = facts.points
            if facts.is_wild:
                continue
            index = facts.suit_index * rank_count + facts.run_position
            self.card_bits[card] = 1 << index
            points[index] = facts.points
            if not deck_rules.wild_cards:
                self.bits[card] = 1 << index
        for card, bit in self.card_bits.items():
            facts = deck_rules.facts[card]
            suit_base = facts.suit_index * rank_count
            same_rank = sum(
                1 << (suit * rank_count + facts.run_position) for suit in range(suit_count)
            )
            close_by = sum(
                1 << (suit_base + place)
                for place in range(
                    facts.run_position - NEAR_REACH, facts.run_position + NEAR_REACH + 1
                )
                if 0 <= place < rank_count
            )
            self.near[card] = (same_rank | close_by) & ~bit
        self._near_by_index = [0] * size
        for card, bit in self.card_bits.items():
            self._near_by_index[bit.bit_length() - 1] = self.near[card]
        runs: list[list[int]] = [[] for _ in range(size)]
        sets: list[list[int]] = [[] for _ in range(size)]
        peers = [0] * size
        for suit in range(suit_count):
            for start in range(rank_count):
                for length in range(MELD_MIN, rank_count - start + 1):
                    runs[suit * rank_count + start].append(
                        ((1 << length) - 1) << (suit * rank_count + start)
                    )
        for position in range(rank_count):
            column = [suit * rank_count + position for suit in range(suit_count)]
            for number, index in enumerate(column):
                higher = column[number + 1 :]
                peers[index] = sum(1 << other for other in higher)
                for chosen in range(1, 1 << len(higher)):
                    members = [other for bit, other in enumerate(higher) if chosen >> bit & 1]
                    if len(members) >= MELD_MIN - 1:
                        sets[index].append(sum(1 << other for other in (index, *members)))
        self._points = points + [0] * (SECOND_COPY - size) + points  # both copies
        #: The most points one card is worth.
        self._dearest = max(points)
        self._layer = (1 << SECOND_COPY) - 1
        self._recent: dict[int, tuple[int, list[tuple[int, int]]]] = {}
        self._masks: dict[tuple[Card, ...], int | None] = {}
        #: The last hands whose discards were weighed (a ring): the hand kept after a
        #: discard is one card smaller than one of them.
        self._parents = [0] * PARENT_RING
        self._parent_at = 0
        self._runs = runs
        self._sets = sets
        self._peers = peers
        self._values = {
            meld: sum(points[i] for i in range(size) if meld >> i & 1)
            for starts in (*runs, *sets)
            for meld in starts
        }
        self._segment = (1 << rank_count) - 1
        self._bases = [suit * rank_count for suit in range(suit_count)]
        self._columns = [
            sum(1 << (base + position) for base in self._bases) for position in range(rank_count)
        ]
        # Masks that keep a shifted hand within its suits, for counting near neighbours.
        within = [
            sum(1 << (base + position) for base in self._bases for position in positions)
            for positions in (
                range(1, rank_count),
                range(2, rank_count),
                range(rank_count - 1),
                range(rank_count - 2),
            )
        ]
        self._shifts = tuple(within)
        # The suits a hand keeps when shifted up one, two or three suits (so that
        # the shifted masks stay small numbers, which compiled code handles fastest).
        self._suits_below = tuple(
            (1 << (size - suits * rank_count)) - 1 for suits in range(1, suit_count)
        )
        self._at_bit = {bit: card for card, bit in self.card_bits.items()}
        self._wild = (
            WildHands(
                self.card_bits,
                deck_rules.wild_cards,
                self._points,
                deck_rules.joker_points,
                rank_count,
            )
            if deck_rules.wild_cards
            else None
        )
        self._run_cache: dict[tuple[int, int], list[tuple[int, int]]] = {}
        self._set_cache: dict[int, list[tuple[int, int]]] = {}
        #: For each card index, every meld of the deck that holds it.
        self._through = [
            [meld for meld in self._values if meld >> index & 1] for index in range(size)
        ]

    def __deepcopy__(self, memo: dict[int, object]) -> PointsTable:
        return self  # one table per deck in play, shared by every game (answers only)

    def __copy__(self) -> PointsTable:
        return self

    @classmethod
    def for_rules(cls, deck_rules: Rules) -> PointsTable:
        """The table of ``deck_rules`` (built once)."""
        return _table(deck_rules)

    def forget(self) -> None:
        """Drop every hand kept for quick answers (answers never depend on them)."""
        self._recent.clear()
        self._masks.clear()
        self._parents = [0] * PARENT_RING
        self._parent_at = 0

    def mask(self, cards: Iterable[Card]) -> int | None:
        """The bit mask of ``cards``, or ``None`` if the fast search cannot take them."""
        if type(cards) is tuple:  # a view's hand: asked about several times a turn
            known = self._masks.get(cards, 0)
            if known != 0:
                return known
            found = self._mask(cards)
            if len(self._masks) >= RECENT_LIMIT:
                self._masks.clear()
            self._masks[cards] = found
            return found
        return self._mask(cards)

    def _mask(self, cards: Iterable[Card]) -> int | None:
        bits = self.bits
        mask = 0
        for card in cards:
            bit = bits.get(card)
            if bit is None:
                return None
            if mask & bit:  # a second copy (two decks) goes in the upper layer
                bit <<= SECOND_COPY
                if mask & bit:
                    return None
            mask |= bit
        return mask

    def points(self, cards: Sequence[Card]) -> int:
        """The fewest unmatched points ``cards`` can leave."""
        mask = self.mask(cards)
        if mask is None:
            split = self._wild.split(cards) if self._wild is not None else None
            if split is None:
                return arrange(cards, self.rules).points
            total, packings = self._wild.packings(*split)  # type: ignore[union-attr]
            return total - packings[0][2]
        return self.mask_points(mask)

    def single_copy_mask(self, cards: Sequence[Card]) -> int | None:
        """The bit mask of ``cards`` if the fast search can take them and no card is
        held twice (then each card is one bit), else ``None``."""
        mask = self.mask(cards)
        return None if mask is None or mask >> SECOND_COPY else mask

    def points_without(self, mask: int, removed: int) -> int:
        """The fewest unmatched points of the hand ``mask`` less its cards ``removed``."""
        total, packings = self.packings(mask)
        points = self._points
        rest = removed
        while rest:
            low = rest & -rest
            rest ^= low
            total -= points[low.bit_length() - 1]
        for cover, saved in packings:  # the most points saved first; (0, 0) is among them
            if not cover & removed:
                return total - saved
        raise AssertionError("the empty packing fits any hand")

    def mask_points(self, mask: int) -> int:
        """The fewest unmatched points of the hand ``mask``."""
        total, packings = self.packings(mask)
        return total - packings[0][1]

    def points_without_each(self, cards: Sequence[Card]) -> dict[Card, int]:
        """For each distinct card of ``cards``, the fewest points left without one copy of it."""
        return {card: points for card, (points, _) in self.discard_options(cards).items()}

    def discard_options(self, cards: Sequence[Card]) -> dict[Card, tuple[int, int]]:
        """For each distinct card of ``cards``: the fewest points left without one copy
        of it, and the cards those best melds leave unmatched, as a mask for
        :meth:`half_melds` (``-1`` when the hand is one the fast search cannot take)."""
        mask = self.mask(cards)
        if mask is None:
            wild = self._wild_without(cards)
            if wild is not None:
                return wild
            found: dict[Card, tuple[int, int]] = {}
            for card in cards:
                if card not in found:
                    found[card] = (arrange(without(cards, card), self.rules).points, -1)
            return found
        total, packings = self.packings(mask)
        bits, card_points = self.bits, self.card_points
        self._parents[self._parent_at] = mask
        self._parent_at = (self._parent_at + 1) % PARENT_RING
        options: dict[Card, tuple[int, int]] = {}
        for card in cards:
            bit = bits[card]
            if mask >> SECOND_COPY & bit:  # of two copies, let the second one go
                bit <<= SECOND_COPY
            for cover, saved in packings:  # the most points saved first
                if not cover & bit:
                    options[card] = (total - card_points[card] - saved, mask ^ bit ^ cover)
                    break
        return options

    @property
    def wild_hands(self) -> WildHands | None:
        """The fast search of hands with wild cards, for decks that have them."""
        return self._wild

    def _wild_without(self, cards: Sequence[Card]) -> dict[Card, tuple[int, int]] | None:
        """:meth:`discard_options` of a hand with wild cards (``None`` if it cannot be split)."""
        if self._wild is None:
            return None
        split = self._wild.split(cards)
        if split is None:
            return None
        wild_card = next((card for card in cards if card in self.rules.wild_cards), None)
        return {
            (self._at_bit[bit] if bit is not None else wild_card): (points, left)  # type: ignore[misc]
            for bit, points, left in self._wild.without_each(*split)
        }

    def half_melds(self, left: int) -> int:
        """How many of the unmatched cards ``left`` (a mask) have a near card among them
        (same rank, or same suit within two ranks): cards one step from a meld.
        ``-1`` (a hand the fast search cannot take) counts none."""
        if left < 0:
            return 0
        if left >> SECOND_COPY:
            left = (left & self._layer) | left >> SECOND_COPY  # two copies count as one card
        rank_count = self.rank_count
        up1, up2, down1, down2 = self._shifts
        near = (left << 1 & up1) | (left << 2 & up2) | (left >> 1 & down1) | (left >> 2 & down2)
        shift = 0
        for below in self._suits_below:  # the same rank in another suit
            shift += rank_count
            near |= (left & below) << shift | left >> shift
        return (near & left).bit_count()

    def completions(self, cards: Sequence[Card], candidates: Iterable[Card]) -> tuple[int, int]:
        """How many of ``candidates``, added to ``cards``, let all but one card be
        matched (for -10), and how many of those make a chinchón (seven in one suit)."""
        mask = self.mask(cards)
        if mask is None and self._wild is not None and len(cards) == CHINCHON_LENGTH:
            split = self._wild.split(cards)
            if split is not None and self.points(cards):
                return self._wild_completions(*split, candidates)
        if (
            mask is None
            or mask >> SECOND_COPY
            or len(cards) != CHINCHON_LENGTH
            or not self.mask_points(mask)
        ):
            return self._slow_completions(cards, candidates)  # (all matched: any card does)
        bits = self.bits
        reach = 0
        for card in cards:
            reach |= self.near[card]
        # Some card of the seven is unmatched, so the card added must be in a meld of
        # any cover of seven of the eight: one of its melds joined to a packing of the hand.
        covers = [cover for cover, _ in self.packings(mask)[1]]
        through = self._through
        all_matched = chinchon = 0
        for card in candidates:
            bit = bits.get(card, 0)
            if not bit & reach or bit & mask:
                continue  # it cannot meld with anything held
            grown = mask | bit
            matched = run = False
            for meld in through[bit.bit_length() - 1]:
                if meld & grown != meld:
                    continue
                need = CHINCHON_LENGTH - meld.bit_count()
                for cover in covers:
                    if not cover & meld and cover.bit_count() == need:
                        matched = True
                        if self._is_seven_run(cover | meld):
                            run = True
                            break
                if run:
                    break
            all_matched += matched
            chinchon += run
        return all_matched, chinchon

    def _wild_completions(
        self, mask: int, wilds: int, candidates: Iterable[Card]
    ) -> tuple[int, int]:
        assert self._wild is not None
        all_matched = chinchon = 0
        for card in candidates:
            bit = self.card_bits.get(card)
            if bit is None:
                grown = (mask, wilds + 1)
            elif mask & bit:
                continue
            else:
                grown = (mask | bit, wilds)
            matched, run = self._wild.all_but_one(*grown)
            all_matched += matched
            chinchon += run
        return all_matched, chinchon

    def _is_seven_run(self, cover: int) -> bool:
        return is_seven_run(cover, self.rank_count)

    def _slow_completions(
        self, cards: Sequence[Card], candidates: Iterable[Card]
    ) -> tuple[int, int]:
        all_matched = chinchon = 0
        for card in candidates:
            grown = [*cards, card]
            after = self.points_without_each(grown)
            if min(after.values()) == 0:
                all_matched += 1
                for drop, points in after.items():
                    if points == 0 and arrange(without(grown, drop), self.rules).is_chinchon:
                        chinchon += 1
                        break
        return all_matched, chinchon

    def arrangement(self, cards: Sequence[Card]) -> Arrangement:
        """The best arrangement of ``cards``: fewest points, then fewest melds (like
        :func:`best_arrangement`, which it calls for hands the fast search cannot take)."""
        mask = self.mask(cards)
        if mask is None or mask >> SECOND_COPY:
            return arrange(cards, self.rules)
        total, packings = self.packings(mask)
        best_saved = packings[0][1]
        candidates = [self._fewest_melds(cover) for cover, saved in packings if saved == best_saved]
        best = min(candidates, key=lambda melds: (len(melds), sorted(melds)))
        by_bit = self._at_bit
        shown = sorted(
            (tuple(by_bit[bit] for bit in bits_of(meld)) for meld in best),
            key=lambda meld: [card.order for card in meld],
        )
        covered = sum(best)
        unmatched = tuple(by_bit[bit] for bit in bits_of(mask & ~covered))
        chinchon = len(cards) == CHINCHON_LENGTH and len(best) == 1 and self._is_seven_run(covered)
        return Arrangement(
            tuple(shown), tuple(sorted(unmatched, key=_ORDER)), total - best_saved, chinchon
        )

    def _fewest_melds(self, cover: int) -> tuple[int, ...]:
        """Split ``cover`` (a union of disjoint melds) into the fewest melds."""
        found = _split([meld for meld, _ in self._melds(cover)], cover)
        assert found is not None, "a packing's cover is always a union of melds"
        return found

    def better_with(self, cards: Sequence[Card], extra: Card) -> bool:
        """Whether adding ``extra`` to ``cards`` and then letting go of one of ``cards``
        (not ``extra``) can leave fewer points than ``cards`` leave now."""
        mask = self.mask(cards)
        bit = self.bits.get(extra)
        if mask is not None and bit is not None and mask & bit:
            bit <<= SECOND_COPY  # a second copy
        if mask is None or bit is None or mask & bit:
            grown = [*cards, extra]
            after = self.points_without_each(grown)
            best = min((value for card, value in after.items() if card != extra), default=None)
            return best is not None and best < self.points(cards)
        if not (mask | bit) >> SECOND_COPY:
            return self._better_with(mask, bit)
        total, packings = self.packings(mask)
        now = total - packings[0][1]
        total, packings = self.packings(mask | bit)
        points = self._points
        rest = mask
        while rest:
            low = rest & -rest
            rest ^= low
            for cover, saved in packings:  # the most points saved first
                if not cover & low:
                    if total - points[low.bit_length() - 1] - saved < now:
                        return True
                    break
        return False

    def _better_with(self, mask: int, bit: int) -> bool:
        """:meth:`better_with` for a hand of single cards, from the hand's own packings.

        With ``extra`` (``bit``) and one card ``d`` let go, a way to lay melds is a
        packing ``C`` of the hand, with ``extra`` either unmatched or in one more meld
        ``M`` beside ``C``. Against the points ``now`` it leaves
        ``points(d) - points(extra) - (saved now - saved(C))`` fewer when ``extra``
        is unmatched, and ``points(M less extra)`` more than that when it is in ``M``.
        So no list of the eight cards' packings is built (the bot mostly draws from
        the stock, and that list would go unused).
        """
        packings = self.packings(mask)[1]
        best_saved = packings[0][1]
        index = bit.bit_length() - 1
        points = self._points
        values = self._values
        grown = mask | bit
        # (cards of the hand used with extra, points they save): extra alone first.
        uses = [(0, -points[index])]
        uses += [
            (meld ^ bit, values[meld] - points[index])
            for meld in self._through[index]
            if meld & grown == meld
        ]
        dearest = self._dearest
        for used, gain in uses:
            for cover, saved in packings:  # the most points saved first
                need = best_saved - saved - gain  # a card let go must be worth more
                if need >= dearest:
                    break
                if cover & used:
                    continue
                free = mask & ~(cover | used)
                while free:
                    low = free & -free
                    free ^= low
                    if points[low.bit_length() - 1] > need:
                        return True
        return False

    def melds_with(self, cards: Sequence[Card], card: Card) -> bool | None:
        """Whether ``card`` would make a meld with cards of ``cards`` (two of its rank, or
        two beside it in its suit); ``None`` when the fast search cannot tell (wild cards
        in play, or a card held twice)."""
        mask = self.single_copy_mask(cards)
        bit = self.bits.get(card)
        if mask is None or bit is None:
            return None
        for meld in self._through[bit.bit_length() - 1]:
            rest = meld ^ bit
            if rest & mask == rest:
                return True
        return False

    def is_closing_hand(self, cards: Sequence[Card], five_points: bool) -> bool:
        """Whether a closer may show ``cards`` (the seven kept): all matched, or one
        unmatched card worth 4 or less; under five points, unmatched worth 5 or less."""
        best = self.points(cards)
        if five_points:
            return best <= FIVE_POINTS_LIMIT
        if best == 0:
            return True
        if best > CLOSE_SINGLE_LIMIT:
            return False
        return self.single_left(cards) is not None

    def single_left(self, cards: Sequence[Card]) -> Card | None:
        """The cheapest card worth 4 or less whose removal leaves the rest all matched."""
        without = self.points_without_each(cards)
        fits = [
            card
            for card, left in without.items()
            if left == 0 and self.card_points[card] <= CLOSE_SINGLE_LIMIT
        ]
        return min(fits, key=lambda card: (self.card_points[card], card.order), default=None)

    def closing_cards(self, cards: Sequence[Card], five_points: bool) -> set[Card]:
        """The cards of ``cards`` (a closer's eight) that can be put face down to close:
        the seven others make a closing hand (see :meth:`is_closing_hand`)."""
        mask = self.mask(cards)
        split = self._wild.split(cards) if mask is None and self._wild is not None else None
        if split is not None:
            assert self._wild is not None
            wild_card = next((card for card in cards if card in self.rules.wild_cards), None)
            return {
                self._at_bit[bit] if bit is not None else wild_card  # type: ignore[misc]
                for bit in self._wild.closes(*split, five_points)
            }
        if mask is None:
            found: set[Card] = set()
            for card in set(cards):
                if self.is_closing_hand(without(cards, card), five_points):
                    found.add(card)
            return found
        bits, card_points = self.bits, self.card_points
        total, packings = self.packings(mask)
        limit = FIVE_POINTS_LIMIT if five_points else CLOSE_SINGLE_LIMIT
        closing: set[Card] = set()
        dearest = 0
        for card in cards:
            dearest = max(dearest, card_points[card])
        if total - dearest - packings[0][1] > limit:
            return closing  # even the best melds and the dearest card face down leave too much
        for card in cards:
            bit = bits[card]
            if mask >> SECOND_COPY & bit:  # of two copies, put the second one down
                bit <<= SECOND_COPY
            kept = mask ^ bit
            left = total - card_points[card]
            for cover, saved in packings:
                if left - saved > limit:
                    break  # packings come most points saved first
                if cover & bit:
                    continue
                single = kept ^ cover
                if five_points or not single or not single & (single - 1):
                    closing.add(card)
                    break
        return closing

    def packings(self, mask: int) -> tuple[int, list[tuple[int, int]]]:
        """The hand ``mask``'s total points and every way to lay disjoint melds from it,
        as (cards covered, points saved), the most points saved first (the empty
        packing ``(0, 0)`` is among them). The last few hands' answers are kept,
        and a hand one card bigger than a kept one is worked out from it."""
        recent = self._recent
        known = recent.get(mask)
        if known is not None:
            return known
        if len(recent) >= RECENT_LIMIT:
            recent.clear()
        if mask >> SECOND_COPY:
            found = recent[mask] = self._packings_with_copies(mask)
            return found
        for parent in self._parents:
            gone = parent ^ mask
            if parent & mask == mask and gone and not gone & (gone - 1):
                kept = recent.get(parent)
                if kept is not None:
                    total, packings = kept
                    found = recent[mask] = (
                        total - self._points[gone.bit_length() - 1],
                        [packing for packing in packings if not packing[0] & gone],
                    )
                    return found
        rest = mask
        while rest:
            low = rest & -rest
            rest ^= low
            smaller = recent.get(mask ^ low)
            if smaller is not None:
                found = recent[mask] = self._grow(mask, low, *smaller)
                return found
        total = 0
        points = self._points
        rest = mask
        while rest:
            low = rest & -rest
            rest ^= low
            total += points[low.bit_length() - 1]
        found = recent[mask] = (total, self._packings(mask))
        return found

    def _grow(
        self, mask: int, bit: int, total: int, packings: list[tuple[int, int]]
    ) -> tuple[int, list[tuple[int, int]]]:
        """The packings of ``mask`` from those of ``mask`` less the card ``bit``."""
        index = bit.bit_length() - 1
        if not self._near_by_index[index] & mask:  # it melds with nothing held
            return total + self._points[index], packings
        values = self._values
        grown = list(packings)
        for meld in self._through[index]:
            if meld & mask == meld:
                value = values[meld]
                grown += [
                    (cover | meld, saved + value) for cover, saved in packings if not cover & meld
                ]
        if len(grown) > len(packings):
            _sort_packings(grown)
        return total + self._points[index], grown

    def _packings_with_copies(self, mask: int) -> tuple[int, list[tuple[int, int]]]:
        """:meth:`packings` of a hand holding two copies of some cards (two decks). A
        meld never holds both copies (sets need four suits, runs distinct ranks), so each
        meld of the cards comes in one version per choice of copy for its doubled cards."""
        first = mask & self._layer
        doubled = mask >> SECOND_COPY
        points = self._points
        total = sum(points[low.bit_length() - 1] for low in bits_of(first))
        total += sum(points[low.bit_length() - 1] for low in bits_of(doubled))
        packings = [(0, 0)]
        for meld, value in self._melds(first):
            versions = [meld]
            for low in bits_of(meld & doubled):
                versions += [version ^ low | low << SECOND_COPY for version in versions]
            for version in versions:
                packings += [
                    (cover | version, saved + value)
                    for cover, saved in packings
                    if not cover & version
                ]
        _sort_packings(packings)
        return total, packings

    def _packings(self, mask: int) -> list[tuple[int, int]]:
        packings = [(0, 0)]
        for meld, value in self._melds(mask):
            packings += [
                (cover | meld, saved + value) for cover, saved in packings if not cover & meld
            ]
        if len(packings) > 1:
            _sort_packings(packings)
        return packings

    def _melds(self, mask: int) -> list[tuple[int, int]]:
        """Every meld (mask, points) within the hand ``mask``."""
        segment = self._segment
        suits = [(mask >> base) & segment for base in self._bases]
        melds: list[tuple[int, int]] = []
        for suit, pattern in enumerate(suits):
            if pattern & (pattern >> 1) & (pattern >> 2):  # three in a row somewhere
                melds += self._runs_in(suit, pattern)
        if len(suits) == 4:  # ranks held in at least three suits
            first, second, third, fourth = suits
            ranks = (first & second & (third | fourth)) | (third & fourth & (first | second))
        else:
            ranks = 0
            for pattern in suits:
                ranks |= pattern
        while ranks:
            low = ranks & -ranks
            ranks ^= low
            column = mask & self._columns[low.bit_length() - 1]
            if column.bit_count() >= MELD_MIN:
                melds += self._sets_in(column)
        return melds

    def _runs_in(self, suit: int, pattern: int) -> list[tuple[int, int]]:
        """The runs (mask, points) of one suit's cards ``pattern`` (bit = run position)."""
        key = (suit, pattern)
        known = self._run_cache.get(key)
        if known is None:
            base = self._bases[suit]
            known = self._run_cache[key] = [
                (meld, self._values[meld])
                for start in range(self.rank_count)
                for meld in self._runs[base + start]
                if (meld >> base) & pattern == meld >> base
            ]
        return known

    def _sets_in(self, column: int) -> list[tuple[int, int]]:
        """The sets (mask, points) of the cards ``column`` (one rank, three or four suits)."""
        known = self._set_cache.get(column)
        if known is None:
            found: list[tuple[int, int]] = []
            rest = column
            while rest:
                low = rest & -rest
                rest ^= low
                index = low.bit_length() - 1
                found += [
                    (meld, self._values[meld])
                    for meld in self._sets[index]
                    if meld & column == meld
                ]
            known = self._set_cache[column] = found
        return known


@cache
def _table(deck_rules: Rules) -> PointsTable:
    return PointsTable(deck_rules)
