"""Helpers for the tests of layouts: a game folder copied with a layouts.yaml of the
test's own, loaded with the kit's checks, and one card side drawn by the same code
as the images (one PDF page, bleed included) and rendered by PDFium."""

from __future__ import annotations

import ctypes
import shutil
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from ruamel.yaml import YAML, YAMLError

from pnp.catalog import Game, load_catalog
from pnp.catalog.model import Side
from pnp.kit.faces import FACES, FaceOptions
from pnp.kit.geometry import MM, Edges
from pnp.kit.images import faces_pdf
from pnp.kit.layout_faces import layout_checks
from tests.conftest import CARDS

BLEED_MM = 3.0
#: Pixels per millimetre of the renders.
PIXELS_PER_MM = 12.0


def game_folder(root: Path, game_id: str, layouts: str) -> Path:
    """``root/cards/<game_id>``, a copy of the real folder (over what the test put
    there, art say) with ``layouts`` as its layouts.yaml; the cards folder (holding
    only that game). Every deck must be drawn: a kind of the game's decks that the
    test's layouts leave out gets a plain white front (added at the end, after the
    test's own lines, when ``layouts:`` is the file's last key: :func:`stand_ins`)."""
    cards = root / "cards"
    shutil.copytree(CARDS / game_id, cards / game_id, dirs_exist_ok=True)
    (cards / game_id / "layouts.yaml").write_text(
        layouts + stand_ins(game_id, layouts), encoding="utf-8"
    )
    return cards


def stand_ins(game_id: str, layouts: str) -> str:
    """Layouts for the kinds of the game's decks that ``layouts`` does not draw and no
    face registered in Python (:data:`FACES`) draws."""
    try:
        given = YAML(typ="safe").load(layouts)
    except YAMLError:
        return ""  # (a test of a broken file)
    if not isinstance(given, dict) or list(given)[-1:] != ["layouts"]:
        return ""
    drawn = given["layouts"] if isinstance(given["layouts"], dict) else {}
    decks = YAML(typ="safe").load((CARDS / game_id / "game.yaml").read_text(encoding="utf-8"))
    kinds = sorted({deck["kind"] for deck in decks["decks"].values()} - set(drawn) - set(FACES))
    return "".join(f"  {kind}:\n    front:\n      - {{fill: '#ffffff'}}\n" for kind in kinds)


def load_game(root: Path, game_id: str, layouts: str, checked: bool = True) -> Game:
    """The game with ``layouts``, loaded with the kit's checks unless not ``checked``
    (as the site loads it, say: then unknown drawings show when drawing)."""
    cards = game_folder(root, game_id, layouts)
    return load_catalog(cards, layout_checks=layout_checks() if checked else None).game(game_id)


def side_pdf(game: Game, deck_id: str, card_id: str, side: str = "front",
             options: FaceOptions | None = None) -> bytes:  # fmt: skip
    deck = game.deck(deck_id)
    face = Side(deck.card(card_id), "front" if side == "front" else "back")
    size = deck.spec.size
    return faces_pdf(game, deck, [face], size.width * MM, size.height * MM,
                     Edges.even(BLEED_MM * MM), options or FaceOptions())  # fmt: skip


@dataclass
class Rendered:
    """A rendered card side: its pixels and its PDF page (for text and objects)."""

    pdf: bytes
    pixels: np.ndarray
    page: pdfium.PdfPage

    def at(self, x_mm: float, y_mm: float) -> tuple[int, int, int]:
        """The colour at (x, y) millimetres from the trim's top-left corner."""
        row = round((y_mm + BLEED_MM) * PIXELS_PER_MM)
        column = round((x_mm + BLEED_MM) * PIXELS_PER_MM)
        red, green, blue = self.pixels[row, column][:3]
        return int(red), int(green), int(blue)

    def text(self) -> str:
        return str(self.page.get_textpage().get_text_range())

    def characters(self) -> list[Character]:
        """Every character with its font, size, angle and box (millimetres from the
        trim's top-left corner)."""
        textpage = self.page.get_textpage()
        height = self.page.get_size()[1]
        found = []
        name = ctypes.create_string_buffer(256)
        flags = ctypes.c_int()
        for index in range(textpage.count_chars()):
            character = textpage.get_text_range(index, 1)
            if not character.strip():
                continue
            pdfium_c.FPDFText_GetFontInfo(textpage, index, name, 256, ctypes.byref(flags))
            left, bottom, right, top = textpage.get_charbox(index)
            found.append(Character(
                character, name.value.decode(), pdfium_c.FPDFText_GetFontSize(textpage, index),
                pdfium_c.FPDFText_GetCharAngle(textpage, index),
                ((left + right) / 2 / MM - BLEED_MM, (height - (top + bottom) / 2) / MM - BLEED_MM),
            ))  # fmt: skip
        return found

    def images(self) -> list[pdfium.PdfImage]:
        """The image objects drawn on the page (inside forms too)."""
        return list(self.page.get_objects(filter=(pdfium_c.FPDF_PAGEOBJ_IMAGE,), max_depth=15))


@dataclass(frozen=True)
class Character:
    text: str
    font: str
    size: float
    angle: float
    centre: tuple[float, float]


def render(game: Game, deck_id: str, card_id: str, side: str = "front",
           options: FaceOptions | None = None) -> Rendered:  # fmt: skip
    pdf = side_pdf(game, deck_id, card_id, side, options)
    page = pdfium.PdfDocument(pdf)[0]
    image = page.render(scale=PIXELS_PER_MM * 25.4 / 72).to_pil().convert("RGB")
    return Rendered(pdf, np.asarray(image), page)


def near(colour: tuple[int, int, int], hex_colour: str, tolerance: int = 12) -> bool:
    """True when ``colour`` is ``hex_colour`` give or take ``tolerance`` a channel."""
    wanted = tuple(int(hex_colour[index : index + 2], 16) for index in (1, 3, 5))
    return all(abs(a - b) <= tolerance for a, b in zip(colour, wanted, strict=True))
