"""Chinchón cards: notation, deck facts per variant and the best arrangement of
a hand, checked against the source's worked examples and, for random hands,
against a plain brute force over every partition of the hand into melds."""

from __future__ import annotations

import doctest
import importlib
import pickle
import random
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bots.games import chinchon
from bots.games.chinchon import (
    Card,
    CardNotationError,
    Rules,
    best_arrangement,
    parse_card,
    parse_cards,
)
from bots.games.chinchon.variants import Pack
from pnp.catalog import load_catalog
from pnp.catalog.schemas.chinchon import Joker, Rank
from tests.data import CATALOG, CLASSIC, PACK

FORTY = PACK.rules()
FORTY_EIGHT = PACK.rules(forty_eight=True)
JOKERS = PACK.rules(wild="jokers")
DIAMOND_ACE = PACK.rules(wild="diamond-ace")
WILDS: tuple[chinchon.Wild, ...] = ("none", "jokers", "diamond-ace")
ALL_RULES = [PACK.rules(forty_eight=f, wild=w) for f in (False, True) for w in WILDS]


def arrange(text: str, rules: Rules = FORTY) -> chinchon.Arrangement:
    return best_arrangement(parse_cards(text, rules), rules)


# --- Notation ---------------------------------------------------------------------------


def test_every_card_of_the_48_card_deck_round_trips() -> None:
    deck = PACK.rules(forty_eight=True, wild="jokers").deck
    assert len(set(deck)) == 48 + 1  # the two jokers are the same card, JK
    for card in deck:
        text = str(card)
        assert PACK.parse(text) == card
        assert str(PACK.parse(text)) == text
        assert PACK.parse(text.lower()) == card
        assert repr(card) == f"<Card {text}>"
        assert pickle.loads(pickle.dumps(card)).rank == card.rank
    assert [str(card) for card in PACK.parse_cards(chinchon.format_cards(deck))] == list(
        map(str, deck)
    )


@pytest.mark.parametrize(
    ("symbols", "letters"),
    [("Q♥ Q♠ Q♦ Q♣", "QH QS QD QC"), ("a♠,2♥ , 7♦", "AS 2H 7D"), ("K♥️ jk", "KH JK")],
)
def test_suit_symbols_lowercase_and_separators(symbols: str, letters: str) -> None:
    assert chinchon.format_cards(PACK.parse_cards(symbols)) == letters


def test_cards_are_ordered_by_rank_then_suit_with_jokers_last() -> None:
    cards = PACK.parse_cards("JK KS 2H AS 7C JD 2S")
    assert chinchon.format_cards(sorted(cards)) == "AS 2S 2H 7C JD KS JK"
    assert PACK.notation.card("q", "hearts") is PACK.parse("QH")
    assert PACK.notation.joker() is PACK.parse("JK")
    with pytest.raises(TypeError, match="cards are made by their notation"):
        Card("q", "hearts")
    assert len({PACK.parse("QH"), PACK.parse("q♥")}) == 1
    assert PACK.notation.joker().is_joker and not PACK.parse("JH").is_joker


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("QH QS QX", "card 3 'QX': unknown suit 'X' (use S, H, D, C or ♠ ♥ ♦ ♣)"),
        ("10H", "card 1 '10H': unknown rank '10' (use A, 2, 3, 4, 5, 6, 7, 8, 9, J, Q, K)"),
        ("AS Q", "card 2 'Q': no suit (use S, H, D, C or ♠ ♥ ♦ ♣)"),
        ("AS ♥", "card 2 '♥': no rank (use A, 2, 3, 4, 5, 6, 7, 8, 9, J, Q, K)"),
        ("AS, QHH", "card 2 'QHH': unknown suit 'HH'"),
        ("AS ZZ", "card 2 'ZZ': not a card (write a rank A, 2, 3"),
        ("AS ♥Q", "card 2 '♥Q': not a card"),
        ("AS 1", "card 2 '1': not a card"),
    ],
)
def test_bad_notation_is_located_and_says_what_is_accepted(text: str, message: str) -> None:
    with pytest.raises(CardNotationError) as caught:
        PACK.parse_cards(text)
    assert str(caught.value).startswith(message)
    assert caught.value.position == int(message.split()[1])
    assert isinstance(caught.value, ValueError)


@pytest.mark.parametrize("text", ["", "  ", "Q", "QX", "10H", "QH QS", "JKR"])
def test_a_single_bad_card_quotes_the_input(text: str) -> None:
    with pytest.raises(CardNotationError, match=f"^{text!r}: ") as caught:
        PACK.parse(text)
    assert caught.value.position is None and caught.value.token == text


