"""The kit as a home printer prints it, read back with PDFium: nothing is
drawn in the unprinted band at the paper's edge, every card's background
reaches its bleed on every edge, no crop mark crosses text, no text is
smaller than 7 pt, and the layout chosen for each card size is the densest
one that keeps those promises."""

from __future__ import annotations

import ctypes
import functools
from collections.abc import Iterator
from dataclasses import replace

import numpy as np
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_raw
import pytest

from pnp.catalog import Catalog, Game, load_catalog
from pnp.kit.geometry import MM, Rect
from pnp.kit.layout import (
    MARK_WIDTH,
    MIN_MARK,
    Duplex,
    Layout,
    LayoutError,
    Slot,
    plan_sheets,
)
from pnp.kit.options import KitOptions, back_offset
from pnp.kit.pdf import game_pdf, kit_pdf
from pnp.kit.sheets import DocumentPlan, PageKind, plan_document
from tests.conftest import CARDS, GAME_IDS

DPI = 100
PX_MM = 25.4 / DPI
#: Lighter than this in every channel counts as unprinted paper.
WHITE = 252


def _name(options: KitOptions) -> str:
    return (
        f"{options.paper}-{options.duplex.value}-{options.layout.value}-m{options.margin_mm:g}"
        f"-b{options.bleed_mm:g}-o{options.back_offset_mm[0]:g},{options.back_offset_mm[1]:g}"
    )


@functools.cache
def catalog() -> Catalog:
    return load_catalog(CARDS)


def game(game_id: str) -> Game:
    return catalog().game(game_id)


@functools.cache
def pdf(game_id: str, options: KitOptions) -> bytes:
    return game_pdf(game(game_id), options)


def render(page: pdfium.PdfPage, dpi: float = DPI) -> np.ndarray:
    """The page as an RGB array, row 0 at the top."""
    return np.asarray(page.render(scale=dpi / 72).to_pil().convert("RGB"))


def printed(pixels: np.ndarray) -> np.ndarray:
    """True where something is printed (any channel darker than paper white)."""
    return np.asarray((pixels < WHITE).any(axis=-1))


def pages(data: bytes) -> Iterator[tuple[int, pdfium.PdfPage]]:
    document = pdfium.PdfDocument(data)
    for index in range(len(document)):
        yield index, document[index]


GAMES = list(GAME_IDS)
DEFAULTS = [KitOptions(paper=paper) for paper in ("a4", "letter")]
#: Every duplex mode and layout, on the small games: Chin Music's Bout cards have
#: backs of their own and its facing cards share a sheet with them.
OTHERS = [
    KitOptions(paper="letter", duplex=duplex, layout=layout)
    for duplex in (Duplex.SHORT, Duplex.GUTTERFOLD, Duplex.NONE)
    for layout in Layout
] + [
    KitOptions(layout=Layout.SHARED_CUT),
    KitOptions(margin_mm=6.5, bleed_mm=2.0),
    KitOptions(back_offset_mm=(1.5, -1.0)),
]
CASES = [
    pytest.param(game_id, options, id=f"{game_id}-{options.paper}") for game_id in GAMES
    for options in DEFAULTS
] + [
    pytest.param(game_id, options, id=f"{game_id}-{_name(options)}")
    for game_id in ("chin-music", "chinchon") for options in OTHERS
] + [
    pytest.param("music-game-thingy", KitOptions(layout=Layout.SHARED_CUT), id="mgt-shared-cut")
]  # fmt: skip


# --- the margin band --------------------------------------------------------------------


def _margin_band(pixels: np.ndarray, margin_mm: float) -> np.ndarray:
    """The pixels within ``margin_mm`` of the paper's edge (less a pixel for smoothing)."""
    edge = int((margin_mm - PX_MM) / PX_MM)
    band = np.zeros(pixels.shape[:2], dtype=bool)
    band[:edge, :] = band[-edge:, :] = True
    band[:, :edge] = band[:, -edge:] = True
    return band


@pytest.mark.parametrize(("game_id", "options"), CASES)
def test_nothing_in_the_margin_band_and_every_card_reaches_its_bleed(
    game_id: str, options: KitOptions
) -> None:
    """Rendered once a page: no ink in the margin band, the text and lines of the
    page inside the printable area, and every card's background out to its bleed
    on every edge but no further."""
    plan = plan_document([game(game_id)], options)
    data = pdf(game_id, options)
    margin = options.margin_mm * MM
    bleeds_checked = 0
    for index, page in pages(data):
        width, height = page.get_size()
        for item in page.get_objects(max_depth=1):
            if item.type == pdfium_raw.FPDF_PAGEOBJ_FORM:
                continue  # a card face: its content reaches past the clip; the pixels tell
            # PDFium pads a stroke's bounds by its width all round, butt ends included;
            # the pixels below show where the ink really stops
            slack = MARK_WIDTH if item.type == pdfium_raw.FPDF_PAGEOBJ_PATH else 0.0
            printable = Rect(0, 0, width, height).inset(margin - 0.01 - slack)
            left, bottom, right, top = item.get_bounds()
            assert printable.x <= left and right <= printable.right, (index + 1, item.type)
            assert printable.y <= bottom and top <= printable.top, (index + 1, item.type)
        ink = printed(render(page))
        in_band = ink & _margin_band(ink, options.margin_mm)
        assert not in_band.any(), f"page {index + 1}: {int(in_band.sum())} pixels in the margin"
        bleeds_checked += _check_bleeds(plan, index, ink, height)
    assert bleeds_checked > 0


