"""The generic face: draws a layout's elements, in order, onto the canvas of a face
(the origin at the lower-left corner of the card's trim, the canvas clipped to the
bleed), as every Python face does, so the PDFs, the images and the exports show it.

Each element is skipped unless its ``when`` holds and its ``unless`` does not (a field
with a value, or fields with the values given); drawn once per corner it names (the
bottom corners turned upside down, the right-hand copy's box mirrored); and turned about
its box's centre by ``rotate``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from pnp.catalog.layouts import (
    Corner,
    Element,
    Fill,
    Frame,
    Icons,
    Image,
    Index,
    Named,
    Repeat,
    Shape,
    Symbol,
    TextElement,
)
from pnp.catalog.templates import shows
from pnp.kit.faces.base import FaceError
from pnp.kit.geometry import MM, Rect
from pnp.kit.layout_faces.art import draw_art, find_art
from pnp.kit.layout_faces.icons import draw_icon, icon_names
from pnp.kit.layout_faces.registry import ELEMENTS
from pnp.kit.layout_faces.scope import Scope
from pnp.kit.layout_faces.text import draw_text

#: The corners of an index when its element names none.
INDEX_CORNERS: tuple[Corner, ...] = ("top-left", "bottom-right")


def draw_elements(scope: Scope, elements: Sequence[Element]) -> None:
    """Draw ``elements`` for the card of ``scope``, in order."""
    for element in elements:
        if not shows(element, scope.values):
            continue
        corners = element.corners
        if corners is None and isinstance(element, Index):
            corners = INDEX_CORNERS
        if not corners:
            _draw_turned(scope, element)
            continue
        for corner in corners:
            _draw_in_corner(scope, element, corner)


def _draw_in_corner(scope: Scope, element: Element, corner: str) -> None:
    placed = scope.mirror() if corner in ("top-right", "bottom-left") else scope
    if not corner.startswith("bottom"):
        _draw_turned(placed, element)
        return
    canvas = scope.canvas
    canvas.saveState()
    canvas.translate(scope.context.width, scope.context.height)
    canvas.rotate(180)
    _draw_turned(placed, element)
    canvas.restoreState()


def _draw_turned(scope: Scope, element: Element) -> None:
    drawer = _DRAWERS[type(element)]
    box = getattr(element, "box", None)
    rect = scope.rect(box)
    if not element.rotate or box is None:
        drawer(scope, element, rect)
        return
    canvas = scope.canvas
    canvas.saveState()
    cx, cy = rect.centre
    canvas.translate(cx, cy)
    canvas.rotate(-element.rotate)  # clockwise, as a person turns a card
    upright = element.rotate in (90, 270)
    width, height = (rect.height, rect.width) if upright else (rect.width, rect.height)
    drawer(scope, element, Rect(-width / 2, -height / 2, width, height))
    canvas.restoreState()


# Each element sets the colours and the line width it draws with, so only an element
# that changes what the next would not set again (its opacity) saves the graphics state.


def _fill(scope: Scope, element: Fill, rect: Rect) -> None:
    canvas = scope.canvas
    box = scope.context.bleed_box
    with _opacity(scope, element.opacity):
        canvas.setFillColor(scope.area(element.fill))
        canvas.rect(box.x, box.y, box.width, box.height, stroke=0, fill=1)


@contextmanager
def _opacity(scope: Scope, opacity: float) -> Iterator[None]:
    """Draw the block at ``opacity`` (in a saved graphics state when it is not 1)."""
    if opacity >= 1:
        yield
        return
    canvas = scope.canvas
    canvas.saveState()
    canvas.setFillAlpha(opacity)
    canvas.setStrokeAlpha(opacity)
    try:
        yield
    finally:
        canvas.restoreState()


def _frame(scope: Scope, element: Frame, rect: Rect) -> None:
    spec = element.frame
    box = scope.context.trim.inset(spec.inset * MM)
    canvas = scope.canvas
    canvas.setStrokeColor(scope.line(spec.stroke))
    canvas.setLineWidth(spec.width)
    if spec.fill is not None:
        canvas.setFillColor(scope.area(spec.fill))
    fill = 1 if spec.fill is not None else 0
    if spec.radius > 0:
        canvas.roundRect(box.x, box.y, box.width, box.height, spec.radius * MM, stroke=1,
                         fill=fill)  # fmt: skip
    else:
        canvas.rect(box.x, box.y, box.width, box.height, stroke=1, fill=fill)


def _shape(scope: Scope, element: Shape, rect: Rect) -> None:
    with _opacity(scope, element.opacity):
        _draw_shape(scope, element, rect)


def _draw_shape(scope: Scope, element: Shape, rect: Rect) -> None:
    canvas = scope.canvas
    stroke = 1 if element.stroke is not None else 0
    fill = 1 if element.fill is not None and element.shape != "line" else 0
    if element.stroke is not None:
        canvas.setStrokeColor(scope.line(element.stroke))
        canvas.setLineWidth(element.width)
    if fill and element.fill is not None:
        canvas.setFillColor(scope.area(element.fill))
    x, y, w, h = rect.x, rect.y, rect.width, rect.height
    if element.shape == "line":
        canvas.line(x, y + h, x + w, y)
    elif element.shape == "circle":
        cx, cy = rect.centre
        canvas.circle(cx, cy, min(w, h) / 2, stroke=stroke, fill=fill)
    elif element.shape == "ellipse":
        canvas.ellipse(x, y, x + w, y + h, stroke=stroke, fill=fill)
    elif element.radius > 0:
        radius = min(element.radius * MM, w / 2, h / 2)
        canvas.roundRect(x, y, w, h, radius, stroke=stroke, fill=fill)
    else:
        canvas.rect(x, y, w, h, stroke=stroke, fill=fill)


def _image(scope: Scope, element: Image, rect: Rect) -> None:
    draw_art(scope, find_art(scope, element.image), rect, element.fit)


def _symbol(scope: Scope, element: Symbol, rect: Rect) -> None:
    cx, cy = rect.centre
    draw_icon(scope, scope.text(element.symbol), cx, cy, min(rect.width, rect.height),
              element.colour)  # fmt: skip


def _icons(scope: Scope, element: Icons, rect: Rect) -> None:
    names = icon_names(scope.value(element.icons))
    if not names:
        return
    count = len(names)
    gap = element.gap * MM
    size = min(rect.height, element.size * MM if element.size else rect.height,
               (rect.width - (count - 1) * gap) / count)  # fmt: skip
    used = count * size + (count - 1) * gap
    left = {"left": rect.x, "centre": rect.x + (rect.width - used) / 2,
            "right": rect.right - used}[element.align]  # fmt: skip
    cy = rect.centre[1]
    for number, name in enumerate(names):
        draw_icon(scope, name, left + number * (size + gap) + size / 2, cy, size, element.colour)


def _count(scope: Scope, element: Repeat) -> int:
    value = element.count if isinstance(element.count, int) else scope.value(element.count)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 100:
        raise FaceError(f"{scope.what}: the count {element.count!r} gives {value!r}, "
                        "not a whole number from 0 to 100")  # fmt: skip
    return value


def grid(count: int, columns: int | None, rect: Rect, gap: float | tuple[float, float],
         largest: float | None) -> list[tuple[float, float, float]]:  # fmt: skip
    """``count`` cells centred in ``rect`` in rows of ``columns`` (by default as square
    a block as can be), a short last row centred, ``gap`` apart (one gap, or across and
    down): each cell's centre and size."""
    if count <= 0:
        return []
    gap_across, gap_down = gap if isinstance(gap, tuple) else (gap, gap)
    across = min(columns or math.ceil(math.sqrt(count)), count)
    rows = math.ceil(count / across)
    size = min((rect.width - (across - 1) * gap_across) / across,
               (rect.height - (rows - 1) * gap_down) / rows)  # fmt: skip
    if largest is not None:
        size = min(size, largest)
    size = max(size, 0.0)
    cx, cy = rect.centre
    step_across, step_down = size + gap_across, size + gap_down
    cells = []
    for index in range(count):
        row, column = divmod(index, across)
        in_row = min(across, count - row * across)
        cells.append((cx + (column - (in_row - 1) / 2) * step_across,
                      cy + ((rows - 1) / 2 - row) * step_down, size))  # fmt: skip
    return cells


