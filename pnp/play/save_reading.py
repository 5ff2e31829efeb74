"""Reading a save a person names: only a regular file, of bounded size, depth and numbers.

A save comes from anywhere: a path typed on the command line may be a device (``/dev/zero``
never ends), a named pipe (reading it waits for a writer that may never come), a huge file,
or JSON built to break a reader (lists nested 200,000 deep, a number of 5,000 digits). Each
is refused with one sentence naming the file, the problem and the limit, before it can hang
the command, fill the memory or end in a traceback:

* the file is opened without blocking and checked to be a regular file before a byte is read;
* a file over :data:`MOST_BYTES` is refused by its size, and at most one byte more is read;
* the text must be UTF-8;
* lists and objects may nest :data:`DEEPEST` deep, and there may be :data:`MOST_CONTAINERS`
  of them (a save has six, two deep);
* a number may have :data:`MOST_DIGITS` digits and must be finite (no ``NaN``, no
  ``Infinity``, no ``1e999``).
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
from itertools import accumulate
from pathlib import Path
from typing import Any

#: The largest save read, in bytes. Measured: the longest real games are Chin Music's with six
#: players and five cards in hand, where every recitation is saved; 52 such games played with
#: ``--auto --save`` made saves of up to 5.9 MB (most are under 2 MB; other games' saves are
#: under 0.1 MB). 32 MB leaves five times that room and still bounds what a file can cost.
MOST_BYTES = 32 * 1024 * 1024
#: How deep lists and objects may nest (a save nests two deep).
DEEPEST = 32
#: How many lists and objects a save may hold (a save holds six).
MOST_CONTAINERS = 1000
#: The most digits a number in a save may have (a seed has up to 20).
MOST_DIGITS = 30

#: A JSON string, its escapes included.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
#: Everything that is not a bracket of a list or an object.
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


class UnreadableSave(ValueError):
    """A file that is not read as a save; the message is a sentence naming the file."""


class _BadNumber(ValueError):
    pass


def read_json_object(path: Path) -> dict[str, Any]:
    """The JSON object in ``path``, within the limits of the module docstring; raises
    :class:`UnreadableSave` saying what is wrong."""
    text = _text(path)
    _check_nesting(path, text)
    try:
        data = json.loads(
            text,
            parse_int=_whole_number,
            parse_float=_fraction,
            parse_constant=_constant,
        )
    except _BadNumber as error:
        raise UnreadableSave(f"{path} is not a saved game: {error}") from None
    except json.JSONDecodeError as error:
        raise UnreadableSave(
            f"{path}: not a saved game (invalid JSON at line {error.lineno}: {error.msg})"
        ) from None
    except RecursionError:  # the nesting was checked; this is only a last guard
        raise UnreadableSave(f"{path} is not a saved game: it nests too deep") from None
    if not isinstance(data, dict):
        raise UnreadableSave(f"{path}: not a saved game (expected a JSON object)")
    return data


def _text(path: Path) -> str:
    """The text of ``path``, opened without blocking; only a regular file of at most
    :data:`MOST_BYTES` bytes of UTF-8."""
    try:
        # A device is not even opened (opening some has effects); what is opened is checked
        # again, in case the path changed in between.
        _check_kind(path, os.stat(path).st_mode)
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    except FileNotFoundError:
        raise UnreadableSave(f"{path}: no such file") from None
    except OSError as error:
        raise UnreadableSave(f"{path}: cannot be read ({error.strerror or error})") from None
    try:
        status = os.fstat(descriptor)
        _check_kind(path, status.st_mode)
        if status.st_size > MOST_BYTES:
            raise UnreadableSave(_too_large(path, status.st_size))
        data = _read_at_most(descriptor, MOST_BYTES + 1)  # the file may have grown since
    except OSError as error:
        raise UnreadableSave(f"{path}: cannot be read ({error.strerror or error})") from None
    finally:
        os.close(descriptor)
    if len(data) > MOST_BYTES:
        raise UnreadableSave(_too_large(path, len(data)))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise UnreadableSave(
            f"{path} is not a saved game: it is not UTF-8 text (byte {error.start + 1})"
        ) from None


def _read_at_most(descriptor: int, most: int) -> bytes:
    """Up to ``most`` bytes from ``descriptor``, to its end."""
    data = bytearray()
    while len(data) < most:
        chunk = os.read(descriptor, min(most - len(data), 1 << 20))
        if not chunk:
            break
        data += chunk
    return bytes(data)


def _check_kind(path: Path, mode: int) -> None:
    if not stat.S_ISREG(mode):
        raise UnreadableSave(
            f"{path} is {_kind(mode)}, not a file: a save is a file that pnp play wrote"
        )


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def _too_large(path: Path, size: int) -> str:
    return (
        f"{path} is not read as a saved game: it has {size:,} bytes, and a save may have at "
        f"most {MOST_BYTES:,} ({MOST_BYTES // 2**20} MB)"
    )


def _check_nesting(path: Path, text: str) -> None:
    """Refuse lists and objects nested deeper than :data:`DEEPEST` or more than
    :data:`MOST_CONTAINERS` of them, counted outside strings before the JSON is parsed."""
    outside = _STRING.sub("", text)
    # An unclosed string: the parser stops there, so the brackets after it do not count.
    outside = outside.split('"', 1)[0]
    brackets = _NOT_BRACKET.sub("", outside)
    deepest = max(accumulate(map(_STEP.__getitem__, brackets)), default=0)
    if deepest > DEEPEST:
        raise UnreadableSave(
            f"{path} is not a saved game: its lists and objects nest {deepest} deep, and a "
            f"save's may nest at most {DEEPEST} deep"
        )
    containers = brackets.count("[") + brackets.count("{")
    if containers > MOST_CONTAINERS:
        raise UnreadableSave(
            f"{path} is not a saved game: it holds {containers:,} lists and objects, and a "
            f"save may hold at most {MOST_CONTAINERS:,}"
        )


def _check_digits(text: str) -> None:
    digits = sum(map(str.isdigit, text))
    if digits > MOST_DIGITS:
        raise _BadNumber(
            f"it holds a number of {digits:,} digits, and a save's numbers have at most "
            f"{MOST_DIGITS}"
        )


def _whole_number(text: str) -> int:
    _check_digits(text)
    return int(text)


def _fraction(text: str) -> float:
    _check_digits(text)
    value = float(text)
    if not math.isfinite(value):
        raise _BadNumber(f"it holds a number too large to be finite ({text})")
    return value


def _constant(text: str) -> float:
    raise _BadNumber(f"it holds {text}, which is not a number a save can hold")
