"""Load a cards folder, check everything, and report every problem at once."""

from __future__ import annotations

import difflib
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from pydantic import ValidationError

from pnp.catalog import schemas  # noqa: F401  (registers every deck and table kind)
from pnp.catalog.base import DECK_KINDS, TABLE_KINDS, Card, DeckContext, Kind, Model, TableRow
from pnp.catalog.checks import GAME_KIND, RecordCheck
from pnp.catalog.errors import CatalogError, Problem, display_path
from pnp.catalog.folders import game_folders, pages_folder, yaml_files
from pnp.catalog.game import DeckSpec, GameSpec, TableSpec
from pnp.catalog.glossary import GLOSSARY_FILE, GlossaryTerm, load_glossary
from pnp.catalog.limits import LIMITS, Limits
from pnp.catalog.look import cover_problems
from pnp.catalog.messages import field_errors, field_text, shown
from pnp.catalog.model import Catalog, Deck, Game, Table
from pnp.catalog.yamlguard import NAMED_KEYS, short
from pnp.catalog.yamlsource import PathKey, SourceMap, YamlReadError, read_yaml

GAME_FILE = "game.yaml"
#: Files of a game folder that are neither game.yaml nor a deck or table it lists: the
#: game's card kinds, its layouts and its glossary (the README: "A game is one folder").
SPECIAL_FILES = ("kinds.yaml", "layouts.yaml", GLOSSARY_FILE)


@dataclass
class _Report:
    """Collects problems while loading, with what every file is checked against."""

    limits: Limits = LIMITS
    checks: tuple[RecordCheck, ...] = ()
    problems: list[Problem] = field(default_factory=list)

    def add(self, file: Path, line: int, record: str, path: PathKey, message: str) -> None:
        self.problems.append(Problem(display_path(file), line, record, field_text(path), message))


@dataclass(frozen=True)
class _Located:
    """A validated record with where it came from."""

    record: Card | TableRow
    index: int
    file: Path
    source: SourceMap
    list_key: str

    def line(self, path: PathKey = ()) -> int:
        return self.source.line_of((self.list_key, self.index, *path))

    @property
    def label(self) -> str:
        return f"{self.record.noun} {self.record.id!r}"


def load_catalog(
    root: Path | str, checks: Sequence[RecordCheck] = (), limits: Limits = LIMITS
) -> Catalog:
    """Load every game folder under ``root``.

    Raises :class:`CatalogError` listing every problem found, each with file,
    line and field. Nothing else escapes for bad data. ``checks`` are further
    checks on every validated record (see :mod:`pnp.catalog.checks`); their
    problems are reported with the loader's own. ``limits`` bound what is read.
    """
    root = Path(root)
    report = _Report(limits, tuple(checks))
    folders = game_folders(root, limits, report.add)
    if folders is None:
        raise CatalogError(report.problems)
    games: list[Game] = []
    for folder in folders:
        game = _load_game(folder, report)
        if game is not None:
            games.append(game)
    if report.problems:
        raise CatalogError(report.problems)
    return Catalog(root=root, games=tuple(games))


def _read(
    path: Path, report: _Report, keys: Collection[str] | None = None
) -> tuple[Any, SourceMap] | None:
    try:
        return read_yaml(path, report.limits, keys)
    except YamlReadError as error:
        for finding in error.findings:
            report.add(path, finding.line, "", (), finding.message)
        return None


def _run_checks(
    kind: str, record: Model, report: _Report, file: Path, line: Callable[[PathKey], int],
    label: str,
) -> None:  # fmt: skip
    for check in report.checks:
        for issue in check(kind, record):
            report.add(file, line(issue.field), label, issue.field, issue.message)


def _validate(
    model: type[Model],
    data: Any,
    path: Path,
    source: SourceMap,
    base: PathKey,
    record: str,
    report: _Report,
) -> Model | None:
    try:
        return model.model_validate(data)
    except ValidationError as error:
        for problem in field_errors(error, data, model):
            report.add(
                path, source.line_of((*base, *problem.path)), record, problem.path, problem.message
            )
        return None


