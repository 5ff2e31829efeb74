"""Printable extras: what a game's table needs beyond its cards that paper can
give (counters, score sheets, dice to fold), each a page of the kit.

A game asks for them in its ``game.yaml``: an ``also_needed`` item with
``printed: KIND``. :func:`extras_for` returns one :class:`Extra` per such item.
"""

from __future__ import annotations

from collections.abc import Callable

from pnp.catalog.game import Need
from pnp.catalog.model import Game
from pnp.kit.extras.base import Extra, PageFrame
from pnp.kit.extras.counters import TrackCounters
from pnp.kit.extras.dice import Dice
from pnp.kit.extras.score_sheet import ScoreSheet
from pnp.kit.extras.tally import KnockoutTally
from pnp.kit.options import KitOptions

__all__ = ["EXTRAS", "Extra", "PageFrame", "extras_for"]

#: Each printable kind ``also_needed`` may name, and how it is titled.
EXTRAS: dict[str, tuple[type[Extra], Callable[[Game], str]]] = {
    "score-sheet": (ScoreSheet, lambda game: "Score sheet"),
    "dice": (Dice, lambda game: "Dice to fold"),
    "track-counters": (TrackCounters, lambda game: "Counters"),
    "knockout-tally": (KnockoutTally, lambda game: "Knockout tally"),
}


def extras_for(game: Game, options: KitOptions) -> list[Extra]:
    """The extras ``game`` asks for, in the order its ``also_needed`` lists them."""
    del options
    extras = []
    for need in game.spec.also_needed:
        if need.printed is None:
            continue
        kind, title = EXTRAS[need.printed]
        extras.append(kind(game, need, title(game)))
    return extras


def printed_for(game: Game, need: Need) -> bool:
    """True when the kit prints ``need``."""
    return need.printed is not None and need.printed in EXTRAS
