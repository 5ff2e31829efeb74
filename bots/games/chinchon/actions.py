"""Chinchón actions and how they are written.

=====================  ====================================================
``2:stock``            draw the top card of the stock
``1:take``             take the top card of the discard pile
``2:discard:QH``       discard a card face up
``2:close:3H``         close the hand, putting that card face down
``1:reenter``          buy back in after going out (reenganche)
``1:stay-out``         decline to re-enter
=====================  ====================================================

Cards are read in the pack's notation, so the syntax is made for a notation
(:func:`syntax`); every action's ``str()`` reads back to an equal action.

This module is compiled with the engine (``bots/compiled.py``): its classes are
native classes that the compiled engine and bot read without Python attribute
look-ups (which made every hand 4 % dearer when they were Python classes). A
native class can inherit neither from the Python class
:class:`~bots.core.GameAction` nor, as a dataclass, from another native class,
so each implements that interface itself (a seat, a verb, an argument, a
description, the written form of :func:`bots.core.actions.written`, copies
that are itself) and all are registered as subclasses of ``GameAction``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from bots.core import ActionSyntax, GameAction, Verb
from bots.core.actions import written
from bots.games.chinchon.cards import Card, Notation


@dataclass(frozen=True)
class DrawStock:
    """Draw the top card of the stock; written ``2:stock``."""

    player: int

    @property
    def verb(self) -> str:
        return "stock"

    def argument(self) -> str | None:
        return None

    def describe(self) -> str:
        return "draw from the stock"

    def __str__(self) -> str:
        return written(self.player, self.verb, self.argument())

    def __copy__(self) -> DrawStock:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> DrawStock:
        return self  # a frozen value: copies of a game share it


@dataclass(frozen=True)
class TakeDiscard:
    """Take the top card of the discard pile; written ``1:take``."""

    player: int

    @property
    def verb(self) -> str:
        return "take"

    def argument(self) -> str | None:
        return None

    def describe(self) -> str:
        return "take the top discard"

    def __str__(self) -> str:
        return written(self.player, self.verb, self.argument())

    def __copy__(self) -> TakeDiscard:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> TakeDiscard:
        return self  # a frozen value: copies of a game share it


@dataclass(frozen=True)
class Discard:
    """Discard ``card`` face up; written ``2:discard:QH``."""

    player: int
    card: Card

    @property
    def verb(self) -> str:
        return "discard"

    def argument(self) -> str:
        return str(self.card)

    def describe(self) -> str:
        return f"discard {self.card}"

    def __str__(self) -> str:
        return written(self.player, self.verb, self.argument())

    def __copy__(self) -> Discard:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Discard:
        return self  # a frozen value: copies of a game share it


@dataclass(frozen=True)
class Close:
    """Close, putting ``card`` face down; written ``2:close:3H``."""

    player: int
    card: Card

    @property
    def verb(self) -> str:
        return "close"

    def argument(self) -> str:
        return str(self.card)

    def describe(self) -> str:
        return f"close with {self.card}"

    def __str__(self) -> str:
        return written(self.player, self.verb, self.argument())

    def __copy__(self) -> Close:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Close:
        return self  # a frozen value: copies of a game share it


@dataclass(frozen=True)
class Reenter:
    """Buy back in after going out (reenganche); written ``2:reenter``."""

    player: int

    @property
    def verb(self) -> str:
        return "reenter"

    def argument(self) -> str | None:
        return None

    def describe(self) -> str:
        return "re-enter the game"

    def __str__(self) -> str:
        return written(self.player, self.verb, self.argument())

    def __copy__(self) -> Reenter:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Reenter:
        return self  # a frozen value: copies of a game share it


@dataclass(frozen=True)
class StayOut:
    """Decline to re-enter after going out; written ``2:stay-out``."""

    player: int

    @property
    def verb(self) -> str:
        return "stay-out"

    def argument(self) -> str | None:
        return None

    def describe(self) -> str:
        return "stay out of the game"

    def __str__(self) -> str:
        return written(self.player, self.verb, self.argument())

    def __copy__(self) -> StayOut:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> StayOut:
        return self  # a frozen value: copies of a game share it


ChinchonAction = DrawStock | TakeDiscard | Discard | Close | Reenter | StayOut
ACTION_TYPES = (DrawStock, TakeDiscard, Discard, Close, Reenter, StayOut)
for _kind in ACTION_TYPES:
    GameAction.register(_kind)


@cache
def syntax(notation: Notation) -> ActionSyntax[ChinchonAction]:
    """How actions are written, with cards in ``notation`` (made once per notation)."""

    def discard(seat: int, text: str) -> Discard:
        return Discard(seat, notation.parse(text))

    def close(seat: int, text: str) -> Close:
        return Close(seat, notation.parse(text))

    return ActionSyntax(
        "Chinchón",
        [
            Verb("stock", DrawStock),
            Verb("take", TakeDiscard),
            Verb("discard", discard, "a card", "QH"),
            Verb("close", close, "a card", "3H"),
            Verb("reenter", Reenter),
            Verb("stay-out", StayOut),
        ],
    )


def parse_action(text: str, notation: Notation) -> ChinchonAction:
    """The action written ``text`` (cards in ``notation``); raises
    :class:`~bots.core.InvalidActionError` saying how actions are written."""
    return syntax(notation).parse(text)
