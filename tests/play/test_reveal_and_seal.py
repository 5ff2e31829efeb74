"""Peeking at an unfinished game (issue 33): ``pnp replay --open`` shows the hidden cards of
a game that is not over only with ``--reveal``, which marks the save first; a resumed game
says so and keeps the mark; a save edited to play another seat or to drop the mark is
refused, by ``pnp replay`` and ``pnp play --resume`` alike."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pnp.play.seal import seal
from tests.play.folders import unwritable
from tests.play.scripted import run

pytestmark = pytest.mark.probe

_READERS = (["replay"], ["play", "--resume"])


@pytest.fixture
def unfinished(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """A Chinchón game saved after two of your moves (the end of the input saves it)."""
    result = run(monkeypatch, tmp_path, ["play", "chinchon", "--seed", "4"], ["s", "8"])
    assert result.status == 0, result.errors
    return tmp_path / "chinchon-4.json"


def _play(path: Path) -> dict[str, Any]:
    play: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))["play"]
    return play


def _edit(path: Path, **changes: Any) -> None:
    """Change keys of the save's ``play`` object (``None``: remove), leaving its seal."""
    data = json.loads(path.read_text(encoding="utf-8"))
    for key, value in changes.items():
        if value is None:
            del data["play"][key]
        else:
            data["play"][key] = value
    path.write_text(json.dumps(data), encoding="utf-8")


def test_open_on_an_unfinished_game_is_refused_without_reveal(
    monkeypatch: pytest.MonkeyPatch, unfinished: Path
) -> None:
    before = unfinished.read_bytes()
    result = run(monkeypatch, unfinished.parent, ["replay", unfinished.name, "--open"])
    assert (result.status, result.output) == (2, "")
    assert result.errors == (
        "pnp replay: chinchon-4.json is a game that is not over, and --open would show the "
        "other players' hidden cards; add --reveal to show them anyway (the save is then "
        "marked, and a resumed game says so)\n"
    )
    assert unfinished.read_bytes() == before
    alone = run(monkeypatch, unfinished.parent, ["replay", unfinished.name, "--reveal"])
    assert (alone.status, alone.output) == (2, "")
    assert alone.errors == (
        "pnp replay: --reveal goes with --open: it lets --open show a game that is not over\n"
    )
    # without --open, the game is told from your seat, as before
    mine = run(monkeypatch, unfinished.parent, ["replay", unfinished.name])
    assert mine.status == 0 and "Showing your cards." in mine.output
    assert "Ana's hand" not in mine.output
    assert unfinished.read_bytes() == before


def test_reveal_marks_the_save_then_shows_every_hand_and_a_resume_says_so(
    monkeypatch: pytest.MonkeyPatch, unfinished: Path
) -> None:
    folder = unfinished.parent
    assert _play(unfinished)["revealed"] is False
    args = ["replay", unfinished.name, "--open", "--reveal"]
    shown = run(monkeypatch, folder, args)
    assert shown.status == 0, shown.errors
    assert "Showing every player's cards." in shown.output and "Ana's hand" in shown.output
    play = _play(unfinished)
    assert play["revealed"] is True
    assert play["seal"] == seal(json.loads(unfinished.read_text(encoding="utf-8")))
    # the resumed game says so, and its saves keep the mark (its own file and another)
    resumed = run(monkeypatch, folder, ["play", "--resume", unfinished.name, "--save", "b.json"])
    assert resumed.status == 0, resumed.errors
    assert (
        "Note: this game's hidden cards were shown by pnp replay --reveal before it was over, "
        "so every player's hand may be known; its saves keep that mark."
    ) in " ".join(line.strip() for line in resumed.lines)
    assert _play(folder / "b.json")["revealed"] is True
    again = run(monkeypatch, folder, ["play", "--resume", "b.json"], ["s"])
    assert again.status == 0 and "Note: this game's hidden cards were shown" in again.output
    assert _play(folder / "b.json")["revealed"] is True
    # shown again: no second mark needed, nothing refused
    assert run(monkeypatch, folder, ["replay", "b.json", "--open", "--reveal"]).status == 0


def test_a_finished_game_is_open_without_a_mark(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    args = ["play", "chinchon", "--seed", "8", "--auto", "--save", "whole.json"]
    assert run(monkeypatch, tmp_path, args).status == 0
    before = (tmp_path / "whole.json").read_bytes()
    result = run(monkeypatch, tmp_path, ["replay", "whole.json", "--open"])
    assert result.status == 0 and "Showing every player's cards." in result.output
    assert (tmp_path / "whole.json").read_bytes() == before


def test_the_hidden_cards_are_not_shown_when_the_mark_cannot_be_written(
    monkeypatch: pytest.MonkeyPatch, unfinished: Path
) -> None:
    before = unfinished.read_bytes()
    with unwritable(unfinished.parent) as folder:
        result = run(monkeypatch, folder, ["replay", unfinished.name, "--open", "--reveal"])
    assert (result.status, result.output) == (1, "")
    reason = result.errors.split("(", 1)[1].split(")", 1)[0]
    assert reason in ("Permission denied", "Operation not permitted"), result.errors
    assert result.errors == (
        "pnp replay: chinchon-4.json: its hidden cards are not shown, because the mark that "
        f"they were shown cannot be written into it ({reason})\n"
    )
    assert unfinished.read_bytes() == before


def _refused(monkeypatch: pytest.MonkeyPatch, path: Path, message: str) -> None:
    for reader in _READERS:
        result = run(monkeypatch, path.parent, [*reader, path.name])
        assert (result.status, result.output) == (1, ""), (reader, result.errors)
        assert result.errors == f"pnp {reader[0]}: {path.name} was edited: {message}\n"


def test_a_save_edited_to_play_another_seat_is_refused(
    monkeypatch: pytest.MonkeyPatch, unfinished: Path
) -> None:
    _edit(unfinished, human=2)
    _refused(
        monkeypatch,
        unfinished,
        "it was saved from seat 1 (You), but now names seat 3 (Ben) as the player's",
    )


def test_a_removed_mark_is_refused(monkeypatch: pytest.MonkeyPatch, unfinished: Path) -> None:
    args = ["replay", unfinished.name, "--open", "--reveal"]
    assert run(monkeypatch, unfinished.parent, args).status == 0
    marked = unfinished.read_text(encoding="utf-8")
    removed = "its mark that the hidden cards were shown (by pnp replay --reveal) was removed"
    for mark in (False, None):  # set to false, or taken out
        unfinished.write_text(marked, encoding="utf-8")
        _edit(unfinished, revealed=mark)
        _refused(monkeypatch, unfinished, removed)
    unfinished.write_text(marked, encoding="utf-8")
    _edit(unfinished, revealed=False, human=1)
    _refused(
        monkeypatch,
        unfinished,
        "it was saved from seat 1 (You), but now names seat 2 (Ana) as the player's, and "
        + removed,
    )
    unfinished.write_text(marked, encoding="utf-8")
    _edit(unfinished, seal=None)
    _refused(monkeypatch, unfinished, "its seal was removed")


def test_other_edits_of_a_sealed_save_are_refused(
    monkeypatch: pytest.MonkeyPatch, unfinished: Path
) -> None:
    _edit(unfinished, names=["You", "Eve", "Ben"])
    _refused(
        monkeypatch,
        unfinished,
        "its game, seed, parameters, names or seat are not those it was saved with",
    )
