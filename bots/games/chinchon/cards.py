"""Chinchón cards and their notation: ``QH``, ``5D``, ``8C``, ``JK`` for a joker.

A card is written as its rank letter and its suit letter, both taken from the
card data (``cards/chinchon/ranks.yaml`` and ``suits.yaml``) through the
catalog: a :class:`Notation` is built from the catalog's game
(:meth:`Notation.from_game`) and makes the cards; nothing here reads a file.
Parsing also takes the suit symbols of the French face style (``Q♥``) and
lowercase (``qh``).

>>> notation = Notation(
...     ranks=("a", "q"), rank_letters={"a": "A", "q": "Q"}, suits=("hearts", "spades"),
...     suit_letters={"hearts": "H", "spades": "S"}, suit_symbols={"hearts": "♥"})
>>> card = notation.parse("Q♥")
>>> card, str(card), card is notation.card("q", "hearts")
(<Card QH>, 'QH', True)
>>> parse_cards("QH AS, JK", notation)[-1].is_joker
True
>>> sorted(parse_cards("QS QH AS", notation))
[<Card AS>, <Card QH>, <Card QS>]
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from pnp.catalog.base import TableRow
from pnp.catalog.schemas.chinchon import Rank, Style, Suit

if TYPE_CHECKING:
    from bots.games.chinchon.variants import Rules
    from pnp.catalog import Game

#: How a joker is written; both jokers of the deck share it.
JOKER_TEXT = "JK"

#: The face style whose suit symbols (♠ ♥ ♦ ♣) parsing accepts.
SYMBOL_STYLE = "french"

# Emoji presentation selector: "♥️" is "♥" followed by it.
_VARIATION_SELECTOR = "\ufe0f"
_SEPARATORS = re.compile(r"[\s,]+")

RowT = TypeVar("RowT", bound=TableRow)


class CardNotationError(ValueError):
    """Card notation that cannot be read; the message quotes the bad token.

    ``token`` is the bad text, ``position`` its 1-based place in a list of cards
    (``None`` for a single card) and ``reason`` what is wrong with it.
    """

    def __init__(self, token: str, reason: str, position: int | None = None) -> None:
        where = f"card {position} {token!r}" if position is not None else repr(token)
        super().__init__(f"{where}: {reason}")
        self.token = token
        self.reason = reason
        self.position = position


@dataclass(frozen=True, eq=False)
class Notation:
    """Letters, symbols and sort order of the cards, from the card data.

    A notation makes its cards: there is one :class:`Card` object for each rank
    and suit of one notation (:meth:`card`), so cards compare by identity.
    """

    #: Rank ids from lowest to highest (by ``order``), all ranks of the data.
    ranks: tuple[str, ...]
    rank_letters: dict[str, str]
    suits: tuple[str, ...]
    suit_letters: dict[str, str]
    suit_symbols: dict[str, str]
    _rank_by_letter: dict[str, str] = field(init=False, repr=False)
    _suit_by_text: dict[str, str] = field(init=False, repr=False)
    _cards: dict[tuple[str | None, str | None], Card] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        by_letter = {self.rank_letters[rank].upper(): rank for rank in self.ranks}
        by_text = {self.suit_letters[suit].upper(): suit for suit in self.suits}
        by_text.update({symbol: suit for suit, symbol in self.suit_symbols.items()})
        object.__setattr__(self, "_rank_by_letter", by_letter)
        object.__setattr__(self, "_suit_by_text", by_text)
        object.__setattr__(self, "_cards", {})

    def __reduce__(self) -> tuple[Any, ...]:
        # Rebuilt from its letters, as the one notation of those letters in this process.
        fields = (self.ranks, self.rank_letters, self.suits, self.suit_letters)
        return (interned, (*fields, self.suit_symbols))

    def __deepcopy__(self, memo: dict[int, object]) -> Notation:
        return self  # frozen, and the maker of its cards: shared, never copied

    @classmethod
    def from_game(cls, game: Game) -> Notation:
        """The notation of the catalog's Chinchón ``game`` (one per distinct notation)."""
        ranks = sorted(table_rows(game, "ranks", Rank), key=lambda rank: rank.order)
        suits = table_rows(game, "suits", Suit)
        styles = {style.id: style for style in table_rows(game, "styles", Style)}
        symbols = styles[SYMBOL_STYLE].suits if SYMBOL_STYLE in styles else {}
        return interned(
            tuple(rank.id for rank in ranks),
            {rank.id: rank.letter for rank in ranks},
            tuple(suit.id for suit in suits),
            {suit.id: suit.letter for suit in suits},
            {suit: look.symbol for suit, look in symbols.items()},
        )

    def card(self, rank: str | None, suit: str | None) -> Card:
        """The card of rank and suit ids (both ``None`` for a joker)."""
        card = self._cards.get((rank, suit))
        if card is not None:
            return card
        if rank is None and suit is None:
            key, text = (len(self.ranks), 0), JOKER_TEXT
        elif rank in self.rank_letters and suit in self.suit_letters:
            key = (self.ranks.index(rank), self.suits.index(suit))
            text = self.rank_letters[rank] + self.suit_letters[suit]
        else:
            raise ValueError(
                f"no card of rank {rank!r} and suit {suit!r} "
                f"(ranks: {', '.join(self.ranks)}; suits: {', '.join(self.suits)}; "
                "both None for a joker)"
            )
        card = object.__new__(Card)
        values = {"rank": rank, "suit": suit, "sort_key": key, "order": key[0] * 64 + key[1]}
        for name, value in {**values, "_text": text, "_notation": self}.items():
            object.__setattr__(card, name, value)
        return self._cards.setdefault((rank, suit), card)

    def joker(self) -> Card:
        """A joker (written ``JK``)."""
        return self.card(None, None)

    def accepted(self) -> tuple[str, str]:
        """How to write ranks and suits, for error messages."""
        ranks = ", ".join(self.rank_letters[rank] for rank in self.ranks)
        letters = ", ".join(self.suit_letters[suit] for suit in self.suits)
        symbols = " ".join(
            self.suit_symbols[suit] for suit in self.suits if suit in self.suit_symbols
        )
        return ranks, letters + (f" or {symbols}" if symbols else "")

    def parse(self, token: str, position: int | None = None) -> Card:
        """Read one card; raise :class:`CardNotationError` naming what is wrong."""
        text = token.strip().replace(_VARIATION_SELECTOR, "").upper()
        if not text:
            raise CardNotationError(token, "empty card", position)
        if text == JOKER_TEXT:
            return self.card(None, None)
        if text[0] in self._rank_by_letter:
            rest = text[1:]
            if rest in self._suit_by_text:
                return self.card(self._rank_by_letter[text[0]], self._suit_by_text[rest])
            ranks, suits = self.accepted()
            reason = f"unknown suit {rest!r}" if rest else "no suit"
            raise CardNotationError(token, f"{reason} (use {suits})", position)
        ranks, suits = self.accepted()
        suit_text = next((s for s in self._suits_longest_first if text.endswith(s)), None)
        if suit_text is None:
            reason = f"not a card (write a rank {ranks} and a suit {suits}, or {JOKER_TEXT})"
            raise CardNotationError(token, reason, position)
        rank_text = text[: -len(suit_text)]
        reason = f"unknown rank {rank_text!r}" if rank_text else "no rank"
        raise CardNotationError(token, f"{reason} (use {ranks})", position)

    @property
    def _suits_longest_first(self) -> list[str]:
        return sorted(self._suit_by_text, key=len, reverse=True)


