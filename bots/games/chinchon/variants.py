"""The printed pack of Chinchón and the deck in play for each variant.

:class:`Pack` is the engine's card data: built once from the catalog's game
(:meth:`Pack.from_catalog`; nothing here reads a file), it holds the notation
and every printed card, and gives the deck facts of each variant
(:meth:`Pack.rules`, made once per variant).

>>> from pnp.catalog import load_catalog
>>> pack = Pack.from_catalog(load_catalog("cards").game("chinchon"))
>>> forty = pack.rules()
>>> forty.ranks
('a', '2', '3', '4', '5', '6', '7', 'j', 'q', 'k')
>>> forty.points(pack.parse("KH")), pack.rules(forty_eight=True).points(pack.parse("KH"))
(10, 12)
>>> diamond_ace = pack.rules(wild="diamond-ace")
>>> diamond_ace.is_wild(pack.parse("AD")), diamond_ace.points(pack.parse("AD"))
(True, 25)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal, NamedTuple, get_args

from bots.games.chinchon.cards import Card, Notation, parse_cards, table_rows
from pnp.catalog.schemas.chinchon import FORTY_EIGHT, Joker, PlayingCard, Rank
from pnp.catalog.schemas.common import Variant

if TYPE_CHECKING:
    from pnp.catalog import Game

#: Which cards are wild: none (the default), the two jokers, or only the A of diamonds.
Wild = Literal["none", "jokers", "diamond-ace"]

#: The catalog variant (variants.yaml) that brings in each kind of wild card.
WILD_VARIANTS: dict[str, str] = {"jokers": "jokers", "diamond-ace": "diamond-ace-wild"}

#: The rank and suit ids of the wild card of the diamond-ace variant.
DIAMOND_ACE = ("a", "diamonds")


class CardFacts(NamedTuple):
    """What the arrangement needs to know about a card in play."""

    points: int
    #: Place in runs among the ranks in play (0 = A); -1 for a joker.
    run_position: int
    #: Place in the suit table; -1 for a joker.
    suit_index: int
    is_wild: bool


@dataclass(frozen=True, eq=False)
class Rules:
    """The deck in play: ranks, run order, points and wild cards of one variant.

    Get it from :meth:`Pack.rules`, which makes one per variant; two ``Rules`` are
    equal only if they are the same object. Shared, never copied, by clones.
    """

    forty_eight: bool
    wild: Wild
    notation: Notation = field(repr=False)
    #: Rank ids in play, in run order (A first, K last).
    ranks: tuple[str, ...]
    #: Suit ids, in the order of the suit table.
    suits: tuple[str, ...]
    #: One pack, sorted: 40 or 48 cards, plus the jokers in the Jokers variant.
    deck: tuple[Card, ...] = field(repr=False)
    #: Penalty of an unmatched joker (whether or not the jokers are in play).
    joker_points: int = field(repr=False)
    #: The wild cards (each distinct card once).
    wild_cards: frozenset[Card] = field(repr=False)
    #: Every card in play and its facts.
    facts: dict[Card, CardFacts] = field(repr=False)
    #: Cards of the data that are out of play, with the name of the variant that brings them in.
    _left_out: dict[Card, str] = field(repr=False)

    def __deepcopy__(self, memo: dict[int, object]) -> Rules:
        return self

    def points(self, card: Card) -> int:
        """The penalty of ``card`` when unmatched."""
        return self._facts_of(card).points

    def is_wild(self, card: Card) -> bool:
        return self._facts_of(card).is_wild

    def is_in_play(self, card: Card) -> bool:
        return card in self.facts

    def why_not_in_play(self, card: Card) -> str | None:
        """``None`` if ``card`` is in play, else a sentence saying why not."""
        if card in self.facts:
            return None
        variant = self._left_out.get(card)
        if variant is None:
            return f"{card} is not in this deck"
        return f"{card} is only in play with the variant {variant!r}"

    def _facts_of(self, card: Card) -> CardFacts:
        facts = self.facts.get(card)
        if facts is None:
            raise ValueError(str(self.why_not_in_play(card)))
        return facts


#: A card of the data: its card, how many copies are printed, and the variant it needs.
class _Printed(NamedTuple):
    card: Card
    copies: int
    only_under: str | None


@dataclass(frozen=True, eq=False)
class Pack:
    """The printed Chinchón cards of the catalog, and the deck in play of each variant.

    Shared, never copied, by every game built on it; two packs are equal only if
    they are the same object.
    """

    game_id: str
    notation: Notation = field(repr=False)
    #: Every rank of the data by id.
    _ranks: dict[str, Rank] = field(repr=False)
    #: Variant id -> name.
    variant_names: dict[str, str] = field(repr=False)
    _printed: tuple[_Printed, ...] = field(repr=False)
    _joker_points: tuple[int, ...] = field(repr=False)
    _made: dict[tuple[bool, Wild], Rules] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_made", {})

    def __deepcopy__(self, memo: dict[int, object]) -> Pack:
        return self

    @classmethod
    def from_catalog(cls, game: Game) -> Pack:
        """The pack of the catalog's Chinchón ``game``."""
        notation = Notation.from_game(game)
        printed: list[_Printed] = []
        joker_points: set[int] = set()
        for deck in game.decks:
            for record in deck.cards:
                if isinstance(record, Joker):
                    card = notation.joker()
                    joker_points.add(record.points)
                elif isinstance(record, PlayingCard):
                    card = notation.card(record.rank, record.suit)
                else:
                    continue
                printed.append(_Printed(card, record.count, deck.spec.only_under))
        if len(joker_points) > 1:
            raise ValueError(f"the jokers of {game.id!r} differ in points {sorted(joker_points)}")
        return cls(
            game.id,
            notation,
            {row.id: row for row in table_rows(game, "ranks", Rank)},
            {row.id: row.name for row in table_rows(game, "variants", Variant)},
            tuple(printed),
            tuple(joker_points),
        )

    def parse(self, text: str) -> Card:
        """One card in this pack's notation (``QH``, ``Q♥``, ``JK``)."""
        return self.notation.parse(text)

    def parse_cards(self, text: str) -> tuple[Card, ...]:
        """Cards separated by spaces and/or commas, in this pack's notation."""
        return parse_cards(text, self.notation)

    def rules(self, forty_eight: bool = False, wild: Wild = "none") -> Rules:
        """The deck facts for a variant (made once per variant).

        ``forty_eight`` keeps the 8s and 9s; ``wild`` says which cards are wild.
        """
        if wild not in get_args(Wild):
            raise ValueError(f"unknown wild {wild!r} (use {', '.join(map(repr, get_args(Wild)))})")
        key = (bool(forty_eight), wild)
        made = self._made.get(key)
        if made is None:
            made = self._made[key] = self._make_rules(*key)
        return made

    def _make_rules(self, forty_eight: bool, wild: Wild) -> Rules:
        notation = self.notation
        active = {FORTY_EIGHT} if forty_eight else set()
        if wild != "none":
            active.add(WILD_VARIANTS[wild])
        missing = sorted(active - set(self.variant_names))
        if missing:
            raise ValueError(f"the card data of {self.game_id!r} has no variant {missing[0]!r}")
        in_play: list[Card] = []
        left_out: dict[Card, str] = {}
        for card, copies, only_under in self._printed:
            if only_under is None or only_under in active:
                in_play.extend([card] * copies)
            else:
                left_out.setdefault(card, self.variant_names.get(only_under, only_under))
        rank_ids = {card.rank for card in in_play if card.rank is not None}
        playing_ranks = sorted((self._ranks[rank] for rank in rank_ids), key=lambda r: r.order)
        position = {rank.id: index for index, rank in enumerate(playing_ranks)}
        suits = notation.suits
        wilds = {notation.joker()} if wild == "jokers" else set()
        if wild == "diamond-ace":
            wilds = {notation.card(*DIAMOND_ACE)}
            if not wilds <= set(in_play):
                raise ValueError(f"the card data of {self.game_id!r} has no {DIAMOND_ACE} card")

        def points(rank: Rank) -> int:
            return rank.points_48 if forty_eight else rank.points

        joker = min(self._joker_points, default=0)
        facts: dict[Card, CardFacts] = {}
        for card in in_play:
            if card.rank is None or card.suit is None:
                facts[card] = CardFacts(joker, -1, -1, card in wilds)
            else:
                # A wild A of diamonds is a joker in every way, its penalty included.
                value = joker if card in wilds else points(self._ranks[card.rank])
                facts[card] = CardFacts(
                    value, position[card.rank], suits.index(card.suit), card in wilds
                )
        return Rules(
            forty_eight=forty_eight,
            wild=wild,
            notation=notation,
            ranks=tuple(rank.id for rank in playing_ranks),
            suits=suits,
            deck=tuple(sorted(in_play)),
            joker_points=joker,
            wild_cards=frozenset(wilds),
            facts=facts,
            _left_out=left_out,
        )
