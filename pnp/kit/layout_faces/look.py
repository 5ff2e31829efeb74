"""A text element's look: its own parts over its style's, then the defaults, with the
layout's font names turned into the kit's fonts; a style's look for the named elements
that set text (:func:`style_look`); and the fonts' vertical metrics."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from reportlab.pdfbase import pdfmetrics

from pnp.catalog.layoutcheck import DEFAULT_SIZE, merged_look
from pnp.catalog.layouts import Index, Layouts, TextElement, TextLook
from pnp.kit.faces.base import MIN_TEXT_SIZE
from pnp.kit.fonts import BODY, BODY_BOLD, BODY_ITALIC, DISPLAY, register_fonts

#: The kit's fonts by the names layouts use.
FONTS = {"display": DISPLAY, "body": BODY, "body-bold": BODY_BOLD, "body-italic": BODY_ITALIC}
#: Line spacing when a style gives none, as a multiple of the size (as the faces set text).
DEFAULT_LEADING = 1.18
#: Where a block of text stands in the room its box leaves (a paragraph aligned on the
#: ``baseline`` stands at the bottom).
VALIGN = {"top": 0.0, "middle": 0.5, "bottom": 1.0, "baseline": 1.0}


def valign_share(valign: str | float) -> float:
    """How far down the room it leaves in its box a text stands: 0 top, 1 bottom."""
    return VALIGN[valign] if isinstance(valign, str) else float(valign)


@dataclass(frozen=True)
class Look:
    """A text element's look with every default filled in."""

    font: str
    size: float
    min_size: float
    colour: str | None
    align: str
    valign: str | float
    leading: float
    capitals: bool
    wrap: bool
    balance: bool


_LOOKS: dict[int, tuple[TextElement | Index, Look]] = {}


def look_of(element: TextElement | Index, layouts: Layouts) -> Look:
    """The element's look (its own parts over its style's, then the defaults: a text
    wraps, top left, unless balanced; an index is one line, centred); computed once per
    element."""
    known = _LOOKS.get(id(element))
    if known is not None and known[0] is element:
        return known[1]
    look = _completed(merged_look(element, layouts), index=isinstance(element, Index))
    _LOOKS[id(element)] = (element, look)
    return look


_STYLES: dict[tuple[int, str], tuple[Layouts, Look]] = {}


def style_look(layouts: Layouts, name: str) -> Look | None:
    """The look of the layout's style ``name`` with an index's defaults (one line,
    centred), for a named element that sets its text in a style the layout names; None
    when the layout has no such style."""
    known = _STYLES.get((id(layouts), name))
    if known is not None and known[0] is layouts:
        return known[1]
    style = layouts.styles.get(name)
    if style is None:
        return None
    look = _completed(style, index=True)
    _STYLES[(id(layouts), name)] = (layouts, look)
    return look


def _completed(merged: TextLook, index: bool) -> Look:
    """A text's look with the defaults filled in: a text wraps, top left; an index is
    one line, centred."""
    return Look(
        font=FONTS[merged.font or ("display" if index else "body")],
        size=merged.size or DEFAULT_SIZE,
        min_size=max(MIN_TEXT_SIZE, merged.min_size or MIN_TEXT_SIZE),
        colour=merged.colour,
        align=merged.align or ("centre" if index else "left"),
        valign=merged.valign if merged.valign is not None else ("middle" if index else "top"),
        leading=merged.leading or DEFAULT_LEADING,
        capitals=bool(merged.capitals),
        wrap=merged.wrap if merged.wrap is not None else not (index or merged.balance),
        balance=bool(merged.balance),
    )


@cache
def metrics(font: str) -> tuple[float, float, float]:
    """The font's ascent, descent (negative) and capital height, in ems."""
    register_fonts()
    face = getattr(pdfmetrics.getFont(font), "face")  # noqa: B009  (a TrueType font's)
    return face.ascent / 1000, face.descent / 1000, face.capHeight / 1000
