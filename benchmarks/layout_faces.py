"""Benchmark: card sides drawn per second through the generic face (a layout as
complex as Chin Music's Bout front: fill, frame, a label, a panel with the word shrunk
to fit, a badge with the Boast value and its label) against today's Python face
(``bout_front``), on the 36 Bout cards; drawing only, and drawing with the PDF saved.
The goal: the generic face costs no more than 1.5 times the Python face.

Run by hand: ``.venv/bin/python benchmarks/layout_faces.py [--rounds N] [--repeat N]``.
Prints figures (the best of ``--repeat`` runs, processor seconds of this process, which
other work on a busy machine hardly moves); asserts nothing.
"""

from __future__ import annotations

import argparse
import io
import shutil
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from pnp.catalog import Game, load_catalog
from pnp.kit.faces import FACES, FaceContext, FaceDesign, FaceOptions, design_for
from pnp.kit.fonts import new_canvas
from pnp.kit.geometry import MM, Edges

ROOT = Path(__file__).resolve().parents[1]
#: The Bout front as a layout, drawn as ``bout_front`` draws it where data can say it.
BOUT_LAYOUT = """
palette:
  paper: "#f4e9d8"
  ink: "#2a1a14"
  red: "#7a1f1f"
  panel: "#fffaf0"
styles:
  label: {font: body-bold, size: 8, colour: red, align: centre, wrap: false}
  word: {font: display, size: 26, min_size: 12, colour: ink, align: centre, valign: middle,
         wrap: false}
  boast: {font: display, size: 30, colour: paper, align: centre, valign: middle, wrap: false}
layouts:
  bout:
    front:
      - {fill: paper}
      - {frame: {inset: 2.2, stroke: red, width: 1.2, radius: 2.5}}
      - {text: BOUT, box: [3, 3.5, 57, 4], style: label}
      - {shape: roundrect, box: [4.5, 21, 54, 30], fill: panel, stroke: ink, width: 1.4,
         radius: 4}
      - {text: "{word}", box: [7, 24, 49, 24], style: word}
      - {text: BOAST, box: [21.5, 58, 20, 4], style: label}
      - {shape: circle, box: [21.5, 63.5, 20, 20], fill: red, stroke: red}
      - {text: "{boast}", box: [21.5, 63.5, 20, 20], style: boast}
"""


def best_alternating(repeat: int, runs: dict[str, Callable[[], object]]) -> dict[str, float]:
    """The best processor seconds of each run, the runs taking turns ``repeat`` times (so
    that a busy spell of the machine slows all of them, not one)."""
    best = dict.fromkeys(runs, float("inf"))
    for _ in range(repeat):
        for name, run in runs.items():
            started = time.process_time()
            run()
            best[name] = min(best[name], time.process_time() - started)
    return best


def draw_all(game: Game, design: FaceDesign, rounds: int, save: bool) -> int:
    """Draw every Bout front ``rounds`` times on one canvas; the sides drawn."""
    deck = game.deck("bout")
    width, height = deck.spec.size.width * MM, deck.spec.size.height * MM
    bleed = 3 * MM
    buffer = io.BytesIO()
    canvas: Canvas = new_canvas(buffer, (width + 2 * bleed, height + 2 * bleed))
    context = FaceContext(game, deck, FaceOptions(), width, height, Edges.even(bleed))
    sides = 0
    for _ in range(rounds):
        for card in deck.cards:
            canvas.saveState()
            canvas.translate(bleed, bleed)
            design.front(canvas, card, context)
            canvas.restoreState()
            canvas.showPage()
            sides += 1
    if save:
        canvas.save()
    return sides


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=10, help="times through the 36 cards")
    parser.add_argument("--repeat", type=int, default=5, help="runs; the best is reported")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        cards = Path(folder) / "cards"
        shutil.copytree(ROOT / "cards" / "chin-music", cards / "chin-music")
        (cards / "chin-music" / "layouts.yaml").write_text(BOUT_LAYOUT, encoding="utf-8")
        game = load_catalog(cards).game("chin-music")
        generic = design_for(game, game.deck("bout"))
        python = FACES["bout"]
        assert generic is not python
        sides = draw_all(game, python, 1, save=False)  # (fonts registered, caches warm)
        draw_all(game, generic, 1, save=False)
        sides *= args.rounds
        figures: dict[str, dict[str, float]] = {}
        for save in (False, True):
            runs: dict[str, Callable[[], object]] = {
                name: partial(draw_all, game, design, args.rounds, save)
                for name, design in (("python face", python), ("generic face", generic))
            }
            figures["saved" if save else "drawn"] = best_alternating(args.repeat, runs)
    print(f"{sides} Bout fronts a run, best of {args.repeat} runs, processor seconds")
    for what, by_face in figures.items():
        label = "drawing only" if what == "drawn" else "drawing and saving the PDF"
        print(f"{label}:")
        for name, seconds in by_face.items():
            rate, each = sides / seconds, 1000 * seconds / sides
            print(f"  {name:13s} {rate:8.0f} sides/s  {each:6.3f} ms a side")
        ratio = by_face["generic face"] / by_face["python face"]
        print(f"  generic / python: {ratio:.2f}x (goal: at most 1.5x)")


if __name__ == "__main__":
    main()
