"""Scoring a close: what the closer shows, and the lay-offs of every other hand.

Readings (see cards/chinchon/pages/clarifications.md): the closer shows the
qualifying arrangement that scores least; then, going round from the closer,
every other player shows their hand and lays off onto the melds on the table
(the closer's unless the closer matched all seven, and those shown by earlier
players, including cards laid off there), in the way that leaves them the
fewest points (:func:`best_lay_off`): every choice of lay-offs onto each meld
on the table is tried with the best arrangement of the cards left, with no
bound on how many cards go onto one meld. A meld with laid-off cards must
still be one meld (sets at most four cards; wild cards are not pinned to a
place).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from bots.games.chinchon.arrangement import CHINCHON_LENGTH, Arrangement
from bots.games.chinchon.cards import Card, without
from bots.games.chinchon.masks import CLOSE_SINGLE_LIMIT, FIVE_POINTS_LIMIT
from bots.games.chinchon.points_table import PointsTable, arrange
from bots.games.chinchon.records import ALL_MATCHED_SCORE, HandResult, LayOff, ShownHand
from bots.games.chinchon.variants import Rules

#: Closer's score for a seven-card run with one / two wild cards.
WILD_RUN_SCORES = {1: -50, 2: -25}
#: Largest set.
MAX_SET = 4


def closer_score(arrangement: Arrangement, deck_rules: Rules) -> int:
    """The closer's score: unmatched points, -10 all matched, -50/-25 for a wild seven-run."""
    if arrangement.unmatched:
        return arrangement.points
    if len(arrangement.melds) == 1 and len(arrangement.melds[0]) == CHINCHON_LENGTH:
        wilds = sum(1 for card in arrangement.melds[0] if deck_rules.is_wild(card))
        if wilds in WILD_RUN_SCORES:
            return WILD_RUN_SCORES[wilds]
    return ALL_MATCHED_SCORE


def closing_arrangement(
    cards: Sequence[Card], deck_rules: Rules, five_points: bool = False
) -> Arrangement:
    """The arrangement a closer shows for the seven ``cards``: the best one if it
    meets the closing rule, else all but one card worth 4 or less matched.

    Raises ``ValueError`` if ``cards`` cannot close at all.
    """
    table = PointsTable.for_rules(deck_rules)
    best = table.arrangement(cards)
    count, points = len(best.unmatched), best.points
    if five_points and points <= FIVE_POINTS_LIMIT:
        return best
    if not five_points and (count == 0 or (count == 1 and points <= CLOSE_SINGLE_LIMIT)):
        return best
    single = table.single_left(cards)
    if five_points or single is None:
        raise ValueError(f"{' '.join(map(str, sorted(cards)))} cannot close")
    melds = table.arrangement(without(cards, single)).melds
    return Arrangement(melds, (single,), deck_rules.points(single))


def _is_one_meld(cards: Sequence[Card], deck_rules: Rules) -> bool:
    """Whether ``cards`` make exactly one meld (a set of at most four)."""
    wild = PointsTable.for_rules(deck_rules).wild_hands
    split = wild.split(cards) if wild is not None else None
    if wild is not None and split is not None:
        return wild.is_one_meld(*split)
    arrangement = arrange(cards, deck_rules)
    if arrangement.unmatched or len(arrangement.melds) != 1:
        return False
    real = [card for card in cards if not deck_rules.is_wild(card)]
    is_set = len({card.rank for card in real}) == 1 and len(real) > 1
    return not (is_set and len(cards) > MAX_SET)


def _extensions(
    meld: Sequence[Card], hand: Sequence[Card], deck_rules: Rules
) -> list[tuple[Card, ...]]:
    """Every non-empty group of ``hand``'s cards that can be laid off onto ``meld`` together."""
    if not deck_rules.wild_cards:
        rank = meld[0].rank
        if meld[1].rank == rank:  # a set (a meld has three cards or more)
            taken = {card.suit for card in meld}
            fits = sorted({card for card in hand if card.rank == rank and card.suit not in taken})
            room = MAX_SET - len(meld)
            return [group for size in range(1, room + 1) for group in combinations(fits, size)]
        facts = deck_rules.facts
        suit = meld[0].suit
        places = sorted(facts[card].run_position for card in meld)
        mine = {facts[card].run_position: card for card in hand if card.suit == suit}
        below: list[Card] = []
        while places[0] - len(below) - 1 in mine:
            below.append(mine[places[0] - len(below) - 1])
        above: list[Card] = []
        while places[-1] + len(above) + 1 in mine:
            above.append(mine[places[-1] + len(above) + 1])
        return [
            (*below[:low], *above[:high])
            for low in range(len(below) + 1)
            for high in range(len(above) + 1)
            if low or high
        ]
    real = [card for card in meld if not deck_rules.is_wild(card)]
    ranks = {card.rank for card in real}
    suits = {card.suit for card in real}
    is_set = len(ranks) == 1 and len(real) > 1
    related = sorted(
        {
            card
            for card in hand
            if deck_rules.is_wild(card) or card.rank in ranks or (not is_set and card.suit in suits)
        }
    )
    found: list[tuple[Card, ...]] = []
    for size in range(1, len(related) + 1):  # every group: no bound may change a score
        for group in combinations(related, size):
            if _is_one_meld([*meld, *group], deck_rules):
                found.append(group)
    return found


