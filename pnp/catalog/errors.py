"""Problems found in card data, and the one error type the catalog raises."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import total_ordering
from pathlib import Path

from pnp.names import visible


@total_ordering
@dataclass(frozen=True)
class Problem:
    """One thing wrong with the data, located to a file and line.

    ``record`` names the card or entry the problem belongs to (``card 'biff'``)
    and ``field`` the dotted path of the field inside it (``effect.dice``);
    either may be empty when the problem concerns a whole file. In a spreadsheet,
    ``place`` says where instead of the line (``sheet 'Cards', row 12, column C
    (cost)``) and ``line`` holds the row. Problems sort by file, line, place (so a
    row's by column), record, field and message. The fields hold the
    names as found; the sentence shows their control and bidirectional characters as
    marks (:func:`pnp.names.visible`), a folder's name among them.
    """

    file: str
    line: int
    record: str
    field: str
    message: str
    place: str = ""

    def _order(self) -> tuple[str, int, str, str, str, str]:
        return (self.file, self.line, self.place, self.record, self.field, self.message)

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Problem):
            return NotImplemented
        return self._order() < other._order()

    def __str__(self) -> str:
        if self.place:
            parts = [self.file, self.place]
        else:
            parts = [f"{self.file}:{self.line}" if self.line else self.file]
        if self.record:
            parts.append(self.record)
        if self.field and not self.place.endswith(f"({self.field})"):
            parts.append(self.field)
        return visible(": ".join(parts) + ": " + self.message)


class CatalogError(ValueError):
    """The card data is not valid. ``problems`` lists every problem found; ``notes``
    are lines that help to mend them, shown after them (the fields of a card kind
    declared in data, once, when its cards get them wrong)."""

    def __init__(self, problems: Iterable[Problem], notes: Iterable[str] = ()) -> None:
        self.problems = tuple(sorted(problems))
        self.notes = tuple(notes)
        count = len(self.problems)
        noun = "problem" if count == 1 else "problems"
        lines = [f"{count} {noun} in the card data:"]
        lines += [f"  {problem}" for problem in self.problems]
        lines += [visible(note) for note in self.notes]
        super().__init__("\n".join(lines))


def display_path(path: Path) -> str:
    """A path as a person would type it: relative to the working folder when inside it."""
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return path.as_posix()
