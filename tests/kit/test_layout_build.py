"""A layout in a game's folder as a person uses it: ``pnp build`` draws the kind from it
instead of its Python face, into the PDF and the PNG images, byte for byte again on a
rebuild; ``pnp validate`` warns about text near the cut; the glyph check follows the
fonts the layout prints each field in."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest
from PIL import Image as PillowImage

from pnp.catalog import CatalogError, load_catalog
from pnp.kit.layout_faces import layout_checks
from tests.conftest import CARDS, ROOT, line_of
from tests.kit.layout_pages import stand_ins

LAYOUT = """palette:
  night: "#123456"
  gold: "#d9b45a"
styles:
  title: {font: display, size: 22, colour: gold, align: centre, wrap: false}
layouts:
  bout:
    front:
      - {fill: night}
      - {text: "{word}", box: [5, 40, 53, 10], style: title}
  facing:
    front:
      - {fill: night}
      - {text: "FROM THE LAYOUT", box: [5, 8, 53, 10], style: title}
      - {image: art/logo.svg, box: [10, 25, 43, 20]}
      - {image: art/small.png, box: [10, 50, 43, 20]}
      - {text: "{name}", box: [5, 74, 53, 8], style: title, size: 14}
"""
SVG = ('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20">'
       '<rect width="40" height="20" fill="#d9b45a"/></svg>')  # fmt: skip


def pnp(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pnp", *args], cwd=ROOT, capture_output=True,
                          text=True, check=False)  # fmt: skip


@pytest.fixture(scope="module")
def cards(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of cards/ whose Chin Music draws its facing cards from a layout."""
    target = tmp_path_factory.mktemp("layout-build") / "cards"
    shutil.copytree(CARDS, target)
    game = target / "chin-music"
    (game / "layouts.yaml").write_text(LAYOUT, encoding="utf-8")
    (game / "art").mkdir()
    (game / "art" / "logo.svg").write_text(SVG, encoding="utf-8")
    PillowImage.new("RGB", (80, 40), (200, 30, 30)).save(game / "art" / "small.png")
    return target


def _build(cards: Path, out: Path) -> subprocess.CompletedProcess[str]:
    return pnp("build", "--cards", str(cards), "--game", "chin-music", "--paper", "a4",
               "--no-booklets", "--jobs", "1", "--out", str(out))  # fmt: skip


def test_pnp_build_draws_the_kind_from_its_layout(cards: Path, tmp_path: Path) -> None:
    first = _build(cards, tmp_path / "first")
    assert first.returncode == 0, first.stderr
    warning = (
        "warning: Chin Music, facing.yaml: card 'title' (and 1 more cards): the front's "
        "art/small.png prints at 51 dpi (80 x 40 pixels in a 43 x 20 mm box"
    )
    assert warning in first.stderr
    pdf = tmp_path / "first" / "pnp" / "chin-music-a4.pdf"
    document = pdfium.PdfDocument(pdf.read_bytes())
    words = " ".join(page.get_textpage().get_text_range() for page in document)
    assert words.count("FROM THE LAYOUT") == 2  # each facing card, from the layout
    assert "Nothing More to Prove" in words
    folder = tmp_path / "first" / "images" / "chin-music" / "facing"
    image = np.asarray(PillowImage.open(folder / "title-front.png").convert("RGB"))
    mm = 300 / 25.4
    assert tuple(image[round(3 * mm), round(3 * mm)]) == (0x12, 0x34, 0x56)  # the fill
    assert tuple(image[round(35 * mm), round(31.5 * mm)]) == (0xD9, 0xB4, 0x5A)  # the SVG
    assert tuple(image[round(60 * mm), round(31.5 * mm)]) == (200, 30, 30)  # the PNG
    again = _build(cards, tmp_path / "again")
    assert again.returncode == 0, again.stderr
    for path in (tmp_path / "first").rglob("*.*"):
        twin = tmp_path / "again" / path.relative_to(tmp_path / "first")
        assert twin.read_bytes() == path.read_bytes(), path


def test_pnp_validate_warns_about_text_near_the_cut(cards: Path, tmp_path: Path) -> None:
    near = tmp_path / "cards"
    shutil.copytree(cards, near)
    layouts = near / "chin-music" / "layouts.yaml"
    layouts.write_text(LAYOUT.replace("box: [5, 8, 53, 10]", "box: [1, 8, 53, 10]"))
    result = pnp("validate", "--cards", str(near))
    assert result.returncode == 0, result.stderr
    assert "All 4 games are valid." in result.stdout
    line = line_of(layouts, "box: [1, 8")
    warning = (
        f"layouts.yaml:{line}: layouts.facing.front[1]: the text comes 1.0 mm from the cut at "
        "the left on 63 x 88 mm cards"
    )
    assert "warning: " in result.stderr and warning in result.stderr


def _facing(tmp_path: Path, name: str, text: str, layouts: str | None) -> Path:
    target = tmp_path / "cards" / "chin-music"
    shutil.copytree(CARDS / "chin-music", target)
    facing = target / "facing.yaml"
    lines = facing.read_text().splitlines()
    lines[lines.index("    name: Chin Music")] = f"    name: {name}"
    lines = [f"    text: {text}" if line.startswith("    text: A boasting") else line
             for line in lines]  # fmt: skip
    facing.write_text("\n".join(lines) + "\n")
    if layouts is not None:
        layouts += stand_ins("chin-music", layouts)  # (every deck must be drawn)
        (target / "layouts.yaml").write_text(layouts, encoding="utf-8")
    return tmp_path / "cards"


def _loads(cards: Path) -> str:
    """'' when the cards load with the kit's checks, else the problems."""
    try:
        load_catalog(cards, layout_checks=layout_checks())
    except CatalogError as error:
        return str(error)
    return ""


def test_the_glyph_check_follows_the_layouts_fonts(tmp_path: Path) -> None:
    one_line = "layouts:\n  facing:\n    front:\n      - {index: '{text}', box: [4, 4, 55, 8]}\n"
    wrapped = "layouts:\n  facing:\n    front:\n      - {text: '{text}', box: [4, 4, 55, 30]}\n"
    broken = '"Two\\nlines"'
    combining = '"Chin Mu\\u0301sic"'
    # a line break: fine in a paragraph (the Python face), not on one line (the index)
    assert _loads(_facing(tmp_path / "a", "Chin Music", broken, None)) == ""
    assert _loads(_facing(tmp_path / "b", "Chin Music", broken, wrapped)) == ""
    problem = _loads(_facing(tmp_path / "c", "Chin Music", broken, one_line))
    refused = "card 'title': text: holds a line break, but this field is printed on one line"
    assert "facing.yaml:" in problem and refused in problem
    # a combining mark in the name: refused where it is printed, not where it is not
    assert "combining mark" in _loads(_facing(tmp_path / "d", combining, "Hello", None))
    assert _loads(_facing(tmp_path / "e", combining, "Hello", wrapped)) == ""
