"""The site as a person meets it, in Chromium: on a phone the gallery has two columns,
the lightbox shows the whole card, and no page scrolls sideways; the offline copy
searches with the network cut off; a link into a page lands where it points."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import pytest

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    yield context.new_page()
    context.close()


def _load_all_images(page: Any) -> None:
    page.evaluate(
        "() => document.querySelectorAll('img[loading=lazy]').forEach(i => i.loading = 'eager')"
    )
    page.wait_for_load_state("networkidle")


def test_the_gallery_has_two_columns_on_a_phone(phone: Any, served: str) -> None:
    phone.goto(urljoin(served, "joes-bar/components/"))
    lefts = phone.evaluate(
        "() => [...document.querySelector('.card-gallery').querySelectorAll('figure')]"
        ".slice(0, 6).map(figure => Math.round(figure.getBoundingClientRect().left))"
    )
    assert len(lefts) == 6 and len(set(lefts)) == 2, lefts


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_lightbox_shows_the_whole_card_sharp(
    browser: Any, served: str, viewport: dict[str, int]
) -> None:
    """The player aid's small print must be readable: the lightbox shows the large picture,
    all of it inside the screen, undistorted."""
    context = browser.new_context(viewport=viewport, is_mobile=viewport is PHONE)
    page = context.new_page()
    page.goto(urljoin(served, "joes-bar/components/#card-aid-player-aid"))
    page.locator("#card-aid-player-aid a.glightbox").click()
    image = page.locator(".gslide.current .gslide-image img")
    image.wait_for(state="visible", timeout=15000)
    page.wait_for_function(
        "() => { const i = document.querySelector('.gslide.current .gslide-image img');"
        " return i && i.complete && i.naturalWidth > 0; }"
    )
    page.wait_for_timeout(600)  # the zoom-in effect
    shown = page.evaluate(
        "() => { const i = document.querySelector('.gslide.current .gslide-image img');"
        " const r = i.getBoundingClientRect();"
        " return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width,"
        " height: r.height, natural: i.naturalWidth, naturalHeight: i.naturalHeight,"
        " src: i.currentSrc, vw: innerWidth, vh: innerHeight}; }"
    )
    context.close()
    assert shown["src"].endswith("-large.webp"), shown
    assert shown["natural"] >= 700, shown
    assert shown["left"] >= -1 and shown["top"] >= -1, shown
    assert shown["right"] <= shown["vw"] + 1 and shown["bottom"] <= shown["vh"] + 1, shown
    ratio = shown["natural"] / shown["naturalHeight"]
    assert abs(shown["width"] / shown["height"] - ratio) < 0.02, shown
    assert shown["width"] >= 0.8 * min(shown["vw"], shown["vh"] * ratio), shown


def _page_paths(kit: Path) -> list[str]:
    site = kit / "site"
    return sorted(
        "" if page.parent == site else page.parent.relative_to(site).as_posix() + "/"
        for page in site.rglob("index.html")
    )


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_no_page_scrolls_sideways(
    browser: Any, served: str, kit: Path, viewport: dict[str, int]
) -> None:
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    wide = []
    for path in _page_paths(kit):
        page.goto(urljoin(served, path))
        width = page.evaluate("() => document.documentElement.scrollWidth")
        if width > viewport["width"]:
            wide.append((path, width))
    context.close()
    assert wide == []


def test_a_contents_link_lands_on_its_heading_once_pictures_load(browser: Any, served: str) -> None:
    """Pictures say their size, so the page does not move under a reader who followed a link."""
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(urljoin(served, "music-game-thingy/components/#money"))
    page.wait_for_load_state("networkidle")
    before = page.evaluate("() => document.getElementById('money').getBoundingClientRect().top")
    _load_all_images(page)
    page.wait_for_timeout(500)
    after = page.evaluate("() => document.getElementById('money').getBoundingClientRect().top")
    context.close()
    assert 0 <= before < 200, before
    assert abs(after - before) < 2, (before, after)


@pytest.mark.parametrize(
    ("term", "game"), [("Booze Level", "Joe's Bar"), ("reenganche", "Chinchón")]
)
def test_the_offline_copy_searches_with_the_network_cut_off(
    browser: Any, kit: Path, term: str, game: str
) -> None:
    context = browser.new_context(viewport=DESKTOP)
    asked: list[str] = []

    def only_files(route: Any) -> None:
        if route.request.url.startswith("file:"):
            route.continue_()
        else:
            asked.append(route.request.url)
            route.abort()

    context.route("**/*", only_files)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto((kit / "site-offline" / "index.html").resolve().as_uri())
    page.locator("label.md-search__icon, .md-search__input").first.click()
    page.locator("input.md-search__input").press_sequentially(term, delay=40)
    results = page.locator(".md-search-result__item")
    results.first.wait_for(timeout=30000)
    text = page.locator(".md-search-result").inner_text()
    context.close()
    assert term.lower() in text.lower()
    assert game in text  # results name their game
    assert asked == [] and errors == []
