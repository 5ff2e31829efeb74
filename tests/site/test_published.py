"""A site built to be published: one game's kit (A4), its export and its site, built
once with a site address and once without, as `pnp kit` runs the commands.

With an address the canonical links and sitemap.xml name it, and the Tabletop
Simulator saved object offered for download loads every image from the site, which
serves it; without one no page names an address (no localhost) and no deck whose
images are on the building computer is offered. Every kit file carries the release,
and the checksum list matches the files offered."""

from __future__ import annotations

import hashlib
import io
import json
import re
import shutil
import zipfile
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pypdfium2 as pdfium
import pytest

from pnp.cli import main
from pnp.publish import load
from pnp.site.downloads import CHECKSUMS, tts_links
from tests.conftest import CARDS, ROOT

URL = "https://games.example.org/pnp/"
GAME = "joes-bar"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("published")
    cards = root / "cards"
    shutil.copytree(CARDS / GAME, cards / GAME)
    dist = root / "dist"
    common = ["--cards", str(cards)]
    assert main(["build", *common, "--out", str(dist), "--paper", "a4", "--jobs", "2"]) == 0
    export = ["export", *common, "--out", str(dist / "export"), "--no-services", "--bundles"]
    assert main([*export, "--site-url", URL.rstrip("/"), "--jobs", "2"]) == 0
    assert main(["site", *common, "--kit", str(dist), "--out", str(dist / "site"),
                 "--site-url", URL]) == 0  # fmt: skip
    assert main(["site", *common, "--kit", str(dist), "--out", str(root / "nourl" / "site"),
                 "--site-url", ""]) == 0  # fmt: skip
    return root


def _site(built: Path, with_url: bool) -> Path:
    return built / "dist" / "site" if with_url else built / "nourl" / "site"


def test_canonical_links_and_the_sitemap_name_the_address(built: Path) -> None:
    site = _site(built, True)
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 5
    for page in pages:
        relative = page.relative_to(site).as_posix().removesuffix("index.html")
        if relative.startswith(("404", "search")):
            continue
        canonical = re.findall(r'<link rel="canonical" href="([^"]+)"', page.read_text("utf-8"))
        assert canonical == [URL + relative], page
    sitemap = (site / "sitemap.xml").read_text(encoding="utf-8")
    locations = re.findall(r"<loc>([^<]+)</loc>", sitemap)
    assert URL in locations and URL + "downloads/" in locations
    assert all(location.startswith(URL) for location in locations)
    released = load().release.date.isoformat()
    assert set(re.findall(r"<lastmod>([^<]+)</lastmod>", sitemap)) == {released}


def test_without_an_address_nothing_names_one(built: Path) -> None:
    for site in (_site(built, False), _site(built, False).with_name("site-offline")):
        for page in site.rglob("*.html"):
            text = page.read_text(encoding="utf-8")
            assert 'rel="canonical"' not in text, page
            assert "localhost" not in text, page
        sitemap = site / "sitemap.xml"
        if sitemap.exists():
            text = sitemap.read_text(encoding="utf-8")
            assert "localhost" not in text and "<loc>" not in text


def _offered_saved_object(site: Path) -> dict[str, Any]:
    page = (site / "downloads" / "index.html").read_text(encoding="utf-8")
    assert f'href="tts-{GAME}.zip"' in page
    with zipfile.ZipFile(io.BytesIO((site / "downloads" / f"tts-{GAME}.zip").read_bytes())) as zf:
        document: dict[str, Any] = json.loads(zf.read(f"{GAME}-tts/{GAME}.json"))
        read_me = zf.read(f"{GAME}-tts/README.txt").decode("utf-8")
    assert f"{URL}downloads/tts/{GAME}/" in read_me and "file://" not in read_me
    return document


def test_every_image_of_the_offered_deck_is_served_by_the_site(built: Path) -> None:
    site = _site(built, True)
    document = _offered_saved_object(site)
    # as Tabletop Simulator reads it: the saved objects, each deck's CustomDeck entries
    assert document["ObjectStates"]
    entries = 0
    for state in document["ObjectStates"]:
        assert state["Name"] in ("DeckCustom", "CardCustom")
        for key, custom in state["CustomDeck"].items():
            entries += 1
            assert int(key) > 0
            for field in ("FaceURL", "BackURL"):
                url = custom[field]
                parts = urlsplit(url)
                assert parts.scheme in ("http", "https") and url.startswith(URL), url
                served = site / url.removeprefix(URL)
                assert served.is_file(), f"{url}: the site has no {served}"
    assert entries >= len(load_catalog_decks())
    links = tts_links(document)
    # every contained card names the same sheets as its deck
    assert set(links) == {
        custom[field]
        for state in document["ObjectStates"]
        for custom in state["CustomDeck"].values()
        for field in ("FaceURL", "BackURL")
    }
    served = {path.name for path in (site / "downloads" / "tts" / GAME).iterdir()}
    assert served == {link.rsplit("/", 1)[1] for link in links}


