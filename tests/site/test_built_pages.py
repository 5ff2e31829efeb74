"""The built site read as files, as a reader would see it: no HTML codes in the visible
text, pictures with their sizes and a large version, titles that name the game, the
glossary indexed term by term, fonts and search that need no other server."""

from __future__ import annotations

import html
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from PIL import Image

from pnp.catalog import load_catalog
from tests.conftest import CARDS

#: An HTML character reference left in text that has already been decoded once.
ENTITY = re.compile(r"&(#x?[0-9a-fA-F]+|[a-zA-Z][a-zA-Z0-9]{1,31});|&\\#")


class _Visible(HTMLParser):
    """The text a reader sees: text nodes outside scripts and styles, the page title,
    and the attributes shown as text (alt, title, aria-label, placeholder)."""

    SHOWN = ("alt", "title", "aria-label", "placeholder")
    #: Attributes a script puts into the page as HTML (glightbox's caption, innerHTML):
    #: what shows is the value read as HTML once more.
    AS_HTML = ("data-description",)

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._hidden += 1
        for name, value in attrs:
            if name in self.SHOWN and value:
                self.texts.append(value)
            elif name in self.AS_HTML and value:
                self.texts.append(html.unescape(re.sub(r"<[^>]*>", "", value)))

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._hidden = max(0, self._hidden - 1)

    def handle_data(self, data: str) -> None:
        if not self._hidden and data.strip():
            self.texts.append(data)


@pytest.mark.parametrize("name", ["site", "site-offline"])
def test_no_page_shows_an_html_code(kit: Path, name: str) -> None:
    """ "Joe&#x27;s Bar" in a header or a caption is an escaping done twice."""
    site = kit / name
    pages = sorted(site.rglob("*.html"))
    assert len(pages) >= 25
    shown = []
    for page in pages:
        parser = _Visible()
        parser.feed(page.read_text(encoding="utf-8"))
        shown += [(page.relative_to(site), text) for text in parser.texts if ENTITY.search(text)]
    assert shown == []
    joined = " ".join(_visible_texts(site / ("index.html")))
    assert "Joe's Bar" in joined  # the apostrophe is there, as itself


def test_no_page_shows_markdown_it_did_not_read(kit: Path) -> None:
    """A heading or a table that Markdown did not take (a "## " left in a table cell when
    the table above it was not closed by a blank line) shows its marks to the reader."""
    site = kit / "site"
    shown = [
        (page.relative_to(site), text)
        for page in sorted(site.rglob("*.html"))
        for text in _visible_texts(page)
        if text.lstrip().startswith(("## ", "### ")) or text.strip().startswith("|---")
    ]
    assert shown == []


def _visible_texts(page: Path) -> list[str]:
    parser = _Visible()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser.texts


def test_search_results_are_plain_text_that_names_the_game(kit: Path) -> None:
    index = json.loads((kit / "site" / "search" / "search_index.json").read_text("utf-8"))
    catalog = load_catalog(CARDS)
    by_location = {entry["location"]: entry for entry in index["docs"]}
    for game in catalog.games:
        for page in ("rules", "clarifications", "learn", "components"):
            entry = by_location[f"{game.id}/{page}/"]
            assert game.title in entry["title"], entry
    for entry in index["docs"]:
        decoded = re.sub(r"&(amp|lt|gt|quot);", "", entry["title"])
        assert not ENTITY.search(decoded), entry["title"]


def test_the_glossary_is_indexed_term_by_term(kit: Path) -> None:
    index = json.loads((kit / "site" / "search" / "search_index.json").read_text("utf-8"))
    glossary = [entry for entry in index["docs"] if entry["location"].startswith("glossary/#")]
    titles = {entry["title"] for entry in glossary}
    for term in ("Boast", "Booze Level", "chinchón", "Rich Bastard", "meld"):
        assert term in titles, term
    assert max(len(entry["text"]) for entry in glossary) < 400  # no page-long blob


