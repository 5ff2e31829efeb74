"""The data-file reference, made from the models ``pnp validate`` checks with (the same
JSON Schemas ``pnp schema`` writes), so every field the tool reads is listed."""

from __future__ import annotations

import inspect
import re
import sys
from collections.abc import Callable
from functools import cache
from typing import Any

from pydantic import BaseModel

from pnp.catalog.base import DECK_KINDS, TABLE_KINDS
from pnp.catalog.schemafiles import SPECIAL_SCHEMAS

Schema = dict[str, Any]


def _cell(text: str) -> str:
    return " ".join(str(text).replace("|", "\\|").split())


def _prose(text: str) -> str:
    """A docstring's words as Markdown: ``code`` and :class:`name` as `code`."""
    return _cell(re.sub(r":\w+:`~?([^`]+)`", r"`\1`", text).replace("``", "`"))


def _ref_name(ref: str) -> str:
    return ref.rsplit("/", 1)[-1]


def type_text(schema: Schema) -> str:
    """A property's type in words: ``integer 1-8``, ``one of a, b``, ``list of Credit``."""
    if "$ref" in schema:
        name = _ref_name(schema["$ref"])
        return f"[{name}](#{name.lower()})"
    if "enum" in schema:
        return "one of " + ", ".join(f"`{value}`" for value in schema["enum"])
    if "const" in schema:
        return f"`{schema['const']}`"
    if "anyOf" in schema:
        kinds = [type_text(option) for option in schema["anyOf"] if option.get("type") != "null"]
        return " or ".join(kinds) or "null"
    kind = schema.get("type", "any")
    if kind == "array":
        text = f"list of {type_text(schema.get('items', {}))}"
    elif kind == "object" and "additionalProperties" in schema:
        values = schema["additionalProperties"]
        text = "mapping" if values is True else f"mapping to {type_text(values)}"
    else:
        text = str(kind if not isinstance(kind, list) else " or ".join(kind))
    bounds = []
    for key, word in (
        ("minimum", "at least"),
        ("exclusiveMinimum", "above"),
        ("maximum", "at most"),
        ("exclusiveMaximum", "below"),
        ("minLength", "not empty" if schema.get("minLength") == 1 else "at least {} characters"),
        ("maxLength", "at most {} characters"),
        ("minItems", "at least {} items"),
        ("maxItems", "at most {} items"),
    ):
        if key in schema:
            is_phrase = "{}" in word or key == "minLength"
            bounds.append(word.format(schema[key]) if is_phrase else f"{word} {schema[key]}")
    if "pattern" in schema:
        bounds.append(f"matching `{schema['pattern']}`")
    return text + (f" ({', '.join(bounds)})" if bounds else "")


def _comments_of(cls: type) -> dict[str, str]:
    """The ``#:`` comments above the fields of one class's source, by field name."""
    try:
        lines = inspect.getsource(cls).splitlines()
    except (OSError, TypeError):
        return {}
    comments: dict[str, str] = {}
    pending: list[str] = []
    for line in lines:
        text = line.strip()
        if text.startswith("#:"):
            pending.append(text[2:].strip())
            continue
        field = re.match(r"(\w+)\s*:", text)
        if field is not None and pending:
            comments.setdefault(field.group(1), " ".join(pending).replace("``", "`"))
        pending = []
    return comments


@cache
def field_comments() -> dict[str, dict[str, str]]:
    """The comments of the fields of every model of the catalog, by model name (the name
    a JSON Schema gives it), its bases' included."""
    models: dict[str, dict[str, str]] = {}
    for name, module in list(sys.modules.items()):
        if not name.startswith("pnp.catalog"):
            continue
        for value in list(vars(module).values()):
            if not (isinstance(value, type) and issubclass(value, BaseModel)):
                continue
            if value.__module__ != name:
                continue
            merged: dict[str, str] = {}
            for base in reversed(value.__mro__):
                if base.__module__.startswith("pnp."):
                    merged.update(_comments_of(base))
            models[value.__name__] = merged
    return models


