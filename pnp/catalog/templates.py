"""Templates in layouts: text with ``{field}`` holes filled from a card.

``"{name}"`` is the card's field ``name``; ``"{trait.name}"`` a field of a field;
``{back.title}``, ``{back.colour}``, ``{back.ink}`` and ``{back.motif}`` the deck's back
design, ``{deck.title}`` and ``{deck.id}`` the deck (``{deck.only_under}``: the decision
the deck exists under, empty for a deck always played), ``{game.title}`` and ``{game.id}``
the game. ``{{`` and ``}}`` stand for a brace. A template is parsed once
(:func:`parse_template`) and filled for each card (:meth:`Template.fill`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from pnp.catalog.base import Card
from pnp.catalog.game import DeckSpec, GameSpec

#: A field name inside braces: words of letters, digits, ``_`` and ``-``, joined by dots.
FIELD_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*")
#: The names every template may use besides the card's own fields.
SPECIAL_FIELDS = frozenset(
    {
        "back.title",
        "back.colour",
        "back.ink",
        "back.motif",
        "deck.title",
        "deck.id",
        "deck.only_under",
        "game.title",
        "game.id",
    }
)
Values = Callable[[str], Any]


class TemplateError(ValueError):
    """A template that cannot be read (an unclosed brace, an empty name)."""


@dataclass(frozen=True)
class Template:
    """A parsed template: literal text and field names, in order."""

    source: str
    parts: tuple[tuple[bool, str], ...]  # (is a field, text or field name)

    @property
    def fields(self) -> tuple[str, ...]:
        """The field names the template uses, in order."""
        return tuple(text for is_field, text in self.parts if is_field)

    @property
    def single_field(self) -> str | None:
        """The field name when the template is exactly one ``{field}``, else None."""
        if len(self.parts) == 1 and self.parts[0][0]:
            return self.parts[0][1]
        return None

    @property
    def is_literal(self) -> bool:
        return not self.fields

    def fill(self, values: Values) -> str:
        """The text with every field replaced by its value (a list joined by commas)."""
        if self.is_literal:
            return "".join(text for _, text in self.parts)
        return "".join(shown(values(text)) if is_field else text for is_field, text in self.parts)

    def value(self, values: Values) -> Any:
        """The field's own value (a number stays a number) for a single-field template,
        else the filled text."""
        name = self.single_field
        return values(name) if name is not None else self.fill(values)


def shown(value: Any) -> str:
    """A value as a template prints it."""
    if value is None:
        return ""
    if isinstance(value, (list, tuple)):
        return ", ".join(shown(item) for item in value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


@cache
def parse_template(text: str) -> Template:
    """Parse ``text``; raise :class:`TemplateError` saying what is wrong."""
    parts: list[tuple[bool, str]] = []
    literal: list[str] = []
    index = 0
    while index < len(text):
        character = text[index]
        pair = text[index : index + 2]
        if pair in ("{{", "}}"):
            literal.append(character)
            index += 2
        elif character == "}":
            raise TemplateError(
                f"a lone '}}' at character {index + 1} of {text!r}; write '}}}}' for a brace"
            )
        elif character == "{":
            end = text.find("}", index)
            if end < 0:
                raise TemplateError(
                    f"'{{' at character {index + 1} of {text!r} is never closed; "
                    "write '{{' for a brace"
                )
            name = text[index + 1 : end].strip()
            if not FIELD_NAME.fullmatch(name):
                raise TemplateError(
                    f"{{{text[index + 1 : end]}}} in {text!r} is not a field name (letters, "
                    "digits, '_' and '-', parts joined by dots, like {name} or {back.title})"
                )
            if literal:
                parts.append((False, "".join(literal)))
                literal = []
            parts.append((True, name))
            index = end + 1
        else:
            literal.append(character)
            index += 1
    if literal or not parts:
        parts.append((False, "".join(literal)))
    return Template(text, tuple(parts))


def has_value(value: Any) -> bool:
    """True unless ``value`` is absent, empty or false (``when`` and ``unless``): 0 is a
    value, an empty text or list is not."""
    if value is None or value is False:
        return False
    return not (isinstance(value, (str, tuple, list, dict)) and len(value) == 0)


def condition_fields(condition: str | Mapping[str, Any] | None) -> tuple[str, ...]:
    """The fields a ``when`` or ``unless`` condition looks at."""
    if condition is None:
        return ()
    return (condition,) if isinstance(condition, str) else tuple(condition)


def holds(condition: str | Mapping[str, Any], values: Values) -> bool:
    """Whether a ``when`` condition holds for a card: its field has a value, or each of its
    fields has the value given (one of them, for a list)."""
    if isinstance(condition, str):
        return has_value(values(condition))
    for name, wanted in condition.items():
        options = wanted if isinstance(wanted, (tuple, list)) else (wanted,)
        if not any(_same(values(name), option) for option in options):
            return False
    return True


def shows(element: Any, values: Values) -> bool:
    """Whether a layout element is drawn for a card: its ``when`` holds, its ``unless`` not."""
    if element.when is not None and not holds(element.when, values):
        return False
    return element.unless is None or not holds(element.unless, values)


def _same(value: Any, wanted: Any) -> bool:
    if _is_number(value) and _is_number(wanted):
        return bool(value == wanted)
    return shown(value) == shown(wanted)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def card_values(card: Card) -> Mapping[str, Any]:
    """A card's fields by name (a card of a data kind gives them by ``values()``)."""
    values = getattr(card, "values", None)
    if callable(values):
        return dict(values())
    return {name: getattr(card, name) for name in type(card).model_fields}


def _lookup(data: Any, path: list[str]) -> Any:
    for step in path:
        data = data.get(step) if isinstance(data, Mapping) else getattr(data, step, None)
        if data is None:
            return None
    return data


def values_for(card: Card, deck_id: str, deck: DeckSpec, game_id: str, game: GameSpec) -> Values:
    """Looks up a template's names for ``card`` of deck ``deck_id`` of game ``game_id``."""
    fields = card_values(card)
    special = {
        "back.title": deck.back.title,
        "back.colour": deck.back.colour,
        "back.ink": deck.back.ink,
        "back.motif": deck.back.motif,
        "deck.title": deck.title,
        "deck.id": deck_id,
        "deck.only_under": deck.only_under,
        "game.title": game.title,
        "game.id": game_id,
    }

    def value(name: str) -> Any:
        if name in special:
            return special[name]
        head, _, rest = name.partition(".")
        found = fields.get(head)
        return _lookup(found, rest.split(".")) if rest else found

    return value
