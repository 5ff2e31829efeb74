"""The model of ``cards/<game>/layouts.yaml``: how each card kind is drawn, as data.

A layout is a list of elements for a kind's front (and, optionally, its back), drawn
in order by the kit's generic face (:mod:`pnp.kit.layout_faces`). Colours are named
once in ``palette``, text styles once in ``styles``, icons once in ``icons``::

    palette: {paper: "#f4e9d8", ink: "#2a1a14"}
    styles:
      title: {font: display, size: 24, min_size: 12, colour: ink, align: centre}
    layouts:
      spell:
        front:
          - {fill: paper}
          - {text: "{name}", box: [4, 4, 55, 10], style: title}

Lengths of boxes, insets, radii, gaps and sizes of symbols are millimetres (a box's
parts may be ``"NN%"`` of the card's width or height); font sizes and line widths
are points. Every element is a mapping with one element key (``fill``, ``frame``,
``shape``, ``text``, ``index``, ``image``, ``icons``, ``symbol``, ``repeat``,
``element``) and takes ``when``/``unless``, ``rotate`` and ``corners``. ``when`` and
``unless`` name a field (drawn when it has a value / has none) or map fields to the
values they must have (``when: {rarity: rare}``, ``unless: {cost: 0}``, ``when: {dice:
[5, 6]}``: one of these). The names used (styles, colours, fields) are checked by
:mod:`pnp.catalog.layoutcheck`.
"""

from __future__ import annotations

import difflib
import inspect
import math
import re
from typing import Annotated, Any, Literal

from pydantic import (
    BeforeValidator,
    Discriminator,
    Field,
    GetJsonSchemaHandler,
    Tag,
    model_validator,
)
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema

from pnp.catalog.base import Colour, Id, Model, Text
from pnp.catalog.messages import UNION_TAG_PREFIX

#: A frame's distance from the cut when none is given, in millimetres.
DEFAULT_FRAME_INSET_MM = 3.0
#: Line width when none is given, in points.
DEFAULT_LINE_WIDTH = 1.0
#: Room between repeated symbols, and between icons, when none is given, in millimetres.
DEFAULT_GAP_MM = 1.5

FontName = Literal["display", "body", "body-bold", "body-italic"]
Align = Literal["left", "centre", "right"]
#: ``baseline``: as ``bottom`` at the text's full size, and a line shrunk to fit its
#: width keeps that baseline (titles of different lengths stand on one line).
VerticalAlign = Literal["top", "middle", "bottom", "baseline"]
#: A share of the room a text leaves in its box, above it: 0 at the top, 1 at the bottom.
Share = Annotated[float, Field(ge=0, le=1)]
Corner = Literal["top-left", "top-right", "bottom-left", "bottom-right"]
Fit = Literal["contain", "cover", "stretch"]
ShapeKind = Literal["rect", "roundrect", "circle", "ellipse", "line"]
#: Millimetres, not negative.
Millimetres = Annotated[float, Field(ge=0, le=1000)]
#: Points (font sizes), at least the kit's smallest text size.
FontSize = Annotated[float, Field(ge=7, le=300)]
LineWidth = Annotated[float, Field(gt=0, le=100)]
Opacity = Annotated[float, Field(ge=0, le=1)]
#: A field a template or ``when`` names: ``name``, ``trait.name``, ``back.colour``.
FIELD_NAME_PATTERN = r"^[A-Za-z_][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*$"
FieldName = Annotated[str, Field(pattern=FIELD_NAME_PATTERN)]
#: A colour: a palette name, ``#rrggbb``, or a template giving either (``"{back.colour}"``).
ColourRef = Text
#: A plain value handed to a named element (``with:``): text (a template), a number, yes/no.
Argument = str | int | float | bool
_FIELD_NAME = re.compile(FIELD_NAME_PATTERN)
_SCALAR = (str, int, float, bool)


def _condition(value: Any) -> Any:
    """One sentence for a ``when`` or ``unless`` that is neither a field nor a mapping of
    fields to values."""
    expected = ("expected a field name (like rare or trait.name) or a mapping of fields to "
                "the values they must have (like {rarity: rare} or {cost: [0, 1]})")  # fmt: skip
    if isinstance(value, str):
        if not _FIELD_NAME.match(value):
            raise ValueError(f"{expected}, got {value!r}")
        return value
    if not isinstance(value, dict) or not value:
        raise ValueError(f"{expected}, got {'an empty mapping' if value == {} else repr(value)}")
    for name, wanted in value.items():
        if not isinstance(name, str) or not _FIELD_NAME.match(name):
            raise ValueError(f"{name!r} is no field name (like rarity or trait.name)")
        options = wanted if isinstance(wanted, (tuple, list)) else (wanted,)
        if not options or not all(isinstance(option, _SCALAR) for option in options):
            raise ValueError(f"{name}: expected a value (text, a number, true or false) or a "
                             f"list of values, got {wanted!r}"[:160])  # fmt: skip
    return value


