"""The project's real card data, loaded once for the tests (as a caller of the engines)."""

from __future__ import annotations

from pathlib import Path

from bots.games.chin_music.cards import Deck
from bots.games.chinchon import Pack
from pnp.catalog import load_catalog
from pnp.registry import LoadedGame, load_game

ROOT = Path(__file__).resolve().parents[1]
CARDS = ROOT / "cards"
CATALOG = load_catalog(CARDS)

#: The games with engines, as the registry loads them.
CHIN_MUSIC: LoadedGame = load_game(CATALOG.game("chin-music"))
CHINCHON: LoadedGame = load_game(CATALOG.game("chinchon"))
#: Chin Music's Bout deck and Chinchón's printed pack, as the engines get them.
BOUT_DECK: Deck = CHIN_MUSIC.data
PACK: Pack = CHINCHON.data
CLASSIC = PACK.rules()