def _repeat(scope: Scope, element: Repeat, rect: Rect) -> None:
    largest = element.size * MM if element.size is not None else None
    gap = (element.gap[0] * MM, element.gap[1] * MM)
    cells = grid(_count(scope, element), element.columns, rect, gap, largest)
    what = element.repeat
    for x, y, size in cells:
        if what.symbol is not None:
            draw_icon(scope, scope.text(what.symbol), x, y, size, element.colour)
        else:
            assert what.element is not None
            cell = Rect(x - size / 2, y - size / 2, size, size)
            _call(scope, what.element, cell, what.arguments)


def _named(scope: Scope, element: Named, rect: Rect) -> None:
    _call(scope, element.element, rect, element.arguments)


def _call(scope: Scope, name: str, rect: Rect, arguments: dict[str, Any]) -> None:
    drawing = ELEMENTS.get(name)
    if drawing is None:
        known = ", ".join(sorted(ELEMENTS))
        raise FaceError(f"{scope.what}: there is no named element {name!r} (known: {known})")
    given = {key: scope.value(value) if isinstance(value, str) else value
             for key, value in arguments.items()}  # fmt: skip
    scope.canvas.saveState()
    drawing(scope.canvas, rect, given, scope)
    scope.canvas.restoreState()


_DRAWERS: dict[type[Element], Callable[[Scope, Any, Rect], None]] = {
    Fill: _fill,
    Frame: _frame,
    Shape: _shape,
    TextElement: draw_text,
    Index: draw_text,
    Image: _image,
    Icons: _icons,
    Symbol: _symbol,
    Repeat: _repeat,
    Named: _named,
}
