"""The hand-written pages and the generated card tables (no build needed)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pnp.catalog import Game, load_catalog
from pnp.catalog.folders import PAGE_FILES
from pnp.site.build import REPORT_SNIPPETS
from pnp.site.cards import Context
from pnp.site.icons import IconPicture
from pnp.site.images import Picture
from pnp.site.pages import GAME_PAGES, PageError, finish, hand_written
from pnp.site.presenters.chinchon import suit_symbols
from pnp.site.tables import size_words, snippets, table, when_used
from pnp.site.text import md
from tests.conftest import CARDS, ROOT

DOCS = ROOT / "site" / "docs"
PAGES = ("learn", "rules", "variants", "clarifications")


def pages_of(game_id: str) -> Path:
    """The folder of a game's hand-written rules pages."""
    return CARDS / game_id / "pages"


@pytest.fixture(scope="module")
def games() -> tuple[Game, ...]:
    return load_catalog(CARDS).games


def test_every_game_has_its_four_hand_written_pages(games: tuple[Game, ...]) -> None:
    for game in games:
        for page in PAGES:
            text = (pages_of(game.id) / f"{page}.md").read_text(encoding="utf-8")
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
        for page in sorted(pages_of(game.id).glob("*.md")):
            rows = [
                line
                for line in page.read_text(encoding="utf-8").splitlines()
                if line.startswith("|") and any(name in line for name in names)
            ]
            assert len(rows) <= 8, (page.name, rows)


def _pictures(game: Game) -> dict[tuple[str, str], Picture]:
    """Stand-in pictures for every printed side (the real ones need the kit)."""
    return {
        (deck.id, side.name): Picture(
            f"{side.name}.webp", f"{side.name}-large.webp", 360, 503, 744, 1039
        )
        for deck in game.decks
        for side in deck.sides()
    }


def test_snippets_named_by_pages_exist_for_the_game(games: tuple[Game, ...]) -> None:
    by_id = {
        game.id: {name for name, _ in snippets(game, Context(game), _pictures(game))}
        for game in games
    }
    for game in games:  # a game in beta also gets the snippets made from the playtest report
        if any(table.spec.kind == "jb-decision" for table in game.tables):
            by_id[game.id] |= set(REPORT_SNIPPETS)
    for page in CARDS.glob("*/pages/*.md"):
        for target in re.findall(r'--8<-- "([^"]+)"', page.read_text(encoding="utf-8")):
            game, name = target.split("/", 1)
            assert name in by_id[game], (page, target)


def test_bout_table_reads_word_boast_and_ruffians_without_a_copies_column_of_ones(
    games: tuple[Game, ...],
) -> None:
    chin_music = next(game for game in games if game.id == "chin-music")
    bout = chin_music.deck("bout")
    lines = table(Context(chin_music), "bout", bout.cards).splitlines()
    assert lines[0] == "| Word | Boast (front) | Ruffians (back) |"
    assert len(lines) == 2 + 36
    first = bout.cards[0]
    link = f"[{md(first.word)}](components.md#card-bout-{first.id})"
    assert lines[2] == f"| {link} | {first.boast} | {first.ruffians} |"


def test_copies_are_shown_when_a_card_is_printed_more_than_once(games: tuple[Game, ...]) -> None:
    joes_bar = next(game for game in games if game.id == "joes-bar")
    action = joes_bar.deck("action")
    lines = table(Context(joes_bar), "action", action.cards).splitlines()
    assert lines[0].endswith("| Copies |")
    assert lines[2].endswith(f"| {action.cards[0].count} |")


def _cells(markdown: str) -> list[list[str]]:
    rows = [line for line in markdown.splitlines() if line.startswith("|")]
    return [[cell.strip() for cell in re.split(r"(?<!\\)\|", row)[1:-1]] for row in rows[2:]]


def _internal_words(game: Game) -> set[str]:
    """Every hyphenated id the data holds (card, entry and value ids such as until-album),
    less the hyphenated words its prose uses as English ("a last-resort draw")."""
    words: set[str] = set()
    prose: set[str] = set()

    def walk(value: object) -> None:
        if isinstance(value, dict):
            for inner in value.values():
                walk(inner)
        elif isinstance(value, (list, tuple)):
            for inner in value:
                walk(inner)
        elif isinstance(value, str) and re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)+", value):
            words.add(value)
        elif isinstance(value, str):
            prose.update(re.findall(r"[a-z0-9]+(?:-[a-z0-9]+)+", value))

    for deck in game.decks:
        for card in deck.cards:
            walk(card.model_dump())
    for part in game.tables:
        for entry in part.entries:
            walk(entry.model_dump())
    return words - prose


def test_tables_show_no_internal_ids_colours_or_raw_numbers(games: tuple[Game, ...]) -> None:
    """What a player reads: no id such as until-album or road-crew, no "#c0262d", no
    "63.0", no empty header row, and few enough columns to scan."""
    for game in games:
        internal = _internal_words(game)
        assert internal, game.id
        for name, text in snippets(game):
            visible = re.sub(r"\]\([^)]*\)", "]", text)  # link targets are not read
            lines = [line for line in visible.splitlines() if line.startswith("|")]
            assert lines, (game.id, name)
            assert lines[0].replace("|", "").strip(), (game.id, name, "empty header row")
            assert len(_cells(text + "\n")[0] if _cells(text) else []) <= 6, (game.id, name)
            assert not re.search(r"#[0-9a-fA-F]{6}|\d\.0\b", visible), (game.id, name)
            for row in _cells(visible):
                for cell in row:
                    words = set(re.findall(r"[a-z0-9]+(?:-[a-z0-9]+)+", cell))
                    assert not words & internal, (game.id, name, cell)


