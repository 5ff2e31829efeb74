"""Load a cards folder, check everything, and report every problem at once."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from pnp.catalog import schemas  # noqa: F401  (registers every deck and table kind)
from pnp.catalog.base import DECK_KINDS, TABLE_KINDS, Card, DeckContext, Kind, Model, TableRow
from pnp.catalog.errors import CatalogError, Problem, display_path
from pnp.catalog.game import GameSpec
from pnp.catalog.messages import field_errors, field_text, shown
from pnp.catalog.model import Catalog, Deck, Game, Table
from pnp.catalog.yamlsource import PathKey, SourceMap, YamlReadError, read_yaml

GAME_FILE = "game.yaml"


@dataclass
class _Report:
    """Collects problems while loading."""

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


def load_catalog(root: Path | str) -> Catalog:
    """Load every game folder under ``root``.

    Raises :class:`CatalogError` listing every problem found, each with file,
    line and field. Nothing else escapes for bad data.
    """
    root = Path(root)
    report = _Report()
    if not root.is_dir():
        report.add(root, 0, "", (), "is not a folder of card data")
        raise CatalogError(report.problems)
    games: list[Game] = []
    folders = sorted(p for p in root.iterdir() if p.is_dir() and not p.name.startswith((".", "_")))
    if not folders:
        report.add(root, 0, "", (), "holds no game folders")
    for folder in folders:
        game = _load_game(folder, report)
        if game is not None:
            games.append(game)
    if report.problems:
        raise CatalogError(report.problems)
    return Catalog(root=root, games=tuple(games))


def _read(path: Path, report: _Report) -> tuple[Any, SourceMap] | None:
    try:
        return read_yaml(path)
    except YamlReadError as error:
        report.add(path, error.line, "", (), error.message)
        return None


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
    if not game_path.is_file():
        report.add(folder, 0, "", (), f"has no {GAME_FILE}; every game folder needs one")
        return None
    loaded = _read(game_path, report)
    if loaded is None:
        return None
    data, source = loaded
    spec = _validate(GameSpec, data, game_path, source, (), "", report)
    if not isinstance(spec, GameSpec):
        return None
    before = len(report.problems)
    listed = {spec_.file for spec_ in spec.decks.values()} | {t.file for t in spec.tables.values()}
    for extra in sorted(folder.glob("*.yaml")):
        if extra.name != GAME_FILE and extra.name not in listed:
            report.add(
                extra, 0, "", (), f"is not listed in {GAME_FILE} (add it as a deck or table)"
            )

    tables: list[Table] = []
    located: list[_Located] = []
    for table_id, table_spec in spec.tables.items():
        kind = _kind(TABLE_KINDS, table_spec.kind, game_path, source, ("tables", table_id), report)
        rows = _load_records(
            folder,
            table_spec.file,
            "entries",
            kind,
            game_path,
            source,
            ("tables", table_id, "file"),
            report,
        )
        if rows is not None:
            tables.append(Table(table_id, table_spec, tuple(r.record for r in rows)))  # type: ignore[misc]
            located += rows
            _check_unique(rows, report)

    decks: list[Deck] = []
    deck_rows: list[tuple[Deck, Kind, list[_Located]]] = []
    for deck_id, deck_spec in spec.decks.items():
        kind = _kind(DECK_KINDS, deck_spec.kind, game_path, source, ("decks", deck_id), report)
        cards = _load_records(
            folder,
            deck_spec.file,
            "cards",
            kind,
            game_path,
            source,
            ("decks", deck_id, "file"),
            report,
        )
        if cards is None or kind is None:
            continue
        deck = Deck(deck_id, deck_spec, tuple(c.record for c in cards))  # type: ignore[misc]
        decks.append(deck)
        deck_rows.append((deck, kind, cards))
        located += cards
        if deck.physical_count != deck_spec.count:
            report.add(
                game_path,
                source.line_of(("decks", deck_id, "count")),
                f"deck {deck_id!r}",
                ("count",),
                f"{GAME_FILE} says {deck_spec.count} cards but {deck_spec.file} has "
                f"{deck.physical_count} (counting copies)",
            )

    all_cards = [row for _, _, rows in deck_rows for row in rows]
    _check_unique(all_cards, report)
    _check_refs(located, tables, all_cards, report)
    table_view = {t.spec.kind: t.entries for t in tables}
    for deck, kind, rows in deck_rows:
        for check in kind.checks:
            for issue in check(DeckContext(deck.id, deck.cards, table_view, spec.players.max)):
                if issue.index is None:
                    path = folder / deck.spec.file
                    report.add(path, 1, f"deck {deck.id!r}", issue.field, issue.message)
                else:
                    row = rows[issue.index]
                    report.add(
                        row.file, row.line(issue.field), row.label, issue.field, issue.message
                    )
    if len(report.problems) > before:
        return None
    return Game(folder.name, folder, spec, tuple(decks), tuple(tables))


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
) -> list[_Located] | None:
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
    if not path.is_file():
        report.add(
            game_path,
            game_source.line_of(where),
            "",
            where,
            f"{file_name} does not exist in {display_path(folder)}",
        )
        return None
    loaded = _read(path, report)
    if loaded is None or kind is None:
        return None
    data, source = loaded
    if not isinstance(data, Mapping) or set(data) != {list_key}:
        found = f"keys {', '.join(map(str, data))}" if isinstance(data, Mapping) else shown(data)
        report.add(
            path, 1, "", (), f"expected one key, {list_key!r}, holding a list; found {found}"
        )
        return None
    items = data[list_key]
    if not isinstance(items, tuple) or not items:
        report.add(
            path,
            source.line_of((list_key,)),
            "",
            (list_key,),
            f"expected a non-empty list, got {shown(items)}",
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
    if len(records) != len(items):
        return None
    return records


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
    tables: Iterable[Table],
    cards: Iterable[_Located],
    report: _Report,
) -> None:
    targets: dict[str, set[str]] = {"card": {row.record.id for row in cards}}
    for table in tables:
        targets.setdefault(table.spec.kind, set()).update(e.id for e in table.entries)
    for row in located:
        for ref in _refs(row.record):
            known = targets.get(ref.target)
            if known is None:
                report.add(
                    row.file,
                    row.line(ref.field),
                    row.label,
                    ref.field,
                    f"refers to a {ref.target} {ref.id!r}, but this game has no {ref.target} table",
                )
            elif ref.id not in known:
                report.add(
                    row.file,
                    row.line(ref.field),
                    row.label,
                    ref.field,
                    f"refers to an undefined {ref.target} {ref.id!r}",
                )


def _refs(record: Card | TableRow) -> Iterator[Any]:
    return record.refs()
