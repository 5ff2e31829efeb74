"""Each game's colours on the site (the ``site:`` block of its game.yaml, or taken from its
cards), the site's own (site/site.yaml): checked with the card data, and readable as link
text in light and in dark mode."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from pnp.catalog import load_catalog
from pnp.site.looks import (
    DARK_PAGE,
    LIGHT_PAGE,
    SiteLookError,
    contrast,
    game_look,
    load_looks,
    readable,
    style_sheet,
)
from tests.conftest import CARDS, ROOT, line_of, problems_of

LOOKS = ROOT / "site" / "site.yaml"


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


def test_a_cover_that_is_not_a_printed_side_is_named(cards_copy: Path, edit: Any) -> None:
    game_file = cards_copy / "chin-music" / "game.yaml"
    edit(game_file, "bout/applesauce-back", "bout/no-such-side")
    [problem] = problems_of(cards_copy)
    assert "'bout/no-such-side' is not a printed side" in problem.message
    assert problem.file.endswith("chin-music/game.yaml") and problem.field == "site.cover[0]"
    assert problem.line == line_of(game_file, "bout/no-such-side")


def test_a_bad_colour_is_reported_with_its_key(cards_copy: Path, edit: Any) -> None:
    game_file = cards_copy / "chin-music" / "game.yaml"
    edit(game_file, '"#7a1f1f"  # the Ruffians', '"red"  #')
    [problem] = problems_of(cards_copy)
    assert problem.field == "site.colour" and "expected a colour like '#1a2b3c'" in problem.message
    assert problem.line == line_of(game_file, '"red"')


def test_a_bad_site_look_is_reported_with_its_key(tmp_path: Path) -> None:
    text = LOOKS.read_text(encoding="utf-8").replace('"#2a1a14"  # the ink', '"red"  #')
    broken = tmp_path / "site.yaml"
    broken.write_text(text, encoding="utf-8")
    with pytest.raises(SiteLookError, match=r"look\.colour"):
        load_looks(broken, load_catalog(CARDS))


def test_a_game_without_a_look_takes_it_from_its_cards() -> None:
    """The colour is the first deck's back, the accent the most colourful other colour of
    the backs, the stripe the backs' colours in order, the cover three fronts of the
    first deck, and there is no note on rights."""
    game = load_catalog(CARDS).game("chin-music")
    bare = replace(game, spec=game.spec.model_copy(update={"site": None}))
    look = game_look(bare)
    assert look.colour == "#7a1f1f"  # the Bout back
    assert look.accent == "#d9b45a"  # the facing cards' gold, not their cream or charcoal
    assert look.stripe == ("#7a1f1f", "#f4e9d8", "#2b2b2b", "#d9b45a")
    bout = game.deck("bout").cards
    assert look.cover == tuple(f"bout/{bout[i].id}-front" for i in (0, 18, 35))
    assert look.link is None and look.rights is None
    # a look that gives some keys keeps them and takes the rest from the cards
    given = game.spec.model_copy(update={"site": game.spec.site.model_copy(
        update={"accent": None, "cover": None})})  # type: ignore[union-attr]  # fmt: skip
    partly = game_look(replace(game, spec=given))
    assert partly.colour == "#7a1f1f" and partly.stripe == game_look(game).stripe
    assert partly.accent == look.accent and partly.cover == look.cover
    assert partly.rights == game_look(game).rights
