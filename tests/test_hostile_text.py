"""Text from the card data is literal everywhere: the site (built for real by ``stage()``
and mkdocs, from a small catalog with stand-in kit pictures) and the PDF show what the
data says, character for character, whatever markup it looks like.

Probes of issue 33 (each of these failed before it):

- ``:icon-hit:`` in a facing card's text (``pnp site`` stopped: not an icon of the game);
- a ``}``, ``*`` or ``[`` in a card's text, which ended the lightbox's attribute list early
  and let the rest of it be read as Markdown;
- HTML in a card's text, which the lightbox put into the page as HTML;
- a suit symbol in a Chinchón joker's name, wrapped in its ink's ``<span>`` inside the
  picture's attributes of the generated components page;
- a game title holding quotes, a backslash, a colon, ``#``, braces, ``&``, ``*``, a
  leading ``-``, ``!``, ``%``, ``@``, a line break, a line separator and HTML: it broke
  the generated ``mkdocs.yml``, and mkdocs and its theme showed its HTML as HTML (the
  navigation, the page titles, the description);
- the same titles in the configuration and the front matter: written by the serializer,
  read back by mkdocs as they were.

Probes that held before and had no test: in a card's text or a deck's description, the
snippet line ``--8<--``, an abbreviation's definition, an attribute list ``{: .x }``,
emphasis, links, code, Jinja's ``{{ }}`` and ``{% %}`` (rendered once, never again), and
``<b>``, ``&amp;`` and ``<font>`` printed as written on the card in the PDF.
"""

from __future__ import annotations

import html
import shutil
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest
from mkdocs.utils import meta, yaml_load
from PIL import Image
from ruamel.yaml import YAML

from pnp.catalog import Catalog, load_catalog
from pnp.catalog.model import Side
from pnp.kit.faces import FaceOptions
from pnp.kit.images import deck_pdf
from pnp.site.build import build_site
from pnp.site.cards import Context
from pnp.site.config import NavGame, mkdocs_config
from pnp.site.images import side_path
from pnp.site.pages import NavPage, finish, hand_written
from pnp.site.text import yaml_text
from tests.conftest import CARDS, ROOT
from tests.pdfs import blank_pdf

pytestmark = pytest.mark.probe

#: Titles YAML gives meaning to, one special character (or several) each.
HOSTILE_TITLES = [
    'Say "Chin" \\ Music',
    "Chin: Music # not a comment",
    "{Chin} [Music] & *Joe* | bar",
    "- Chin Music",
    "! Chin",
    "% Chin",
    "@ Chin",
    "& anchor",
    "* alias",
    "'quoted'",
    "Chin\nMusic",
    "Chin\u2028Music\u2029",
    "null",
    "~",
    "yes",
    "ON",
    "=",
    "<<",
    "1.5",
    "0x1F",
    "1:20",
    "2001-01-01",
    "<b>Chin</b> &amp; Music",
    "Chin\u202eMusic",
]
#: The title of the game in the built site: every kind of character above at once.
TITLE = '- Chin "Music": \\ #1 {x} [y] & *z* ! % @ <b>bold</b> &amp; \u2028end'
ICON_TEXT = "Swing :icon-hit: twice."
MARKUP_TEXT = (
    "<b>bold</b> <script>alert(1)</script> *em* _u_ **strong** [link](https://example.org) "
    "`code` {{ 7 * 7 }} {% if true %}x{% endif %} &amp; {: .pwned } } ] ."
)
SNIPPET_LINE = '--8<-- "chin-music/bout.md"'
ABBREVIATION = "*[Boast]: a pwned abbreviation"
ATTRIBUTES = "{: #pwned .pwned }"
JOKER = "Joker ♥ of {hearts}"


def _set(path: Path, change: Callable[[Any], None]) -> None:
    yaml = YAML(typ="rt")
    data = yaml.load(path.read_text(encoding="utf-8"))
    change(data)
    with path.open("w", encoding="utf-8") as stream:
        yaml.dump(data, stream)


