"""The saved object Tabletop Simulator imports (Objects > Saved Objects): one
``DeckCustom`` per deck, each physical card a ``Card`` in it.

Nothing here draws or writes: :func:`saved_object` turns the planned sheets and the
URLs of their images into the JSON document. Card ids are ``key * 100 + slot``
(:mod:`pnp.export.tts_grid`); ``DeckIDs`` repeats each card's id by its count, and
every card carries its name (``Nickname``) and its text (``Description``). A deck of
one physical card is a ``CardCustom``, as Tabletop Simulator saves one.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pnp.catalog.base import Card
from pnp.catalog.model import Deck, Game
from pnp.export.tts_grid import DeckSheets, Sheet

#: The card size whose object is drawn at scale 1 (a poker card); other sizes scale.
REFERENCE_MM = (63.0, 88.0)
#: Table units across a card at scale 1, and between two decks.
CARD_UNITS = 2.2
GAP_UNITS = 0.6
#: Tabletop Simulator's default tint of an object (no tint).
NEUTRAL = {"r": 1.0, "g": 1.0, "b": 1.0}


@dataclass(frozen=True)
class DeckImages:
    """The URLs of one deck's images: a face sheet per sheet, and either one back
    image (cards that share a back) or a back sheet per sheet."""

    faces: tuple[str, ...]
    backs: tuple[str, ...]


def guid(*parts: str) -> str:
    """A stable six-hex-digit object id (Tabletop Simulator's GUID form)."""
    return hashlib.sha256("/".join(parts).encode("utf-8")).hexdigest()[:6]


def deck_scale(deck: Deck) -> tuple[float, float]:
    """(scaleX, scaleZ): the card object's size against a poker card."""
    size = deck.spec.size
    return round(size.width / REFERENCE_MM[0], 4), round(size.height / REFERENCE_MM[1], 4)


def _custom_deck(
    sheet: Sheet, index: int, images: DeckImages, unique_backs: bool
) -> dict[str, Any]:
    return {
        "FaceURL": images.faces[index],
        "BackURL": images.backs[index] if unique_backs else images.backs[0],
        "NumWidth": sheet.grid.columns,
        "NumHeight": sheet.grid.rows,
        # the hidden picture: each card's own back, or the sheet's last slot (the back)
        "BackIsHidden": unique_backs,
        "UniqueBack": unique_backs,
        "Type": 0,
    }


def _transform(x: float, scale: tuple[float, float]) -> dict[str, float]:
    return {
        "posX": round(x, 3),
        "posY": 1.0,
        "posZ": 0.0,
        "rotX": 0.0,
        "rotY": 180.0,
        "rotZ": 180.0,  # face down, as a deck is dealt
        "scaleX": scale[0],
        "scaleY": 1.0,
        "scaleZ": scale[1],
    }


def _common(
    name: str, nickname: str, description: str, transform: dict[str, float], object_id: str
) -> dict[str, Any]:
    return {
        "GUID": object_id,
        "Name": name,
        "Transform": transform,
        "Nickname": nickname,
        "Description": description,
        "GMNotes": "",
        "ColorDiffuse": NEUTRAL,
        "Locked": False,
        "Grid": True,
        "Snap": True,
        "IgnoreFoW": False,
        "Autoraise": True,
        "Sticky": True,
        "Tooltip": True,
        "HideWhenFaceDown": True,
        "SidewaysCard": False,
        "LuaScript": "",
        "LuaScriptState": "",
        "XmlUI": "",
    }


def deck_description(game: Game, deck: Deck) -> str:
    """What the deck is for, in a sentence or two (shown when hovering the deck)."""
    parts = [deck.spec.description or f"{deck.spec.title} of {game.title}."]
    if deck.spec.only_under:
        parts.append(f"Only with {game.rule_name(deck.spec.only_under)}.")
    more = deck.spec.more_copies
    if more is not None:
        parts.append(f"Use {more.copies} of these decks for {more.players} players or more.")
    return " ".join(parts)


def deck_title(deck: Deck) -> str:
    return f"{deck.spec.title} (optional)" if deck.spec.only_under else deck.spec.title


def _card(
    game: Game,
    deck: Deck,
    card: Card,
    card_id: int,
    custom: Mapping[str, Any],
    scale: tuple[float, float],
    x: float,
    copy: int,
) -> dict[str, Any]:
    return {
        **_common(
            "Card",
            card.label(),
            card.describe(),
            _transform(x, scale),
            guid(game.id, deck.id, card.id, str(copy)),
        ),
        "CardID": card_id,
        "Hands": True,
        "CustomDeck": dict(custom),
    }


def deck_object(game: Game, plan: DeckSheets, images: DeckImages, x: float) -> dict[str, Any]:
    """The ``DeckCustom`` of one deck (a ``CardCustom`` for a deck of one card)."""
    deck = plan.deck
    scale = deck_scale(deck)
    customs = {
        sheet.key: _custom_deck(sheet, index, images, plan.unique_backs)
        for index, sheet in enumerate(plan.sheets)
    }
    cards = []
    for card in deck.cards:
        sheet = plan.sheet_of(card)
        card_id = plan.card_id(card)
        for copy in range(card.count):
            custom = {str(sheet.key): customs[sheet.key]}
            cards.append(_card(game, deck, card, card_id, custom, scale, x, copy))
    if len(cards) == 1:  # Tabletop Simulator keeps a lone card as a card, not a deck
        return cards[0] | {"Name": "CardCustom"}
    return {
        **_common(
            "DeckCustom",
            deck_title(deck),
            deck_description(game, deck),
            _transform(x, scale),
            guid(game.id, deck.id),
        ),
        "Hands": False,
        "DeckIDs": plan.deck_ids(),
        "CustomDeck": {str(key): custom for key, custom in customs.items()},
        "ContainedObjects": cards,
    }


def saved_object(
    game: Game, plans: Sequence[DeckSheets], images: Mapping[str, DeckImages]
) -> dict[str, Any]:
    """The whole saved object of ``game``: its decks side by side on the table."""
    objects = []
    x = 0.0
    for plan in plans:
        width = CARD_UNITS * deck_scale(plan.deck)[0]
        objects.append(deck_object(game, plan, images[plan.deck.id], x + width / 2))
        x += width + GAP_UNITS
    return {
        "SaveName": game.title,
        "GameMode": game.title,
        "Date": "",
        "VersionNumber": "",
        "Gravity": 0.5,
        "PlayArea": 0.5,
        "Table": "",
        "Sky": "",
        "Note": f"{game.title}: the decks of the print-and-play kit, made by pnp export.",
        "Rules": "",
        "XmlUI": "",
        "LuaScript": "",
        "LuaScriptState": "",
        "ObjectStates": objects,
        "TabStates": {},
    }