def test_cards_out_of_play_are_errors_when_rules_are_given() -> None:
    assert str(PACK.parse("8H")) == "8H"  # any card of the data, without rules
    assert parse_card("8h", FORTY_EIGHT) == PACK.parse("8H")
    with pytest.raises(CardNotationError, match=r"^card 2 '9c': 9C is only in play with .*48"):
        parse_cards("AS 9c", FORTY)
    with pytest.raises(CardNotationError, match=r"^'JK': JK is only in play with .*'Jokers'"):
        parse_card("JK", DIAMOND_ACE)
    with pytest.raises(ValueError, match="cannot arrange 8H: 8H is only in play"):
        best_arrangement(PACK.parse_cards("8H 8S 8C"), CLASSIC)
    assert parse_cards("", FORTY) == ()


def test_the_notation_checks_the_ids_of_a_card() -> None:
    for rank, suit in [("x", "hearts"), ("q", "cups"), ("q", None), (None, "hearts")]:
        with pytest.raises(ValueError, match="no card of rank"):
            PACK.notation.card(rank, suit)


# --- Deck facts -------------------------------------------------------------------------


def test_rules_read_the_deck_of_each_variant() -> None:
    assert FORTY.ranks == ("a", "2", "3", "4", "5", "6", "7", "j", "q", "k")
    assert FORTY_EIGHT.ranks == ("a", "2", "3", "4", "5", "6", "7", "8", "9", "j", "q", "k")
    assert (len(FORTY.deck), len(FORTY_EIGHT.deck), len(JOKERS.deck)) == (40, 48, 42)
    faces = PACK.parse_cards("JS QS KS")
    assert [FORTY.points(card) for card in faces] == [8, 9, 10]
    assert [FORTY_EIGHT.points(card) for card in faces] == [10, 11, 12]
    assert JOKERS.points(PACK.notation.joker()) == JOKERS.joker_points == 25
    assert JOKERS.wild_cards == {PACK.notation.joker()} and not FORTY.wild_cards
    diamond_ace = PACK.parse("AD")
    assert DIAMOND_ACE.wild_cards == {diamond_ace} and DIAMOND_ACE.points(diamond_ace) == 25
    assert PACK.rules() is FORTY  # made once per variant
    with pytest.raises(ValueError, match="unknown wild 'all'"):
        PACK.rules(wild="all")  # type: ignore[arg-type]


def test_points_come_from_the_card_data(
    cards_copy: Path, edit: Callable[[Path, str, str], None]
) -> None:
    ranks = cards_copy / "chinchon" / "ranks.yaml"
    king = "{id: k, letter: K, order: 12, points: "
    edit(ranks, king + "10,", king + "20,")
    pack = Pack.from_catalog(load_catalog(cards_copy).game("chinchon"))
    edited = pack.rules()
    assert edited.points(pack.parse("KH")) == 20
    assert best_arrangement(pack.parse_cards("KH 2C"), edited).points == 22
    assert PACK.rules().points(PACK.parse("KH")) == 10  # the project's own data is untouched


# --- Known answers ----------------------------------------------------------------------


def test_the_worked_example_of_the_source() -> None:
    anna = arrange("QH QS QC 5D 6D 7D 3H")
    assert str(anna) == "[5D 6D 7D] [QS QH QC] | 3H (3 points)"
    ben = arrange("5C 5H 5S 4D KD 2H AH")
    assert ben.melds == (PACK.parse_cards("5S 5H 5C"),)
    assert ben.unmatched == PACK.parse_cards("AH 2H 4D KD") and ben.points == 17
    carla = arrange("2S 3C 6H 7C JS KH KC")
    assert carla.melds == () and carla.points == 46
    assert str(carla) == "| 2S 3C 6H 7C JS KH KC (46 points)"


def test_the_seven_is_next_to_the_jack_only_without_the_eights_and_nines() -> None:
    assert arrange("6H 7H JH").melds == (PACK.parse_cards("6H 7H JH"),)
    assert arrange("6H 7H JH", FORTY_EIGHT).points == 6 + 7 + 10
    assert arrange("7H 8H 9H JH", FORTY_EIGHT).points == 0


def test_the_ace_is_always_lowest_and_the_king_highest() -> None:
    assert arrange("KS AS 2S").points == 13
    assert arrange("KS AS JK", JOKERS).points == 10 + 1 + 25
    assert arrange("QS KS JK", JOKERS).melds == (PACK.parse_cards("JK QS KS"),)


