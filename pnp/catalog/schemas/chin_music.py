"""Chin Music: Bout cards (word and Boast on the front, Ruffians on the back)
and the two facing cards."""

from __future__ import annotations

import re
from typing import Annotated, ClassVar

from pydantic import Field

from pnp.catalog.base import Card, Text, deck_kind, distinct


def _spoken(word: str) -> str:
    """A word as it sounds when recited: case, punctuation and spaces dropped."""
    return re.sub(r"[^a-z0-9]", "", word.casefold())


@deck_kind("bout", distinct("word", _spoken))
class BoutCard(Card):
    """A Bout card. The front shows ``word`` and ``boast``; the back ``ruffians``."""

    word: Annotated[str, Field(min_length=2, max_length=20)]
    boast: Annotated[int, Field(ge=0, le=9)]
    ruffians: Annotated[int, Field(ge=0, le=9)]
    back_shows_card: ClassVar[bool] = True

    def label(self) -> str:
        return self.word

    def describe(self) -> str:
        return f"{self.word} — Boast {self.boast} (back: {self.ruffians} Ruffians)"


@deck_kind("facing")
class FacingCard(Card):
    """A facing card: decoration at the top of the deck, with a line or two of text."""

    name: Text
    text: Text

    def describe(self) -> str:
        return f"{self.name}: {self.text}"