class _Images(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.images: list[dict[str, str | None]] = []
        self.links: list[dict[str, str | None]] = []
        self._link: dict[str, str | None] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "a":
            self._link = values
        if tag == "img":
            self.images.append({**values, "link": (self._link or {}).get("href")})

    def handle_endtag(self, tag: str) -> None:
        if tag == "a":
            self._link = None


def test_card_pictures_have_their_size_and_open_the_whole_card(kit: Path) -> None:
    """Every picture in a page says its size (the page does not move as it loads), and
    every card picture links to a large picture of the whole card for the lightbox."""
    site = kit / "site"
    checked = 0
    for page in sorted(site.rglob("index.html")):
        parser = _Images()
        parser.feed(page.read_text(encoding="utf-8"))
        for image in parser.images:
            src = image.get("src") or ""
            if "/images/" not in f"/{src}" or "/icons/" in src:
                continue
            assert image.get("width") and image.get("height"), (page, src)
            link = image["link"]
            if "-large.webp" not in (link or ""):
                continue
            large = (page.parent / str(link)).resolve()
            printed = kit / "images" / large.relative_to(site / "images").parent
            printed = printed / large.name.replace("-large.webp", ".png")
            with Image.open(printed) as kit_image, Image.open(large) as whole:
                assert whole.size == kit_image.size, (page, link)  # the kit's 300 dpi
                ratio = whole.width / whole.height
                assert abs(ratio - int(str(image["width"])) / int(str(image["height"]))) < 0.02
            checked += 1
    sides = sum(
        len(list(deck.sides())) for game in load_catalog(CARDS).games for deck in game.decks
    )
    assert checked >= sides  # every printed side, on its components page at least


def test_the_icon_language_is_shown_as_the_cards_draw_it(kit: Path) -> None:
    icons = sorted((kit / "site" / "images" / "joes-bar" / "icons").glob("*.png"))
    assert {icon.stem for icon in icons} == {
        "hit", "reach", "chain", "gulp", "rob", "poison", "interrupt", "swoosh"
    }  # fmt: skip
    for icon in icons:
        with Image.open(icon) as picture:
            assert picture.mode == "RGBA" and picture.width == picture.height
            assert picture.getpixel((0, 0))[3] == 0  # cut out round
            saturation = picture.convert("RGB").convert("HSV").getchannel("S")
            neon = sum(saturation.histogram()[151:])
            assert neon > 0.15 * picture.width * picture.height, icon  # the badge's neon
    rules = (kit / "site" / "joes-bar" / "rules" / "index.html").read_text("utf-8")
    assert rules.count('class="card-icon"') >= 8
    assert ":icon-" not in rules


def test_fonts_and_search_need_no_other_server(kit: Path) -> None:
    offline = kit / "site-offline"
    fonts = offline / "assets" / "fonts"
    assert {path.name for path in fonts.glob("*.woff")} == {
        "FjallaOne-Regular.woff", "SourceSansPro-Regular.woff", "SourceSansPro-It.woff",
        "SourceSansPro-Bold.woff",
    }  # fmt: skip
    for licence in ("FjallaOne-LICENSE.txt", "SourceSansPro-LICENSE.txt"):
        assert "SIL Open Font License" in (fonts / licence).read_text("utf-8")
    for page in sorted(offline.rglob("*.html")):
        html = page.read_text(encoding="utf-8")
        loaded = re.findall(r'<(?:script|link|img)\b[^>]*(?:src|href)="(https?://[^"]+)"', html)
        assert loaded == [], (page, loaded)
    assert "iframe-worker-offline.js" in (offline / "index.html").read_text("utf-8")


def test_the_home_page_shows_every_game_and_whose_it_is(kit: Path) -> None:
    home = (kit / "site" / "index.html").read_text(encoding="utf-8")
    for game in load_catalog(CARDS).games:
        assert f"pnp-tile--{game.id}" in home
        assert f"images/{game.id}/" in home
    assert 'id="permissions"' in home
    for credit in ("Talen Lee", "Chris M. Bateman", "Naipes Heraclio Fournier", "Open Font"):
        assert credit in home


def test_a_kit_build_fills_in_every_decision_and_the_pacing_table(kit: Path) -> None:
    """`pnp kit` plays the decision evidence and the pages show it: no "Not measured" box
    is left, each decision's sentence names its games and seed, and report.json keeps it."""
    decisions = load_catalog(CARDS).game("joes-bar").table("decisions").entries
    report = json.loads((kit / "verify" / "report.json").read_text(encoding="utf-8"))
    (evidence,) = [game["evidence"] for game in report["games"] if game["id"] == "joes-bar"]
    assert [decision["id"] for decision in evidence["decisions"]] == [
        entry.id for entry in decisions
    ]
    named = f"(10 games a side at each of 3, 4 and 5 players, seed {evidence['seed']})"
    for name, page in (("site", "{}/index.html"), ("site-offline", "{}.html")):
        decided = (kit / name / "joes-bar" / page.format("decisions")).read_text("utf-8")
        assert "Not measured" not in decided
        assert decided.count(named) == len(decisions) + 1, name  # and the whole older draft
        variants = (kit / name / "joes-bar" / page.format("variants")).read_text("utf-8")
        assert "Not measured" not in variants and "180 to 300 s" in variants
