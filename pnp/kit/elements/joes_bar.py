"""Joe's Bar's named elements: the neon look its layout (``cards/joes-bar/layouts.yaml``)
calls for what data cannot say. Each draws in the box the layout gives (the whole card
when it gives none) from the arguments under ``with``; colours are the layout's palette
names (the drawings also read ``ink``, ``night`` and the ``neon-<category>`` colours
themselves: :mod:`pnp.kit.drawings.joes_bar.look`). Lengths in arguments are
millimetres, line widths points, as everywhere in layouts.

Texts a card's field gives are the layout's text elements; an element that sets text
(a title's misprint, the timing's words, a note with bold words) takes a style of the
layout, so that it is set as the layout's texts are.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from pnp.catalog.layouts import TextElement
from pnp.catalog.schemas.joes_bar import TIMING_LABEL, icons_of
from pnp.kit.drawings.common import motif_pattern
from pnp.kit.drawings.joes_bar.aids import AidLook, icon_reference, round_phases
from pnp.kit.drawings.joes_bar.badges import badge
from pnp.kit.drawings.joes_bar.glyphs import GLYPHS
from pnp.kit.drawings.joes_bar.look import Colours, Look, colours_of
from pnp.kit.drawings.joes_bar.neon import (
    grime,
    neon_rect,
    neon_sign,
    neon_text,
    seed_of,
    wood_grain,
)
from pnp.kit.drawings.joes_bar.patron import booze_scale, portrait, starting_cap, trait_icon
from pnp.kit.drawings.joes_bar.signs import hazard_tape, icon_signs
from pnp.kit.drawings.typeset import TextBox, fit_line
from pnp.kit.faces.base import FaceError
from pnp.kit.fonts import DISPLAY
from pnp.kit.geometry import MM, Rect
from pnp.kit.layout_faces.look import look_of, valign_share
from pnp.kit.layout_faces.registry import element
from pnp.kit.layout_faces.scope import Scope
from pnp.kit.layout_faces.text import draw_text, one_line

#: A title's neon misprint is set this far right and down of the ink, in points.
MISPRINT_OFFSET = 0.9
#: Lit lettering stands on a baseline this share of its size below its box's middle.
NEON_TEXT_DROP = 0.36
#: The glyphs hung by a back's sign, in ink-saver mode: this grey.
PALE_GLYPH = Color(0.62, 0.62, 0.62)

_COLOURS: dict[int, tuple[object, Colours]] = {}
_STYLED: dict[tuple[int, str, str], tuple[object, TextElement]] = {}


def _look(scope: Scope) -> Look:
    """The look of the card being drawn: its context and the layout's colours."""
    known = _COLOURS.get(id(scope.layouts))
    if known is None or known[0] is not scope.layouts:
        try:
            known = (scope.layouts, colours_of(scope.layouts.palette))
        except FaceError as error:
            raise FaceError(f"{scope.what}: {error}") from None
        _COLOURS[id(scope.layouts)] = known
    return Look(scope.context, known[1])


def _text(scope: Scope, arguments: Mapping[str, Any], name: str, default: str | None = None
          ) -> str:  # fmt: skip
    value = arguments.get(name, default)
    if value is None or isinstance(value, (list, tuple, dict)):
        raise FaceError(f"{scope.what}: the element needs {name!r} (text), got {value!r}")
    return str(value)


def _number(scope: Scope, arguments: Mapping[str, Any], name: str, default: float | None = None
            ) -> float:  # fmt: skip
    value = arguments.get(name, default)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise FaceError(f"{scope.what}: the element needs {name!r} (a number), got {value!r}")
    return float(value)


