"""Decks from spreadsheets: a CSV file or an XLSX sheet loads to the same cards as YAML,
each cell converted to its field's type, and every problem names the file, the sheet,
the row and the column."""

from __future__ import annotations

import csv
import datetime
import io
import zipfile
from pathlib import Path
from typing import Any

import pytest
from openpyxl import Workbook

from pnp.catalog import CatalogError, Problem, load_catalog
from pnp.catalog.limits import Limits
from tests.catalog.spell_game import SPELLS, SPELLS_CSV, spell_game
from tests.conftest import CARDS, problems_of


def cards_of(root: Path, game: str = "spells", deck: str = "spells") -> tuple[Any, ...]:
    return load_catalog(root).game(game).deck(deck).cards


def write_xlsx(path: Path, sheets: dict[str, list[list[Any]]]) -> None:
    workbook = Workbook()
    workbook.remove(workbook.active)  # type: ignore[arg-type]
    for title, rows in sheets.items():
        sheet = workbook.create_sheet(title)
        for row in rows:
            sheet.append(row)
    workbook.save(path)


def csv_rows(text: str) -> list[list[Any]]:
    return [[cell if cell != "" else None for cell in row] for row in csv.reader(io.StringIO(text))]


@pytest.fixture
def yaml_cards(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, ...]:
    """The spells of the YAML deck, loaded from a folder of their own."""
    root = tmp_path_factory.mktemp("yaml")
    spell_game(root)
    return cards_of(root)


def test_a_csv_deck_loads_the_same_cards_as_yaml(tmp_path: Path, yaml_cards: Any) -> None:
    spell_game(tmp_path, SPELLS_CSV, "spells.csv")
    cards = cards_of(tmp_path)
    assert cards == yaml_cards
    assert cards[1].rare is True and cards[1].power == 1.5 and cards[2].icons == ("wind", "wind")


def test_byte_order_mark_empty_rows_windows_line_ends_and_semicolons(
    tmp_path: Path, yaml_cards: Any
) -> None:
    header, *rows = SPELLS_CSV.splitlines()
    text = "\r\n".join([header, "", rows[0], ",,,,,,,,,,", rows[1], "   ", rows[2]]) + "\r\n"
    folder = spell_game(tmp_path, "", "spells.csv")
    (folder / "spells.csv").write_bytes(b"\xef\xbb\xbf" + text.encode())
    assert cards_of(tmp_path) == yaml_cards
    semicolons = "\n".join(
        ";".join(row) for row in csv.reader(io.StringIO(SPELLS_CSV.replace('"wind, wind"', "x")))
    ).replace(";x;", ';"wind, wind";')
    (folder / "spells.csv").write_text(semicolons)
    assert cards_of(tmp_path) == yaml_cards


def test_a_count_column_where_copies_differ_and_cells_read_as_their_types(
    tmp_path: Path,
) -> None:
    text = (
        "id,name,cost,count,rare,power,effect\n"
        'a,A, 3 ,3,TRUE,2,"Two lines:\nthe second."\n'
        "b,B,+4,,No,0.5,\n"
    )
    spell_game(tmp_path, text, "spells.csv")
    first, second = cards_of(tmp_path)
    assert (first.cost, first.count, first.rare, first.power) == (3, 3, True, 2.0)
    assert first.effect == "Two lines:\nthe second."
    assert (second.cost, second.count, second.rare, second.power) == (4, 1, False, 0.5)


def sheet_problems(tmp_path: Path, text: str, file: str = "spells.csv") -> list[str]:
    """Each problem as printed, less the folder."""
    spell_game(tmp_path, text, file)
    return [str(problem).split("spells/", 1)[1] for problem in problems_of(tmp_path)]


