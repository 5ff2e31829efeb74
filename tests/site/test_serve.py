"""`pnp site --serve` refuses an address it cannot serve on in a sentence, before staging
anything, and leaves no temporary folder and no server behind however it ends."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.processes import DEADLINE, alive, children, only_with_proc

pytestmark = [only_with_proc, pytest.mark.probe]


def _serve(address: str, kit: Path, temporary: Path) -> subprocess.Popen[str]:
    temporary.mkdir(exist_ok=True)
    return subprocess.Popen(
        [sys.executable, "-m", "pnp", "site", "--serve", "--kit", str(kit), "--address", address],
        cwd=ROOT, env=dict(os.environ, TMPDIR=str(temporary)), text=True,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
    )  # fmt: skip


def test_a_port_in_use_is_one_sentence_before_anything_is_staged(tmp_path: Path) -> None:
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        address = f"127.0.0.1:{other.getsockname()[1]}"
        server = _serve(address, tmp_path / "no-kit", tmp_path / "temporary")
        _, errors = server.communicate(timeout=60)
    assert server.returncode == 2, errors
    assert errors.splitlines() == [
        f"pnp site --serve: {address} is in use by another program; "
        "choose another with --address HOST:PORT"
    ]
    assert list((tmp_path / "temporary").iterdir()) == []


def test_an_address_that_is_not_host_and_port_is_one_sentence(tmp_path: Path) -> None:
    server = _serve("localhost", tmp_path / "no-kit", tmp_path / "temporary")
    _, errors = server.communicate(timeout=60)
    assert server.returncode == 2, errors
    assert len(errors.splitlines()) == 1
    assert errors.startswith("pnp site --serve: --address 'localhost' is not HOST:PORT")
    assert list((tmp_path / "temporary").iterdir()) == []


def _serving(kit: Path, temporary: Path) -> tuple[subprocess.Popen[str], dict[int, str]]:
    """``pnp site --serve`` on a free port, once it answers; and its mkdocs process."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = _serve(f"127.0.0.1:{port}", kit, temporary)
    deadline = time.monotonic() + 180
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5):
                break
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                os.killpg(server.pid, signal.SIGKILL)
                pytest.fail(f"pnp site --serve did not answer: {server.communicate()[1]}")
            time.sleep(0.5)
    made = [path.name for path in temporary.iterdir()]
    assert any(name.startswith("pnp-site-") for name in made), made
    return server, children(server.pid)


def _wait_until_cleaned_up(temporary: Path, mkdocs: dict[int, str], since: float) -> None:
    """Wait until the server has ended and the temporary folders are gone."""
    while (alive(mkdocs) or list(temporary.iterdir())) and time.monotonic() < since + DEADLINE:
        time.sleep(0.1)
    left = alive(mkdocs)
    for pid in left:  # not to leave a server to the next tests
        os.kill(pid, signal.SIGKILL)
    assert left == [], "mkdocs outlived pnp site --serve"
    assert list(temporary.iterdir()) == []


def test_ctrl_c_stops_serve_and_removes_its_temporary_folders(kit: Path, tmp_path: Path) -> None:
    server, mkdocs = _serving(kit, tmp_path / "temporary")
    os.kill(server.pid, signal.SIGINT)  # as Ctrl-C: to the command (mkdocs is told by it)
    signalled = time.monotonic()
    _, errors = server.communicate(timeout=60)
    _wait_until_cleaned_up(tmp_path / "temporary", mkdocs, signalled)
    assert server.returncode == 130, errors
    assert errors.splitlines()[-1] == "Interrupted."
    assert "Traceback" not in errors


def test_mkdocs_stops_and_cleans_up_by_itself_after_sigkill(kit: Path, tmp_path: Path) -> None:
    server, mkdocs = _serving(kit, tmp_path / "temporary")
    os.kill(server.pid, signal.SIGKILL)
    signalled = time.monotonic()
    server.wait()
    _wait_until_cleaned_up(tmp_path / "temporary", mkdocs, signalled)