#: ``when`` and ``unless``: a field (that has a value), or fields each with the value it must
#: have or a list of the values it may have (``{effect.type: venue, dice: [5, 6]}``).
Condition = Annotated[str | dict[str, Argument | tuple[Argument, ...]], BeforeValidator(_condition)]

_PERCENT = re.compile(r"^-?\d+(\.\d+)?%$")


def _measure(value: Any) -> Any:
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise ValueError(f"expected millimetres or a percentage like '10%', got {value!r}")
    if isinstance(value, str) and not _PERCENT.match(value):
        raise ValueError(f"expected millimetres or a percentage like '10%', got {value!r}")
    if isinstance(value, float) and not math.isfinite(value):
        raise ValueError(f"expected a finite length, got {value!r}")
    return value


#: Millimetres, or ``"NN%"`` of the card's width (x, width) or height (y, height).
Measure = Annotated[float | str, BeforeValidator(_measure)]


def _gap(value: Any) -> Any:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return (value, value)
    if isinstance(value, (list, tuple)):
        if len(value) == 2:
            return tuple(value)
        got = f"a list of {len(value)} items"
    else:
        got = repr(value)[:40]
    raise ValueError(f"expected millimetres, or two of them [across, down], got {got}")


#: Room between things in a grid: millimetres both ways, or ``[across, down]``.
Gap = Annotated[
    tuple[Millimetres, Millimetres],
    BeforeValidator(_gap, json_schema_input_type=Millimetres | tuple[Millimetres, Millimetres]),
]


def length(measure: float | str, whole_mm: float) -> float:
    """A measure in millimetres, a percentage taken of ``whole_mm``."""
    if isinstance(measure, str):
        return float(measure[:-1]) * whole_mm / 100
    return float(measure)


