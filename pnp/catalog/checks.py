"""Checks that a caller adds to the loader's own, such as the kit's check that
its fonts can print every text (``pnp.kit.glyphs``).

The catalog knows where every value stood; a check only says which field of a
record is wrong, and the loader reports it with file, line, card and field,
together with every other problem of the same run.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pnp.catalog.base import Model
from pnp.catalog.yamlsource import PathKey

if TYPE_CHECKING:
    from pnp.catalog.layouts import Layouts

#: The kind a check is told for ``game.yaml`` itself.
GAME_KIND = "game"


@dataclass(frozen=True)
class FieldIssue:
    """A problem in one field of a record: its path inside the record and a sentence."""

    field: PathKey
    message: str


#: A check on one validated record: given the record's kind (a deck or table
#: kind, or :data:`GAME_KIND` for game.yaml) and the record, yield its problems.
RecordCheck = Callable[[str, Model], Iterable[FieldIssue]]


@dataclass(frozen=True)
class LayoutChecks:
    """What the kit adds to loading a game's layouts (``layouts.yaml``): the names of
    its drawings a layout may call (named elements and symbols), its record check made
    for the game's layouts (the glyph check follows the fonts a layout prints a field
    in), what its fonts cannot print of a layout's own words (``unprintable(text,
    font, capitals, paragraph)``: sentences, none when all prints), and the kinds it
    draws without a layout."""

    elements: frozenset[str]
    symbols: frozenset[str]
    record_check: Callable[[Layouts | None], RecordCheck]
    unprintable: Callable[[str, str, bool, bool], list[str]] | None = None
    #: The kinds a face registered in Python draws (a deck of another kind needs a layout).
    faces: frozenset[str] = frozenset()


def nothing_draws(kind: str, layouts_file: str) -> str:
    """What a deck of ``kind`` lacks when no layout and no face draws it (said by
    ``pnp validate`` with the kit's checks, and by the kit if it is reached anyway)."""
    return (
        f"nothing draws the cards of kind {kind!r}: give the kind a layout in {layouts_file} "
        f"(layouts: {kind}: front: [...]), as `pnp new` writes one"
    )