def _whole(scope: Scope, arguments: Mapping[str, Any], name: str) -> int:
    value = arguments.get(name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise FaceError(f"{scope.what}: the element needs {name!r} (a whole number), got "
                        f"{value!r}")  # fmt: skip
    return value


def _colour(scope: Scope, arguments: Mapping[str, Any], name: str, default: str | None = None
            ) -> str:  # fmt: skip
    """A colour argument (a palette name or ``#rrggbb``) as ``#rrggbb``."""
    return scope.hex(_text(scope, arguments, name, default))


def _seed(scope: Scope, arguments: Mapping[str, Any]) -> int:
    """The seed of a random texture: ``seed`` (any text), by default the card's id."""
    return seed_of(_text(scope, arguments, "seed", scope.card.id))


def _styled(scope: Scope, arguments: Mapping[str, Any], words: str) -> TextElement:
    """A text element setting ``words`` in the layout's style ``style``."""
    style = _text(scope, arguments, "style")
    if style not in scope.layouts.styles:
        known = ", ".join(sorted(scope.layouts.styles))
        raise FaceError(f"{scope.what}: there is no style {style!r} (known: {known})")
    key = (id(scope.layouts), style, words)
    known_element = _STYLED.get(key)
    if known_element is None or known_element[0] is not scope.layouts:
        written = words.replace("{", "{{").replace("}", "}}")
        made = TextElement.model_validate({"text": written, "box": [0, 0, 0, 0], "style": style})
        known_element = (scope.layouts, made)
        _STYLED[key] = known_element
    return known_element[1]


# the card ---------------------------------------------------------------------------


@element("jb-grime")
def grime_element(canvas: Canvas, box: Rect, arguments: Mapping[str, Any], scope: Scope) -> None:
    """Glass rings and splashes over the box, placed by ``seed`` (any text; by default
    the card's id); none in ink-saver mode."""
    grime(canvas, _look(scope), box, _seed(scope, arguments))


@element("jb-wood-grain")
def wood_grain_element(canvas: Canvas, box: Rect, arguments: Mapping[str, Any],
                       scope: Scope) -> None:  # fmt: skip
    """Faint planks and grain under the whole card, bleed included, placed by ``seed``
    (by default the card's id); none in ink-saver mode."""
    wood_grain(canvas, _look(scope), scope.context.bleed_box, _seed(scope, arguments))


@element("jb-badge")
def badge_element(canvas: Canvas, box: Rect, arguments: Mapping[str, Any], scope: Scope) -> None:
    """The shape of ``category`` (a starburst for a hit ..., a stool for a Bar card, a
    bust for a patron) filling the box, in ``colour`` (by default the category's neon)
    outlined in ``outline`` (by default ink)."""
    category = _text(scope, arguments, "category")
    fill = scope.line(_colour(scope, arguments, "colour", f"neon-{category}"))
    outline = scope.line(_colour(scope, arguments, "outline", "ink"))
    x, y = box.centre
    try:
        badge(canvas, category, x, y, min(box.width, box.height), fill, outline)
    except FaceError as error:
        raise FaceError(f"{scope.what}: {error}") from None


@element("jb-timing")
def timing_element(canvas: Canvas, box: Rect, arguments: Mapping[str, Any], scope: Scope) -> None:
    """When the card is played, in the words the cards use ("Play in the chain"), set
    in the box in the layout's ``style``."""
    timing = getattr(scope.card, "timing", None)
    words = TIMING_LABEL.get(str(timing))
    if words is None:
        raise FaceError(f"{scope.what}: the card has no timing to print (got {timing!r})")
    draw_text(scope, _styled(scope, arguments, words), box)


@element("jb-misprint")
def misprint_element(canvas: Canvas, box: Rect, arguments: Mapping[str, Any],
                     scope: Scope) -> None:  # fmt: skip
    """The neon misprint behind a title: ``text`` set on one line as the layout's
    ``style`` sets it in this box, in ``colour``, a little right of and below the ink
    drawn over it; nothing in ink-saver mode."""
    if not _look(scope).glowing:
        return
    text = _text(scope, arguments, "text")
    look = look_of(_styled(scope, arguments, text), scope.layouts)
    if look.capitals:
        text = text.upper()
    colour = scope.line(_colour(scope, arguments, "colour"))
    one_line(scope, " ".join(text.split()), box.moved(MISPRINT_OFFSET, -MISPRINT_OFFSET), look,
             colour)  # fmt: skip


@element("jb-hazard-tape")
def hazard_tape_element(canvas: Canvas, box: Rect, arguments: Mapping[str, Any],
                        scope: Scope) -> None:  # fmt: skip
    """Hazard tape across the box: ink stripes on the palette's ``hazard`` yellow."""
    hazard_tape(canvas, _look(scope), box)


@element("jb-neon-sign")
def neon_sign_element(canvas: Canvas, box: Rect, arguments: Mapping[str, Any],
                      scope: Scope) -> None:  # fmt: skip
    """A neon sign board filling the box: a brick wall at night (bricks placed by
    ``seed``, by default the card's id) with corners of ``radius`` millimetres and a
    tube of ``colour`` round it."""
    radius = _number(scope, arguments, "radius") * MM
    neon = _colour(scope, arguments, "colour")
    neon_sign(canvas, _look(scope), box, neon, _seed(scope, arguments), radius)


@element("jb-icon-signs")
def icon_signs_element(canvas: Canvas, box: Rect, arguments: Mapping[str, Any],
                       scope: Scope) -> None:  # fmt: skip
    """The ``icons`` (a list of the icon table's ids) lit in the box, one glyph in a ring
    of its category's neon per occurrence, at most ``largest`` millimetres across, in
    rows of three at most, each named below."""
    value = arguments.get("icons")
    ids = [str(item) for item in value] if isinstance(value, (list, tuple)) else []
    icons = icons_of(scope.context.game, ids, scope.what)
    largest = _number(scope, arguments, "largest") * MM
    icon_signs(canvas, _look(scope), icons, box, largest, scope.what)


@element("jb-markup")
def markup_element(canvas: Canvas, box: Rect, arguments: Mapping[str, Any], scope: Scope) -> None:
    """``text`` with bold and italic words (``<b>``, ``<i>``) set as a paragraph in the
    layout's ``style``, shrunk to fit the box."""
    text = _text(scope, arguments, "text")
    look = look_of(_styled(scope, arguments, text), scope.layouts)
    TextBox(text, box, font=look.font, size=look.size, colour=scope.ink(look.colour),
            leading=look.leading, markup=True, valign=valign_share(look.valign),
            min_size=look.min_size, align=look.align).draw(canvas, scope.what)  # fmt: skip


# the backs ---------------------------------------------------------------------------


@element("jb-faded-motif")
def faded_motif_element(canvas: Canvas, box: Rect, arguments: Mapping[str, Any],
                        scope: Scope) -> None:  # fmt: skip
    """The deck's motif over the whole card, ``step`` millimetres apart, kept clear of
    the box, faded under a veil of the back's colour: ``fade`` opaque (``pale-fade`` in
    ink-saver mode)."""
    context = scope.context
    design = context.deck.spec.back
    step = _number(scope, arguments, "step") * MM
    fade = _number(scope, arguments, "pale-fade" if context.options.ink_saver else "fade")
    motif_pattern(canvas, context, design, step=step, keep_clear=box)
    bleed = context.bleed_box
    canvas.saveState()
    canvas.setFillColor(context.fill_colour(design.colour))
    canvas.setFillAlpha(fade)
    canvas.rect(bleed.x, bleed.y, bleed.width, bleed.height, stroke=0, fill=1)
    canvas.restoreState()


@element("jb-neon-frame")
def neon_frame_element(canvas: Canvas, box: Rect, arguments: Mapping[str, Any],
                       scope: Scope) -> None:  # fmt: skip
    """A rectangle of neon tube round the box: ``colour``, ``width`` points thick, with
    corners of ``radius`` millimetres."""
    neon = _colour(scope, arguments, "colour")
    width = _number(scope, arguments, "width")
    neon_rect(canvas, _look(scope), neon, width, box, _number(scope, arguments, "radius") * MM)


@element("jb-neon-text")
def neon_text_element(canvas: Canvas, box: Rect, arguments: Mapping[str, Any],
                      scope: Scope) -> None:  # fmt: skip
    """``text`` lit in ``colour`` on one line, centred in the box, in the display face
    at ``size`` points or smaller to fit its width, in capitals when ``capitals``."""
    text = _text(scope, arguments, "text")
    if arguments.get("capitals", False):
        text = text.upper()
    size = fit_line(text, DISPLAY, _number(scope, arguments, "size"), box.width, scope.what)
    x, y = box.centre
    neon_text(canvas, _look(scope), text, x, y - size * NEON_TEXT_DROP, DISPLAY, size,
              _colour(scope, arguments, "colour"))  # fmt: skip


@element("jb-back-glyph")
def back_glyph_element(canvas: Canvas, box: Rect, arguments: Mapping[str, Any],
                       scope: Scope) -> None:  # fmt: skip
    """The icon glyph ``glyph`` (fist, bottle ...) filling the box in ``colour``, its
    holes cut in ``ground``: hung by a back's sign (mid-grey in ink-saver mode)."""
    name = _text(scope, arguments, "glyph")
    drawer = GLYPHS.get(name)
    if drawer is None:
        raise FaceError(f"{scope.what}: there is no glyph {name!r} (known: {', '.join(GLYPHS)})")
    context = scope.context
    neon = _colour(scope, arguments, "colour")
    ink = context.colour(neon) if _look(scope).glowing else PALE_GLYPH
    canvas.setFillColor(ink)
    canvas.setStrokeColor(ink)
    x, y = box.centre
    drawer(canvas, x, y, min(box.width, box.height),
           context.fill_colour(_colour(scope, arguments, "ground")))  # fmt: skip


# Patron cards ------------------------------------------------------------------------


@element("jb-booze-scale")
def booze_scale_element(canvas: Canvas, box: Rect, arguments: Mapping[str, Any],
                        scope: Scope) -> None:  # fmt: skip
    """The Booze Level scale: levels from KO to ``top`` over the box's height, on a
    dark band from the box's left edge off the card's right edge, ``booze`` on a
    bottle cap."""
    booze_scale(canvas, _look(scope), box, _whole(scope, arguments, "booze"),
                _whole(scope, arguments, "top"))  # fmt: skip


@element("jb-portrait")
def portrait_element(canvas: Canvas, box: Rect, arguments: Mapping[str, Any],
                     scope: Scope) -> None:  # fmt: skip
    """A regular at the bar, as tall as the box, lit in ``colour``; ``seed`` (by
    default the card's id) picks the hat, the neckwear and the eyes."""
    portrait(canvas, _look(scope), box, _colour(scope, arguments, "colour"),
             _seed(scope, arguments))  # fmt: skip


@element("jb-bottle-cap")
def bottle_cap_element(canvas: Canvas, box: Rect, arguments: Mapping[str, Any],
                       scope: Scope) -> None:  # fmt: skip
    """A crimped bottle cap filling the box (the patron's starting BL goes on it)."""
    starting_cap(canvas, _look(scope), box)


@element("jb-trait-icon")
def trait_icon_element(canvas: Canvas, box: Rect, arguments: Mapping[str, Any],
                       scope: Scope) -> None:  # fmt: skip
    """The icon ``icon`` (an id of the icon table) a trait is about, in ink on a disc
    of its neon filling the box; nothing when ``icon`` is empty."""
    icon_id = arguments.get("icon")
    if not icon_id:
        return
    (icon,) = icons_of(scope.context.game, [str(icon_id)], scope.what)
    trait_icon(canvas, _look(scope), icon, box)


# player aids ---------------------------------------------------------------------------


AidDrawing = Callable[[Canvas, Look, Rect, AidLook, str, str], None]


def _aid(name: str, drawing: AidDrawing) -> None:
    def draw(canvas: Canvas, box: Rect, arguments: Mapping[str, Any], scope: Scope) -> None:
        if _text(scope, arguments, "aid") != name:
            return
        aid = AidLook(
            title=_text(scope, arguments, "title"),
            sign_height=_number(scope, arguments, "sign") * MM,
            glyph=_number(scope, arguments, "glyph") * MM,
            gap=_number(scope, arguments, "gap") * MM,
            leading=_number(scope, arguments, "leading"),
        )
        drawing(canvas, _look(scope), box, aid, _colour(scope, arguments, "colour"), scope.what)

    draw.__doc__ = (
        f"The player aid {name!r} in the box, when ``aid`` names it: a neon sign of "
        "``colour``, ``sign`` millimetres tall, with the ``title``, over rows of a glyph "
        "``glyph`` millimetres across and a text set at ``leading``, ``gap`` millimetres "
        "apart at least."
    )
    element(f"jb-{name}")(draw)


_aid("icon-reference", icon_reference)
_aid("round-phases", round_phases)