def test_decks_say_when_they_are_used_in_a_players_words(games: tuple[Game, ...]) -> None:
    chinchon = next(game for game in games if game.id == "chinchon")
    joes_bar = next(game for game in games if game.id == "joes-bar")
    assert when_used(chinchon, chinchon.deck("main")) == "always"
    assert when_used(chinchon, chinchon.deck("jokers")) == "only with the Jokers variant"
    assert when_used(joes_bar, joes_bar.deck("swoosh")) == (
        "only with the older draft's rule on swoosh cards"
    )
    assert size_words(chinchon.deck("main")) == "63 \N{MULTIPLICATION SIGN} 88 mm (poker size)"


def test_chinchon_cards_are_named_by_rank_and_suit(games: tuple[Game, ...]) -> None:
    chinchon = next(game for game in games if game.id == "chinchon")
    context = Context(chinchon)
    assert context.name(chinchon.deck("main").card("q-hearts")) == "Queen of Hearts"
    suits = table(context, "main", chinchon.deck("main").cards)
    assert '<span class="suit suit--hearts">' in suits and "Copas" in suits


def test_generated_cells_are_escaped() -> None:
    from pnp.catalog.schemas.chin_music import FacingCard

    card = FacingCard(id="x", name="<b>|x|</b>", text="t")
    game = load_catalog(CARDS).game("chin-music")
    row = table(Context(game), "facing", [card]).splitlines()[2]
    assert "<b>" not in row and "&lt;b&gt;" in row
    assert len(re.split(r"(?<!\\)\|", row)) == 4  # the pipes inside the name are escaped


def test_text_is_escaped_once_and_apostrophes_stay_apostrophes() -> None:
    assert md("Joe's Bar") == "Joe's Bar"
    assert md("Singles & EPs") == "Singles &amp; EPs"
    assert md("a &#x27; b") == "a &amp;\\#x27; b"  # shown as written, not decoded
    assert "&#" not in md("Bee's Knees, Working Men's Club, Satan's Accountants")


def test_every_deck_and_table_has_its_snippet(games: tuple[Game, ...]) -> None:
    for game in games:
        names = {name for name, _ in snippets(game)}
        wanted = {"decks.md"} | {f"{d.id}.md" for d in game.decks}
        wanted |= {f"{t.id}.md" for t in game.tables}
        assert wanted <= names, (game.id, wanted - names)
    music = next(game for game in games if game.id == "music-game-thingy")
    assert "action-records.md" in {name for name, _ in snippets(music)}


def test_icon_words_in_pages_must_be_icons_of_the_game(tmp_path: Path) -> None:
    game = load_catalog(CARDS).game("joes-bar")
    folder = tmp_path / "joes-bar"
    folder.mkdir()
    (folder / "rules.md").write_text("# Rules\n\nA :icon-hit: HIT and a :icon-kick: kick.\n")
    hit = IconPicture("hit", "Hit", "One punch.", "images/joes-bar/icons/hit.png", False)
    context = Context(game, {"hit": hit})
    with pytest.raises(PageError, match="icon-kick"):
        finish(tmp_path, {"joes-bar": game.title}, {"joes-bar": context}, hand_written(tmp_path))


def test_pages_get_a_title_that_names_their_game(tmp_path: Path) -> None:
    folder = tmp_path / "chinchon"
    folder.mkdir()
    (folder / "rules.md").write_text("# Chinchón rules reference\n\nText.\n")
    (folder / "index.md").write_text("# Chinchón\n")
    game = load_catalog(CARDS).game("chinchon")
    finish(tmp_path, {"chinchon": game.title}, {"chinchon": Context(game)}, hand_written(tmp_path))
    rules = (folder / "rules.md").read_text()
    assert rules.startswith('---\ntitle: "Rules reference · Chinchón"\ngame: "chinchon"\n---\n')
    assert (folder / "index.md").read_text().startswith('---\ntitle: "Chinchón"\n')


def test_docs_folder_has_no_stray_generated_files() -> None:
    generated = {"index.md", "components.md", "decisions.md"}
    for folder in [*DOCS.iterdir(), *CARDS.glob("*/pages")]:
        if folder.is_dir() and folder.name != "assets":
            assert not generated & {p.name for p in folder.glob("*.md")}, folder
    assert not (DOCS / "index.md").exists()
    # the tool's own docs hold its assets only: every game's pages are in its folder
    assert [path.name for path in DOCS.iterdir()] == ["assets"]


def test_suit_symbols_in_the_rules_take_their_ink_but_not_in_code(tmp_path: Path) -> None:
    folder = tmp_path / "chinchon"
    folder.mkdir()
    page = folder / "rules.md"
    page.write_text("# Runs\n\n6♥ 7♥ J♥ is a run; write it `6♥`.\n")
    game = load_catalog(CARDS).game("chinchon")
    context = Context(game, symbols=suit_symbols(game))
    finish(tmp_path, {"chinchon": game.title}, {"chinchon": context}, hand_written(tmp_path))
    text = page.read_text()
    assert text.count('<span class="suit suit--hearts">♥</span>') == 3
    assert "`6♥`" in text


def test_every_page_a_game_may_write_has_its_place_in_the_navigation() -> None:
    labels = dict(GAME_PAGES)
    assert all(labels.get(page) for page in PAGE_FILES), PAGE_FILES
    assert [page for page, _ in GAME_PAGES if page in PAGE_FILES] == list(PAGE_FILES)