def test_a_four_card_set_gives_a_card_to_a_run() -> None:
    hand = arrange("5H 5S 5C 5D 6D 7D")
    assert hand.points == 0
    assert hand.melds == (PACK.parse_cards("5S 5H 5C"), PACK.parse_cards("5D 6D 7D"))
    assert str(arrange("5H 5S 5C 5D 6D")) == "[5S 5H 5D 5C] | 6D (6 points)"


def test_wild_cards() -> None:
    assert str(arrange("5H 7H JK QC", JOKERS)) == "[5H JK 7H] | QC (9 points)"
    assert arrange("5H JK JK", JOKERS).points == 55  # a meld needs two real cards
    assert str(arrange("QS QH JK JK", JOKERS)) == "[QS QH JK JK] | (0 points)"
    assert arrange("QS QH QC QD JK", JOKERS).points == 9  # a set has at most four cards
    assert str(arrange("2D 3D AD", DIAMOND_ACE)) == "[AD 2D 3D] | (0 points)"
    assert arrange("AD AS AC", DIAMOND_ACE).melds == (PACK.parse_cards("AS AC AD"),)
    assert arrange("AD AS", DIAMOND_ACE).points == 26  # wild: unmatched, it costs a joker's 25
    assert arrange("2S AD", DIAMOND_ACE).unmatched == PACK.parse_cards("AD 2S")  # sorted
    assert str(arrange("2S AD 5H 6H 7H", DIAMOND_ACE)) == "[AD 5H 6H 7H] | 2S (2 points)"
    assert str(arrange("2S AD 5H 6H 7H JK", JOKERS)) == "[JK 5H 6H 7H] | AD 2S (3 points)"


def test_two_decks() -> None:
    assert str(arrange("5H 5H 5S")) == "| 5S 5H 5H (15 points)"  # a set needs different suits
    assert str(arrange("5H 5H 6H 7H")) == "[5H 6H 7H] | 5H (5 points)"  # no card twice in a run
    assert arrange("5H 5H 6H 6H 7H 7H").points == 0


def test_chinchon() -> None:
    assert arrange("AC 2C 3C 4C 5C 6C 7C").is_chinchon
    clubs = arrange("4H 5H 6H 7H JH QH KH")
    assert clubs.is_chinchon and len(clubs.melds) == 1
    assert not arrange("4H 5H 6H 7H JH QH KH", FORTY_EIGHT).is_chinchon
    assert not arrange("AC 2C 3C JK 5C 6C 7C", JOKERS).is_chinchon
    assert not arrange("AD 2D 3D 4D 5D 6D 7D", DIAMOND_ACE).is_chinchon  # the A♦ is wild
    assert not arrange("AC 2C 3C 4C 5C 6C 7C JC").is_chinchon  # eight cards
    assert not arrange("AC 2C 3C 4C 4H 4S 4D").is_chinchon


def test_the_answer_does_not_depend_on_the_order_of_the_cards() -> None:
    dealer = random.Random(7)
    hand = list(parse_cards("5H 5S 5C 5D 6D 7D JK AS 2S", JOKERS))
    expected = best_arrangement(hand, JOKERS)
    for _ in range(20):
        dealer.shuffle(hand)
        assert best_arrangement(hand, JOKERS) == expected
    assert expected.cards == tuple(sorted(hand))


def test_singular_point_and_empty_hand() -> None:
    assert str(arrange("5D 6D 7D AH")) == "[5D 6D 7D] | AH (1 point)"
    assert str(arrange("")) == "| (0 points)"


def test_docstring_examples() -> None:
    for name in ("", ".cards", ".variants", ".arrangement"):
        module = importlib.import_module("bots.games.chinchon" + name)
        result = doctest.testmod(module, extraglobs=vars(chinchon))
        assert result.failed == 0 and result.attempted > 0, module.__name__


# --- Brute force ------------------------------------------------------------------------


