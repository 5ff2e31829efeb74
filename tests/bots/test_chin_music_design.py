"""The Bout deck's design note is shown on the site as written in the card data."""

from __future__ import annotations

from tests.conftest import CARDS


def test_the_site_shows_the_design_note_unchanged() -> None:
    note = (CARDS / "chin-music" / "DESIGN.md").read_text(encoding="utf-8")
    page = (CARDS / "chin-music" / "pages" / "design.md").read_text(encoding="utf-8")
    assert page == note
    assert "design.md" in (CARDS / "chin-music" / "pages" / "clarifications.md").read_text(
        encoding="utf-8"
    )  # the page is reached from the clarifications (it is not in the site's menu)
