"""The best arrangement of a hand: melds that leave the fewest points unmatched.

>>> from pnp.catalog import load_catalog
>>> from bots.games.chinchon.variants import Pack
>>> pack = Pack.from_catalog(load_catalog("cards").game("chinchon"))
>>> classic, jokers = pack.rules(), pack.rules(wild="jokers")
>>> print(best_arrangement(pack.parse_cards("QH QS QC 5D 6D 7D 3H"), classic))
[5D 6D 7D] [QS QH QC] | 3H (3 points)
>>> print(best_arrangement(pack.parse_cards("5H 5S 5C 5D 6D 7D"), classic))
[5S 5H 5C] [5D 6D 7D] | (0 points)
>>> print(best_arrangement(pack.parse_cards("5H 7H JK QC"), jokers))
[5H JK 7H] | QC (9 points)

The search is exact: every candidate meld of the hand is listed (sets, runs,
and with wild cards every way of filling gaps and ends), then a memoised
search over the subsets of real cards takes, for the lowest card left, either
"unmatched" or each candidate meld containing it. Wild cards are identical, so
the state is (real cards left, number of wild cards left).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations, product
from operator import attrgetter

from bots.games.chinchon.cards import Card, format_cards
from bots.games.chinchon.variants import CardFacts, Rules

#: The length of a chinchón: a run of the whole seven-card hand.
CHINCHON_LENGTH = 7

_SORT_KEY = attrgetter("sort_key")
_IS_SET, _IS_RUN = False, True
# Search values are points * _SCALE + melds: fewest points first, then fewest melds.
_SCALE = 1 << 16

#: A candidate meld: bit mask of real cards (by index), wild cards used, whether a run.
_Meld = tuple[int, int, bool]


@dataclass(frozen=True)
class Arrangement:
    """A hand sorted into melds and unmatched cards.

    ``points`` is the sum of the unmatched cards' points. Melds are in a
    canonical order (by their lowest real card); cards in a set by suit, in a
    run by rank, with wild cards where they stand (in a gap, else below the
    run, else above it); unmatched cards sorted.
    """

    melds: tuple[tuple[Card, ...], ...]
    unmatched: tuple[Card, ...]
    points: int
    #: Seven cards in one run of one suit, without a wild card: wins the game.
    is_chinchon: bool = False

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of the hand, sorted."""
        return tuple(sorted([card for meld in self.melds for card in meld] + [*self.unmatched]))

    @property
    def matched_count(self) -> int:
        return sum(len(meld) for meld in self.melds)

    def __str__(self) -> str:
        parts = [f"[{format_cards(meld)}]" for meld in self.melds]
        parts += ["|", *map(str, self.unmatched)]
        unit = "point" if self.points == 1 else "points"
        return f"{' '.join(parts)} ({self.points} {unit})"


