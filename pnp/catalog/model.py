"""The loaded catalog: games, their decks of cards and their tables."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from pnp.catalog.base import Card, TableRow
from pnp.catalog.errors import Problem
from pnp.catalog.game import DeckSpec, GameSpec, SiteLook, TableSpec
from pnp.catalog.glossary import GlossaryTerm
from pnp.catalog.kinds import DataKind
from pnp.catalog.layouts import Layouts
from pnp.catalog.schemas.common import Variant

#: The id of the table that lists a game's variants.
VARIANTS_TABLE = "variants"


@dataclass(frozen=True)
class Side:
    """One distinct printed side of a deck: a card's front, a card's own back,
    or the back every card of the deck shares."""

    card: Card
    side: Literal["front", "back"]

    @property
    def name(self) -> str:
        """``<card>-front``, ``<card>-back``, or ``back`` for the shared back."""
        if self.side == "back" and not self.card.back_shows_card:
            return "back"
        return f"{self.card.id}-{self.side}"


@dataclass(frozen=True)
class Deck:
    """A deck of physical cards as printed: its spec from game.yaml and its cards."""

    id: str
    spec: DeckSpec
    cards: tuple[Card, ...]

    @property
    def physical_count(self) -> int:
        """How many cards are printed, copies included."""
        return sum(card.count for card in self.cards)

    @property
    def back_varies(self) -> bool:
        """True when each card has its own back (otherwise the deck shares one)."""
        return any(card.back_shows_card for card in self.cards)

    def sides(self) -> Iterator[Side]:
        """Every distinct printed side: each front, then each own back or the one shared back."""
        for card in self.cards:
            yield Side(card, "front")
            if self.back_varies:
                yield Side(card, "back")
        if not self.back_varies:
            yield Side(self.cards[0], "back")

    def card(self, card_id: str) -> Card:
        for card in self.cards:
            if card.id == card_id:
                return card
        raise KeyError(f"deck {self.id!r} has no card {card_id!r}")


@dataclass(frozen=True)
class Table:
    """Non-card data of a game (icons, suits, decisions ...)."""

    id: str
    spec: TableSpec
    entries: tuple[TableRow, ...]

    def entry(self, entry_id: str) -> TableRow:
        for entry in self.entries:
            if entry.id == entry_id:
                return entry
        raise KeyError(f"table {self.id!r} has no entry {entry_id!r}")


@dataclass(frozen=True)
class Game:
    """One game: its folder name, what game.yaml says, its decks and tables, the card
    kinds it declares in kinds.yaml (by id; none for a game without the file), how its
    kinds are drawn (``layouts.yaml``, None when the game has none), its folder of rules
    pages (None when it has none) and its glossary."""

    id: str
    folder: Path
    spec: GameSpec
    decks: tuple[Deck, ...]
    tables: tuple[Table, ...]
    kinds: Mapping[str, DataKind] = field(default_factory=dict)
    layouts: Layouts | None = None
    pages: Path | None = None
    glossary: tuple[GlossaryTerm, ...] = ()

    @property
    def title(self) -> str:
        return self.spec.title

    @property
    def look(self) -> SiteLook | None:
        """The game's look on the site as game.yaml gives it (its ``site:`` block)."""
        return self.spec.site

    def page(self, name: str) -> Path | None:
        """The rules page ``name`` (``rules.md``) when the game has it."""
        path = self.pages / name if self.pages is not None else None
        return path if path is not None and path.is_file() else None

    def deck(self, deck_id: str) -> Deck:
        for deck in self.decks:
            if deck.id == deck_id:
                return deck
        raise KeyError(f"game {self.id!r} has no deck {deck_id!r}")

    def table(self, table_id: str) -> Table:
        for table in self.tables:
            if table.id == table_id:
                return table
        raise KeyError(f"game {self.id!r} has no table {table_id!r}")

    def rule_name(self, rule_id: str) -> str:
        """The name of the variant or decision ``rule_id`` (as a deck's ``only_under``
        names it), for a sentence: 'Jokers', 'Swoosh cards'; the id when none is found."""
        for table in self.tables:
            for entry in table.entries:
                if entry.id == rule_id:
                    name = getattr(entry, "name", None) or getattr(entry, "title", None)
                    if isinstance(name, str):
                        return name
        return rule_id

    def cards(self) -> Iterator[tuple[Deck, Card]]:
        for deck in self.decks:
            for card in deck.cards:
                yield deck, card

    def has_table(self, table_id: str) -> bool:
        return any(table.id == table_id for table in self.tables)

    def variants(self) -> tuple[Variant, ...]:
        """The game's variants (the rows of its ``variants`` table, of kind ``variant``),
        in the data's order; none when it has no such table."""
        if not self.has_table(VARIANTS_TABLE):
            return ()
        rows = self.table(VARIANTS_TABLE).entries
        return tuple(row for row in rows if isinstance(row, Variant))


@dataclass(frozen=True)
class Catalog:
    """Every game found under a cards folder, in folder-name order, and the warnings
    loading them gave (things to look at that do not stop a build)."""

    root: Path
    games: tuple[Game, ...]
    warnings: tuple[Problem, ...] = ()

    def game(self, game_id: str) -> Game:
        for game in self.games:
            if game.id == game_id:
                return game
        known = ", ".join(game.id for game in self.games)
        raise KeyError(f"no game {game_id!r} (known: {known})")

    def counts(self) -> dict[str, dict[str, dict[str, int]]]:
        """``{"games": {GAME: {"decks": {DECK: COUNT}}}}`` wrapped per game."""
        return {
            game.id: {"decks": {deck.id: deck.physical_count for deck in game.decks}}
            for game in self.games
        }
