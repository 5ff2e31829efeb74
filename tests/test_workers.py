"""Worker processes never outlive the command that started them: real commands stopped
with real signals (SIGTERM, SIGINT, and SIGKILL, after which the workers notice by
themselves), and the pool stopping its running jobs when its block fails."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from pnp.workers import pool
from tests.conftest import ROOT
from tests.processes import alive, children, only_with_proc, wait_until_gone

pytestmark = [only_with_proc, pytest.mark.probe]

Start = Callable[..., tuple[subprocess.Popen[str], dict[int, str]]]


@pytest.fixture
def started() -> Iterator[Start]:
    """Start ``pnp ARGUMENTS`` in a session of its own and wait for its two workers;
    whatever is left of the session is killed after the test."""
    sessions: list[int] = []

    def start(*arguments: str) -> tuple[subprocess.Popen[str], dict[int, str]]:
        command = subprocess.Popen(
            [sys.executable, "-m", "pnp", *arguments],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            start_new_session=True,
        )  # fmt: skip
        sessions.append(command.pid)
        deadline = time.monotonic() + 60
        workers: dict[int, str] = {}
        while len(workers) < 2:
            if command.poll() is not None or time.monotonic() > deadline:
                os.killpg(command.pid, signal.SIGKILL)
                errors = command.communicate()[1]
                pytest.fail(f"pnp {arguments[0]} started no workers: {errors[-3000:]}")
            time.sleep(0.1)
            workers = children(command.pid)
        return command, workers

    yield start
    for session in sessions:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(session, signal.SIGKILL)


#: ``pnp verify`` with more games than it plays in the time of a test.
VERIFY = ("verify", "--jobs", "2", "--games", "2000", "--game", "chin-music",
          "--evidence", "0")  # fmt: skip


def test_sigterm_stops_verify_and_its_workers(started: Start, tmp_path: Path) -> None:
    command, workers = started(*VERIFY, "--out", str(tmp_path))
    os.kill(command.pid, signal.SIGTERM)  # the command only, not its process group
    signalled = time.monotonic()
    assert wait_until_gone(workers, signalled) == [], "workers outlived their command"
    _, errors = command.communicate(timeout=60)
    assert command.returncode == 143, errors
    assert errors.splitlines() == ["pnp verify: stopped (SIGTERM)."]


def test_workers_exit_by_themselves_after_sigkill_of_verify(started: Start, tmp_path: Path) -> None:
    command, workers = started(*VERIFY, "--out", str(tmp_path))
    os.kill(command.pid, signal.SIGKILL)
    signalled = time.monotonic()
    assert wait_until_gone(workers, signalled) == [], "workers outlived their command"
    command.communicate(timeout=60)


def test_ctrl_c_stops_build_and_its_workers_and_leaves_no_part_of_a_file(
    started: Start, tmp_path: Path
) -> None:
    out = tmp_path / "dist"
    command, workers = started("build", "--jobs", "2", "--out", str(out))
    time.sleep(1)  # into the PDFs' jobs, which take far longer than the deadline
    os.kill(command.pid, signal.SIGINT)
    signalled = time.monotonic()
    assert wait_until_gone(workers, signalled) == [], "workers outlived their command"
    _, errors = command.communicate(timeout=60)
    assert command.returncode == 130, errors
    assert errors.splitlines() == ["Interrupted."]
    assert list(out.rglob("*.tmp")) == []


def _sleep_then_note(note: Path) -> None:
    try:
        note.with_suffix(".started").touch()
        time.sleep(60)
    finally:
        note.touch()


def test_a_failing_block_stops_the_running_jobs_at_once(tmp_path: Path) -> None:
    """The pool does not wait for running jobs when its block fails; each job unwinds
    (its ``finally`` runs) and its worker exits."""
    notes = [tmp_path / "first", tmp_path / "second"]
    began = time.monotonic()
    others = children(os.getpid())  # of earlier tests (a resource tracker, ...)
    with pytest.raises(RuntimeError), pool(2) as executor:
        for note in notes:
            executor.submit(_sleep_then_note, note)
        while not all(note.with_suffix(".started").exists() for note in notes):
            assert time.monotonic() < began + 60, "the jobs did not start"
            time.sleep(0.05)
        workers = {pid: started for pid, started in children(os.getpid()).items()
                   if pid not in others}  # fmt: skip
        assert len(workers) == 2
        raise RuntimeError("the caller failed")
    assert time.monotonic() - began < 30  # the jobs would have run a minute
    assert all(note.exists() for note in notes)
    assert alive(workers) == []
