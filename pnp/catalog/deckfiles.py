"""Reading the records of a deck or table file: a YAML file's list under its one key
(``cards:`` or ``entries:``), or the rows of a CSV file or an XLSX sheet converted to the
kind's types (:mod:`pnp.catalog.cells`). Every problem goes to ``add`` with its place."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, Protocol

from pydantic import BaseModel

from pnp.catalog.cells import SheetRecords, records
from pnp.catalog.limits import Limits
from pnp.catalog.messages import shown
from pnp.catalog.sheets import SheetReadError, read_grid
from pnp.catalog.yamlguard import NAMED_KEYS, short
from pnp.catalog.yamlsource import PathKey, SourceMap, YamlReadError, read_yaml


class Add(Protocol):
    """Reports a problem: file, line, record, field path, message, and the place in a
    spreadsheet (row and column) when there is one."""

    def __call__(
        self, file: Path, line: int, record: str, path: PathKey, message: str, place: str = ""
    ) -> None: ...


def yaml_items(
    path: Path, list_key: str, limits: Limits, add: Add
) -> tuple[tuple[Any, ...], SourceMap] | None:
    """The records of a YAML deck or table file: the list under its one key."""
    try:
        data, source = read_yaml(path, limits, (list_key,))
    except YamlReadError as error:
        for finding in error.findings:
            add(path, finding.line, "", (), finding.message)
        return None
    if not isinstance(data, Mapping) or list_key not in data:
        found = f"keys {', '.join(map(str, data))}" if isinstance(data, Mapping) else shown(data)
        add(path, 1, "", (), f"expected one key, {list_key!r}, holding a list; found {found}")
        return None
    unknown = [key for key in data if key != list_key]
    for key in unknown[:NAMED_KEYS]:
        add(
            path,
            source.line_of((key,)),
            "",
            (),
            f"unknown key {short(str(key))}; this file holds one key, {list_key!r}",
        )
    if len(unknown) > NAMED_KEYS:
        more = len(unknown) - NAMED_KEYS
        line = source.line_of((unknown[NAMED_KEYS],))
        add(path, line, "", (), f"and {more:,} more unknown keys")
    items = data[list_key]
    if isinstance(items, tuple) and len(items) > limits.records:
        add(
            path,
            source.line_of((list_key,)),
            "",
            (list_key,),
            f"holds {len(items):,} records; at most {limits.records:,} are allowed in one file",
        )
        return None
    if not isinstance(items, tuple) or not items:
        add(
            path,
            source.line_of((list_key,)),
            "",
            (list_key,),
            f"expected a non-empty list, got {'an empty list' if items == () else shown(items)}",
        )
        return None
    return items, source


def sheet_items(
    path: Path,
    sheet: str | None,
    list_key: str,
    model: type[BaseModel],
    limits: Limits,
    add: Add,
) -> SheetRecords | None:
    """The records of a CSV or XLSX deck or table, their cells converted to the types of
    ``model``; None when the file cannot be read."""
    try:
        grid = read_grid(path, limits, sheet)
    except SheetReadError as error:
        for finding in error.findings:
            add(path, finding.row, "", (), finding.message, finding.place)
        return None
    found = records(grid, model, list_key, getattr(model, "noun", "entry"))
    for issue in found.issues:
        field = (issue.field,) if issue.field else ()
        add(path, issue.row, issue.record, field, issue.message, issue.place)
    return found