def best_lay_off(
    hand: Sequence[Card], table: Sequence[Sequence[Card]], deck_rules: Rules
) -> tuple[tuple[LayOff, ...], Arrangement]:
    """The lay-offs onto ``table`` and the arrangement of the rest that leave the
    fewest unmatched points; ties go to fewer cards laid off, then to the first
    meld on the table."""
    points = PointsTable.for_rules(deck_rules)
    options = [_extensions(meld, hand, deck_rules) for meld in table]
    if not any(options):
        return (), points.arrangement(hand)
    # What is left is tracked as a bit mask of the cards laid off when the points
    # table can take the hand, else as the list of cards still held.
    hand_mask = points.single_copy_mask(hand)
    if hand_mask is not None:
        bits = points.bits
        groups: list[list[object]] = [
            [sum(bits[card] for card in group) for group in groups] for groups in options
        ]

        def take(left: object, group: object) -> object:
            assert isinstance(left, int) and isinstance(group, int)
            return None if left & group else left | group

        def value(left: object) -> int:
            assert isinstance(left, int)
            return points.points_without(hand_mask, left)

        start: object = 0
    else:
        groups = [list(groups) for groups in options]

        def take(left: object, group: object) -> object:
            return _take(left, group)  # type: ignore[arg-type]

        def value(left: object) -> int:
            return points.points(left)  # type: ignore[arg-type]

        start = list(hand)
    best_points = points.points(hand)
    best_choice: tuple[tuple[int, int], ...] = ()
    best_laid = 0

    def search(index: int, left: object, chosen: tuple[tuple[int, int], ...], laid: int) -> None:
        nonlocal best_points, best_choice, best_laid
        if index == len(table):
            if not chosen:
                return
            found = value(left)
            if found < best_points or (found == best_points and laid < best_laid):
                best_points, best_choice, best_laid = found, chosen, laid
            return
        search(index + 1, left, chosen, laid)
        for number, group in enumerate(groups[index]):
            rest = take(left, group)
            if rest is not None:
                size = len(options[index][number])
                search(index + 1, rest, (*chosen, (index, number)), laid + size)

    search(0, start, (), 0)
    left = list(hand)
    lay_offs = []
    for index, number in best_choice:
        group = options[index][number]
        rest = _take(left, group)
        assert rest is not None
        left = rest
        lay_offs.append(LayOff(tuple(table[index]), group))
    return tuple(lay_offs), points.arrangement(left)


def _take(cards: list[Card], group: Sequence[Card]) -> list[Card] | None:
    """``cards`` less one copy of each of ``group``, or ``None`` if one is missing."""
    rest = list(cards)
    for card in group:
        if card not in rest:
            return None
        rest.remove(card)
    return rest


def settle_close(
    hands: Sequence[Sequence[Card]],
    closer: int,
    seats: Sequence[int],
    deck_rules: Rules,
    five_points: bool = False,
) -> HandResult:
    """Show and score every hand after ``closer`` closed with ``hands[closer]`` (seven cards).

    ``seats`` are the players in the hand, in turn order starting with the closer.
    """
    closing = closing_arrangement(hands[closer], deck_rules, five_points)
    table: list[list[Card]] = []
    if closing.unmatched:
        table = [list(meld) for meld in closing.melds]
    shown = [
        ShownHand(closer, closing.melds, (), closing.unmatched, closer_score(closing, deck_rules))
    ]
    for seat in seats:
        if seat == closer:
            continue
        lay_offs, rest = best_lay_off(hands[seat], table, deck_rules)
        for lay_off in lay_offs:
            place = next(meld for meld in table if tuple(meld) == lay_off.meld)
            place.extend(lay_off.cards)
        table.extend(list(meld) for meld in rest.melds)
        laid = tuple(card for lay_off in lay_offs for card in lay_off.cards)
        shown.append(ShownHand(seat, rest.melds, laid, rest.unmatched, rest.points, lay_offs))
    return HandResult(closer, closing.is_chinchon, tuple(shown))
