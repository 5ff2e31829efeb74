"""What the benchmarks share: the project's card data, loaded as any caller loads it."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path

from pnp.catalog import Catalog, load_catalog
from pnp.registry import LoadedGame, load_game

ROOT = Path(__file__).resolve().parents[1]
CARDS = ROOT / "cards"


def catalog(cards: Path = CARDS) -> Catalog:
    return load_catalog(cards)


def game(game_id: str, cards: Path = CARDS) -> LoadedGame:
    """A registered game bound to the card data in ``cards``."""
    return load_game(catalog(cards).game(game_id))


def callgrind(
    script: str, arguments: Sequence[str], env: Mapping[str, str] | None = None
) -> tuple[str, int]:
    """Run ``script`` with ``arguments`` under valgrind's callgrind, counting only what
    the script switches counting on for (``--instr-atstart=no``; the script calls
    ``callgrind_control -i on``), and return its standard output and the instructions
    counted. Exits with a sentence when valgrind is missing or the run fails."""
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is needed (Debian: apt-get install valgrind)")
    with tempfile.TemporaryDirectory() as folder:
        done = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                "--instr-atstart=no",
                f"--callgrind-out-file={Path(folder) / 'callgrind.out'}",
                sys.executable,
                script,
                *arguments,
            ],
            capture_output=True,
            text=True,
            check=False,
            env={**os.environ, **(env or {})},
        )
    counted = re.search(r"Collected\s*:\s*([\d,]+)", done.stderr)
    if done.returncode != 0 or counted is None:
        sys.exit(f"the run under valgrind failed:\n{done.stdout}\n{done.stderr[-2000:]}")
    return done.stdout, int(counted.group(1).replace(",", ""))


def switch_counting(on: bool) -> None:
    """Switch callgrind's counting of this process on or off."""
    state = "on" if on else "off"
    subprocess.run(["callgrind_control", "-i", state, str(os.getpid())], capture_output=True)