class Box(Model):
    """Where an element stands: from the card's top-left corner (the trim, not the
    bleed), ``[x, y, width, height]``."""

    x: Measure
    y: Measure
    width: Measure
    height: Measure

    @model_validator(mode="before")
    @classmethod
    def _from_list(cls, data: Any) -> Any:
        if isinstance(data, (list, tuple)):
            if len(data) != 4:
                raise ValueError(
                    f"expected a box [x, y, width, height], got a list of {len(data)} items"
                )
            for value in data:
                _measure(value)
            for name, value in (("width", data[2]), ("height", data[3])):
                if (float(value[:-1]) if isinstance(value, str) else value) < 0:
                    raise ValueError(f"a box's {name} cannot be negative, got {value!r}")
            return dict(zip(("x", "y", "width", "height"), data, strict=True))
        raise ValueError(
            f"expected a box [x, y, width, height] in millimetres or percentages, got {data!r}"[
                :120
            ]
        )

    @classmethod
    def __get_pydantic_json_schema__(
        cls, core_schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        """A box as a layout writes it (the list), not as the model keeps it."""
        measure = [{"type": "number"}, {"type": "string", "pattern": _PERCENT.pattern}]
        return {"title": "Box", "description": inspect.cleandoc(cls.__doc__ or ""), "type": "array",
                "items": {"anyOf": measure}, "minItems": 4, "maxItems": 4}  # fmt: skip

    def in_mm(self, card_width: float, card_height: float) -> tuple[float, float, float, float]:
        """``(x, y, width, height)`` in millimetres on a card of that size, from the top left."""
        return (
            length(self.x, card_width),
            length(self.y, card_height),
            length(self.width, card_width),
            length(self.height, card_height),
        )


class TextLook(Model):
    """A text style: every part optional, an element's own parts win over its style's."""

    font: FontName | None = None
    size: FontSize | None = None
    #: Shrink-to-fit stops here (never below 7 pt); the default is 7 pt.
    min_size: FontSize | None = None
    colour: ColourRef | None = None
    align: Align | None = None
    #: ``top``, ``middle``, ``bottom``, or a share of the room left above the text (0.4:
    #: a little above the middle).
    valign: VerticalAlign | Share | None = None
    #: Line spacing as a multiple of the size.
    leading: Annotated[float, Field(ge=0.8, le=3)] | None = None
    capitals: bool | None = None
    #: Set as a paragraph on several lines (true) or shrunk onto one line (false).
    wrap: bool | None = None
    #: A title: one line, or, when one line would be smaller than ``min_size``, two lines
    #: of about equal length at one size (never below 7 pt); the lines, ascenders to
    #: descenders, centred in the box. Not wrapped unless ``wrap`` says so.
    balance: bool | None = None


class Element(Model):
    """What every element takes."""

    #: Drawn only when this field has a value (not absent, empty or false), or when the
    #: fields have the values given (``{rarity: rare}``, ``{cost: [0, 1]}``).
    when: Condition | None = None
    #: Drawn only when this field has no value, or when the fields given do not all have
    #: the values given.
    unless: Condition | None = None
    #: Turned about the box's centre; at 90 and 270 the content is laid out in the box
    #: turned (a tall box holds a line of text running up or down).
    rotate: Literal[0, 90, 180, 270] = 0
    #: Drawn once per corner: the box as written is the top-left copy, the others are
    #: mirrored to their corner, the bottom ones turned upside down.
    corners: tuple[Corner, ...] | None = None


class Fill(Element):
    """The whole card, bleed included, in one colour."""

    fill: ColourRef
    opacity: Opacity = 1.0


class FrameSpec(Model):
    inset: Millimetres = DEFAULT_FRAME_INSET_MM
    stroke: ColourRef
    width: LineWidth = DEFAULT_LINE_WIDTH
    radius: Millimetres = 0.0
    fill: ColourRef | None = None


class Frame(Element):
    """A rectangle ``inset`` millimetres inside the cut."""

    frame: FrameSpec


class Shape(Element):
    """A rectangle (rounded with ``radius``), circle, ellipse or line in a box; a line
    runs from the box's top-left corner to its bottom-right one."""

    shape: ShapeKind
    box: Box
    fill: ColourRef | None = None
    stroke: ColourRef | None = None
    width: LineWidth = DEFAULT_LINE_WIDTH
    radius: Millimetres = 0.0
    opacity: Opacity = 1.0

    @model_validator(mode="after")
    def _drawn(self) -> Shape:
        if self.fill is None and self.stroke is None:
            raise ValueError("a shape needs a fill, a stroke or both")
        if self.shape == "line" and self.stroke is None:
            raise ValueError("a line needs a stroke colour")
        if self.shape == "roundrect" and self.radius <= 0:
            raise ValueError("a roundrect needs a radius (millimetres)")
        return self


class TextElement(Element, TextLook):
    """Text from a template, set in its box: wrapped, or on one line, shrunk to fit."""

    text: str
    box: Box
    style: Id | None = None
    #: ``:name:`` in the text is drawn as the icon ``name``.
    icons: bool = False


class Index(Element, TextLook):
    """A corner index: one line, in the top-left corner and turned in the bottom-right
    unless ``corners`` says otherwise."""

    index: str
    box: Box
    style: Id | None = None


class Image(Element):
    """An image file of the game's folder (PNG, JPEG; SVG drawn as vectors)."""

    image: Text
    box: Box
    fit: Fit = "contain"


class Icons(Element):
    """A list field's icons in a row (several rows when they do not fit one)."""

    icons: Text
    box: Box
    #: The largest an icon is drawn, in millimetres; the default fills the box's height.
    size: Millimetres | None = None
    gap: Millimetres = DEFAULT_GAP_MM
    align: Align = "centre"
    colour: ColourRef | None = None


class Symbol(Element):
    """One icon or named symbol, as large as its box allows."""

    symbol: Text
    box: Box
    colour: ColourRef | None = None


class RepeatSpec(Model):
    symbol: Text | None = None
    element: Id | None = None
    arguments: dict[str, Argument] = Field(default_factory=dict, alias="with")

    @model_validator(mode="after")
    def _one(self) -> RepeatSpec:
        if (self.symbol is None) == (self.element is None):
            raise ValueError("expected one of symbol or element: what is repeated")
        return self


class Repeat(Element):
    """A symbol (or a named element) drawn ``count`` times in a grid in the box."""

    repeat: RepeatSpec
    count: Annotated[int, Field(ge=0, le=100)] | Text
    box: Box
    columns: Annotated[int, Field(ge=1, le=100)] | None = None
    #: The largest one is drawn, in millimetres.
    size: Millimetres | None = None
    #: Between neighbours, across and down (``[across, down]`` when they differ).
    gap: Gap = (DEFAULT_GAP_MM, DEFAULT_GAP_MM)
    colour: ColourRef | None = None


class Named(Element):
    """A drawing in Python for what data cannot say (``@element`` in the kit)."""

    element: Id
    #: The whole card (the trim) when not given.
    box: Box | None = None
    arguments: dict[str, Argument] = Field(default_factory=dict, alias="with")


class Unknown(Element):
    """Stands for a mapping that is no element, to say why."""

    @model_validator(mode="before")
    @classmethod
    def _refuse(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            raise ValueError(
                "expected an element, a mapping such as {fill: paper}, got "
                + (repr(data)[:40] if data is not None else "nothing")
            )
        close = [
            match[0]
            for key in data
            if (match := difflib.get_close_matches(str(key), ELEMENT_KEYS, n=1, cutoff=0.6))
        ]
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise ValueError(
            f"is no element: it needs one of the keys {', '.join(ELEMENT_KEYS)} "
            f"(found {', '.join(map(str, data)) or 'no key'}){hint}"
        )


_MODELS: dict[str, type[Element]] = {
    "fill": Fill,
    "frame": Frame,
    "shape": Shape,
    "text": TextElement,
    "index": Index,
    "image": Image,
    "icons": Icons,
    "symbol": Symbol,
    "repeat": Repeat,
    "element": Named,
}
ELEMENT_KEYS = tuple(_MODELS)
#: The order element keys are looked for: a key that is also an option of another
#: element (a shape's ``fill``, a text's ``icons``) after that element's own key.
_PRECEDENCE = ("shape", "frame", "text", "index", "image", "repeat", "element", "symbol",
               "icons", "fill")  # fmt: skip
#: The tag of an element that is no element (see :class:`Unknown`).
_UNKNOWN = UNION_TAG_PREFIX + "?"


def _element_kind(data: Any) -> str:
    if isinstance(data, dict):
        for key in _PRECEDENCE:
            if key in data:
                return UNION_TAG_PREFIX + key
    return _UNKNOWN


AnyElement = Annotated[
    Annotated[Fill, Tag("union:fill")]
    | Annotated[Frame, Tag("union:frame")]
    | Annotated[Shape, Tag("union:shape")]
    | Annotated[TextElement, Tag("union:text")]
    | Annotated[Index, Tag("union:index")]
    | Annotated[Image, Tag("union:image")]
    | Annotated[Icons, Tag("union:icons")]
    | Annotated[Symbol, Tag("union:symbol")]
    | Annotated[Repeat, Tag("union:repeat")]
    | Annotated[Named, Tag("union:element")]
    | Annotated[Unknown, Tag(_UNKNOWN)],
    Discriminator(_element_kind),
]


def element_key(element: Model) -> str:
    """The element key of ``element`` (``"text"`` for a text element)."""
    for key, model in _MODELS.items():
        if type(element) is model:
            return key
    raise TypeError(f"not an element: {type(element).__name__}")


class IconSpec(Model):
    """An icon of the game: an image file, or a named symbol (in ``colour``)."""

    image: Text | None = None
    symbol: Text | None = None
    colour: ColourRef | None = None

    @model_validator(mode="after")
    def _one(self) -> IconSpec:
        if (self.image is None) == (self.symbol is None):
            raise ValueError("expected one of image or symbol")
        return self


def _not_empty(value: Any) -> Any:
    # (pydantic's min_length counts only the items that validated: checked before)
    if isinstance(value, (tuple, list)) and not value:
        raise ValueError("expected a list of at least one element, got an empty list")
    return value


class KindLayout(Model):
    """The elements of a kind's front and back; without a back, the deck's standard
    back (its colour, motif and title) is drawn."""

    front: Annotated[tuple[AnyElement, ...], BeforeValidator(_not_empty)]
    back: Annotated[tuple[AnyElement, ...], BeforeValidator(_not_empty)] | None = None


class Layouts(Model):
    """A game's ``layouts.yaml``."""

    palette: dict[Id, Colour] = Field(default_factory=dict)
    styles: dict[Id, TextLook] = Field(default_factory=dict)
    icons: dict[Id, IconSpec] = Field(default_factory=dict)
    layouts: dict[Text, KindLayout] = Field(min_length=1)


#: The top-level keys of layouts.yaml.
LAYOUTS_KEYS = tuple(Layouts.model_fields)
