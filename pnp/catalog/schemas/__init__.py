"""Card schemas of every game. Importing this package registers their kinds."""

from pnp.catalog.schemas import chin_music, chinchon, common, joes_bar, music_game_thingy

__all__ = ["chin_music", "chinchon", "common", "joes_bar", "music_game_thingy"]
