"""Tuning figures for The Music Game Thingy's Tours: do Tours run the economy?

Plays ``--games`` seeded 2-year games of four shrewd labels for each design and
prints, with 95% intervals:

* what a label makes from Tours (takings less fees), from Venues and from
  records, and the Tours' share of the three;
* how often the label that made the most from Tours wins, how often the Rich
  Bastard of the last year (the richest after the first) wins, and how often a
  Tour is booked again by the label that had it last (the runaway loop of the
  first design);
* the final money and the winner's margin.

Designs compared (the same seeds for each):

1. the first Tours (``benchmarks/data/music-game-thingy-tours-first-design.yaml``)
   with no limit on Tours per label and no rest between bookings (the first
   rules);
2. the first Tours under the new rules (one Tour per label on the road, a Tour
   cannot go straight back to the label it came home from);
3. the kit's Tours (``cards/music-game-thingy/tour.yaml``) under the new rules.

``--tours FILE`` adds a candidate ``tour.yaml`` (checked by the catalog like the
real one) under the new rules. Run by hand:
``.venv/bin/python benchmarks/music_game_thingy_tours.py [--games N] [--tours FILE]``.
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from bots.core import play_game
from bots.games.music_game_thingy import MusicGameThingy, Rules
from bots.games.music_game_thingy.bots import HeuristicPlayer
from bots.games.music_game_thingy.stats import game_figures
from pnp.catalog import load_catalog
from pnp.verify.stats import difference_of_means, mean, number, percent, proportion

ROOT = Path(__file__).resolve().parents[1]
CARDS = ROOT / "cards"
GAME = "music-game-thingy"
FIRST_DESIGN = ROOT / "benchmarks" / "data" / "music-game-thingy-tours-first-design.yaml"
#: The first rules: any number of Tours per label, straight back out.
FIRST_RULES = {"tours_per_label": 0, "tour_rest": 0}
PLAYERS = 4


def rules_with(tours: Path | None) -> Rules:
    """The game's card data, with ``tours`` as its Tour deck when given."""
    if tours is None:
        return MusicGameThingy.data_from(load_catalog(CARDS).game(GAME))
    with tempfile.TemporaryDirectory() as folder:
        shutil.copytree(CARDS / GAME, Path(folder) / GAME)
        shutil.copyfile(tours, Path(folder) / GAME / "tour.yaml")
        return MusicGameThingy.data_from(load_catalog(Path(folder)).game(GAME))


def play(rules: Rules, params: Mapping[str, Any], games: int) -> list[dict[str, Any]]:
    found = []
    for seed in range(games):
        state = MusicGameThingy.new(rules, seed, {"players": PLAYERS, **params})
        bots = [HeuristicPlayer(rules, "shrewd", seed * 8 + seat) for seat in range(PLAYERS)]
        found.append(game_figures(play_game(state, bots)))
    return found


def per_label(figures: list[dict[str, Any]], kinds: tuple[str, ...]) -> list[float]:
    """Money of these kinds per label, one value a game (net of what labels paid)."""
    return [sum(game["sources_net"].get(kind, 0) for kind in kinds) / PLAYERS for game in figures]


def report(name: str, figures: list[dict[str, Any]]) -> dict[str, list[float]]:
    games = len(figures)
    tours = per_label(figures, ("tours", "tour fees"))
    venues = per_label(figures, ("venue",))
    records = per_label(figures, ("single", "ep", "album", "double-album"))
    share = sum(tours) / max(1.0, sum(tours) + sum(venues) + sum(records))
    top_tourer_won = sum(
        game["won"][max(range(PLAYERS), key=lambda s: game["tour_revenue_by_label"][s])]
        for game in figures
    )
    rich = sum(game["january_rich_bastard_won"][-1] for game in figures)
    repeats = [sum(game["tour_repeats"][i] for game in figures) for i in (0, 1)]
    money = [amount for game in figures for amount in game["money"]]
    margins = [float(game["margin"]) for game in figures]
    print(f"{name} ({games} games):")
    print(f"  Tours, takings less fees, per label: {number(mean(tours), 0)}")
    print(f"  Venues per label:                   {number(mean(venues), 0)}")
    print(f"  records per label:                  {number(mean(records), 0)}")
    print(f"  Tours' share of the three:          {share:.0%}")
    print(f"  the label making most from Tours wins: {percent(proportion(top_tourer_won, games))}")
    print(f"  the last year's Rich Bastard wins:     {percent(proportion(rich, games))}")
    print(f"  Tour booked again by the same label:   {percent(proportion(*repeats))}")
    print(f"  final money per label: {number(mean(money), 0)}")
    print(f"  winner's margin:       {number(mean(margins), 0)}")
    return {"tours": tours, "margins": margins}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200, help="games per design")
    parser.add_argument("--tours", type=Path, help="a candidate tour.yaml")
    args = parser.parse_args()
    designs: list[tuple[str, Path | None, Mapping[str, Any]]] = [
        ("1. first Tours, first rules", FIRST_DESIGN, FIRST_RULES),
        ("2. first Tours, new rules", FIRST_DESIGN, {}),
        ("3. the kit's Tours, new rules", None, {}),
    ]
    if args.tours is not None:
        designs.append((f"4. {args.tours}, new rules", args.tours, {}))
    results = []
    for name, tours, params in designs:
        figures = play(rules_with(tours), params, args.games)
        results.append(report(name, figures))
    first, last = results[0], results[2]
    change = difference_of_means(first["tours"], last["tours"])
    print(
        f"Tour money per label, kit against first design: {change['value']:+,.0f} "
        f"({change['low']:+,.0f} to {change['high']:+,.0f}; "
        f"{'a difference' if change['significant'] else 'no difference shown'})"
    )


if __name__ == "__main__":
    main()
