"""Reading a spreadsheet deck (CSV or XLSX) into a grid of cells, refusing what no card
list should be.

A CSV file is UTF-8 text (a byte-order mark is allowed, as spreadsheet programs write
one), cells separated by commas, or by semicolons or tabs when the first row has no
comma. An XLSX workbook is read with openpyxl in read-only mode, values only (a formula
gives the value the spreadsheet program saved); ``sheet`` names the sheet to read, by
default the first. Before openpyxl opens it, the workbook is checked as the zip file it
is: a workbook with macros, one that unpacks to more than the limits allow or that is
no workbook at all is refused with one sentence.

Rows are numbered as a spreadsheet program numbers them (the first is 1), whatever the
line breaks inside quoted CSV cells. Empty rows are left out. Each text cell is checked
like a YAML text value (length, control characters).
"""

from __future__ import annotations

import csv
import io
import stat
import warnings
import zipfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnp.catalog.limits import KIB, Limits
from pnp.catalog.yamlguard import bad_characters, character_name

#: The spreadsheet file names a deck may have.
SHEET_SUFFIXES = (".csv", ".xlsx")


@dataclass(frozen=True)
class Row:
    """A non-empty row: its number in the sheet and its cells (None where empty)."""

    number: int
    cells: tuple[Any, ...]


@dataclass(frozen=True)
class Grid:
    """A sheet's rows that hold anything. ``sheet`` is the XLSX sheet's name (None in a CSV)."""

    sheet: str | None
    rows: tuple[Row, ...]


@dataclass(frozen=True)
class SheetFinding:
    """A problem that stops a spreadsheet from being read: the row (0 for the whole
    file), the place in words (``sheet 'Cards', row 3``; empty for the whole file) and a
    sentence."""

    row: int
    place: str
    message: str


class SheetReadError(Exception):
    def __init__(self, findings: Iterable[SheetFinding]) -> None:
        self.findings = tuple(findings)
        super().__init__("; ".join(finding.message for finding in self.findings))


def column_letter(index: int) -> str:
    """0 → ``A``, 25 → ``Z``, 26 → ``AA``."""
    letters = ""
    index += 1
    while index:
        index, remainder = divmod(index - 1, 26)
        letters = chr(ord("A") + remainder) + letters
    return letters


def row_place(sheet: str | None, row: int) -> str:
    """``sheet 'Cards', row 12`` (``row 12`` in a CSV)."""
    return f"sheet {sheet!r}, row {row}" if sheet is not None else f"row {row}"


def read_grid(path: Path, limits: Limits, sheet: str | None = None) -> Grid:
    """The rows of the CSV file or XLSX sheet at ``path``; raises :class:`SheetReadError`."""
    raw = _read_bytes(path, limits)
    if path.suffix.lower() == ".csv":
        return Grid(None, tuple(_bounded(_csv_rows(raw), None, limits)))
    return _xlsx_grid(path, raw, sheet, limits)


def _whole(message: str) -> SheetReadError:
    return SheetReadError([SheetFinding(0, "", message)])


def _read_bytes(path: Path, limits: Limits) -> bytes:
    try:
        status = path.stat()
        if not stat.S_ISREG(status.st_mode):
            raise _whole("is not a regular file")
        if status.st_size > limits.file_bytes:
            raise _whole(_too_large(status.st_size, limits))
        with path.open("rb") as stream:
            raw = stream.read(limits.file_bytes + 1)
    except OSError as error:
        raise _whole(f"cannot be read: {error.strerror or error}") from None
    if len(raw) > limits.file_bytes:
        raise _whole(_too_large(len(raw), limits))
    return raw


def _too_large(size: int, limits: Limits) -> str:
    return (
        f"has {size / KIB:,.0f} KiB; a card data file may have at most "
        f"{limits.file_bytes / KIB:,.0f} KiB"
    )


def _csv_rows(raw: bytes) -> Iterator[Row]:
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = raw.count(b"\n", 0, error.start) + 1
        raise _whole(
            f"not UTF-8 text (byte {error.start} cannot be decoded, on line {line}); "
            "save the file as CSV UTF-8"
        ) from None
    first = text.split("\n", 1)[0]
    delimiter = ","
    if "," not in first:
        delimiter = ";" if ";" in first else "\t" if "\t" in first else ","
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    number = 0
    try:
        for cells in reader:
            number += 1
            yield Row(number, tuple(cell.replace("\r\n", "\n") for cell in cells))
    except csv.Error as error:
        raise SheetReadError(
            [SheetFinding(number + 1, row_place(None, number + 1), f"not valid CSV: {error}")]
        ) from None


