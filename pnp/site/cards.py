"""What a player reads about each card, as tables for the site.

A table shows the words on the cards in a player's words: card names, the
values a card prints, what it does, and how many copies (only when some card
has more than one). Each game's module under :mod:`pnp.site.presenters`
registers one presenter per card or table model; a model without one gets a
table of names and what the card says (:meth:`Card.describe`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from pnp.catalog import Game
from pnp.catalog.base import Card, Model
from pnp.site.icons import IconPicture
from pnp.site.text import attribute, md

Align = Literal["left", "right", "center"]


@dataclass(frozen=True)
class Column:
    """A column: its heading and how a record's cell reads (Markdown, escaped)."""

    heading: str
    cell: Callable[[Any], str]
    align: Align = "left"


@dataclass(frozen=True)
class Table:
    """A table ready to write: headings, rows of Markdown cells, alignments."""

    headings: list[str]
    rows: list[list[str]]
    aligns: list[Align]

    def markdown(self) -> str:
        marks = {"left": "---", "right": "--:", "center": ":-:"}
        lines = [
            "| " + " | ".join(self.headings) + " |",
            "|" + "|".join(marks[align] for align in self.aligns) + "|",
        ]
        lines += ["| " + " | ".join(row) + " |" for row in self.rows]
        return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class Context:
    """What a presenter may use: the game, its icon pictures and where the page sits.

    ``root`` leads from the page to the docs folder (``"../"`` for a game's pages)."""

    game: Game
    icons: dict[str, IconPicture] = field(default_factory=dict)
    root: str = "../"
    #: Symbols printed on the cards in their own ink (Chinchón's suits), by the class
    #: that colours them: written into the hand-written pages so text and card agree.
    symbols: dict[str, str] = field(default_factory=dict)

    def icon(self, icon_id: str, label: bool = True) -> str:
        """An icon inline (its picture and, with ``label``, its name); its name alone when
        the game has no picture of it."""
        picture = self.icons.get(icon_id)
        if picture is None:
            return md(icon_id.replace("-", " "))
        image = (
            f"![{md(picture.name)}]({self.root}{picture.src})"
            f'{{ .card-icon width="24" height="24" title="{attribute(picture.name)}" }}'
        )
        return f"{image} {md(picture.name)}" if label else image

    def card_text(self, text: object) -> str:
        """What a card says, as a page shows it: literal, every character as written
        (:func:`md`), whatever it holds (``:icon-hit:``, ``<b>``, ``*``, ``{{ }}``).

        This is the one place where card text would be read for markup: a game whose
        data declared an icon syntax for its card text would have that syntax, and only
        it, turned into pictures here, after :func:`md`. No game declares one, so card
        text is literal everywhere; the ``:icon-...:`` words of :mod:`pnp.site.pages`
        are read in the hand-written pages only."""
        return md(text)

    def name(self, card: Card) -> str:
        """The card's name as a player says it ("Ace of Spades" where the card has no name)."""
        namer = NAMERS.get(type(card))
        return namer(self, card) if namer is not None else card.label()

    def card_link(self, deck_id: str, card: Card) -> str:
        """The card's name, linked to its picture on the components page."""
        return f"[{md(self.name(card))}](components.md#{anchor(deck_id, card.id)})"


def anchor(deck_id: str, card_id: str) -> str:
    """The id of a card's picture on the components page."""
    return f"card-{deck_id}-{card_id}"


#: A presenter turns the records of a deck (or a table) into the columns a player reads,
#: or into a whole table when its rows are not one per record (Chinchón's suits).
Presenter = Callable[[Context, str, Sequence[Any]], "list[Column] | Table"]
PRESENTERS: dict[type[Model], Presenter] = {}
#: Names for cards that carry none of their own (a suited card is its rank and suit).
NAMERS: dict[type[Card], Callable[[Context, Any], str]] = {}


def presents(*models: type[Model]) -> Callable[[Presenter], Presenter]:
    """Decorator: register a presenter for records of ``models``."""

    def register(presenter: Presenter) -> Presenter:
        for model in models:
            PRESENTERS[model] = presenter
        return presenter

    return register


def copies(records: Sequence[Any]) -> list[Column]:
    """A Copies column, when some card is printed more than once."""
    if any(getattr(record, "count", 1) > 1 for record in records):
        return [Column("Copies", lambda record: str(record.count), "right")]
    return []


def describe_columns(context: Context, deck_id: str, records: Sequence[Any]) -> list[Column]:
    """The table of a model no presenter knows: each card's name and what it says, or
    each row's name and its words."""
    if isinstance(records[0], Card):
        return [
            Column("Card", lambda record: context.card_link(deck_id, record)),
            Column("What it shows", lambda record: md(record.describe())),
            *copies(records),
        ]
    return [
        Column("Name", lambda row: md(_row_name(row))),
        Column("What it says", lambda row: md(" ".join(_row_words(row)))),
    ]


def _row_name(row: Any) -> str:
    for name in ("name", "title"):
        value = getattr(row, name, None)
        if isinstance(value, str):
            return value
    return str(row.id).replace("-", " ").capitalize()


def _row_words(row: Any) -> list[str]:
    words = ("summary", "meaning", "description", "text")
    return [value for name in words if isinstance(value := getattr(row, name, None), str)]


def card_table(context: Context, deck_id: str, records: Sequence[Any]) -> Table:
    """The table of ``records`` (a deck's cards or a table's rows) for a player."""
    from pnp.site import presenters  # noqa: F401  (registers every game's presenters)

    if not records:
        return Table(["Card"], [], ["left"])
    presenter = PRESENTERS.get(type(records[0]))
    if presenter is None:
        presenter = describe_columns
    columns = presenter(context, deck_id, records)
    if isinstance(columns, Table):
        return columns
    rows = [[column.cell(record) for column in columns] for record in records]
    return Table([column.heading for column in columns], rows, [c.align for c in columns])
