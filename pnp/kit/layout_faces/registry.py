"""The drawings in Python that layouts call by name.

A *symbol* is a shape drawn centred on a point at a size, in the fill colour (a
suit pip, a fist, a star): what ``symbol``, ``repeat``, ``icons`` and inline icons
draw. A *named element* draws what data cannot say (pip arrangements, neon signs)
in a box, from arguments::

    @element("pips")
    def pips(canvas: Canvas, box: Rect, arguments: Mapping[str, Any], scope: Scope) -> None:
        ...

``scope`` gives the card, the face context (size, ink-saver colours) and the
layout's colours and icons. Registering a name twice is a mistake in the code.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from reportlab.pdfgen.canvas import Canvas

from pnp.kit.drawings import shapes
from pnp.kit.geometry import Rect

if TYPE_CHECKING:
    from pnp.kit.layout_faces.scope import Scope

Symbol = Callable[[Canvas, float, float, float], None]
ElementDrawing = Callable[[Canvas, Rect, Mapping[str, Any], "Scope"], None]

SYMBOLS: dict[str, Symbol] = {}
ELEMENTS: dict[str, ElementDrawing] = {}


def symbol(name: str, drawing: Symbol) -> Symbol:
    """Register ``drawing`` as symbol ``name``."""
    if name in SYMBOLS:
        raise RuntimeError(f"symbol {name!r} registered twice")
    SYMBOLS[name] = drawing
    return drawing


def element(name: str) -> Callable[[ElementDrawing], ElementDrawing]:
    """Decorator: register a function as the named element ``name``."""

    def register(drawing: ElementDrawing) -> ElementDrawing:
        if name in ELEMENTS:
            raise RuntimeError(f"element {name!r} registered twice")
        ELEMENTS[name] = drawing
        return drawing

    return register


for _name, _shape in {
    "heart": shapes.heart,
    "diamond": shapes.diamond,
    "spade": shapes.spade,
    "club": shapes.club,
    "coin": shapes.coin,
    "cup": shapes.cup,
    "sword": shapes.sword,
    "baton": shapes.baton,
    "fist": shapes.fist,
    "star": shapes.star,
    "record": shapes.record,
    "bottle": shapes.bottle,
    "die": shapes.die,
}.items():
    symbol(_name, _shape)
