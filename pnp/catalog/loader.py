"""Load a cards folder, check everything, and report every problem at once."""

from __future__ import annotations

import difflib
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from pydantic import ValidationError

from pnp.catalog import schemas  # noqa: F401  (registers every deck and table kind)
from pnp.catalog.base import DECK_KINDS, TABLE_KINDS, Card, DeckContext, Kind, Model, TableRow
from pnp.catalog.checks import GAME_KIND, LayoutChecks, RecordCheck, nothing_draws
from pnp.catalog.deckfiles import sheet_items, yaml_items
from pnp.catalog.errors import CatalogError, Problem, display_path
from pnp.catalog.folders import game_folders, pages_folder, yaml_files
from pnp.catalog.game import DeckSpec, GameSpec, TableSpec
from pnp.catalog.glossary import GLOSSARY_FILE, GlossaryTerm, load_glossary
from pnp.catalog.images import FOLDER
from pnp.catalog.kinds import DataCard, DataKind
from pnp.catalog.kindspec import KindsFile, KindSpec
from pnp.catalog.layoutcheck import KindUse, check_layouts, fields_of_model
from pnp.catalog.layouts import LAYOUTS_KEYS, Layouts
from pnp.catalog.limits import LIMITS, Limits
from pnp.catalog.look import cover_problems
from pnp.catalog.messages import field_errors, field_text, shown
from pnp.catalog.model import Catalog, Deck, Game, Table
from pnp.catalog.sheets import SHEET_SUFFIXES
from pnp.catalog.templates import values_for
from pnp.catalog.yamlsource import Locations, PathKey, SourceMap, YamlReadError, read_yaml
from pnp.names import is_id

GAME_FILE = "game.yaml"
#: The card kinds a game declares as data (:mod:`pnp.catalog.kindspec`).
KINDS_FILE = "kinds.yaml"
#: How a game's kinds are drawn (:mod:`pnp.catalog.layouts`).
LAYOUTS_FILE = "layouts.yaml"
#: The files of a game folder that are no deck or table: each has its own model.
SPECIAL_FILES = frozenset({GAME_FILE, KINDS_FILE, LAYOUTS_FILE, GLOSSARY_FILE})
#: The file names a deck or table may have.
DATA_SUFFIXES = (".yaml", *SHEET_SUFFIXES)


@dataclass
class _Report:
    """Collects problems while loading, with what every file is checked against."""

    limits: Limits = LIMITS
    checks: tuple[RecordCheck, ...] = ()
    layout_checks: LayoutChecks | None = None
    problems: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)
    #: The checks made for the game being loaded (from its layouts).
    game_checks: tuple[RecordCheck, ...] = ()
    #: Lines shown after the problems, once each (the fields of a kind declared in data).
    notes: dict[str, str] = field(default_factory=dict)

    def add(
        self, file: Path, line: int, record: str, path: PathKey, message: str, place: str = ""
    ) -> None:
        problem = Problem(display_path(file), line, record, field_text(path), message, place)
        self.problems.append(problem)

    def at(
        self, file: Path, source: Locations, where: PathKey, record: str, path: PathKey,
        message: str,
    ) -> None:  # fmt: skip
        """Add a problem at ``where`` in the file (its line, or its row and column)."""
        self.add(file, source.line_of(where), record, path, message, source.place_of(where))

    def warn(self, file: Path, line: int, record: str, path: PathKey, message: str) -> None:
        self.warnings.append(Problem(display_path(file), line, record, field_text(path), message))


