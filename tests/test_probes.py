"""The two probes of issue 21, as a new user would try them, through the command line:
a Chin Music word the fonts cannot draw, and a file of nested aliases."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import markdown
import pypdfium2 as pdfium
import pytest

from pnp.catalog import load_catalog
from pnp.catalog.model import Side
from pnp.kit.faces import FaceOptions
from pnp.kit.images import deck_pdf
from pnp.site.build import _environment
from pnp.site.cards import Context
from pnp.site.components import deck_page
from pnp.site.images import Picture, side_path
from tests.catalog.test_hostile import nested_aliases, prepend
from tests.conftest import CARDS, ROOT, line_of

pytestmark = pytest.mark.probe

MARKDOWN = ["tables", "attr_list", "md_in_html"]
#: Far above the fraction of a second these take; only there so a hang fails the test.
HANG = 120


def pnp(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pnp", *args],
        cwd=ROOT, capture_output=True, text=True, check=False, timeout=HANG,
    )  # fmt: skip


def pdf_text(data: bytes | Path) -> str:
    document = pdfium.PdfDocument(data)
    try:
        return "".join(page.get_textpage().get_text_range() for page in document)
    finally:
        document.close()


def test_a_word_the_fonts_cannot_draw_is_refused_by_validate_and_build(
    cards_copy: Path, tmp_path: Path
) -> None:
    bout = cards_copy / "chin-music" / "bout.yaml"
    bout.write_text(bout.read_text().replace('word: "Bully!"', 'word: "Bully☕ Ωmega 日本"'))
    line = line_of(bout, "id: bully")
    expected = (
        f"chin-music/bout.yaml:{line}: card 'bully': word: cannot be printed: '☕' (U+2615 HOT "
        "BEVERAGE), '日' (U+65E5 CJK UNIFIED IDEOGRAPH-65E5) and '本' (U+672C CJK UNIFIED "
        "IDEOGRAPH-672C) have no glyph in the fonts tried for this field (Fjalla One, then Fira "
        "Sans Condensed SemiBold)"
    )
    for command in (["validate"], ["build", "--no-images", "--out", str(tmp_path / "dist")]):
        result = pnp(*command, "--cards", str(cards_copy))
        assert result.returncode == 1, result
        assert "Traceback" not in result.stderr
        assert expected in result.stderr, result.stderr
        assert "1 problem in the card data" in result.stderr
    assert not (tmp_path / "dist").exists()


def test_greek_is_printed_by_the_fallback_in_the_pdf_the_images_and_the_site(
    tmp_path: Path,
) -> None:
    cards = tmp_path / "cards"
    shutil.copytree(CARDS / "chin-music", cards / "chin-music")
    bout = cards / "chin-music" / "bout.yaml"
    bout.write_text(bout.read_text().replace('word: "Bully!"', 'word: "Bully Ωmega"'))
    dist = tmp_path / "dist"
    assert pnp("validate", "--cards", str(cards)).returncode == 0
    built = pnp("build", "--cards", str(cards), "--out", str(dist), "--jobs", "1")
    assert built.returncode == 0, built.stderr
    for paper in ("a4", "letter"):
        assert "BullyΩmega" in "".join(pdf_text(dist / "pnp" / f"chin-music-{paper}.pdf").split())
    # the images are rasters of these pages, drawn by the same faces
    game = load_catalog(cards).game("chin-music")
    deck = game.deck("bout")
    card = deck.card("bully")
    faces = [Side(card, "front")]
    assert "Bully Ωmega" in pdf_text(deck_pdf(game, deck, faces, 3.0, FaceOptions()))
    assert (dist / "images" / "chin-music" / "bout" / "bully-front.png").stat().st_size > 0
    # the site's components page, from the same templates pnp site renders (a whole
    # site needs every game's kit; tests/site builds that one from the real data)
    template = _environment(ROOT / "templates").get_template("components.md.j2")
    pictures = {
        (each.id, side.name): Picture(f"{side_path(game, each, side)}.webp", "large.webp",
                                      240, 336, 480, 672)
        for each in game.decks for side in each.sides()
    }  # fmt: skip
    pages = [deck_page(game, each, Context(game), pictures) for each in game.decks]
    page = markdown.markdown(template.render(game=game, pages=pages), extensions=MARKDOWN)
    assert page.count("Bully Ωmega") >= 3  # the table, an image's alternative text, a caption


@pytest.mark.parametrize("levels", [5, 9])
def test_nested_aliases_do_not_hang_validate(cards_copy: Path, levels: int) -> None:
    prepend(cards_copy / "joes-bar" / "action.yaml", nested_aliases(levels))
    result = pnp("validate", "--cards", str(cards_copy))
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert lines[0] == f"{levels + 2} problems in the card data:"
    assert lines[1].endswith("joes-bar/action.yaml:1: holds " + lines[1].split(" holds ")[1])
    assert "values once its aliases are written out; at most 50,000 are allowed" in lines[1]
    assert all("unknown key 'a" in line for line in lines[2:])
