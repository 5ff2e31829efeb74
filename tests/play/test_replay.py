"""``pnp replay LOG``: a saved game told step by step."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.play.scripted import Lines, run

_TOLD = re.compile(r"^(Ana|Ben|Carla) .+\.$")


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    """A whole Chinchón game played with --auto, saved; and what was told during play."""
    folder = tmp_path_factory.mktemp("replay")
    args = ["play", "chinchon", "--seed", "8", "--auto", "--save", "game.json"]
    result = run(pytest.MonkeyPatch(), folder, args)
    assert result.status == 0, result.errors
    return folder / "game.json", result.lines


def test_replay_without_a_terminal_tells_every_step_as_it_was_played(
    monkeypatch: pytest.MonkeyPatch, saved: tuple[Path, list[str]]
) -> None:
    log, played = saved
    result = run(monkeypatch, log.parent, ["replay", log.name])
    assert result.status == 0, result.errors
    assert result.lines[0] == "Replay: Chinchón"
    assert "Showing your cards." in result.output
    assert "Final scores" in result.output
    assert [line for line in result.lines if _TOLD.match(line)] == [
        line for line in played if _TOLD.match(line)
    ]
    assert "Enter: next" not in result.output


def test_replay_open_shows_every_hand(
    monkeypatch: pytest.MonkeyPatch, saved: tuple[Path, list[str]]
) -> None:
    log, _ = saved
    result = run(monkeypatch, log.parent, ["replay", log.name, "--open"])
    assert result.status == 0, result.errors
    assert "Showing every player's cards." in result.output
    assert re.search(r"^Ana draws \S+ from the stock", result.output, re.MULTILINE)
    assert "Ben's hand" in result.output


def test_replay_at_a_terminal_waits_for_enter_and_quits_on_q(
    monkeypatch: pytest.MonkeyPatch, saved: tuple[Path, list[str]]
) -> None:
    log, _ = saved
    answers = Lines(["", "", "what", "q"], tty=True)
    result = run(monkeypatch, log.parent, ["replay", log.name], answers)
    assert result.status == 0, result.errors
    steps = re.findall(r"\[(\d+)/(\d+)\] Enter: next · a: all · q: quit", result.output)
    assert len(steps) == 4 and steps[0][1] == steps[-1][1]
    assert "Press Enter for the next step, a for all the rest, q to quit." in result.output
    assert result.output.rstrip().endswith("Replay stopped.")
    everything = run(monkeypatch, log.parent, ["replay", log.name], Lines(["a"], tty=True))
    assert "Final scores" in everything.output


def test_replay_of_an_unfinished_game_and_of_chin_music(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    run(monkeypatch, tmp_path, ["play", "chinchon", "--seed", "6"], ["s", "1", "s"])
    result = run(monkeypatch, tmp_path, ["replay", "chinchon-6.json"])
    assert result.status == 0, result.errors
    assert "The log ends here: the game was saved before its end." in result.output
    args = ["play", "chin-music", "--seed", "6", "--players", "3", "--auto", "--save", "c.json"]
    assert run(monkeypatch, tmp_path, args).status == 0
    told = run(monkeypatch, tmp_path, ["replay", "c.json"])
    assert told.status == 0, told.errors
    assert "Replay: Chin Music" in told.output and "── Fight: " in told.output


def test_replay_of_a_bad_log_says_what_is_wrong(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    base = {"format": 1, "game": "chinchon", "seed": 1, "params": {"players": 2}}
    files = {
        "illegal.json": {**base, "actions": ["1:discard:QH"]},
        "unknown.json": {**base, "game": "poker", "actions": []},
        "shape.json": {**base, "seed": "one", "actions": []},
    }
    for name, data in files.items():
        (tmp_path / name).write_text(json.dumps(data), encoding="utf-8")
    expected = {
        "illegal.json": ("Move 1 (1:discard:QH) cannot be replayed", "output"),
        "unknown.json": ("unknown.json is not a saved game of chin-music, ", "errors"),
        "shape.json": ("'seed' must be a whole number, got 'one'", "errors"),
        "missing.json": ("missing.json: no such file", "errors"),
    }
    for name, (message, where) in expected.items():
        result = run(monkeypatch, tmp_path, ["replay", name])
        assert result.status in (1, 2), name
        assert message in getattr(result, where), (name, result.output, result.errors)
        assert "Traceback" not in result.output + result.errors
