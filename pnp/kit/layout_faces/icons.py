"""Icons by name: a game's own (``icons:`` in layouts.yaml: an image file or a symbol
in a colour), else a symbol of the kit (:data:`pnp.kit.layout_faces.registry.SYMBOLS`).
One icon is drawn centred on a point, ``size`` tall and wide."""

from __future__ import annotations

from pnp.kit.faces.base import FaceError
from pnp.kit.geometry import Rect
from pnp.kit.layout_faces.art import draw_art, find_art
from pnp.kit.layout_faces.registry import SYMBOLS
from pnp.kit.layout_faces.scope import Scope


def known_icon(scope: Scope, name: str) -> bool:
    return name in scope.layouts.icons or name in SYMBOLS


def draw_icon(scope: Scope, name: str, x: float, y: float, size: float,
              colour: str | None = None) -> None:  # fmt: skip
    """Icon ``name`` centred on (x, y), ``size`` across, symbols in ``colour`` (the
    icon's own colour when it declares one, else the ink)."""
    canvas = scope.canvas
    declared = scope.layouts.icons.get(name)
    if declared is not None and declared.image is not None:
        box = Rect(x - size / 2, y - size / 2, size, size)
        draw_art(scope, find_art(scope, declared.image), box, "contain")
        return
    symbol = declared.symbol if declared is not None and declared.symbol else name
    shape = SYMBOLS.get(symbol)
    if shape is None:
        known = ", ".join(sorted({*scope.layouts.icons, *SYMBOLS}))
        raise FaceError(f"{scope.what}: there is no icon or symbol {name!r} (known: {known})")
    ink = scope.symbol_ink(colour or (declared.colour if declared is not None else None))
    canvas.saveState()
    canvas.setFillColor(ink)
    canvas.setStrokeColor(ink)
    shape(canvas, x, y, size)
    canvas.restoreState()


def icon_names(value: object) -> list[str]:
    """The icon names a field holds: a list, or text with names separated by commas."""
    if value is None:
        return []
    if isinstance(value, (list, tuple)):
        return [str(item) for item in value]
    return [part.strip() for part in str(value).split(",") if part.strip()]