def test_bad_cells_are_named_by_row_and_column(tmp_path: Path) -> None:
    text = (
        "id,name,cost,school,rare,power,icons,count\n"
        "a,A,lots,fire,maybe,x,hit,2\n"
        'b,B,11,earth,yes,3,"Hit, ok",1.5\n'
    )
    assert sheet_problems(tmp_path, text) == [
        "spells.csv: row 2, column C (cost): spell 'a': expected an integer from 0 to 10, "
        "got 'lots'",
        "spells.csv: row 2, column E (rare): spell 'a': expected yes or no (or true or false), "
        "got 'maybe'",
        "spells.csv: row 2, column F (power): spell 'a': expected a number from 0 to 2.5, got 'x'",
        "spells.csv: row 3, column C (cost): spell 'b': must be at most 10, got 11",
        "spells.csv: row 3, column D (school): spell 'b': expected one of 'fire', 'water' or "
        "'air', got 'earth'",
        "spells.csv: row 3, column F (power): spell 'b': must be at most 2.5, got 3.0",
        "spells.csv: row 3, column G (icons): spell 'b': icons[0]: expected an id of lowercase "
        "letters, digits and hyphens (like 'bar-stool'), got 'Hit'",
        "spells.csv: row 3, column H (count): spell 'b': expected an integer from 1, got '1.5'",
    ]


def test_unknown_duplicate_nameless_and_missing_columns(tmp_path: Path) -> None:
    text = "id,Name,cost,cots,cost,,zzz\na,A,1,,,,\nb,B,2,,,stray,\n"
    found = sheet_problems(tmp_path, text)
    with pytest.raises(CatalogError) as caught:
        load_catalog(tmp_path)
    assert len(caught.value.notes) == 1 and "fields of spell: name (text" in caught.value.notes[0]
    assert found == [
        "spells.csv: row 1: no column 'name'; every spell needs one (a required field)",
        "spells.csv: row 1, column B: unknown column 'Name' (did you mean 'name'?)",
        "spells.csv: row 1, column D: unknown column 'cots' (did you mean 'cost'?)",
        "spells.csv: row 1, column E: column 'cost' is also column C; each field has one column",
        "spells.csv: row 1, column G: unknown column 'zzz' (the fields: id, count, name, cost, "
        "school, effect, icons, art, tint, rare, power)",
        "spells.csv: row 3, column F: spell 'b': holds 'stray' in a column that has no name in "
        "row 1",
    ]


def test_an_image_and_a_duplicate_id_in_a_sheet(tmp_path: Path) -> None:
    text = "id,name,cost,art\na,A,1,art/fire.png\nb,B,2,art/none.png\na,C,3,\n"
    assert sheet_problems(tmp_path, text) == [
        "spells.csv: row 3, column D (art): spell 'b': art/none.png does not exist in the game "
        "folder",
        "spells.csv: row 4, column A (id): spell 'a': duplicate id; already used at "
        f"{tmp_path.as_posix()}/spells/spells.csv, row 2",
    ]


def test_a_sheet_problem_keeps_its_fields_and_sorts_by_row(tmp_path: Path) -> None:
    spell_game(tmp_path, "id,name,cost\nb,B,x\na,A,\n", "spells.csv")
    problems = problems_of(tmp_path)
    assert [(p.line, p.record, p.field, p.place) for p in problems] == [
        (2, "spell 'b'", "cost", "row 2, column C (cost)"),
        (3, "spell 'a'", "cost", "row 3, column C (cost)"),
    ]
    assert str(problems[1]).endswith(
        "spells.csv: row 3, column C (cost): spell 'a': missing (this field is required)"
    )
    spell_game(tmp_path, "id,name\nb,B\nc,C\n", "spells.csv")
    (problem,) = problems_of(tmp_path)  # once, not on every row
    assert str(problem).endswith(
        "spells.csv: row 1: no column 'cost'; every spell needs one (a required field)"
    )
    assert Problem("f.yaml", 3, "card 'x'", "cost", "m").__str__() == "f.yaml:3: card 'x': cost: m"


