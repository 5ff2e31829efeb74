"""The rules website, built for real from the real data (``pnp kit``), then
checked as files and in a real browser (Debian's Chromium driven by Playwright)."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path
from urllib.parse import urljoin

import markdown
import pytest

from pnp.catalog import load_catalog
from pnp.export.downloads import ALTERNATIVES, BUNDLE_PURPOSES
from pnp.publish import load
from pnp.registry import with_engine
from pnp.site.build import _environment, md
from tests.conftest import CARDS, GAME_IDS, ROOT
from tests.site.conftest import page_at as _page
from tests.site.links import broken_links


def test_kit_builds_pdfs_images_and_both_sites(kit: Path) -> None:
    games = GAME_IDS
    assert sorted(p.name for p in (kit / "pnp").glob("*.pdf")) == sorted(
        [f"{name}-{paper}.pdf" for name in (*games, "kit") for paper in ("a4", "letter")]
        + [
            f"{game}-{kind}-{paper}.pdf"
            for game in games
            for kind in ("rules", "booklet")
            for paper in ("a4", "letter")
        ]
        + [alternative.file(paper) for alternative in ALTERNATIVES for paper in ("a4", "letter")]
    )
    assert (kit / "images" / "chinchon" / "main" / "q-hearts-front.png").is_file()
    for site in ("site", "site-offline"):
        assert (kit / site / "index.html").is_file()
    # the offline copy links pages as files, so it works opened from disk
    assert (kit / "site-offline" / "chinchon" / "rules.html").is_file()
    assert (kit / "site-offline" / "search" / "search_index.js").is_file()


def test_the_playtest_report_is_published(kit: Path) -> None:
    report = json.loads((kit / "verify" / "report.json").read_text(encoding="utf-8"))
    games = with_engine(load_catalog(CARDS))  # every game with an engine found
    assert [game["id"] for game in report["games"]] == games
    defaults = {"chin-music": "medium", "chinchon": "medium", "joes-bar": "brawler"}
    for game in games:
        found = next(g for g in report["games"] if g["id"] == game)
        assert found["verdict"] == "pass" and found["ratings"]["ladder"]
        page = (kit / "site" / game / "playtest" / "index.html").read_text(encoding="utf-8")
        assert "Verdict: pass" in page and ", 4 players" in page
        for chart in ("length", "seats", "cards", "ratings"):
            for theme in ("light", "dark"):
                name = f"{game}-{chart}-{theme}.svg"
                assert (kit / "site" / game / "playtest" / name).is_file()
                assert name in page
        seated = defaults.get(game, "cautious")
        assert f"seats the <strong>{seated}</strong> bots" in page


def test_site_builds_cleanly_in_strict_mode(kit: Path) -> None:
    """`pnp kit` runs mkdocs with --strict: any warning fails. Rebuild to show it stays clean."""
    result = subprocess.run(
        [sys.executable, "-m", "pnp", "site", "--kit", str(kit), "--out", str(kit / "again")],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "WARNING" not in result.stderr


def test_components_pages_list_every_card_from_the_data(kit: Path) -> None:
    catalog = load_catalog(CARDS)
    for game in catalog.games:
        page = (kit / "site" / game.id / "components" / "index.html").read_text()
        for deck in game.decks:
            cards = "card" if deck.physical_count == 1 else "cards"
            assert f"<strong>{deck.physical_count} {cards}</strong>" in page, (
                game.id,
                deck.id,
            )
        images = re.findall(r'<img[^>]+alt="([^"]*)"[^>]*src="([^"]+)"', page)
        images += [
            (alt, src) for src, alt in re.findall(r'<img[^>]+src="([^"]+)"[^>]*alt="([^"]*)"', page)
        ]
        assert images, game.id
        assert all(alt.strip() and alt.lower() not in {"image", "card"} for alt, _ in images)


def test_card_text_is_escaped_wherever_it_goes() -> None:
    hostile = "<script>alert(1)</script> | *bold* [link](x)"
    assert "<" not in md(hostile) and "|" not in md(hostile).replace("\\|", "")
    template = _environment(ROOT / "templates").from_string(
        "| {{ name | md }} | x |\n|---|---|\n| a | b |\n\n![{{ name | md }}](a.png)\n"
    )
    html = markdown.markdown(template.render(name=hostile), extensions=["tables", "attr_list"])
    assert "<script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


# -- in a real browser --------------------------------------------------------------------


@pytest.mark.parametrize("term", ["chinchón", "Booze Level"])
def test_search_finds_game_terms(browser: object, served: str, term: str) -> None:
    page = _page(browser, served)
    page.wait_for_load_state("networkidle")  # the search index has been fetched
    page.locator("label.md-search__icon, .md-search__input").first.click()
    search = page.locator("input.md-search__input")
    search.press_sequentially(term, delay=50)
    results = page.locator(".md-search-result__item")
    results.first.wait_for(timeout=30000)
    assert results.count() > 0
    assert term.lower() in page.locator(".md-search-result").inner_text().lower()


@pytest.mark.parametrize("game", ["chin-music", "chinchon", "joes-bar", "music-game-thingy"])
def test_gallery_images_all_load(browser: object, served: str, game: str) -> None:
    page = _page(browser, urljoin(served, f"{game}/components/"))
    images = page.locator(".card-gallery img")
    count = images.count()
    assert count > 0
    for index in range(count):
        images.nth(index).scroll_into_view_if_needed()
    page.wait_for_load_state("networkidle")
    broken = page.evaluate(
        "() => [...document.querySelectorAll('.card-gallery img')]"
        ".filter(img => !(img.complete && img.naturalWidth > 0)).map(img => img.src)"
    )
    assert broken == []


def test_beta_and_older_draft_tabs_switch_together(browser: object, served: str) -> None:
    page = _page(browser, urljoin(served, "joes-bar/decisions/"))
    labels = page.locator(".tabbed-labels label", has_text="Older draft")
    assert labels.count() >= 7
    labels.first.click()
    checked = page.evaluate(
        "() => [...document.querySelectorAll('.tabbed-set')].map(set => {"
        "  const inputs = [...set.querySelectorAll(':scope > input')];"
        "  const labels = [...set.querySelectorAll(':scope > .tabbed-labels > label')];"
        "  const i = inputs.findIndex(input => input.checked);"
        "  return labels[i] ? labels[i].textContent.trim() : null; })"
    )
    assert checked and all(label == "Older draft" for label in checked), checked


@pytest.mark.parametrize("name", ["site", "site-offline"])
def test_no_internal_link_or_image_is_broken(kit: Path, name: str) -> None:
    """Crawl every page of the built site; every internal target must exist."""
    site = kit / name
    assert len(list(site.rglob("*.html"))) >= 25
    assert broken_links(site) == []


def test_every_page_opens_in_the_browser_without_errors(
    browser: object, served: str, kit: Path
) -> None:
    errors: list[str] = []
    page = browser.new_page()  # type: ignore[attr-defined]
    page.on("pageerror", lambda error: errors.append(str(error)))
    for html in sorted((kit / "site").rglob("index.html"))[:40]:
        relative = html.parent.relative_to(kit / "site").as_posix()
        response = page.goto(urljoin(served, relative + "/" if relative != "." else ""))
        assert response is not None and response.ok, relative
    assert errors == []


def test_serve_answers_and_restages(kit: Path) -> None:
    """`pnp site --serve` serves the site; its hook stages the pages before each build."""
    import socket
    import time
    import urllib.request

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "pnp", "site", "--serve", "--kit", str(kit),
         "--address", f"127.0.0.1:{port}"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        start_new_session=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 120
        page = ""
        while time.monotonic() < deadline and not page:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/chinchon/rules/") as answer:
                    page = answer.read().decode()
            except OSError:
                time.sleep(1)
        assert "<title>Rules reference · Chinchón" in page
    finally:
        os.killpg(server.pid, signal.SIGTERM)  # pnp and the mkdocs server it started
        output = server.communicate(timeout=30)[0]
    assert "Error" not in output, output


def test_kit_exports_and_the_downloads_page_offers_the_bundles(kit: Path) -> None:
    games = GAME_IDS
    bundles = sorted(p.name for p in (kit / "export" / "bundles").glob("*.zip"))
    assert bundles == sorted(f"{kind}-{game}.zip" for kind in BUNDLE_PURPOSES for game in games)
    assert (kit / "export" / "tts" / "chinchon" / "chinchon.json").is_file()
    page = (kit / "site" / "downloads" / "index.html").read_text(encoding="utf-8")
    for name in bundles:
        if name.startswith("tts-") and load().url is None:  # no address: the decks stay local
            assert name not in page and not (kit / "site" / "downloads" / name).exists()
            continue
        assert f'href="{name}"' in page or f"/{name}" in page, name
        assert (kit / "site" / "downloads" / name).is_file()
    for alternative in ALTERNATIVES:
        assert alternative.file("a4") in page
