"""Rules booklets, read back with PDFium: the same hand-written rules as the
site (every heading of every page, the beta text with the older draft after
it), the component checklist with counts, what else the table needs, the
suit symbols kept, pages in saddle-stitch order, nothing in the margin, no
text under 7 pt, and the same bytes for the same input."""

from __future__ import annotations

import functools
import re
from dataclasses import replace

import numpy as np
import pypdfium2 as pdfium
import pytest

from pnp.catalog import Game, load_catalog
from pnp.kit.booklet import booklet_pdf, rules_pdf, saddle_order
from pnp.kit.booklet.markup import PAGES, read_pages
from pnp.kit.geometry import MM
from pnp.kit.options import KitOptions
from tests.conftest import CARDS, GAME_IDS
from tests.kit.test_printing import _margin_band, effective_sizes, printed, render

GAMES = list(GAME_IDS)


@functools.cache
def game(game_id: str) -> Game:
    return load_catalog(CARDS).game(game_id)


@functools.cache
def rules(game_id: str, paper: str = "a4") -> bytes:
    return rules_pdf(game(game_id), KitOptions(paper=paper))


@functools.cache
def booklet(game_id: str, paper: str = "a4") -> bytes:
    return booklet_pdf(game(game_id), KitOptions(paper=paper))


def text_of(data: bytes) -> str:
    document = pdfium.PdfDocument(data)
    pages = [document[index].get_textpage().get_text_range() for index in range(len(document))]
    return re.sub(r"\s+", " ", " ".join(pages))


def flat(text: str) -> str:
    """Text without spacing or hyphens, to find words a line break may split."""
    return re.sub(r"[\s\-\u00ad]+", "", text)


def site_headings(game_id: str) -> list[str]:
    headings = []
    for page in PAGES:
        path = CARDS / game_id / "pages" / f"{page}.md"
        for line in path.read_text(encoding="utf-8").splitlines():
            match = re.match(r"^(#{1,3}) (.+?)(\s*\{[^}]*\})?\s*$", line)
            if match:
                headings.append(re.sub(r"[*_`]", "", match.group(2)))
    return headings


@pytest.mark.parametrize("game_id", GAMES)
def test_every_heading_of_the_site_pages_is_in_the_booklet(game_id: str) -> None:
    text = flat(text_of(rules(game_id)))
    headings = site_headings(game_id)
    assert len(headings) > 8
    for heading in headings:
        assert flat(heading) in text, heading


@pytest.mark.parametrize("game_id", GAMES)
def test_the_outline_lists_each_page_of_the_rules(game_id: str) -> None:
    document = pdfium.PdfDocument(rules(game_id))
    titles = [mark.get_title() for mark in document.get_toc()]
    for page in read_pages(game(game_id)):
        assert page.title in titles, (page.title, titles)
    assert "What is in the box" in titles and "Terms and credits" in titles


def test_one_source_a_sentence_of_each_page_reads_the_same() -> None:
    """A paragraph taken from each hand-written page prints word for word."""
    text = flat(text_of(rules("chinchon")))
    for page in PAGES:
        source = (CARDS / "chinchon" / "pages" / f"{page}.md").read_text(encoding="utf-8")
        paragraph = next(
            line for line in source.splitlines()
            if len(line) > 80 and not line.startswith(("#", "|", "!", "-", "=", " ", "*"))
        )  # fmt: skip
        plain = re.sub(r"\[([^\]]+)\]\([^)]+\)", r"\1", paragraph)
        plain = re.sub(r"[*_`]", "", plain)
        assert flat(plain) in text, page


def test_joes_bar_prints_the_beta_then_the_older_draft_in_a_box() -> None:
    text = text_of(rules("joes-bar"))
    beta = "Give up any card from your hand and the HIT moves on"
    draft = "As in the beta, but each HIT can be dodged only once"
    assert beta in text and draft in text
    assert text.index(beta) < text.index("Older draft", text.index(beta)) < text.index(draft)


def test_the_suit_symbols_are_kept() -> None:
    text = text_of(rules("chinchon"))
    assert "4\u2660 4\u2665 4\u2663" in text  # a set, as the site writes it


