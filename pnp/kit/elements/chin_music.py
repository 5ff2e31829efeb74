"""Chin Music's own drawing: a Bout card's boasting word, shouted in its speech panel.
The rest of the cards is data (``cards/chin-music/layouts.yaml``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from pnp.kit.drawings.typeset import fit_line, split_two
from pnp.kit.faces.base import FaceError
from pnp.kit.geometry import Rect
from pnp.kit.layout_faces.look import Look, style_look
from pnp.kit.layout_faces.registry import element
from pnp.kit.layout_faces.scope import Scope

#: A word of more characters than this (and of more than one word) goes on two lines.
ONE_LINE_MOST = 11
#: The first line's baseline stands this share of the size below the top of the block.
FIRST_BASELINE = 0.8


@element("bout-word")
def bout_word(canvas: Canvas, box: Rect, arguments: Mapping[str, Any], scope: Scope) -> None:
    """``text`` in the layout style ``style``, as a Bout card shouts it: on one line, or on
    two of most equal length when it is long and more than one word; both lines at one
    size, the largest up to the style's at which each fits the box's width; the block of
    lines (``leading`` apart) centred in the box."""
    text = arguments.get("text")
    if not isinstance(text, str) or not text.strip():
        raise FaceError(f"{scope.what}: bout-word needs a text, got {text!r}")
    look = _styled(scope, arguments)
    if look.capitals:
        text = text.upper()
    lines = [text] if len(text) <= ONE_LINE_MOST or " " not in text else split_two(text)
    size = min(fit_line(line, look.font, look.size, box.width, scope.what, look.min_size)
               for line in lines)  # fmt: skip
    x, y = box.centre
    step = size * look.leading
    top = y + step * len(lines) / 2 - size * FIRST_BASELINE
    canvas.setFillColor(scope.ink(look.colour))
    canvas.setFont(look.font, size)
    for number, line in enumerate(lines):
        canvas.drawCentredString(x, top - number * step, line)


def _styled(scope: Scope, arguments: Mapping[str, Any]) -> Look:
    """The look of the layout style the argument ``style`` names, or a :class:`FaceError`
    naming the card."""
    style = arguments.get("style")
    look = style_look(scope.layouts, style) if isinstance(style, str) else None
    if look is None:
        known = ", ".join(sorted(scope.layouts.styles)) or "none"
        raise FaceError(f"{scope.what}: style {style!r} is no style of the layout "
                        f"(known: {known})")  # fmt: skip
    return look
