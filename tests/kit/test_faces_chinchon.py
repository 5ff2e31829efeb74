"""Chinchón's cards are drawn by its layout (cards/chinchon/layouts.yaml) and its named
elements (pnp.kit.elements.chinchon): no Python face is left, and the face style and
the four-colour option still change the look, as seen on the rendered pages."""

from __future__ import annotations

import functools
import math

import numpy as np
import pytest

from pnp.catalog import Game, load_catalog
from pnp.kit.faces import FACES, FaceError, FaceOptions, design_for
from pnp.kit.layout_faces import layout_checks, layout_design
from tests.conftest import CARDS
from tests.kit.layout_pages import BLEED_MM, PIXELS_PER_MM, Rendered, render

#: Where the pips of A to 9 stand (the layout's box), millimetres from the top left.
PIPS_BOX = (11.5, 10.0, 40.0, 68.0)
Box = tuple[float, float, float, float]


@functools.cache
def chinchon() -> Game:
    return load_catalog(CARDS, layout_checks=layout_checks()).game("chinchon")


@functools.cache
def drawn(card_id: str, style: str = "french", four_colour: bool = False,
          deck_id: str = "main") -> Rendered:  # fmt: skip
    return render(chinchon(), deck_id, card_id,
                  options=FaceOptions(style=style, four_colour=four_colour))  # fmt: skip


def pixels(rendered: Rendered, box: Box) -> np.ndarray:
    """The pixels of ``box`` (millimetres from the trim's top-left corner), as ints."""
    x, y, width, height = (round(value * PIXELS_PER_MM) for value in box)
    offset = round(BLEED_MM * PIXELS_PER_MM)
    return rendered.pixels[offset + y : offset + y + height, offset + x : offset + x + width, :3]


def share_near(rendered: Rendered, box: Box, hex_colour: str) -> float:
    """The share of the box's pixels in ``hex_colour`` (give or take 12 a channel)."""
    wanted = np.array([int(hex_colour[index : index + 2], 16) for index in (1, 3, 5)])
    found = pixels(rendered, box).astype(int)
    return float((np.abs(found - wanted).max(axis=2) <= 12).mean())


def test_every_chinchon_deck_is_drawn_by_its_layout() -> None:
    game = chinchon()
    assert game.layouts is not None
    for deck in game.decks:
        kind = deck.spec.kind
        assert kind in game.layouts.layouts
        assert kind not in FACES
        assert design_for(game, deck) is layout_design(game.layouts, kind)


def test_chinchon_keeps_its_frames_and_text_in_the_safe_zone() -> None:
    catalog = load_catalog(CARDS, layout_checks=layout_checks())
    assert [str(problem) for problem in catalog.warnings if "chinchon" in problem.file] == []


@pytest.mark.parametrize(
    ("card_id", "style", "four_colour", "ink"),
    [("3-diamonds", "french", False, "#c0262d"), ("3-diamonds", "french", True, "#1f5fbf"),
     ("3-clubs", "french", False, "#1a1a1a"), ("3-clubs", "french", True, "#1e7a34"),
     ("3-diamonds", "spanish", False, "#b8860b"), ("3-spades", "spanish", False, "#1f5fbf")],
)  # fmt: skip
def test_the_pips_are_in_the_suits_ink_of_the_style(
    card_id: str, style: str, four_colour: bool, ink: str
) -> None:
    rendered = drawn(card_id, style, four_colour)
    assert share_near(rendered, PIPS_BOX, ink) > 0.01
    others = {"#c0262d", "#1f5fbf", "#1e7a34", "#b8860b"} - {ink}
    assert all(share_near(rendered, PIPS_BOX, other) < 0.001 for other in others)


@pytest.mark.parametrize(("style", "turned"), [("french", True), ("spanish", False)])
def test_french_pips_below_the_middle_are_turned_spanish_ones_stand(
    style: str, turned: bool
) -> None:
    """The 2 of hearts: the lower pip is the upper one turned about its centre (French),
    or the same way up (Spanish cups)."""
    rendered = drawn("2-hearts", style)
    # the pips' centres: 9 mm pips, the rows inset 0.55 of a pip from the box's top and bottom
    top = pixels(rendered, (27.0, 14.95 - 4.5, 9.0, 9.0)).astype(int)
    bottom = pixels(rendered, (27.0, 73.05 - 4.5, 9.0, 9.0)).astype(int)
    turned_round = bottom[::-1, ::-1]
    same, flipped = np.abs(top - bottom).mean(), np.abs(top - turned_round).mean()
    assert (flipped < same) == turned, (same, flipped)
    assert min(same, flipped) < max(same, flipped) / 5  # alike but for the edges' pixels


@pytest.mark.parametrize(
    ("style", "index", "size", "name", "caption"),
    [("french", "K", 15, "KING", "King of spades"),
     ("spanish", "12", 12.5, "REY", "Rey de espadas")],
)  # fmt: skip
def test_indices_and_words_follow_the_style(style: str, index: str, size: float, name: str,
                                            caption: str) -> None:  # fmt: skip
    rendered = drawn("k-spades", style)
    words = " ".join(rendered.text().split())
    assert name in words and caption in words
    first = index[0]
    # the corner index top left and, turned, bottom right; the court card's large index
    corners = sorted((character.centre, character.size, character.angle)
                     for character in rendered.characters()
                     if character.text == first and not 10 < character.centre[0] < 53)  # fmt: skip
    turns = [(size_, round(math.degrees(angle))) for _, size_, angle in corners]
    assert turns == [(size, 0), (size, 180)]
    assert corners[0][0][1] < 10 and corners[1][0][1] > 78
    large = [character for character in rendered.characters()
             if character.text == first and character.size >= 20]  # fmt: skip
    assert len(large) == 1 and large[0].size == pytest.approx(40)


def test_an_unknown_style_is_a_sentence() -> None:
    message = "unknown Chinchón style 'tarot' \\(known: french, spanish\\)"
    with pytest.raises(FaceError, match=message):
        render(chinchon(), "main", "a-spades", options=FaceOptions(style="tarot"))