def _load_game(folder: Path, report: _Report) -> Game | None:
    game_path = folder / GAME_FILE
    files = yaml_files(folder, GAME_FILE, report.limits, report.add)
    if files is None:
        return None
    loaded = _read(game_path, report, GameSpec.model_fields)
    if loaded is None:
        return None
    data, source = loaded
    before = len(report.problems)
    spec = _validate(GameSpec, data, game_path, source, (), "", report)
    if isinstance(spec, GameSpec):
        _run_checks(GAME_KIND, spec, report, game_path, source.line_of, "")
        deck_specs, table_specs = spec.decks, spec.tables
    else:
        # Still check the deck and table files that game.yaml describes well
        # enough, so that every problem is reported in one run.
        deck_specs = _salvage(data, "decks", DeckSpec)
        table_specs = _salvage(data, "tables", TableSpec)
        if not isinstance(data, Mapping) or not isinstance(data.get("decks"), Mapping):
            return None
    listed = _listed_files(data)
    for extra in files:
        if extra.name not in (GAME_FILE, *SPECIAL_FILES) and extra.name not in listed:
            report.add(
                game_path,
                source.line_of(("decks",)),
                "",
                (),
                f"{extra.name} is in the folder but not listed as a deck or table",
            )
    for where, name in _listed_places(data):
        if name in (GAME_FILE, *SPECIAL_FILES):
            said = f"{name} is a file of its own in a game folder; name this list's file otherwise"
            report.add(game_path, source.line_of(where), "", where, said)

    tables = [
        part
        for table_id, table_spec in table_specs.items()
        if (part := _load_part("table", table_id, table_spec, TABLE_KINDS, folder, source, report))
    ]
    decks = [
        part
        for deck_id, deck_spec in deck_specs.items()
        if (part := _load_part("deck", deck_id, deck_spec, DECK_KINDS, folder, source, report))
    ]
    for deck in (deck for deck in decks if deck.complete):
        expected = deck_specs[deck.id].count
        count = sum(getattr(row.record, "count", 1) for row in deck.rows)
        if count != expected:
            report.add(
                folder / GAME_FILE,
                source.line_of(("decks", deck.id, "count")),
                deck.label,
                ("count",),
                f"{GAME_FILE} says {expected} cards but {deck.spec.file} has "
                f"{count} (counting copies)",
            )
    for table in tables:
        _check_unique(table.rows, report)
    all_cards = [row for deck in decks for row in deck.rows]
    _check_unique(all_cards, report)
    rule_ids = {record.id for table in tables for record in table.records}
    for deck_id, deck_spec in deck_specs.items():
        if deck_spec.only_under is not None and deck_spec.only_under not in rule_ids:
            where = ("decks", deck_id, "only_under")
            report.add(
                folder / GAME_FILE,
                source.line_of(where),
                "",
                where,
                f"names {deck_spec.only_under!r}, which is no variant or decision of this game",
            )
    _check_refs([row for part in (*tables, *decks) for row in part.rows], tables, all_cards, report)
    table_view = {table.spec.kind: table.records for table in tables}
    for part in (part for part in (*tables, *decks) if part.complete):
        if not isinstance(spec, GameSpec):
            break
        only_under = getattr(part.spec, "only_under", None)
        context = DeckContext(part.label, part.records, table_view, spec.players.max, only_under)
        for check in part.kind.checks:
            for issue in check(context):
                if issue.index is None:
                    line = part.rows[0].source.line_of((part.rows[0].list_key,))
                    report.add(folder / part.spec.file, line, part.label, (), issue.message)
                else:
                    row = part.rows[issue.index]
                    line = row.line(issue.field)
                    report.add(row.file, line, row.label, issue.field, issue.message)
    pages = pages_folder(folder, report.add)
    glossary = _load_glossary(folder, report)
    if len(report.problems) > before or not isinstance(spec, GameSpec):
        return None
    game = Game(
        folder.name,
        folder,
        spec,
        tuple(Deck(d.id, d.spec, d.records) for d in decks),  # type: ignore[arg-type]
        tuple(Table(t.id, t.spec, t.records) for t in tables),  # type: ignore[arg-type]
        pages,
        glossary or (),
    )
    if spec.site is not None:
        for index, message in cover_problems(spec.site, game.decks):
            where = ("site", "cover", index)
            report.add(game_path, source.line_of(where), "", where, message)
    return None if len(report.problems) > before else game