class Oracle:
    """Run order and points read straight from the card data, and a plain meld check."""

    def __init__(self, rules: Rules) -> None:
        game = CATALOG.game("chinchon")
        ranks = sorted(
            (rank for rank in game.table("ranks").entries if isinstance(rank, Rank)),
            key=lambda rank: rank.order,
        )
        in_play = [rank for rank in ranks if rules.forty_eight or not rank.only_48]
        self.run_order = [rank.id for rank in in_play]
        self.rank_points = {r.id: r.points_48 if rules.forty_eight else r.points for r in ranks}
        jokers = [card for card in game.deck("jokers").cards if isinstance(card, Joker)]
        self.joker_points = jokers[0].points
        self.wild = {"none": set(), "jokers": {"JK"}, "diamond-ace": {"AD"}}[rules.wild]

    def points(self, card: Card) -> int:
        if card.rank is None or str(card) in self.wild:  # a wild card costs a joker's points
            return self.joker_points
        return self.rank_points[card.rank]

    def is_meld(self, cards: Sequence[Card]) -> bool:
        real = [card for card in cards if str(card) not in self.wild]
        if len(cards) < 3 or len(real) < 2:
            return False
        if len({card.rank for card in real}) == 1:  # a set: different suits, at most four
            return len({card.suit for card in real}) == len(real) and len(cards) <= 4
        if len({card.suit for card in real}) == 1:  # a run: wild cards fill gaps and ends
            places = sorted(self.run_order.index(str(card.rank)) for card in real)
            span = places[-1] - places[0] + 1
            distinct = len(set(places)) == len(places)
            return distinct and span <= len(cards) <= len(self.run_order)
        return False

    def fewest_points(self, cards: Sequence[Card]) -> int:
        """Try every partition: the first card is unmatched or in a meld with some others."""
        if not cards:
            return 0
        first, rest = cards[0], cards[1:]
        best = self.points(first) + self.fewest_points(rest)
        for size in range(2, len(rest) + 1):
            for chosen in combinations(range(len(rest)), size):
                if self.is_meld([first, *(rest[i] for i in chosen)]):
                    left = [card for i, card in enumerate(rest) if i not in chosen]
                    best = min(best, self.fewest_points(left))
        return best


_ORACLES = {id(rules): Oracle(rules) for rules in ALL_RULES}


def check(hand: Sequence[Card], rules: Rules) -> None:
    oracle = _ORACLES[id(rules)]
    found = best_arrangement(hand, rules)
    assert found.points == oracle.fewest_points(hand), str(found)
    assert all(oracle.is_meld(meld) for meld in found.melds), str(found)
    used = Counter([card for meld in found.melds for card in meld] + list(found.unmatched))
    assert used == Counter(hand)
    assert found.points == sum(oracle.points(card) for card in found.unmatched)


@st.composite
def hands(draw: st.DrawFn) -> tuple[list[Card], Rules]:
    """A hand of 0-9 cards of one or two packs; often from a few neighbouring cards."""
    rules = draw(st.sampled_from(ALL_RULES))
    pack = list(rules.deck) * draw(st.sampled_from([1, 2]))
    if draw(st.booleans()):
        width = draw(st.integers(3, 6))
        start = draw(st.integers(0, len(rules.ranks) - width))
        ranks = rules.ranks[start : start + width]
        suits = draw(st.sets(st.sampled_from(rules.suits), min_size=1, max_size=4))
        pack = [c for c in pack if rules.is_wild(c) or (c.rank in ranks and c.suit in suits)]
    chosen = draw(st.lists(st.integers(0, len(pack) - 1), unique=True, max_size=9))
    return [pack[i] for i in chosen], rules


@settings(max_examples=2500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands())
def test_best_arrangement_equals_brute_force(dealt: tuple[list[Card], Rules]) -> None:
    check(*dealt)


@pytest.mark.parametrize("rules", ALL_RULES, ids=lambda rules: f"{rules.forty_eight}-{rules.wild}")
def test_best_arrangement_equals_brute_force_on_dealt_hands(rules: Rules) -> None:
    dealer = random.Random(f"chinchon-{rules.forty_eight}-{rules.wild}")
    packs = list(rules.deck) * 2
    for _ in range(800):
        check(dealer.sample(packs, dealer.choice([7, 8, 9])), rules)


def test_a_wild_card_cannot_stretch_a_run_beyond_the_ace_or_the_king() -> None:
    spades = "AS 2S 3S 4S 5S 6S 7S JS QS KS"
    check(PACK.parse_cards(spades + " JK"), JOKERS)  # eleven cards: the run must split
    assert len(arrange(spades + " JK", JOKERS).melds) == 2
    check(PACK.parse_cards(spades + " 8S 9S JK"), PACK.rules(forty_eight=True, wild="jokers"))


def test_larger_hands() -> None:
    dealer = random.Random(3)
    packs = list(JOKERS.deck) * 2
    for _ in range(30):
        check(dealer.sample(packs, 10), JOKERS)