def test_whole_file_problems_of_a_csv(tmp_path: Path) -> None:
    assert sheet_problems(tmp_path, "") == [
        "spells.csv: holds no rows; the first row names the columns, each row under it is a card"
    ]
    assert sheet_problems(tmp_path, "id,name,cost\n") == [
        "spells.csv: row 1: holds no cards under its header row"
    ]
    folder = tmp_path / "spells"
    (folder / "spells.csv").write_bytes(b"id,name,cost\na,Caf\xe9,1\n")
    assert [str(p).split("spells/", 1)[1] for p in problems_of(tmp_path)] == [
        "spells.csv: not UTF-8 text (byte 18 cannot be decoded, on line 2); save the file as "
        "CSV UTF-8"
    ]
    (folder / "spells.csv").write_text('id,name,cost\na,"A\x07",1\n')
    assert [str(p).split("spells/", 1)[1] for p in problems_of(tmp_path)] == [
        "spells.csv: row 2, column B: holds U+0007 a control character; card data is plain "
        "text (a line break is the only control character allowed)"
    ]


def test_rows_and_columns_are_bounded(tmp_path: Path) -> None:
    rows = "".join(f"c{n},C,1\n" for n in range(5))
    spell_game(tmp_path, "id,name,cost\n" + rows, "spells.csv", count=5)
    with pytest.raises(CatalogError) as caught:
        load_catalog(tmp_path, limits=Limits(records=4))
    assert [p.message for p in caught.value.problems] == [
        "more than 4 cards; at most 4 are allowed in one file"
    ]
    assert caught.value.problems[0].place == "row 6"
    with pytest.raises(CatalogError) as caught:
        load_catalog(tmp_path, limits=Limits(columns=2))
    assert [p.message for p in caught.value.problems] == [
        "has a value in column C; at most 2 columns are allowed"
    ]
    spell_game(tmp_path, "id,name,cost\n" + "a,A," + "9" * 5000 + "\n", "spells.csv", count=1)
    (problem,) = problems_of(tmp_path)
    assert problem.message == "a value of 5,000 characters; at most 4,000 are allowed"


def test_a_sheet_key_belongs_to_an_xlsx_file(tmp_path: Path) -> None:
    folder = spell_game(tmp_path, SPELLS_CSV, "spells.csv")
    game = folder / "game.yaml"
    game.write_text(game.read_text().replace("kind: spell", "kind: spell\n    sheet: Cards"))
    (problem,) = problems_of(tmp_path)
    assert (problem.field, problem.message) == (
        "decks.spells.sheet",
        "names a sheet, but spells.csv is no XLSX workbook",
    )


# --- XLSX ---------------------------------------------------------------------------------


def xlsx_game(
    tmp_path: Path, sheets: dict[str, list[list[Any]]], sheet: str | None = None, count: int = 4
) -> Path:
    folder = spell_game(tmp_path, "", "spells.xlsx", count)
    (folder / "spells.xlsx").unlink()
    write_xlsx(folder / "spells.xlsx", sheets)
    if sheet is not None:
        game = folder / "game.yaml"
        game.write_text(game.read_text().replace("kind: spell", f"kind: spell\n    sheet: {sheet}"))
    return folder


def test_an_xlsx_deck_loads_the_first_sheet_or_the_named_one(
    tmp_path: Path, yaml_cards: Any
) -> None:
    rows = csv_rows(SPELLS_CSV)
    xlsx_game(tmp_path, {"Cards": rows, "Other": [["id"], ["x"]]})
    assert cards_of(tmp_path) == yaml_cards
    xlsx_game(tmp_path, {"Notes": [["anything"]], "Cards": rows}, sheet="Cards")
    assert cards_of(tmp_path) == yaml_cards


