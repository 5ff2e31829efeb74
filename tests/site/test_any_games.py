"""``pnp site`` and ``pnp kit`` for any set of games: a game is one folder, so a game
removed from the cards leaves no trace, a game added as a folder (without rules pages,
engine, glossary or look) joins the home page, the navigation and the downloads with its
own look, and one game's kit builds on its own. No page links to a page that is not
made, and a hand-written link to a missing page stops the build naming it."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from ruamel.yaml import YAML

from pnp.catalog import load_catalog
from pnp.site.looks import game_look
from tests.conftest import CARDS, ROOT
from tests.site.links import broken_links

#: The lightest kit that still builds every part (the playtest played a little).
LIGHT = ["--verify-games", "2", "--ratings", "0", "--evidence", "0"]
LIGHT += ["--no-export", "--no-alternatives"]
#: The new game: Chin Music's cards under another name, with nothing optional.
NEW = "tavern-talk"
NEW_TITLE = "Tavern Talk"


def pnp(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pnp", *args],
        cwd=ROOT, capture_output=True, text=True, check=False, timeout=900,
    )  # fmt: skip


def new_game(cards: Path) -> Path:
    """A game folder made from Chin Music's game.yaml, card lists and layouts (its kinds
    are built in, their look is Chin Music's data), renamed, with no rules pages, engine,
    glossary, tables, source or site look."""
    folder = cards / NEW
    folder.mkdir(parents=True)
    for name in ("bout.yaml", "facing.yaml", "layouts.yaml"):
        shutil.copyfile(CARDS / "chin-music" / name, folder / name)
    yaml = YAML(typ="rt")
    data = yaml.load((CARDS / "chin-music" / "game.yaml").read_text(encoding="utf-8"))
    for optional in ("subtitle", "source", "tables", "site"):
        del data[optional]
    data["title"] = NEW_TITLE
    data["summary"] = "An original game of tall tales told over a pint."
    data["credits"] = [{"name": "A. Newcomer", "role": "Game design"}]
    with (folder / "game.yaml").open("w", encoding="utf-8") as stream:
        yaml.dump(data, stream)
    return folder


def site_text(site: Path) -> str:
    """What the site says: its pages, its search index and the style sheet of the games."""
    files = [path for path in sorted(site.rglob("*")) if path.suffix in (".html", ".json")]
    files.append(site / "assets" / "stylesheets" / "games.css")
    return "\n".join(path.read_text(encoding="utf-8") for path in files)


@pytest.fixture(scope="module")
def added(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The kit of Chin Music and the new game, built by ``pnp kit``."""
    folder = tmp_path_factory.mktemp("added")
    shutil.copytree(CARDS / "chin-music", folder / "cards" / "chin-music")
    new_game(folder / "cards")
    done = pnp("kit", "--cards", str(folder / "cards"), "--out", str(folder / "dist"), *LIGHT)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-3000:]
    return folder


def test_a_game_added_as_a_folder_is_on_the_home_page_in_the_nav_and_downloads(
    added: Path,
) -> None:
    site = added / "dist" / "site"
    home = (site / "index.html").read_text(encoding="utf-8")
    tile = home[home.index(f'class="pnp-tile pnp-tile--{NEW}"') :]
    tile = tile[: tile.index("</section>")]
    assert f'href="{NEW}/"' in tile and NEW_TITLE in tile
    assert len(re.findall(rf'src="images/{NEW}/bout/[a-z0-9-]+-front\.webp"', tile)) == 3
    assert f"{NEW}/learn/" not in tile and f"{NEW}/rules/" not in tile  # no rules pages
    assert f'href="{NEW}/components/"' in tile
    assert "Two card games to print" in home
    nav = re.findall(r'class="md-tabs__link[^"]*"[^>]*>\s*([^<]+?)\s*<', home)
    assert nav == ["Home", "Chin Music", NEW_TITLE, "Downloads", "Glossary"]
    downloads = (site / "downloads" / "index.html").read_text(encoding="utf-8")
    for name in (NEW, "chin-music", "kit"):
        for paper in ("a4", "letter"):
            assert f'href="{name}-{paper}.pdf"' in downloads, (name, paper)
            assert (site / "downloads" / f"{name}-{paper}.pdf").is_file()
    assert f'href="{NEW}-booklet-a4.pdf"' in downloads


def test_the_added_game_has_its_own_look_from_its_cards(added: Path) -> None:
    game = load_catalog(added / "cards").game(NEW)
    look = game_look(game)
    assert look.colour == game.deck("bout").spec.back.colour and look.rights is None
    sheet = (added / "dist" / "site" / "assets" / "stylesheets" / "games.css").read_text()
    block = sheet[sheet.index(f"body:has(.pnp-game--{NEW}) {{") :]
    block = block[: block.index("}")]
    assert f"--md-primary-fg-color: {look.colour};" in block
    assert f"linear-gradient(90deg, {look.stripe[0]} 0.0%" in block
    assert f".pnp-tile--{NEW} {{" in sheet


