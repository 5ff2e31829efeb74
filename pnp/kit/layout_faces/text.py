"""Text and corner indices of layouts: a paragraph wrapped in its box, or one line,
shrunk to fit down to the style's smallest size (never below 7 pt), a title balanced on
one line or two (:func:`pnp.kit.drawings.typeset.title`), and text with
inline icons (``:name:``, set by :mod:`pnp.kit.layout_faces.inline`). Text that cannot
fit stops the build naming the card (:class:`TextOverflowError`)."""

from __future__ import annotations

from reportlab.lib.colors import Color

from pnp.catalog.layoutcheck import INLINE_ICON
from pnp.catalog.layouts import Index, TextElement
from pnp.kit.drawings.typeset import TextBox, fit_line, title
from pnp.kit.faces.base import TextOverflowError
from pnp.kit.geometry import MM, Rect
from pnp.kit.layout_faces.inline import draw_inline
from pnp.kit.layout_faces.look import Look, look_of, metrics, valign_share
from pnp.kit.layout_faces.scope import Scope


def draw_text(scope: Scope, element: TextElement | Index, rect: Rect) -> None:
    """Draw a text or index element in ``rect``."""
    look = look_of(element, scope.layouts)
    template = element.text if isinstance(element, TextElement) else element.index
    text = scope.text(template)
    if look.capitals:
        text = text.upper()
    if not text.strip():
        return
    colour = scope.ink(look.colour)
    canvas = scope.canvas
    if isinstance(element, TextElement) and element.icons and INLINE_ICON.search(text):
        draw_inline(scope, text, rect, look, colour)
    elif look.wrap:
        TextBox(text, rect, font=look.font, size=look.size, colour=colour,
                leading=look.leading, valign=valign_share(look.valign), min_size=look.min_size,
                align=look.align).draw(canvas, scope.what)  # fmt: skip
    elif look.balance:
        title(canvas, " ".join(text.split()), rect, look.size, scope.what, colour,
              look.min_size, font=look.font, align=look.align)  # fmt: skip
    else:
        one_line(scope, " ".join(text.split()), rect, look, colour)


def one_line(scope: Scope, text: str, rect: Rect, look: Look, colour: Color) -> None:
    """``text`` on one line in ``rect``, as large as its width and height allow up to
    the look's size (aligned on the ``baseline``, it stands where the line as large as
    the height allows would stand at the bottom)."""
    ascent, descent, cap = metrics(look.font)
    full = min(look.size, rect.height / (ascent - descent))
    if full < look.min_size:
        raise TextOverflowError(
            f"{scope.what}: {text!r} does not fit the {rect.height / MM:.1f} mm height of "
            f"its box even at {look.min_size:g} pt"
        )
    size = fit_line(text, look.font, full, rect.width, scope.what, look.min_size)
    if look.valign == "middle":  # the capitals centred
        baseline = rect.y + rect.height / 2 - cap * size / 2
    elif look.valign == "baseline":  # where the full size stands at the bottom
        baseline = rect.y - descent * full
    else:  # the line, ascenders to descenders, that share of the way down the room
        top, bottom = rect.top - ascent * size, rect.y - descent * size
        baseline = top - (top - bottom) * valign_share(look.valign)
    canvas = scope.canvas
    canvas.setFillColor(colour)
    canvas.setFont(look.font, size)
    if look.align == "centre":
        canvas.drawCentredString(rect.x + rect.width / 2, baseline, text)
    elif look.align == "right":
        canvas.drawRightString(rect.right, baseline, text)
    else:
        canvas.drawString(rect.x, baseline, text)
