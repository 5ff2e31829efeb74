"""Chin Music's faces, drawn by its layouts (cards/chin-music/layouts.yaml): every deck
is drawn by a layout, front and back; a Bout card shouts its word in the speech panel
(two lines of one size when it is long), says its Boast and shows its Ruffians as fists
with the number on each edge; the facing cards print their name over their motto; the
ink-saver keeps the large fills pale; frames and text keep to the safe zone."""

from __future__ import annotations

import functools

import numpy as np
import pytest

from pnp.catalog import Game, load_catalog
from pnp.kit.faces import FACES, FaceOptions, design_for
from pnp.kit.layout_faces import layout_checks, layout_design
from tests.conftest import CARDS
from tests.kit.layout_pages import BLEED_MM, PIXELS_PER_MM, Character, near, render

PAPER, RED = "#f4e9d8", "#7a1f1f"


@functools.cache
def chin_music() -> Game:
    return load_catalog(CARDS, layout_checks=layout_checks()).game("chin-music")


def test_every_deck_is_drawn_by_its_layout_front_and_back() -> None:
    game = chin_music()
    assert game.layouts is not None
    for deck in game.decks:
        kind = deck.spec.kind
        assert kind not in FACES, kind
        layout = game.layouts.layouts[kind]
        assert layout.front and layout.back, kind
        assert design_for(game, deck) is layout_design(game.layouts, kind)


def _lines(game: Game, card_id: str) -> list[str]:
    """The lines of a Bout card's word (the large letters above the Boast), top first,
    with their sizes checked equal."""
    letters = [c for c in render(game, "bout", card_id).characters()
               if c.size > 12 and c.centre[1] < 52]  # fmt: skip
    assert len({round(c.size, 1) for c in letters}) == 1
    lines: list[list[Character]] = []
    for letter in sorted(letters, key=lambda c: c.centre[1]):
        if not lines or letter.centre[1] - lines[-1][-1].centre[1] > 4:  # 4 mm lower: a line
            lines.append([])
        lines[-1].append(letter)
    return ["".join(c.text for c in sorted(line, key=lambda c: c.centre[0])) for line in lines]


def test_a_short_word_is_one_line_and_a_long_one_two_lines_of_one_size() -> None:
    game = chin_music()
    assert _lines(game, "copacetic") == ["Copacetic"]
    assert _lines(game, "knuckle-sandwich") == ["Knuckle", "Sandwich"]
    assert len(_lines(game, "horsefeathers")) == 1  # one word stays on one line


def test_the_bout_front_says_bout_and_its_boast_on_the_red_badge() -> None:
    page = render(chin_music(), "bout", "dynamite")
    words = page.text().split()
    assert words[0] == "BOUT" and "Dynamite!" in words
    assert words[-2:] in (["3", "BOAST"], ["BOAST", "3"])
    assert near(page.at(23.5, 73.5), RED)  # the badge, beside its number
    assert near(page.at(31.5, 12), PAPER)


def test_the_back_shows_the_ruffians_as_fists_and_the_number_on_each_edge() -> None:
    game = chin_music()
    inked = []
    for card_id, count in (("jake", 1), ("moxie", 2), ("attaboy", 3), ("dynamite", 4),
                           ("scram", 5)):  # fmt: skip
        page = render(game, "bout", card_id, side="back")
        numbers = [c for c in page.characters() if c.text == str(count)]
        assert sorted(round(c.angle / (np.pi / 2)) % 4 for c in numbers) == [0, 1, 2, 3]
        assert page.text().count("RUFFIANS") == 1
        top, bottom, left, right = (
            round((mm + BLEED_MM) * PIXELS_PER_MM) for mm in (16, 72, 10, 53)
        )  # the fists' box, and more
        block = page.pixels[top:bottom, left:right].astype(int)
        inked.append(float((np.abs(block - (0x7A, 0x1F, 0x1F)).max(axis=2) > 60).mean()))
    assert inked == sorted(inked) and len(set(inked)) == len(inked), inked


@pytest.mark.parametrize("card_id", ["title", "nothing-more-to-prove"])
def test_a_facing_card_prints_its_name_over_its_motto(card_id: str) -> None:
    game = chin_music()
    card = game.deck("facing").card(card_id)
    page = render(game, "facing", card_id)
    characters = page.characters()
    name = [c for c in characters if c.size > 12]
    assert "".join(c.text for c in name) == card.name.replace(" ", "")
    body = [c for c in characters if c.size <= 12]
    assert "".join(c.text for c in body) == card.text.replace(" ", "")
    assert max(c.centre[1] for c in name) < min(c.centre[1] for c in body)
    assert near(page.at(10, 40), RED)


def test_the_ink_saver_keeps_the_large_fills_pale() -> None:
    game = chin_music()
    saver = FaceOptions(ink_saver=True)
    for deck_id, card_id, side in (("bout", "jake", "back"), ("facing", "title", "front")):
        colour = render(game, deck_id, card_id, side, saver).at(10, 40)
        assert min(colour) > 200, (deck_id, side, colour)


def test_frames_and_text_keep_three_millimetres_inside_the_cut() -> None:
    catalog = load_catalog(CARDS, layout_checks=layout_checks())
    assert [w for w in catalog.warnings if "chin-music" in w.file] == []