def _load_glossary(folder: Path, report: _Report) -> tuple[GlossaryTerm, ...] | None:
    """The game's glossary terms; none when it has no glossary file."""
    path = folder / GLOSSARY_FILE
    if not path.exists() and not path.is_symlink():
        return ()
    problem = _not_a_data_file(path, folder)
    if problem:
        report.add(path, 0, "", (), problem.removeprefix(f"{GLOSSARY_FILE} "))
        return None
    return load_glossary(
        path,
        lambda file, keys: _read(file, report, keys),
        report.add,
        report.limits,
        report.checks,
    )


def _listed_files(data: Any) -> set[str]:
    """The file names game.yaml lists for its decks and tables, valid or not."""
    return {name for _, name in _listed_places(data)}


def _listed_places(data: Any) -> Iterator[tuple[PathKey, str]]:
    """Where game.yaml names a deck's or a table's file, and the name, valid or not."""
    for key in ("decks", "tables"):
        entries = data.get(key) if isinstance(data, Mapping) else None
        for name, entry in entries.items() if isinstance(entries, Mapping) else ():
            if isinstance(entry, Mapping) and isinstance(entry.get("file"), str):
                yield (key, name, "file"), entry["file"]


SpecT = TypeVar("SpecT", DeckSpec, TableSpec)


def _salvage(data: Any, key: str, model: type[SpecT]) -> dict[str, SpecT]:
    """The entries of ``data[key]`` that are valid on their own (errors were reported)."""
    found: dict[str, SpecT] = {}
    entries = data.get(key) if isinstance(data, Mapping) else None
    if isinstance(entries, Mapping):
        for name, entry in entries.items():
            try:
                found[str(name)] = model.model_validate(entry)
            except ValidationError:
                continue
    return found


@dataclass(frozen=True)
class _Part:
    """A loaded deck or table file, with its records located."""

    noun: str
    id: str
    spec: DeckSpec | TableSpec
    kind: Kind
    rows: list[_Located]
    #: False when some records failed validation: the rest are still checked
    #: for duplicates and references, but counts and deck checks are skipped
    #: so that one bad card does not cause a cascade of follow-on messages.
    complete: bool

    @property
    def label(self) -> str:
        return f"{self.noun} {self.id!r}"

    @property
    def records(self) -> tuple[Card | TableRow, ...]:
        return tuple(row.record for row in self.rows)


def _load_part(
    noun: str,
    part_id: str,
    spec: DeckSpec | TableSpec,
    kinds: Mapping[str, Kind],
    folder: Path,
    game_source: SourceMap,
    report: _Report,
) -> _Part | None:
    where = ("decks" if noun == "deck" else "tables", part_id)
    game_path = folder / GAME_FILE
    kind = _kind(kinds, spec.kind, game_path, game_source, where, report)
    list_key = "cards" if noun == "deck" else "entries"
    loaded = _load_records(
        folder, spec.file, list_key, kind, game_path, game_source, (*where, "file"), report
    )
    if loaded is None or kind is None:
        return None
    rows, complete = loaded
    for row in rows:
        _run_checks(kind.name, row.record, report, row.file, row.line, row.label)
    return _Part(noun, part_id, spec, kind, rows, complete)


def _kind(
    kinds: Mapping[str, Kind],
    name: str,
    game_path: Path,
    source: SourceMap,
    where: PathKey,
    report: _Report,
) -> Kind | None:
    if name in kinds:
        return kinds[name]
    known = ", ".join(sorted(kinds))
    report.add(
        game_path,
        source.line_of((*where, "kind")),
        "",
        (*where, "kind"),
        f"unknown kind {name!r} (known kinds: {known})",
    )
    return None


