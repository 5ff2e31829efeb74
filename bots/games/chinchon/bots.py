"""The Chinchón bots, weakest first (:data:`BOTS`).

* ``random`` picks uniformly among the legal moves.
* ``easy`` (:class:`~bots.games.chinchon.heuristic.HeuristicPlayer` at level
  ``easy``): greedy on unmatched points, closes whenever it may.
* ``medium`` (the default): the same with every refinement: it takes a discard
  only for a card it keeps, weighs waiting for -10 or a chinchón, keeps
  half-melds and does not feed the next player what they collect.
* ``hard`` (:class:`~bots.games.chinchon.monte_carlo.MonteCarloPlayer`): plays
  out guesses at the hidden cards with medium bots and picks the move that
  does best.

No level closes when that would take it over the limit (out of the game),
unless the close is a chinchón.
"""

from __future__ import annotations

from bots.core import RANDOM_BOT, BotSpec
from bots.games.chinchon.heuristic import HeuristicPlayer
from bots.games.chinchon.monte_carlo import MonteCarloPlayer

__all__ = ["BOTS", "HeuristicPlayer", "MonteCarloPlayer"]

#: The bots of Chinchón, weakest first.
BOTS: tuple[BotSpec, ...] = (
    RANDOM_BOT,
    BotSpec(
        "easy",
        "keeps the cards that leave the fewest unmatched points and closes as soon as it may",
        lambda pack, seed: HeuristicPlayer(pack, seed, level="easy"),
        strength=1,
    ),
    BotSpec(
        "medium",
        "keeps melds and half-melds, takes a discard only to keep it, does not feed the "
        "next player and closes when waiting no longer pays",
        lambda pack, seed: HeuristicPlayer(pack, seed),
        strength=2,
    ),
    BotSpec(
        "hard",
        "plays out guesses at the cards it cannot see with medium bots and picks the move "
        "that does best",
        lambda pack, seed: MonteCarloPlayer(pack, seed),
        strength=3,
    ),
)