def _object_table(schema: Schema) -> list[str]:
    properties: dict[str, Schema] = schema.get("properties", {})
    if not properties:
        return []
    comments = field_comments().get(str(schema.get("title", "")), {})
    properties = {
        name: field if "description" in field or name not in comments
        else {**field, "description": comments[name]}
        for name, field in properties.items()
    }  # fmt: skip
    required = set(schema.get("required", ()))
    described = any("description" in field for field in properties.values())
    lines = ["| field | type | required | default |" + (" meaning |" if described else "")]
    lines.append("|---|---|---|---|" + ("---|" if described else ""))
    for name, field in properties.items():
        default = f"`{field['default']}`" if "default" in field else ""
        needed = "yes" if name in required else ""
        row = f"| `{name}` | {_cell(type_text(field))} | {needed} | {_cell(default)} |"
        if described:
            row += f" {_prose(field.get('description', ''))} |"
        lines.append(row)
    return lines


def schema_markdown(schema: Schema, heading: str = "###") -> str:
    """A model's fields as tables: the top object, then each record type it uses."""
    lines: list[str] = []
    if schema.get("description"):
        lines += [_prose(schema["description"]), ""]
    lines += [*_object_table(schema), ""]
    for name, definition in sorted(schema.get("$defs", {}).items()):
        lines += [f"{heading} {name}", ""]
        if definition.get("description"):
            lines += [_prose(definition["description"]), ""]
        if "enum" in definition:
            lines += [type_text(definition), ""]
        lines += [*_object_table(definition), ""]
    return "\n".join(lines)


def model_markdown(model: type[BaseModel], heading: str = "###") -> str:
    """The reference of one model."""
    return schema_markdown(model.model_json_schema(), heading)


def special_file_markdown(name: str) -> str:
    """The reference of ``game.yaml``, ``kinds.yaml``, ``layouts.yaml`` or ``glossary.yaml``."""
    return model_markdown(SPECIAL_SCHEMAS[name]())


def _kind_list(kinds: dict[str, Any]) -> str:
    lines = ["| kind | fields of a record |", "|---|---|"]
    for name, kind in sorted(kinds.items()):
        fields = ", ".join(f"`{field}`" for field in kind.model.model_fields)
        lines.append(f"| `{name}` | {fields} |")
    return "\n".join(lines)


def table_kind_markdown(name: str) -> str:
    """The fields of the rows of one built-in table kind (``variant``, ``jb-decision``)."""
    return model_markdown(TABLE_KINDS[name].model, "####")


GENERATED: dict[str, Callable[[], str]] = {
    "file game.yaml": lambda: special_file_markdown("game.yaml"),
    "file kinds.yaml": lambda: special_file_markdown("kinds.yaml"),
    "file layouts.yaml": lambda: special_file_markdown("layouts.yaml"),
    "file glossary.yaml": lambda: special_file_markdown("glossary.yaml"),
    "table variant": lambda: table_kind_markdown("variant"),
    "table jb-decision": lambda: table_kind_markdown("jb-decision"),
    "deck kinds": lambda: _kind_list(DECK_KINDS),
    "table kinds": lambda: _kind_list(TABLE_KINDS),
}


def schema_documents() -> dict[str, str]:
    """The JSON Schemas the site offers for download, by file name: those of the special
    files (``game.json`` ...) and of a variants table, as ``pnp schema`` writes them."""
    from pnp.catalog.schemafiles import DIALECT, list_file_schema, schema_name, schema_text

    documents = {
        schema_name(name): schema_text(
            {"$schema": DIALECT, **model().model_json_schema(), "title": name}
        )
        for name, model in SPECIAL_SCHEMAS.items()
    }
    variants = list_file_schema(
        TABLE_KINDS["variant"].model, "entries", "variants.yaml", "A table of variants."
    )
    documents["variants.json"] = schema_text(variants)
    return documents