def test_xlsx_cells_keep_their_types(tmp_path: Path) -> None:
    rows: list[list[Any]] = [
        ["id", "name", "cost", "rare", "power", "count", "effect"],
        ["a", "A", 3, True, 1, 2.0, 5],
        ["b", "B", 4.0, "no", 2.5, None, 1.5],
    ]
    xlsx_game(tmp_path, {"Cards": rows}, count=3)
    first, second = cards_of(tmp_path)
    assert (first.cost, first.rare, first.power, first.count, first.effect) == (
        3, True, 1.0, 2, "5",
    )  # fmt: skip
    assert (second.cost, second.rare, second.power, second.count, second.effect) == (
        4, False, 2.5, 1, "1.5",
    )  # fmt: skip


def test_xlsx_problems_name_the_sheet_row_and_column(tmp_path: Path) -> None:
    rows: list[list[Any]] = [
        ["id", "name", "cost", "effect", "rare"],
        ["a", "A", 3.5, datetime.datetime(2024, 1, 2), 1],
        ["b", "B", "lots", "fine", None],
    ]
    xlsx_game(tmp_path, {"Cards": rows})
    assert [str(p).split("spells/", 1)[1] for p in problems_of(tmp_path)] == [
        "spells.xlsx: sheet 'Cards', row 2, column C (cost): spell 'a': expected an integer "
        "from 0 to 10, got 3.5",
        "spells.xlsx: sheet 'Cards', row 2, column D (effect): spell 'a': expected text, got a "
        "date or time (2024-01-02 00:00:00); format the column as text",
        "spells.xlsx: sheet 'Cards', row 2, column E (rare): spell 'a': expected yes or no (or "
        "true or false), got 1",
        "spells.xlsx: sheet 'Cards', row 3, column C (cost): spell 'b': expected an integer "
        "from 0 to 10, got 'lots'",
    ]


def test_a_missing_sheet_is_named_with_the_sheets_there_are(tmp_path: Path) -> None:
    xlsx_game(tmp_path, {"Notes": [["x"]], "Cards": [["id"]]}, sheet="Spells")
    (problem,) = problems_of(tmp_path)
    assert problem.file.endswith("spells.xlsx")
    assert problem.message == "has no sheet 'Spells'; its sheets: 'Notes', 'Cards'"


def rezip(source: Path, target: Path, extra: dict[str, bytes]) -> None:
    """``source`` written again as ``target``, with the parts ``extra`` added or replaced."""
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w") as new:
        for item in old.infolist():
            if item.filename not in extra:
                new.writestr(item, old.read(item.filename))
        for name, data in extra.items():
            new.writestr(name, data)


