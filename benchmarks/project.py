"""What the benchmarks share: the project's card data, loaded as any caller loads it."""

from __future__ import annotations

from pathlib import Path

from pnp.catalog import Catalog, load_catalog
from pnp.registry import LoadedGame, load_game

ROOT = Path(__file__).resolve().parents[1]
CARDS = ROOT / "cards"


def catalog(cards: Path = CARDS) -> Catalog:
    return load_catalog(cards)


def game(game_id: str, cards: Path = CARDS) -> LoadedGame:
    """A registered game bound to the card data in ``cards``."""
    return load_game(catalog(cards).game(game_id))
