"""People's playtests in a game's designer's notes: ``pnp kit`` summarises the playtests
folder of ``pnp table`` into the kit (``playtests.json``), and the game's playtest page
shows them under "Played by people", next to the bots' figures; a game nobody played, or a
kit without playtests, has no such section."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pnp.catalog import Catalog, load_catalog
from pnp.site.build import _environment, _people, _playtest
from pnp.site.errors import SiteError
from pnp.table.cli_playtests import KIT_FILE, kit_playtests
from pnp.table.playtests import Answer, Keeper
from pnp.table.tables import Table
from tests.conftest import CARDS, ROOT
from tests.table.test_playtests import QUICK, QUICK_VARIANT, finish, loaded

#: (seed, fun, length felt, note) of each made-up game against the easy bots.
GAMES = [
    (1, 5, "about right", "Loved *the* <b>last</b> round."),
    (2, 4, "too long", ""),
    (3, 2, "too long", "Year two dragged."),
]


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog(CARDS)


@pytest.fixture(scope="module")
def playtests(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("playtests")
    keeper = Keeper(folder)
    for seed, fun, length, note in GAMES:
        table = Table.create(loaded(QUICK), players=2, humans=[0], bot="easy", seed=seed,
                             variants=QUICK_VARIANT)  # fmt: skip
        finish(table, seed)
        keeper.after_move(table)
        table.answers[0] = Answer(fun, length, note, "2026-12-03T20:00:00Z")
        path = keeper.answered(table)
        assert path is not None
    # one game played on an earlier version of the card data
    data = json.loads(path.read_text(encoding="utf-8"))
    data["playtest"]["card_data"] = "0" * 64
    path.write_text(json.dumps(data), encoding="utf-8")
    return folder


def page(catalog: Catalog, dist: Path, docs: Path, game_id: str) -> str:
    environment = _environment(ROOT / "templates")
    people = _people(dist)
    assert _playtest(environment, catalog.game(game_id), None, dist, docs, people.get(game_id))
    return (docs / game_id / "playtest.md").read_text(encoding="utf-8")


def test_the_designers_notes_show_the_peoples_playtests(
    catalog: Catalog, playtests: Path, tmp_path: Path
) -> None:
    dist = tmp_path / "dist"
    kit_playtests(playtests, catalog, dist)
    summary = json.loads((dist / KIT_FILE).read_text(encoding="utf-8"))
    assert [table["games"] for table in summary["tables"]] == [3]
    text = page(catalog, dist, tmp_path / "docs", QUICK)
    assert "what people said after 3 games at the table" in text
    people = text[text.index("## Played by people") :]
    assert "### years=1, 2 players" in people
    assert "- Games: 3 (" in people and "3 human seats, of which 3 answered" in people
    assert "- Human wins against the easy bots: " in people and "n=3" in people
    assert "against a fair share of 50%" in people
    assert "- Fun: 3.7 (" in people and "n=3)" in people
    assert "too short 0, about right 1, too long 2" in people
    assert "| Answers | 0 | 1 | 0 | 1 | 1 | " in people
    assert "1 of these 3 games was played on other card data" in people
    # a note is shown as written: its Markdown and HTML are text, not markup
    assert "Loved \\*the\\* &lt;b&gt;last&lt;/b&gt; round." in people
    assert "Year two dragged." in people
    # a game nobody played has no such section
    other = page(catalog, dist, tmp_path / "docs", "chinchon")
    assert "Played by people" not in other and "played by people" not in other


def test_no_playtests_no_section(catalog: Catalog, tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    kit_playtests(tmp_path / "nowhere", catalog, dist)  # a kit without playtests
    assert json.loads((dist / KIT_FILE).read_text(encoding="utf-8"))["tables"] == []
    text = page(catalog, dist, tmp_path / "docs", QUICK)
    assert "people" not in text.lower()
    assert "people" not in page(catalog, tmp_path / "no-kit", tmp_path / "docs", QUICK).lower()
    (dist / KIT_FILE).write_text('{"format": 99}', encoding="utf-8")
    with pytest.raises(SiteError, match="run pnp kit again"):
        _people(dist)


def test_pnp_kit_refuses_a_playtests_folder_that_is_not_there(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from pnp.cli import main

    out = tmp_path / "dist"
    assert main(["kit", "--playtests", str(tmp_path / "nowhere"), "--out", str(out)]) == 2
    assert "there is no playtests folder" in capsys.readouterr().err
    assert not out.exists()  # refused before anything was built
