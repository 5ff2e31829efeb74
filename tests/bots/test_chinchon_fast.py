"""The fast points table agrees with the exact best arrangement: on random hands,
on hands that grow and shrink a card at a time (the table's incremental path),
and for the cards a closer may put face down."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from bots.games.chinchon import Card, PointsTable, Rules, best_arrangement
from tests.data import PACK

RULES = [
    PACK.rules(),
    PACK.rules(forty_eight=True),
    PACK.rules(wild="jokers"),
    PACK.rules(wild="diamond-ace"),
]


def closes(cards: Sequence[Card], deck_rules: Rules, five_points: bool) -> bool:
    """The closing rule straight from the exact arrangement of every split."""
    best = best_arrangement(cards, deck_rules)
    if five_points:
        return best.points <= 5
    if best.points == 0:
        return True
    for card in set(cards):
        rest = list(cards)
        rest.remove(card)
        if deck_rules.points(card) <= 4 and best_arrangement(rest, deck_rules).points == 0:
            return True
    return False


@pytest.mark.parametrize("deck_rules", RULES, ids=lambda r: f"{r.forty_eight}-{r.wild}")
def test_points_agree_on_random_walks(deck_rules: Rules) -> None:
    table = PointsTable.for_rules(deck_rules)
    rng = random.Random(5)
    deck = list(deck_rules.deck)
    for _ in range(150):
        hand = rng.sample(deck, 7)
        for _ in range(12):  # a player's turns: draw one, check, discard one
            drawn = rng.choice([card for card in deck if card not in hand])
            hand.append(drawn)
            assert table.points(hand) == best_arrangement(hand, deck_rules).points
            without = table.points_without_each(hand)
            assert set(without) == set(hand)
            for card, points in without.items():
                rest = list(hand)
                rest.remove(card)
                assert points == best_arrangement(rest, deck_rules).points, (hand, card)
            hand.remove(rng.choice(hand))  # then asked again a card smaller
            now = best_arrangement(hand, deck_rules).points
            assert table.points(hand) == now
            extra = rng.choice([card for card in deck if card not in hand])
            after = min(
                best_arrangement([*hand[:i], *hand[i + 1 :], extra], deck_rules).points
                for i in range(len(hand))
            )
            assert table.better_with(hand, extra) == (after < now), (hand, extra)


@pytest.mark.parametrize("five_points", [False, True])
def test_closing_cards_follow_the_closing_rule(five_points: bool) -> None:
    rng = random.Random(11)
    for deck_rules in RULES:
        table = PointsTable.for_rules(deck_rules)
        deck = list(deck_rules.deck)
        suits = deck_rules.suits
        checked = closing = 0
        for _ in range(600):
            # Hands from a few neighbouring ranks close often enough to test both answers.
            start = rng.randrange(len(deck_rules.ranks) - 4)
            ranks = deck_rules.ranks[start : start + 4]
            pool = [c for c in deck if c.rank in ranks and c.suit in suits[: rng.randint(2, 4)]]
            pool += rng.sample(deck, 3) + sorted(deck_rules.wild_cards)
            hand = rng.sample(sorted(set(pool)), 8)
            found = table.closing_cards(hand, five_points)
            for card in hand:
                rest = list(hand)
                rest.remove(card)
                expected = closes(rest, deck_rules, five_points)
                assert (card in found) == expected, (hand, card)
                checked += 1
                closing += expected
        assert checked == 600 * 8 and closing > 50, deck_rules  # both answers well covered


@pytest.mark.parametrize("deck_rules", RULES[:2], ids=["forty", "forty-eight"])
def test_fast_arrangements_match_the_exact_search(deck_rules: Rules) -> None:
    table = PointsTable.for_rules(deck_rules)
    rng = random.Random(3)
    deck = list(deck_rules.deck)
    suit = [card for card in deck if card.suit == deck_rules.suits[0]]
    hands = [rng.sample(deck, rng.randint(0, 9)) for _ in range(1500)]
    hands += [rng.sample(suit, 7) for _ in range(300)]  # runs, often chinchón-like
    hands += [suit[start : start + 7] for start in range(len(suit) - 6)]  # every chinchón
    for hand in hands:
        fast, exact = table.arrangement(hand), best_arrangement(hand, deck_rules)
        assert (fast.points, len(fast.melds), fast.is_chinchon) == (
            exact.points,
            len(exact.melds),
            exact.is_chinchon,
        ), (hand, str(fast), str(exact))
        assert sorted(fast.cards) == sorted(hand)
        for meld in fast.melds:
            alone = best_arrangement(meld, deck_rules)
            assert alone.points == 0 and len(alone.melds) == 1, str(fast)
        assert list(fast.unmatched) == sorted(fast.unmatched)


@pytest.mark.parametrize("deck_rules", [RULES[0], RULES[2], RULES[3]], ids=["forty", "jk", "ad"])
def test_completions_count_the_cards_that_match_all_but_one(deck_rules: Rules) -> None:
    table = PointsTable.for_rules(deck_rules)
    rng = random.Random(8)
    deck = list(deck_rules.deck)
    for _ in range(300):
        start = rng.randrange(len(deck_rules.ranks) - 4)
        pool = [c for c in deck if c.rank in deck_rules.ranks[start : start + 5]]
        hand = rng.sample(pool + sorted(deck_rules.wild_cards), 7)
        candidates = [card for card in deck if card not in hand]
        fast = table.completions(hand, candidates)
        assert fast == table._slow_completions(hand, candidates), hand


def test_discard_options_and_half_melds() -> None:
    deck_rules = PACK.rules()
    table = PointsTable.for_rules(deck_rules)
    rng = random.Random(4)
    deck = list(deck_rules.deck)
    for _ in range(500):
        hand = rng.sample(deck, 8)
        options = table.discard_options(hand)
        for card, (points, left) in options.items():
            halves = table.half_melds(left)
            rest = list(hand)
            rest.remove(card)
            arrangement = table.arrangement(rest)
            assert points == arrangement.points
            left = arrangement.unmatched
            expected = sum(
                1 for one in left if any(table.near[one] & table.bits[other] for other in left)
            )
            # Several best arrangements may leave different cards; compare with the same one
            # only when the best is unique in its unmatched cards.
            if len({c for c in left}) == len(left) and _unique_best(table, rest):
                assert halves == expected, (hand, card)


def _unique_best(table: PointsTable, cards: list[Card]) -> bool:
    mask = table.mask(cards)
    assert mask is not None
    _, packings = table.packings(mask)
    return len([p for p in packings if p[1] == packings[0][1]]) == 1


@pytest.mark.parametrize("deck_rules", [RULES[2], RULES[3]], ids=["jk", "ad"])
def test_one_meld_with_wild_cards(deck_rules: Rules) -> None:
    wild = PointsTable.for_rules(deck_rules).wild_hands
    assert wild is not None
    rng = random.Random(9)
    deck = list(deck_rules.deck)
    suit = [card for card in deck if card.suit == deck_rules.suits[1]]
    for _ in range(2000):
        cards = rng.sample(
            rng.choice([deck, suit + sorted(deck_rules.wild_cards)]), rng.randint(2, 6)
        )
        split = wild.split(cards)
        if split is None:
            continue
        exact = best_arrangement(cards, deck_rules)
        one = not exact.unmatched and len(exact.melds) == 1
        if one and len({c.rank for c in cards if not deck_rules.is_wild(c)}) == 1:
            one = len(cards) <= 4
        assert wild.is_one_meld(*split) == one, cards


def test_two_copies_of_a_card_with_two_decks() -> None:
    """With two packs a hand may hold both copies of a card; they never share a meld."""
    deck_rules = PACK.rules()
    table = PointsTable.for_rules(deck_rules)
    rng = random.Random(21)
    packs = list(deck_rules.deck) * 2
    doubled = 0
    for _ in range(600):
        start = rng.randrange(len(deck_rules.ranks) - 3)
        pool = [c for c in packs if c.rank in deck_rules.ranks[start : start + 4]]
        hand = rng.sample(pool, 8)
        doubled += len(set(hand)) < len(hand)
        without = table.points_without_each(hand)
        for card, points in without.items():
            rest = list(hand)
            rest.remove(card)
            assert points == best_arrangement(rest, deck_rules).points, (hand, card)
        assert table.points(hand) == best_arrangement(hand, deck_rules).points
        seven = hand[:7]
        closing = table.closing_cards(hand, five_points=False)
        for card in set(hand):
            rest = list(hand)
            rest.remove(card)
            assert (card in closing) == closes(rest, deck_rules, False), (hand, card)
        extra = hand[7]
        after = min(
            best_arrangement([*seven[:i], *seven[i + 1 :], extra], deck_rules).points
            for i in range(7)
        )
        now = best_arrangement(seven, deck_rules).points
        assert table.better_with(seven, extra) == (after < now), (seven, extra)
    assert doubled > 200  # the case under test came up often
