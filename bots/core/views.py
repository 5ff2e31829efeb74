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
    """The members of ``hidden`` found anywhere in ``view`` (empty if none).

    Hashable values are looked up in a set (a view holds hundreds of values and a
    game checks thousands of views); values that cannot be hashed are compared one
    by one, so the answer is the same as comparing every pair.
    """
    secrets = list(hidden)
    seen: set[object] = set()
    unhashable: list[object] = []
    for item in walk(view):
        try:
            seen.add(item)
        except TypeError:
            unhashable.append(item)
    found = []
    for secret in secrets:
        try:
            hit = secret in seen
        except TypeError:
            hit = False
        if hit or any(secret == item for item in unhashable):
            found.append(secret)
    return found
