"""Card images: 300 dpi PNGs with and without bleed, from the PDF drawing."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from pnp.catalog import load_catalog
from pnp.kit.faces import FaceOptions
from pnp.kit.images import write_deck_images
from tests.conftest import CARDS


@pytest.fixture(scope="module")
def facing_images(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Path]]:
    game = load_catalog(CARDS).game("chin-music")
    out = tmp_path_factory.mktemp("images")
    return out, write_deck_images(game, game.deck("facing"), out, 3.0, FaceOptions())


def test_one_png_per_face_with_and_without_bleed(facing_images: tuple[Path, list[Path]]) -> None:
    out, written = facing_images
    names = sorted(path.relative_to(out).as_posix() for path in written)
    assert names == sorted(
        f"chin-music/facing/{stem}{suffix}.png"
        for stem in ("title-front", "nothing-more-to-prove-front", "back")
        for suffix in ("", "-bleed")
    )


def test_sizes_are_true_at_300_dpi(facing_images: tuple[Path, list[Path]]) -> None:
    out, _ = facing_images
    folder = out / "chin-music" / "facing"
    trimmed = Image.open(folder / "title-front.png")
    bleed = Image.open(folder / "title-front-bleed.png")
    mm = 300 / 25.4
    assert trimmed.size == (pytest.approx(63 * mm, abs=1.5), pytest.approx(88 * mm, abs=1.5))
    assert bleed.size == (pytest.approx(69 * mm, abs=1.5), pytest.approx(94 * mm, abs=1.5))
    assert trimmed.info["dpi"] == pytest.approx((300, 300), abs=0.01)


def test_trimmed_image_is_the_bleed_image_cropped(facing_images: tuple[Path, list[Path]]) -> None:
    out, _ = facing_images
    folder = out / "chin-music" / "facing"
    trimmed = np.asarray(Image.open(folder / "title-front.png"))
    bleed = np.asarray(Image.open(folder / "title-front-bleed.png"))
    top = (bleed.shape[0] - trimmed.shape[0]) // 2
    left = (bleed.shape[1] - trimmed.shape[1]) // 2
    window = bleed[top : top + trimmed.shape[0], left : left + trimmed.shape[1]]
    assert np.array_equal(window, trimmed)
    # the background reaches into the bleed: its outer ring is the card's colour, not white
    assert bleed[2, bleed.shape[1] // 2].tolist() != [255, 255, 255]


def test_varying_backs_get_one_image_per_card(tmp_path: Path) -> None:
    game = load_catalog(CARDS).game("chin-music")
    written = write_deck_images(game, game.deck("bout"), tmp_path, 0.0, FaceOptions())
    backs = [path for path in written if path.name.endswith("-back.png")]
    assert len(backs) == 36
    assert not (tmp_path / "chin-music" / "bout" / "back.png").exists()
