"""The Music Game Thingy's named elements: each draws one side of a deck kind's cards
in the box its layout gives (``cards/music-game-thingy/layouts.yaml``), with the
drawings of :mod:`pnp.kit.drawings.music_game_thingy`; the symbols of the Action
types are registered for layouts to use too."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from pnp.catalog.base import Card
from pnp.catalog.schemas.music_game_thingy import (
    ActionCard,
    ArtistCard,
    Banknote,
    MonthCard,
    TourCard,
    YearCard,
)
from pnp.kit.drawings.colours import set_ink
from pnp.kit.drawings.common import motif_pattern
from pnp.kit.drawings.context import FaceContext, FaceError
from pnp.kit.drawings.music_game_thingy import action, artist, marker, money, month, tour, year
from pnp.kit.drawings.music_game_thingy.styles import PAPER
from pnp.kit.drawings.music_game_thingy.symbols import small_calendar
from pnp.kit.drawings.music_game_thingy.typesetting import band
from pnp.kit.drawings.typeset import title
from pnp.kit.geometry import MM, Rect
from pnp.kit.layout_faces.look import FONTS
from pnp.kit.layout_faces.registry import SYMBOLS, element, symbol
from pnp.kit.layout_faces.scope import Scope

#: A title smaller than this on one line is set on two, unless the layout says otherwise.
MIN_TITLE_ONE_LINE = 13.0

#: The words a side prints that its layout hands over (``with: {name: "{name}"}``), each
#: in place of the card's field of that name.
WORDS = ("name", "text", "genre")


def _worded(card: Card, arguments: Mapping[str, Any]) -> Card:
    """``card`` saying the words the layout hands over instead of its own."""
    words = {key: value for key, value in arguments.items() if key in WORDS and value is not None}
    return card.model_copy(update=words) if words else card


def _side(name: str, kind: type[Card], drawing: Callable[[Canvas, Any, FaceContext, Rect], None],
          doc: str) -> None:  # fmt: skip
    """Register ``drawing`` (one side of a card of ``kind``) as the element ``name``: it
    draws in the element's box, the words the layout hands over in place of the card's."""

    def draw(canvas: Canvas, box: Rect, arguments: Mapping[str, Any], scope: Scope) -> None:
        if not isinstance(scope.card, kind):
            raise FaceError(f"{scope.what}: {name} draws {kind.__name__}s only")
        unknown = sorted(set(arguments) - set(WORDS))
        if unknown:
            raise FaceError(f"{scope.what}: {name} takes no {', '.join(unknown)}")
        drawing(canvas, _worded(scope.card, arguments), scope.context, box)

    draw.__doc__ = doc
    element(name)(draw)


_side(
    "mgt-action",
    ActionCard,
    action.action_front,
    "An Action card in its box: type pill and name in a band, numbers, rule text, footer.",
)
_side(
    "mgt-tour",
    TourCard,
    tour.tour_front,
    "A Tour card: months on the road, dice, and the Fame, fee and Fame at home.",
)
_side(
    "mgt-artist",
    ArtistCard,
    artist.artist_front,
    "An Artist: name and genre, the Fame track with its bonuses, the Contract track.",
)


symbol("mgt-calendar", small_calendar)


# --- pieces a layout places -------------------------------------------------------------------


def _colour(arguments: Mapping[str, Any], scope: Scope, name: str = "colour") -> str:
    """The argument ``name``, a palette colour or ``#rrggbb``, as ``#rrggbb``."""
    value = arguments.get(name)
    if not isinstance(value, str):
        raise FaceError(f"{scope.what}: expected a colour for {name}, got {value!r}")
    return scope.hex(value)


@element("mgt-band")
def band_element(canvas: Canvas, box: Rect, arguments: Mapping[str, Any], scope: Scope) -> None:
    """The coloured band from the bottom of the box over the top of the bleed, in
    ``colour``, with record grooves peeking in from the right (plain in ink-saver mode)."""
    band(canvas, scope.context, _colour(arguments, scope), box.y)


#: How ``mgt-symbol`` colours its symbol in ink-saver mode: ``area``, a pale tint, as a
#: large fill; ``icon``, mid-grey, as a large symbol on the paper.
SYMBOL_INKS = ("area", "icon")


@element("mgt-symbol")
def game_symbol(canvas: Canvas, box: Rect, arguments: Mapping[str, Any], scope: Scope) -> None:
    """The symbol ``symbol`` centred in the box, as large as it, in ``colour``; in
    ink-saver mode as ``as`` says (``area``: a pale tint; ``icon``: mid-grey)."""
    name, kind = arguments.get("symbol"), arguments.get("as", "area")
    shape = SYMBOLS.get(name) if isinstance(name, str) else None
    if shape is None or kind not in SYMBOL_INKS:
        raise FaceError(f"{scope.what}: mgt-symbol needs a known symbol and as: area or icon, "
                        f"got {name!r} and {kind!r}")  # fmt: skip
    colour, context = _colour(arguments, scope), scope.context
    set_ink(
        canvas, context.fill_colour(colour) if kind == "area" else context.icon_on(PAPER, colour)
    )
    shape(canvas, *box.centre, min(box.width, box.height))


@element("mgt-year-track")
def year_track(canvas: Canvas, box: Rect, arguments: Mapping[str, Any], scope: Scope) -> None:
    """The Year card's track: a box per year in rows of five, the last year gold."""
    card = scope.card
    if not isinstance(card, YearCard):
        raise FaceError(f"{scope.what}: mgt-year-track draws the Year card's track only")
    year.year_track(canvas, card, scope.context, box)