def _bounded(rows: Iterable[Row], sheet: str | None, limits: Limits) -> Iterator[Row]:
    """The rows that hold anything, each checked; stops past the limits."""
    kept = 0
    for row in rows:
        cells = tuple(_blank_to_none(cell) for cell in row.cells)
        while cells and cells[-1] is None:
            cells = cells[:-1]
        if not cells:
            continue
        place = row_place(sheet, row.number)
        if len(cells) > limits.columns:
            raise SheetReadError(
                [
                    SheetFinding(
                        row.number,
                        place,
                        f"has a value in column "
                        f"{column_letter(len(cells) - 1)}; at most {limits.columns} "
                        "columns are allowed",
                    )
                ]
            )
        kept += 1
        if kept > limits.records + 1:  # the header row and the cards
            raise SheetReadError(
                [
                    SheetFinding(
                        row.number,
                        place,
                        f"more than {limits.records:,} cards; at "
                        f"most {limits.records:,} are allowed in one file",
                    )
                ]
            )
        problems = [
            SheetFinding(row.number, f"{place}, column {column_letter(index)}", message)
            for index, cell in enumerate(cells)
            if isinstance(cell, str) and (message := _text_problem(cell, limits))
        ]
        if problems:
            raise SheetReadError(problems)
        yield Row(row.number, cells)


def _blank_to_none(cell: Any) -> Any:
    if isinstance(cell, str):
        cell = cell.strip()
        return cell or None
    return cell


def _text_problem(text: str, limits: Limits) -> str:
    if len(text) > limits.text_characters:
        return (
            f"a value of {len(text):,} characters; at most {limits.text_characters:,} are allowed"
        )
    bad = bad_characters(text)
    if bad:
        names = ", ".join(character_name(character) for character in bad)
        return (
            f"holds {names}; card data is plain text (a line break is the only control "
            "character allowed)"
        )
    return ""


def _check_workbook(raw: bytes, limits: Limits) -> None:
    """Refuse what is no plain XLSX workbook, or unpacks to too much, before reading it."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(raw))
    except (zipfile.BadZipFile, OSError, ValueError):
        raise _whole(
            "is not an XLSX workbook (an older .xls file, or another format?); "
            "save it as an Excel workbook (.xlsx) or as CSV UTF-8"
        ) from None
    with archive:
        parts = archive.infolist()
        names = {part.filename.lower() for part in parts}
        if any(name.endswith("vbaproject.bin") for name in names):
            raise _whole("holds macros; save it as a plain Excel workbook (.xlsx) without them")
        if len(parts) > limits.workbook_parts:
            raise _whole(
                f"holds {len(parts):,} files inside; an XLSX workbook may hold at most "
                f"{limits.workbook_parts:,}"
            )
        unpacked = sum(part.file_size for part in parts)
        if unpacked > limits.unpacked_bytes:
            raise _whole(
                f"unpacks to {unpacked / KIB:,.0f} KiB; a workbook may unpack to at most "
                f"{limits.unpacked_bytes / KIB:,.0f} KiB"
            )
        if "[content_types].xml" not in names or "xl/workbook.xml" not in names:
            raise _whole("is a zip file but no XLSX workbook")
        types = archive.read("[Content_Types].xml")
        if b"macroEnabled" in types:
            raise _whole("is a macro-enabled workbook; save it as a plain Excel workbook (.xlsx)")


def _xlsx_grid(path: Path, raw: bytes, sheet: str | None, limits: Limits) -> Grid:
    _check_workbook(raw, limits)
    from openpyxl import load_workbook

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # openpyxl warns of features it leaves out
            workbook = load_workbook(
                io.BytesIO(raw), read_only=True, data_only=True, keep_links=False
            )
    except Exception as error:  # a damaged workbook fails in many ways inside openpyxl
        raise _whole(f"cannot be read as an XLSX workbook: {_reason(error)}") from None
    try:
        names = list(workbook.sheetnames)
        if sheet is None:
            worksheets = workbook.worksheets
            if not worksheets:
                raise _whole("has no worksheet")
            chosen = worksheets[0]
        elif sheet in names:
            chosen = workbook[sheet]
        else:
            known = ", ".join(repr(name) for name in names)
            raise _whole(f"has no sheet {sheet!r}; its sheets: {known}")
        title = str(chosen.title)
        if not hasattr(chosen, "iter_rows"):
            raise _whole(f"sheet {title!r} is a chart, not a table of cells")
        chosen.reset_dimensions()  # read every row, whatever size the file claims
        rows = (
            Row(number, tuple(cells))
            for number, cells in enumerate(
                chosen.iter_rows(max_col=limits.columns + 1, values_only=True), 1
            )
        )
        try:
            return Grid(title, tuple(_bounded(rows, title, limits)))
        except SheetReadError:
            raise
        except Exception as error:
            raise _whole(f"cannot be read as an XLSX workbook: {_reason(error)}") from None
    finally:
        workbook.close()


def _reason(error: BaseException) -> str:
    """Why openpyxl failed, in one line: the first of its message, or what defusedxml
    refused (openpyxl wraps it in an error of its own)."""
    cause: BaseException | None = error
    while cause is not None:
        if type(cause).__module__.startswith("defusedxml"):
            return "it declares XML entities or a DTD, which no workbook needs"
        cause = cause.__cause__ or cause.__context__
    text = (str(error).strip() or type(error).__name__).splitlines()[0]
    return text if len(text) <= 120 else text[:117] + "..."
