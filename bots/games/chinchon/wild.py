"""The points search for hands with wild cards (jokers, or the wild A of diamonds).

The real cards of a hand are a bit mask and its wild cards a count, since wild
cards are identical; see :class:`WildHands`.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations

from bots.games.chinchon.arrangement import CHINCHON_LENGTH
from bots.games.chinchon.cards import Card
from bots.games.chinchon.masks import (
    CLOSE_SINGLE_LIMIT,
    FIVE_POINTS_LIMIT,
    GROUP_LIMIT,
    MAX_SET_SIZE,
    MELD_MIN,
    RECENT_LIMIT,
    bits_of,
    is_seven_run,
)


class WildHands:
    """Hands of a deck with wild cards: the real cards as a mask, the wild cards as a count.

    A meld is some real cards of one rank or one suit (two at least) and some wild
    cards: a set has at most four cards; a run's wild cards fill its gaps and may
    lengthen it while it fits the ranks. Each meld saves the points of its real
    cards and a wild card's points for each wild card it uses (an unmatched wild
    card costs those points). A packing is (real cards covered, wild cards used,
    points saved); the packings of a hand are every way to lay disjoint melds
    with the wild cards it holds, most points saved first.
    """

    def __init__(
        self,
        card_bits: dict[Card, int],
        wild_cards: frozenset[Card],
        points: list[int],
        wild_points: int,
        rank_count: int,
    ) -> None:
        #: The bit of each card that is not wild; the wild cards; points by bit index.
        self.card_bits = card_bits
        self.wild_cards = wild_cards
        self.points = points
        self.wild_points = wild_points
        self.rank_count = rank_count
        self._recent: dict[tuple[int, int], tuple[int, list[tuple[int, int, int]]]] = {}
        self._groups: dict[tuple[tuple[int, ...], bool, int], list[tuple[int, int, int]]] = {}

    def split(self, cards: Iterable[Card]) -> tuple[int, int] | None:
        """(mask of real cards, number of wild cards), or ``None`` with two copies of a card."""
        bits, wilds = self.card_bits, self.wild_cards
        mask = count = 0
        for card in cards:
            bit = bits.get(card)
            if bit is None:
                if card not in wilds:
                    return None
                count += 1
            elif mask & bit:
                return None
            else:
                mask |= bit
        return mask, count

    def packings(self, mask: int, wilds: int) -> tuple[int, list[tuple[int, int, int]]]:
        """Total points of the hand (wild cards included) and its packings."""
        key = (mask, wilds)
        known = self._recent.get(key)
        if known is not None:
            return known
        if len(self._recent) >= RECENT_LIMIT:
            self._recent.clear()
        points = self.points
        total = wilds * self.wild_points
        for low in bits_of(mask):
            total += points[low.bit_length() - 1]
        packings = [(0, 0, 0)]
        for meld, used, value in self._melds(mask, wilds):
            packings += [
                (cover | meld, count + used, saved + value)
                for cover, count, saved in packings
                if not cover & meld and count + used <= wilds
            ]
        packings.sort(key=_wild_order)
        found = self._recent[key] = (total, packings)
        return found

    def _melds(self, mask: int, wilds: int) -> list[tuple[int, int, int]]:
        """Every meld (real cards, wild cards used, points saved) of the hand."""
        rank_count = self.rank_count
        melds: list[tuple[int, int, int]] = []
        suits: dict[int, list[int]] = {}
        ranks: dict[int, list[int]] = {}
        for low in bits_of(mask):
            index = low.bit_length() - 1
            suits.setdefault(index // rank_count, []).append(index)
            ranks.setdefault(index % rank_count, []).append(index)
        groups = [(members, True) for members in suits.values()]
        groups += [(members, False) for members in ranks.values()]
        for members, is_suit in groups:
            if len(members) < MELD_MIN - 1 or (not wilds and len(members) < MELD_MIN):
                continue
            melds += self._group_melds(tuple(members), is_suit, wilds)
        return melds

    def _group_melds(
        self, members: tuple[int, ...], is_suit: bool, wilds: int
    ) -> list[tuple[int, int, int]]:
        """The melds of one suit's or one rank's cards (indexes, sorted), remembered."""
        key = (members, is_suit, wilds)
        known = self._groups.get(key)
        if known is not None:
            return known
        rank_count, wild_points, points = self.rank_count, self.wild_points, self.points
        melds: list[tuple[int, int, int]] = []
        for size in range(MELD_MIN - 1, len(members) + 1):
            for chosen in combinations(members, size):
                real = sum(1 << index for index in chosen)
                value = sum(points[index] for index in chosen)
                if is_suit:
                    gaps = chosen[-1] - chosen[0] + 1 - size
                    fewest, most = max(gaps, MELD_MIN - size), min(wilds, rank_count - size)
                else:
                    fewest, most = max(0, MELD_MIN - size), min(wilds, MAX_SET_SIZE - size)
                melds += [
                    (real, used, value + used * wild_points) for used in range(fewest, most + 1)
                ]
        if len(self._groups) >= GROUP_LIMIT:
            self._groups.clear()
        self._groups[key] = melds
        return melds

    def is_one_meld(self, mask: int, wilds: int) -> bool:
        """Whether the real cards ``mask`` and ``wilds`` wild cards make exactly one meld."""
        return any(real == mask and used == wilds for real, used, _ in self._melds(mask, wilds))

    def all_but_one(self, mask: int, wilds: int) -> tuple[bool, bool]:
        """Whether the hand can match all its cards but one, and whether it can do so
        with a chinchón (seven real cards in a run of one suit)."""
        _, packings = self.packings(mask, wilds)
        matched = chinchon = False
        for cover, used, _ in packings:
            left = (mask ^ cover).bit_count() + wilds - used
            if left == 1:
                matched = True
                if not used and cover.bit_count() == CHINCHON_LENGTH:
                    chinchon = chinchon or is_seven_run(cover, self.rank_count)
        return matched, chinchon

    def without_each(self, mask: int, wilds: int) -> list[tuple[int | None, int, int]]:
        """For each real card (its bit) and one wild card (``None``): the fewest points
        left without it, and the real cards those melds leave unmatched."""
        total, packings = self.packings(mask, wilds)
        points = self.points
        found: list[tuple[int | None, int, int]] = []
        for low in bits_of(mask):
            for cover, _, saved in packings:
                if not cover & low:
                    left = total - points[low.bit_length() - 1] - saved
                    found.append((low, left, mask ^ low ^ cover))
                    break
        if wilds:
            for cover, used, saved in packings:
                if used < wilds:
                    found.append((None, total - self.wild_points - saved, mask ^ cover))
                    break
        return found

    def closes(self, mask: int, wilds: int, five_points: bool) -> list[int | None]:
        """The cards (bits; ``None`` for a wild card) that can be put face down to close."""
        total, packings = self.packings(mask, wilds)
        points = self.points
        limit = FIVE_POINTS_LIMIT if five_points else CLOSE_SINGLE_LIMIT
        closing: list[int | None] = []
        removals: list[tuple[int | None, int, int, int]] = [
            (low, mask ^ low, wilds, total - points[low.bit_length() - 1]) for low in bits_of(mask)
        ]
        if wilds:
            removals.append((None, mask, wilds - 1, total - self.wild_points))
        for removed, kept, kept_wilds, kept_total in removals:
            for cover, used, saved in packings:
                if kept_total - saved > limit:
                    break  # packings come most points saved first
                if cover & ~kept or used > kept_wilds:
                    continue
                single = kept ^ cover
                if five_points or (used == kept_wilds and not single & (single - 1)):
                    closing.append(removed)
                    break
        return closing


def _wild_order(packing: tuple[int, int, int]) -> tuple[int, int, int]:
    return (-packing[2], packing[1], packing[0])
