"""Which recited cards count in a Chin Music fight: the rules' known answers
(missed card, swapped pair, one card out of place, unknown word, repeated word)
and properties checked against a brute-force search of every longest run."""

from __future__ import annotations

import doctest
import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bots.games import chin_music
from bots.games.chin_music import counting
from bots.games.chin_music.counting import counted_cards, counted_positions, spoken

STACK = ["Alpha", "Bravo", "Charlie", "Delta"]  # A B C D, bottom to top


def test_doctests() -> None:
    assert doctest.testmod(counting).failed == 0
    assert doctest.testmod(chin_music).failed == 0


@pytest.mark.parametrize(
    ("said", "counted"),
    [
        pytest.param("Alpha Bravo Charlie Delta", "Alpha Bravo Charlie Delta", id="all right"),
        pytest.param("Alpha Bravo Delta", "Alpha Bravo Delta", id="missed card"),
        pytest.param("Alpha Charlie Bravo Delta", "Alpha Delta", id="swapped pair"),
        pytest.param("Delta Alpha Bravo Charlie", "Alpha Bravo Charlie", id="one out of place"),
        pytest.param("Alpha Zulu Bravo Charlie Delta", "Alpha Bravo Charlie Delta", id="unknown"),
        pytest.param("Alpha Bravo Alpha Charlie Delta", "Bravo Charlie Delta", id="repeated"),
        pytest.param("Delta Charlie Bravo Alpha", "", id="reversed"),
        pytest.param("", "", id="nothing said"),
        pytest.param("Bravo Alpha Delta Charlie", "", id="two swaps"),
        pytest.param("Alpha Charlie Delta Bravo", "Alpha Charlie Delta", id="late card"),
    ],
)
def test_known_answers(said: str, counted: str) -> None:
    assert counted_cards(STACK, said.split()) == tuple(counted.split())


def test_the_public_function_is_the_one_the_issue_names() -> None:
    assert chin_music.counted_cards is counted_cards


def test_words_match_as_they_sound_and_keep_the_stack_spelling() -> None:
    stack = ["Oh Yeah?", "Bee's Knees", "Twenty-Three Skidoo"]
    said = ["oh yeah", "BEES KNEES", "twenty three skidoo"]
    assert counted_cards(stack, said) == tuple(stack)
    assert spoken("Hotsy-Totsy") == spoken("hotsy totsy") != spoken("hotsy")


def test_a_stack_naming_a_card_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="names a card twice"):
        counted_cards(["Jake", "jake!"], ["Jake"])


def on_every_longest_run(named: list[int]) -> set[int]:
    """Brute force: the positions in every longest increasing run of ``named``."""
    for length in range(len(named), 0, -1):
        runs = [
            set(run)
            for run in itertools.combinations(named, length)
            if all(a < b for a, b in itertools.pairwise(run))
        ]
        if runs:
            return set.intersection(*runs)
    return set()


@settings(max_examples=300, deadline=None)
@given(st.permutations(range(8)), st.integers(min_value=0, max_value=8))
def test_counted_positions_match_brute_force(order: list[int], keep: int) -> None:
    named = list(order)[:keep]
    assert counted_positions(named) == on_every_longest_run(named)


@settings(max_examples=200, deadline=None)
@given(
    st.integers(min_value=1, max_value=12),
    st.lists(st.integers(min_value=0, max_value=14), max_size=16),
)
def test_counted_cards_properties(size: int, said_positions: list[int]) -> None:
    stack = [f"card{n}" for n in range(size)]
    words = [f"card{n}" for n in range(15)]  # some are not in the stack
    said = [words[p] for p in said_positions]
    counted = counted_cards(stack, said)
    assert set(counted) <= set(stack) & set(said)
    assert list(counted) == [word for word in stack if word in counted]  # stack order
    assert all(said.count(word) == 1 for word in counted)
    # the counted cards were said in stack order
    assert [word for word in said if word in counted] == list(counted)


def test_leaving_cards_out_of_a_right_recitation_loses_only_those() -> None:
    generator = random.Random(6)
    for _ in range(200):
        stack = [f"w{n}" for n in range(generator.randint(1, 12))]
        said = [word for word in stack if generator.random() < 0.7]
        assert counted_cards(stack, said) == tuple(said)


def test_moving_one_card_loses_only_that_card() -> None:
    generator = random.Random(7)
    for _ in range(200):
        stack = [f"w{n}" for n in range(generator.randint(3, 12))]
        said = list(stack)
        moved = said.pop(generator.randrange(len(said)))
        place = generator.choice([i for i in range(len(said) + 1) if i != stack.index(moved)])
        said.insert(place, moved)
        counted = counted_cards(stack, said)
        if said == stack:
            assert counted == tuple(stack)
        else:
            # to a neighbour's place it is a swapped pair (both lost); further, only itself
            neighbours = abs(place - stack.index(moved)) == 1
            lost = len(stack) - len(counted)
            assert lost == (2 if neighbours else 1), (stack, said, counted)
            assert moved not in counted
