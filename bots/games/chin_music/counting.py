"""Which recited cards earn their Boast in a fight (the rules' "which cards count").

Given the stack from bottom to top and the words a fighter recited:

1. words that are not in the stack are ignored;
2. cards named more than once never count;
3. among the cards named exactly once, taken in the order they were said, a
   card counts if it belongs to **every** longest run of them that follows the
   stack's order.

So a missed card is lost and the rest still count; a card said out of place
loses only itself; two cards swapped both lose.

>>> counted_cards("A B C D".split(), "D A B C".split())
('A', 'B', 'C')
>>> counted_cards("A B C D".split(), "A C B D".split())
('A', 'D')

Words are compared as they sound (:func:`spoken`): capitals, punctuation and
spaces do not matter, so ``"oh yeah"`` names *Oh Yeah?*.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

_NOT_SPOKEN = re.compile(r"[^a-z0-9]")


@lru_cache(maxsize=4096)
def spoken(word: str) -> str:
    """``word`` as it sounds when said aloud: lower case, letters and digits only.

    >>> spoken("Oh Yeah?") == spoken("oh yeah")
    True
    """
    return _NOT_SPOKEN.sub("", word.casefold())


def counted_positions(named: Sequence[int]) -> frozenset[int]:
    """The stack positions that count, from the positions named, in the order said.

    ``named`` lists the stack position (0 = bottom) of each card named exactly
    once, in the order it was said; the positions are all different. A
    position counts if it is part of every longest increasing run of
    ``named``.

    >>> sorted(counted_positions([3, 0, 1, 2]))
    [0, 1, 2]
    >>> sorted(counted_positions([0, 2, 1, 3]))
    [0, 3]
    """
    size = len(named)
    if all(named[i] < named[i + 1] for i in range(size - 1)):
        return frozenset(named)  # in order (perhaps with cards missed): all count
    ending = [1] * size  # longest increasing run ending at i
    for i in range(size):
        for j in range(i):
            if named[j] < named[i] and ending[j] >= ending[i]:
                ending[i] = ending[j] + 1
    starting = [1] * size  # longest increasing run starting at i
    for i in range(size - 1, -1, -1):
        for j in range(i + 1, size):
            if named[j] > named[i] and starting[j] >= starting[i]:
                starting[i] = starting[j] + 1
    longest = max(ending)
    on_some = [i for i in range(size) if ending[i] + starting[i] - 1 == longest]
    # On every longest run exactly when no other card on a longest run could
    # take its place there: its place (the run length up to it) is its alone.
    places = Counter(ending[i] for i in on_some)
    return frozenset(named[i] for i in on_some if places[ending[i]] == 1)


def named_once(stack_keys: Sequence[str], recited_keys: Sequence[str]) -> list[int]:
    """Stack positions of the cards named exactly once, in the order they were said."""
    where = {key: position for position, key in enumerate(stack_keys)}
    times = Counter(recited_keys)
    return [where[key] for key in recited_keys if key in where and times[key] == 1]


def counted_cards(stack_words: Sequence[str], recited_words: Sequence[str]) -> tuple[str, ...]:
    """The words of the stack cards that count for ``recited_words``, in stack order.

    ``stack_words`` is the stack from bottom to top. Words match as they sound
    (:func:`spoken`); the result uses the stack's spelling.

    >>> counted_cards(["Swell!", "Moxie", "Jake"], ["swell", "jake", "Bully!"])
    ('Swell!', 'Jake')
    >>> counted_cards(["Swell!", "Moxie", "Jake"], ["Swell!", "Moxie", "Swell!", "Jake"])
    ('Moxie', 'Jake')
    """
    stack_keys = [spoken(word) for word in stack_words]
    if len(set(stack_keys)) != len(stack_keys):
        raise ValueError("the stack names a card twice; every card's word must be different")
    named = named_once(stack_keys, [spoken(word) for word in recited_words])
    counted = counted_positions(named)
    return tuple(word for position, word in enumerate(stack_words) if position in counted)
