"""Reading YAML safely while remembering where every value stood.

ruamel.yaml's round-trip loader keeps the line of every key and item. The
document is composed and checked first (size, depth, aliases, text, tags: see
:mod:`pnp.catalog.yamlguard`), so hostile files are refused before any value
is built. :func:`read_yaml` returns plain data (dicts, tuples, str, int, float,
bool, None) for validation plus a :class:`SourceMap` that turns a path inside
the data, such as ``("cards", 3, "boast")``, back into a line number.
"""

from __future__ import annotations

import datetime
import stat
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.composer import MaxDepthExceededError
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.nodes import MappingNode, ScalarNode, SequenceNode
from ruamel.yaml.reader import ReaderError

from pnp.catalog.limits import KIB, LIMITS, Limits
from pnp.catalog.yamlguard import Finding, character_name, inspect, line_of

PathKey = tuple[str | int, ...]


class YamlReadError(Exception):
    """The file could not be read as YAML. ``findings`` holds every problem
    found before giving up, each with its line (0 when the whole file is meant)."""

    def __init__(self, findings: Sequence[Finding]) -> None:
        self.findings = tuple(findings)
        super().__init__("; ".join(finding.message for finding in self.findings))


class Locations(Protocol):
    """Where the values of a loaded file stood: a YAML document's lines
    (:class:`SourceMap`), or a spreadsheet's rows and columns
    (:class:`pnp.catalog.cells.SheetMap`)."""

    def line_of(self, path: PathKey) -> int:
        """The line (the row in a spreadsheet) of the value at ``path``."""
        ...

    def place_of(self, path: PathKey) -> str:
        """Where the value stands in words when a line cannot say it (empty in YAML)."""
        ...


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

    def place_of(self, path: PathKey) -> str:
        """Nothing: in YAML the line says where."""
        return ""


def _own_line(node: Any) -> int:
    lc = getattr(node, "lc", None)
    return lc.line + 1 if lc is not None and lc.line is not None else 1


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


def _read_bytes(path: Path, limits: Limits) -> bytes:
    """The file's bytes, refusing anything that is not a regular file or is too large."""
    try:
        status = path.stat()
        if not stat.S_ISREG(status.st_mode):
            raise YamlReadError([Finding(0, "is not a regular file")])
        if status.st_size > limits.file_bytes:
            raise YamlReadError([_too_large(status.st_size, limits)])
        with path.open("rb") as stream:
            raw = stream.read(limits.file_bytes + 1)
    except OSError as error:
        raise YamlReadError([Finding(0, f"cannot be read: {error.strerror or error}")]) from None
    if len(raw) > limits.file_bytes:
        raise YamlReadError([_too_large(len(raw), limits)])
    return raw


def _too_large(size: int, limits: Limits) -> Finding:
    return Finding(
        0,
        f"has {size / KIB:,.0f} KiB; a card data file may have at most "
        f"{limits.file_bytes / KIB:,.0f} KiB",
    )


def read_yaml(
    path: Path, limits: Limits = LIMITS, keys: Collection[str] | None = None
) -> tuple[Any, SourceMap]:
    """Load ``path``; raise :class:`YamlReadError` with located findings on any failure.

    The document is composed and checked against ``limits`` before any value
    is constructed (see :mod:`pnp.catalog.yamlguard`); ``keys`` are the
    top-level keys the file may have, named when the file is refused.
    """
    raw = _read_bytes(path, limits)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw.count(b"\n", 0, error.start) + 1
        raise YamlReadError(
            [Finding(line, f"not UTF-8 text (byte {error.start} cannot be decoded)")]
        ) from None
    yaml = YAML(typ="rt", pure=True)
    yaml.allow_duplicate_keys = False
    yaml.max_depth = limits.depth + 1  # a scalar counts as a level of its own
    constructor: Any = None
    root: Any = None
    try:
        constructor, _ = yaml.get_constructor_parser(text)
        root = constructor.composer.get_single_node()
        findings = inspect(root, limits, keys)
        if findings:
            raise YamlReadError(findings)
        document = constructor.construct_document(root) if root is not None else None
    except MaxDepthExceededError as error:
        line = error.problem_mark.line + 1 if error.problem_mark is not None else 1
        raise YamlReadError(
            [Finding(line, f"nested more than {limits.depth} levels deep")]
        ) from None
    except MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark is not None else 1
        reason = error.problem or error.context or "invalid YAML"
        if "duplicate key" in str(reason):
            reason = f"{reason}; each key may appear once"
        raise YamlReadError([Finding(line, f"invalid YAML: {reason}")]) from None
    except ReaderError as error:
        line = text.count("\n", 0, max(error.position, 0)) + 1
        code = error.character
        named = character_name(chr(code)) if isinstance(code, int) else repr(code)
        raise YamlReadError(
            [Finding(line, f"invalid YAML: {named} is not allowed in card data")]
        ) from None
    except YAMLError as error:
        raise YamlReadError([Finding(1, f"invalid YAML: {error}")]) from None
    except (ValueError, OverflowError) as error:
        raise YamlReadError([_bad_value(root, error)]) from None
    except RecursionError:
        raise YamlReadError([Finding(1, "invalid YAML: nested too deeply")]) from None
    return plain(document), SourceMap(document)


def _bad_value(root: Any, error: Exception) -> Finding:
    """The plain scalar whose value could not be made (a date like 2026-13-45), located."""
    stack = [root]
    while stack:
        node = stack.pop()
        if isinstance(node, ScalarNode) and node.style is None:
            try:
                YAML(typ="rt", pure=True).load(str(node.value))
            except (ValueError, OverflowError) as failure:
                return Finding(line_of(node), f"{node.value!r} is not a valid value: {failure}")
        elif isinstance(node, SequenceNode):
            stack.extend(node.value)
        elif isinstance(node, MappingNode):
            stack.extend(part for pair in node.value for part in pair)
    return Finding(1, f"a value is not valid: {error}")
