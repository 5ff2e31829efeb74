"""The Tabletop Simulator export: every card id's sheet, row and column hold its
card; sheets are the size of their grid; DeckIDs repeat each card by its count."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from PIL import Image

from pnp.catalog.model import Deck, Side
from pnp.export.render import Raster, render_sides
from pnp.export.tts import plan_game
from pnp.export.tts_grid import MAX_COLUMNS, MAX_PIXELS, MAX_ROWS, MM_PER_INCH, plan_deck
from pnp.kit.faces import FaceOptions
from tests.export.conftest import BASE_URL, Exported


def _saved(exported: Exported) -> dict[str, Any]:
    path = exported.out / "tts" / "chin-music" / "chin-music.json"
    document: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return document


def _sheet(exported: Exported, url: str) -> Image.Image:
    prefix = f"{BASE_URL}/chin-music/"
    assert url.startswith(prefix)
    return Image.open(exported.out / "tts" / "chin-music" / url.removeprefix(prefix))


def _slot(sheet: Image.Image, custom: dict[str, Any], slot: int) -> tuple[Image.Image, int, int]:
    columns, rows = custom["NumWidth"], custom["NumHeight"]
    width, height = sheet.width // columns, sheet.height // rows
    row, column = divmod(slot, columns)
    assert row < rows, f"slot {slot} is below a {columns} x {rows} grid"
    box = (column * width, row * height, (column + 1) * width, (row + 1) * height)
    return sheet.crop(box).convert("RGB"), width, height


def _same_picture(picture: Image.Image, exported: Exported, deck: Deck, side: Side) -> None:
    size = deck.spec.size
    raster = Raster.trimmed(size.width, size.height, picture.width)
    (expected,) = render_sides(exported.game, deck, [side], raster, FaceOptions())
    assert expected.size == picture.size
    difference = np.abs(np.asarray(expected, dtype=int) - np.asarray(picture, dtype=int))
    assert difference.mean() < 0.5, f"{side.name} is not in its slot"


def test_one_deck_object_per_deck(exported: Exported) -> None:
    objects = _saved(exported)["ObjectStates"]
    assert [o["Nickname"] for o in objects] == [d.spec.title for d in exported.game.decks]
    assert {o["Name"] for o in objects} == {"DeckCustom"}


def test_every_card_id_shows_its_card_front_and_back(exported: Exported) -> None:
    game = exported.game
    checked = 0
    for deck_object, deck in zip(_saved(exported)["ObjectStates"], game.decks, strict=True):
        by_name = {card.label(): card for card in deck.cards}
        seen: set[int] = set()
        for card_object in deck_object["ContainedObjects"]:
            card = by_name[card_object["Nickname"]]
            assert card_object["Description"] == card.describe()
            card_id = card_object["CardID"]
            key, slot = divmod(card_id, 100)
            custom = deck_object["CustomDeck"][str(key)]
            assert card_object["CustomDeck"] == {str(key): custom}
            if card_id in seen:
                continue
            seen.add(card_id)
            face, _, _ = _slot(_sheet(exported, custom["FaceURL"]), custom, slot)
            _same_picture(face, exported, deck, Side(card, "front"))
            if custom["UniqueBack"]:  # a back sheet of the same grid: the card's own back
                back, _, _ = _slot(_sheet(exported, custom["BackURL"]), custom, slot)
                _same_picture(back, exported, deck, Side(card, "back"))
            checked += 1
        assert len(seen) == len(deck.cards)
    assert checked == sum(len(deck.cards) for deck in game.decks)


def test_shared_back_is_the_back_image_and_the_hidden_slot(exported: Exported) -> None:
    deck = exported.game.deck("facing")
    deck_object = _saved(exported)["ObjectStates"][1]
    (custom,) = deck_object["CustomDeck"].values()
    assert custom["UniqueBack"] is False and custom["BackIsHidden"] is False
    back = _sheet(exported, custom["BackURL"]).convert("RGB")
    _same_picture(back, exported, deck, Side(deck.cards[0], "back"))
    hidden = custom["NumWidth"] * custom["NumHeight"] - 1
    picture, _, _ = _slot(_sheet(exported, custom["FaceURL"]), custom, hidden)
    _same_picture(picture, exported, deck, Side(deck.cards[0], "back"))


def test_deck_ids_repeat_each_card_by_its_count(exported: Exported) -> None:
    for deck_object, deck in zip(
        _saved(exported)["ObjectStates"], exported.game.decks, strict=True
    ):
        ids = deck_object["DeckIDs"]
        assert ids == [card["CardID"] for card in deck_object["ContainedObjects"]]
        assert len(ids) == deck.physical_count
        by_name = {card.label(): card for card in deck.cards}
        counts = Counter(ids)
        for card_object in deck_object["ContainedObjects"]:
            assert counts[card_object["CardID"]] == by_name[card_object["Nickname"]].count


def test_sheets_are_their_grid_and_within_the_limits(exported: Exported) -> None:
    for deck_object in _saved(exported)["ObjectStates"]:
        for custom in deck_object["CustomDeck"].values():
            columns, rows = custom["NumWidth"], custom["NumHeight"]
            assert 2 <= columns <= MAX_COLUMNS and 2 <= rows <= MAX_ROWS
            urls = [custom["FaceURL"]] + ([custom["BackURL"]] if custom["UniqueBack"] else [])
            for url in urls:
                sheet = _sheet(exported, url)
                assert max(sheet.size) <= MAX_PIXELS
                assert sheet.width % columns == 0 and sheet.height % rows == 0
                width, height = sheet.width // columns, sheet.height // rows
                assert height / width == pytest.approx(88 / 63, abs=0.01)


def test_every_game_plans_distinct_ids_within_the_limits(catalog: Any) -> None:
    for index, game in enumerate(catalog.games):
        ids: list[int] = []
        for plan in plan_game(game, index):
            for sheet in plan.sheets:
                assert sheet.grid.columns <= MAX_COLUMNS and sheet.grid.rows <= MAX_ROWS
                assert max(sheet.pixels) <= MAX_PIXELS
                limit = sheet.grid.slots - (1 if sheet.has_hidden_slot else 0)
                assert len(sheet.cards) <= limit
            ids += [plan.card_id(card) for card in plan.deck.cards]
        assert len(ids) == len(set(ids)), game.id


def test_a_deck_larger_than_a_sheet_spans_several(catalog: Any) -> None:
    action = catalog.game("joes-bar").deck("action")
    cards = tuple(
        action.cards[index % len(action.cards)].model_copy(update={"id": f"c{index}"})
        for index in range(150)
    )
    plan = plan_deck(Deck(action.id, action.spec, cards), 1)
    # 8 x 5 poker cards of 496 x 693 px fit 4096 px; the last slot is the back
    assert [len(sheet.cards) for sheet in plan.sheets] == [39, 39, 39, 33]
    assert [sheet.key for sheet in plan.sheets] == [1, 2, 3, 4]
    last = plan.sheets[3]
    assert plan.card_id(cards[140]) == 4 * 100 + (140 - 3 * 39)
    assert last.hidden_slot == last.grid.slots - 1
    assert last.position(2) == divmod(2, last.grid.columns)


def test_every_card_of_every_deck_has_the_same_resolution(catalog: Any) -> None:
    """Every deck of every game, whatever its size and card count: one resolution per
    card (pixels per mm the same within rounding), all poker decks identical slots."""
    densities, poker = [], set()
    for index, game in enumerate(catalog.games):
        for plan in plan_game(game, index):
            size = plan.deck.spec.size
            for sheet in plan.sheets:
                width, height = sheet.card_pixels
                assert height / width == pytest.approx(size.height / size.width, abs=0.003)
                densities.append((width / (size.width / MM_PER_INCH), 0.5 / size.width * 25.4))
                if (size.width, size.height) == (63, 88):
                    poker.add(sheet.card_pixels)
    assert poker == {(496, 693)}, poker
    dpi = densities[0][0]
    for density, rounding in densities:
        assert abs(density - dpi) <= 2 * rounding, (density, dpi)
    assert 190 <= dpi <= 210  # sharp enough to read a card zoomed in, and 8 x 5 on a sheet


def test_exported_sheets_and_backs_are_drawn_at_that_resolution(exported: Exported) -> None:
    for deck_object in _saved(exported)["ObjectStates"]:
        for custom in deck_object["CustomDeck"].values():
            face = _sheet(exported, custom["FaceURL"])
            slot = (face.width // custom["NumWidth"], face.height // custom["NumHeight"])
            assert slot == (496, 693)
            back = _sheet(exported, custom["BackURL"])
            if custom["UniqueBack"]:
                assert back.size == face.size
            else:  # one back for the deck: one card, the same size as a slot
                assert back.size == slot


def test_default_links_are_files_that_exist(tmp_path: Path) -> None:
    from pnp.cli import main

    status = main(
        ["export", "--game", "chin-music", "--no-services", "--out", str(tmp_path), "--jobs", "1"]
    )
    assert status == 0
    document = json.loads((tmp_path / "tts" / "chin-music" / "chin-music.json").read_text())
    urls = [
        custom[key]
        for state in document["ObjectStates"]
        for custom in state["CustomDeck"].values()
        for key in ("FaceURL", "BackURL")
    ]
    assert urls and all(url.startswith("file:///") for url in urls)
    for url in urls:
        assert Path(url.removeprefix("file://")).is_file(), url
    assert not list(tmp_path.glob(".staging-*")), "the staging folder is left behind"


def test_every_games_saved_object_loads_from_the_site(catalog: Any, tmp_path: Path) -> None:
    """Every game exported for a site: each saved object read as Tabletop Simulator reads
    it (ObjectStates, each CustomDeck entry) names only http(s) addresses under the site's,
    each a file the site serves once the downloads page offers the bundle."""
    from pnp.export.run import ExportOptions, export
    from pnp.site.downloads import serve_tts

    site = "https://cards.example.net/kit/"
    out = tmp_path / "export"
    options = ExportOptions(out=out, services=(), site_url=site, bundles=True, jobs=2)
    export(catalog, options)
    downloads = tmp_path / "site" / "downloads"
    for game in catalog.games:
        bundle = out / "bundles" / f"tts-{game.id}.zip"
        assert serve_tts(bundle, game.id, game.title, site, downloads), game.id
        document = json.loads((out / "tts" / game.id / f"{game.id}.json").read_text("utf-8"))
        customs = [
            custom
            for state in document["ObjectStates"]
            for thing in (state, *state.get("ContainedObjects", []))
            for custom in thing["CustomDeck"].values()
        ]
        assert len(document["ObjectStates"]) == len(game.decks)
        for custom in customs:
            for field in ("FaceURL", "BackURL"):
                url = custom[field]
                assert url.startswith(("https://", "http://")) and url.startswith(site), url
                assert (downloads.parent / url.removeprefix(site)).is_file(), url
