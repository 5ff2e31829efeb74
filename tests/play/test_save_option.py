"""``pnp play --save FILE`` (issue 33): written before the first move and after each of the
player's moves; a folder that cannot be written is refused at once; when the file cannot be
written at the end, another is offered, and the exit status says whether the game was saved."""

from __future__ import annotations

import json
import shutil
import signal
from pathlib import Path

import pytest

from tests.play.folders import SYSFS, unwritable
from tests.play.scripted import Strategy, run
from tests.play.test_play_process import _read_until, _start

pytestmark = pytest.mark.probe


def _actions(path: Path) -> list[str]:
    actions: list[str] = json.loads(path.read_text(encoding="utf-8"))["actions"]
    return actions


def test_a_folder_that_cannot_be_written_is_refused_before_the_first_move(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    with unwritable(tmp_path / "locked") as locked:
        for folder in (locked, SYSFS):
            target = folder / "game.json"
            args = ["play", "chinchon", "--seed", "3", "--save", str(target)]
            result = run(monkeypatch, tmp_path, args, ["s"])
            assert (result.status, result.output) == (2, ""), result.errors
            reason = result.errors.split("(", 1)[1].split(")", 1)[0]
            assert reason in ("Permission denied", "Operation not permitted"), result.errors
            assert result.errors == (
                f"pnp play: --save {target}: the game cannot be saved there ({reason}); "
                "choose a file in a folder you can write to\n"
            )
            assert not target.exists()


def test_the_save_is_written_at_the_start_and_after_each_of_your_moves(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    saved = tmp_path / "g.json"
    seen: list[list[str]] = []

    def answer(prompt: str, recent: str) -> str | None:
        seen.append(_actions(saved))  # what a killed terminal would leave
        if prompt.startswith("Draw"):
            return "s"
        if prompt.startswith("Discard"):
            return "1"
        return None

    args = ["play", "chinchon", "--seed", "3", "--save", "g.json"]
    result = run(monkeypatch, tmp_path, args, Strategy(answer, limit=4))
    assert result.status == 0, result.errors
    # written before the first move (no move yet), then after each of your moves, with the
    # bots' moves before it (the bots' moves after it are played again on resuming)
    assert seen[0] == []
    assert seen[1] == ["1:take", "1:discard:KH", "2:stock", "2:discard:QC", "0:stock"]
    assert seen[2][: len(seen[1]) + 1] == [*seen[1], "0:discard:2S"]
    assert seen[3][-1] == "0:stock" and len(seen[3]) > len(seen[2])
    assert "Could not save" not in result.output


def test_a_killed_game_loses_at_most_the_last_move(tmp_path: Path) -> None:
    process = _start(["play", "chinchon", "--seed", "3", "--save", "g.json"], tmp_path)
    assert process.stdin is not None
    _read_until(process, b"(d)? ")
    process.stdin.write(b"s\n")
    process.stdin.flush()
    _read_until(process, b"a name)? ")
    process.send_signal(signal.SIGKILL)
    process.communicate(timeout=60)
    assert _actions(tmp_path / "g.json")[-1] == "0:stock"


def _lose_the_folder_after_your_first_move(tmp_path: Path, then: list[str]) -> Strategy:
    """Draw, then replace the folder of ``--save`` by a file, discard, and answer ``then``
    from the end of the game on (then the end of the input)."""
    folder = tmp_path / "sub"
    moves = ["s", "1"]

    def answer(prompt: str, recent: str) -> str | None:
        if prompt.startswith(("Draw", "Discard")):
            if not moves:
                return "quit"
            if moves[0] == "1":
                shutil.rmtree(folder)
                folder.write_text("now a file", encoding="utf-8")
            return moves.pop(0)
        return then.pop(0) if then else None

    return Strategy(answer)


@pytest.mark.parametrize(
    ("answers", "status", "saved_to"),
    [
        ([""], 0, "chinchon-3.json"),  # Enter: the name offered
        (["elsewhere"], 0, "elsewhere.json"),
        ([], 0, "chinchon-3.json"),  # the end of the input: the name offered
        (["n"], 1, None),  # nothing saved anywhere
    ],
)
def test_when_the_save_fails_at_the_end_another_file_is_offered(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    answers: list[str],
    status: int,
    saved_to: str | None,
) -> None:
    (tmp_path / "sub").mkdir()
    args = ["play", "chinchon", "--seed", "3", "--save", "sub/g.json"]
    script = _lose_the_folder_after_your_first_move(tmp_path, list(answers))
    result = run(monkeypatch, tmp_path, args, script)
    assert result.status == status, result.output
    out = result.output
    assert "Traceback" not in out + result.errors
    # said once, after the first move that could not be saved
    assert out.count("Could not save the game to sub/g.json (there is no folder sub)") == 1
    assert "Not saved: cannot write sub/g.json: there is no folder sub." in out
    assert "The game can be saved to another file (chinchon-3.json)." in out
    if answers:
        assert "Save the game log? Type a file name, Enter for chinchon-3.json, or n:" in out
    else:
        assert "The input has ended, so the game is saved without asking." in out
    if saved_to is None:
        assert out.rstrip().endswith("Not saved.")
        assert not list(tmp_path.glob("*.json"))
    else:
        assert f"Saved the game to {saved_to}." in out
        assert "0:discard:2S" in _actions(tmp_path / saved_to)  # the whole game so far


def test_nothing_saved_anywhere_at_the_end_of_the_input_exits_1(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "sub").mkdir()
    args = ["play", "chinchon", "--seed", "3", "--save", str(tmp_path / "sub" / "g.json")]
    with unwritable(tmp_path / "here") as here:  # the current folder: no default save either
        script = _lose_the_folder_after_your_first_move(tmp_path, [])
        result = run(monkeypatch, here, args, script)
    assert result.status == 1, result.output
    assert "The input has ended, so the game is saved without asking." in result.output
    assert "Not saved: cannot write chinchon-3.json: " in result.output
    assert not list(here.iterdir())


def test_a_save_that_works_again_is_said_once(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    folder = tmp_path / "sub"
    folder.mkdir()
    moves = ["s", "1", "s", "1", "quit"]

    def answer(prompt: str, recent: str) -> str | None:
        if len(moves) == 4:  # the folder is gone while you discard, back for your next draw
            shutil.rmtree(folder)
        if len(moves) == 3:
            folder.mkdir()
        return moves.pop(0) if moves else None

    args = ["play", "chinchon", "--seed", "3", "--save", "sub/g.json"]
    result = run(monkeypatch, tmp_path, args, Strategy(answer))
    assert result.status == 0, result.output
    assert result.output.count("Could not save the game to sub/g.json") == 1
    assert result.output.count("The game is saved to sub/g.json again.") == 1
    assert "Saved the game to sub/g.json." in result.output
