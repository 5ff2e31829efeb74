"""The Music Game Thingy: Action cards by what they do, Months, the Year card, Tours,
Artists, play-order markers and banknotes, in the words the cards print."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pnp.catalog.schemas.music_game_thingy import (
    ActionCard,
    ArtistCard,
    Banknote,
    MonthCard,
    OrderMarker,
    Release,
    TourCard,
    Venue,
    YearCard,
)
from pnp.catalog.schemas.music_game_thingy_words import (
    CARD_TYPE_LABELS,
    LASTS_LABELS,
    PER_UNIT,
    dice_words,
    money,
)
from pnp.site.cards import Column, Context, copies, presents
from pnp.site.text import TIMES, md

#: The Action card types by family, in the order the rules explain them; the rules
#: pages show each family's cards beside the rules for them.
FAMILIES: dict[str, tuple[str, ...]] = {
    "records": ("single", "ep", "album", "double-album"),
    "venues": ("venue",),
    "concert-help": ("extra-date", "road-crew", "stage-lights"),
    "fame": ("hype", "backlash"),
    "contracts": ("lawyers", "contract-exchange", "contract-waiver"),
    "dirty-tricks": ("disaster", "sabotage", "commercial-spies"),
    "sports-car": ("sports-car",),
}


def family_of(card: ActionCard) -> str:
    for family, types in FAMILIES.items():
        if card.effect.type in types:
            return family
    raise KeyError(f"Action card type {card.effect.type!r} belongs to no family")


def _does(card: ActionCard, deck: Sequence[Any]) -> str:
    """What the card does, in short, as its face puts it in large print."""
    effect = card.effect
    revenue = card.revenue
    if revenue is not None:
        dice, income = revenue
        words = f"{dice_words(dice)} {TIMES} {money(income)} {PER_UNIT}"
        if isinstance(effect, Venue) and effect.min_fame:
            words += f"; needs Fame {effect.min_fame}"
        if isinstance(effect, Release):
            words += f"; top of the chart +{effect.chart_fame} Fame"
        return md(words)
    headline, caption = card.headline(deck)
    if not caption:
        return md(headline)
    if headline.endswith(("!", "?", ".")):
        return md(f"{headline} {caption[0].upper()}{caption[1:]}")
    return md(f"{headline}, {caption}")


@presents(ActionCard)
def action(context: Context, deck_id: str, records: Sequence[Any]) -> list[Column]:
    deck = context.game.deck(deck_id).cards  # every card, for the names a card refers to
    return [
        Column("Card", lambda card: context.card_link(deck_id, card)),
        Column("Type", lambda card: md(CARD_TYPE_LABELS[card.effect.type])),
        Column("What it does", lambda card: _does(card, deck)),
        Column("How long it stays", lambda card: md(LASTS_LABELS[card.lasts])),
        *copies(records),
    ]


@presents(MonthCard)
def months(context: Context, deck_id: str, records: Sequence[Any]) -> list[Column]:
    def special(card: MonthCard) -> str:
        if card.rule is None:
            return "No special rule"
        return f"**{md(card.rule.title)}**: {md(card.rule.text)}"

    return [
        Column("Month", lambda card: context.card_link(deck_id, card)),
        Column("Special rule", special),
    ]


@presents(YearCard, OrderMarker)
def printed_text(context: Context, deck_id: str, records: Sequence[Any]) -> list[Column]:
    return [
        Column("Card", lambda card: context.card_link(deck_id, card)),
        Column("On the card", lambda card: context.card_text(card.text)),
        *copies(records),
    ]


@presents(TourCard)
def tours(context: Context, deck_id: str, records: Sequence[Any]) -> list[Column]:
    return [
        Column("Tour", lambda card: context.card_link(deck_id, card)),
        Column("Months", lambda card: str(card.months), "center"),
        Column(
            "Each month",
            lambda card: md(f"{dice_words(card.dice)} {TIMES} {money(card.income_per_unit)}"),
        ),
        Column("Needs Fame", lambda card: str(card.min_fame) if card.min_fame else "any", "center"),
        Column("Fee", lambda card: md(money(card.fee)) if card.fee else "none", "right"),
        Column("Fame at the end", lambda card: f"+{card.fame_award}", "center"),
    ]


@presents(ArtistCard)
def artists(context: Context, deck_id: str, records: Sequence[Any]) -> list[Column]:
    return [
        Column("Artist", lambda card: context.card_link(deck_id, card)),
        Column("Style", lambda card: md(card.genre)),
    ]


@presents(Banknote)
def banknotes(context: Context, deck_id: str, records: Sequence[Any]) -> list[Column]:
    return [
        Column("Note", lambda card: context.card_link(deck_id, card)),
        Column("Worth", lambda card: md(money(card.value)), "right"),
        Column("On the note", lambda card: context.card_text(card.text)),
        Column("Notes printed", lambda card: str(card.count), "right"),
    ]


def artist_tracks(cards: Sequence[Any]) -> str | None:
    """The tracks every Artist card prints, in one sentence (the rules treat Artists alike)."""
    artists = [card for card in cards if isinstance(card, ArtistCard)]
    if not artists:
        return None
    fame, contract = artists[0].fame_track, artists[0].contract_track
    bonuses = "".join(f", +{bonus.per_die} to each die from {bonus.at}" for bonus in fame.bonuses)
    return (
        f"Every Artist card prints the same two tracks: Fame from {fame.min} to {fame.max}"
        f"{bonuses}; and Contract, {contract.min} to {contract.max} years."
    )
