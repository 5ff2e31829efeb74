"""Card kinds declared as data: the cards of a game's ``kinds.yaml``.

A game may declare its own card kinds (:mod:`pnp.catalog.kindspec` has the file's
format). Each becomes a pydantic model made at load time, a subclass of
:class:`DataCard` (itself a :class:`~pnp.catalog.base.Card`), as strict as the built-in
kinds: a card of kind ``spell`` has its fields as attributes (``card.cost``),
:meth:`DataCard.values` gives them by name and :meth:`DataCard.label` follows the kind's
``label``. A kind declared in data is local to its game and wins over a built-in kind of
the same name (see the loader).

The models are made once per kind and kept (:func:`card_model`), so cards of the same
kind share one class. A card pickles as its kind's spec and its values, and is rebuilt
from them in another process (the workers of ``pnp verify`` and ``pnp build``), where
the class is made again from the spec.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, ClassVar, cast

from pydantic import Field, create_model

from pnp.catalog.base import Card, Ref
from pnp.catalog.kindspec import (
    BooleanField,
    ColourField,
    IconsField,
    ImageField,
    KindSpec,
    template_parts,
)

#: The table kind whose entries an ``icons`` field names (checked when a game has one).
ICON_TABLE_KIND = "icon"


def render(template: str, values: dict[str, Any]) -> str:
    """``template`` with each ``{field}`` replaced by the value (nothing when absent)."""
    text = []
    for literal, name in template_parts(template):
        text.append(literal)
        if name is not None:
            value = values.get(name)
            text.append("" if value is None else _words(value))
    return "".join(text)


def _words(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, tuple):
        return ", ".join(map(_words, value))
    return str(value).replace("\n", " ")


class DataCard(Card):
    """A card of a kind declared in ``kinds.yaml``; each kind is a subclass made by
    :func:`card_model`, with the kind's fields."""

    #: The kind's id and spec (set on each kind's class).
    kind_id: ClassVar[str] = ""
    kind_spec: ClassVar[KindSpec]

    def values(self) -> dict[str, Any]:
        """Every field by name, ``id`` and ``count`` first; None for one not given."""
        return {name: getattr(self, name) for name in type(self).model_fields}

    def label(self) -> str:
        """The kind's ``label`` filled in (the id when it comes out empty)."""
        return render(self.kind_spec.label_template(), self.values()).strip() or self.id

    def describe(self) -> str:
        """The label, then every other field that has a value and is words on the card:
        ``Fireball — cost: 3; school: fire; effect: Deal 3 damage``. Images and colours
        are left out; a boolean shows its name when true."""
        label = self.label()
        named = {name for _, name in template_parts(self.kind_spec.label_template()) if name}
        parts = []
        for name, field in self.kind_spec.fields.items():
            value = getattr(self, name)
            if name in named or value is None or value is False or value == ():
                continue
            if isinstance(field, (ImageField, ColourField)):
                continue
            words = name.replace("_", " ")
            parts.append(words if isinstance(field, BooleanField) else f"{words}: {_words(value)}")
        return f"{label} — {'; '.join(parts)}" if parts else label

    def refs(self) -> Iterator[Ref]:
        """Each icon of an ``icons`` field names an entry of the game's ``icon`` table
        (checked only when the game has one)."""
        for name in self.kind_spec.fields_of_type(IconsField):
            for index, icon in enumerate(getattr(self, name) or ()):
                yield Ref((name, index), ICON_TABLE_KIND, icon, when_present=True)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as the kind and the values: the class is made again where it is read."""
        fields = frozenset(self.model_fields_set)
        return (_restore, (self.kind_id, self.kind_spec, self.values(), fields))


def _restore(
    kind_id: str, spec: KindSpec, values: dict[str, Any], fields: frozenset[str]
) -> DataCard:
    """A card unpickled: validated when it was loaded, so built without checks."""
    return card_model(kind_id, spec).model_construct(_fields_set=set(fields), **values)


_MODELS: dict[tuple[str, str], type[DataCard]] = {}


def class_name(kind_id: str) -> str:
    """``spell`` → ``SpellCard``; ``big-spell`` → ``BigSpellCard``."""
    return "".join(part.capitalize() for part in kind_id.split("-")) + "Card"


def card_model(kind_id: str, spec: KindSpec) -> type[DataCard]:
    """The model of the cards of kind ``kind_id`` declared by ``spec`` (made once)."""
    key = (kind_id, spec.model_dump_json())
    model = _MODELS.get(key)
    if model is None:
        fields: dict[str, Any] = {}
        for name, field in spec.fields.items():
            description = field.summary()
            if field.required:
                fields[name] = (field.annotation(), Field(description=description))
            else:
                fields[name] = (field.annotation() | None, Field(None, description=description))
        made = create_model(
            class_name(kind_id),
            __base__=DataCard,
            __module__=__name__,
            __doc__=f"A card of kind {kind_id!r}: {spec.field_list()}.",
            **fields,
        )
        model = cast(type[DataCard], made)
        model.kind_id = kind_id
        model.kind_spec = spec
        model.noun = spec.noun
        _MODELS[key] = model
    return model


@dataclass(frozen=True)
class DataKind:
    """A card kind a game declares in ``kinds.yaml``: its id and spec, and the model
    of its cards (made from the spec, so that a kind pickles as data)."""

    id: str
    spec: KindSpec

    @property
    def model(self) -> type[DataCard]:
        return card_model(self.id, self.spec)

    def fields_text(self) -> str:
        """``fields of spell: name (text, required), cost (integer 0-10, required), ...``."""
        every = ", ".join(f"{name} ({words})" for name, words in CARD_WORDS.items())
        return f"fields of {self.id}: {self.spec.field_list()}; on every card: {every}"


#: The fields every card has, in words.
CARD_WORDS = {
    "id": "lowercase letters, digits and hyphens, required",
    "count": "copies, integer from 1, default 1",
}
