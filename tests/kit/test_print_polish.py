"""Print polish, read back from every game's PDF with PDFium: each deck's sheets
numbered as the print check counts them, and the boxes a print shop reads."""

from __future__ import annotations

import functools
import re

import pypdfium2 as pdfium
import pytest

from pnp.catalog import Catalog, load_catalog
from pnp.kit.options import KitOptions
from pnp.kit.pdf import game_pdf
from tests.conftest import CARDS, GAME_IDS


@functools.cache
def catalog() -> Catalog:
    return load_catalog(CARDS)


@functools.cache
def pdf(game_id: str, options: KitOptions) -> bytes:
    return game_pdf(catalog().game(game_id), options)


def page_texts(data: bytes) -> list[str]:
    document = pdfium.PdfDocument(data)
    return [document[index].get_textpage().get_text_range() for index in range(len(document))]


#: "Action cards: 110 cards on 14 sheets" on the print check.
COUNTED = re.compile(r"\u2610 (.+?): \d+ cards? on (\d+) sheets?")
#: "Action cards · sheet 3 of 14" in a sheet's caption (after the game's name or a "+").
CAPTION = re.compile(r"(?:· |\+ )([^·+\n]+?) · sheet (\d+) of (\d+) ")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_each_decks_sheets_are_numbered_as_the_print_check_counts_them(game_id: str) -> None:
    texts = page_texts(pdf(game_id, KitOptions()))
    counted = {title: int(sheets) for title, sheets in COUNTED.findall(texts[0])}
    assert counted, texts[0]
    numbered: dict[str, set[tuple[int, int]]] = {}
    for text in texts[2:]:
        if " fronts · page" not in text:
            continue  # the backs repeat the fronts' numbers; the extras have none
        for title, place, total in CAPTION.findall(text):
            numbered.setdefault(title.removesuffix(" (optional)"), set()).add(
                (int(place), int(total))
            )
    assert set(numbered) == set(counted)
    for title, sheets in counted.items():
        assert numbered[title] == {(place, sheets) for place in range(1, sheets + 1)}, title
