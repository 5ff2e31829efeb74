"""Joe's Bar's drawing pieces, for its named elements (:mod:`pnp.kit.elements.joes_bar`)
and the site's icons (:mod:`pnp.kit.icons`): the look (the face context and the
layout's colours), the neon (tubes, lit lettering, sign boards, grime and grain), the
icon glyphs, the category badges, the signs of Action and Bar cards, the Patron's
portrait and Booze Level scale, and the player aids.

The look: a nicotine-stained bar menu with a neon sign in the middle. Every icon is a
vector glyph glowing on the sign, once per occurrence. In ink-saver mode the signs
become pale panels with dark glyphs, and the glow and the grime are left out.
"""