@pytest.mark.probe
def test_workbooks_that_are_not_plain_xlsx_are_refused(tmp_path: Path) -> None:
    folder = xlsx_game(tmp_path, {"Cards": csv_rows(SPELLS_CSV)})
    workbook = folder / "spells.xlsx"
    plain = tmp_path / "plain.xlsx"
    workbook.rename(plain)

    def message() -> str:
        (problem,) = problems_of(tmp_path)
        assert problem.file.endswith("spells.xlsx") and problem.line == 0
        return problem.message

    rezip(plain, workbook, {"xl/vbaProject.bin": b"macros"})
    assert message() == "holds macros; save it as a plain Excel workbook (.xlsx) without them"
    workbook.write_text(SPELLS_CSV)
    assert message().startswith("is not an XLSX workbook (an older .xls file, or another format?)")
    with zipfile.ZipFile(workbook, "w") as archive:
        archive.writestr("readme.txt", "hello")
    assert message() == "is a zip file but no XLSX workbook"
    with zipfile.ZipFile(workbook, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/worksheets/sheet1.xml", b" " * (9 * 1024 * 1024))
    assert message() == "unpacks to 9,216 KiB; a workbook may unpack to at most 8,192 KiB"
    rezip(plain, workbook, {"xl/worksheets/sheet1.xml": b"<broken"})
    assert message().startswith("cannot be read as an XLSX workbook: ")


@pytest.mark.probe
def test_xml_entities_in_a_workbook_are_refused(tmp_path: Path) -> None:
    folder = xlsx_game(tmp_path, {"Cards": csv_rows(SPELLS_CSV)})
    workbook = folder / "spells.xlsx"
    plain = tmp_path / "plain.xlsx"
    workbook.rename(plain)
    with zipfile.ZipFile(plain) as old:
        sheet = old.read("xl/worksheets/sheet1.xml")
    bomb = b'<!DOCTYPE w [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]>'
    rezip(plain, workbook, {"xl/worksheets/sheet1.xml": bomb + sheet.replace(b">A<", b">&b;<")})
    (problem,) = problems_of(tmp_path)
    assert problem.message == (
        "cannot be read as an XLSX workbook: it declares XML entities or a DTD, which no "
        "workbook needs"
    )


# --- built-in kinds ------------------------------------------------------------------------


def bout_copy(tmp_path: Path) -> tuple[Path, tuple[Any, ...]]:
    import shutil

    root = tmp_path / "cards"
    shutil.copytree(CARDS / "chin-music", root / "chin-music")
    cards = load_catalog(root).game("chin-music").deck("bout").cards
    (root / "chin-music" / "bout.yaml").unlink()
    return root, cards


def use_file(root: Path, name: str) -> None:
    game = root / "chin-music" / "game.yaml"
    game.write_text(game.read_text().replace("file: bout.yaml", f"file: {name}"))


def test_a_built_in_kind_from_csv_is_exactly_the_yaml_deck(tmp_path: Path) -> None:
    root, expected = bout_copy(tmp_path)
    lines = ["id,word,ruffians,boast"] + [
        f'{card.id},"{card.word}",{card.ruffians},{card.boast}' for card in expected
    ]
    (root / "chin-music" / "bout.csv").write_text("\n".join(lines) + "\n")
    use_file(root, "bout.csv")
    cards = cards_of(root, "chin-music", "bout")
    assert cards == expected
    assert [card.describe() for card in cards] == [card.describe() for card in expected]


def test_a_built_in_kind_from_xlsx_is_exactly_the_yaml_deck(tmp_path: Path) -> None:
    root, expected = bout_copy(tmp_path)
    rows = [["id", "word", "boast", "ruffians"]]
    rows += [[card.id, card.word, card.boast, card.ruffians] for card in expected]
    write_xlsx(root / "chin-music" / "bout.xlsx", {"Bout": rows})
    use_file(root, "bout.xlsx")
    assert cards_of(root, "chin-music", "bout") == expected


def test_a_nested_field_cannot_come_from_a_cell(tmp_path: Path) -> None:
    import shutil

    root = tmp_path / "cards"
    shutil.copytree(CARDS / "joes-bar", root / "joes-bar")
    game = root / "joes-bar" / "game.yaml"
    game.write_text(game.read_text().replace("file: patron.yaml", "file: patron.csv"))
    (root / "joes-bar" / "patron.csv").write_text("id,name,trait\nx,X,strong\n")
    messages = [(p.file.rsplit("/", 1)[-1], p.message) for p in problems_of(root)]
    assert ("patron.csv", "'trait' holds a nested record, which one cell cannot; keep this deck "
            "in YAML") in messages  # fmt: skip


def test_the_deck_file_is_a_yaml_csv_or_xlsx_file_and_no_special_file(tmp_path: Path) -> None:
    for name in ("spells.ods", "kinds.yaml", "spells.CSV"):
        folder = spell_game(tmp_path, SPELLS)
        game = folder / "game.yaml"
        game.write_text(game.read_text().replace("file: spells.yaml", f"file: {name}"))
        messages = {p.message for p in problems_of(tmp_path) if p.field == "decks.spells.file"}
        expected = (
            f"{name} is a file of its own in a game folder; name this list's file otherwise"
            if name == "kinds.yaml"
            else f"expected a .yaml, .csv or .xlsx file name in this folder, got {name!r}"
        )
        assert messages == {expected}
