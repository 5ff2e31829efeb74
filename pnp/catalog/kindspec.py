"""The model of ``cards/<game>/kinds.yaml``: card kinds a game declares as data.

```yaml
kinds:
  spell:                      # the kind's id, named by a deck's ``kind:`` in game.yaml
    noun: spell               # optional: the word used in messages (default: card)
    label: "{name}"           # optional: how a card is named (default: its first
                              # required text field, else its id)
    fields:
      name:   {type: text, required: true, max_length: 40}
      cost:   {type: integer, min: 0, max: 10, required: true}
      school: {type: choice, choices: [fire, water, air]}
      effect: {type: text, paragraph: true}
      icons:  {type: icons}
      art:    {type: image}
      tint:   {type: colour}
      rare:   {type: boolean}
```

Each field spec knows the Python type a card's value must have (:meth:`annotation`, the
constraints included) and says what it expects in words (:meth:`words`), for messages,
for ``pnp validate``'s list of a kind's fields and for the JSON Schema an editor shows.
:mod:`pnp.catalog.kinds` builds a card model of every kind from these.
"""

from __future__ import annotations

import keyword
import string
from collections.abc import Iterator
from functools import lru_cache
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    Field,
    StringConstraints,
    ValidationInfo,
    field_validator,
    model_validator,
)

from pnp.catalog.base import Colour, Id, Model, Text

#: Field names: lowercase words joined by underscores (``play_cost``), usable as ``{name}``
#: in a label or a layout and as ``card.name`` in code.
FIELD_NAME_PATTERN = r"^[a-z][a-z0-9_]*$"
#: Fields every card has, whatever its kind.
CARD_FIELDS = ("id", "count")
#: Names a card model uses itself (its methods and pydantic's); no field may take them.
RESERVED_NAMES = frozenset(
    {"label", "describe", "refs", "values", "noun", "kind_id", "kind_spec", "back_shows_card"}
    | {"copy", "dict", "json", "schema", "schema_json", "construct", "validate", "fields"}
    | {"parse_obj", "parse_raw", "parse_file", "from_orm", "update_forward_refs"}
)


def _usable_name(name: str) -> str:
    if name in CARD_FIELDS:
        raise ValueError(f"{name!r} is on every card already; declare only the kind's own fields")
    if name in RESERVED_NAMES or name.startswith("model_") or keyword.iskeyword(name):
        raise ValueError(f"{name!r} is a name the tool uses itself; choose another field name")
    return name


FieldName = Annotated[
    str, StringConstraints(pattern=FIELD_NAME_PATTERN), AfterValidator(_usable_name)
]


def _number(value: float) -> str:
    return f"{value:g}"


class _FieldSpec(Model):
    """What every field spec has: whether a card must give the field."""

    required: bool = False

    def annotation(self) -> Any:
        """The Python type of the field's value, constraints included."""
        raise NotImplementedError

    def words(self) -> str:
        """What the field expects, in words: ``integer 0-10``."""
        raise NotImplementedError

    def summary(self) -> str:
        """The words and whether the field is required: ``integer 0-10, required``."""
        return f"{self.words()}, required" if self.required else self.words()


class TextField(_FieldSpec):
    """Text; ``paragraph`` keeps its line breaks and sets it as a paragraph."""

    type: Literal["text"]
    max_length: Annotated[int, Field(ge=1)] | None = None
    paragraph: bool = False

    def annotation(self) -> Any:
        return Annotated[str, StringConstraints(min_length=1, max_length=self.max_length)]

    def words(self) -> str:
        kind = "paragraph of text" if self.paragraph else "text"
        return f"{kind}, at most {self.max_length} characters" if self.max_length else kind


class _Range(_FieldSpec):
    def _bounds(self) -> tuple[float | None, float | None]:
        raise NotImplementedError

    def range_words(self) -> str:
        """`` 0-10``, `` from 0``, `` up to 10`` or nothing."""
        low, high = self._bounds()
        if low is not None and high is not None:
            return f" {_number(low)}-{_number(high)}"
        if low is not None:
            return f" from {_number(low)}"
        return f" up to {_number(high)}" if high is not None else ""

    @model_validator(mode="after")
    def _ordered(self) -> Any:
        low, high = self._bounds()
        if low is not None and high is not None and low > high:
            raise ValueError(f"min ({_number(low)}) is more than max ({_number(high)})")
        return self


class IntegerField(_Range):
    """A whole number, ``min`` to ``max`` (both included, both optional)."""

    type: Literal["integer"]
    min: int | None = None
    max: int | None = None

    def _bounds(self) -> tuple[float | None, float | None]:
        return self.min, self.max

    def annotation(self) -> Any:
        return Annotated[int, Field(ge=self.min, le=self.max)]

    def words(self) -> str:
        return "integer" + self.range_words()