def _hostile_cards(cards: Path) -> None:
    for game in ("chin-music", "chinchon"):
        shutil.copytree(CARDS / game, cards / game)
    chin = cards / "chin-music"

    def game(data: Any) -> None:
        data["title"] = TITLE
        data["summary"] = ATTRIBUTES
        data["decks"]["facing"]["description"] = SNIPPET_LINE
        data["decks"]["bout"]["description"] = ABBREVIATION

    def facing(data: Any) -> None:
        data["cards"][0]["text"] = ICON_TEXT
        data["cards"][1]["text"] = MARKUP_TEXT

    def jokers(data: Any) -> None:
        data["cards"][0]["name"] = JOKER

    _set(chin / "game.yaml", game)
    _set(chin / "facing.yaml", facing)
    _set(cards / "chinchon" / "jokers.yaml", jokers)


def _stand_in_kit(catalog: Catalog, dist: Path) -> None:
    """What the site takes from the kit, drawn blank: each printed side and each PDF."""
    (dist / "pnp").mkdir(parents=True)
    for game in catalog.games:
        for deck in game.decks:
            for side in deck.sides():
                path = dist / "images" / side_path(game, deck, side).with_suffix(".png")
                path.parent.mkdir(parents=True, exist_ok=True)
                Image.new("RGB", (60, 84), "white").save(path)
    for name in [game.id for game in catalog.games] + ["kit"]:
        for paper in ("a4", "letter"):
            (dist / "pnp" / f"{name}-{paper}.pdf").write_bytes(blank_pdf())


def _project(project: Path) -> None:
    """The project's templates and the site's own files (each game's pages and look are
    in its folder of the cards)."""
    shutil.copytree(ROOT / "templates", project / "templates")
    site = project / "site"
    shutil.copytree(ROOT / "site" / "overrides", site / "overrides")
    shutil.copytree(ROOT / "site" / "docs" / "assets", site / "docs" / "assets")
    shutil.copy(ROOT / "site" / "site.yaml", site / "site.yaml")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Catalog, Path]:
    """The site of Chin Music and Chinchón, their data made hostile, built for real."""
    folder = tmp_path_factory.mktemp("hostile-site")
    _hostile_cards(folder / "cards")
    catalog = load_catalog(folder / "cards")
    _stand_in_kit(catalog, folder / "dist")
    _project(folder / "project")
    return catalog, build_site(catalog, folder / "project", folder / "dist", folder / "site")


