"""The downloads page offers what the kit built, each with its one line; the other
versions of the kit are built with the options their lines promise."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pypdfium2 as pdfium

from pnp.catalog import Catalog
from pnp.export import downloads
from pnp.export.alternatives import CHOICES, build_alternatives
from pnp.kit.layout import Duplex, Layout
from pnp.site.build import _environment
from pnp.site.downloads import more as _more_downloads
from tests.conftest import ROOT
from tests.pdfs import blank_pdf


def _fake_dist(dist: Path, catalog: Catalog) -> None:
    (dist / "pnp").mkdir(parents=True)
    (dist / "export" / "bundles").mkdir(parents=True)
    for alternative in downloads.ALTERNATIVES:
        for paper in ("a4", "letter"):
            (dist / "pnp" / alternative.file(paper)).write_bytes(blank_pdf())
    for game in catalog.games:
        for form in ("rules", "booklet"):
            for paper in ("a4", "letter"):
                (dist / "pnp" / f"{game.id}-{form}-{paper}.pdf").write_bytes(blank_pdf())
    for kind in downloads.BUNDLE_PURPOSES:
        (dist / "export" / "bundles" / f"{kind}-chinchon.zip").write_bytes(b"PK")


def _page(catalog: Catalog, more: dict[str, Any]) -> str:
    """The downloads page offering ``more`` and no kit."""
    template = _environment(ROOT / "templates").get_template("downloads.md.j2")
    return template.render(files=[], catalog=catalog, more=more, release="Release 1",
                           checksums="SUMS", card_sizes=["63 x 88 mm"])  # fmt: skip


def test_the_page_offers_every_bundle_booklet_and_version(catalog: Catalog, tmp_path: Path) -> None:
    dist, docs = tmp_path / "dist", tmp_path / "docs"
    _fake_dist(dist, catalog)
    more = _more_downloads(catalog, dist, docs)
    page = _page(catalog, more)
    for kind, (title, purpose) in downloads.BUNDLE_PURPOSES.items():
        # no site address: no Tabletop Simulator deck (its images would be on this computer)
        assert page.count(f"- **{title}**: {purpose}") == (kind != "tts")
    for alternative in downloads.ALTERNATIVES:
        assert page.count(alternative.purpose) == 1
        assert f"(downloads/{alternative.file('a4')})" in page
        assert (docs / "downloads" / alternative.file("letter")).is_file()
    assert "tts-chinchon.zip" not in page
    assert "(downloads/drivethrucards-chinchon.zip)" in page
    assert "tts-chin-music.zip" not in page  # not built, not offered
    assert [game["title"] for game in more["booklets"]] == [g.title for g in catalog.games]
    assert "(downloads/chin-music-booklet-letter.pdf)" in page


def test_without_the_extras_the_page_offers_only_the_kits(catalog: Catalog, tmp_path: Path) -> None:
    more = _more_downloads(catalog, tmp_path / "dist", tmp_path / "docs")
    page = _page(catalog, more)
    assert "Tabletop Simulator" not in page and "Other versions" not in page


def test_every_offered_version_has_its_build_options() -> None:
    assert set(CHOICES) == {alternative.name for alternative in downloads.ALTERNATIVES}
    assert CHOICES["kit-gutterfold"].duplex is Duplex.GUTTERFOLD
    assert CHOICES["kit-short-edge"].duplex is Duplex.SHORT
    assert CHOICES["kit-shared-cut"].layout is Layout.SHARED_CUT
    assert CHOICES["kit-ink-saver"].faces.ink_saver
    assert CHOICES["chinchon-spanish"].faces.style == "spanish"
    assert CHOICES["chinchon-four-colour"].faces.four_colour


def test_the_chinchon_versions_are_built_on_both_papers(catalog: Catalog, tmp_path: Path) -> None:
    written = build_alternatives(catalog, tmp_path, jobs=1, only=("chinchon-spanish",))
    assert [path.name for path in written] == [
        "chinchon-spanish-a4.pdf",
        "chinchon-spanish-letter.pdf",
    ]
    for path in written:
        document = pdfium.PdfDocument(path)
        try:
            assert len(document) > 4
        finally:
            document.close()
    assert not list((tmp_path / "pnp").glob(".alternative-*"))
