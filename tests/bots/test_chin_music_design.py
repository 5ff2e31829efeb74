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


def test_the_recall_figures_of_the_design_note_are_the_memory_models() -> None:
    """The note's "recites a five-card stack without a slip about nine times in ten" and
    the like, for each level, are its memory model's chances (within 2.5 points), so that
    a change of the model that moves them fails here until the note is updated."""
    from bots.games.chin_music.memory import SKILLS

    note = (CARDS / "chin-music" / "DESIGN.md").read_text(encoding="utf-8")
    said = {
        ("medium", 5): ("nine times in ten", 9 / 10),
        ("medium", 8): ("two times in three", 2 / 3),
        ("easy", 5): ("seven times in ten", 7 / 10),
        ("easy", 8): ("one time in three", 1 / 3),
        ("hard", 5): ("nineteen times in twenty", 19 / 20),
        ("hard", 8): ("six times in seven", 6 / 7),
    }
    for (skill, size), (words, share) in said.items():
        assert f" {words}" in note, words
        right = 1.0 - SKILLS[skill].error_chance(size)  # type: ignore[index]
        assert abs(right - share) < 0.025, (skill, size, right)
