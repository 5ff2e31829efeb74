"""Joe's Bar: Action cards written in the icon language, the SWOOSH cards of
the older draft, Bar cards (furniture to fling), Patron cards with a Booze
Level scale for the tracker, the backs, and the player aids.

The look: a nicotine-stained bar menu with a neon sign in the middle. Every
icon is a vector glyph glowing on the sign, once per occurrence. In ink-saver
mode the signs become pale panels with dark glyphs, and the glow and the
grime are left out.

``palette``, ``neon``, ``glyphs`` and ``labels`` hold what the decks share;
one module per deck kind draws it. Importing the package registers them.
"""

from pnp.kit.faces.joes_bar import action, aids, bar, patron

__all__ = ["action", "aids", "bar", "patron"]
