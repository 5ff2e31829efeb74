"""What the generic face knows while it draws one side of one card: the canvas, the
face context, the game's layouts, the card's values, and how a layout's boxes,
colours and templates become points, reportlab colours and text.

Colours follow the faces' ink-saver rules (:class:`pnp.kit.faces.base.FaceContext`):
large areas (fills, shapes' and frames' fills) become pale tints; lines keep their
grey; text and symbols drawn in a light colour (meant for a dark ground, which
ink-saver mode makes pale) turn dark, text darker than symbols.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import Canvas

from pnp.catalog.base import Card
from pnp.catalog.layouts import Box, Layouts
from pnp.catalog.templates import Template, TemplateError, Values, parse_template, values_for
from pnp.kit.drawings.colours import luminance
from pnp.kit.faces.base import FaceContext, FaceError, card_name
from pnp.kit.geometry import MM, Rect

#: The ink of text and symbols whose colour a layout does not give.
DEFAULT_INK = "#1a1a1a"
#: Text and symbols lighter than this are turned dark in ink-saver mode.
LIGHT = 0.6
_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")


#: Boxes in points, by box, card size and mirroring (a layout's boxes live as long as
#: its game; the box is kept with its rectangle so that its id cannot be reused).
_RECTS: dict[tuple[int, float, float, bool], tuple[Box, Rect]] = {}


@cache
def _hex_colour(hex_colour: str) -> Color:
    return HexColor(hex_colour)


@dataclass(frozen=True)
class Scope:
    """One side of one card being drawn (see the module). ``mirrored`` is set while a
    corner copy on the other side of the card is drawn: boxes are mirrored left to right."""

    canvas: Canvas
    context: FaceContext
    layouts: Layouts
    card: Card
    values: Values
    mirrored: bool = False

    @classmethod
    def of(cls, canvas: Canvas, card: Card, context: FaceContext) -> Scope:
        game, deck = context.game, context.deck
        assert game.layouts is not None
        values = values_for(card, deck.id, deck.spec, game.id, game.spec)
        return cls(canvas, context, game.layouts, card, values)

    @property
    def what(self) -> str:
        """The card, as messages name it."""
        return card_name(self.card)

    def mirror(self) -> Scope:
        return replace(self, mirrored=not self.mirrored)

    # places -----------------------------------------------------------------
    def rect(self, box: Box | None) -> Rect:
        """``box`` (millimetres from the top-left corner) in points from the lower-left
        corner of the trim; the whole trim when there is no box."""
        width, height = self.context.width, self.context.height
        if box is None:
            return Rect(0, 0, width, height)
        key = (id(box), width, height, self.mirrored)
        known = _RECTS.get(key)
        if known is not None and known[0] is box:
            return known[1]
        x, y, w, h = box.in_mm(width / MM, height / MM)
        if self.mirrored:
            x = width / MM - x - w
        rect = Rect(x * MM, height - (y + h) * MM, w * MM, h * MM)
        _RECTS[key] = (box, rect)
        return rect

    # templates --------------------------------------------------------------
    def text(self, template: str) -> str:
        """``template`` filled for this card."""
        return self._parsed(template).fill(self.values)

    def value(self, template: str) -> Any:
        """A single ``{field}`` template's value as it is (a number, a list); else the text."""
        return self._parsed(template).value(self.values)

    def _parsed(self, template: str) -> Template:
        try:
            return parse_template(template)
        except TemplateError as error:  # checked when loading: only for a caller's own
            raise FaceError(f"{self.what}: {error}") from None

    # colours ----------------------------------------------------------------
    def hex(self, colour: str) -> str:
        """A layout colour (palette name, ``#rrggbb``, a template giving one) as ``#rrggbb``."""
        name = self.text(colour) if "{" in colour else colour
        if _HEX.match(name):
            return name
        found = self.layouts.palette.get(name)
        if found is None:
            raise FaceError(f"{self.what}: {colour!r} gives {name!r}, which is no colour of "
                            "the palette and no '#rrggbb'")  # fmt: skip
        return str(found)

    def area(self, colour: str) -> Color:
        """The colour of a large area: a pale tint in ink-saver mode."""
        if not self.context.options.ink_saver:
            return _hex_colour(self.hex(colour))
        return self.context.fill_colour(self.hex(colour))

    def line(self, colour: str) -> Color:
        """The colour of a line: its grey in ink-saver mode."""
        if not self.context.options.ink_saver:
            return _hex_colour(self.hex(colour))
        return self.context.colour(self.hex(colour))

    def ink(self, colour: str | None) -> Color:
        """The colour of text: in ink-saver mode dark whenever the colour is light."""
        return self._on_pale(colour, Color(0.1, 0.1, 0.1))

    def symbol_ink(self, colour: str | None) -> Color:
        """The colour of symbols: in ink-saver mode mid-grey whenever the colour is light."""
        return self._on_pale(colour, Color(0.45, 0.45, 0.45))

    def _on_pale(self, colour: str | None, dark: Color) -> Color:
        hex_colour = self.hex(colour) if colour is not None else DEFAULT_INK
        if not self.context.options.ink_saver:
            return _hex_colour(hex_colour)
        if luminance(_hex_colour(hex_colour)) > LIGHT:
            return dark
        return self.context.colour(hex_colour)
