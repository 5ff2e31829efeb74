"""A game is one folder: its special files (kinds, layouts, glossary), its rules pages and
its art live beside its card lists; its look on the site and its source are optional."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from pnp.catalog import Problem, load_catalog
from pnp.catalog.folders import PAGE_FILES
from pnp.catalog.loader import SPECIAL_FILES
from tests.conftest import CARDS, line_of, problems_of

Edit = Callable[[Path, str, str], None]


def only(problems: tuple[Problem, ...]) -> Problem:
    assert len(problems) == 1, "\n".join(map(str, problems))
    return problems[0]


def _drop_block(path: Path, key: str) -> None:
    """Remove the top-level ``key:`` block (and the comment lines just above it)."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    start = next(i for i, line in enumerate(lines) if line.startswith(f"{key}:"))
    end = next(
        (i for i in range(start + 1, len(lines)) if lines[i][:1] not in (" ", "\n")), len(lines)
    )
    while start > 0 and lines[start - 1].startswith("#"):
        start -= 1
    path.write_text("".join(lines[:start] + lines[end:]), encoding="utf-8")


def test_the_four_games_keep_their_pages_glossary_and_look_in_their_folders() -> None:
    for game in load_catalog(CARDS).games:
        assert game.pages == game.folder / "pages"
        assert {page.name for page in game.pages.glob("*.md")} <= set(PAGE_FILES)
        assert game.glossary and game.look is not None and game.look.rights
        assert game.spec.source is not None


def test_special_files_and_the_art_folder_are_not_card_lists(cards_copy: Path) -> None:
    game = cards_copy / "chin-music"
    assert set(SPECIAL_FILES) == {"game.yaml", "kinds.yaml", "layouts.yaml", "glossary.yaml"}
    kind = "kinds: {note: {fields: {text: {type: text}}}}\n"  # declared, used by no deck
    (game / "kinds.yaml").write_text(kind, encoding="utf-8")
    layout = 'layouts: {facing: {front: [{fill: "#ffffff"}]}}\n'
    (game / "layouts.yaml").write_text(layout, encoding="utf-8")
    (game / "art" / "faces").mkdir(parents=True)
    (game / "art" / "faces" / "notes.yaml").write_text("not: [card, data\n", encoding="utf-8")
    (game / "art" / "fist.png").write_bytes(b"\x89PNG")
    assert load_catalog(cards_copy).game("chin-music").deck("bout").physical_count == 36
    (game / "extra.yaml").write_text("cards: []\n", encoding="utf-8")
    problem = only(problems_of(cards_copy))
    assert problem.message == "extra.yaml is in the folder but not listed as a deck or table"


def test_a_list_may_not_take_a_special_files_name(cards_copy: Path, edit: Edit) -> None:
    game_file = cards_copy / "chin-music" / "game.yaml"
    # the glossary (a file of its own, valid as such) named as the variants' list
    (cards_copy / "chin-music" / "variants.yaml").unlink()
    edit(game_file, "file: variants.yaml", "file: glossary.yaml")
    problem = only(problems_of(cards_copy))
    assert problem.field == "tables.variants.file"
    assert problem.message.startswith("glossary.yaml is a file of its own in a game folder")
    assert problem.line == line_of(game_file, "file: glossary.yaml")


def test_source_and_look_are_optional(cards_copy: Path) -> None:
    game_file = cards_copy / "chin-music" / "game.yaml"
    _drop_block(game_file, "source")
    _drop_block(game_file, "site")
    game = load_catalog(cards_copy).game("chin-music")
    assert game.spec.source is None and game.look is None


def test_a_look_may_give_only_some_keys(cards_copy: Path) -> None:
    game_file = cards_copy / "chin-music" / "game.yaml"
    _drop_block(game_file, "site")
    with game_file.open("a", encoding="utf-8") as stream:
        stream.write("site:\n  rights: Ours.\n")
    look = load_catalog(cards_copy).game("chin-music").look
    assert look is not None and look.rights == "Ours." and look.colour is None


def test_a_game_without_pages_or_glossary_has_none(cards_copy: Path) -> None:
    game = cards_copy / "chin-music"
    for page in (game / "pages").iterdir():
        page.unlink()
    (game / "pages").rmdir()
    (game / "glossary.yaml").unlink()
    loaded = load_catalog(cards_copy).game("chin-music")
    assert loaded.pages is None and loaded.glossary == () and loaded.page("rules.md") is None


def test_the_pages_folder_holds_only_the_rules_pages(cards_copy: Path) -> None:
    pages = cards_copy / "chin-music" / "pages"
    (pages / "rules.md").rename(pages / "rule.md")
    (pages / "notes.yaml").write_text("cards: []\n", encoding="utf-8")
    problems = problems_of(cards_copy)
    assert sorted((Path(p.file).name, p.message.split(";")[0]) for p in problems) == [
        ("notes.yaml", "is not a rules page the site knows"),
        ("rule.md", "is not a rules page the site knows"),
    ]
    assert all("learn.md, rules.md, variants.md" in p.message for p in problems)


def test_a_pages_file_instead_of_a_folder_is_named(cards_copy: Path) -> None:
    pages = cards_copy / "chin-music" / "pages"
    for page in pages.iterdir():
        page.unlink()
    pages.rmdir()
    pages.write_text("# Rules\n", encoding="utf-8")
    problem = only(problems_of(cards_copy))
    assert problem.file.endswith("chin-music/pages") and "is not a folder" in problem.message


@pytest.mark.parametrize(
    ("old", "new", "field", "message"),
    [
        ("{term: Boast, meaning", "{term: Boast, meanings", "meanings", "unknown key"),
        ("{term: Boast, meaning", '{term: "[Boast]", meaning', "term", "without square"),
        ("{term: bout,", "{term:  stack,", "term", "the same term is already explained on line 6"),
        ("{term: Ruffians, meaning: ", "{term: Ruffians, meaning: '', old: ", "meaning", "empty"),
    ],
)
def test_glossary_problems_name_the_file_line_and_field(
    cards_copy: Path, edit: Edit, old: str, new: str, field: str, message: str
) -> None:
    glossary = cards_copy / "chin-music" / "glossary.yaml"
    edit(glossary, old, new)
    found = [p for p in problems_of(cards_copy) if p.field == field]
    assert len(found) == 1, problems_of(cards_copy)
    assert found[0].file.endswith("chin-music/glossary.yaml") and message in found[0].message
    assert found[0].line == line_of(glossary, new)


def test_a_glossary_without_its_list_is_named(cards_copy: Path) -> None:
    glossary = cards_copy / "chin-music" / "glossary.yaml"
    glossary.write_text("words:\n  - {term: Boast, meaning: A number.}\n", encoding="utf-8")
    problem = only(problems_of(cards_copy))
    assert problem.file.endswith("glossary.yaml")
    assert problem.message == "expected one key, 'terms', holding a list of terms; found keys words"