class _Page(HTMLParser):
    """A built page as a reader meets it: its text, and its elements' attributes."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.words: list[str] = []
        self.elements: list[tuple[str, dict[str, str]]] = []
        self.title: list[str] = []
        self._skipping = 0
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, {name: value or "" for name, value in attrs}))
        self._skipping += tag in ("script", "style")
        self._in_title = tag == "title"

    def handle_endtag(self, tag: str) -> None:
        self._skipping -= tag in ("script", "style")
        self._in_title = False

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title.append(data)
        elif not self._skipping:
            self.words.append(data)

    @property
    def text(self) -> str:
        return squeezed("".join(self.words))

    def having(self, name: str) -> list[dict[str, str]]:
        return [attrs for _, attrs in self.elements if name in attrs]


def squeezed(text: str) -> str:
    return " ".join(text.split())


def pwned(parsed: _Page) -> list[tuple[str, dict[str, str]]]:
    """The elements the probes would have made: an id or class ``pwned``, an abbreviation
    defined by card text."""
    return [
        (tag, attrs)
        for tag, attrs in parsed.elements
        if attrs.get("id") == "pwned"
        or "pwned" in attrs.get("class", "").split()
        or (tag == "abbr" and "pwned" in attrs.get("title", ""))
    ]


def page(site: Path, path: str) -> _Page:
    parsed = _Page()
    parsed.feed((site / path).read_text(encoding="utf-8"))
    return parsed


def test_card_text_that_looks_like_markup_is_shown_as_written(
    built: tuple[Catalog, Path],
) -> None:
    _, site = built
    components = page(site, "chin-music/components/index.html")
    for text in (ICON_TEXT, MARKUP_TEXT, SNIPPET_LINE, ABBREVIATION):
        assert squeezed(text) in components.text, text
    raw = (site / "chin-music" / "components" / "index.html").read_text(encoding="utf-8")
    assert "<b>bold</b>" not in raw and "<script>alert" not in raw
    assert not pwned(components)
    # the snippet line did not pull the Bout table in a second time
    assert components.text.count("Boast (front)") == 1
    index = page(site, "chin-music/index.html")
    assert ATTRIBUTES in index.text
    assert not pwned(index)


def test_picture_attributes_hold_the_card_text_as_written(built: tuple[Catalog, Path]) -> None:
    catalog, site = built
    chin = catalog.game("chin-music")
    facing = chin.deck("facing")
    components = page(site, "chin-music/components/index.html")
    alts = {attrs["alt"] for attrs in components.having("alt")}
    links = components.having("data-description")
    # the lightbox sets its description as HTML: what it shows is the value read as HTML
    shown = {html.unescape(attrs["data-description"]) for attrs in links}
    assert all(attrs.get("class") == "glightbox" for attrs in links)
    for card in facing.cards:
        assert card.describe() in alts and card.describe() in shown
    joker = catalog.game("chinchon").deck("jokers").cards[0].describe()
    chinchon = page(site, "chinchon/components/index.html")
    assert joker in {attrs["alt"] for attrs in chinchon.having("alt")}
    shown = {
        html.unescape(attrs["data-description"]) for attrs in chinchon.having("data-description")
    }
    assert joker in shown


def test_a_title_yaml_and_html_give_meaning_to_is_shown_as_written(
    built: tuple[Catalog, Path],
) -> None:
    _, site = built
    title = squeezed(TITLE)
    rules = page(site, "chin-music/rules/index.html")
    assert squeezed("".join(rules.title)) == f"Rules reference · {title} - Print & play card games"
    home = page(site, "index.html")
    assert title in home.text  # the navigation and the game's tile
    assert squeezed("".join(page(site, "chin-music/index.html").title)).startswith(title)
    description = next(a["content"] for t, a in home.elements if a.get("name") == "description")
    assert squeezed(description) == squeezed(
        f"Rules, card lists and print-and-play kits for {TITLE}, Chinchón."
    )
    assert "<b>bold</b>" not in (site / "index.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("title", HOSTILE_TITLES)
def test_the_configuration_reads_back_every_title(title: str) -> None:
    pages = [NavPage("rules.md", "Rules reference")]
    games = [NavGame("chin-music", title, pages), NavGame("chinchon", "Chinchón", pages)]
    config = mkdocs_config(games, False, "/site", "/includes", "/overrides")
    loaded = yaml_load(yaml_text(config))  # as mkdocs reads it
    assert loaded == config
    label, entries = next(iter(loaded["nav"][1].items()))
    assert html.unescape(label) == title  # HTML text: the theme shows it as written
    assert entries == ["chin-music/index.md", {"Rules reference": "chin-music/rules.md"}]
    assert html.unescape(loaded["site_description"]).endswith(f"{title}, Chinchón.")


@pytest.mark.parametrize("title", HOSTILE_TITLES)
def test_front_matter_reads_back_every_title(tmp_path: Path, title: str) -> None:
    folder = tmp_path / "chin-music"
    folder.mkdir()
    (folder / "rules.md").write_text("---\nsearch: {boost: 2}\n---\n# Rules\n")
    (folder / "index.md").write_text("# Generated\n")
    context = Context(load_catalog(CARDS).game("chin-music"))
    finish(tmp_path, {"chin-music": title}, {"chin-music": context}, hand_written(tmp_path))
    for name, expected in (("rules.md", f"Rules reference · {title}"), ("index.md", title)):
        found, data = meta.get_data((folder / name).read_text(encoding="utf-8"))
        assert html.unescape(data["title"]) == expected and data["game"] == "chin-music"
        assert found.startswith("# ")
    assert meta.get_data((folder / "rules.md").read_text())[1]["search"] == {"boost": 2}


def test_markup_in_card_text_is_printed_as_written_in_the_pdf(tmp_path: Path) -> None:
    cards = tmp_path / "cards"
    shutil.copytree(CARDS / "chin-music", cards / "chin-music")
    text = '<b>x</b> &amp; <font name="Courier">y</font> <br/> z'

    def facing(data: Any) -> None:
        data["cards"][1]["text"] = text

    _set(cards / "chin-music" / "facing.yaml", facing)
    game = load_catalog(cards).game("chin-music")
    deck = game.deck("facing")
    faces = [Side(deck.cards[1], "front")]
    document = pdfium.PdfDocument(deck_pdf(game, deck, faces, 3.0, FaceOptions()))
    try:
        printed = "".join(page.get_textpage().get_text_range() for page in document)
    finally:
        document.close()
    assert "".join(text.split()) in "".join(printed.split())
