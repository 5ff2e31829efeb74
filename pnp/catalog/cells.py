"""Turning a spreadsheet's rows into card records of a kind, cell by cell.

The first row names the columns: each is a field of the kind (``id``, ``count`` and
the kind's own). Every other row is a card; an empty cell is a field not given. A cell's
text is converted to the type of its field, read from the kind's model, so that built-in
kinds and kinds declared in data read the same way:

- text stays text (an XLSX number in a text column is written as it shows: ``5``);
- an integer from ``3`` (a CSV's text, or an XLSX number that is whole);
- a number from ``2.5``;
- yes or no from ``yes``, ``no``, ``true``, ``false`` (any case), or an XLSX TRUE/FALSE;
- a list (icons) from one cell, its items separated by commas: ``hit, hit, reach``.

A cell that cannot be converted is a located problem (:class:`SheetIssue`) and its field
is left out of the record, so that validation does not report it a second time as
missing (:attr:`SheetRecords.skipped`). What the model then finds wrong is located by
:class:`SheetMap`, which turns a path inside the records into the row and column.
"""

from __future__ import annotations

import datetime
import difflib
import re
import types
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from annotated_types import Ge, Gt, Le, Lt
from pydantic import BaseModel
from pydantic.fields import FieldInfo

from pnp.catalog.messages import shown
from pnp.catalog.sheets import Grid, column_letter, row_place
from pnp.catalog.yamlsource import PathKey

_INTEGER = re.compile(r"^[+-]?\d+$")
_TRUE = frozenset({"yes", "true"})
_FALSE = frozenset({"no", "false"})


@dataclass(frozen=True)
class SheetIssue:
    """A problem found while reading the cells: the row, the place, the record's name
    (empty for the header row), the field and a sentence."""

    row: int
    place: str
    record: str
    field: str
    message: str


@dataclass(frozen=True)
class SheetMap:
    """Where each record and field of a spreadsheet stood: paths such as
    ``("cards", 3, "cost")`` to rows and columns."""

    sheet: str | None
    header_row: int
    rows: tuple[int, ...]
    columns: dict[str, int]

    def line_of(self, path: PathKey) -> int:
        """The row of the record the path is in (the header row for the whole file)."""
        if len(path) >= 2 and isinstance(path[1], int) and 0 <= path[1] < len(self.rows):
            return self.rows[path[1]]
        return self.header_row

    def place_of(self, path: PathKey) -> str:
        """``sheet 'Cards', row 12, column C (cost)``, as much of it as the path says."""
        if len(path) < 2 or not isinstance(path[1], int):
            return f"sheet {self.sheet!r}" if self.sheet is not None else ""
        place = row_place(self.sheet, self.line_of(path))
        if len(path) >= 3 and str(path[2]) in self.columns:
            name = str(path[2])
            place += f", column {column_letter(self.columns[name])} ({name})"
        return place


@dataclass(frozen=True)
class SheetRecords:
    """The records of a sheet, where they stood, what went wrong reading the cells,
    and the fields of each record that were left out because of it."""

    items: tuple[dict[str, Any], ...]
    source: SheetMap
    issues: tuple[SheetIssue, ...]
    skipped: dict[int, set[str]] = field(default_factory=dict)


