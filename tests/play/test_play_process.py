"""``pnp play`` as a real process: end of input, Ctrl-C, exit codes, no tracebacks."""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import ROOT


def _start(args: list[str], folder: Path) -> subprocess.Popen[bytes]:
    environment = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
        "NO_COLOR": "1",
    }
    return subprocess.Popen(
        [sys.executable, "-m", "pnp", *args],
        cwd=folder,
        env=environment,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        # A test run started in the background inherits an ignored SIGINT; give the
        # player's process the default, as a terminal would.
        preexec_fn=_default_sigint,
    )


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _read_until(process: subprocess.Popen[bytes], marker: bytes, seconds: float = 120) -> bytes:
    """The process's output up to ``marker`` (a generous deadline: a busy CI machine may be
    slow to start Python, and this test is about behaviour, not speed)."""
    assert process.stdout is not None
    seen = b""
    deadline = time.monotonic() + seconds
    while marker not in seen:
        assert time.monotonic() < deadline, seen.decode()
        ready, _, _ = select.select([process.stdout], [], [], 0.5)
        if ready:
            chunk = os.read(process.stdout.fileno(), 65536)
            assert chunk, seen.decode()
            seen += chunk
    return seen


def test_end_of_input_mid_game_saves_and_exits_cleanly(tmp_path: Path) -> None:
    process = _start(["play", "chinchon", "--seed", "1"], tmp_path)
    output, errors = process.communicate(b"s\n", timeout=60)
    text = output.decode()
    assert process.returncode == 0, errors.decode()
    assert errors == b""
    assert "The input has ended. The game stops here." in text
    assert "Saved the game to chinchon-1.json.\nResume it with: pnp play --resume" in text
    saved = json.loads((tmp_path / "chinchon-1.json").read_text(encoding="utf-8"))
    assert saved["play"]["human"] == 0 and saved["actions"]


def test_ctrl_c_stops_the_game_offers_to_save_and_exits_130(tmp_path: Path) -> None:
    process = _start(["play", "chinchon", "--seed", "1"], tmp_path)
    seen = _read_until(process, b"(d)? ")
    process.send_signal(signal.SIGINT)
    seen += _read_until(process, b"or n: ")
    rest, errors = process.communicate(b"after-ctrl-c.json\n", timeout=60)
    output = seen + rest
    assert process.returncode == 130
    assert b"Traceback" not in errors + output
    assert b"Interrupted. The game stops here." in output
    assert b"Saved the game to after-ctrl-c.json." in output
    assert (tmp_path / "after-ctrl-c.json").exists()


def test_usage_errors_and_help(tmp_path: Path) -> None:
    process = _start(["play", "chinchon", "--bot", "clever"], tmp_path)
    _, errors = process.communicate(timeout=60)
    assert process.returncode == 2
    assert b"invalid choice: 'clever'" in errors
    process = _start(["play", "--help"], tmp_path)
    output, _ = process.communicate(timeout=60)
    assert process.returncode == 0
    assert b"--auto" in output and b"--resume FILE" in output and b"--variant NAME" in output


def test_the_new_games_end_cleanly_at_the_end_of_the_input(tmp_path: Path) -> None:
    for game, answers in (("joes-bar", b"1\n1\n"), ("music-game-thingy", b"1\n1\n1\n")):
        process = _start(["play", game, "--seed", "2"], tmp_path)
        output, errors = process.communicate(answers, timeout=120)
        text = output.decode()
        assert process.returncode == 0, errors.decode()
        assert errors == b"" and "Traceback" not in text
        assert "The input has ended. The game stops here." in text
        saved = json.loads((tmp_path / f"{game}-2.json").read_text(encoding="utf-8"))
        assert saved["game"] == game and saved["actions"]


@pytest.mark.probe
@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_a_game_stopped_by_a_signal_is_saved_without_asking(
    tmp_path: Path, stop: signal.Signals
) -> None:
    """SIGTERM (a shutdown) or SIGHUP (the terminal closed) mid-game: nobody may be there
    to answer, so the unfinished game is saved to the default file, and it resumes."""
    process = _start(["play", "chinchon", "--seed", "1"], tmp_path)
    _read_until(process, b"Draw from the stock")
    process.send_signal(stop)
    output, errors = process.communicate(timeout=60)
    assert process.returncode == 128 + stop, errors.decode()
    assert errors.decode().strip() == f"pnp play: stopped ({stop.name})."
    assert "Traceback" not in output.decode()
    told = " ".join(output.decode().split())
    assert f"Stopped ({stop.name}): the game is saved to chinchon-1.json." in told
    saved = json.loads((tmp_path / "chinchon-1.json").read_text(encoding="utf-8"))
    assert saved["game"] == "chinchon" and saved["seed"] == 1
    resumed = _start(["play", "--resume", "chinchon-1.json"], tmp_path)
    output, errors = resumed.communicate(b"quit\nn\n", timeout=60)
    assert "Resuming the saved game" in output.decode(), errors.decode()