@dataclass(frozen=True)
class _Located:
    """A validated record with where it came from."""

    record: Card | TableRow
    index: int
    file: Path
    source: Locations
    list_key: str

    def line(self, path: PathKey = ()) -> int:
        return self.source.line_of((self.list_key, self.index, *path))

    def place(self, path: PathKey = ()) -> str:
        return self.source.place_of((self.list_key, self.index, *path))

    def where(self) -> str:
        """``cards/x/deck.yaml:12``, or ``cards/x/deck.csv, row 12`` in a spreadsheet."""
        place = self.place()
        if place:
            return f"{display_path(self.file)}, {place}"
        return f"{display_path(self.file)}:{self.line()}"

    def add(self, report: _Report, path: PathKey, message: str) -> None:
        """Add a problem of this record's field ``path``."""
        full = (self.list_key, self.index, *path)
        report.at(self.file, self.source, full, self.label, path, message)

    @property
    def label(self) -> str:
        return f"{self.record.noun} {self.record.id!r}"


def load_catalog(
    root: Path | str,
    checks: Sequence[RecordCheck] = (),
    limits: Limits = LIMITS,
    layout_checks: LayoutChecks | None = None,
) -> Catalog:
    """Load every game folder under ``root``.

    Raises :class:`CatalogError` listing every problem found, each with file,
    line and field. Nothing else escapes for bad data. ``checks`` are further
    checks on every validated record (see :mod:`pnp.catalog.checks`); their
    problems are reported with the loader's own. ``limits`` bound what is read.
    ``layout_checks`` are the kit's: the names of its drawings, checked against
    every layout, and a record check made for each game's layouts. What is worth
    a look but no error (text near the cut) is in the catalog's ``warnings``.
    """
    root = Path(root)
    report = _Report(limits, tuple(checks), layout_checks)
    folders = game_folders(root, limits, report.add)
    if folders is None:
        raise CatalogError(report.problems)
    games: list[Game] = []
    for folder in folders:
        game = _load_game(folder, report)
        if game is not None:
            games.append(game)
    if report.problems:
        raise CatalogError(report.problems, report.notes.values())
    return Catalog(root=root, games=tuple(games), warnings=tuple(sorted(report.warnings)))


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
    kind: str, record: Model, report: _Report, add: Callable[[PathKey, str], None]
) -> None:
    for check in (*report.checks, *report.game_checks):
        for issue in check(kind, record):
            add(issue.field, issue.message)


def _validate(
    model: type[Model],
    data: Any,
    path: Path,
    source: Locations,
    base: PathKey,
    record: str,
    report: _Report,
    context: dict[str, Any] | None = None,
    skipped: Collection[str] = (),
) -> Model | None:
    """The record validated, or None after reporting its problems. ``context`` is
    the validation context (the game folder, for image fields); the problems of the
    fields ``skipped`` (reported already) are left out."""
    try:
        return model.model_validate(data, context=context)
    except ValidationError as error:
        for problem in field_errors(error, data, model):
            if problem.path and problem.path[0] in skipped:
                continue
            where = (*base, *problem.path)
            report.at(path, source, where, record, problem.path, problem.message)
        return None


