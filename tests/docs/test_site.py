"""The documentation builds in strict mode (a broken link fails it), with its offline
search, and its reference is made from the code: every command and every data file."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pnp.manual.build import environment
from pnp.manual.commands import command_names
from tests.docs.examples import ROOT


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The documentation as ``pnp docs --out DIR`` builds it."""
    out = tmp_path_factory.mktemp("docs") / "docs"
    done = subprocess.run(
        [sys.executable, "-m", "pnp", "docs", "--out", str(out)],
        cwd=ROOT, capture_output=True, text=True, check=False, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.startswith("Wrote the documentation into ")
    return out


def test_the_site_opens_from_disk_with_its_search(built: Path) -> None:
    assert (built / "index.html").is_file()
    assert (built / "reference" / "commands.html").is_file()  # file links, no folders
    index = (built / "search" / "search_index.js").read_text(encoding="utf-8")
    assert "pnp check" in index and "layouts.yaml" in index
    for page in built.rglob("*.html"):  # no script from the internet: it works offline
        assert '<script src="http' not in page.read_text(encoding="utf-8"), page


def test_every_command_and_option_is_in_the_reference(built: Path) -> None:
    page = (built / "reference" / "commands.html").read_text(encoding="utf-8")
    for name in command_names():
        assert f'id="pnp-{name}"' in page, name
    for option in ("--cards", "--paper", "--precision", "--site-url", "--engine", "--serve"):
        assert option in page, option


def test_every_data_file_is_in_the_reference(built: Path) -> None:
    page = (built / "reference" / "data-files.html").read_text(encoding="utf-8")
    for field in ("also_needed", "more_copies", "only_under", "max_length", "meaning", "params"):
        assert field in page, field
    assert "Physical cards, copies included" in page  # a field's comment in its model
    for name in ("game", "kinds", "layouts", "glossary", "variants"):
        schema = json.loads((built / "schemas" / f"{name}.json").read_text(encoding="utf-8"))
        assert schema["$schema"].endswith("2020-12/schema") and schema["properties"], name
    layouts = (built / "reference" / "layouts.html").read_text(encoding="utf-8")
    for element in ("fill", "frame", "shape", "text", "index", "image", "icons", "repeat"):
        assert f"<code>{element}</code>" in layouts, element


def test_a_broken_link_fails_the_build(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    shutil.copytree(ROOT / "docs", docs)
    page = docs / "pages" / "getting-started.md"
    page.write_text(page.read_text(encoding="utf-8") + "\n[gone](no-such-page.md)\n")
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(docs / "mkdocs.yml"),
         "-d", str(tmp_path / "site")],
        env=environment(), capture_output=True, text=True, check=False, timeout=300,
    )  # fmt: skip
    assert done.returncode != 0
    assert "no-such-page.md" in done.stderr


def test_the_search_works_opened_from_disk(built: Path) -> None:
    """In a real browser, from file:// with no server: typing a word finds its pages."""
    playwright = pytest.importorskip("playwright.sync_api")
    from tests.site.conftest import CHROMIUM

    with playwright.sync_playwright() as driver:
        browser = driver.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
        )
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto((built / "reference" / "commands.html").as_uri())
            page.fill("input.md-search__input", "conformance")
            results = page.locator(".md-search-result__item")
            results.first.wait_for(timeout=15000)
            assert "conformance" in page.inner_text(".md-search-result").lower()
        finally:
            browser.close()


def test_serving_on_an_address_that_is_none_is_a_sentence() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pnp", "docs", "--serve", "--address", "nowhere"],
        cwd=ROOT, capture_output=True, text=True, check=False, timeout=120,
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stderr.startswith("pnp docs --serve: --address 'nowhere' is not HOST:PORT")
