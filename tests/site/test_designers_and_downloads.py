"""The pages for designers and the downloads page of the built site: the decisions and
playtest pages under "Designer's notes", opening plainly, their methods in a collapsed
part and their tables fitting a phone; numbers with a true minus and no negative zero;
every file offered with the picture of its first page, its pages, cards and paper."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2
import pytest

from pnp.catalog import load_catalog
from pnp.site.config import NavGame, mkdocs_config
from pnp.site.errors import SiteError
from pnp.site.pages import DESIGNERS_HEADING, NavPage
from pnp.site.thumbnails import thumbnail
from tests.conftest import CARDS
from tests.site.test_built_pages import _Visible

#: The designers' pages of the built kit (Joe's Bar is the game in beta).
DESIGNERS = ["joes-bar/decisions/index.html", "joes-bar/playtest/index.html",
             "chin-music/playtest/index.html"]  # fmt: skip
METHODS = ("Wilson", "Newcombe", "Welch")


def _visible(html: str) -> str:
    parser = _Visible()
    parser.feed(html)
    return " ".join(parser.texts)


def _article(page: Path) -> str:
    text = page.read_text(encoding="utf-8")
    return text[text.index("<article") : text.index("</article>")]


def test_the_designers_pages_sit_under_designers_notes_after_the_players_pages() -> None:
    pages = [
        NavPage("learn.md", "Learn to play"),
        NavPage("decisions.md", "Beta or older draft"),
        NavPage("playtest.md", "Playtest report"),
        NavPage("components.md", "Components"),
    ]
    config = mkdocs_config([NavGame("jb", "Joe's Bar", pages)], False, "site", "inc", "over")
    game = next(entry["Joe's Bar"] for entry in config["nav"] if "Joe's Bar" in entry)
    assert game[:3] == ["jb/index.md", {"Learn to play": "jb/learn.md"},
                        {"Components": "jb/components.md"}]  # fmt: skip
    assert game[3] == {
        DESIGNERS_HEADING: [
            {"Beta or older draft": "jb/decisions.md"},
            {"Playtest report": "jb/playtest.md"},
        ]
    }


@pytest.mark.parametrize("name", DESIGNERS)
def test_a_designers_page_opens_plainly_and_keeps_its_methods_folded(kit: Path, name: str) -> None:
    page = kit / "site" / name
    html = page.read_text(encoding="utf-8")
    nav = html[html.index('class="md-nav md-nav--primary') : html.index("<article")]
    assert DESIGNERS_HEADING in _visible(nav)
    article = _article(page)
    opening = _visible(article[article.index("</h1>") : article.index("</p>")])
    assert opening.startswith("For designers"), opening
    folded = re.findall(r"<details class=\"note\">(.*?)</details>", article, re.DOTALL)
    assert len(folded) == 1 and "How this was measured" in folded[0]
    outside = _visible(re.sub(r"<details.*?</details>", "", article, flags=re.DOTALL))
    for method in METHODS:
        assert method not in outside, (name, method)
    assert "Wilson" in _visible(folded[0])
    if "decisions" in name:
        assert all(method in _visible(folded[0]) for method in METHODS)


#: A number printed with a hyphen for its minus; a negative zero ("-0.00", "-0 points").
HYPHEN_MINUS = re.compile(r"(?<![\w)\]])-\d")
NEGATIVE_ZERO = re.compile(r"(?<![\w.])[-\u2212]0(?:\.0+)?(?![.\d])")  # not a range "0-0%"


def test_numbers_have_a_true_minus_and_no_negative_zero(kit: Path) -> None:
    site = kit / "site"
    pages = [site / name for name in DESIGNERS] + sorted(site.glob("*/variants/index.html"))
    minus = 0
    for page in pages:
        text = _visible(_article(page))
        assert not HYPHEN_MINUS.findall(text), (page, HYPHEN_MINUS.findall(text)[:5])
        assert not NEGATIVE_ZERO.findall(text), (page, NEGATIVE_ZERO.findall(text)[:5])
        minus += text.count("\u2212")
    assert minus > 0  # the decisions page has differences below zero


def test_the_designers_tables_fit_a_phone(browser: object, served: str) -> None:
    """At 390 x 844, no table of a designer's page is wider than the page, and each row
    of them reads down (its cells one under another), not three columns side by side."""
    context = browser.new_context(viewport={"width": 390, "height": 844})  # type: ignore[attr-defined]
    try:
        page = context.new_page()
        for name in DESIGNERS:
            page.goto(served + name)
            page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")
            found = page.evaluate("""() => [...document.querySelectorAll("article table")]
              .filter(table => table.getClientRects().length)
              .map(table => ({
                wide: table.getBoundingClientRect().right > document.documentElement.clientWidth,
                rows: [...table.querySelectorAll("tbody tr")].map(row =>
                  new Set([...row.children].filter(cell => cell.getClientRects().length)
                    .map(cell => Math.round(cell.getBoundingClientRect().left))).size),
              }))""")
            assert found, name
            for table in found:
                assert not table["wide"], name
                assert set(table["rows"]) == {1}, (name, table["rows"])
    finally:
        context.close()


def test_every_file_offered_shows_its_first_page_pages_cards_and_paper(kit: Path) -> None:
    site = kit / "site" / "downloads"
    html = (site / "index.html").read_text(encoding="utf-8")
    article = _article(site / "index.html")
    first = re.search(r"<h2 id=\"([^\"]+)\"", article)
    assert first and first.group(1) == "what-to-print"  # the guide comes first
    guide = _visible(article[: article.index('id="the-kits"')]).lower()
    for words in ("a4 or us letter", "actual size", "long edge", "crop marks", "sleeve"):
        assert words in guide, words
    catalog = load_catalog(CARDS)
    cards = {game.id: sum(deck.physical_count for deck in game.decks) for game in catalog.games}
    cards["kit"] = sum(cards.values())
    blocks = re.findall(r'<div class="pnp-file">(.*?)</div>\s*</div>', html, re.DOTALL)
    pdfs = set(re.findall(r'href="([^"/]+\.pdf)"', html))
    offered = {re.search(r'href="([^"/]+\.pdf)"', block).group(1) for block in blocks}  # type: ignore[union-attr]
    assert pdfs == offered and len(pdfs) >= 20
    for block in blocks:
        pdf = re.search(r'href="([^"/]+\.pdf)"', block).group(1)  # type: ignore[union-attr]
        picture = re.search(r'<img [^>]*src="(pages/[^"]+\.webp)"', block)
        assert picture and (site / picture.group(1)).read_bytes()[8:12] == b"WEBP", pdf
        text = _visible(block)
        pages = len(pypdfium2.PdfDocument(site / pdf))
        assert f"{pages} pages" in text, (pdf, text)
        paper = "US Letter" if pdf.endswith("-letter.pdf") else "A4"
        assert paper in text, (pdf, text)
        name = pdf.rsplit("-", 1)[0]
        kit_of = next((game for game in cards if name in (game, f"{game}-four-colour",
                       f"{game}-spanish") or name.startswith("kit-")), None)  # fmt: skip
        if "booklet" in name or "rules" in name:
            assert " cards" not in text, (pdf, text)
        elif name == "kit" or name.startswith("kit-"):
            assert f"{cards['kit']} cards" in text, (pdf, text)
        else:
            assert kit_of is not None and f"{cards[kit_of]} cards" in text, (pdf, text)


def test_a_first_page_is_drawn_the_same_every_time(kit: Path, tmp_path: Path) -> None:
    pdf = kit / "pnp" / "chin-music-a4.pdf"
    first = thumbnail(pdf, tmp_path / "one.webp")
    thumbnail(pdf, tmp_path / "two.webp")
    assert (tmp_path / "one.webp").read_bytes() == (tmp_path / "two.webp").read_bytes()
    assert first.pages == len(pypdfium2.PdfDocument(pdf)) and first.width == 192
    assert (tmp_path / "one.webp").stat().st_size < 30_000


def test_a_file_that_is_no_pdf_is_a_sentence(tmp_path: Path) -> None:
    broken = tmp_path / "kit-a4.pdf"
    broken.write_text("not a PDF", encoding="utf-8")
    with pytest.raises(SiteError, match=r"kit-a4.pdf cannot be read as a PDF .*build the kit"):
        thumbnail(broken, tmp_path / "kit-a4.webp")
