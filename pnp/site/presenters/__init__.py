"""One module per game: how its cards and tables read on the site (see :mod:`pnp.site.cards`)."""

from pnp.site.presenters import chin_music, chinchon, common, joes_bar, music_game_thingy

__all__ = ["chin_music", "chinchon", "common", "joes_bar", "music_game_thingy"]
