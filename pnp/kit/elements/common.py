"""Named elements every game may call from its layouts: the deck's standard back, and
the pips of a playing card. A game's own drawings (Joe's Bar's neon, say) are
registered the same way (:func:`pnp.kit.layout_faces.registry.element`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from pnp.kit.drawings.common import deck_back
from pnp.kit.drawings.pips import PIPS
from pnp.kit.faces.base import FaceError
from pnp.kit.geometry import Rect
from pnp.kit.layout_faces.icons import draw_icon
from pnp.kit.layout_faces.registry import element
from pnp.kit.layout_faces.scope import Scope

#: A pip's size as a share of the box's width: one alone, up to six, more.
PIP_SHARES = {1: 0.375, 6: 0.225, 9: 0.2}
#: The pips' rows stand in the box inset by these shares of a pip (across, up).
PIP_MARGINS = (0.25, 0.55)


@element("deck-back")
def standard_back(canvas: Canvas, box: Rect, arguments: Mapping[str, Any], scope: Scope) -> None:
    """The deck's standard back: its colour, its motif and a panel with its title."""
    deck_back(canvas, scope.card, scope.context)


@element("pips")
def pips(canvas: Canvas, box: Rect, arguments: Mapping[str, Any], scope: Scope) -> None:
    """``count`` (1 to 9) of the icon ``symbol`` in ``colour``, arranged as on playing
    cards; those below the middle upside down unless ``upright`` is true."""
    count = arguments.get("count")
    symbol = arguments.get("symbol")
    if isinstance(count, bool) or not isinstance(count, int) or count not in PIPS:
        raise FaceError(f"{scope.what}: pips need a count from 1 to 9, got {count!r}")
    if not isinstance(symbol, str):
        raise FaceError(f"{scope.what}: pips need a symbol, got {symbol!r}")
    colour = arguments.get("colour")
    size = box.width * next(share for most, share in PIP_SHARES.items() if count <= most)
    inner = box.inset(size * PIP_MARGINS[0], size * PIP_MARGINS[1])
    for across, up in PIPS[count]:
        x, y = inner.x + across * inner.width, inner.y + up * inner.height
        turned = up < 0.5 and not arguments.get("upright", False)
        canvas.saveState()
        canvas.translate(x, y)
        if turned:
            canvas.rotate(180)
        draw_icon(scope, symbol, 0, 0, size, colour if isinstance(colour, str) else None)
        canvas.restoreState()
