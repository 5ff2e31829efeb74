"""The generic face: any card kind drawn from its layout (``layouts.yaml``, modelled by
:mod:`pnp.catalog.layouts`), in the faces' coordinates, for the PDFs, the images and
every export. :func:`layout_design` is what :func:`pnp.kit.faces.base.design_for` gives
for a kind with a layout; :func:`layout_checks` is what the catalog checks layouts
against (the named drawings that exist, the glyphs the fonts have)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from reportlab.pdfgen.canvas import Canvas

import pnp.kit.elements  # noqa: F401  (registers the named elements and symbols)
from pnp.catalog.checks import LayoutChecks
from pnp.catalog.layouts import Element, Layouts
from pnp.kit.drawings.common import deck_back
from pnp.kit.faces.base import FACES, FaceContext, FaceDesign
from pnp.kit.layout_faces.draw import draw_elements
from pnp.kit.layout_faces.registry import ELEMENTS, SYMBOLS, element, symbol
from pnp.kit.layout_faces.scope import Scope

__all__ = ["ELEMENTS", "SYMBOLS", "Scope", "element", "layout_checks", "layout_design", "symbol"]

_DESIGNS: dict[tuple[int, str], tuple[Layouts, FaceDesign]] = {}


def _side(elements: Sequence[Element]) -> Any:
    def draw(canvas: Canvas, card: Any, context: FaceContext) -> None:
        draw_elements(Scope.of(canvas, card, context), elements)

    return draw


def layout_design(layouts: Layouts, kind: str) -> FaceDesign:
    """The face of ``kind`` drawn from ``layouts`` (the deck's standard back when the
    layout has no back); made once per layouts."""
    known = _DESIGNS.get((id(layouts), kind))
    if known is not None and known[0] is layouts:
        return known[1]
    layout = layouts.layouts[kind]
    back = _side(layout.back) if layout.back is not None else deck_back
    design = FaceDesign(_side(layout.front), back)
    _DESIGNS[(id(layouts), kind)] = (layouts, design)
    return design


def layout_checks() -> LayoutChecks:
    """The kit's checks for loading layouts: its named elements and symbols, and the
    glyph check following the fonts each layout prints a field in, and the kinds a
    Python face draws (any other kind a deck is of needs a layout)."""
    from pnp.kit.glyphs import layout_words, record_check

    return LayoutChecks(
        frozenset(ELEMENTS), frozenset(SYMBOLS), record_check, layout_words, frozenset(FACES)
    )