@element("mgt-punch-holes")
def punch_holes(canvas: Canvas, box: Rect, arguments: Mapping[str, Any], scope: Scope) -> None:
    """Two holes as of a wall calendar at the box's ends, ringed in ``colour``."""
    month.punch_holes(canvas, scope.context, box, _colour(arguments, scope))


@element("mgt-year-dots")
def year_dots(canvas: Canvas, box: Rect, arguments: Mapping[str, Any], scope: Scope) -> None:
    """A dot in ``colour`` per month across the box: the Month card's own ringed, the past
    ones filled."""
    card = scope.card
    if not isinstance(card, MonthCard):
        raise FaceError(f"{scope.what}: mgt-year-dots draws a Month card's year only")
    month.year_dots(canvas, scope.context, box, card.number, _colour(arguments, scope))


@element("mgt-record")
def record(canvas: Canvas, box: Rect, arguments: Mapping[str, Any], scope: Scope) -> None:
    """A record as large as the box, grooved, ``text`` on its gold label."""
    radius = min(box.width, box.height) / 2
    text = arguments.get("text")
    marker.record_label(canvas, scope.context, *box.centre, radius, str(text or ""))


@element("mgt-ink-title")
def ink_title(canvas: Canvas, box: Rect, arguments: Mapping[str, Any], scope: Scope) -> None:
    """``text`` as a title in ``colour`` on the paper, in ``font`` (display unless given):
    one line, or two balanced lines when one would be smaller than ``min_size``, ``size``
    points at most. Unlike a layout text, fully dark in ink-saver mode however dark
    ``colour`` is, as the game's titles were."""
    text, size = arguments.get("text"), arguments.get("size")
    least = arguments.get("min_size", MIN_TITLE_ONE_LINE)
    font = FONTS.get(str(arguments.get("font", "display")))
    if not isinstance(text, str) or not isinstance(size, (int, float)) or font is None:
        raise FaceError(f"{scope.what}: mgt-ink-title needs a text, a size and a known font")
    colour = scope.context.ink_on(PAPER, _colour(arguments, scope))
    title(canvas, text, box, float(size), scope.what, colour, float(least), font=font)


@element("mgt-motif")
def motif(canvas: Canvas, box: Rect, arguments: Mapping[str, Any], scope: Scope) -> None:
    """The deck back's motif over the whole card, ``step`` millimetres apart, the box
    kept clear of it."""
    step = arguments.get("step")
    if isinstance(step, bool) or not isinstance(step, (int, float)) or step <= 0:
        raise FaceError(f"{scope.what}: mgt-motif needs a step in millimetres, got {step!r}")
    design = scope.context.deck.spec.back
    motif_pattern(canvas, scope.context, design, step=step * MM, keep_clear=box)


def _banknote(scope: Scope, name: str) -> Banknote:
    if not isinstance(scope.card, Banknote):
        raise FaceError(f"{scope.what}: {name} draws banknotes only")
    return scope.card


def _millimetres(arguments: Mapping[str, Any], scope: Scope, name: str) -> float:
    value = arguments.get(name)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
        raise FaceError(f"{scope.what}: expected millimetres for {name}, got {value!r}")
    return float(value) * MM


@element("mgt-note-paper")
def note_paper(canvas: Canvas, box: Rect, arguments: Mapping[str, Any], scope: Scope) -> None:
    """The whole banknote in its value's colour mixed with ``tint`` (0 to 1) of white,
    under fine wavy lines; white in ink-saver mode."""
    tint = arguments.get("tint")
    if isinstance(tint, bool) or not isinstance(tint, (int, float)) or not 0 <= tint <= 1:
        raise FaceError(f"{scope.what}: mgt-note-paper needs a tint from 0 to 1, got {tint!r}")
    money.note_paper(canvas, _banknote(scope, "mgt-note-paper"), scope.context, float(tint))


@element("mgt-note-border")
def note_border(canvas: Canvas, box: Rect, arguments: Mapping[str, Any], scope: Scope) -> None:
    """The banknote's double border in its colour: round the box with corners of ``radius``
    mm, and ``inner`` mm inside it with corners of ``inner_radius`` mm."""
    inner = box.inset(_millimetres(arguments, scope, "inner"))
    radii = (_millimetres(arguments, scope, "radius"),
             _millimetres(arguments, scope, "inner_radius"))  # fmt: skip
    card = _banknote(scope, "mgt-note-border")
    money.note_border(canvas, card, scope.context, box, inner, radii)


@element("mgt-note-seal")
def note_seal(canvas: Canvas, box: Rect, arguments: Mapping[str, Any], scope: Scope) -> None:
    """The banknote's seal, like a record label, as large as the box: its value over GRAND."""
    money.note_seal(canvas, _banknote(scope, "mgt-note-seal"), scope.context, box)


@element("mgt-note-words")
def note_words(canvas: Canvas, box: Rect, arguments: Mapping[str, Any], scope: Scope) -> None:
    """The banknote's words in its colour down the box: the bank, then the value in figures
    and words and the flavour text (``side: front``), or the note's name and the game
    (``side: back``). Takes the words printed: ``name``, ``text``."""
    side = arguments.get("side")
    if side not in ("front", "back"):
        raise FaceError(f"{scope.what}: mgt-note-words needs side: front or back")
    words = {key: value for key, value in arguments.items() if key != "side"}
    card = _worded(_banknote(scope, "mgt-note-words"), words)
    assert isinstance(card, Banknote)
    money.note_words(canvas, card, scope.context, box, front=side == "front")
