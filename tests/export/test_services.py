"""Print-service files: each preset's pixel size, resolution and colour mode, the
manifest's quantities against the deck counts, DriveThruCards' deck PDFs, proofs,
and a card size a service does not print."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageCms

from pnp.catalog import Catalog
from pnp.catalog.game import CardSize
from pnp.export.colour import most_ink, to_cmyk
from pnp.export.icc import cmyk_profile
from pnp.export.proofs import boxes
from pnp.export.run import ExportError, ExportOptions, export
from pnp.export.services import SERVICES, service
from tests.export.conftest import Exported

PRESETS = {  # service: (pixels of a poker card with bleed, colour mode, suffix)
    "makeplayingcards": ((822, 1122), "RGB", ".png"),
    "the-game-crafter": ((825, 1125), "RGB", ".png"),
    "drivethrucards": ((825, 1125), "CMYK", ".jpg"),
}


def _images(exported: Exported, service_id: str) -> list[Path]:
    folder = exported.out / service_id / "chin-music"
    return sorted(p for deck in ("bout", "facing") for p in (folder / deck).iterdir())


@pytest.mark.parametrize("service_id", sorted(PRESETS))
def test_images_have_the_preset_size_resolution_and_colour(
    exported: Exported, service_id: str
) -> None:
    pixels, mode, suffix = PRESETS[service_id]
    images = _images(exported, service_id)
    sides = sum(len(list(deck.sides())) for deck in exported.game.decks)
    assert len(images) == sides  # every distinct side, once
    for path in images:
        assert path.suffix == suffix
        with Image.open(path) as image:
            assert image.size == pixels, path
            assert image.mode == mode, path
            assert tuple(round(value) for value in image.info["dpi"]) == (300, 300), path


def test_cmyk_files_keep_under_the_ink_limit(exported: Exported) -> None:
    limit = service("drivethrucards").ink_limit
    assert limit == 240
    for path in _images(exported, "drivethrucards"):
        with Image.open(path) as image:
            assert most_ink(image) <= limit + 2, path  # JPEG rounding


def test_cmyk_files_carry_the_profile_that_reads_their_inks_back_to_the_cards_colours(
    exported: Exported,
) -> None:
    """Each DriveThruCards JPEG embeds a CMYK ICC profile; read through it by a colour
    managed reader (LittleCMS), the inks give back the colours of the card's RGB image."""
    profiles = set()
    for path in _images(exported, "drivethrucards"):
        with Image.open(path) as image:
            embedded = image.info.get("icc_profile")
            assert embedded, f"{path} has no ICC profile"
            profiles.add(embedded)
            profile = ImageCms.ImageCmsProfile(io.BytesIO(embedded))
            assert ImageCms.getProfileInfo(profile)  # a profile LittleCMS reads
            assert profile.profile.xcolor_space == "CMYK"
    assert len(profiles) == 1
    front = exported.out / "drivethrucards" / "chin-music" / "bout" / "bully-front.jpg"
    rgb = exported.out / "the-game-crafter" / "chin-music" / "bout" / "bully-front.png"
    with Image.open(front) as cmyk, Image.open(rgb) as original:
        profile = ImageCms.ImageCmsProfile(io.BytesIO(cmyk.info["icc_profile"]))
        seen = ImageCms.profileToProfile(cmyk, profile, ImageCms.createProfile("sRGB"),
                                         outputMode="RGB")  # fmt: skip
        assert seen is not None
        expected = np.asarray(original.convert("RGB"), dtype=np.int16)
        difference = np.abs(np.asarray(seen, dtype=np.int16) - expected).max(axis=2)
    # the ink limit greys the darkest saturated colours and JPEG blurs edges: most
    # pixels come back within a few levels
    assert np.median(difference) <= 3 and np.percentile(difference, 90) <= 12


def test_the_profile_reads_textbook_inks_as_their_srgb_colours() -> None:
    pixels = np.random.default_rng(7).integers(0, 256, (32, 32, 3), dtype=np.uint8)
    image = Image.fromarray(pixels, "RGB")
    profile = ImageCms.ImageCmsProfile(io.BytesIO(cmyk_profile()))
    seen = ImageCms.profileToProfile(to_cmyk(image), profile, ImageCms.createProfile("sRGB"),
                                     outputMode="RGB")  # fmt: skip
    assert seen is not None
    difference = np.abs(np.asarray(seen, dtype=np.int16) - pixels.astype(np.int16)).max(axis=2)
    assert difference.max() <= 16 and difference.mean() <= 4
    assert cmyk_profile() == cmyk_profile()