def _load_records(
    folder: Path,
    file_name: str,
    list_key: str,
    kind: Kind | None,
    game_path: Path,
    game_source: SourceMap,
    where: PathKey,
    report: _Report,
) -> tuple[list[_Located], bool] | None:
    path = folder / file_name
    if Path(file_name).name != file_name or not file_name.endswith(".yaml"):
        report.add(
            game_path,
            game_source.line_of(where),
            "",
            where,
            f"expected a .yaml file name in this folder, got {shown(file_name)}",
        )
        return None
    missing = _not_a_data_file(path, folder)
    if missing:
        report.add(game_path, game_source.line_of(where), "", where, missing)
        return None
    loaded = _read(path, report, (list_key,))
    if loaded is None or kind is None:
        return None
    data, source = loaded
    if not isinstance(data, Mapping) or list_key not in data:
        found = f"keys {', '.join(map(str, data))}" if isinstance(data, Mapping) else shown(data)
        report.add(
            path, 1, "", (), f"expected one key, {list_key!r}, holding a list; found {found}"
        )
        return None
    unknown = [key for key in data if key != list_key]
    for key in unknown[:NAMED_KEYS]:
        report.add(
            path,
            source.line_of((key,)),
            "",
            (),
            f"unknown key {short(str(key))}; this file holds one key, {list_key!r}",
        )
    if len(unknown) > NAMED_KEYS:
        more = len(unknown) - NAMED_KEYS
        line = source.line_of((unknown[NAMED_KEYS],))
        report.add(path, line, "", (), f"and {more:,} more unknown keys")
    items = data[list_key]
    if isinstance(items, tuple) and len(items) > report.limits.records:
        report.add(
            path,
            source.line_of((list_key,)),
            "",
            (list_key,),
            f"holds {len(items):,} records; at most {report.limits.records:,} are allowed "
            "in one file",
        )
        return None
    if not isinstance(items, tuple) or not items:
        report.add(
            path,
            source.line_of((list_key,)),
            "",
            (list_key,),
            f"expected a non-empty list, got {'an empty list' if items == () else shown(items)}",
        )
        return None
    records: list[_Located] = []
    for index, item in enumerate(items):
        record = _validate(
            kind.model,
            item,
            path,
            source,
            (list_key, index),
            _record_label(kind, item, index),
            report,
        )
        if isinstance(record, (Card, TableRow)):
            records.append(_Located(record, index, path, source, list_key))
    return records, len(records) == len(items)


def _not_a_data_file(path: Path, folder: Path) -> str:
    """Why ``path`` cannot be read as a data file of ``folder``; empty when it can."""
    name = path.name
    if path.is_symlink() or path.exists():
        if not path.resolve().is_relative_to(folder.resolve()):
            return f"{name} is a link to {display_path(path.resolve())}, outside the game folder"
        if path.is_dir():
            return f"{name} is a folder, not a file"
        if not path.is_file():
            return f"{name} is not a regular file"
        return ""
    return f"{name} does not exist in {display_path(folder)}"


def _record_label(kind: Kind, item: Any, index: int) -> str:
    noun = getattr(kind.model, "noun", "entry")
    if isinstance(item, Mapping) and isinstance(item.get("id"), str) and item["id"]:
        return f"{noun} {item['id']!r}"
    return f"{noun} #{index + 1}"


def _check_unique(rows: Iterable[_Located], report: _Report) -> None:
    first: dict[str, _Located] = {}
    for row in rows:
        earlier = first.setdefault(row.record.id, row)
        if earlier is not row:
            where = f"{display_path(earlier.file)}:{earlier.line()}"
            report.add(
                row.file,
                row.line(("id",)),
                row.label,
                ("id",),
                f"duplicate id; already used at {where}",
            )


def _check_refs(
    located: Iterable[_Located],
    tables: Iterable[_Part],
    cards: Iterable[_Located],
    report: _Report,
) -> None:
    targets: dict[str, list[str]] = {"card": [row.record.id for row in cards]}
    for table in tables:
        targets.setdefault(table.spec.kind, []).extend(r.id for r in table.records)
    for row in located:
        for ref in _refs(row.record):
            known = targets.get(ref.target)
            kind = TABLE_KINDS.get(ref.target)
            noun = kind.model.noun if kind is not None else ref.target  # type: ignore[attr-defined]
            if known is None:
                message = f"refers to {noun} {ref.id!r}, but this game has no {noun} table"
            elif ref.id in known:
                continue
            else:
                close = difflib.get_close_matches(ref.id, known, n=1, cutoff=0.6)
                hint = f"; did you mean {close[0]!r}?" if close else ""
                if not close and len(known) <= 12:
                    hint = f"; known: {', '.join(known)}"
                message = f"refers to an undefined {noun} {ref.id!r}{hint}"
            report.add(row.file, row.line(ref.field), row.label, ref.field, message)


def _refs(record: Card | TableRow) -> Iterator[Any]:
    return record.refs()