def records(grid: Grid, model: type[BaseModel], list_key: str, noun: str) -> SheetRecords:
    """The records of ``grid`` for cards (or entries) of ``model``."""
    if not grid.rows:
        where = f"sheet {grid.sheet!r}" if grid.sheet is not None else ""
        message = "holds no rows; the first row names the columns, each row under it is a card"
        return SheetRecords(
            (), SheetMap(grid.sheet, 0, (), {}), (SheetIssue(0, where, "", "", message),)
        )
    header, *rows = grid.rows
    issues: list[SheetIssue] = []
    if not rows:
        place = row_place(grid.sheet, header.number)
        message = "holds no cards under its header row"
        if list_key != "cards":
            message = "holds no entries under its header row"
        issues.append(SheetIssue(header.number, place, "", "", message))
    columns = _columns(grid, model, issues)
    convert = {name: _converter(model.model_fields[name]) for name in columns}
    named = {index for index, cell in enumerate(header.cells) if cell is not None}
    skipped: dict[int, set[str]] = {}
    items: list[dict[str, Any]] = []
    for index, row in enumerate(rows):
        item: dict[str, Any] = {}
        record = _record_name(row.cells, columns.get("id"), noun, index)
        for name, column in columns.items():
            cell = row.cells[column] if column < len(row.cells) else None
            if cell is None:
                continue
            try:
                item[name] = convert[name](cell)
            except ValueError as error:
                skipped.setdefault(index, set()).add(name)
                place = (
                    f"{row_place(grid.sheet, row.number)}, column {column_letter(column)} ({name})"
                )
                issues.append(SheetIssue(row.number, place, record, name, str(error)))
        for column in range(len(row.cells)):
            if column not in named and row.cells[column] is not None:
                place = f"{row_place(grid.sheet, row.number)}, column {column_letter(column)}"
                value = shown(row.cells[column])
                message = f"holds {value} in a column that has no name in row {header.number}"
                issues.append(SheetIssue(row.number, place, record, "", message))
                break
        items.append(item)
    missing = [
        name
        for name, info in model.model_fields.items()
        if info.is_required() and name not in columns
    ]
    for name in missing:
        place = row_place(grid.sheet, header.number)
        message = f"no column {name!r}; every {noun} needs one (a required field)"
        issues.append(SheetIssue(header.number, place, "", "", message))
        for index in range(len(rows)):
            skipped.setdefault(index, set()).add(name)
    source = SheetMap(grid.sheet, header.number, tuple(row.number for row in rows), columns)
    return SheetRecords(tuple(items), source, tuple(issues), skipped)


def _record_name(cells: tuple[Any, ...], column: int | None, noun: str, index: int) -> str:
    value = cells[column] if column is not None and column < len(cells) else None
    if isinstance(value, str) and value:
        return f"{noun} {value!r}"
    return f"{noun} #{index + 1}"


def _columns(grid: Grid, model: type[BaseModel], issues: list[SheetIssue]) -> dict[str, int]:
    """The fields named by the header row, by column; problems of the header in ``issues``."""
    header = grid.rows[0]
    known = list(model.model_fields)
    columns: dict[str, int] = {}
    for index, cell in enumerate(header.cells):
        place = f"{row_place(grid.sheet, header.number)}, column {column_letter(index)}"
        if cell is None:
            continue
        name = cell if isinstance(cell, str) else None
        if name is None:
            message = f"a column's name must be a field name, got {shown(cell)}"
        elif name in columns:
            earlier = column_letter(columns[name])
            message = f"column {name!r} is also column {earlier}; each field has one column"
        elif name not in known:
            message = f"unknown column {name!r}{_hint(name, known)}"
        else:
            shape = _shape(model.model_fields[name].annotation)
            if shape == "nested":
                message = (f"{name!r} holds a nested record, which one cell cannot; "
                           "keep this deck in YAML")  # fmt: skip
            else:
                columns[name] = index
                continue
        issues.append(SheetIssue(header.number, place, "", "", message))
    return columns


def _hint(name: str, known: list[str]) -> str:
    folded = {field.casefold(): field for field in known}
    close = [folded[name.casefold()]] if name.casefold() in folded else []
    close = close or difflib.get_close_matches(name, known, n=1, cutoff=0.6)
    if close:
        return f" (did you mean {close[0]!r}?)"
    return f" (the fields: {', '.join(known)})"


# --- converting one cell ------------------------------------------------------------------


def _members(annotation: Any) -> list[Any]:
    """The types a value may have: Annotated and Optional unwrapped, a union spread."""
    origin = get_origin(annotation)
    if origin is Annotated:
        return _members(get_args(annotation)[0])
    if origin is Union or origin is types.UnionType:
        return [m for a in get_args(annotation) for m in _members(a) if m is not type(None)]
    if origin is Literal:
        return list({type(value) for value in get_args(annotation)})
    return [annotation]


