"""Reading YAML safely while remembering where every value stood.

ruamel.yaml's round-trip loader keeps the line of every key and item and never
constructs Python objects from tags (they are kept as tagged values, which we
reject). :func:`read_yaml` returns plain data (dicts, tuples, str, int, float,
bool, None) for validation plus a :class:`SourceMap` that turns a path inside
the data, such as ``("cards", 3, "boast")``, back into a line number.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.reader import ReaderError

_PLAIN_TAGS = {
    None,
    "tag:yaml.org,2002:map",
    "tag:yaml.org,2002:seq",
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
}

PathKey = tuple[str | int, ...]


class YamlReadError(Exception):
    """The file could not be read as YAML; ``line`` is 0 when unknown."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.message = message


@dataclass(frozen=True)
class SourceMap:
    """Finds the line of a value inside a loaded document."""

    root: Any

    def line_of(self, path: PathKey) -> int:
        """The 1-based line of the deepest part of ``path`` that exists."""
        node = self.root
        line = _own_line(node)
        for key in path:
            if isinstance(node, CommentedMap) and key in node:
                line = node.lc.key(key)[0] + 1
                node = node[key]
            elif isinstance(node, CommentedSeq) and isinstance(key, int) and 0 <= key < len(node):
                line = node.lc.item(key)[0] + 1
                node = node[key]
            else:
                break
        return line


def _own_line(node: Any) -> int:
    lc = getattr(node, "lc", None)
    return lc.line + 1 if lc is not None and lc.line is not None else 1


def _tag_of(node: Any) -> str | None:
    tag = getattr(node, "tag", None)
    value = getattr(tag, "value", tag)
    return value if isinstance(value, str) else None


def _tagged(node: Any, path: PathKey) -> Iterator[tuple[PathKey, str]]:
    tag = _tag_of(node)
    if tag not in _PLAIN_TAGS:
        yield path, str(tag)
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _tagged(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _tagged(value, (*path, index))


def plain(node: Any) -> Any:
    """Convert ruamel's round-trip objects into plain, immutable-friendly data."""
    if isinstance(node, dict):
        return {_plain_key(key): plain(value) for key, value in node.items()}
    if isinstance(node, list):
        return tuple(plain(value) for value in node)
    if isinstance(node, bool):
        return bool(node)
    if isinstance(node, int):
        return int(node)
    if isinstance(node, float):
        return float(node)
    if isinstance(node, str):
        return str(node)
    if node is None or isinstance(node, datetime.date):
        return node
    return str(node)


def _plain_key(key: Any) -> Any:
    return plain(key) if isinstance(key, (str, int, float, bool)) else str(key)


def read_yaml(path: Path) -> tuple[Any, SourceMap]:
    """Load ``path``; raise :class:`YamlReadError` with a line on any failure."""
    try:
        raw = path.read_bytes()
    except OSError as error:
        raise YamlReadError(0, f"cannot be read: {error.strerror or error}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw.count(b"\n", 0, error.start) + 1
        raise YamlReadError(
            line, f"not UTF-8 text (byte {error.start} cannot be decoded)"
        ) from None
    yaml = YAML(typ="rt", pure=True)
    yaml.allow_duplicate_keys = False
    try:
        document = yaml.load(text)
    except MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark is not None else 1
        reason = error.problem or error.context or "invalid YAML"
        if "duplicate key" in str(reason):
            reason = f"{reason}; each key may appear once"
        raise YamlReadError(line, f"invalid YAML: {reason}") from None
    except ReaderError as error:
        line = text.count("\n", 0, max(error.position, 0)) + 1
        raise YamlReadError(
            line, f"invalid YAML: character {error.character!r} is not allowed"
        ) from None
    except YAMLError as error:
        raise YamlReadError(1, f"invalid YAML: {error}") from None
    except RecursionError:
        raise YamlReadError(1, "invalid YAML: nested too deeply") from None
    source = SourceMap(document)
    try:
        for where, tag in _tagged(document, ()):
            raise YamlReadError(
                source.line_of(where), f"YAML tag {tag!r} is not allowed; write plain values"
            )
        return plain(document), source
    except RecursionError:
        raise YamlReadError(1, "invalid YAML: an alias refers to itself") from None
