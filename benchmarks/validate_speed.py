"""Benchmark: how long ``pnp validate`` takes on the real card data, on the
largest valid data the loader's limits allow, and to refuse hostile files at
those limits. Prints seconds (best and median of the runs) and asserts nothing.

Run by hand: ``.venv/bin/python benchmarks/validate_speed.py [--repeat N]``.

The largest data: ``games`` game folders, each a game.yaml and one deck of as
many facing cards as fit (at most ``records``), their text padded so that the
whole folder is just under ``total_bytes``; every file is then under
``file_bytes``. Everything validates, glyph check included.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from pnp.catalog import CatalogError, load_catalog
from pnp.catalog.limits import KIB, LIMITS
from pnp.kit.glyphs import check_record

ROOT = Path(__file__).resolve().parents[1]

GAME = """title: Game {number}
summary: A game made only to measure the loader.
players: {{min: 2, max: 4}}
source: {{title: None, file: none.pdf}}
credits: [{{name: Nobody, role: benchmark}}]
provenance: {{origin: designed, note: Made by the benchmark.}}
decks:
  facing:
    title: Facing cards
    file: facing.yaml
    kind: facing
    count: {count}
    size: {{width: 63, height: 88}}
    back: {{title: Game {number}, motif: fists, colour: "#7a1f1f", ink: "#f4e9d8"}}
    provenance: {{origin: designed, note: Made by the benchmark.}}
"""


def largest(folder: Path) -> tuple[int, int, int]:
    """Write the largest valid cards folder the limits allow; return (files, cards, bytes)."""
    games = LIMITS.games
    head = len(GAME.format(number=99, count=LIMITS.deck_cards).encode())
    per_game = (LIMITS.total_bytes - 1024) // games - head - len("cards:\n")
    line = "  - {{id: card-{index:04d}, name: Card {index}, text: {text}}}\n"
    shortest = len(line.format(index=9999, text="x").encode())
    spare = 4  # bytes per card line, so that the folder stays under the limit
    records = min(LIMITS.records, LIMITS.deck_cards, per_game // (shortest + spare))
    budget = per_game // records - spare
    text = "Ωmega and Café " * 300
    while len(text) > 1 and len(line.format(index=9999, text=text).encode()) > budget:
        text = text[:-1]
    text = text.strip()
    total = 0
    for number in range(1, games + 1):
        game = folder / f"game-{number:02d}"
        game.mkdir(parents=True)
        (game / "game.yaml").write_text(GAME.format(number=number, count=records))
        cards = "cards:\n" + "".join(line.format(index=i, text=text) for i in range(records))
        (game / "facing.yaml").write_text(cards)
        total += sum(path.stat().st_size for path in game.iterdir())
    largest_file = max(path.stat().st_size for path in folder.glob("*/*.yaml"))
    assert total <= LIMITS.total_bytes and largest_file <= LIMITS.file_bytes, (total, largest_file)
    return games * 2, games * records, total


def hostile(folder: Path) -> None:
    """A copy of the real data whose Joe's Bar Action file holds the alias bomb of
    issue 21 (nine levels) and, in another file, the most aliases allowed."""
    import shutil

    shutil.copytree(ROOT / "cards", folder)
    action = folder / "joes-bar" / "action.yaml"
    lines = ['a0: &a0 "lol"'] + [
        f"a{level}: &a{level} [{', '.join([f'*a{level - 1}'] * 9)}]" for level in range(1, 10)
    ]
    action.write_text("\n".join(lines) + "\n" + action.read_text())
    bar = folder / "joes-bar" / "bar.yaml"
    many = "x: &x 1\nmany: [" + ", ".join(["*x"] * LIMITS.aliases) + "]\n"
    bar.write_text(many + bar.read_text())


def timed(run: Callable[[], object], repeat: int) -> tuple[float, float]:
    seconds = []
    for _ in range(repeat):
        started = time.perf_counter()
        run()
        seconds.append(time.perf_counter() - started)
    return min(seconds), statistics.median(seconds)


def validate(cards: Path) -> Callable[[], object]:
    def run() -> object:
        try:
            return load_catalog(cards, [check_record])
        except CatalogError as error:
            return error

    return run


def command(cards: Path) -> Callable[[], object]:
    def run() -> object:
        return subprocess.run(
            [sys.executable, "-m", "pnp", "validate", "--cards", str(cards)],
            cwd=ROOT, capture_output=True, check=False,
        )  # fmt: skip

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5, help="runs of each measurement")
    args = parser.parse_args()
    repeat = args.repeat
    real = ROOT / "cards"
    real_bytes = sum(path.stat().st_size for path in real.glob("*/*.yaml"))
    print(f"runs per figure: {repeat} (best / median, seconds)")
    best, median = timed(validate(real), repeat)
    print(f"real data ({real_bytes / KIB:.0f} KiB): load and check {best:.3f} / {median:.3f}")
    best, median = timed(command(real), repeat)
    print(f"real data: pnp validate, a whole process {best:.3f} / {median:.3f}")
    with tempfile.TemporaryDirectory() as scratch:
        big = Path(scratch) / "largest"
        files, cards, size = largest(big)
        outcome = validate(big)()
        assert not isinstance(outcome, CatalogError), outcome
        best, median = timed(validate(big), repeat)
        print(f"largest valid data ({files} files, {size / KIB:,.0f} KiB, "
              f"{cards:,} cards): load and check {best:.3f} / "
              f"{median:.3f}")  # fmt: skip
        best, median = timed(command(big), repeat)
        print(f"largest valid data: pnp validate, a whole process {best:.3f} / {median:.3f}")
        bad = Path(scratch) / "hostile"
        hostile(bad)
        outcome = validate(bad)()
        assert isinstance(outcome, CatalogError), "the hostile data was accepted"
        best, median = timed(validate(bad), repeat)
        print(f"real data with the nine-level alias bomb and {LIMITS.aliases:,} aliases: refused "
              f"in {best:.3f} / {median:.3f}")  # fmt: skip


if __name__ == "__main__":
    main()
