"""Chinchón: the Spanish 40-card deck, its jokers and the 8s and 9s of the
48-card variant, with suits, ranks and face styles as tables.

A playing card names its ``rank`` and ``suit``; its points and its place in a
run come from the rank table, its look from a style (French or Spanish).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Annotated

from pydantic import Field, field_validator

from pnp.catalog.base import (
    Card,
    Colour,
    DeckCheckIssue,
    DeckContext,
    Id,
    Model,
    NonNegativeInt,
    PositiveInt,
    Ref,
    TableRow,
    Text,
    deck_kind,
    table_kind,
)

#: The id of the variant that brings in the 8s and 9s.
FORTY_EIGHT = "48-cards"

Letter = Annotated[str, Field(pattern=r"^[A-Z0-9]$")]


def _ranks_per_suit(context: DeckContext) -> Iterator[DeckCheckIssue]:
    """Each rank in the deck appears once in every suit, and only in its own deck."""
    ranks = {rank.id: rank for rank in context.tables.get("chinchon-rank", ())}
    suits = [suit.id for suit in context.tables.get("chinchon-suit", ())]
    seen: Counter[tuple[str, str]] = Counter()
    for index, card in enumerate(context.cards):
        seen[(card.rank, card.suit)] += 1
        if seen[(card.rank, card.suit)] == 2:
            yield DeckCheckIssue(index, ("rank",), f"{card.rank} of {card.suit} appears twice")
        rank = ranks.get(card.rank)
        if rank is not None and rank.only_48 != (context.only_under == FORTY_EIGHT):
            where = "the 48-card extension" if rank.only_48 else "the 40-card deck"
            yield DeckCheckIssue(index, ("rank",), f"rank {card.rank} belongs in {where}")
    for rank_id in sorted({rank for rank, _ in seen}):
        missing = [suit for suit in suits if (rank_id, suit) not in seen]
        if missing:
            yield DeckCheckIssue(
                None,
                (),
                f"rank {rank_id} is missing in {', '.join(missing)}; a rank "
                "needs a card in every suit",
            )


def _style_complete(context: DeckContext) -> Iterator[DeckCheckIssue]:
    """Each style names every suit and every rank."""
    suits = {suit.id for suit in context.tables.get("chinchon-suit", ())}
    ranks = {rank.id for rank in context.tables.get("chinchon-rank", ())}
    for index, style in enumerate(context.cards):
        for field, known in (("suits", suits), ("ranks", ranks)):
            missing = sorted(known - set(getattr(style, field)))
            if missing:
                yield DeckCheckIssue(index, (field,), f"no entry for {', '.join(missing)}")


def _orders_distinct(context: DeckContext) -> Iterator[DeckCheckIssue]:
    seen: dict[int, str] = {}
    for index, rank in enumerate(context.cards):
        if rank.order in seen:
            yield DeckCheckIssue(
                index, ("order",), f"order {rank.order} is also rank {seen[rank.order]!r}"
            )
        seen.setdefault(rank.order, rank.id)


@table_kind("chinchon-suit")
class Suit(TableRow):
    """A suit, by its French name; ``letter`` is its one-letter notation (H, D, C, S)."""

    letter: Letter
    noun = "suit"


@table_kind("chinchon-rank", _orders_distinct)
class Rank(TableRow):
    """A rank: ``order`` places it in runs; ``points`` is its penalty when unmatched.

    Runs follow ``order`` over the ranks in play, so without the 8s and 9s the 7
    and the J are next to each other. ``points_48`` applies in the 48-card game.
    """

    letter: Letter
    order: PositiveInt
    points: PositiveInt
    points_48: PositiveInt
    only_48: bool = False
    noun = "rank"


class SuitLook(Model):
    name: Text
    symbol: Annotated[str, Field(min_length=1, max_length=2)]
    colour: Colour
    four_colour: Colour


class RankLook(Model):
    index: Annotated[str, Field(min_length=1, max_length=2)]
    name: Text


@table_kind("chinchon-style", _style_complete)
class Style(TableRow):
    """How a face style shows suits and ranks (French: ♥ and J; Spanish: copas and sota)."""

    name: Text
    description: Text
    suits: dict[Id, SuitLook]
    ranks: dict[Annotated[str, Field(pattern=r"^[a-z0-9]+$")], RankLook]
    #: How a card is named in this style: '{rank} of {suit}' gives 'Ace of spades'.
    card_name: Text = "{rank} of {suit}"
    noun = "style"

    @field_validator("card_name")
    @classmethod
    def _names_rank_and_suit(cls, template: str) -> str:
        if "{rank}" not in template or "{suit}" not in template:
            raise ValueError(f"needs {{rank}} and {{suit}} to name a card, got {template!r}")
        return template

    def name_of(self, rank: str, suit: str) -> str:
        """A card's name in this style's words: 'Ace of spades', 'As de espadas'."""
        return self.card_name.replace("{rank}", self.ranks[rank].name).replace(
            "{suit}", self.suits[suit].name.lower()
        )

    def refs(self) -> Iterator[Ref]:
        for suit in self.suits:
            yield Ref(("suits", suit), "chinchon-suit", suit)
        for rank in self.ranks:
            yield Ref(("ranks", rank), "chinchon-rank", rank)


@deck_kind("chinchon-card", _ranks_per_suit)
class PlayingCard(Card):
    """A suited card: the rank and suit ids refer to the rank and suit tables."""

    rank: Annotated[str, Field(pattern=r"^[a-z0-9]+$")]
    suit: Id

    def refs(self) -> Iterator[Ref]:
        yield Ref(("rank",), "chinchon-rank", self.rank)
        yield Ref(("suit",), "chinchon-suit", self.suit)

    def label(self) -> str:
        return self.describe()

    def describe(self) -> str:
        return f"{self.rank.upper()} of {self.suit}"


@deck_kind("chinchon-joker")
class Joker(Card):
    """A joker: wild in the Jokers variant; ``points`` if left unmatched."""

    name: Text
    points: NonNegativeInt
    colour: Colour
    noun = "joker"

    def label(self) -> str:
        return self.describe()

    def describe(self) -> str:
        return f"{self.name} (wild card)"
