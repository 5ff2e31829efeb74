"""Chin Music: the Bout cards (word and Boast in front, Ruffians behind) and the facing cards."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pnp.catalog.schemas.chin_music import BoutCard, FacingCard
from pnp.site.cards import Column, Context, copies, presents


@presents(BoutCard)
def bout(context: Context, deck_id: str, records: Sequence[Any]) -> list[Column]:
    return [
        Column("Word", lambda card: context.card_link(deck_id, card)),
        Column("Boast (front)", lambda card: str(card.boast), "center"),
        Column("Ruffians (back)", lambda card: str(card.ruffians), "center"),
        *copies(records),
    ]


@presents(FacingCard)
def facing(context: Context, deck_id: str, records: Sequence[Any]) -> list[Column]:
    return [
        Column("Card", lambda card: context.card_link(deck_id, card)),
        Column("On the card", lambda card: context.card_text(card.text)),
        *copies(records),
    ]