def _load_game(folder: Path, report: _Report) -> Game | None:
    game_path = folder / GAME_FILE
    files = yaml_files(folder, GAME_FILE, report.limits, report.add)
    if files is None:
        return None
    before = len(report.problems)
    read = _read_layouts(folder, report)
    layouts = read[0] if read is not None else None
    kit = report.layout_checks
    report.game_checks = (kit.record_check(layouts),) if kit is not None else ()
    loaded = _read(game_path, report, GameSpec.model_fields)
    if loaded is None:
        return None
    data, source = loaded
    spec = _validate(GameSpec, data, game_path, source, (), "", report)
    if isinstance(spec, GameSpec):
        _run_checks(GAME_KIND, spec, report, partial(_add_at, report, game_path, source, ""))
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
        if extra.name not in SPECIAL_FILES and extra.name not in listed:
            report.add(
                game_path,
                source.line_of(("decks",)),
                "",
                (),
                f"{extra.name} is in the folder but not listed as a deck or table",
            )
    for where, name in _listed_places(data):
        if name in SPECIAL_FILES:
            said = f"{name} is a file of its own in a game folder; name this list's file otherwise"
            report.add(game_path, source.line_of(where), "", where, said)

    data_kinds, broken_kinds = _load_kinds(folder, report)
    if broken_kinds is None:  # kinds.yaml unreadable: a kind not found may be declared there
        broken_kinds = {deck.kind for deck in deck_specs.values() if deck.kind not in DECK_KINDS}
    deck_kinds = {
        **{name: kind for name, kind in DECK_KINDS.items() if name not in broken_kinds},
        **{name: Kind(name, kind.model) for name, kind in data_kinds.items()},
    }
    tables = [
        part
        for table_id, table_spec in table_specs.items()
        if (part := _load_part("table", table_id, table_spec, TABLE_KINDS, folder, source, report))
    ]
    decks = [
        part
        for deck_id, deck_spec in deck_specs.items()
        if (
            part := _load_part(
                "deck", deck_id, deck_spec, deck_kinds, folder, source, report, broken_kinds
            )
        )
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
                    first = part.rows[0]
                    at: PathKey = (first.list_key,)
                    report.at(first.file, first.source, at, part.label, (), issue.message)
                else:
                    part.rows[issue.index].add(report, issue.field, issue.message)
    if read is not None:
        game_spec = spec if isinstance(spec, GameSpec) else None
        uses = _kind_uses(folder.name, game_spec, deck_specs, decks, deck_kinds)
        described = data.get("decks") if isinstance(data, Mapping) else None
        # a deck game.yaml does not describe, or of a kind not known, is reported: which
        # kinds the decks use is then in doubt, and a layout no deck uses is not reported too
        in_doubt = len(deck_specs) < len(described or {}) or any(
            deck.kind not in deck_kinds for deck in deck_specs.values()
        )
        _check_layouts(folder, *read, uses, report, in_doubt)
    unread = read is None and (folder / LAYOUTS_FILE).exists()  # (reported: one mistake)
    if kit is not None and isinstance(spec, GameSpec) and not unread:
        _check_drawn(spec, deck_kinds, layouts, kit.faces, partial(_add_at, report, game_path,
                     source, ""))  # fmt: skip
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
        kinds=data_kinds,
        layouts=layouts,
        pages=pages,
        glossary=glossary or (),
    )
    if spec.engine is not None:
        problem = _engine_module_problem(folder, spec.engine.module)
        if problem is not None:
            where = ("engine", "module")
            report.add(game_path, source.line_of(where), "", where, problem)
    if spec.site is not None:
        for index, message in cover_problems(spec.site, game.decks):
            where = ("site", "cover", index)
            report.add(game_path, source.line_of(where), "", where, message)
    return None if len(report.problems) > before else game


def _engine_module_problem(folder: Path, module: str) -> str | None:
    """Why the engine module game.yaml names cannot be used, or ``None``."""
    path = folder / module
    if not path.is_file():
        return f"names {module!r}, which is not a file of the game's folder"
    if not path.resolve().is_relative_to(folder.resolve()):
        return f"names {module!r}, a link to a file outside the game's folder"
    return None


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


def _read_layouts(folder: Path, report: _Report) -> tuple[Layouts, SourceMap] | None:
    """The game's layouts.yaml validated (its names are checked once the decks are
    loaded), or None when there is none or it is not valid (its problems reported)."""
    path = folder / LAYOUTS_FILE
    if not (path.exists() or path.is_symlink()):
        return None
    problem = _not_a_data_file(path, folder)
    if problem:
        report.add(path, 0, "", (), problem)
        return None
    loaded = _read(path, report, LAYOUTS_KEYS)
    if loaded is None:
        return None
    data, source = loaded
    layouts = _validate(Layouts, data, path, source, (), "", report)
    return (layouts, source) if isinstance(layouts, Layouts) else None


