"""Building blocks shared by every game's card schema.

Every model is frozen (read-only once loaded), forbids unknown keys and is
strict about types: ``boast: "3"`` is an error, not a silent conversion.
YAML sequences arrive as tuples, so list-like fields are declared as tuples.

A schema module defines card models (subclasses of :class:`Card`) and table
models (subclasses of :class:`Model`) and registers them under a *kind* name
with :func:`deck_kind` / :func:`table_kind`; ``game.yaml`` names the kind of
each deck and table file.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, TypeVar

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

#: Identifiers are lowercase words joined by hyphens: ``town-and-country-club``.
Id = Annotated[str, StringConstraints(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")]
#: Human-readable text; never empty.
Text = Annotated[str, StringConstraints(min_length=1)]
#: A colour written as ``#rrggbb``.
Colour = Annotated[str, StringConstraints(pattern=r"^#[0-9a-fA-F]{6}$")]
PositiveInt = Annotated[int, Field(ge=1)]
NonNegativeInt = Annotated[int, Field(ge=0)]


class Model(BaseModel):
    """Base of every catalog model: frozen, strict, no unknown keys."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)


@dataclass(frozen=True)
class Ref:
    """A reference from one record to another, checked after loading.

    ``field`` is the path of the referring field inside the record, e.g.
    ``("icons", 2)``; ``target`` names the collection (a table kind such as
    ``"icon"``, or ``"card"`` for any card id of the game); ``id`` is the
    referenced identifier. With ``when_present``, the reference is checked only when
    the game has a table of the target kind (a data kind's icons, which a game may
    declare in a table or leave to its layouts).
    """

    field: tuple[str | int, ...]
    target: str
    id: str
    when_present: bool = False


class Card(Model):
    """One card design. ``count`` is how many physical copies are printed."""

    id: Id
    count: PositiveInt = 1

    #: Word used in messages: ``card 'biff'``.
    noun: ClassVar[str] = "card"
    #: True when the back shows something of the card itself (Chin Music's
    #: Ruffians, a banknote's value); False when the deck shares one back.
    back_shows_card: ClassVar[bool] = False

    def label(self) -> str:
        """A short human name for messages and summaries."""
        name = getattr(self, "name", None)
        return name if isinstance(name, str) else self.id

    def describe(self) -> str:
        """What a person reads on the card: the text alternative of its image."""
        return self.label()

    def refs(self) -> Iterator[Ref]:
        """References this card makes to other records (none by default)."""
        return iter(())


class TableRow(Model):
    """A record of a non-card table (icons, suits, decisions ...)."""

    id: Id
    noun: ClassVar[str] = "entry"

    def refs(self) -> Iterator[Ref]:
        return iter(())


CardT = TypeVar("CardT", bound=Card)
RowT = TypeVar("RowT", bound=TableRow)


@dataclass(frozen=True)
class DeckCheckIssue:
    """A problem found by a deck-level check: which card (index) and field."""

    index: int | None
    field: tuple[str | int, ...]
    message: str


@dataclass(frozen=True)
class DeckContext:
    """What a deck-level check sees: the deck, the game's tables (by kind) and
    the largest player count of the game."""

    deck: str
    #: The records checked: the deck's cards, or a table's rows for a table check.
    cards: Sequence[Any]
    #: Every table of the game, by kind.
    tables: Mapping[str, Sequence[Any]]
    players_max: int
    #: The deck's ``only_under`` from game.yaml (None for decks always in play).
    only_under: str | None = None


#: A deck check receives the deck in context and yields problems.
DeckCheck = Callable[[DeckContext], Iterator[DeckCheckIssue]]


@dataclass(frozen=True)
class Kind:
    """A registered record kind: its model and the deck-level checks."""

    name: str
    model: type[Model]
    checks: tuple[DeckCheck, ...] = ()


DECK_KINDS: dict[str, Kind] = {}
TABLE_KINDS: dict[str, Kind] = {}


def deck_kind(name: str, *checks: DeckCheck) -> Callable[[type[CardT]], type[CardT]]:
    """Class decorator: register a card model as deck kind ``name``."""

    def register(model: type[CardT]) -> type[CardT]:
        if name in DECK_KINDS:
            raise RuntimeError(f"deck kind {name!r} registered twice")
        DECK_KINDS[name] = Kind(name, model, tuple(checks))
        return model

    return register


def table_kind(name: str, *checks: DeckCheck) -> Callable[[type[RowT]], type[RowT]]:
    """Class decorator: register a table-row model as table kind ``name``.

    The kind name doubles as the reference target: a :class:`Ref` with
    ``target="icon"`` must name a row of a table of kind ``icon``.
    """

    def register(model: type[RowT]) -> type[RowT]:
        if name in TABLE_KINDS:
            raise RuntimeError(f"table kind {name!r} registered twice")
        TABLE_KINDS[name] = Kind(name, model, tuple(checks))
        return model

    return register


def distinct(field: str, normalise: Callable[[str], str] = str.casefold) -> DeckCheck:
    """A deck check: the text field ``field`` differs on every card."""

    def check(context: DeckContext) -> Iterator[DeckCheckIssue]:
        cards = context.cards
        seen: dict[str, int] = {}
        for index, card in enumerate(cards):
            value = getattr(card, field)
            key = normalise(value)
            if key in seen:
                first = cards[seen[key]]
                yield DeckCheckIssue(
                    index, (field,), f"{value!r} is also on card {first.id!r}; it must differ"
                )
            else:
                seen[key] = index

    return check