def _shape(annotation: Any) -> str:
    """``text``, ``integer``, ``number``, ``boolean``, ``list`` or ``nested``."""
    members = _members(annotation)
    if any(get_origin(member) in (tuple, list) for member in members):
        return "list"
    for shape, kind in (("text", str), ("boolean", bool), ("integer", int), ("number", float)):
        if kind in members:
            return shape
    return "nested"


def _bounds(info: FieldInfo | Any) -> str:
    """`` from 0 to 10``, `` from 1``, `` up to 9`` or nothing, from the field's constraints."""
    metadata = list(getattr(info, "metadata", ()))
    annotation = getattr(info, "annotation", info)
    for member in [annotation, *get_args(annotation)]:
        if get_origin(member) is Annotated:
            for extra in get_args(member)[1:]:
                metadata.extend(getattr(extra, "metadata", [extra]))
    low = high = None
    for item in metadata:
        low = item.ge if isinstance(item, Ge) else item.gt if isinstance(item, Gt) else low
        high = item.le if isinstance(item, Le) else item.lt if isinstance(item, Lt) else high
    if low is not None and high is not None:
        return f" from {_figure(low)} to {_figure(high)}"
    if low is not None:
        return f" from {_figure(low)}"
    return f" up to {_figure(high)}" if high is not None else ""


def _figure(value: Any) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def _converter(info: FieldInfo) -> Callable[[Any], Any]:
    annotation = info.annotation
    shape = _shape(annotation)
    if shape == "list":
        inner = next(m for m in _members(annotation) if get_origin(m) in (tuple, list))
        item = _single(_shape(get_args(inner)[0]), "")
        return lambda cell: _list(cell, item)
    return _single(shape, _bounds(info))


def _single(shape: str, bounds: str) -> Callable[[Any], Any]:
    def convert(cell: Any) -> Any:
        if isinstance(cell, (datetime.date, datetime.time, datetime.timedelta)):
            raise ValueError(
                f"expected {_expected(shape, bounds)}, got a date or time ({cell}); "
                "format the column as text"
            )
        if shape == "text":
            return _as_text(cell)
        if shape == "boolean":
            return _as_boolean(cell)
        if shape == "integer":
            return _as_integer(cell, bounds)
        return _as_number(cell, bounds)

    return convert


def _expected(shape: str, bounds: str) -> str:
    return {
        "text": "text",
        "boolean": "yes or no",
        "integer": f"an integer{bounds}",
        "number": f"a number{bounds}",
    }.get(shape, "a value")


def _as_text(cell: Any) -> str:
    if isinstance(cell, bool):
        raise ValueError(f"expected text, got a true or false cell ({cell}); write the words")
    if isinstance(cell, float):
        return f"{cell:g}" if cell.is_integer() and abs(cell) < 1e15 else repr(cell)
    return str(cell)


def _as_boolean(cell: Any) -> bool:
    if isinstance(cell, bool):
        return cell
    text = str(cell).casefold()
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    raise ValueError(f"expected yes or no (or true or false), got {shown(cell)}")


def _as_integer(cell: Any, bounds: str) -> int:
    if isinstance(cell, bool):
        raise ValueError(f"expected an integer{bounds}, got {shown(cell)}")
    if isinstance(cell, int):
        return cell
    if isinstance(cell, float) and cell.is_integer():
        return int(cell)
    if isinstance(cell, str) and _INTEGER.match(cell) and len(cell) <= 30:
        return int(cell)
    raise ValueError(f"expected an integer{bounds}, got {shown(cell)}")


def _as_number(cell: Any, bounds: str) -> float:
    if isinstance(cell, (int, float)) and not isinstance(cell, bool):
        return float(cell)
    try:
        number = float(cell) if isinstance(cell, str) and len(cell) <= 40 else None
    except ValueError:
        number = None
    if number is None or number != number or number in (float("inf"), float("-inf")):
        raise ValueError(f"expected a number{bounds}, got {shown(cell)}")
    return number


def _list(cell: Any, item: Callable[[Any], Any]) -> tuple[Any, ...]:
    parts = [part.strip() for part in _as_text(cell).split(",")]
    return tuple(item(part) for part in parts if part)
