"""Names from outside the program, made safe to print: every printer of a name that comes
from data, a save, a file or a folder name shows it through :func:`visible`.

A terminal obeys the control characters in what it prints (an escape sequence can retitle
the window or clear the screen) and a bidirectional override turns the rest of the line
round, so such characters are never printed as they are: each becomes a visible mark that
names it, ``<U+202E>``, and everything else is left as written.

>>> visible("x\\x1b]0;PWNED\\x07y")
'x<U+001B>]0;PWNED<U+0007>y'
>>> visible("Ana\\u202eneB")
'Ana<U+202E>neB'
>>> visible("Chinchón ♥")
'Chinchón ♥'
"""

from __future__ import annotations

import re
import unicodedata

#: Categories never printed as they are: controls, invisible formatting (the bidirectional
#: marks, overrides and isolates among them), line and paragraph separators, surrogates,
#: private-use and unassigned code points.
HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"})

#: The rule a game's id (its folder name) and a card's id follow.
ID_PATTERN = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"
ID_RULE = "lowercase letters a-z, digits and single hyphens between them (like 'my-game')"
_ID = re.compile(ID_PATTERN)


def is_hidden(character: str) -> bool:
    """Whether ``character`` is one :func:`visible` shows as a mark."""
    return unicodedata.category(character) in HIDDEN_CATEGORIES


def visible(text: object, newlines: bool = False) -> str:
    """``text`` with every control, formatting and other invisible character shown as
    ``<U+XXXX>``; with ``newlines``, a line break stays a line break."""
    return "".join(
        f"<U+{ord(character):04X}>"
        if is_hidden(character) and not (newlines and character == "\n")
        else character
        for character in str(text)
    )


def is_id(text: str) -> bool:
    """Whether ``text`` is a valid id of a game or a card (see :data:`ID_RULE`)."""
    return _ID.fullmatch(text) is not None
