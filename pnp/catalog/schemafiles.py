"""JSON Schemas (draft 2020-12) of a game's YAML files, for an editor to check them while
a designer types: made from the very models the catalog validates with
(``model_json_schema``), so an editor and ``pnp validate`` agree on the form. (What a
schema cannot say, such as a deck's count or a reference to another file, only ``pnp
validate`` checks.)

``pnp schema`` writes, for each game folder, into ``<game>/.schemas/`` (or
``DIR/<game>/`` with ``--out DIR``):

- ``game.json`` for ``game.yaml``, and ``kinds.json`` for ``kinds.yaml`` (written even
  when the game has no kinds.yaml yet);
- ``<name>.json`` for each YAML deck or table file ``<name>.yaml`` that ``game.yaml``
  lists with a known kind: a built-in one, or one the game declares in ``kinds.yaml``.

So a data file names its schema by its own name: the first line of ``spells.yaml`` may
be ``# yaml-language-server: $schema=.schemas/spells.json``. The names and the content
are stable: keys sorted, two spaces of indent, one file per data file. The schemas are
made from ``game.yaml`` and ``kinds.yaml`` alone, without loading the cards, so they can
be written while the cards still have problems.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field, ValidationError, create_model

from pnp.catalog.base import DECK_KINDS, TABLE_KINDS, Model
from pnp.catalog.game import GameSpec
from pnp.catalog.glossary import GlossaryFile
from pnp.catalog.kinds import card_model
from pnp.catalog.kindspec import KindsFile
from pnp.catalog.layouts import Layouts
from pnp.catalog.limits import LIMITS, Limits
from pnp.catalog.yamlsource import YamlReadError, read_yaml

#: The folder of a game that holds its schemas, unless ``--out`` says otherwise.
SCHEMA_FOLDER = ".schemas"
#: The JSON Schema dialect of every schema written.
DIALECT = "https://json-schema.org/draft/2020-12/schema"
#: The files of a game folder with a model of their own, and that model (other special
#: files, such as layouts.yaml, add theirs here).
SPECIAL_SCHEMAS: dict[str, Callable[[], type[BaseModel]]] = {
    "game.yaml": lambda: GameSpec,
    "kinds.yaml": lambda: KindsFile,
    "layouts.yaml": lambda: Layouts,
    "glossary.yaml": lambda: GlossaryFile,
}


def schema_name(data_file: str) -> str:
    """``spells.yaml`` → ``spells.json``: the schema's file name for a data file."""
    return data_file.removesuffix(".yaml") + ".json"


def schema_text(schema: Mapping[str, Any]) -> str:
    """A schema as written: keys sorted, two spaces of indent, a final line break."""
    return json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def _document(model: type[BaseModel], title: str, description: str) -> dict[str, Any]:
    schema = model.model_json_schema()
    return {"$schema": DIALECT, **schema, "title": title, "description": description}


def list_file_schema(
    model: type[BaseModel], list_key: str, title: str, what: str
) -> dict[str, Any]:
    """The schema of a deck or table file: one key, ``list_key``, holding records of ``model``."""
    records: Any = tuple[model, ...]  # type: ignore[valid-type]
    fields: dict[str, Any] = {list_key: (records, Field(min_length=1))}
    wrapper = create_model(f"{model.__name__}File", __base__=Model, **fields)
    return _document(wrapper, title, what)


@dataclass(frozen=True)
class Skipped:
    """A data file that gets no schema, and why (a sentence)."""

    file: str
    reason: str


def game_schemas(
    folder: Path, limits: Limits = LIMITS
) -> tuple[dict[str, dict[str, Any]], list[Skipped]]:
    """The schemas of the game in ``folder`` by file name, and the files left without one."""
    schemas = {
        schema_name(name): _document(model(), f"{folder.name}: {name}", f"The form of {name}.")
        for name, model in SPECIAL_SCHEMAS.items()
    }
    skipped: list[Skipped] = []
    data_kinds = _data_kinds(folder, limits)
    game = _read(folder / "game.yaml", limits)
    if not isinstance(game, Mapping):
        return schemas, [Skipped("game.yaml", "cannot be read; its decks and tables get no schema")]
    for group, noun, list_key in (("decks", "deck", "cards"), ("tables", "table", "entries")):
        entries = game.get(group)
        for entry_id, entry in entries.items() if isinstance(entries, Mapping) else ():
            if not isinstance(entry, Mapping):
                continue
            file, kind = entry.get("file"), entry.get("kind")
            if not isinstance(file, str) or not file.endswith(".yaml") or "/" in file:
                continue  # spreadsheets have no JSON Schema; other names are refused anyway
            if file in SPECIAL_SCHEMAS:
                continue
            known = data_kinds if noun == "deck" else {}
            if kind in known:
                model: type[BaseModel] = known[kind]
            elif kind in (DECK_KINDS if noun == "deck" else TABLE_KINDS):
                model = (DECK_KINDS if noun == "deck" else TABLE_KINDS)[kind].model
            else:
                skipped.append(Skipped(file, f"its kind {kind!r} is not known"))
                continue
            what = f"The {list_key} of {noun} {entry_id!r}, of kind {kind!r}."
            schemas[schema_name(file)] = list_file_schema(
                model, list_key, f"{folder.name}: {file}", what
            )
    return schemas, skipped


def _read(path: Path, limits: Limits) -> Any:
    if not path.is_file():
        return None
    try:
        return read_yaml(path, limits)[0]
    except YamlReadError:
        return None


def _data_kinds(folder: Path, limits: Limits) -> dict[str, type[BaseModel]]:
    data = _read(folder / "kinds.yaml", limits)
    entries = data.get("kinds") if isinstance(data, Mapping) else None
    kinds: dict[str, type[BaseModel]] = {}
    for name, entry in entries.items() if isinstance(entries, Mapping) else ():
        try:
            file = KindsFile.model_validate({"kinds": {name: entry}})
        except ValidationError:
            continue  # pnp validate says why
        kinds[str(name)] = card_model(str(name), file.kinds[str(name)])
    return kinds


def write_game_schemas(
    folder: Path, target: Path, limits: Limits = LIMITS
) -> tuple[list[Path], list[Skipped]]:
    """Write the schemas of the game in ``folder`` into ``target`` (each atomically);
    the files written and those left without a schema. In a game's own ``.schemas``
    folder, a schema whose data file is gone is removed."""
    from pnp.files import write_atomic

    schemas, skipped = game_schemas(folder, limits)
    written = []
    for name in sorted(schemas):
        write_atomic(target / name, schema_text(schemas[name]))
        written.append(target / name)
    if target == folder / SCHEMA_FOLDER:
        for stale in sorted(target.glob("*.json")):
            if stale.name not in schemas and stale.is_file() and not stale.is_symlink():
                stale.unlink()
    return written, skipped