def test_the_checklist_counts_every_deck_and_chinchon_asks_for_two_decks() -> None:
    text = text_of(rules("chinchon"))
    for deck in game("chinchon").decks:
        assert f"{deck.spec.title}" in text
    assert "print twice for 5 or more players" in text
    assert "This kit prints score sheet" in text
    mgt = text_of(rules("music-game-thingy"))
    assert "Six-sided dice" in mgt and "This kit prints dice to fold" in mgt
    assert "This kit prints counters" in mgt
    jb = text_of(rules("joes-bar"))
    assert "A sand timer" in jb and "only with the older draft's sand timer" in jb


@pytest.mark.parametrize("pages", [4, 8, 12, 28])
def test_saddle_stitch_order_puts_each_page_on_its_sheet(pages: int) -> None:
    order = saddle_order(pages)
    assert sorted(order) == list(range(pages))
    for sheet in range(pages // 4):
        front_left, front_right, back_left, back_right = order[4 * sheet : 4 * sheet + 4]
        # folded, each side pairs pages that add up to the last page's number
        assert front_left + front_right == pages - 1 == back_left + back_right
        assert back_left == front_right + 1  # page 2 is printed behind page 1
    assert order[:2] == [pages - 1, 0]  # the back cover beside the cover


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_folded_booklet_is_half_pages_two_to_a_landscape_sheet(paper: str) -> None:
    data = booklet("chinchon", paper)
    document = pdfium.PdfDocument(data)
    width, height = document[0].get_size()
    assert width > height
    expected = {"a4": (297, 210), "letter": (279.4, 215.9)}[paper]
    assert (width / MM, height / MM) == (pytest.approx(expected[0], abs=0.2),
                                         pytest.approx(expected[1], abs=0.2))  # fmt: skip
    assert len(document) % 2 == 0
    first = document[0].get_textpage()
    left = first.get_text_bounded(0, 0, width / 2, height)
    right = first.get_text_bounded(width / 2, 0, width, height)
    assert "Rules booklet" in right  # the cover on the right of the first sheet
    assert "Credits" in left or not left.strip()  # the back cover on its left


@pytest.mark.parametrize("game_id", GAMES)
def test_booklets_keep_out_of_the_margin_and_print_no_text_under_7_pt(game_id: str) -> None:
    for data in (rules(game_id, "letter"), booklet(game_id, "letter")):
        document = pdfium.PdfDocument(data)
        for index in range(len(document)):
            page = document[index]
            for char, size in effective_sizes(page):
                assert size >= 7 - 0.01, (game_id, index + 1, char, size)
            ink = printed(render(page))
            assert not (ink & _margin_band(ink, 5.0)).any(), (game_id, index + 1)


def test_the_same_booklet_gives_the_same_bytes() -> None:
    options = KitOptions()
    assert rules_pdf(game("chin-music"), options) == rules("chin-music")
    assert booklet_pdf(game("chin-music"), options) == booklet("chin-music")


def test_fonts_are_the_kits_own_embedded_as_subsets() -> None:
    for data in (rules("chinchon"), booklet("chinchon")):
        fonts = re.findall(rb"/BaseFont\s*/([^\s/>]+)", data)
        assert fonts
        assert all(re.fullmatch(rb"[A-Z]{6}\+.+", name) for name in fonts), fonts
        names = b" ".join(fonts)
        assert b"FjallaOne" in names and b"SourceSansPro" in names


def test_a_game_without_written_rules_still_gets_its_checklist() -> None:
    empty = replace(game("chin-music"), pages=None, glossary=())
    text = text_of(rules_pdf(empty, KitOptions()))
    assert "not written yet" in text and "Bout cards" in text and "Credits" in text


def test_the_cover_shows_the_games_own_cards() -> None:
    document = pdfium.PdfDocument(rules("chin-music"))
    cover = render(document[0])
    colour = np.asarray(cover, dtype=float)
    inked = printed(cover)
    assert inked.mean() > 0.08  # three cards' worth of ink, not a title alone
    assert (np.ptp(colour, axis=-1) > 40).mean() > 0.02  # in colour
    words = document[0].get_textpage().get_text_range()
    assert any(card.word in words for card in game("chin-music").deck("bout").cards)


def test_the_terms_are_the_games_own_glossary() -> None:
    text = flat(text_of(rules("chin-music")))
    terms = game("chin-music").glossary
    assert len(terms) == 5
    for term in terms:
        assert flat(f"{term.term}: {term.meaning}") in text, term.term
    assert "Booze Level" not in text_of(rules("chin-music"))  # another game's term
