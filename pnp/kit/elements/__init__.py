"""The named elements and symbols layouts call for what data cannot say (a playing
card's pips, a neon sign, a record's label). Each module registers its drawings with
:func:`pnp.kit.layout_faces.registry.element` (a drawing in a box, from arguments) or
:func:`~pnp.kit.layout_faces.registry.symbol` (a shape at a point and size); importing
this package registers them all. ``common`` holds those any game may use; a module named
after a game holds the drawings of that game's look, which another game may call too.
"""

from pnp.kit.elements import chin_music, chinchon, common, joes_bar, music_game_thingy

__all__ = ["chin_music", "chinchon", "common", "joes_bar", "music_game_thingy"]
