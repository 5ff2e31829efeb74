"""What a Joe's Bar drawing knows: the face context (the card's size, the options) and
the game's colours, named in its layout's palette (``cards/joes-bar/layouts.yaml``).

The drawings read these palette names: ``ink`` and ``soft-ink`` (print on paper),
``night`` (the wall behind the neon), ``brick`` (its mortar lines), ``stain`` (glass
rings and grain), ``cap`` (the bottle cap of a starting Booze Level), ``hazard`` (the
older draft's tape) and ``neon-<category>`` for every category an icon, a card or a
badge shows (``neon-hit``, ``neon-bar``, ``neon-patron`` ...): colour only ever repeats
what a label and a shape say.

In ink-saver mode the signs become pale panels with dark glyphs, and the glow and the
grime are left out (:attr:`Look.glowing`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from reportlab.lib.colors import Color

from pnp.kit.drawings.context import FaceContext, FaceError

#: The palette names the drawings read, by the attribute of :class:`Colours` they fill.
PALETTE_NAMES = {
    "ink": "ink",
    "soft_ink": "soft-ink",
    "night": "night",
    "brick": "brick",
    "stain": "stain",
    "cap": "cap",
    "hazard": "hazard",
}
#: The prefix of the neon colour of a category in the palette.
NEON_PREFIX = "neon-"


@dataclass(frozen=True)
class Colours:
    """Joe's Bar's colours as ``#rrggbb`` (see the module)."""

    ink: str
    soft_ink: str
    night: str
    brick: str
    stain: str
    cap: str
    hazard: str
    neons: Mapping[str, str]

    def neon(self, category: str) -> str:
        """The neon of ``category``; a :class:`FaceError` when the palette has none."""
        found = self.neons.get(category)
        if found is None:
            raise FaceError(
                f"the palette has no colour {NEON_PREFIX + category!r} for the category "
                f"{category!r} (it has: {', '.join(NEON_PREFIX + name for name in self.neons)})"
            )
        return found


def colours_of(palette: Mapping[str, str]) -> Colours:
    """The colours of a layout's ``palette``; a :class:`FaceError` naming a missing one."""
    missing = [name for name in PALETTE_NAMES.values() if name not in palette]
    if missing:
        raise FaceError(
            f"the Joe's Bar drawings need the palette colours {', '.join(missing)} in layouts.yaml"
        )
    neons = {
        name[len(NEON_PREFIX) :]: str(colour)
        for name, colour in palette.items()
        if name.startswith(NEON_PREFIX)
    }
    named = {attribute: str(palette[name]) for attribute, name in PALETTE_NAMES.items()}
    return Colours(**named, neons=neons)


@dataclass(frozen=True)
class Look:
    """A drawing's face context and colours, and the colours the neon look derives."""

    context: FaceContext
    colours: Colours

    @property
    def glowing(self) -> bool:
        """Glow, grime and grain are drawn (not in ink-saver mode)."""
        return not self.context.options.ink_saver

    def sign_ink(self, neon: str) -> Color:
        """Ink for a glyph or a word lit on a neon sign (dark in ink-saver mode)."""
        return self.context.ink_on(self.colours.night, neon)

    @property
    def sign_ground(self) -> Color:
        """The sign's own colour, used to cut holes into glyphs."""
        return self.context.fill_colour(self.colours.night)
