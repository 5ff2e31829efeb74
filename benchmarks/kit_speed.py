"""Benchmark: build the whole print-and-play kit (every game, A4 and Letter,
PDFs only) and print seconds in total, per card side, and PDF size per 100
cards. Run by hand: ``.venv/bin/python benchmarks/kit_speed.py [--jobs N]``."""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from pnp.build import build
from pnp.catalog import load_catalog
from pnp.kit.pdf import KitOptions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--jobs", type=int, default=None, help="worker processes (default: cores)")
    parser.add_argument("--repeat", type=int, default=3, help="runs; the best is reported")
    args = parser.parse_args()
    catalog = load_catalog(Path(__file__).resolve().parents[1] / "cards")
    best = float("inf")
    with tempfile.TemporaryDirectory() as folder:
        for _ in range(args.repeat):
            started = time.perf_counter()
            result = build(
                catalog, catalog.games, ["a4", "letter"], KitOptions(), Path(folder),
                images=False, jobs=args.jobs, show_progress=False,
            )  # fmt: skip
            best = min(best, time.perf_counter() - started)
        sizes = {path.name: path.stat().st_size for path in result.files}
    cards = sum(card.count for game in catalog.games for deck in game.decks for card in deck.cards)
    # every card side is drawn four times: per-game and combined kit, on two papers
    sides = result.card_sides * 4
    print(f"physical cards: {cards}; card sides drawn: {sides}")
    print(f"whole kit, PDFs only: {best:.2f} s (best of {args.repeat}, jobs={args.jobs or 'all'})")
    print(f"per card side: {1000 * best / sides:.2f} ms")
    for game in catalog.games:
        game_cards = sum(card.count for deck in game.decks for card in deck.cards)
        size = sizes[f"{game.id}-a4.pdf"]
        per_hundred = size / game_cards * 100 / 1e6
        print(f"  {game.id}: {size / 1024:,.0f} KiB for {game_cards} cards, "
              f"{per_hundred:.2f} MB per 100 cards")  # fmt: skip


if __name__ == "__main__":
    main()
