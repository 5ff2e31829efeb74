"""Looking inside a view: every value a player's view holds, however nested.

Views should be plain frozen data (dataclasses, tuples, mappings, scalars) so
that a test can prove that nothing hidden leaks into them:

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class View:
...     hand: tuple[str, ...]
...     table: dict[str, list[str]]
>>> "5H" in list(walk(View(("AS",), {"discard": ["5H"]})))
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator, Mapping


def walk(value: object) -> Iterator[object]:
    """``value`` and everything inside it: dataclass fields, mapping keys and
    values, members of lists, tuples and sets; strings are not split."""
    seen: set[int] = set()
    stack: list[object] = [value]
    while stack:
        item = stack.pop()
        yield item
        if id(item) in seen or isinstance(item, str | bytes):
            continue
        seen.add(id(item))
        if dataclasses.is_dataclass(item) and not isinstance(item, type):
            stack.extend(getattr(item, field.name) for field in dataclasses.fields(item))
        elif isinstance(item, Mapping):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, Iterable) and not isinstance(item, type):
            stack.extend(item)


def leaked(view: object, hidden: Iterable[object]) -> list[object]:
    """The members of ``hidden`` found anywhere in ``view`` (empty if none)."""
    secrets = list(hidden)
    found = list(walk(view))
    return [secret for secret in secrets if any(secret == item for item in found)]
