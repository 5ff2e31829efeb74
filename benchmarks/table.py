"""Benchmark: how fast ``pnp table`` answers a person's move, and how much memory it takes.

Starts ``pnp table`` as its own process on a free port (the card data of ``--cards``, by
default the project's), then, for each game with an engine, plays seeded games through
the JSON interface with one person and bots at the game's default table: the person takes
a seeded random legal move each time, and every ``POST /api/tables/{table}/actions`` is
timed on the wall clock from request to parsed answer (the bots' moves until the person
must act again are part of it; there is no pacing on the server: the page paces the bots'
moves it shows). It prints, per game, the moves timed, their median, 95th percentile and
slowest time (the target is a median under 50 ms). Then it opens ``--tables`` tables (the
games in turn, each a few moves in) and prints the server's resident memory (VmRSS from
``/proc``) before and after.

Card images are not part of the figures (the page asks for them apart, and each is drawn
once). Run by hand: ``.venv/bin/python benchmarks/table.py [--moves N] [--tables N]``.
Figures measured while other work runs on the machine are noisy.
"""

from __future__ import annotations

import argparse
import random
import re
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent


def start_server(cards: Path | None) -> tuple[subprocess.Popen[str], str]:
    """``pnp table`` on a free port; the process and the address it printed."""
    with socket.socket() as probe:  # a port nobody uses now
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [sys.executable, "-m", "pnp", "table", "--port", str(port)]
    if cards is not None:
        command += ["--cards", str(cards)]
    server = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    assert server.stdout is not None
    line = server.stdout.readline()
    found = re.search(r"(http://\S+?/)", line)
    if not found:
        server.kill()
        raise SystemExit(f"pnp table did not say its address: {line!r}")
    return server, found.group(1)


def resident_mb(pid: int) -> float:
    """The resident memory of process ``pid`` in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def new_table(client: httpx.Client, game: str, seed: int) -> tuple[str, str]:
    """A table of ``game`` with a person in seat 0; its id and the person's token."""
    answer = client.post("/api/tables", json={"game": game, "humans": [0], "seed": seed})
    answer.raise_for_status()
    made = answer.json()
    return made["table"], made["tokens"]["0"]


def time_moves(client: httpx.Client, game: str, moves: int) -> list[float]:
    """Milliseconds of each of ``moves`` timed moves of ``game`` (new games as needed)."""
    times: list[float] = []
    seed = 0
    while len(times) < moves:
        table, token = new_table(client, game, seed)
        chooser = random.Random(seed)
        headers = {"Authorization": f"Bearer {token}"}
        view = client.get(f"/api/tables/{table}/view", headers=headers).json()
        while not view["over"] and view["legal"] and len(times) < moves:
            action = chooser.choice(view["legal"])["action"]
            began = time.perf_counter()
            answer = client.post(
                f"/api/tables/{table}/actions", json={"action": action}, headers=headers
            )
            view = answer.json()
            times.append((time.perf_counter() - began) * 1000)
            if answer.status_code != 200:
                raise SystemExit(f"{game}: {action!r} was refused: {view}")
        seed += 1
    return times


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--moves", type=int, default=300, help="moves timed per game")
    parser.add_argument("--tables", type=int, default=20, help="tables open for the memory")
    parser.add_argument("--cards", type=Path, help="the card data (default: the project's)")
    args = parser.parse_args(argv)
    server, address = start_server(args.cards)
    try:
        with httpx.Client(base_url=address, timeout=60) as client:
            games = [entry["id"] for entry in client.get("/api/games").json()["games"]]
            at_start = resident_mb(server.pid)
            print(f"pnp table at {address}; {args.moves} timed moves a game, one person")
            print(f"{'game':24} {'moves':>6} {'median':>8} {'95th':>8} {'slowest':>8}  (ms)")
            for game in games:
                times = sorted(time_moves(client, game, args.moves))
                p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
                print(
                    f"{game:24} {len(times):>6} {statistics.median(times):>8.1f} "
                    f"{p95:>8.1f} {times[-1]:>8.1f}"
                )
            before = resident_mb(server.pid)
            for number in range(args.tables):
                game = games[number % len(games)]
                table, token = new_table(client, game, 1000 + number)
                headers = {"Authorization": f"Bearer {token}"}
                for _ in range(5):
                    view = client.get(f"/api/tables/{table}/view", headers=headers).json()
                    if view["over"] or not view["legal"]:
                        break
                    action = view["legal"][0]["action"]
                    client.post(
                        f"/api/tables/{table}/actions", json={"action": action}, headers=headers
                    )
            after = resident_mb(server.pid)
            print(
                f"server memory: {at_start:.0f} MB at the start, {before:.0f} MB after the timed "
                f"games, {after:.0f} MB with "
                f"{args.tables} more tables open "
                f"(about {(after - before) * 1024 / args.tables:.0f} kB a table)"
            )
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main(sys.argv[1:])