#: The one notation of each set of letters and symbols in this process.
_NOTATIONS: dict[tuple[object, ...], Notation] = {}


def interned(
    ranks: tuple[str, ...],
    rank_letters: dict[str, str],
    suits: tuple[str, ...],
    suit_letters: dict[str, str],
    suit_symbols: dict[str, str],
) -> Notation:
    """The notation of these letters and symbols, made once per process: two loads of the
    same card data (a verify worker's, a bot's) share one notation and so the very same
    card objects, which compare by identity. Nothing is read from a file here."""
    key = (
        ranks,
        tuple(sorted(rank_letters.items())),
        suits,
        tuple(sorted(suit_letters.items())),
        tuple(sorted(suit_symbols.items())),
    )
    found = _NOTATIONS.get(key)
    if found is None:
        found = _NOTATIONS[key] = Notation(ranks, rank_letters, suits, suit_letters, suit_symbols)
    return found


def table_rows(game: Game, table: str, kind: type[RowT]) -> list[RowT]:
    """The rows of one of the game's tables, checked to be of the expected model."""
    rows = [row for row in game.table(table).entries if isinstance(row, kind)]
    if len(rows) != len(game.table(table).entries):
        raise ValueError(f"table {table!r} of {game.id!r} holds rows that are not {kind.__name__}")
    return rows


