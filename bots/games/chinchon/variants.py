"""The deck facts of a game of Chinchón, read from the card data for a variant.

>>> forty = rules()
>>> forty.ranks
('a', '2', '3', '4', '5', '6', '7', 'j', 'q', 'k')
>>> forty.points(Card.parse("KH")), rules(forty_eight=True).points(Card.parse("KH"))
(10, 12)
>>> diamond_ace = rules(wild="diamond-ace")
>>> diamond_ace.is_wild(Card.parse("AD")), diamond_ace.points(Card.parse("AD"))
(True, 25)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Literal, NamedTuple, get_args

from bots.games.chinchon.cards import (
    DEFAULT_CARDS_DIR,
    Card,
    Notation,
    load_game,
    table_rows,
)
from bots.games.chinchon.cards import notation as card_notation
from pnp.catalog.schemas.chinchon import FORTY_EIGHT, Joker, PlayingCard, Rank, Variant

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

    Build it with :func:`rules`, which caches it; two ``Rules`` are equal only
    if they are the same object.
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


def rules(
    forty_eight: bool = False, wild: Wild = "none", cards_dir: Path | str | None = None
) -> Rules:
    """The deck facts for a variant, read from the card data once and cached.

    ``forty_eight`` keeps the 8s and 9s; ``wild`` says which cards are wild.
    ``cards_dir`` is the cards folder (the project's ``cards/`` by default).
    """
    if wild not in get_args(Wild):
        raise ValueError(f"unknown wild {wild!r} (use {', '.join(map(repr, get_args(Wild)))})")
    folder = Path(cards_dir).resolve() if cards_dir is not None else DEFAULT_CARDS_DIR
    return _rules(bool(forty_eight), wild, folder)


@cache
def _rules(forty_eight: bool, wild: Wild, cards_dir: Path) -> Rules:
    game = load_game(cards_dir)
    notation = card_notation(cards_dir)
    variant_names = {row.id: row.name for row in table_rows(game, "variants", Variant)}
    active = {FORTY_EIGHT} if forty_eight else set()
    if wild != "none":
        active.add(WILD_VARIANTS[wild])
    missing = sorted(active - set(variant_names))
    if missing:
        raise ValueError(f"the card data of {game.id!r} has no variant {missing[0]!r}")

    ranks = {row.id: row for row in table_rows(game, "ranks", Rank)}
    in_play: list[Card] = []
    left_out: dict[Card, str] = {}
    joker_points: set[int] = set()
    for deck in game.decks:
        only_under = deck.spec.only_under
        for record in deck.cards:
            if isinstance(record, Joker):
                card = notation.card(None, None)
                joker_points.add(record.points)
            elif isinstance(record, PlayingCard):
                card = notation.card(record.rank, record.suit)
            else:
                continue
            if only_under is None or only_under in active:
                in_play.extend([card] * record.count)
            elif only_under is not None:
                left_out.setdefault(card, variant_names.get(only_under, only_under))
    if len(joker_points) > 1:
        raise ValueError(f"the jokers of {game.id!r} differ in points {sorted(joker_points)}")

    rank_ids = {card.rank for card in in_play if card.rank is not None}
    playing_ranks = sorted((ranks[rank] for rank in rank_ids), key=lambda rank: rank.order)
    position = {rank.id: index for index, rank in enumerate(playing_ranks)}
    suits = notation.suits
    wilds = {notation.card(None, None)} if wild == "jokers" else set()
    if wild == "diamond-ace":
        wilds = {notation.card(*DIAMOND_ACE)}
        if not wilds <= set(in_play):
            raise ValueError(f"the card data of {game.id!r} has no {DIAMOND_ACE} card")

    def points(rank: Rank) -> int:
        return rank.points_48 if forty_eight else rank.points

    joker = min(joker_points, default=0)
    facts: dict[Card, CardFacts] = {}
    for card in in_play:
        if card.rank is None or card.suit is None:
            facts[card] = CardFacts(joker, -1, -1, card in wilds)
        else:
            # A wild A of diamonds is a joker in every way, its penalty included.
            value = joker if card in wilds else points(ranks[card.rank])
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