def test_a_game_gets_only_the_pages_it_has(added: Path) -> None:
    site = added / "dist" / "site"
    assert {path.name for path in (site / NEW).iterdir() if path.is_dir()} == {"components"}
    chin = {path.name for path in (site / "chin-music").iterdir() if path.is_dir()}
    assert {"learn", "rules", "variants", "clarifications", "playtest"} <= chin
    page = (site / NEW / "index.html").read_text(encoding="utf-8")
    assert "Print and play" in page and "Read the rules" not in page
    assert "Rules source" not in page and "note on permissions" not in page
    assert "A. Newcomer" in page
    home = (site / "index.html").read_text(encoding="utf-8")  # whose games: theirs only
    assert "<strong>Chin Music.</strong>" in home and f"<strong>{NEW_TITLE}.</strong>" not in home
    glossary = (site / "glossary" / "index.html").read_text(encoding="utf-8")
    assert re.findall(r'<h2 id="([^"]+)"', glossary) == ["chin-music"]  # no empty section
    assert 'id="chin-music-boast"' in glossary
    for name in ("site", "site-offline"):
        assert broken_links(added / "dist" / name) == [], name


def test_a_link_to_a_page_the_game_does_not_have_stops_the_site(
    added: Path, tmp_path: Path
) -> None:
    cards = tmp_path / "cards"
    shutil.copytree(added / "cards", cards)
    (cards / NEW / "pages").mkdir()
    (cards / NEW / "pages" / "rules.md").write_text(
        "# Rules\n\nSee the [beta or older draft](decisions.md).\n", encoding="utf-8"
    )
    out = tmp_path / "site"
    done = pnp("site", "--cards", str(cards), "--kit", str(added / "dist"), "--out", str(out))
    assert done.returncode == 1 and "Traceback" not in done.stderr
    page = cards / NEW / "pages" / "rules.md"  # named where a person can correct it
    assert f"Doc file '{page}' contains a link 'decisions.md'" in done.stderr, done.stderr
    assert not out.exists()


def test_one_games_kit_builds_end_to_end_alone(tmp_path: Path) -> None:
    """Chin Music alone through ``pnp kit``: no other game's kit, page or word."""
    cards = tmp_path / "cards"
    shutil.copytree(CARDS / "chin-music", cards / "chin-music")
    out = tmp_path / "dist"
    done = pnp("kit", "--cards", str(cards), "--out", str(out), *LIGHT)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-3000:]
    site = out / "site"
    home = (site / "index.html").read_text(encoding="utf-8")
    assert "A card game to print" in home
    downloads = (site / "downloads" / "index.html").read_text(encoding="utf-8")
    assert "chin-music-a4.pdf" in downloads and "Every game" not in downloads
    assert "Verdict: pass" in (site / "chin-music" / "playtest" / "index.html").read_text()
    text = site_text(site)
    for other in ("chinchon", "Chinchón", "joes-bar", "Joe", "music-game-thingy", "Thingy"):
        assert other not in text, other
    assert broken_links(site) == []


def test_a_game_removed_from_the_cards_leaves_no_trace(tmp_path: Path) -> None:
    """The cards without Joe's Bar validate, build (on A4 only) and make a site that
    never names it; the downloads offer what was built."""
    cards = tmp_path / "cards"
    shutil.copytree(CARDS, cards, ignore=shutil.ignore_patterns("joes-bar"))
    out = tmp_path / "dist"
    for command in (
        ["validate", "--cards", str(cards)],
        ["build", "--cards", str(cards), "--out", str(out), "--paper", "a4"],
        ["site", "--cards", str(cards), "--kit", str(out), "--out", str(out / "site")],
    ):
        done = pnp(*command)
        assert done.returncode == 0, (command[0], done.stdout[-2000:], done.stderr[-3000:])
    site = out / "site"
    assert not (site / "joes-bar").exists()
    text = site_text(site)
    for trace in ("joes-bar", "Joe's Bar", "Joe&#39;s Bar", "Joe&#x27;s Bar", "Booze Level"):
        assert trace not in text, trace
    assert "Three card games to print" in (site / "index.html").read_text(encoding="utf-8")
    downloads = (site / "downloads" / "index.html").read_text(encoding="utf-8")
    assert "kit-a4.pdf" in downloads and "not built" in downloads  # no US Letter
    assert "kit-letter.pdf" not in downloads
    assert broken_links(site) == []
