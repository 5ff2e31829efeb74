"""Print polish, read back from every game's PDF with PDFium: each deck's sheets
numbered as the print check counts them, and the boxes a print shop reads."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest

from pnp.catalog import Catalog, load_catalog
from pnp.kit.geometry import MM
from pnp.kit.options import KitOptions
from pnp.kit.pdf import game_pdf
from pnp.kit.sheets import plan_document
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


def boxes(data: bytes) -> list[tuple[object, object, object]]:
    """Each page's MediaBox, and its TrimBox and BleedBox as the file states them
    (None when absent: PDFium's fallback to the other boxes is not taken)."""
    document = pdfium.PdfDocument(data)
    return [
        (page.get_mediabox(), page.get_trimbox(fallback_ok=False),
         page.get_bleedbox(fallback_ok=False))
        for page in (document[index] for index in range(len(document)))
    ]  # fmt: skip


def _every_pdf_of(game_id: str) -> dict[str, bytes]:
    from pnp.kit.booklet import booklet_pdf, rules_pdf

    game = catalog().game(game_id)
    options = KitOptions(paper="letter")
    return {
        "kit": pdf(game_id, KitOptions()),
        "rules": rules_pdf(game, options),
        "booklet": booklet_pdf(game, options),
    }


@pytest.mark.parametrize("game_id", GAME_IDS[:1])
def test_every_home_print_page_is_trimmed_and_bled_at_its_own_edge(game_id: str) -> None:
    """A home-print page is the finished piece: its TrimBox and BleedBox are the page
    (the print services' single cards have the card's, tests/export/test_services.py)."""
    for name, data in _every_pdf_of(game_id).items():
        for number, (media, trim, bleed) in enumerate(boxes(data), 1):
            assert trim == pytest.approx(media), f"{name} page {number}"
            assert bleed == pytest.approx(media), f"{name} page {number}"


@pytest.mark.parametrize(("paper", "columns", "rows"), [("a4", 3, 3), ("letter", 2, 4)])
def test_the_shared_cut_version_puts_poker_cards_edge_to_edge(
    paper: str, columns: int, rows: int
) -> None:
    """The downloads page's shared-cut kit (``kit-shared-cut``): 9 poker cards on A4 and
    8 on Letter, each card's trim meeting its neighbours' (one cut between them, bleed
    only round the outside), and a crop mark at every cut line, drawn on the page."""
    from pnp.export.alternatives import CHOICES

    options = KitOptions(paper=paper, layout=CHOICES["kit-shared-cut"].layout)
    game = catalog().game(GAME_IDS[0])
    grid = plan_document([game], options).groups[game.id][0].plan.front
    assert (grid.columns, grid.rows) == (columns, rows)
    slots = [grid.slot(index) for index in range(grid.capacity)]
    for index, slot in enumerate(slots):
        column, row = index % columns, index // columns
        if column + 1 < columns:
            right = slots[index + 1]
            assert right.trim.x == pytest.approx(slot.trim.right)
            assert slot.bleed.right == right.bleed.left == 0
        if row + 1 < rows:
            below = slots[index + columns]
            assert below.trim.top == pytest.approx(slot.trim.y)
            assert slot.bleed.bottom == below.bleed.top == 0
    assert min(slot.bleed.left for slot in slots[::columns]) > 0
    # the marks above the grid, read off the rendered first sheet: one per cut line
    page = pdfium.PdfDocument(pdf(game.id, options))[2]
    scale = 300 / 72
    grey = np.asarray(page.render(scale=scale, grayscale=True).to_pil().convert("L"))
    height = page.get_height()
    mark_y = grid.bleed_box.top + 2 * MM  # inside every mark drawn above the grid
    line = grey[round((height - mark_y) * scale)]
    dark = np.flatnonzero(line < 110)
    runs = np.split(dark, np.flatnonzero(np.diff(dark) > 1) + 1)
    marks = [float(run.mean()) / scale for run in runs if len(run)]
    cuts = [slots[0].trim.x + column * grid.cell_width for column in range(columns + 1)]
    assert marks == pytest.approx(cuts, abs=0.3)


# -- the safe zone, measured on the rendered cards -----------------------------------------

SAFE_DPI = 200
SAFE_PX_MM = SAFE_DPI / 25.4
#: A pixel this far (0-255, in any channel) from the colour at the cut is ink of its own.
INKED = 60
#: The corners (rounded art, a frame's curve) are left to the eye.
CORNER_MM = 6.0


def _bands(pixels: np.ndarray, depth_mm: float) -> list[np.ndarray]:
    """For each side (left, right, top, bottom) of a card's trimmed image: which pixels
    of the band ``depth_mm`` deep along it, its corners left out, differ from the colour
    at the cut in their own row or column; rows run along the side, columns inward."""
    pixels = pixels.astype(int)
    depth, corner = round(depth_mm * SAFE_PX_MM), round(CORNER_MM * SAFE_PX_MM)
    sides = (pixels, pixels[:, ::-1], pixels.transpose(1, 0, 2), pixels[::-1].transpose(1, 0, 2))
    found = []
    for side in sides:  # each turned so that its cut is column 0
        band = side[corner:-corner, :depth]
        found.append(np.abs(band - side[corner:-corner, :1]).max(axis=2) > INKED)
    return found


def nearest_frame_mm(pixels: np.ndarray) -> float | None:
    """How far inside the cut the nearest frame is: the first column of ink running along
    most of a side, in millimetres; None when no side has one within 5 mm."""
    distances = [
        int(columns[0]) / SAFE_PX_MM
        for band in _bands(pixels, 5.0)
        if len(columns := np.flatnonzero(band.mean(axis=0) > 0.6))
    ]
    return min(distances, default=None)


def rendered_sides(game_id: str, root: Path | None = None) -> list[tuple[str, str, np.ndarray]]:
    """(deck, side name, trimmed pixels) of every distinct card side of the game."""
    from pnp.kit.faces import FaceOptions
    from pnp.kit.images import deck_pdf

    game = (load_catalog(root) if root is not None else catalog()).game(game_id)
    sides = []
    for deck in game.decks:
        faces = list(deck.sides())
        document = pdfium.PdfDocument(deck_pdf(game, deck, faces, 0.0, FaceOptions()))
        for index, face in enumerate(faces):
            image = document[index].render(scale=SAFE_DPI / 72).to_pil().convert("RGB")
            sides.append((deck.id, face.name, np.asarray(image)))
    return sides


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_frames_and_front_text_keep_3_mm_inside_the_cut(game_id: str) -> None:
    """On every card side drawn, no frame comes nearer the cut than the safe zone (3 mm,
    less a pixel for the rendering); on the fronts nothing at all but the colour at the
    cut is drawn there (the backs' patterns run into the bleed on purpose)."""
    from pnp.catalog.layoutcheck import SAFE_ZONE_MM

    allowed = SAFE_ZONE_MM - 1 / SAFE_PX_MM
    for deck, name, pixels in rendered_sides(game_id):
        nearest = nearest_frame_mm(pixels)
        assert nearest is None or nearest >= allowed, f"{deck} {name}: a frame {nearest:.2f} mm in"
        if name.endswith("-front"):
            inked = [int(band.sum()) for band in _bands(pixels, allowed)]
            assert not any(inked), f"{deck} {name}: ink within 3 mm of the cut {inked}"


def test_the_safe_zone_check_sees_a_frame_at_1_5_mm(cards_copy: Path) -> None:
    layouts = cards_copy / "chin-music" / "layouts.yaml"
    text = layouts.read_text(encoding="utf-8")
    assert "{frame: {inset: 3.25, stroke: red" in text
    layouts.write_text(
        text.replace("{frame: {inset: 3.25, stroke: red", "{frame: {inset: 1.5, stroke: red"),
        encoding="utf-8",
    )
    fronts = [pixels for deck, name, pixels in rendered_sides("chin-music", cards_copy)
              if deck == "bout" and name.endswith("-front")]  # fmt: skip
    nearest = nearest_frame_mm(fronts[0])
    assert nearest is not None and nearest < 1.5


# -- no mostly-empty pages, page numbers at the outer edge ---------------------------------


def reach(page: pdfium.PdfPage) -> float:
    """How far down the page's body its ink reaches, as a share of the body (the page
    above its last tenth, where the running foot is)."""
    grey = np.asarray(page.render(scale=50 / 72, grayscale=True).to_pil().convert("L"))
    body = grey[: int(len(grey) * 0.9)]
    rows = np.flatnonzero((body < 235).any(axis=1))
    return float(rows[-1] + 1) / len(body) if len(rows) else 0.0


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_no_booklet_page_but_the_last_is_mostly_empty(game_id: str) -> None:
    """A part starts a new page only when the page before has little room left: the
    components share the contents' page, and no part ends on a page of its own few lines."""
    from pnp.kit.booklet import rules_pdf
    from pnp.kit.booklet.document import booklet_pages

    game = catalog().game(game_id)
    for name, data in (("booklet", booklet_pages(game, KitOptions())),
                       ("rules", rules_pdf(game, KitOptions()))):  # fmt: skip
        document = pdfium.PdfDocument(data)
        reaches = [reach(document[index]) for index in range(len(document) - 1)]
        assert min(reaches) >= 0.5, f"{name}: {[round(r, 2) for r in reaches]}"
        texts = page_texts(data)
        contents = next(i for i, text in enumerate(texts) if "Contents" in text)
        components = next(i for i, text in enumerate(texts) if "What is in the box\r\n" in text
                          and "Component" in text)  # fmt: skip
        assert components <= contents + 1, name  # on the contents' page or the next


@pytest.mark.parametrize("game_id", GAME_IDS[:2])
def test_booklet_page_numbers_sit_at_the_outer_edge(game_id: str) -> None:
    """Right on odd pages, left on even ones, as the folded booklet opens."""
    from pnp.kit.booklet.document import booklet_pages

    document = pdfium.PdfDocument(booklet_pages(catalog().game(game_id), KitOptions()))
    for index in range(1, len(document)):  # after the cover
        page, number = document[index], str(index + 1)
        width, height = page.get_size()
        textpage = page.get_textpage()
        found = [
            textpage.get_charbox(start, loose=True)
            for start in range(textpage.count_chars() - len(number) + 1)
            if textpage.get_text_range(start, len(number)) == number
            and textpage.get_charbox(start, loose=True)[3] < height * 0.08  # in the foot
        ]
        assert found, f"page {number} has no number in its foot"
        left = found[-1][0]
        assert (left > width / 2) == (index % 2 == 0), f"page {number} at x {left:.0f}"


def test_a_games_print_check_holds_its_credits_and_needs_no_second_page_one_sided() -> None:
    from pnp.kit.layout import Duplex

    game_id = GAME_IDS[0]
    for duplex in (Duplex.NONE, Duplex.LONG):
        texts = page_texts(pdf(game_id, KitOptions(duplex=duplex)))
        assert "What to print" in texts[0] and "About this kit" in texts[0]
        assert "About this kit" not in texts[1]
        assert ("back of the print check" in texts[1]) == (duplex is Duplex.LONG)
