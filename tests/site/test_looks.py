"""Each game's colours on the site (site/games.yaml): checked against the card data, and
readable as link text in light and in dark mode."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pnp.catalog import load_catalog
from pnp.site.looks import (
    DARK_PAGE,
    LIGHT_PAGE,
    SiteLookError,
    contrast,
    load_looks,
    readable,
    style_sheet,
)
from tests.conftest import CARDS, ROOT

LOOKS = ROOT / "site" / "games.yaml"


def test_every_game_has_a_look_and_its_links_read_in_both_modes() -> None:
    catalog = load_catalog(CARDS)
    looks = load_looks(LOOKS, catalog)
    assert set(looks.games) == {game.id for game in catalog.games}
    sheet = style_sheet(looks)
    for game in catalog.games:
        block = sheet[sheet.index(f"body:has(.pnp-game--{game.id})") :]
        light = re.search(r"--md-typeset-a-color: (#[0-9a-f]{6})", block)
        assert light is not None
        assert contrast(light.group(1), LIGHT_PAGE) >= 4.5, game.id
        dark_block = sheet[sheet.index(f":has(.pnp-game--{game.id}) {{\n  --md-hue") :]
        dark = re.search(r"--md-typeset-a-color: (#[0-9a-f]{6})", dark_block)
        assert dark is not None
        assert contrast(dark.group(1), DARK_PAGE) >= 4.5, game.id


def test_readable_moves_a_colour_only_as_far_as_needed() -> None:
    assert readable("#8c1c24", LIGHT_PAGE) == "#8c1c24"  # already reads on white
    neon = readable("#ffcf3a", LIGHT_PAGE)  # a yellow neon does not
    assert neon != "#ffcf3a" and contrast(neon, LIGHT_PAGE) >= 4.5
    assert contrast(readable("#18121c", DARK_PAGE), DARK_PAGE) >= 4.5


def test_a_cover_that_is_not_a_printed_side_is_named(tmp_path: Path) -> None:
    text = LOOKS.read_text(encoding="utf-8").replace("bout/applesauce-back", "bout/no-such-side")
    broken = tmp_path / "games.yaml"
    broken.write_text(text, encoding="utf-8")
    with pytest.raises(SiteLookError, match="'bout/no-such-side' is not a printed side"):
        load_looks(broken, load_catalog(CARDS))


def test_a_bad_colour_is_reported_with_its_key(tmp_path: Path) -> None:
    text = LOOKS.read_text(encoding="utf-8").replace('"#7a1f1f"  # the Ruffians', '"red"  #')
    broken = tmp_path / "games.yaml"
    broken.write_text(text, encoding="utf-8")
    with pytest.raises(SiteLookError, match=r"games\.chin-music\.colour"):
        load_looks(broken, load_catalog(CARDS))
