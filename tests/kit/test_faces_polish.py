"""What a close look at the cards found, kept fixed: Chinchón's jokers carry a
corner index and its captions read as names; backs print their title once and
keep their motif clear of the title's panel; The Music Game Thingy says each
fact once, in one term."""

from __future__ import annotations

import functools
import io
import re

import numpy as np
import pypdfium2 as pdfium
import pytest
from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from pnp.catalog import Game, load_catalog
from pnp.catalog.base import Card
from pnp.catalog.model import Deck
from pnp.catalog.schemas.music_game_thingy import ActionCard, TourCard
from pnp.kit.faces import FaceContext, FaceOptions, design_for
from pnp.kit.fonts import register_fonts
from pnp.kit.geometry import MM, Edges
from tests.conftest import CARDS

BLEED = 3 * MM


@functools.cache
def game(game_id: str) -> Game:
    return load_catalog(CARDS).game(game_id)


def page(game_id: str, deck_id: str, card: Card, side: str = "front",
         style: str = "french") -> pdfium.PdfPage:  # fmt: skip
    register_fonts()
    deck = game(game_id).deck(deck_id)
    width, height = deck.spec.size.width * MM, deck.spec.size.height * MM
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(width + 2 * BLEED, height + 2 * BLEED), invariant=1)
    canvas.translate(BLEED, BLEED)
    context = FaceContext(game(game_id), deck, FaceOptions(style=style), width, height,
                          Edges.even(BLEED))  # fmt: skip
    design = design_for(game(game_id), deck)
    (design.front if side == "front" else design.back)(canvas, card, context)
    canvas.showPage()
    canvas.save()
    return pdfium.PdfDocument(buffer.getvalue())[0]


def text(pdf_page: pdfium.PdfPage) -> str:
    return re.sub(r"\s+", " ", pdf_page.get_textpage().get_text_range())


def test_jokers_carry_an_index_in_two_corners() -> None:
    joker = game("chinchon").deck("jokers").cards[0]
    pdf_page = page("chinchon", "jokers", joker)
    textpage = pdf_page.get_textpage()
    width, height = pdf_page.get_size()
    corners = {"top left": 0, "bottom right": 0}
    for index in range(textpage.count_chars()):
        if textpage.get_text_range(index, 1) != "J":
            continue
        left, bottom, right, top = textpage.get_charbox(index)
        if right < width * 0.25 and bottom > height * 0.6:
            corners["top left"] += 1
        if left > width * 0.75 and top < height * 0.4:
            corners["bottom right"] += 1
    assert corners == {"top left": 1, "bottom right": 1}


@pytest.mark.parametrize(
    ("style", "card_id", "caption"),
    [("french", "a-spades", "Ace of spades"), ("spanish", "q-spades", "Caballo de espadas"),
     ("spanish", "a-diamonds", "As de oros")],
)  # fmt: skip
def test_captions_read_as_the_cards_name(style: str, card_id: str, caption: str) -> None:
    card = game("chinchon").deck("main").card(card_id)
    words = text(page("chinchon", "main", card, style=style))
    assert caption in words
    assert "\u00b7" not in words  # no "Ace · Spades"


@pytest.mark.parametrize(
    ("game_id", "deck_id"),
    [("chinchon", "main"), ("chin-music", "facing"), ("music-game-thingy", "action"),
     ("music-game-thingy", "order-marker"), ("joes-bar", "patron")],
)  # fmt: skip
def test_a_back_says_its_title_once_and_the_game_only_when_it_differs(
    game_id: str, deck_id: str
) -> None:
    deck = game(game_id).deck(deck_id)
    words = text(page(game_id, deck_id, deck.cards[0], side="back")).casefold()
    title, game_title = deck.spec.back.title.casefold(), game(game_id).title.casefold()
    assert words.count(title) == 1, words
    if title != game_title:
        assert words.count(game_title) == 1


def _panel_ring(deck: Deck, pdf_page: pdfium.PdfPage) -> tuple[np.ndarray, tuple[int, ...]]:
    """The pixels of a band 0.8 to 2 mm outside the standard back's title panel."""
    scale = 4
    pixels = np.asarray(pdf_page.render(scale=scale).to_pil().convert("RGB"), dtype=int)
    width, height = deck.spec.size.width * MM, deck.spec.size.height * MM
    x0, x1 = BLEED + 5 * MM, BLEED + width - 5 * MM  # the panel: safe area less 2 mm
    y0, y1 = BLEED + height * 0.34 + 3 * MM, BLEED + height * 0.66 - 3 * MM
    ring = []
    for pad in np.linspace(0.8, 2.0, 5):
        d = pad * MM
        for x in np.linspace(x0 - d, x1 + d, 40):
            ring += [(x, y0 - d), (x, y1 + d)]
        for y in np.linspace(y0 - d, y1 + d, 40):
            ring += [(x0 - d, y), (x1 + d, y)]
    samples = np.array([pixels[int((height + 2 * BLEED - y) * scale), int(x * scale)]
                        for x, y in ring])  # fmt: skip
    colour = HexColor(deck.spec.back.colour)
    ground = tuple(round(255 * c) for c in (colour.red, colour.green, colour.blue))
    return samples, ground


@pytest.mark.parametrize(("game_id", "deck_id"), [("chinchon", "main"), ("chin-music", "facing"),
                                                  ("music-game-thingy", "action")])  # fmt: skip
def test_back_motifs_keep_clear_of_the_title_panel(game_id: str, deck_id: str) -> None:
    deck = game(game_id).deck(deck_id)
    samples, ground = _panel_ring(deck, page(game_id, deck_id, deck.cards[0], side="back"))
    off = np.abs(samples - np.array(ground)).max(axis=1)
    assert (off > 24).mean() < 0.02, f"{(off > 24).mean():.0%} of the ring is motif"


def test_music_game_thingy_says_each_fact_once_in_one_term() -> None:
    mgt = game("music-game-thingy")
    for deck_id in ("action", "tour"):
        for card in mgt.deck(deck_id).cards:
            assert isinstance(card, ActionCard | TourCard)
            words = text(page("music-game-thingy", deck_id, card))
            assert "per point" not in words
            if isinstance(card, ActionCard):
                revenue = card.revenue
            else:
                revenue = (card.dice, card.income_per_unit)
            if revenue is not None:
                assert words.count(f"{revenue[1]:,}") == 1, (card.id, words)
                assert words.count("per unit") == 1, (card.id, words)
            limit = card.hand_limit if isinstance(card, ActionCard) else None
            assert words.count("Hand limit") == (0 if limit is None else 1), card.id
