"""Benchmark: build the whole print-and-play kit (every game, A4 and Letter,
PDFs only) and print seconds in total, per card side, and PDF size per 100
cards; then what the printable extras and the rules booklets add.

Run by hand: ``.venv/bin/python benchmarks/kit_speed.py [--jobs N] [--repeat N] [--cpu]``.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from unittest import mock

from pnp.build import build
from pnp.catalog import load_catalog
from pnp.kit.pdf import KitOptions

ROOT = Path(__file__).resolve().parents[1]


def best_of(repeat: int, run: Callable[[], object]) -> float:
    """The best wall-clock seconds of ``repeat`` runs; with ``--cpu``, the best
    processor seconds of this process (use with ``--jobs 1``, when every job runs
    here): a figure other programs on a busy machine hardly move."""
    clock = time.process_time if CPU else time.perf_counter
    best = float("inf")
    for _ in range(repeat):
        started = clock()
        run()
        best = min(best, clock() - started)
    return best


CPU = False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--jobs", type=int, default=None, help="worker processes (default: cores)")
    parser.add_argument("--repeat", type=int, default=3, help="runs; the best is reported")
    parser.add_argument("--cpu", action="store_true",
                        help="processor seconds instead of wall-clock (give --jobs 1)")  # fmt: skip
    args = parser.parse_args()
    global CPU
    CPU = args.cpu
    catalog = load_catalog(ROOT / "cards")
    papers = ["a4", "letter"]
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)

        def kit(booklets: bool = False) -> object:
            return build(catalog, catalog.games, papers, KitOptions(), out, images=False,
                         jobs=args.jobs, show_progress=False, booklets=booklets)  # fmt: skip

        whole = best_of(args.repeat, kit)
        result = build(catalog, catalog.games, papers, KitOptions(), out, images=False,
                       jobs=args.jobs, show_progress=False)  # fmt: skip
        sizes = {path.name: path.stat().st_size for path in result.files}
        with mock.patch("pnp.kit.extras.extras_for", lambda game, options: []):
            without_extras = best_of(args.repeat, kit)
        with_booklets = best_of(args.repeat, lambda: kit(booklets=True))
        kinds = {"rules", "booklet"}
        booklet_files = [p for p in out.glob("pnp/*.pdf") if kinds & set(p.stem.split("-"))]
    cards = sum(card.count for game in catalog.games for deck in game.decks for card in deck.cards)
    # every card side is drawn four times: per-game and combined kit, on two papers
    sides = result.card_sides * 4
    jobs = f"{args.jobs or 'all'}{', processor seconds' if args.cpu else ''}"
    print(f"physical cards: {cards}; card sides drawn: {sides}")
    print(f"whole kit, PDFs only: {whole:.2f} s (best of {args.repeat}, jobs={jobs})")
    print(f"per card side: {1000 * whole / sides:.2f} ms")
    print(f"  of which the printable extras: {whole - without_extras:+.2f} s "
          f"(kit without them: {without_extras:.2f} s)")  # fmt: skip
    print(f"with the {len(booklet_files)} rules booklets: {with_booklets:.2f} s "
          f"(the booklets add {with_booklets - whole:+.2f} s)")  # fmt: skip
    for game in catalog.games:
        game_cards = sum(card.count for deck in game.decks for card in deck.cards)
        size = sizes[f"{game.id}-a4.pdf"]
        per_hundred = size / game_cards * 100 / 1e6
        print(f"  {game.id}: {size / 1024:,.0f} KiB for {game_cards} cards, "
              f"{per_hundred:.2f} MB per 100 cards")  # fmt: skip


if __name__ == "__main__":
    main()
