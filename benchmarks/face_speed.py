"""Benchmark: the time to draw a card side, for every deck of every game, through the face
:func:`pnp.kit.faces.design_for` gives it (a game's layout and its named elements, or a
Python face), fronts and backs as the kit draws them (one canvas, a page a side, the PDF
saved at the end).

Run by hand: ``.venv/bin/python benchmarks/face_speed.py [--rounds N] [--repeat N]``.
To compare with another version of the project (the Python faces before the layouts, say),
check it out beside this one and run this same script with that version first on the path:
``git worktree add /tmp/before ed519e5 && PYTHONPATH=/tmp/before .venv/bin/python
benchmarks/face_speed.py``. Prints figures (the best of ``--repeat`` runs, processor seconds
of this process); asserts nothing.
"""

from __future__ import annotations

import argparse
import io
import time
from pathlib import Path

import pnp
from pnp.catalog import Deck, Game, load_catalog
from pnp.kit.faces import FaceContext, FaceOptions, design_for
from pnp.kit.fonts import new_canvas
from pnp.kit.geometry import MM, Edges

#: The project the ``pnp`` package imported belongs to (this one, or the one on PYTHONPATH).
ROOT = Path(pnp.__file__).resolve().parents[1]
BLEED_MM = 3.0


def draw_deck(game: Game, deck: Deck, rounds: int) -> int:
    """Draw every card's front and back ``rounds`` times and save the PDF; the sides drawn."""
    design = design_for(game, deck)
    width, height = deck.spec.size.width * MM, deck.spec.size.height * MM
    bleed = BLEED_MM * MM
    canvas = new_canvas(io.BytesIO(), (width + 2 * bleed, height + 2 * bleed))
    context = FaceContext(game, deck, FaceOptions(), width, height, Edges.even(bleed))
    sides = 0
    for _ in range(rounds):
        for card in deck.cards:
            for draw in (design.front, design.back):
                canvas.saveState()
                canvas.translate(bleed, bleed)
                draw(canvas, card, context)
                canvas.restoreState()
                canvas.showPage()
                sides += 1
    canvas.save()
    return sides


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=2, help="times through each deck")
    parser.add_argument("--repeat", type=int, default=5, help="runs; the best is reported")
    args = parser.parse_args()
    catalog = load_catalog(ROOT / "cards")
    print(f"project: {ROOT}; best of {args.repeat} runs, processor seconds, fronts and backs")
    everything, all_sides = 0.0, 0
    for game in catalog.games:
        best, sides = float("inf"), 0
        for deck in game.decks:
            draw_deck(game, deck, 1)  # fonts registered, caches warm
        for _ in range(args.repeat):
            started = time.process_time()
            sides = sum(draw_deck(game, deck, args.rounds) for deck in game.decks)
            best = min(best, time.process_time() - started)
        everything, all_sides = everything + best, all_sides + sides
        print(f"  {game.id:18s} {sides:5d} sides  {1000 * best / sides:6.3f} ms a side")
    each = 1000 * everything / all_sides
    print(f"  {'all games':18s} {all_sides:5d} sides  {each:6.3f} ms a side")


if __name__ == "__main__":
    main()
