"""``pnp table``: it serves on this computer at the first free port, says where, warns when
served beyond it, and stops cleanly on Ctrl-C."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request

import pytest

from pnp.table.cli import DEFAULT_PORT, PORTS_TRIED, bind
from tests.conftest import CARDS, ROOT

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="sends SIGINT")


def start(*args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen(
        [sys.executable, "-m", "pnp", "table", "--cards", str(CARDS), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def first_line(process: subprocess.Popen[str]) -> str:
    """The first line the command prints, once the server answers at the address in it."""
    assert process.stdout is not None
    line = process.stdout.readline()
    assert line, process.stderr.read() if process.stderr else ""
    address = line.split()[4]
    deadline = time.monotonic() + 20
    while True:
        try:
            with urllib.request.urlopen(f"{address}api/games", timeout=5) as answer:
                assert answer.status == 200
            return line
        except OSError:
            assert time.monotonic() < deadline, "the server did not answer"
            time.sleep(0.2)


def test_serves_says_where_and_stops_on_ctrl_c() -> None:
    taken = bind("127.0.0.1", None)  # hold the first free port: the table takes the next
    try:
        process = start()
        try:
            line = first_line(process)
            # the next free port after the one held (another program may hold the very next)
            address = line.split()[4]
            port = int(address.rstrip("/").rsplit(":", 1)[1])
            assert taken.getsockname()[1] < port < DEFAULT_PORT + PORTS_TRIED
            assert line.startswith(f"The table is at http://127.0.0.1:{port}/ ")
            with urllib.request.urlopen(f"{address}api/games", timeout=5) as answer:
                games = json.load(answer)
            assert "chinchon" in [game["id"] for game in games["games"]]
        finally:
            process.send_signal(signal.SIGINT)
            out, err = process.communicate(timeout=20)
    finally:
        taken.close()
    assert process.returncode == 0, err
    assert "Traceback" not in err
    assert out.strip().endswith("The table is closed.")


def test_warns_beyond_this_computer() -> None:
    process = start("--host", "0.0.0.0")
    try:
        assert "http://0.0.0.0:" in first_line(process)
    finally:
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=20)
    assert "anyone on the network" in err
    assert process.returncode == 0


def test_a_taken_port_is_refused_with_a_sentence() -> None:
    taken = bind("127.0.0.1", None)
    try:
        port = taken.getsockname()[1]
        result = subprocess.run(
            [sys.executable, "-m", "pnp", "table", "--cards", str(CARDS), "--port", str(port)],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            timeout=60,
        )
    finally:
        taken.close()
    assert result.returncode == 2
    assert result.stderr.startswith(f"pnp table: cannot serve on 127.0.0.1 port {port}: ")
    assert "Traceback" not in result.stderr


def test_the_default_port_comes_first() -> None:
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", DEFAULT_PORT))
        except OSError:
            pytest.skip(f"port {DEFAULT_PORT} is in use on this machine")
    sock = bind("127.0.0.1", None)
    try:
        assert sock.getsockname()[1] == DEFAULT_PORT
    finally:
        sock.close()


def test_answers_on_a_kept_connection_are_not_held_back() -> None:
    """Without TCP_NODELAY every answer on a kept-alive connection (a browser's) waited
    about 40 ms for the client's delayed acknowledgement (benchmarks/table.py)."""
    sock = bind("127.0.0.1", None)
    try:
        assert sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
        accepting = socket.create_connection(sock.getsockname()[:2])
        accepted, _ = sock.accept()
        try:
            assert accepted.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
        finally:
            accepted.close()
            accepting.close()
    finally:
        sock.close()