def best_arrangement(cards: Iterable[Card], rules: Rules) -> Arrangement:
    """The arrangement of ``cards`` with the fewest unmatched points.

    Ties go to the arrangement with fewer melds, then to a fixed order, so the
    answer depends only on the cards (in any order) and the rules of the
    variant. Raises ``ValueError`` for a card not in play.

    >>> from pnp.catalog import load_catalog
    >>> from bots.games.chinchon.variants import Pack
    >>> pack = Pack.from_catalog(load_catalog("cards").game("chinchon"))
    >>> best_arrangement(pack.parse_cards("2S 3C 6H 7C JS KH KC"), pack.rules()).points
    46
    >>> best_arrangement(pack.parse_cards("7H 6H JH"), pack.rules()).melds
    ((<Card 6H>, <Card 7H>, <Card JH>),)
    """
    facts = rules.facts
    real: list[Card] = []
    real_facts: list[CardFacts] = []
    wilds: list[Card] = []
    hand = list(cards)
    ordered = sorted(hand, key=_SORT_KEY)
    for card in ordered:
        card_facts = facts.get(card)
        if card_facts is None:
            first = next(card for card in hand if card not in facts)
            raise ValueError(f"cannot arrange {first}: {rules.why_not_in_play(first)}")
        if card_facts.is_wild:
            wilds.append(card)
        else:
            real.append(card)
            real_facts.append(card_facts)
    wild_count = len(wilds)
    wild_points = facts[wilds[0]].points if wilds else 0
    candidates = _candidate_melds(real_facts, wild_count, len(rules.ranks), len(rules.suits))
    if not candidates:  # nothing to search: every card is unmatched
        unmatched_points = sum(card_facts.points for card_facts in real_facts)
        return Arrangement((), tuple(ordered), unmatched_points + wild_count * wild_points)
    by_lowest: list[list[_Meld]] = [[] for _ in real]
    for meld in candidates:
        mask = meld[0]
        by_lowest[(mask & -mask).bit_length() - 1].append(meld)

    points = [card_facts.points * _SCALE for card_facts in real_facts]
    stride = wild_count + 1
    memo: dict[int, int] = {}
    choice: dict[int, int] = {}

    def search(mask: int, wilds_left: int) -> int:
        if not mask:
            return wilds_left * wild_points * _SCALE
        key = mask * stride + wilds_left
        known = memo.get(key)
        if known is not None:
            return known
        lowest = mask & -mask
        index = lowest.bit_length() - 1
        best = points[index] + search(mask ^ lowest, wilds_left)
        pick = -1
        for number, (meld, used, _) in enumerate(by_lowest[index]):
            if used <= wilds_left and meld & mask == meld:
                value = search(mask ^ meld, wilds_left - used) + 1
                if value < best:
                    best, pick = value, number
        memo[key] = best
        choice[key] = pick
        return best

    full = (1 << len(real)) - 1
    total = search(full, wild_count)

    melds: list[tuple[Card, ...]] = []
    unmatched: list[Card] = []
    mask, wilds_left = full, wild_count
    while mask:
        lowest = mask & -mask
        index = lowest.bit_length() - 1
        pick = choice[mask * stride + wilds_left]
        if pick < 0:
            unmatched.append(real[index])
            mask ^= lowest
            continue
        chosen, used, is_run = by_lowest[index][pick]
        members = [real[i] for i in range(index, len(real)) if chosen >> i & 1]
        if is_run:
            melds.append(_show_run(members, wilds[wilds_left - used : wilds_left], rules))
        else:
            melds.append((*members, *wilds[wilds_left - used : wilds_left]))
        mask ^= chosen
        wilds_left -= used
    unmatched.extend(wilds[:wilds_left])
    unmatched.sort(key=_SORT_KEY)
    melds.sort(key=lambda meld: [card.sort_key for card in meld if card not in rules.wild_cards])
    is_chinchon = (
        not wilds
        and len(real) == CHINCHON_LENGTH
        and len(melds) == 1
        and len(melds[0]) == CHINCHON_LENGTH
        and len({card.suit for card in melds[0]}) == 1
    )
    return Arrangement(tuple(melds), tuple(unmatched), total // _SCALE, is_chinchon)


def _candidate_melds(
    hand: Sequence[CardFacts], wilds: int, rank_count: int, suit_count: int
) -> list[_Meld]:
    """Every set and run the real cards ``hand`` (sorted) can make with up to ``wilds``."""
    melds: list[_Meld] = []
    by_rank: dict[int, list[int]] = {}
    by_suit: dict[int, list[int]] = {}
    for index, card in enumerate(hand):
        by_rank.setdefault(card.run_position, []).append(index)
        by_suit.setdefault(card.suit_index, []).append(index)
    smallest = 2 if wilds else 3
    for group in by_rank.values():
        if len(group) < smallest:
            continue
        for size in range(smallest, min(len(group), suit_count) + 1):
            fewest, most = max(0, 3 - size), min(wilds, suit_count - size)
            for chosen in combinations(group, size):
                if len({hand[i].suit_index for i in chosen}) == size:
                    mask = sum(1 << i for i in chosen)
                    melds.extend((mask, used, _IS_SET) for used in range(fewest, most + 1))
    for members in by_suit.values():
        if len(members) < smallest:
            continue
        if not wilds:  # quick test: three in a row somewhere?
            bits = 0
            for index in members:
                bits |= 1 << hand[index].run_position
            if not bits & bits >> 1 & bits >> 2:
                continue
        positions: list[int] = []
        copies: list[list[int]] = []
        for index in members:
            position = hand[index].run_position
            if positions and positions[-1] == position:
                copies[-1].append(index)
            else:
                positions.append(position)
                copies.append([index])
        for chosen in _runs_within(positions, wilds, smallest):
            size = len(chosen)
            gaps = positions[chosen[-1]] - positions[chosen[0]] + 1 - size
            fewest, most = max(gaps, 3 - size), min(wilds, rank_count - size)
            for picks in product(*(copies[c] for c in chosen)):
                mask = sum(1 << i for i in picks)
                melds.extend((mask, used, _IS_RUN) for used in range(fewest, most + 1))
    return melds


def _runs_within(positions: list[int], wilds: int, smallest: int) -> list[tuple[int, ...]]:
    """Index tuples of increasing ``positions`` whose gaps ``wilds`` can fill."""
    found: list[tuple[int, ...]] = []
    if not wilds:  # only unbroken stretches
        start = 0
        for end in range(1, len(positions) + 1):
            if end == len(positions) or positions[end] != positions[end - 1] + 1:
                for first in range(start, end - smallest + 1):
                    found.extend(
                        tuple(range(first, last)) for last in range(first + smallest, end + 1)
                    )
                start = end
        return found

    def grow(chosen: tuple[int, ...], gaps: int) -> None:
        if len(chosen) >= smallest:
            found.append(chosen)
        last = chosen[-1]
        for following in range(last + 1, len(positions)):
            more = gaps + positions[following] - positions[last] - 1
            if more > wilds:
                break
            grow((*chosen, following), more)

    for first in range(len(positions)):
        grow((first,), 0)
    return found


def _show_run(members: list[Card], wilds: list[Card], rules: Rules) -> tuple[Card, ...]:
    """A run in rank order, wild cards in its gaps, then below it, then above it.

    (Below first, so the wild A of diamonds in A-2-3 shows where it stands.)
    """
    positions = [rules.facts[card].run_position for card in members]
    shown: list[Card] = [members[0]]
    spare = list(wilds)
    for card, previous, position in zip(members[1:], positions, positions[1:], strict=False):
        shown.extend(spare.pop() for _ in range(position - previous - 1))
        shown.append(card)
    below = min(len(spare), positions[0])
    return (*spare[:below], *shown, *spare[below:])