def _kind_uses(
    game_id: str,
    game: GameSpec | None,
    deck_specs: Mapping[str, DeckSpec],
    decks: Sequence[_Part],
    kinds: Mapping[str, Kind],
) -> dict[str, KindUse]:
    """What the layouts check knows of each kind the decks use: its fields (a kind
    declared in the game's data gives its own), card sizes and loaded cards."""
    loaded = {part.id: part for part in decks}
    uses: dict[str, KindUse] = {}
    for deck_id, deck in deck_specs.items():
        kind = kinds.get(deck.kind)
        part = loaded.get(deck_id)
        model = part.kind.model if part is not None else kind.model if kind else None
        if model is None:
            continue
        cards = [row.record for row in part.rows] if part is not None and game else []
        values = tuple(
            (f"{card.noun} {card.id!r}", values_for(card, deck_id, deck, game_id, game))
            for card in cards
            if isinstance(card, Card) and game is not None
        )
        shares = not getattr(model, "back_shows_card", False)
        earlier = uses.get(deck.kind)
        uses[deck.kind] = KindUse(
            fields_of_model(model),
            (*(earlier.sizes if earlier else ()), (deck.size.width, deck.size.height)),
            shares and (earlier.shares_back if earlier else True),
            (*(earlier.cards if earlier else ()), *values),
        )
    return uses


def _check_drawn(spec: GameSpec, known: Mapping[str, object], layouts: Layouts | None,
                 faces: frozenset[str], add: Callable[[PathKey, str], None]) -> None:  # fmt: skip
    """Each deck of a known kind is drawn: by the game's layout of its kind, or by a face
    registered in Python (a game borrowing another's kind borrows no look with it)."""
    drawn = set(layouts.layouts) if layouts is not None else set()
    for deck_id, deck in spec.decks.items():
        if deck.kind in known and deck.kind not in drawn and deck.kind not in faces:
            add(("decks", deck_id, "kind"), nothing_draws(deck.kind, LAYOUTS_FILE))


def _check_layouts(folder: Path, layouts: Layouts, source: SourceMap, uses: Mapping[str, KindUse],
                   report: _Report, in_doubt: bool) -> None:  # fmt: skip
    path = folder / LAYOUTS_FILE
    if in_doubt:
        used = {kind: layout for kind, layout in layouts.layouts.items() if kind in uses}
        layouts = layouts.model_copy(update={"layouts": used})
    findings = check_layouts(layouts, uses, folder, report.layout_checks)
    for issue in findings.errors:
        report.add(path, source.line_of(issue.path), issue.record, issue.path, issue.message)
    for issue in findings.warnings:
        report.warn(path, source.line_of(issue.path), issue.record, issue.path, issue.message)


def _add_at(
    report: _Report, file: Path, source: Locations, record: str, path: PathKey, message: str
) -> None:
    report.at(file, source, path, record, path, message)


def _load_kinds(folder: Path, report: _Report) -> tuple[dict[str, DataKind], set[str] | None]:
    """The card kinds ``kinds.yaml`` declares (none without the file), and the names of
    those it declares wrongly (reported: a deck of such a kind is not checked further);
    None for the names when the file could not be read at all."""
    path = folder / KINDS_FILE
    if not (path.exists() or path.is_symlink()):
        return {}, set()
    problem = _not_a_data_file(path, folder)
    if problem:
        report.add(path, 0, "", (), problem.removeprefix(f"{KINDS_FILE} "))
        return {}, None
    loaded = _read(path, report, KindsFile.model_fields)
    if loaded is None:
        return {}, None
    data, source = loaded
    spec = _validate(KindsFile, data, path, source, (), "", report)
    if isinstance(spec, KindsFile):
        return {name: DataKind(name, kind) for name, kind in spec.kinds.items()}, set()
    # Keep the kinds declared well, so that their decks are still checked in this run.
    entries = data.get("kinds") if isinstance(data, Mapping) else None
    if not isinstance(entries, Mapping):
        return {}, None
    kinds: dict[str, DataKind] = {}
    broken: set[str] = set()
    for name, entry in entries.items():
        try:
            if not is_id(str(name)):
                raise ValueError(name)
            kinds[str(name)] = DataKind(str(name), KindSpec.model_validate(entry))
        except (ValidationError, ValueError):
            broken.add(str(name))
    return kinds, broken


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
    broken_kinds: Collection[str] = (),
) -> _Part | None:
    where = ("decks" if noun == "deck" else "tables", part_id)
    game_path = folder / GAME_FILE
    kind = None
    if spec.kind not in broken_kinds:  # a kind declared wrongly: kinds.yaml says why
        kind = _kind(kinds, spec.kind, game_path, game_source, where, report)
    list_key = "cards" if noun == "deck" else "entries"
    loaded = _load_records(
        folder, spec, list_key, kind, game_path, game_source, (*where, "file"), report
    )
    if loaded is None or kind is None:
        return None
    rows, complete = loaded
    for row in rows:
        _run_checks(kind.name, row.record, report, partial(row.add, report))
    if not complete:
        _teach(kind, folder, report)
    return _Part(noun, part_id, spec, kind, rows, complete)


