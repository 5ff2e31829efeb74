"""Checks on a composed YAML document before any value is constructed.

Composing a document builds its node graph, in which an alias is the very
node it refers to, so nothing has been expanded yet. This module walks that
graph once (each node once, whatever the number of aliases to it) and refuses
what would make loading slow or unsafe: too many aliases, too many values
once the aliases are written out, an alias inside the value it names, text
that is too long or holds control characters, and YAML tags. Where a file is
refused, its unknown top-level keys are named too, so one run tells all.
"""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from typing import Any

from ruamel.yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from pnp.catalog.limits import Limits

PLAIN_TAGS = frozenset(
    {
        "tag:yaml.org,2002:map",
        "tag:yaml.org,2002:seq",
        "tag:yaml.org,2002:str",
        "tag:yaml.org,2002:int",
        "tag:yaml.org,2002:float",
        "tag:yaml.org,2002:bool",
        "tag:yaml.org,2002:null",
        "tag:yaml.org,2002:timestamp",
        "tag:yaml.org,2002:merge",
    }
)


#: At most this many unknown keys of one file are named; the rest are counted.
NAMED_KEYS = 20


@dataclass(frozen=True, order=True)
class Finding:
    """One problem in a file: its 1-based line and a sentence."""

    line: int
    message: str


def line_of(node: Node) -> int:
    mark = getattr(node, "start_mark", None)
    return int(mark.line) + 1 if mark is not None else 1


def tag_of(node: Node) -> str:
    tag = getattr(node, "tag", None)
    value = getattr(tag, "value", tag)
    return str(value) if value is not None else ""


def character_name(character: str) -> str:
    """``U+2615 HOT BEVERAGE``; a character without a name gets its category."""
    code = f"U+{ord(character):04X}"
    name = unicodedata.name(character, "")
    if not name:
        category = unicodedata.category(character)
        name = {
            "Cc": "a control character",
            "Cs": "a lone surrogate",
            "Co": "a private-use character",
            "Cn": "an unassigned code point",
        }.get(category, f"category {category}")
    return f"{code} {name}"


def bad_characters(text: str) -> list[str]:
    """Characters no card data should hold: controls (a line break aside) and
    lone surrogates, each named once in order of appearance."""
    found: list[str] = []
    for character in text:
        if character == "\n" or character in found:
            continue
        if unicodedata.category(character) in ("Cc", "Cs"):
            found.append(character)
    return found


def _children(node: Node) -> Iterator[Node]:
    if isinstance(node, SequenceNode):
        yield from node.value
    elif isinstance(node, MappingNode):
        for key, value in node.value:
            yield key
            yield value


def inspect(root: Node | None, limits: Limits, keys: Collection[str] | None) -> list[Finding]:
    """Every structural problem of the document at ``root``.

    ``keys``, when given, are the top-level keys the file may have; unknown
    ones are reported only along with a structural problem (otherwise the
    schema reports them, with its suggestions).
    """
    if root is None:
        return []
    findings: list[Finding] = []
    sizes: dict[int, int] = {}
    open_nodes: set[int] = set()
    aliases = 0
    first_alias = 0
    stack: list[tuple[Node, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        ident = id(node)
        if done:
            open_nodes.discard(ident)
            sizes[ident] = 1 + sum(sizes.get(id(child), 0) for child in _children(node))
            continue
        if ident in sizes or ident in open_nodes:
            aliases += 1
            first_alias = first_alias or line_of(node)
            if ident in open_nodes:
                findings.append(
                    Finding(line_of(node), "an alias refers to the value that contains it")
                )
                break
            if aliases == limits.aliases + 1:
                findings.append(
                    Finding(
                        line_of(node),
                        f"more than {limits.aliases:,} uses of aliases (*name) in one file; "
                        "write the values out",
                    )
                )
            continue
        findings.extend(_node_findings(node, limits))
        open_nodes.add(ident)
        stack.append((node, True))
        stack.extend((child, False) for child in reversed(list(_children(node))))
    total = sizes.get(id(root), 1)  # unknown (1) when the walk stopped at a loop
    if total > limits.values:
        written_out = " once its aliases are written out" if aliases else ""
        findings.append(
            Finding(
                first_alias or 1,
                f"holds {total:,} values{written_out}; at most {limits.values:,} are allowed "
                "in one file",
            )
        )
    if findings and keys is not None:
        findings.extend(unknown_keys(root, keys))
    return sorted(set(findings))


def _node_findings(node: Node, limits: Limits) -> Iterator[Finding]:
    tag = tag_of(node)
    if tag and tag not in PLAIN_TAGS:
        yield Finding(line_of(node), f"YAML tag {tag!r} is not allowed; write plain values")
    if isinstance(node, ScalarNode):
        text = str(node.value)
        if node.style == ">":  # ruamel marks the folds of a folded scalar with U+0007
            text = text.replace("\a", "")
        if len(text) > limits.text_characters:
            yield Finding(
                line_of(node),
                f"a value of {len(text):,} characters; at most {limits.text_characters:,} "
                "are allowed",
            )
            return
        bad = bad_characters(text)
        if bad:
            names = ", ".join(character_name(c) for c in bad)
            yield Finding(
                line_of(node),
                f"holds {names}; card data is plain text (a line break is the only "
                "control character allowed)",
            )


def unknown_keys(root: Node, keys: Collection[str]) -> Iterator[Finding]:
    """The top-level keys of ``root`` that are not in ``keys``, each with a hint."""
    if not isinstance(root, MappingNode):
        return
    unknown = [
        (key, key.value if isinstance(key, ScalarNode) else None)
        for key, _ in root.value
        if not (isinstance(key, ScalarNode) and key.value in keys)
    ]
    for key, name in unknown[:NAMED_KEYS]:
        shown = short(name) if isinstance(name, str) else "a key that is not text"
        yield Finding(line_of(key), f"unknown key {shown}{_hint(name, keys)}")
    if len(unknown) > NAMED_KEYS:
        more = len(unknown) - NAMED_KEYS
        yield Finding(line_of(unknown[NAMED_KEYS][0]), f"and {more:,} more unknown keys")


def short(text: str) -> str:
    """A key as quoted in a message, shortened when long."""
    quoted = repr(text)
    return quoted if len(quoted) <= 40 else quoted[:37] + "..."


def _hint(name: Any, keys: Collection[str]) -> str:
    known = sorted(keys)
    if isinstance(name, str):
        close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
        if close:
            return f" (did you mean {close[0]!r}?)"
    if len(known) == 1:
        return f"; this file holds one key, {known[0]!r}"
    return f" (known keys: {', '.join(known)})"
