"""Checks on a game's ``layouts.yaml`` beyond its model (:mod:`pnp.catalog.layouts`).

Every name a layout uses must exist: its styles and colours (the palette, ``#rrggbb``),
the fields of its templates and of ``when`` (the kind's fields, see :class:`KindUse`,
and ``back.*``, ``deck.*``, ``game.*``), the kinds it draws (a deck of the game is of
that kind), the art it names (inside the game's folder, PNG, JPEG or SVG) and, when the
kit says which exist, its named elements and symbols. Templates that depend on a card
(a colour ``"{school}"``, an image ``"art/{id}.png"``, a count ``"{power}"``) are filled
for every card and checked too. Text and frames closer to the cut than the safe zone
are warnings, not errors. Each finding names its path in the file (the loader turns it
into a line) and, for a card's value, the card.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import BaseModel

from pnp.catalog.art import ArtError, art_file
from pnp.catalog.checks import LayoutChecks
from pnp.catalog.layouts import (
    Element,
    Fill,
    Frame,
    Icons,
    Image,
    Index,
    Layouts,
    Named,
    Repeat,
    Shape,
    Symbol,
    TextElement,
    TextLook,
)
from pnp.catalog.messages import models_in
from pnp.catalog.templates import (
    SPECIAL_FIELDS,
    TemplateError,
    Values,
    condition_fields,
    parse_template,
)
from pnp.catalog.yamlsource import PathKey

#: Text and frames keep this far from the cut, in millimetres.
SAFE_ZONE_MM = 3.0
#: Default text sizes, in points (as the kit's generic face sets them).
DEFAULT_SIZE = 10.0
SMALLEST_SIZE = 7.0
#: At most this many cards are named for one template that fails on several.
_NAMED_CARDS = 3
_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")
#: An inline icon in a text with ``icons: true``: ``:name:``.
INLINE_ICON = re.compile(r":([a-z0-9]+(?:-[a-z0-9]+)*):")
_POINTS_PER_MM = 72 / 25.4


@dataclass(frozen=True)
class KindUse:
    """What the checks know of a kind the game's decks use: the names a card of it has
    (dotted for a field's fields), the card sizes of its decks (millimetres), whether its
    cards share one back, and every card as (label, template values)."""

    fields: frozenset[str]
    sizes: tuple[tuple[float, float], ...]
    shares_back: bool
    cards: tuple[tuple[str, Values], ...] = ()


@dataclass(frozen=True)
class LayoutIssue:
    """A finding at ``path`` in layouts.yaml; ``record`` names the card it is about."""

    path: PathKey
    message: str
    record: str = ""


@dataclass
class Findings:
    errors: list[LayoutIssue] = field(default_factory=list)
    warnings: list[LayoutIssue] = field(default_factory=list)

    def error(self, path: PathKey, message: str, record: str = "") -> None:
        self.errors.append(LayoutIssue(path, message, record))


def _hint(name: str, known: Sequence[str], noun: str) -> str:
    close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
    if close:
        return f"; did you mean {close[0]!r}?"
    if not known:
        return f"; there are no {noun}"
    listed = ", ".join(sorted(known)[:12]) + (", ..." if len(known) > 12 else "")
    return f" (known {noun}: {listed})"


def merged_look(element: TextElement | Index, layouts: Layouts) -> TextLook:
    """The element's text look: its own parts over its style's."""
    style = layouts.styles.get(element.style or "") or TextLook()
    own = {name: getattr(element, name) for name in TextLook.model_fields}
    parts = {name: own[name] if own[name] is not None else getattr(style, name)
             for name in TextLook.model_fields}  # fmt: skip
    return TextLook(**parts)


@dataclass(frozen=True)
class Slot:
    """A value of an element that may hold a template: where it is and what it is."""

    path: PathKey
    text: str
    kind: str  # text, colour, image, count, symbol, icons or argument


def slots(element: Element, layouts: Layouts) -> Iterator[Slot]:
    """The template-bearing values of ``element`` (paths relative to the element, a
    style's colour from the top of the file)."""
    if isinstance(element, Fill):
        yield Slot(("fill",), element.fill, "colour")
    elif isinstance(element, Frame):
        yield Slot(("frame", "stroke"), element.frame.stroke, "colour")
        if element.frame.fill is not None:
            yield Slot(("frame", "fill"), element.frame.fill, "colour")
    elif isinstance(element, Shape):
        for name in ("fill", "stroke"):
            value = getattr(element, name)
            if value is not None:
                yield Slot((name,), value, "colour")
    elif isinstance(element, (TextElement, Index)):
        key = "text" if isinstance(element, TextElement) else "index"
        yield Slot((key,), getattr(element, key), "text")
        if element.colour is not None:
            yield Slot(("colour",), element.colour, "colour")
    elif isinstance(element, Image):
        yield Slot(("image",), element.image, "image")
    elif isinstance(element, Icons):
        yield Slot(("icons",), element.icons, "icons")
    elif isinstance(element, Symbol):
        yield Slot(("symbol",), element.symbol, "symbol")
    elif isinstance(element, Repeat):
        if element.repeat.symbol is not None:
            yield Slot(("repeat", "symbol"), element.repeat.symbol, "symbol")
        if isinstance(element.count, str):
            yield Slot(("count",), element.count, "count")
        for name, value in element.repeat.arguments.items():
            if isinstance(value, str):
                yield Slot(("repeat", "with", name), value, "argument")
    elif isinstance(element, Named):
        for name, value in element.arguments.items():
            if isinstance(value, str):
                yield Slot(("with", name), value, "argument")
    colour = getattr(element, "colour", None)
    if isinstance(element, (Icons, Symbol, Repeat)) and colour is not None:
        yield Slot(("colour",), colour, "colour")


def check_layouts(layouts: Layouts, uses: Mapping[str, KindUse], folder: Path,
                  drawings: LayoutChecks | None = None) -> Findings:  # fmt: skip
    """Every error and warning of ``layouts`` (see the module); ``uses`` holds the kinds
    the game's decks use, ``drawings`` the kit's names (unchecked when None)."""
    findings = Findings()
    _check_styles(layouts, findings)
    _check_icons(layouts, folder, drawings, findings)
    for kind, layout in layouts.layouts.items():
        where: PathKey = ("layouts", kind)
        use = uses.get(kind)
        if use is None:
            message = f"no deck of this game is of kind {kind!r}, so this layout draws nothing"
            findings.error(where, message + _hint(kind, sorted(uses), "kinds of its decks"))
            continue
        for side, elements in (("front", layout.front), ("back", layout.back or ())):
            for index, element in enumerate(elements):
                path = (*where, side, index)
                _check_element(element, path, side, kind, use, layouts, folder, drawings,
                               findings)  # fmt: skip
                findings.warnings += safe_zone(element, path, use.sizes, layouts)
    return findings


def _check_styles(layouts: Layouts, findings: Findings) -> None:
    for name, style in layouts.styles.items():
        path: PathKey = ("styles", name)
        if style.colour is not None and "{" not in style.colour:
            problem = colour_problem(style.colour, layouts)
            if problem:
                findings.error((*path, "colour"), problem)
        if style.size is not None and style.min_size is not None and style.min_size > style.size:
            findings.error((*path, "min_size"), f"is larger than the size ({style.size:g})")


def _check_icons(layouts: Layouts, folder: Path, drawings: LayoutChecks | None,
                 findings: Findings) -> None:  # fmt: skip
    for name, icon in layouts.icons.items():
        path: PathKey = ("icons", name)
        if icon.image is not None:
            try:
                art_file(folder, icon.image)
            except ArtError as error:
                findings.error((*path, "image"), str(error))
        if icon.symbol is not None and drawings is not None and icon.symbol not in drawings.symbols:
            hint = _hint(icon.symbol, sorted(drawings.symbols), "symbols")
            findings.error((*path, "symbol"), f"unknown symbol {icon.symbol!r}{hint}")
        if icon.colour is not None:
            problem = colour_problem(icon.colour, layouts)
            if problem:
                findings.error((*path, "colour"), problem)


def colour_problem(colour: str, layouts: Layouts) -> str:
    """Why ``colour`` (a palette name or ``#rrggbb``) is no colour; empty when it is one."""
    if _HEX.match(colour) or colour in layouts.palette:
        return ""
    if colour.startswith("#"):
        return f"expected a colour like '#1a2b3c' or a palette name, got {colour!r}"
    return f"unknown colour {colour!r}" + _hint(colour, sorted(layouts.palette), "colours")


def _check_element(element: Element, path: PathKey, side: str, kind: str, use: KindUse,
                   layouts: Layouts, folder: Path, drawings: LayoutChecks | None,
                   findings: Findings) -> None:  # fmt: skip
    known = use.fields | SPECIAL_FIELDS
    card_fields: set[str] = set()
    for key in ("when", "unless"):
        condition = getattr(element, key)
        for name in condition_fields(condition):
            card_fields.add(name)
            if name not in known:
                at = (*path, key) if isinstance(condition, str) else (*path, key, name)
                findings.error(at, _unknown_field(name, kind, known))
    if isinstance(element, (TextElement, Index)):
        if element.style is not None and element.style not in layouts.styles:
            findings.error((*path, "style"), f"unknown style {element.style!r}"
                           + _hint(element.style, sorted(layouts.styles), "styles"))  # fmt: skip
        look = merged_look(element, layouts)
        if (look.min_size or SMALLEST_SIZE) > (look.size or DEFAULT_SIZE):
            findings.error((*path, "min_size"), f"the smallest size, {look.min_size:g} pt, is "
                           f"larger than the size, {look.size or DEFAULT_SIZE:g} pt")  # fmt: skip
        if element.colour is None and element.style in layouts.styles:
            style_colour = layouts.styles[element.style].colour
            if style_colour is not None and "{" in style_colour:
                _check_slot(Slot(("colour",), style_colour, "colour"), path, kind, use, layouts,
                            folder, findings, card_fields)  # fmt: skip
    for slot in slots(element, layouts):
        _check_slot(slot, path, kind, use, layouts, folder, findings, card_fields)
        if slot.kind in ("symbol", "icons") and drawings is not None:
            _check_icon_names(slot, path, use, layouts, drawings, findings)
    named = element.element if isinstance(element, Named) else None
    if isinstance(element, Repeat):
        named = element.repeat.element
    if named is not None and drawings is not None and named not in drawings.elements:
        at = ("element",) if isinstance(element, Named) else ("repeat", "element")
        hint = _hint(named, sorted(drawings.elements), "named elements")
        findings.error((*path, *at), f"unknown element {named!r}{hint}")
    if isinstance(element, TextElement) and element.icons and drawings is not None:
        _check_inline_icons(element, path, use, layouts, drawings, findings)
    if isinstance(element, (TextElement, Index)) and drawings and drawings.unprintable:
        _check_own_words(element, path, layouts, drawings, findings)
    own = sorted(name for name in card_fields if name in use.fields)
    if side == "back" and use.shares_back and own:
        findings.error(path, f"the back shows the card's {_listed(own)}, but the cards of "
                       f"kind {kind!r} share one back, drawn once for the deck; a shared back "
                       "may use {back.*}, {deck.*} and {game.*}")  # fmt: skip


def _listed(names: Sequence[str]) -> str:
    quoted = [f"{{{name}}}" for name in names]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " and " + quoted[-1]


def _unknown_field(name: str, kind: str, known: frozenset[str]) -> str:
    return f"kind {kind!r} has no field {name!r}" + _hint(name, sorted(known), "fields")


def _check_slot(slot: Slot, element_path: PathKey, kind: str, use: KindUse, layouts: Layouts,
                folder: Path, findings: Findings, card_fields: set[str]) -> None:  # fmt: skip
    path = element_path + slot.path if slot.path[0] != "styles" else slot.path
    try:
        template = parse_template(slot.text)
    except TemplateError as error:
        findings.error(path, str(error))
        return
    known = use.fields | SPECIAL_FIELDS
    unknown = [name for name in template.fields if name not in known]
    for name in unknown:
        findings.error(path, _unknown_field(name, kind, known))
    card_fields.update(template.fields)
    if unknown:
        return
    if template.is_literal:
        problem = _literal_problem(slot, layouts, folder)
        if problem:
            findings.error(path, problem)
        return
    if slot.kind not in ("colour", "image", "count"):
        return
    failed: list[tuple[str, str]] = []
    for label, values in use.cards:
        value = template.value(values)
        problem = _value_problem(slot.kind, value, layouts, folder)
        if problem:
            failed.append((label, problem))
    for label, problem in failed[:_NAMED_CARDS]:
        findings.error(path, f"{slot.text!r} gives {problem}", label)
    if len(failed) > _NAMED_CARDS:
        findings.error(path, f"{slot.text!r} fails for {len(failed) - _NAMED_CARDS} more cards")


def _literal_problem(slot: Slot, layouts: Layouts, folder: Path) -> str:
    if slot.kind == "colour":
        return colour_problem(slot.text, layouts)
    if slot.kind == "image":
        try:
            art_file(folder, slot.text)
        except ArtError as error:
            return str(error)
    if slot.kind == "count":
        return f"expected a whole number or a template like '{{power}}', got {slot.text!r}"
    return ""


def _value_problem(kind: str, value: object, layouts: Layouts, folder: Path) -> str:
    """Why a card's filled template is no value of ``kind``; empty when it is one."""
    if kind == "count":
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 100:
            return f"{value!r}, not a whole number from 0 to 100"
        return ""
    text = "" if value is None else str(value)
    if kind == "colour":
        problem = colour_problem(text, layouts)
        return f"{text!r}: {problem}" if problem else ""
    if not text:
        return "no file name (the field is empty); add 'when' to draw the image only with one"
    try:
        art_file(folder, text)
    except ArtError as error:
        return str(error)
    return ""


def _check_icon_names(slot: Slot, path: PathKey, use: KindUse, layouts: Layouts,
                      drawings: LayoutChecks, findings: Findings) -> None:  # fmt: skip
    """The icons a symbol or an icons element names exist (for every card, when a
    template names them)."""
    try:
        template = parse_template(slot.text)
    except TemplateError:
        return  # said by the slot's own check
    if any(name not in use.fields | SPECIAL_FIELDS for name in template.fields):
        return
    cards = [("", template.value(lambda _: None))] if template.is_literal else [
        (label, template.value(values)) for label, values in use.cards
    ]  # fmt: skip
    names = set(layouts.icons) | drawings.symbols
    unknown: dict[str, str] = {}
    for label, value in cards:
        if slot.kind == "symbol":
            items: list[object] = [value]
        elif isinstance(value, (list, tuple)):
            items = list(value)
        else:
            items = list(str(value or "").split(","))
        for name in (str(item or "").strip() for item in items):
            if name and name not in names:
                unknown.setdefault(name, label)
    for name, label in sorted(unknown.items()):
        hint = _hint(name, sorted(names), "icons and symbols")
        findings.error((*path, *slot.path), f"unknown icon or symbol {name!r}{hint}", label)


def _check_own_words(element: TextElement | Index, path: PathKey, layouts: Layouts,
                     drawings: LayoutChecks, findings: Findings) -> None:  # fmt: skip
    """The words a text or an index writes itself (not a card's) can be printed."""
    key = "text" if isinstance(element, TextElement) else "index"
    try:
        template = parse_template(getattr(element, key))
    except TemplateError:
        return  # said by the slot's own check
    words = "".join(text for is_field, text in template.parts if not is_field)
    if isinstance(element, TextElement) and element.icons:
        words = INLINE_ICON.sub("", words)
    look = merged_look(element, layouts)
    font = look.font or ("display" if key == "index" else "body")
    paragraph = look.wrap if look.wrap is not None else key == "text" and not look.balance
    assert drawings.unprintable is not None
    found = drawings.unprintable(words, font, bool(look.capitals), paragraph)
    if found:
        findings.error((*path, key), "; ".join(found))


def _check_inline_icons(element: TextElement, path: PathKey, use: KindUse, layouts: Layouts,
                        drawings: LayoutChecks, findings: Findings) -> None:  # fmt: skip
    template = parse_template(element.text)
    names = set(layouts.icons) | drawings.symbols
    texts = [("", template.source)] if template.is_literal else [
        (label, template.fill(values)) for label, values in use.cards
    ]  # fmt: skip
    unknown: dict[str, str] = {}
    for label, text in texts:
        for name in INLINE_ICON.findall(text):
            if name not in names:
                unknown.setdefault(name, label)
    for name, label in sorted(unknown.items()):
        findings.error((*path, "text"), f"unknown icon :{name}:"
                       + _hint(name, sorted(names), "icons and symbols"), label)  # fmt: skip


def safe_zone(element: Element, path: PathKey, sizes: Sequence[tuple[float, float]],
              layouts: Layouts) -> Iterator[LayoutIssue]:  # fmt: skip
    """A warning when a text or a frame of ``element`` comes within the safe zone of the
    cut on cards of any of ``sizes``."""
    seen: set[str] = set()
    for width, height in sizes:
        if isinstance(element, (TextElement, Index)):
            x, y, w, h = element.box.in_mm(width, height)
            what = "text" if isinstance(element, TextElement) else "index"
        elif isinstance(element, Frame):
            reach = element.frame.inset - element.frame.width / 2 / _POINTS_PER_MM
            x, y, w, h = reach, reach, width - 2 * reach, height - 2 * reach
            what = "frame"
        else:
            return
        sides = {"left": x, "top": y, "right": width - x - w, "bottom": height - y - h}
        side, distance = min(sides.items(), key=lambda item: item[1])
        if distance < SAFE_ZONE_MM - 1e-6:
            message = (
                f"the {what} comes {max(distance, 0):.1f} mm from the cut at the {side} on "
                f"{width:g} x {height:g} mm cards; keep text and frames {SAFE_ZONE_MM:g} mm "
                "inside the cut (the safe zone), where a cut a little off cannot reach them"
            )
            if message not in seen:
                seen.add(message)
                yield LayoutIssue(path, message)


def fields_of_model(model: type[BaseModel], prefix: str = "", depth: int = 0) -> frozenset[str]:
    """The field names of a card model, a field's fields as dotted names
    (``trait.name``; of a union of models, every member's: ``trait.effect.icon`` when
    some effects have an icon), for :attr:`KindUse.fields`."""
    names: set[str] = set()
    for name, info in model.model_fields.items():
        names.add(prefix + name)
        if depth < 4:
            for inner in models_in(info.annotation):
                names |= fields_of_model(inner, f"{prefix}{name}.", depth + 1)
    return frozenset(names)