def _teach(kind: Kind, folder: Path, report: _Report) -> None:
    """After its cards got their fields wrong, list the fields of a kind declared in data
    (once a run): ``cards/x/kinds.yaml: fields of spell: name (text, required), ...``."""
    if issubclass(kind.model, DataCard):
        data_kind = DataKind(kind.name, kind.model.kind_spec)
        kinds_file = display_path(folder / KINDS_FILE)
        report.notes.setdefault(
            f"{kinds_file} {kind.name}", f"{kinds_file}: {data_kind.fields_text()}"
        )


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
    spec: DeckSpec | TableSpec,
    list_key: str,
    kind: Kind | None,
    game_path: Path,
    game_source: SourceMap,
    where: PathKey,
    report: _Report,
) -> tuple[list[_Located], bool] | None:
    file_name = spec.file
    path = folder / file_name
    suffix = Path(file_name).suffix
    if file_name in SPECIAL_FILES:
        return None  # said once, where game.yaml names it (_listed_places)
    if Path(file_name).name != file_name or suffix not in DATA_SUFFIXES:
        report.add(
            game_path,
            game_source.line_of(where),
            "",
            where,
            f"expected a .yaml, .csv or .xlsx file name in this folder, got {shown(file_name)}",
        )
        return None
    if spec.sheet is not None and suffix != ".xlsx":
        at = (*where[:-1], "sheet")
        message = f"names a sheet, but {file_name} is no XLSX workbook"
        report.add(game_path, game_source.line_of(at), "", at, message)
    missing = _not_a_data_file(path, folder)
    if missing:
        report.add(game_path, game_source.line_of(where), "", where, missing)
        return None
    skipped: dict[int, set[str]] = {}
    source: Locations
    if suffix == ".yaml":
        loaded = yaml_items(path, list_key, report.limits, report.add)
        if loaded is None or kind is None:
            return None
        items, source = loaded
    else:
        if kind is None:
            return None
        sheet = sheet_items(path, spec.sheet, list_key, kind.model, report.limits, report.add)
        if sheet is not None and sheet.issues:
            _teach(kind, folder, report)
        if sheet is None or not sheet.items:
            return None
        items, source, skipped = sheet.items, sheet.source, sheet.skipped
    context = {FOLDER: folder}
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
            context,
            skipped.get(index, ()),
        )
        if isinstance(record, (Card, TableRow)):
            records.append(_Located(record, index, path, source, list_key))
    complete = len(records) == len(items) and not skipped
    return records, complete


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
            row.add(report, ("id",), f"duplicate id; already used at {earlier.where()}")


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
            if known is None and ref.when_present:
                continue
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
            row.add(report, ref.field, message)


def _refs(record: Card | TableRow) -> Iterator[Any]:
    return record.refs()
