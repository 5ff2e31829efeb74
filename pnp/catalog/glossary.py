"""A game's glossary, ``cards/<game>/glossary.yaml``: the words its rules use and what
they mean, for the site's glossary page, the hover texts on every page of the site and
the terms at the back of the game's rules booklet.

```yaml
terms:
  - {term: Boast, meaning: "The number on the front of a Bout card: how loudly you brag."}
```

A term is matched in the pages as written (case matters), as a whole word.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from pathlib import Path
from typing import Any

from pydantic import Field, ValidationError, field_validator

from pnp.catalog.base import Model, Text
from pnp.catalog.checks import RecordCheck
from pnp.catalog.limits import Limits
from pnp.catalog.messages import field_errors, shown
from pnp.catalog.yamlsource import PathKey, SourceMap

#: The glossary's file in a game folder.
GLOSSARY_FILE = "glossary.yaml"
#: The kind a record check is told for a glossary term (:mod:`pnp.catalog.checks`).
GLOSSARY_KIND = "glossary-term"
#: The one key of the file.
TERMS = "terms"

#: Reads a YAML file expecting these top-level keys: its data and where each value stood,
#: or None when it cannot be read (the reader reported why).
Read = Callable[[Path, Collection[str]], "tuple[Any, SourceMap] | None"]
#: Reports a problem: file, line, record, field path, message.
Add = Callable[[Path, int, str, PathKey, str], None]


class GlossaryTerm(Model):
    """A word of the rules and what it means."""

    term: Text
    meaning: Text

    @field_validator("term")
    @classmethod
    def _one_line(cls, term: str) -> str:
        # the site's hover texts are Markdown abbreviations: *[term]: meaning
        if any(character in term for character in "[]\n\r"):
            raise ValueError(
                f"a term is written on one line without square brackets, got {shown(term)}"
            )
        return term


class GlossaryFile(Model):
    """The form of ``glossary.yaml`` as a whole (for its JSON Schema; the loader reads it
    term by term, to report each term's problems on its line)."""

    terms: tuple[GlossaryTerm, ...] = Field(min_length=1)


def load_glossary(
    path: Path, read: Read, add: Add, limits: Limits, checks: Sequence[RecordCheck] = ()
) -> tuple[GlossaryTerm, ...] | None:
    """The terms of ``path``, in the file's order; None when any is wrong (every problem
    reported through ``add``, each with its line)."""
    loaded = read(path, (TERMS,))
    if loaded is None:
        return None
    data, source = loaded
    if not isinstance(data, Mapping) or TERMS not in data:
        found = f"keys {', '.join(map(str, data))}" if isinstance(data, Mapping) else shown(data)
        add(path, 1, "", (), f"expected one key, {TERMS!r}, holding a list of terms; found {found}")
        return None
    problems = 0
    for key in (key for key in data if key != TERMS):
        add(path, source.line_of((key,)), "", (), f"unknown key {shown(str(key))}; this file "
            f"holds one key, {TERMS!r}")  # fmt: skip
        problems += 1
    items = data[TERMS]
    if not isinstance(items, tuple) or not items:
        got = "an empty list" if items == () else shown(items)
        add(path, source.line_of((TERMS,)), "", (TERMS,), f"expected a non-empty list, got {got}")
        return None
    if len(items) > limits.records:
        add(path, source.line_of((TERMS,)), "", (TERMS,), f"holds {len(items):,} terms; at "
            f"most {limits.records:,} are allowed")  # fmt: skip
        return None
    terms: list[GlossaryTerm] = []
    first: dict[str, int] = {}
    for index, item in enumerate(items):
        where = (TERMS, index)
        label = _label(item, index)
        try:
            term = GlossaryTerm.model_validate(item)
        except ValidationError as error:
            for problem in field_errors(error, item, GlossaryTerm):
                add(path, source.line_of((*where, *problem.path)), label, problem.path,
                    problem.message)  # fmt: skip
                problems += 1
            continue
        for check in checks:
            for issue in check(GLOSSARY_KIND, term):
                add(path, source.line_of((*where, *issue.field)), label, issue.field,
                    issue.message)  # fmt: skip
                problems += 1
        earlier = first.setdefault(term.term, index)
        if earlier != index:
            line = source.line_of((TERMS, earlier))
            add(path, source.line_of((*where, "term")), label, ("term",),
                f"the same term is already explained on line {line}")  # fmt: skip
            problems += 1
        terms.append(term)
    return None if problems else tuple(terms)


def _label(item: Any, index: int) -> str:
    if isinstance(item, Mapping) and isinstance(item.get("term"), str) and item["term"]:
        return f"term {item['term']!r}"
    return f"term #{index + 1}"