class Card:
    """A playing card: rank and suit ids from the card data, or a joker (both ``None``).

    Made only by a :class:`Notation` (``notation.card("q", "hearts")``,
    ``notation.parse("QH")``). Cards are ordered by rank (A lowest, K highest),
    then suit (in the order of the suit table); jokers come last. Two jokers are
    equal cards, as are the two copies of a card when two decks are shuffled
    together: there is only one ``Card`` object for each rank and suit of a
    notation, so cards compare and hash as quickly as any object. Cards are
    immutable.
    """

    __slots__ = ("_notation", "_text", "order", "rank", "sort_key", "suit")

    rank: str | None
    suit: str | None
    #: (position of the rank, position of the suit): the order of cards.
    sort_key: tuple[int, int]
    #: The same order as one number.
    order: int
    _text: str
    _notation: Notation

    def __new__(cls, *args: object) -> Card:
        raise TypeError("cards are made by their notation: notation.card(rank, suit)")

    @property
    def is_joker(self) -> bool:
        return self.rank is None

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Card cannot be changed ({name})")

    def __str__(self) -> str:
        return self._text

    def __reduce__(self) -> tuple[Any, ...]:
        # Rebuilt by its notation, which gives back the one card of that rank and suit.
        return (self._notation.card, (self.rank, self.suit))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Card:
        return self

    def __repr__(self) -> str:
        return f"<Card {self._text}>"

    def __lt__(self, other: Card) -> bool:
        return self.order < other.order

    def __le__(self, other: Card) -> bool:
        return self.order <= other.order

    def __gt__(self, other: Card) -> bool:
        return self.order > other.order

    def __ge__(self, other: Card) -> bool:
        return self.order >= other.order


def parse_card(text: str, notation: Notation | Rules) -> Card:
    """Read ``QH``, ``Q♥``, ``qh``, ``5D``, ``JK`` ... in a notation.

    Given the :class:`~bots.games.chinchon.variants.Rules` of a variant, a card
    outside the deck in play (an 8 in the 40-card game, a joker without the Jokers
    variant) is an error too.
    """
    return _parse_token(text, None, notation)


def _parse_token(token: str, position: int | None, source: Notation | Rules) -> Card:
    if isinstance(source, Notation):
        return source.parse(token, position)
    card = source.notation.parse(token, position)
    reason = source.why_not_in_play(card)
    if reason is not None:
        raise CardNotationError(token, reason, position)
    return card


def parse_cards(text: str, notation: Notation | Rules) -> tuple[Card, ...]:
    """Read cards separated by spaces and/or commas, in the order written.

    With the ``Rules`` of a variant, cards outside the deck in play are errors too.
    """
    tokens = [token for token in _SEPARATORS.split(text) if token]
    return tuple(_parse_token(token, index, notation) for index, token in enumerate(tokens, 1))


def without(cards: Iterable[Card], card: Card) -> list[Card]:
    """``cards`` less one copy of ``card`` (which must be among them).

    >>> format_cards(without(["QH", "5D", "QH"], "QH"))
    '5D QH'
    """
    rest = list(cards)
    rest.remove(card)
    return rest


def format_cards(cards: tuple[Card, ...] | list[Card]) -> str:
    """The notation of cards, separated by spaces: the inverse of :func:`parse_cards`."""
    return " ".join(str(card) for card in cards)
