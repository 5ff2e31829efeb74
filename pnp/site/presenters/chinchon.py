"""Chinchón: the pack by suit, the ranks with their points, the two face styles, the jokers.

Suit symbols carry their suit's colour through a class (``suit--hearts``), so the
site's style sheet can lighten the black suits in dark mode.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pnp.catalog import Game
from pnp.catalog.schemas.chinchon import Joker, PlayingCard, Rank, Style, Suit
from pnp.site.cards import NAMERS, Column, Context, Table, anchor, copies, presents
from pnp.site.text import md

#: The style the kit prints by default and the site pictures (French suits).
PRINTED = "french"
OTHER = "spanish"


def styles(game: Game) -> dict[str, Style]:
    """The face styles of the game, by id."""
    found = {}
    for table in game.tables:
        for entry in table.entries:
            if isinstance(entry, Style):
                found[entry.id] = entry
    return found


def suit_mark(game: Game, suit_id: str) -> str:
    """The suit's symbol in its colour and its name: ``♥ Hearts``."""
    look = styles(game)[PRINTED].suits[suit_id]
    return f'<span class="suit suit--{suit_id}">{md(look.symbol)}</span> {md(look.name)}'


def _rank_order(game: Game) -> dict[str, int]:
    return {
        entry.id: entry.order
        for table in game.tables
        for entry in table.entries
        if isinstance(entry, Rank)
    }


def card_name(context: Context, card: PlayingCard) -> str:
    """ "Ace of Spades": the rank and suit as the printed (French) style names them."""
    look = styles(context.game)[PRINTED]
    return f"{look.ranks[card.rank].name} of {look.suits[card.suit].name}"


NAMERS[PlayingCard] = card_name


def suit_symbols(game: Game) -> dict[str, str]:
    """Each printed suit symbol with the class that gives it its ink (``♥``: ``suit--hearts``)."""
    printed = styles(game).get(PRINTED)
    if printed is None:
        return {}
    return {look.symbol: f"suit suit--{suit}" for suit, look in printed.suits.items()}


def suit_inks(game: Game) -> str:
    """CSS for each suit symbol in its printed colour (``.suit--hearts``)."""
    from pnp.site.looks import ink_rules

    printed = styles(game).get(PRINTED)
    if printed is None:
        return ""
    return "".join(ink_rules(f"suit--{suit}", look.colour) for suit, look in printed.suits.items())


@presents(PlayingCard)
def by_suit(context: Context, deck_id: str, records: Sequence[Any]) -> Table:
    """One row per suit: its names in both styles and its cards, each linked to its picture."""
    game = context.game
    looks = styles(game)
    order = _rank_order(game)
    suits: dict[str, list[PlayingCard]] = {}
    for card in records:
        suits.setdefault(card.suit, []).append(card)
    rows = []
    for suit_id, cards in suits.items():
        cards.sort(key=lambda card: order.get(card.rank, 0))
        french = looks[PRINTED].ranks
        names = " ".join(
            f"[{md(french[card.rank].index)}](components.md#{anchor(deck_id, card.id)})"
            for card in cards
        )
        spanish = looks[OTHER].suits[suit_id].name if OTHER in looks else ""
        rows.append(
            [suit_mark(game, suit_id), md(spanish), f'<span class="pnp-cards">{names}</span>']
        )
    return Table(["Suit", "Spanish pack", "Cards"], rows, ["left", "left", "left"])


@presents(Rank)
def ranks(context: Context, deck_id: str, records: Sequence[Any]) -> Table:
    """Each rank with its names and its points, with and without the 8s and 9s."""
    looks = styles(context.game)
    rows = []
    for rank in sorted(records, key=lambda rank: rank.order):
        french = looks[PRINTED].ranks[rank.id]
        spanish = looks[OTHER].ranks[rank.id] if OTHER in looks else None
        rows.append(
            [
                f"**{md(french.index)}** {md(french.name)}",
                f"{md(spanish.name)} ({md(spanish.index)})" if spanish else "",
                "only in the 48-card game" if rank.only_48 else str(rank.points),
                str(rank.points_48),
            ]
        )
    return Table(
        ["Card", "Spanish pack", "Points", "Points with the 8s and 9s"],
        rows,
        ["left", "left", "right", "right"],
    )


@presents(Suit)
def suits(context: Context, deck_id: str, records: Sequence[Any]) -> Table:
    looks = styles(context.game)
    rows = [
        [
            suit_mark(context.game, suit.id),
            md(looks[OTHER].suits[suit.id].name) if OTHER in looks else "",
            md(suit.letter),
        ]
        for suit in records
    ]
    return Table(["Suit", "Spanish pack", "Written as"], rows, ["left", "left", "center"])


@presents(Style)
def face_styles(context: Context, deck_id: str, records: Sequence[Any]) -> list[Column]:
    def suit_names(style: Style) -> str:
        return ", ".join(f"{md(look.symbol)} {md(look.name)}" for look in style.suits.values())

    def court(style: Style) -> str:
        order = _rank_order(context.game)
        highest = sorted(style.ranks, key=lambda rank: order.get(rank, 0))[-3:]
        return ", ".join(
            f"{md(style.ranks[rank].name)} ({md(style.ranks[rank].index)})" for rank in highest
        )

    return [
        Column("Style", lambda style: f"**{md(style.name)}**"),
        Column("Suits", suit_names),
        Column("Face cards", court),
    ]


@presents(Joker)
def jokers(context: Context, deck_id: str, records: Sequence[Any]) -> list[Column]:
    return [
        Column("Card", lambda card: context.card_link(deck_id, card)),
        Column("Left in your hand", lambda card: f"{card.points} points", "right"),
        *copies(records),
    ]
