"""Printable extras: what a game's table needs beyond its cards that paper can
give (counters, score sheets, dice to fold), each a page or more of the kit.

A game asks for them in its ``game.yaml`` (``also_needed``, an item with
``printed: KIND``); :func:`extras_for` returns one :class:`Extra` per item.
"""

from __future__ import annotations

from pnp.catalog.model import Game
from pnp.kit.extras.base import Extra, PageFrame
from pnp.kit.options import KitOptions

__all__ = ["Extra", "PageFrame", "extras_for"]


def extras_for(game: Game, options: KitOptions) -> list[Extra]:
    """The extras ``game`` asks for, in the order its ``also_needed`` lists them."""
    del options
    return []
