"""The PDF kit, checked from the files themselves with a real PDF renderer
(PDFium): card size from the crop marks, backs behind their fronts, fonts
embedded, page counts, metadata and byte-identical rebuilds."""

from __future__ import annotations

import itertools
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import ClassVar

import numpy as np
import pypdfium2 as pdfium
import pytest
from reportlab.pdfgen.canvas import Canvas

from pnp.catalog import Game, load_catalog
from pnp.catalog.base import DECK_KINDS, Card, Text, deck_kind
from pnp.kit.faces import FaceContext, has_design
from pnp.kit.faces.base import face
from pnp.kit.geometry import MM
from pnp.kit.layout import Duplex, Layout
from pnp.kit.pdf import KitOptions, count_pages, game_pdf
from pnp.kit.sheets import plan_document
from tests.conftest import CARDS, ROOT

DPI = 300
PX = 25.4 / DPI  # millimetres per pixel


# A probe deck: each side prints F<n> or B<n> twice, centred on the card,
# once across (its loose text box gives the card's x) and once turned a
# quarter (its box gives the card's y), so every front and back position
# can be read back from the PDF's text.
if "probe" not in DECK_KINDS:

    @deck_kind("probe")
    class ProbeCard(Card):
        label_text: Text
        back_shows_card: ClassVar[bool] = True

    def _probe(canvas: Canvas, text: str, context: FaceContext) -> None:
        canvas.setFont("Body", 12)
        canvas.drawCentredString(context.width / 2, context.height * 0.75, text)
        canvas.saveState()
        canvas.translate(context.width * 0.3, context.height / 2)
        canvas.rotate(90)
        canvas.drawCentredString(0, 0, text)
        canvas.restoreState()

    def _probe_back(canvas: Canvas, card: ProbeCard, context: FaceContext) -> None:
        _probe(canvas, "B" + card.label_text, context)

    @face("probe", back=_probe_back)
    def _probe_front(canvas: Canvas, card: ProbeCard, context: FaceContext) -> None:
        _probe(canvas, "F" + card.label_text, context)


PROBE_GAME = """title: Probe
summary: A deck for testing.
players: {min: 2, max: 4}
source: {title: none, file: none.txt}
credits: [{name: Test, role: Test}]
provenance: {origin: designed, note: test}
decks:
  probe:
    title: Probe cards
    file: probe.yaml
    kind: probe
    count: 20
    size: {width: 63, height: 88}
    back: {title: Probe, motif: plain, colour: "#ffffff", ink: "#000000"}
    provenance: {origin: designed, note: test}
"""


@pytest.fixture(scope="module")
def probe_game(tmp_path_factory: pytest.TempPathFactory) -> Game:
    root = tmp_path_factory.mktemp("probe") / "cards"
    (root / "probe").mkdir(parents=True)
    (root / "probe" / "game.yaml").write_text(PROBE_GAME)
    cards = "\n".join(f"  - {{id: p{n}, label_text: '{n:04d}'}}" for n in range(20))
    (root / "probe" / "probe.yaml").write_text("cards:\n" + cards + "\n")
    return load_catalog(root).game("probe")


@pytest.fixture(scope="module")
def chin_music() -> Game:
    return load_catalog(CARDS).game("chin-music")


def text_centres(page: pdfium.PdfPage, prefix: str) -> dict[str, tuple[float, float]]:
    """The (x, y) in points of each probe card with labels ``prefix<n>`` on a page.

    Loose character boxes span each glyph's advance, so the box of a whole
    centred string is centred exactly where it was drawn: x comes from the
    horizontal label, y from the vertical one.
    """
    textpage = page.get_textpage()
    text = textpage.get_text_range()
    xs: dict[str, float] = {}
    ys: dict[str, float] = {}
    for match in re.finditer(rf"{prefix}(\d+)", text):
        boxes = [textpage.get_charbox(i, loose=True) for i in range(match.start(), match.end())]
        left, right = min(b[0] for b in boxes), max(b[2] for b in boxes)
        bottom, top = min(b[1] for b in boxes), max(b[3] for b in boxes)
        if right - left > top - bottom:
            xs[match.group(1)] = (left + right) / 2
        else:
            ys[match.group(1)] = (bottom + top) / 2
    assert set(xs) == set(ys)
    return {card: (xs[card], ys[card]) for card in xs}