def test_the_margin_check_sees_a_drawing_in_the_band() -> None:
    """The pixel check catches ink 2 mm from the edge (a regression would not pass silently)."""
    import io

    from reportlab.pdfgen.canvas import Canvas

    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(100 * MM, 100 * MM))
    canvas.rect(2 * MM, 50 * MM, 3 * MM, 1 * MM, stroke=0, fill=1)
    canvas.showPage()
    canvas.save()
    page = pdfium.PdfDocument(buffer.getvalue())[0]
    ink = printed(render(page))
    assert (ink & _margin_band(ink, 5.0)).any()


# --- every card's bleed -----------------------------------------------------------------


def _slots(plan: DocumentPlan, index: int) -> list[Slot]:
    """The slots drawn on page ``index`` (0-based) with a card face on them."""
    page = plan.pages[index]
    group = page.group
    if group is None:
        return []
    sheet_plan = group.plan
    count = len(page.sheet.cards) if page.sheet is not None else sheet_plan.capacity
    slots = []
    if page.kind in (PageKind.FRONTS, PageKind.FOLDED):
        slots += [sheet_plan.front_slot(slot) for slot in range(count)]
    if page.kind is PageKind.BACKS:
        offset = back_offset(plan.options)
        slots += [sheet_plan.back_slot(slot, offset) for slot in range(count)]
    if page.kind is PageKind.FOLDED:
        slots += [sheet_plan.back_slot(slot) for slot in range(count)]
    return slots


def _samples(slot: Slot, inside: float) -> Iterator[tuple[str, float, float, bool]]:
    """Points along each edge of ``slot``: ``inside`` mm within its bleed (or within
    the trim where it has none), and ``inside`` mm beyond it (``True`` last)."""
    trim, bleed = slot.trim, slot.bleed
    d = inside * MM
    for fraction in (0.1, 0.3, 0.5, 0.7, 0.9):
        x = trim.x + fraction * trim.width
        y = trim.y + fraction * trim.height
        yield "left", trim.x - bleed.left + d, y, False
        yield "right", trim.right + bleed.right - d, y, False
        yield "bottom", x, trim.y - bleed.bottom + d, False
        yield "top", x, trim.top + bleed.top - d, False
        yield "left", trim.x - bleed.left - d, y, True
        yield "right", trim.right + bleed.right + d, y, True
        yield "bottom", x, trim.y - bleed.bottom - d, True
        yield "top", x, trim.top + bleed.top + d, True


def _check_bleeds(plan: DocumentPlan, index: int, ink: np.ndarray, height: float) -> int:
    """Check the bleed of every card on page ``index``; return the points looked at."""
    slots = _slots(plan, index)
    options = plan.options
    if options.layout is Layout.BLEED and plan.pages[index].kind is not PageKind.BACKS:
        for slot in slots:
            edges = (slot.bleed.left, slot.bleed.right, slot.bleed.top, slot.bleed.bottom)
            assert min(edges) == pytest.approx(plan.pages[index].group.plan.front.bleed)
    boxes = [slot.bleed_box for slot in slots]
    checked = 0
    for slot in slots:
        for edge, x, y, beyond in _samples(slot, 0.45):
            row, column = int((height - y) / MM / PX_MM), int(x / MM / PX_MM)
            if beyond:
                # past the bleed is paper, unless it is a neighbour's bleed
                if any(box.inset(-0.01).contains(x, y) for box in boxes):
                    continue
                assert not ink[row, column], (index + 1, slot.trim, edge, "spills over")
            else:
                assert ink[row, column], (index + 1, slot.trim, edge, "bleed not reached")
            checked += 1
    return checked


# --- marks and text ---------------------------------------------------------------------


@pytest.mark.parametrize(("game_id", "options"), CASES)
def test_crop_marks_never_cross_text_and_are_long_enough(game_id: str, options: KitOptions) -> None:
    data = pdf(game_id, options)
    plan = plan_document([game(game_id)], options)
    for index, page in pages(data):
        if plan.pages[index].group is None:
            continue
        marks, texts = [], []
        for item in page.get_objects(max_depth=1):
            left, bottom, right, top = item.get_bounds()
            if item.type == pdfium_raw.FPDF_PAGEOBJ_PATH:
                marks.append((left, bottom, right, top))
            elif item.type == pdfium_raw.FPDF_PAGEOBJ_TEXT:
                texts.append((left, bottom, right, top))
        assert texts, f"page {index + 1} has no caption"
        for mark in marks:
            length = max(mark[2] - mark[0], mark[3] - mark[1])
            assert length >= MIN_MARK - 0.5, (index + 1, mark)
            for text in texts:
                apart = (
                    mark[2] < text[0] or text[2] < mark[0] or mark[3] < text[1]
                    or text[3] < mark[1]
                )  # fmt: skip
                assert apart, (index + 1, mark, text)


