"""Legal actions listed only when a player looks at them.

In an auction and in the month's deals the heuristic labels decide from their
view alone (they bid, look or pass by their own valuation), so the menu of
bids and trades that ``legal_actions`` offers there is built only if a player
reads it (a random label does). Until then :class:`LazyActions` knows only
that the menu is not empty: passing is always in it. The menu belongs to the
position it was asked for: read after the game has moved on, it raises
``RuntimeError`` rather than list the actions of another position. Of these
menus the engine offers only the pass as known-legal, so any other action chosen
is checked when it is applied (a quick check: a pick, a bid or a trade).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar, overload

A = TypeVar("A")


class LazyActions(Sequence[A]):
    """The actions ``build()`` lists, built on first use (never empty); ``log`` is the
    game's list of actions applied, which tells whether the position is still the one
    the menu was asked for."""

    __slots__ = ("_build", "_built", "_log", "_moves")

    def __init__(self, build: Callable[[], list[A]], log: Sequence[object]) -> None:
        self._build = build
        self._built: list[A] | None = None
        self._log = log
        self._moves = len(log)

    def _actions(self) -> list[A]:
        built = self._built
        if built is None:
            if len(self._log) != self._moves:
                raise RuntimeError(
                    "these legal actions were asked for at an earlier position of the game; "
                    "ask legal_actions() again"
                )
            built = self._built = self._build()
        return built

    def __bool__(self) -> bool:
        return True

    def __len__(self) -> int:
        return len(self._actions())

    @overload
    def __getitem__(self, index: int) -> A: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[A]: ...

    def __getitem__(self, index: int | slice) -> A | Sequence[A]:
        return self._actions()[index]

    def __iter__(self) -> Iterator[A]:
        return iter(self._actions())

    def __contains__(self, action: object) -> bool:
        return action in self._actions()

    def __repr__(self) -> str:
        return f"LazyActions({self._actions()!r})"
