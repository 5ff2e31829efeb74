"""Benchmark: how long loading and checking takes for a deck of 500 cards of a kind
declared in data (kinds.yaml), kept as a CSV file, an XLSX workbook and YAML. Prints
seconds (median, best and worst of the runs) and asserts nothing.

Run by hand: ``.venv/bin/python benchmarks/validate_csv.py [--cards N] [--repeat N]``.

Each run loads the whole cards folder, a temporary one holding the one game, with
:func:`pnp.catalog.load_catalog`, as ``pnp validate`` does (without the fonts' check,
which a kind declared in data does not have yet); for the CSV deck, ``pnp validate`` is
also timed as a whole process (start-up and imports included). The cards have every field type but
images: a name, a cost, a school, a paragraph of effect text, icons, a colour, a flag and
a number, some left empty; one card in five has two copies (a ``count`` column).
"""

from __future__ import annotations

import argparse
import csv
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from openpyxl import Workbook

from pnp.catalog import load_catalog

ROOT = Path(__file__).resolve().parents[1]

GAME = """title: Benchmark
summary: A game made only to measure the loader on a spreadsheet deck.
players: {{min: 2, max: 4}}
source: {{title: None, file: none.pdf}}
credits: [{{name: Nobody, role: benchmark}}]
provenance: {{origin: designed, note: Made by the benchmark.}}
decks:
  spells:
    title: Spell cards
    file: {file}
    kind: spell
    count: {count}
    size: {{width: 63, height: 88}}
    back: {{title: Spells, motif: stars, colour: "#1d2a3a", ink: "#f0c35a"}}
    provenance: {{origin: designed, note: Made by the benchmark.}}
"""

KINDS = """kinds:
  spell:
    noun: spell
    label: "{name}"
    fields:
      name:   {type: text, required: true, max_length: 40}
      cost:   {type: integer, min: 0, max: 10, required: true}
      school: {type: choice, choices: [fire, water, air, earth]}
      effect: {type: text, paragraph: true}
      icons:  {type: icons}
      tint:   {type: colour}
      rare:   {type: boolean}
      power:  {type: number, min: 0, max: 10}
"""

COLUMNS = ["id", "name", "cost", "school", "effect", "icons", "tint", "rare", "power", "count"]
SCHOOLS = ["fire", "water", "air", "earth"]


def rows(cards: int) -> list[dict[str, Any]]:
    """The cards, as the columns of a sheet (None where a cell is empty)."""
    made = []
    for index in range(cards):
        made.append(
            {
                "id": f"spell-{index:04d}",
                "name": f"Spell number {index}",
                "cost": index % 11,
                "school": SCHOOLS[index % 4] if index % 7 else None,
                "effect": f"Deal {index % 5} damage to a player of your choice, then draw "
                "a card. If it is a spell of the same school, play it at once.",
                "icons": "hit, hit, reach" if index % 3 == 0 else None,
                "tint": f"#{index % 256:02x}40a0" if index % 2 else None,
                "rare": index % 10 == 0,
                "power": (index % 20) / 2,
                "count": 2 if index % 5 == 0 else None,
            }
        )
    return made


def physical(cards: list[dict[str, Any]]) -> int:
    return sum(card["count"] or 1 for card in cards)


def write_game(folder: Path, cards: list[dict[str, Any]], file: str) -> None:
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(GAME.format(file=file, count=physical(cards)))
    (folder / "kinds.yaml").write_text(KINDS)
    path = folder / file
    if file.endswith(".csv"):
        with path.open("w", newline="", encoding="utf-8") as stream:
            writer = csv.writer(stream)
            writer.writerow(COLUMNS)
            for card in cards:
                writer.writerow(["" if card[c] is None else _cell(card[c]) for c in COLUMNS])
    elif file.endswith(".xlsx"):
        workbook = Workbook()
        sheet = workbook.active
        assert sheet is not None
        sheet.title = "Spells"
        sheet.append(COLUMNS)
        for card in cards:
            sheet.append([card[column] for column in COLUMNS])
        workbook.save(path)
    else:
        lines = ["cards:"]
        for card in cards:
            fields = []
            for column in COLUMNS:
                value = card[column]
                if value is None:
                    continue
                if column == "icons":
                    fields.append(f"icons: [{value}]")
                elif isinstance(value, str):
                    fields.append(f'{column}: "{value}"')
                elif isinstance(value, bool):
                    fields.append(f"{column}: {'true' if value else 'false'}")
                else:
                    fields.append(f"{column}: {value}")
            lines.append("  - {" + ", ".join(fields) + "}")
        path.write_text("\n".join(lines) + "\n")


def _cell(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def timed(run: Callable[[], object], repeat: int) -> list[float]:
    seconds = []
    for _ in range(repeat):
        started = time.perf_counter()
        run()
        seconds.append(time.perf_counter() - started)
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cards", type=int, default=500, help="cards in the deck")
    parser.add_argument("--repeat", type=int, default=9, help="runs of each measurement")
    args = parser.parse_args()
    cards = rows(args.cards)
    print(
        f"{args.cards} cards ({physical(cards)} with copies) of a kind declared in data; "
        f"{args.repeat} runs each; seconds: median (best-worst)"
    )
    with tempfile.TemporaryDirectory() as scratch:
        for file in ("spells.csv", "spells.xlsx", "spells.yaml"):
            root = Path(scratch) / file.replace(".", "-")
            write_game(root / "benchmark", cards, file)
            size = (root / "benchmark" / file).stat().st_size
            loaded = load_catalog(root).game("benchmark").deck("spells")
            assert len(loaded.cards) == args.cards, file
            seconds = timed(partial(load_catalog, root), args.repeat)
            print(
                f"  {file:<12} {size / 1024:6.1f} KiB  load and check "
                f"{statistics.median(seconds):.3f} ({min(seconds):.3f}-{max(seconds):.3f})"
            )
            if file.endswith(".csv"):
                command = [sys.executable, "-m", "pnp", "validate", "--cards", str(root)]
                run = partial(subprocess.run, command, cwd=ROOT, capture_output=True, check=True)
                whole = timed(run, max(3, args.repeat // 3))
                print(
                    f"  {file:<12} {'':10}  pnp validate, a whole process "
                    f"{statistics.median(whole):.3f} ({min(whole):.3f}-{max(whole):.3f})"
                )


if __name__ == "__main__":
    main()
