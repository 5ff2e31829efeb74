"""Reading a save a person names (issue 33): special files, sizes, depth, numbers, names.

Each refusal is one sentence naming the file, exit status 1, never a traceback, and it
comes before the file can hang the command or fill the memory; the same for ``pnp replay``
and ``pnp play --resume``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from pnp.play.save_reading import DEEPEST, MOST_BYTES, MOST_DIGITS
from tests.conftest import ROOT
from tests.play.scripted import run

pytestmark = pytest.mark.probe

#: Long enough for a slow machine to start Python; a command that waits on a pipe does not end.
SECONDS = 60

_READERS = (["replay"], ["play", "--resume"])


def _command(args: list[str], folder: Path) -> subprocess.CompletedProcess[str]:
    """``pnp ARGS`` as a real process, which must end within :data:`SECONDS`."""
    environment = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
        "NO_COLOR": "1",
    }
    return subprocess.run(
        [sys.executable, "-m", "pnp", *args, "--cards", str(ROOT / "cards")],
        cwd=folder,
        env=environment,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=SECONDS,
    )


def _save(**changes: Any) -> dict[str, Any]:
    """A save of a Chinchón game not yet begun, without a seal (as saves before seals)."""
    data: dict[str, Any] = {
        "format": 1,
        "game": "chinchon",
        "seed": 5,
        "params": {"players": 3},
        "actions": [],
        "play": {"human": 0, "names": ["You", "Ana", "Ben"]},
    }
    data.update(changes)
    return data


def _refusals(monkeypatch: pytest.MonkeyPatch, folder: Path, name: str) -> list[str]:
    """What ``pnp replay NAME`` and ``pnp play --resume NAME`` say, each checked to be one
    line on the error output, exit status 1, nothing else printed."""
    said = []
    for reader in _READERS:
        result = run(monkeypatch, folder, [*reader, name])
        assert (result.status, result.output) == (1, ""), (reader, result.errors)
        assert result.errors.count("\n") == 1 and "Traceback" not in result.errors
        said.append(result.errors)
    return said


def test_devices_and_pipes_are_refused_without_reading_them(tmp_path: Path) -> None:
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)  # no one ever writes to it: reading it would wait for ever
    cases = {"/dev/zero": "a device", "/dev/urandom": "a device", "game.json": "a named pipe"}
    for name, kind in cases.items():
        for reader in _READERS:
            finished = _command([*reader, name], tmp_path)  # a hang fails by the timeout
            command = reader[0]
            assert finished.returncode == 1, (name, reader, finished.stderr)
            assert finished.stdout == ""
            assert finished.stderr == (
                f"pnp {command}: {name} is {kind}, not a file: a save is a file that pnp play "
                "wrote\n"
            )


def test_a_folder_is_not_a_save(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / "saves").mkdir()
    for said in _refusals(monkeypatch, tmp_path, "saves"):
        assert said.endswith(
            ": saves is a folder, not a file: a save is a file that pnp play wrote\n"
        )


def test_a_file_over_the_limit_is_refused_by_its_size(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    huge = tmp_path / "huge.json"
    with huge.open("wb") as stream:  # sparse: its size without the disk space
        stream.truncate(300 * 2**20)
    for said in _refusals(monkeypatch, tmp_path, "huge.json"):
        assert said.endswith(
            ": huge.json is not read as a saved game: it has 314,572,800 bytes, and a save "
            f"may have at most {MOST_BYTES:,} (32 MB)\n"
        )
    with huge.open("wb") as stream:
        stream.truncate(MOST_BYTES + 1)
    for said in _refusals(monkeypatch, tmp_path, "huge.json"):
        assert f"it has {MOST_BYTES + 1:,} bytes" in said


def test_deep_nesting_is_refused_before_it_is_parsed(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "deep.json").write_text("[" * 200_000 + "]" * 200_000, encoding="utf-8")
    for said in _refusals(monkeypatch, tmp_path, "deep.json"):
        assert said.endswith(
            ": deep.json is not a saved game: its lists and objects nest 200000 deep, and a "
            f"save's may nest at most {DEEPEST} deep\n"
        )
    # the limit itself: a note nested as deep as allowed is read (the save is one level)
    note: Any = []
    for _ in range(DEEPEST - 2):
        note = [note]
    (tmp_path / "deep.json").write_text(json.dumps(_save(note=note)), encoding="utf-8")
    assert run(monkeypatch, tmp_path, ["replay", "deep.json"]).status == 0
    (tmp_path / "deep.json").write_text(json.dumps(_save(note=[note])), encoding="utf-8")
    for said in _refusals(monkeypatch, tmp_path, "deep.json"):
        assert f"nest {DEEPEST + 1} deep" in said
    # brackets inside a text are not nesting
    (tmp_path / "text.json").write_text(json.dumps(_save(note="[" * 100)), encoding="utf-8")
    assert run(monkeypatch, tmp_path, ["replay", "text.json"]).status == 0


def test_numbers_are_bounded_and_finite(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    text = json.dumps(_save(seed=12345))
    cases = {
        "digits.json": (
            text.replace("12345", "9" * 5000),
            f"it holds a number of 5,000 digits, and a save's numbers have at most {MOST_DIGITS}",
        ),
        "nan.json": (
            text.replace("12345", "NaN"),
            "it holds NaN, which is not a number a save can hold",
        ),
        "infinity.json": (
            text.replace("12345", "-Infinity"),
            "it holds -Infinity, which is not a number a save can hold",
        ),
        "huge.json": (
            text.replace("12345", "1e999"),
            "it holds a number too large to be finite (1e999)",
        ),
    }
    for name, (content, message) in cases.items():
        (tmp_path / name).write_text(content, encoding="utf-8")
        for said in _refusals(monkeypatch, tmp_path, name):
            assert said.endswith(f": {name} is not a saved game: {message}\n"), said
    # as many digits as allowed is a seed
    (tmp_path / "long.json").write_text(text.replace("12345", "9" * MOST_DIGITS), "utf-8")
    result = run(monkeypatch, tmp_path, ["replay", "long.json"])
    assert result.status == 0 and f"Seed {'9' * MOST_DIGITS}, 0 moves." in result.output


def test_a_save_that_is_not_utf8_is_refused(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "latin.json").write_bytes(
        json.dumps(_save()).replace("Ana", "An\xe1").encode("latin-1")
    )
    for said in _refusals(monkeypatch, tmp_path, "latin.json"):
        assert ": latin.json is not a saved game: it is not UTF-8 text (byte " in said


def test_names_are_printed_with_their_hidden_characters_marked(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    names = ["You", "Ana\u202eneB", "\x1b]0;owned\x07Ben"]
    (tmp_path / "g.json").write_text(json.dumps(_save(play={"names": names})), "utf-8")
    for args in (["replay", "g.json"], ["play", "--resume", "g.json"]):
        result = run(monkeypatch, tmp_path, args, ["s"])
        assert result.status == 0, result.errors
        for raw in ("\u202e", "\x1b", "\x07"):
            assert raw not in result.output
        # cut to 20 characters, never through a mark
        assert "3 players: You, Ana<U+202E>neB, <U+001B>]0;owned…. " in result.output
        assert "\n  Ana<U+202E>neB  " in result.output  # at the table too
    # a name in a message about a bad save: marked, and cut short
    bad = _save(game="x\u202ey" * 100, play={"names": "\u202e" * 1000})
    (tmp_path / "bad.json").write_text(json.dumps(bad), "utf-8")
    for said in _refusals(monkeypatch, tmp_path, "bad.json"):
        assert "\u202e" not in said and len(said) < 300
        assert "'names' must be a list of names, got '\\u202e" in said
    # the game a save names, when it is not the one asked for
    (tmp_path / "other.json").write_text(json.dumps(_save(game="x\u202ey")), "utf-8")
    result = run(monkeypatch, tmp_path, ["play", "chin-music", "--resume", "other.json"])
    assert result.status == 1 and "\u202e" not in result.errors
    assert "other.json is a game of x<U+202E>y, not chin-music" in result.errors
