"""The hand-written pages and the generated card tables (no build needed)."""

from __future__ import annotations

import re

import pytest

from pnp.catalog import Game, load_catalog
from pnp.site.build import REPORT_SNIPPETS
from pnp.site.tables import heading, snippets, table
from tests.conftest import CARDS, ROOT

DOCS = ROOT / "site" / "docs"
PAGES = ("learn", "rules", "variants", "clarifications")


@pytest.fixture(scope="module")
def games() -> tuple[Game, ...]:
    return load_catalog(CARDS).games


def test_every_game_has_its_four_hand_written_pages(games: tuple[Game, ...]) -> None:
    for game in games:
        for page in PAGES:
            text = (DOCS / game.id / f"{page}.md").read_text(encoding="utf-8")
            assert text.startswith("# "), (game.id, page)
            assert len(text.split()) > 150, (game.id, page)


def test_hand_written_pages_do_not_copy_card_lists(games: tuple[Game, ...]) -> None:
    """Card data reaches the rules through generated tables, never by hand:
    a hand-written table may name a few cards (a worked example), not list them."""
    for game in games:
        names = {
            name
            for deck in game.decks
            for card in deck.cards
            if (name := getattr(card, "name", None) or getattr(card, "word", None))
            and len(name) > 3
        }
        for page in sorted((DOCS / game.id).glob("*.md")):
            rows = [
                line
                for line in page.read_text(encoding="utf-8").splitlines()
                if line.startswith("|") and any(name in line for name in names)
            ]
            assert len(rows) <= 8, (page.name, rows)


def test_snippets_named_by_pages_exist_for_the_game(games: tuple[Game, ...]) -> None:
    by_id = {game.id: {name for name, _ in snippets(game)} for game in games}
    for game in games:  # a game in beta also gets the snippets made from the playtest report
        if any(table.spec.kind == "jb-decision" for table in game.tables):
            by_id[game.id] |= set(REPORT_SNIPPETS)
    for page in DOCS.rglob("*.md"):
        for target in re.findall(r'--8<-- "([^"]+)"', page.read_text(encoding="utf-8")):
            game, name = target.split("/", 1)
            assert name in by_id[game], (page, target)


def test_generated_table_has_a_column_per_field_and_a_row_per_card(
    games: tuple[Game, ...],
) -> None:
    chin_music = next(game for game in games if game.id == "chin-music")
    bout = chin_music.deck("bout")
    lines = table(bout.cards).splitlines()
    assert lines[0] == "| Card | Boast | Ruffians | Copies |"
    assert len(lines) == 2 + 36
    first = bout.cards[0]
    assert lines[2] == f"| {first.word} | {first.boast} | {first.ruffians} | 1 |"


def test_headings_read_like_words() -> None:
    assert heading("effect.income_per_unit") == "Income per unit"
    assert heading("effect.type") == "Effect"
    assert heading("trait.name") == "Trait name"


def test_generated_cells_are_escaped() -> None:
    from pnp.catalog.schemas.chin_music import FacingCard

    card = FacingCard(id="x", name="<b>|x|</b>", text="t")
    row = table([card]).splitlines()[2]
    assert "<b>" not in row and "&lt;b&gt;" in row
    assert row.count(" | ") == 1  # the pipes inside the name are escaped


def test_tables_cover_every_deck_and_table(games: tuple[Game, ...]) -> None:
    for game in games:
        names = {name for name, _ in snippets(game)}
        assert names == {"decks.md"} | {f"{d.id}.md" for d in game.decks} | {
            f"{t.id}.md" for t in game.tables
        }


def test_docs_folder_has_no_stray_generated_files() -> None:
    generated = {"index.md", "components.md", "decisions.md"}
    for folder in DOCS.iterdir():
        if folder.is_dir() and folder.name != "assets":
            assert not generated & {p.name for p in folder.glob("*.md")}, folder
    assert not (DOCS / "index.md").exists()