def pages_of(data: bytes) -> Iterator[pdfium.PdfPage]:
    document = pdfium.PdfDocument(data)
    for index in range(len(document)):
        yield document[index]


def sheet_pages(data: bytes) -> list[pdfium.PdfPage]:
    """The card sheets: every page after the print check and its back (one-sided, a
    game's print check whose front holds the credits has none)."""
    pages = list(pages_of(data))
    checks = 1 + ("back of the print check" in pages[1].get_textpage().get_text_range()
                  or "About this kit" in pages[1].get_textpage().get_text_range())  # fmt: skip
    return pages[checks:]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("duplex", [Duplex.LONG, Duplex.SHORT])
@pytest.mark.parametrize("layout", list(Layout))
@pytest.mark.parametrize("offset", [(0.0, 0.0), (1.5, -2.0)])
def test_each_back_lands_behind_its_own_front(
    probe_game: Game, paper: str, duplex: Duplex, layout: Layout, offset: tuple[float, float]
) -> None:
    options = KitOptions(paper=paper, duplex=duplex, back_offset_mm=offset, layout=layout)
    data = game_pdf(probe_game, options)
    sheets = sheet_pages(data)
    width, height = sheets[0].get_size()
    capacity = plan_document([probe_game], options).groups["probe"][0].plan.capacity
    assert len(sheets) == 2 * -(-20 // capacity)  # fronts then backs
    seen = 0
    for front_page, back_page in zip(sheets[::2], sheets[1::2], strict=True):
        fronts = text_centres(front_page, "F")
        backs = text_centres(back_page, "B")
        assert fronts and set(fronts) == set(backs)
        assert len(fronts) <= capacity
        for card, (x, y) in fronts.items():
            bx, by = backs[card]
            # the offset is as seen from the front, holding the sheet to the light
            seen_from_front = (width - bx, by) if duplex is Duplex.LONG else (bx, height - by)
            assert seen_from_front[0] == pytest.approx(x + offset[0] * MM, abs=0.2 * MM), card
            assert seen_from_front[1] == pytest.approx(y + offset[1] * MM, abs=0.2 * MM), card
            seen += 1
    assert seen == 20


def test_gutterfold_puts_each_back_across_the_fold(probe_game: Game) -> None:
    options = KitOptions(duplex=Duplex.GUTTERFOLD)
    pages = sheet_pages(game_pdf(probe_game, options))
    _, height = pages[0].get_size()
    capacity = plan_document([probe_game], options).groups["probe"][0].plan.capacity
    assert len(pages) == -(-20 // capacity)
    for page in pages:
        fronts, backs = text_centres(page, "F"), text_centres(page, "B")
        assert fronts and set(fronts) == set(backs)
        for card, (x, y) in fronts.items():
            assert y > height / 2
            assert backs[card][0] == pytest.approx(x, abs=0.2 * MM)
            assert backs[card][1] == pytest.approx(height - y, abs=0.2 * MM)


def test_duplex_none_prints_fronts_then_backs_to_glue_turned_left_to_right(
    probe_game: Game,
) -> None:
    options = KitOptions(duplex=Duplex.NONE)
    pages = sheet_pages(game_pdf(probe_game, options))
    sheets = -(-20 // plan_document([probe_game], options).groups["probe"][0].plan.capacity)
    assert len(pages) + 1 == count_pages(probe_game, options) == 1 + 2 * sheets
    fronts, backs = pages[:sheets], pages[sheets:]
    assert all(text_centres(page, "F") for page in fronts)
    assert all(text_centres(page, "B") and not text_centres(page, "F") for page in backs)
    width, _ = fronts[0].get_size()
    for front, back in zip(fronts, backs, strict=True):
        on_back = text_centres(back, "B")
        for card, (x, y) in text_centres(front, "F").items():
            assert on_back[card] == (pytest.approx(width - x, abs=0.2 * MM),
                                     pytest.approx(y, abs=0.2 * MM))  # fmt: skip


def _dark_runs(line: np.ndarray) -> list[float]:
    """Centres (in pixels) of the runs of dark pixels along a line."""
    dark = line < 110
    centres: list[float] = []
    start = None
    for index, value in enumerate([*dark, False]):
        if value and start is None:
            start = index
        elif not value and start is not None:
            centres.append((start + index - 1) / 2)
            start = None
    return centres


def _cut_lines(image: np.ndarray, axis: int) -> list[float]:
    """Positions (mm) of the crop marks in the page margin along one axis.

    ``axis`` 0 reads vertical cut lines from the top margin, 1 reads horizontal
    cut lines from the left margin. The band read is the margin between the
    paper's edge and the first row (column) that is mostly ink.
    """
    grey = image if axis == 0 else image.T
    coverage = (grey < 245).mean(axis=1)
    first_card = int(np.argmax(coverage > 0.5))
    band = grey[max(first_card - int(2 * MM / 72 * DPI / 1), 0) : first_card]
    assert len(band) > 0
    line = band[len(band) // 2]
    return [centre * PX for centre in _dark_runs(line)]


def _render(page: pdfium.PdfPage) -> np.ndarray:
    return np.asarray(page.render(scale=DPI / 72, grayscale=True).to_pil().convert("L"))


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("bleed", [3.0, 0.0])
@pytest.mark.parametrize("layout", list(Layout))
def test_crop_marks_cut_cards_at_their_true_size(
    chin_music: Game, paper: str, bleed: float, layout: Layout
) -> None:
    options = KitOptions(paper=paper, bleed_mm=bleed, layout=layout)
    grid = plan_document([chin_music], options).groups["chin-music"][0].plan.front
    document = pdfium.PdfDocument(game_pdf(chin_music, options))
    for index in (2, 3):  # the first front sheet and its back sheet
        image = _render(document[index])
        sizes = []
        for axis, count in ((0, grid.columns), (1, grid.rows)):
            cuts = _cut_lines(image, axis)
            gaps = [b - a for a, b in itertools.pairwise(cuts)]
            cards = [gap for gap in gaps if abs(gap - 63) <= 0.2 or abs(gap - 88) <= 0.2]
            assert len(cards) == count, (paper, bleed, axis, gaps)
            sizes.append(round(cards[0]))
            # between two cards: the gutter is twice the bleed, or nothing with shared cuts
            gutters = [gap for gap in gaps if gap not in cards]
            gutter = 2 * bleed if layout is Layout.BLEED else 0.0
            assert all(abs(gap - gutter) <= 0.2 for gap in gutters), gaps
        assert sorted(sizes) == [63, 88]  # turned or upright, each card is 63 x 88 mm


def test_fonts_are_embedded_subsets_and_no_base_fonts(chin_music: Game) -> None:
    data = game_pdf(chin_music, KitOptions())
    base_fonts = re.findall(rb"/BaseFont\s*/([^\s/>]+)", data)
    assert base_fonts
    assert all(re.fullmatch(rb"[A-Z]{6}\+.+", name) for name in base_fonts), base_fonts
    assert data.count(b"/FontFile2") >= 2


def test_metadata_outline_and_print_scaling(chin_music: Game) -> None:
    data = game_pdf(chin_music, KitOptions(paper="letter"))
    assert b"/PrintScaling /None" in data
    document = pdfium.PdfDocument(data)
    titles = [(mark.get_title(), mark.get_dest().get_index()) for mark in document.get_toc()]
    # 6 cards a sheet on Letter: 36 Bout cards fill 6 sheets, the facing cards start the 7th
    assert titles == [("Print check and credits", 0), ("Bout cards", 2), ("Facing cards", 14)]
    meta = document.get_metadata_dict()
    assert meta["Title"] == "Chin Music print-and-play kit (US Letter)"
    assert meta["Subject"] == chin_music.spec.summary
    width, height = document[0].get_size()
    assert (width / MM, height / MM) == (
        pytest.approx(215.9, abs=0.05),
        pytest.approx(279.4, abs=0.05),
    )


@pytest.mark.parametrize("duplex", list(Duplex))
def test_page_count_is_sheets_plus_calibration(chin_music: Game, duplex: Duplex) -> None:
    options = KitOptions(duplex=duplex)
    document = pdfium.PdfDocument(game_pdf(chin_music, options))
    sheets = 5  # 36 Bout cards and 2 facing cards, 8 a sheet on A4
    expected = {
        Duplex.LONG: 2 + 2 * sheets,
        Duplex.SHORT: 2 + 2 * sheets,
        # one-sided, the print check has no back: its front holds the credits
        Duplex.GUTTERFOLD: 1 + 10,  # 4 cards a page
        Duplex.NONE: 1 + sheets + sheets,  # Bout backs vary: a back sheet per front sheet
    }[duplex]
    assert len(document) == count_pages(chin_music, options) == expected


def test_identical_input_gives_identical_bytes(chin_music: Game) -> None:
    options = KitOptions(paper="a4", back_offset_mm=(0.5, 0.5))
    assert game_pdf(chin_music, options) == game_pdf(chin_music, replace(options))


def _darkest_squares(image: np.ndarray, side_mm: float = 8.0) -> np.ndarray:
    """The share of dark pixels in each square of ``side_mm`` across the page."""
    side = round(side_mm / PX)
    height, width = (dimension // side * side for dimension in image.shape)
    dark = image[:height, :width] < 100
    return dark.reshape(height // side, side, width // side, side).mean(axis=(1, 3))


def test_ink_saver_has_no_large_dark_areas(chin_music: Game) -> None:
    saver = KitOptions(faces=replace(KitOptions().faces, ink_saver=True))
    document = pdfium.PdfDocument(game_pdf(chin_music, saver))
    for index in range(2, len(document)):
        assert _darkest_squares(_render(document[index])).max() < 0.6, index
    normal = pdfium.PdfDocument(game_pdf(chin_music, KitOptions()))
    assert (_darkest_squares(_render(normal[3])) > 0.9).mean() > 0.5  # dark red backs


def pnp(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pnp", *args], cwd=ROOT, capture_output=True, text=True, check=False
    )


def test_card_too_long_for_its_box_fails_naming_the_card(tmp_path: Path) -> None:
    cards = tmp_path / "cards"
    shutil.copytree(CARDS / "chin-music", cards / "chin-music")
    facing = cards / "chin-music" / "facing.yaml"
    long_text = "a bout of bragging " * 60
    short_text = "text: Start a bout holding a single card and you win the game."
    facing.write_text(facing.read_text().replace(short_text, f"text: {long_text}"))
    out = tmp_path / "dist"
    result = pnp("build", "--cards", str(cards), "--out", str(out), "--no-images")
    assert result.returncode == 1
    assert "card 'nothing-more-to-prove'" in result.stderr
    assert "does not fit" in result.stderr
    assert "Traceback" not in result.stderr
    assert not out.exists() or not any(out.rglob("*.pdf"))


@pytest.mark.parametrize(
    ("option", "message"),
    [
        (["--back-offset", "1"], "expected two millimetre values as X,Y"),
        (["--back-offset", "30,0"], "above 20 mm"),
        (["--bleed", "9"], "bleed must be between 0 and 6 mm"),
        (["--duplex", "sideways"], "invalid choice: 'sideways'"),
        (["--margin", "25"], "the margin must be between 0 and 20 mm"),
        (["--layout", "tight"], "invalid choice: 'tight'"),
        (["--game", "poker"], "unknown game 'poker'"),
    ],
)
def test_bad_build_options_get_clear_messages(option: list[str], message: str) -> None:
    result = pnp("build", "--no-images", "--out", "/nonexistent/never", *option)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_face_registry_covers_every_deck_kind() -> None:
    """Every deck is drawn: by its game's layout of its kind, or by a registered face."""
    catalog = load_catalog(CARDS)
    undrawn = {deck.spec.kind for game in catalog.games for deck in game.decks
               if not has_design(game, deck)}  # fmt: skip
    assert not undrawn, sorted(undrawn)
