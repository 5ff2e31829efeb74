"""Checks of a game's ``site:`` block (its look on the rules site) against its decks:
every side its cover names is a side the kit prints."""

from __future__ import annotations

import difflib
from collections.abc import Iterator, Sequence

from pnp.catalog.game import SiteLook
from pnp.catalog.model import Deck


def printed_sides(decks: Sequence[Deck]) -> list[str]:
    """Every printed side of ``decks`` as a cover names it: ``<deck>/<side name>``."""
    return [f"{deck.id}/{side.name}" for deck in decks for side in deck.sides()]


def cover_problems(look: SiteLook, decks: Sequence[Deck]) -> Iterator[tuple[int, str]]:
    """(position in the cover, sentence) for each side of the cover the kit does not print."""
    sides = printed_sides(decks)
    for index, side in enumerate(look.cover or ()):
        if side in sides:
            continue
        close = difflib.get_close_matches(side, sides, n=1, cutoff=0.6)
        hint = (
            f"; did you mean {close[0]!r}?"
            if close
            else f"; a side is written <deck>/<side>, as the kit names its image ({sides[0]!r})"
        )
        yield index, f"{side!r} is not a printed side of this game{hint}"
