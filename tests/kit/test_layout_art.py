"""Art placed by layouts: SVG drawn as vectors, PNG and JPEG placed at print
resolution, the warning for art below 300 dpi, and the same bytes on every build."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from PIL import Image as PillowImage

from pnp.catalog import Game
from pnp.kit.geometry import MM, Rect
from pnp.kit.layout_faces.art import PRINT_DPI, placement
from pnp.kit.layout_faces.resolution import low_resolution
from pnp.kit.pdf import KitOptions, game_pdf
from tests.kit.layout_pages import load_game, near, render

BLUE, RED, GREEN = (31, 63, 191), (192, 32, 31), (31, 159, 63)
#: A drawing twice as wide as tall: blue, a red disc near its top left.
SVG = """<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50" viewBox="0 0 100 50">
  <rect x="0" y="0" width="100" height="50" fill="#1f3fbf"/>
  <circle cx="25" cy="10" r="8" fill="#c0201f"/>
</svg>
"""


def _art(root: Path) -> Path:
    folder = root / "cards" / "chin-music" / "art"
    folder.mkdir(parents=True)
    (folder / "logo.svg").write_text(SVG, encoding="utf-8")
    halves = PillowImage.new("RGB", (2000, 1000), BLUE)
    halves.paste(GREEN, (1000, 0, 2000, 1000))
    halves.save(folder / "halves.png")
    banded = PillowImage.new("RGB", (1000, 500), RED)  # red quarters either side of blue
    banded.paste(BLUE, (250, 0, 750, 500))
    banded.save(folder / "banded.png")
    PillowImage.new("RGB", (100, 50), GREEN).save(folder / "small.png")
    PillowImage.new("RGB", (100, 50), RED).save(folder / "small.jpg", quality=95)
    return folder


def _game(root: Path, front: str) -> Game:
    _art(root)
    return load_game(root, "chin-music", "palette: {paper: '#f4e9d8'}\nlayouts:\n"
                     "  bout:\n    front:\n      - {fill: paper}\n"  # (drawn when the game is)
                     "  facing:\n    front:\n      - {fill: paper}\n" + front)  # fmt: skip


def test_svg_art_stays_vectors(tmp_path: Path) -> None:
    game = _game(tmp_path, "      - {image: art/logo.svg, box: [10, 10, 40, 20]}\n")
    page = render(game, "facing", "title")
    assert page.images() == []  # no image object: the drawing's own paths
    assert near(page.at(20, 14), "#c0201f")  # the disc, near the top left (y runs down)
    assert near(page.at(20, 28), "#1f3fbf")
    assert near(page.at(45, 14), "#1f3fbf")
    assert near(page.at(52, 20), "#f4e9d8")  # nothing outside the box


def test_png_art_is_placed_at_300_dpi(tmp_path: Path) -> None:
    game = _game(tmp_path, "      - {image: art/halves.png, box: [10, 30, 40, 20]}\n")
    page = render(game, "facing", "title")
    (image,) = page.images()
    expected = (round(40 / 25.4 * PRINT_DPI), round(20 / 25.4 * PRINT_DPI))
    assert tuple(image.get_px_size()) == expected  # 2000 x 1000 resampled to what prints
    assert near(page.at(15, 40), "#1f3fbf") and near(page.at(45, 40), "#1f9f3f")


def test_cover_fills_the_box_and_crops_the_overflow(tmp_path: Path) -> None:
    game = _game(tmp_path, "      - {image: art/banded.png, box: [20, 30, 20, 20], fit: cover}\n"
                 "      - {image: art/banded.png, box: [20, 60, 20, 20]}\n")  # fmt: skip
    page = render(game, "facing", "title")
    assert near(page.at(20.5, 40), "#1f3fbf") and near(page.at(39.5, 40), "#1f3fbf")
    assert near(page.at(30, 30.5), "#1f3fbf")  # filled to the box's top
    assert near(page.at(20.5, 70), "#c0201f")  # contain: all of it, red quarters and all
    assert near(page.at(30, 60.5), "#f4e9d8")  # and the box's top left empty
    sizes = sorted(tuple(image.get_px_size()) for image in page.images())
    assert sizes == [(236, 118), (236, 236)]  # each at 300 dpi of what shows


def test_placement_says_what_shows_and_its_resolution() -> None:
    box = Rect(0, 0, 72, 72)  # one inch square
    cover = placement((600, 300), box, "cover")
    assert cover.crop == (150, 0, 450, 300) and cover.dpi == pytest.approx(300)
    contain = placement((600, 300), box, "contain")
    assert contain.drawn == Rect(0, 18, 72, 36) and contain.dpi == pytest.approx(600)
    assert placement((600, 300), box, "stretch").dpi == pytest.approx(300)


def test_small_art_is_placed_as_it_is_and_warned_about(tmp_path: Path) -> None:
    game = _game(tmp_path, "      - {image: art/small.png, box: [10, 30, 40, 20]}\n"
                 "      - {image: art/small.jpg, box: [10, 60, 20, 10], when: text}\n")  # fmt: skip
    page = render(game, "facing", "title")
    by_filter = {image.get_filters()[-1]: tuple(image.get_px_size()) for image in page.images()}
    assert by_filter == {"FlateDecode": (100, 50), "DCTDecode": (100, 50)}  # the JPEG as it is
    warnings = low_resolution(game)
    assert len(warnings) == 2
    png = next(warning for warning in warnings if "small.png" in warning)
    assert png.startswith("Chin Music, facing.yaml: card 'title' (and 1 more cards): ")
    assert "art/small.png prints at 63 dpi (100 x 50 pixels in a 40 x 20 mm box" in png
    assert "below 300 dpi" in png
    sharp = _game(tmp_path / "sharp", "      - {image: art/halves.png, box: [10, 30, 40, 20]}\n")
    assert low_resolution(sharp) == []


def test_a_rebuild_gives_the_same_bytes(tmp_path: Path) -> None:
    game = _game(tmp_path, "      - {image: art/logo.svg, box: [10, 10, 40, 20]}\n"
                 "      - {image: art/halves.png, box: [10, 30, 40, 20]}\n"
                 "      - {image: art/small.jpg, box: [10, 60, 20, 10]}\n")  # fmt: skip
    first = game_pdf(game, KitOptions())
    again = game_pdf(game, KitOptions())
    assert first == again
    document = pdfium.PdfDocument(first)
    images = [len(list(page.get_objects(filter=(pdfium_c.FPDF_PAGEOBJ_IMAGE,), max_depth=15)))
              for page in document]  # fmt: skip
    assert max(images) >= 2  # the art reaches the sheets, inside the faces' forms


def test_cover_crops_within_the_image_whatever_the_rounding() -> None:
    for width in range(100, 1000, 7):
        for box in (Rect(0, 0, 63 * MM, 40 * MM), Rect(0, 0, 43 * MM, 20 * MM)):
            left, top, right, bottom = placement((width, 600), box, "cover").crop
            assert 0 <= left < right <= width and 0 <= top < bottom <= 600