class NumberField(_Range):
    """A number, whole or not, ``min`` to ``max``."""

    type: Literal["number"]
    min: float | None = None
    max: float | None = None

    def _bounds(self) -> tuple[float | None, float | None]:
        return self.min, self.max

    def annotation(self) -> Any:
        return Annotated[float, Field(ge=self.min, le=self.max, allow_inf_nan=False)]

    def words(self) -> str:
        return "number" + self.range_words()


class ChoiceField(_FieldSpec):
    """One of the words ``choices``."""

    type: Literal["choice"]
    choices: tuple[Text, ...] = Field(min_length=1)

    @field_validator("choices")
    @classmethod
    def _distinct(cls, choices: tuple[str, ...]) -> tuple[str, ...]:
        twice = sorted({choice for choice in choices if choices.count(choice) > 1})
        if twice:
            raise ValueError(f"each choice may appear once; {', '.join(map(repr, twice))} twice")
        return choices

    def annotation(self) -> Any:
        return Literal.__getitem__(self.choices)

    def words(self) -> str:
        return "one of " + ", ".join(self.choices)


class IconsField(_FieldSpec):
    """A list of icon ids (checked against the game's ``icon`` table when it has one)."""

    type: Literal["icons"]

    def annotation(self) -> Any:
        return tuple[Id, ...]

    def words(self) -> str:
        return "list of icon ids"


class ImageField(_FieldSpec):
    """A PNG, JPEG or SVG file inside the game folder, as a relative path: ``art/fire.png``."""

    type: Literal["image"]

    def annotation(self) -> Any:
        from pnp.catalog.images import checked_image

        return Annotated[str, StringConstraints(min_length=1), AfterValidator(checked_image)]

    def words(self) -> str:
        return "image file in the game folder"


class ColourField(_FieldSpec):
    """A colour written ``#rrggbb``."""

    type: Literal["colour"]

    def annotation(self) -> Any:
        return Colour

    def words(self) -> str:
        return "colour #rrggbb"


class BooleanField(_FieldSpec):
    """``true`` or ``false`` (in a spreadsheet also yes or no)."""

    type: Literal["boolean"]

    def annotation(self) -> Any:
        return bool

    def words(self) -> str:
        return "true or false"


FieldSpec = Annotated[
    TextField
    | IntegerField
    | NumberField
    | ChoiceField
    | IconsField
    | ImageField
    | ColourField
    | BooleanField,
    Field(discriminator="type"),
]


@lru_cache(maxsize=256)
def template_parts(template: str) -> tuple[tuple[str, str | None], ...]:
    """``"{name} ({cost})"`` → ``(("", "name"), (" (", "cost"), (")", None))``; raises
    ValueError with a sentence when the template is not plain text with ``{field}``s."""
    parts: list[tuple[str, str | None]] = []
    try:
        parsed = list(string.Formatter().parse(template))
    except ValueError:
        raise ValueError("has an unmatched brace; write {{ or }} for a brace itself") from None
    for literal, name, spec, conversion in parsed:
        if name is None:
            parts.append((literal, None))
            continue
        if spec or conversion or not name.isidentifier():
            raise ValueError(f"{{{name}}} is not a field name; write {{field}} and nothing else")
        parts.append((literal, name))
    return tuple(parts)


class KindSpec(Model):
    """One card kind: its fields, and how its cards are named."""

    noun: Text = "card"
    fields: dict[FieldName, FieldSpec] = Field(min_length=1)
    label: Text | None = None

    @field_validator("label")
    @classmethod
    def _known_fields(cls, label: str | None, info: ValidationInfo) -> str | None:
        if label is None:
            return None
        names = list(template_parts(label))
        fields = info.data.get("fields")
        if isinstance(fields, dict):
            known = (*CARD_FIELDS, *fields)
            unknown = [name for _, name in names if name is not None and name not in known]
            if unknown:
                raise ValueError(
                    f"names no field {', '.join(map(repr, unknown))}; known: {', '.join(known)}"
                )
        return label

    def label_template(self) -> str:
        """The ``label``, or the first required text field, or the id."""
        if self.label is not None:
            return self.label
        for name, field in self.fields.items():
            if isinstance(field, TextField) and field.required:
                return "{" + name + "}"
        return "{id}"

    def field_list(self) -> str:
        """``name (text, required), cost (integer 0-10, required), school (one of fire, water)``."""
        return ", ".join(f"{name} ({field.summary()})" for name, field in self.fields.items())

    def fields_of_type(self, kind: type[_FieldSpec]) -> Iterator[str]:
        return (name for name, field in self.fields.items() if isinstance(field, kind))


class KindsFile(Model):
    """The whole of ``kinds.yaml``."""

    kinds: dict[Id, KindSpec] = Field(min_length=1)