def effective_sizes(page: pdfium.PdfPage) -> Iterator[tuple[str, float]]:
    """Each printed character and the size it prints at (font size times the scale
    of its transformation, so text in a scaled form counts at its real size)."""
    textpage = page.get_textpage()
    for index in range(textpage.count_chars()):
        char = textpage.get_text_range(index, 1)
        if not char.strip():
            continue
        matrix = pdfium_raw.FS_MATRIX()
        pdfium_raw.FPDFText_GetMatrix(textpage, index, ctypes.byref(matrix))
        scale = abs(matrix.a * matrix.d - matrix.b * matrix.c) ** 0.5
        yield char, pdfium_raw.FPDFText_GetFontSize(textpage, index) * scale


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_text_is_smaller_than_7_pt(paper: str) -> None:
    options = KitOptions(paper=paper)
    data = kit_pdf(catalog().games, options)
    smallest = min(
        (size, char, index + 1)
        for index, page in pages(data)
        for char, size in effective_sizes(page)
    )  # fmt: skip
    assert smallest[0] >= 7 - 0.01, smallest


def test_the_size_check_sees_text_scaled_down() -> None:
    import io

    from reportlab.pdfgen.canvas import Canvas

    from pnp.kit.fonts import BODY, register_fonts

    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(100, 100))
    canvas.scale(0.5, 0.5)
    canvas.setFont(BODY, 10)
    canvas.drawString(10, 10, "x")
    canvas.showPage()
    canvas.save()
    page = pdfium.PdfDocument(buffer.getvalue())[0]
    assert [size for _, size in effective_sizes(page)] == [pytest.approx(5.0)]


# --- choosing the layout ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("paper", "layout", "capacity", "turned"),
    [
        ("a4", Layout.BLEED, 8, True),
        ("letter", Layout.BLEED, 6, True),
        ("a4", Layout.SHARED_CUT, 9, False),
        ("letter", Layout.SHARED_CUT, 8, True),
    ],
)
def test_poker_cards_get_the_densest_layout_that_keeps_bleed_and_margin(
    paper: str, layout: Layout, capacity: int, turned: bool
) -> None:
    plan = plan_sheets(paper, 63, 88, 3.0, Duplex.LONG, layout)
    assert (plan.capacity, plan.front.turned) == (capacity, turned)
    printable = plan.printable
    boxes = [plan.front_slot(index).bleed_box for index in range(plan.capacity)]
    for box in boxes:
        assert printable.x <= box.x and box.right <= printable.right
        assert printable.y <= box.y and box.top <= printable.top
    for first in range(len(boxes)):
        for second in range(first + 1, len(boxes)):
            assert boxes[first].overlap(boxes[second]) <= 1e-6
    if layout is Layout.BLEED:
        assert "shared-cut fits" in plan.note
    for mark in plan.front_marks():
        assert mark.length >= MIN_MARK - 1e-6
        assert printable.inset(-1e-6).contains(mark.x1, mark.y1)
        assert printable.inset(-1e-6).contains(mark.x2, mark.y2)


def test_a_card_too_big_for_its_bleed_gets_the_largest_that_fits_and_says_so() -> None:
    # 193 x 280 mm inside A4's 200 x 287 mm printable area leaves room for marks and
    # 1 mm of bleed each side, not 3
    plan = plan_sheets("a4", 193, 280, 3.0, Duplex.LONG, Layout.BLEED)
    assert plan.capacity == 1
    assert plan.front.bleed == pytest.approx(1.0 * MM)
    assert "with 3 mm bleed inside a 5 mm margin; printing them with 1 mm" in plan.note
    assert plan.front_slot(0).bleed.left == pytest.approx(1.0 * MM)


def test_a_card_that_fits_nowhere_is_a_sentence() -> None:
    with pytest.raises(LayoutError, match=r"a 300 x 100 mm card does not fit on A4 inside a 5 mm"):
        plan_sheets("a4", 300, 100, 3.0, Duplex.LONG)


def test_a_bigger_margin_keeps_every_card_inside_it() -> None:
    plan = plan_sheets("a4", 63, 88, 3.0, Duplex.LONG, Layout.BLEED, margin_mm=12)
    for index in range(plan.capacity):
        box = plan.front_slot(index).bleed_box
        assert box.x >= 12 * MM - 1e-6 and box.top <= plan.page_height - 12 * MM + 1e-6


def test_the_options_change_what_is_printed() -> None:
    default = KitOptions()
    assert pdf("chinchon", default) != pdf("chinchon", replace(default, layout=Layout.SHARED_CUT))
    assert pdf("chinchon", default) != pdf("chinchon", replace(default, margin_mm=8.0))