def test_conversion_keeps_black_pure_and_limits_dark_colours() -> None:
    black = to_cmyk(Image.new("RGB", (1, 1), (0, 0, 0)), 240)
    assert black.getpixel((0, 0)) == (0, 0, 0, 255)
    dark_red = to_cmyk(Image.new("RGB", (1, 1), (100, 0, 0)))
    assert most_ink(dark_red) > 240  # the textbook conversion alone lays too much ink
    assert most_ink(to_cmyk(Image.new("RGB", (1, 1), (100, 0, 0)), 240)) <= 240.5
    white = to_cmyk(Image.new("RGB", (1, 1), (255, 255, 255)), 240)
    assert white.getpixel((0, 0)) == (0, 0, 0, 0)


@pytest.mark.parametrize("service_id", sorted(PRESETS))
def test_manifest_quantities_add_up_to_the_deck_counts(exported: Exported, service_id: str) -> None:
    folder = exported.out / service_id / "chin-music"
    with open(folder / "manifest.csv", encoding="utf-8", newline="") as stream:
        rows = list(csv.DictReader(stream))
    for deck in exported.game.decks:
        mine = [row for row in rows if row["deck"] == deck.id]
        assert sum(int(row["quantity"]) for row in mine) == deck.physical_count
        assert [row["card"] for row in mine] == [card.id for card in deck.cards]
        for row in mine:
            assert (folder / row["file"]).is_file() and (folder / row["back file"]).is_file()
    bully = next(row for row in rows if row["card"] == "bully")
    assert bully["back file"].startswith("bout/bully-back.")  # a Ruffians back of its own
    title = next(row for row in rows if row["deck"] == "facing")
    assert title["back file"].startswith("facing/back.")  # the deck's shared back


def test_drivethrucards_deck_pdf_has_back_then_front_of_every_copy(exported: Exported) -> None:
    for deck in exported.game.decks:
        document = pdfium.PdfDocument(
            exported.out / "drivethrucards" / "chin-music" / f"{deck.id}.pdf"
        )
        try:
            assert len(document) == 2 * deck.physical_count
            width, height = document[0].get_size()
            assert (width, height) == pytest.approx((2.75 * 72, 3.75 * 72))
            assert document[0].get_trimbox() == pytest.approx((9.0, 9.0, 189.0, 261.0))
        finally:
            document.close()


@pytest.mark.parametrize("service_id", sorted(PRESETS))
def test_proofs_draw_the_cut_and_safe_lines(exported: Exported, service_id: str) -> None:
    chosen = service(service_id)
    product = chosen.products[0]
    proof = Image.open(
        exported.out / service_id / "chin-music" / "proofs" / "facing" / "back.png"
    ).convert("RGB")
    assert proof.size == product.image_pixels
    trim, safe = boxes(product, chosen.dpi)
    assert trim[2] - trim[0] == 750 and trim[3] - trim[1] == 1050
    assert safe[0] - trim[0] == round(0.125 * 300)
    red, green, blue = _rgb(proof, trim[0], proof.height // 2)  # on the cut line
    assert red > 150 and green < 60 and blue < 60
    red, green, blue = _rgb(proof, safe[0], safe[1] + 3)  # on the safe line's first dash
    assert blue > 150 and red < 80


def _rgb(image: Image.Image, x: int, y: int) -> tuple[int, int, int]:
    pixel = image.getpixel((x, y))
    assert isinstance(pixel, tuple)
    return int(pixel[0]), int(pixel[1]), int(pixel[2])


def test_a_size_a_named_service_does_not_print_stops_the_export(
    catalog: Catalog, tmp_path: Path
) -> None:
    options = ExportOptions(
        out=tmp_path, games=("music-game-thingy",), services=("the-game-crafter",), tts=False
    )
    with pytest.raises(ExportError) as caught:
        export(catalog, options)
    message = str(caught.value)
    assert "The Game Crafter prints no 44 x 63 mm cards" in message
    assert "Banknotes" in message and "--skip-unprintable" in message
    assert list(tmp_path.iterdir()) == []  # nothing written


def test_every_preset_prints_the_kits_poker_cards_and_no_other_size() -> None:
    poker, marker, banknote = (
        CardSize(width=63, height=88),
        CardSize(width=44, height=63),
        CardSize(width=80, height=40),
    )
    for each in SERVICES:
        assert each.product_for(poker) is not None
        assert each.product_for(marker) is None and each.product_for(banknote) is None