def load_catalog_decks() -> list[str]:
    from pnp.catalog import load_catalog

    return [deck.id for deck in load_catalog(CARDS).game(GAME).decks]


def test_without_an_address_no_deck_is_offered(built: Path) -> None:
    site = _site(built, False)
    page = (site / "downloads" / "index.html").read_text(encoding="utf-8")
    assert "tts-" not in page and "Tabletop Simulator" not in page
    assert not (site / "downloads" / "tts").exists()
    assert not list((site / "downloads").glob("tts-*.zip"))


def test_a_deck_exported_for_another_address_is_not_offered(
    built: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    dist = built / "dist"
    out = tmp_path / "site"
    assert main(["site", "--cards", str(built / "cards"), "--kit", str(dist), "--out", str(out),
                 "--site-url", "https://elsewhere.example.com/"]) == 0  # fmt: skip
    assert "is not offered on the site" in capsys.readouterr().err
    assert "tts-" not in (out / "downloads" / "index.html").read_text(encoding="utf-8")


def test_the_local_export_says_it_is_local(tmp_path: Path) -> None:
    cards = tmp_path / "cards"
    shutil.copytree(CARDS / GAME, cards / GAME)
    out = tmp_path / "export"
    command = ["export", "--cards", str(cards), "--out", str(out), "--no-services"]
    assert main([*command, "--site-url", "", "--jobs", "1"]) == 0
    read_me = (out / "tts" / GAME / "README.txt").read_text(encoding="utf-8")
    assert "LOCAL COPY" in read_me and "this computer" in read_me and "--site-url" in read_me


def test_the_release_is_on_the_page_and_in_every_pdf(built: Path) -> None:
    words = load().release.words()
    site = _site(built, True)
    page = (site / "downloads" / "index.html").read_text(encoding="utf-8")
    assert words in page
    pdfs = sorted((built / "dist" / "pnp").glob("*.pdf"))
    assert len(pdfs) >= 3  # the kit, the rules and the booklet
    for path in pdfs:
        document = pdfium.PdfDocument(path)
        text = " ".join(
            " ".join(document[index].get_textpage().get_text_range().split())
            for index in range(len(document))
        )
        assert words in text, path.name


def test_the_checksum_list_covers_every_download(built: Path) -> None:
    for site in (_site(built, True), _site(built, False)):
        folder = site / "downloads"
        page = (folder / "index.html").read_text(encoding="utf-8")
        assert f'href="{CHECKSUMS}"' in page
        lines = (folder / CHECKSUMS).read_text(encoding="utf-8").splitlines()
        listed = {}
        for line in lines:
            digest, name = line.split("  ", 1)
            listed[name] = digest
        files = {
            path.relative_to(folder).as_posix(): path
            for path in folder.rglob("*")
            if path.is_file() and path.name not in (CHECKSUMS, "index.html")
        }
        assert set(listed) == set(files)
        for name, path in files.items():
            assert listed[name] == hashlib.sha256(path.read_bytes()).hexdigest(), name
        linked = set(re.findall(r'href="([^"#:]+\.(?:pdf|zip))"', page))
        assert linked and linked <= set(listed)


def test_the_publishing_page_is_in_the_docs() -> None:
    nav = (ROOT / "docs" / "mkdocs.yml").read_text(encoding="utf-8")
    assert "how-to/publish.md" in nav
    page = (ROOT / "docs" / "pages" / "how-to" / "publish.md").read_text(encoding="utf-8")
    assert "--site-url" in page and "publish:" in page and CHECKSUMS in page


def test_the_offline_copy_leaves_the_images_to_the_published_site(built: Path) -> None:
    offline = _site(built, True).with_name("site-offline")
    assert (offline / "downloads" / f"tts-{GAME}.zip").is_file()
    assert not (offline / "downloads" / "tts").exists()
