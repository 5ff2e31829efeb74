"""The games ``pnp verify`` can simulate: those with a rules engine and bots."""

from __future__ import annotations

from functools import cache

from bots.core.verify import VerifyAdapter
from bots.games.chin_music.verify import ChinMusicVerify
from bots.games.chinchon.verify import ChinchonVerify

#: Catalog id -> the game's verify adapter class.
ADAPTERS: dict[str, type] = {"chin-music": ChinMusicVerify, "chinchon": ChinchonVerify}


@cache
def adapter(game: str) -> VerifyAdapter:
    """The adapter of ``game`` (one per process)."""
    made: VerifyAdapter = ADAPTERS[game]()
    return made
