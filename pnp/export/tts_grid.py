"""Where every card goes on Tabletop Simulator's face sheets (no drawing here).

Tabletop Simulator takes a custom deck as a sheet: an image holding a grid of at most
10 x 7 card faces and no more than 4096 pixels on a side. The sheet's last slot (the
bottom right) is the picture the table shows for a card it hides; a deck whose cards
share one back keeps that slot for its back. A deck whose cards each have their own
back (Chin Music's Ruffians) shows those backs instead (``BackIsHidden``), as at a real
table, and fills every slot. A deck with more faces than a sheet holds spans several
sheets.

Every card of every deck is drawn at the same resolution, :data:`TTS_DPI` (a poker card
of 63 x 88 mm is 496 x 693 px), so decks look alike on the table; a sheet holds as many
cards as fit 4096 px at that size (8 x 5 poker cards), and its grid is the smallest
that holds its cards. Each distinct card takes one slot; copies share it (the saved
object repeats its id).
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.catalog.base import Card
from pnp.catalog.model import Deck

MAX_COLUMNS = 10
MAX_ROWS = 7
#: The longest side of an image Tabletop Simulator loads.
MAX_PIXELS = 4096
#: Tabletop Simulator's grids are at least 2 x 2.
MIN_SIDE = 2
#: The resolution of every card on every sheet.
TTS_DPI = 200
MM_PER_INCH = 25.4


@dataclass(frozen=True)
class Grid:
    columns: int
    rows: int

    @property
    def slots(self) -> int:
        return self.columns * self.rows


@dataclass(frozen=True)
class Sheet:
    """One face sheet of a deck: its number in the deck (from 1), its key in the saved
    object's ``CustomDeck`` (card ids are ``key * 100 + slot``), its grid, its cards in
    slot order and the size of one slot in pixels."""

    number: int
    key: int
    grid: Grid
    cards: tuple[Card, ...]
    card_pixels: tuple[int, int]
    #: The last slot holds the picture of a hidden card (the deck's back).
    has_hidden_slot: bool

    @property
    def pixels(self) -> tuple[int, int]:
        width, height = self.card_pixels
        return width * self.grid.columns, height * self.grid.rows

    @property
    def hidden_slot(self) -> int | None:
        return self.grid.slots - 1 if self.has_hidden_slot else None

    def position(self, slot: int) -> tuple[int, int]:
        """The (row, column) of ``slot``, both from 0, rows from the top."""
        if not 0 <= slot < self.grid.slots:
            raise IndexError(
                f"slot {slot} is outside a {self.grid.columns} x {self.grid.rows} sheet"
            )
        return divmod(slot, self.grid.columns)

    def card_id(self, slot: int) -> int:
        return self.key * 100 + slot

    def slot_of(self, card: Card) -> int:
        for slot, held in enumerate(self.cards):
            if held.id == card.id:
                return slot
        raise KeyError(f"card {card.id!r} is not on sheet {self.number}")


@dataclass(frozen=True)
class DeckSheets:
    """Every sheet of one deck and how its backs are shown."""

    deck: Deck
    sheets: tuple[Sheet, ...]
    #: Each card has its own back: the backs make a back sheet of the same grid.
    unique_backs: bool

    def sheet_of(self, card: Card) -> Sheet:
        for sheet in self.sheets:
            if any(held.id == card.id for held in sheet.cards):
                return sheet
        raise KeyError(f"card {card.id!r} is on no sheet of deck {self.deck.id!r}")

    def card_id(self, card: Card) -> int:
        sheet = self.sheet_of(card)
        return sheet.card_id(sheet.slot_of(card))

    def deck_ids(self) -> list[int]:
        """Every physical card's id, each card repeated by its count, in deck order."""
        return [self.card_id(card) for card in self.deck.cards for _ in range(card.count)]


def card_pixels(width_mm: float, height_mm: float) -> tuple[int, int]:
    """A card's slot at :data:`TTS_DPI`: its width in pixels, and the height of the
    card's proportions."""
    width = round(width_mm / MM_PER_INCH * TTS_DPI)
    return width, round(width * height_mm / width_mm)


def largest_grid(width_mm: float, height_mm: float) -> Grid:
    """The most columns and rows of such cards a sheet holds (:data:`MAX_PIXELS` on a
    side, at most 10 x 7); :class:`ValueError` for a card too large for a 2 x 2 sheet."""
    width, height = card_pixels(width_mm, height_mm)
    grid = Grid(min(MAX_COLUMNS, MAX_PIXELS // width), min(MAX_ROWS, MAX_PIXELS // height))
    if min(grid.columns, grid.rows) < MIN_SIDE:
        raise ValueError(
            f"a {width_mm:g} x {height_mm:g} mm card is too large for a Tabletop Simulator "
            f"sheet: {MIN_SIDE} x {MIN_SIDE} of them at {TTS_DPI} dpi pass {MAX_PIXELS} px"
        )
    return grid


def best_grid(slots: int, width_mm: float, height_mm: float) -> Grid:
    """The smallest grid of at least ``slots`` slots within :func:`largest_grid`; of
    equals, the fewest columns."""
    largest = largest_grid(width_mm, height_mm)
    if not 1 <= slots <= largest.slots:
        raise ValueError(f"a sheet of these cards holds 1 to {largest.slots} slots, not {slots}")
    candidates = [
        Grid(columns, rows)
        for columns in range(MIN_SIDE, largest.columns + 1)
        for rows in range(MIN_SIDE, largest.rows + 1)
        if columns * rows >= slots
    ]
    return min(candidates, key=lambda grid: (grid.slots, grid.columns))


def plan_deck(deck: Deck, first_key: int) -> DeckSheets:
    """The sheets of ``deck``, their ``CustomDeck`` keys counted from ``first_key``."""
    unique_backs = deck.back_varies
    size = deck.spec.size
    capacity = largest_grid(size.width, size.height).slots - (0 if unique_backs else 1)
    sheets = []
    cards = deck.cards
    for number, start in enumerate(range(0, len(cards), capacity), 1):
        held = cards[start : start + capacity]
        grid = best_grid(len(held) + (0 if unique_backs else 1), size.width, size.height)
        sheets.append(
            Sheet(
                number,
                first_key + number - 1,
                grid,
                tuple(held),
                card_pixels(size.width, size.height),
                not unique_backs,
            )
        )
    return DeckSheets(deck, tuple(sheets), unique_backs)
