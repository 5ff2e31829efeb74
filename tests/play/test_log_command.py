"""The ``log`` command at any prompt of every game: the last events told again."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.play.scripted import run


@pytest.mark.parametrize("game", ["joes-bar", "chinchon", "music-game-thingy"])
def test_log_tells_the_last_lines_again(
    game: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """After some moves, ``log 5`` shows the five last lines told, exactly as they were;
    ``log`` more of them; a bad count gets a sentence."""
    answers = ["1", "1", "1", "log 5", "log", "log x", "quit", "n"]
    if game == "chinchon":
        answers = ["s", "1", "s", "log 5", "log", "log x", "quit", "n"]
    result = run(monkeypatch, tmp_path, ["play", game, "--seed", "2"], answers)
    assert result.status == 0, result.errors
    text = result.output
    head = "The last 5 lines of the game:\n"
    assert head in text, text[-2000:]
    before, after = text.split(head, 1)
    shown = after.splitlines()[:5]
    assert len(shown) == 5
    told = before.splitlines()
    at = [max(i for i, line in enumerate(told) if line == shown_line) for shown_line in shown]
    assert at == sorted(at)  # the five lines were told, in this order (tables left out)
    assert at[-1] > len(told) - 30  # and lately
    assert not any(line.startswith(("Your choice", "   1. ")) for line in shown)  # no menu
    assert "Type log, or log and a number of lines (log 60); not 'x'." in text
    assert (
        "log        the last events again"
        in run(monkeypatch, tmp_path, ["play", game, "--seed", "2"], ["help", "quit", "n"]).output
    )


def test_in_a_memory_game_log_keeps_your_cards_covered(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Chin Music: ``log`` tells only what the others did since your last move, as the
    covered screen does; never your own plays."""
    result = run(monkeypatch, tmp_path, ["play", "chin-music", "--seed", "2"], ["log", "quit", "n"])
    assert result.status == 0, result.errors
    text = result.output
    assert "Since your last move (what you played stays covered):" in text
    assert "lines of the game" not in text
    assert "You play" not in text.split("Since your last move", 1)[1]
