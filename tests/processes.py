"""Finding a command's child processes and waiting for them to end, through Linux's
/proc (the tests that use these are skipped elsewhere)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

#: Whether this system has /proc as these helpers read it.
HAS_PROC = Path("/proc/self/stat").is_file()
only_with_proc = pytest.mark.skipif(not HAS_PROC, reason="finds processes through /proc")

#: How long to wait for processes to end: only there to stop a test that would hang
#: (far less than the jobs of the commands tested would take), not a measure of speed.
DEADLINE = 10.0


def _stat(pid: int) -> list[str] | None:
    """The fields of ``/proc/<pid>/stat`` after the name (state, parent, ...)."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text.rsplit(")", 1)[1].split()


def children(parent: int) -> dict[int, str]:
    """The child processes of ``parent``, each with its start time (to tell it from a
    later process given the same number)."""
    found = {}
    for entry in Path("/proc").iterdir():
        fields = _stat(int(entry.name)) if entry.name.isdigit() else None
        if fields is not None and int(fields[1]) == parent:
            found[int(entry.name)] = fields[19]
    return found


def alive(processes: dict[int, str]) -> list[int]:
    """Those of ``processes`` still running (a zombie has exited)."""
    running = []
    for pid, started in processes.items():
        fields = _stat(pid)
        if fields is not None and fields[19] == started and fields[0] != "Z":
            running.append(pid)
    return running


def wait_until_gone(processes: dict[int, str], since: float) -> list[int]:
    """Wait until ``processes`` have ended, at most :data:`DEADLINE` seconds from
    ``since`` (a ``time.monotonic()``); those still running then."""
    while alive(processes) and time.monotonic() < since + DEADLINE:
        time.sleep(0.1)
    return alive(processes)
