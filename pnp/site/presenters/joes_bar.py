"""Joe's Bar: Action, Bar and Patron cards with their icons inline, the icon language,
the player aids and the beta-versus-older-draft decisions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pnp.catalog.schemas.joes_bar import (
    AID_WORDS,
    CATEGORY_LABEL,
    TIMING_LABEL,
    ActionCard,
    BarCard,
    Decision,
    Icon,
    PatronCard,
    PlayerAid,
)
from pnp.site.cards import Column, Context, copies, presents
from pnp.site.text import md


def icon_row(context: Context, icons: Sequence[str]) -> str:
    """A card's icons, in order, as the card shows them, with their names."""
    return " ".join(context.icon(icon) for icon in icons)


@presents(ActionCard)
def action(context: Context, deck_id: str, records: Sequence[Any]) -> list[Column]:
    return [
        Column("Card", lambda card: context.card_link(deck_id, card)),
        Column("Kind", lambda card: md(CATEGORY_LABEL[card.category])),
        Column("When", lambda card: md(TIMING_LABEL[card.timing])),
        Column("Icons", lambda card: icon_row(context, card.icons)),
        Column("On the card", lambda card: context.card_text(card.text)),
        *copies(records),
    ]


@presents(BarCard)
def bar(context: Context, deck_id: str, records: Sequence[Any]) -> list[Column]:
    return [
        Column("Card", lambda card: context.card_link(deck_id, card)),
        Column("Icons", lambda card: icon_row(context, card.icons)),
        Column("On the card", lambda card: context.card_text(card.text)),
        *copies(records),
    ]


@presents(PatronCard)
def patrons(context: Context, deck_id: str, records: Sequence[Any]) -> list[Column]:
    return [
        Column("Patron", lambda card: context.card_link(deck_id, card)),
        Column("Starting BL", lambda card: str(card.booze), "center"),
        Column("Trait", lambda card: f"**{md(card.trait.name)}**"),
        Column("What the trait does", lambda card: md(card.trait.text)),
        *copies(records),
    ]


@presents(PlayerAid)
def aids(context: Context, deck_id: str, records: Sequence[Any]) -> list[Column]:
    def sides(card: PlayerAid) -> str:
        return md(f"{AID_WORDS[card.front].capitalize()}; on the back, {AID_WORDS[card.back]}")

    return [
        Column("Card", lambda card: context.card_link(deck_id, card)),
        Column("What it shows", sides),
        *copies(records),
    ]


@presents(Icon)
def icons(context: Context, deck_id: str, records: Sequence[Any]) -> list[Column]:
    def name(icon: Icon) -> str:
        draft = " *(older draft only)*" if icon.only_under else ""
        return f"{context.icon(icon.id, label=False)} **{md(icon.name)}**{draft}"

    return [
        Column("Icon", name),
        Column("On", lambda icon: md(CATEGORY_LABEL[icon.category]) + " cards"),
        Column("What it does", lambda icon: md(icon.meaning)),
    ]


@presents(Decision)
def decisions(context: Context, deck_id: str, records: Sequence[Any]) -> list[Column]:
    return [
        Column("Subject", lambda decision: f"**{md(decision.title)}**"),
        Column("Beta", lambda decision: md(decision.beta.text)),
        Column("Older draft", lambda decision: md(decision.older_draft.text)),
        Column("The kit prints", lambda decision: PRINTED[decision.printed]),
    ]


PRINTED = {"beta": "Beta", "older-draft": "Older draft"}
