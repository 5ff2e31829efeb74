"""The terminal a person plays at: lines out, answers in, colour only as a help.

A :class:`Terminal` wraps an input and an output stream (the real console, or
text streams in tests). It never raises on bad input: :meth:`Terminal.ask`
returns the line typed, or raises :class:`EndOfInput` at the end of the input
and :class:`Interrupted` for Ctrl-C, which the play session turns into a clean
ending with an offer to save.

Colour is used only when the output is a terminal and ``NO_COLOR`` is not set,
and it never carries meaning alone: suits are always written as symbols (or
letters, when the output cannot show the symbols). Text is wrapped to fit an
80-column terminal.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Literal, TextIO

#: Columns of an 80-column terminal, less one: the width when none can be found.
WIDTH = 79
#: The narrowest width text is wrapped to, however narrow the terminal says it is.
NARROWEST = 30

_CONTROL = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]")
#: Control characters that move the cursor or change the terminal (not tab or newline).
_UNSAFE = re.compile(
    r"\x1b\[[0-9;?]*[ -/]*[@-~]"  # a CSI sequence (colour, cursor, clearing)
    r"|\x1b[\]P^_].*?(?:\x07|\x1b\\)"  # an OSC, DCS, PM or APC string
    r"|[\x00-\x08\x0b-\x1f\x7f-\x9f]"  # any other control character
)


#: The columns of text told within :func:`unwrapped` (no line is that long).
UNWRAPPED = 1_000_000
_columns_told: ContextVar[int | None] = ContextVar("columns_told", default=None)


@contextmanager
def unwrapped() -> Iterator[None]:
    """Within it, text is told in whole lines, wrapped nowhere: for a page in the browser,
    which wraps text to its own width (a sentence wrapped for a terminal would come as
    several events)."""
    token = _columns_told.set(UNWRAPPED)
    try:
        yield
    finally:
        _columns_told.reset(token)


def columns() -> int:
    """The columns text is wrapped to: the real terminal's width less one (within
    :func:`unwrapped`: no wrapping)."""
    told = _columns_told.get()
    if told is not None:
        return told
    return max(NARROWEST, shutil.get_terminal_size((WIDTH + 1, 24)).columns - 1)


def visible_width(text: str) -> int:
    """How many columns ``text`` takes on the screen (colour codes take none)."""
    return len(_CONTROL.sub("", text))


def printable(text: str) -> str:
    """``text`` with every terminal control sequence and control character removed: for
    text from a file (a player's name in a save) that must never drive the terminal."""
    return _UNSAFE.sub("", text)


Style = Literal["name", "prompt", "red", "title", "dim", "good", "bad"]

_CODES: dict[Style, str] = {
    "name": "1",  # bold
    "prompt": "1;36",  # bold cyan
    "red": "31",
    "title": "1;4",  # bold, underlined
    "dim": "2",
    "good": "32",
    "bad": "33",
}


class EndOfInput(Exception):
    """The input ended (end of file, or Ctrl-D at a terminal)."""


class Interrupted(Exception):
    """The player pressed Ctrl-C."""


def wants_colour(stream: TextIO, environ: dict[str, str] | None = None) -> bool:
    """Whether to colour ``stream``: only a terminal, and never when ``NO_COLOR`` is set."""
    environ = dict(os.environ) if environ is None else environ
    if environ.get("NO_COLOR"):
        return False
    if environ.get("TERM") == "dumb":
        return False
    return _is_tty(stream)


def can_show(stream: TextIO, text: str) -> bool:
    """Whether ``stream``'s encoding can write ``text`` (text streams without one can)."""
    encoding = getattr(stream, "encoding", None)
    if not encoding:
        return True
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


#: The most of a typed answer that is echoed or quoted back.
ECHOED = 60


def shown(text: str, most: int = ECHOED) -> str:
    """A typed answer as it is echoed or quoted: printable, and cut to ``most`` characters
    with ``…`` when it is longer."""
    text = printable(text)
    return text if len(text) <= most else text[: most - 1] + "…"


def quoted(text: str) -> str:
    """A typed answer in quotes for a message (see :func:`shown`)."""
    return repr(shown(text))


def sentence(text: str) -> str:
    """A sentence that ends in a name with its own mark (``Swoosh!.``) ends once."""
    for mark in ("!", "?"):
        text = text.replace(f"{mark}.", mark)
    return text


def wrap(text: str, indent: str = "", bullet: bool = False, width: int | None = None) -> list[str]:
    """``text`` as lines that fit ``width`` (default: :func:`columns`) by their visible
    width, the lines after the first indented two more columns (a ``bullet`` item: as
    deep as its text). A word longer than a line is cut."""
    width = columns() if width is None else width
    indent += text[: len(text) - len(text.lstrip())]  # a paragraph's own indent stays
    later = " " * len(indent) if bullet else indent + "  "
    lines: list[str] = []
    line, used = indent, visible_width(indent)
    fresh = True
    for word in text.split():
        size = visible_width(word)
        if not fresh and used + 1 + size > width:
            lines.append(line)
            line, used, fresh = later, len(later), True
        if fresh:
            while used + size > width and size > 0 and visible_width(word) == len(word):
                room = max(1, width - used)
                lines.append(line + word[:room])
                word, size = word[room:], size - room
                line, used = later, len(later)
            line, used, fresh = line + word, used + size, False
        else:
            line, used = line + " " + word, used + 1 + size
    if not fresh or not lines:
        lines.append(line if not fresh else line.rstrip() or "")
    return [entry.rstrip() for entry in lines] or [""]


def fit_row(head: str, tail: str, width: int | None = None) -> list[str]:
    """A table row, ``head`` (the fixed columns) then ``tail`` (the last, free-text
    column), that fits ``width`` (default: :func:`columns`): when it is too long the tail
    goes on under its own column, so the terminal never breaks the row in the middle."""
    width = columns() if width is None else width
    row = (head + tail).rstrip()
    indent = visible_width(head)
    if visible_width(row) <= width or indent >= width - 10:
        return [row]
    pad = " " * indent
    lines = wrap(tail, width=width - indent)
    lines = [line.removeprefix("  ") if n else line for n, line in enumerate(lines)]
    return [head + lines[0]] + [pad + line for line in lines[1:]]


def rule(heading: str, longest: int) -> str:
    """``heading`` followed by a line of ``─`` to ``longest`` columns, or to the
    terminal's width when it is narrower."""
    return heading + "─" * max(0, min(longest, columns()) - visible_width(heading))


def _is_tty(stream: object) -> bool:
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty()) if callable(isatty) else False
    except (OSError, ValueError):
        return False


class Terminal:
    """Lines out to ``output``, answers in from ``input``.

    ``colour`` and ``symbols`` default to what the output can show.
    """

    def __init__(
        self,
        input: TextIO,
        output: TextIO,
        colour: bool | None = None,
        symbols: bool | None = None,
    ) -> None:
        self.input = input
        self.output = output
        self.colour = wants_colour(output) if colour is None else colour
        self.symbols = can_show(output, "♠♥♦♣·—") if symbols is None else symbols
        #: Set once the input has ended: later questions do not wait for it.
        self.at_end = False

    @property
    def width(self) -> int:
        """The columns text is wrapped to (see :func:`columns`)."""
        return columns()

    @property
    def can_cover(self) -> bool:
        """Whether the screen can be cleared (the output is a terminal that takes ANSI codes)."""
        return _is_tty(self.output) and os.environ.get("TERM") != "dumb"

    def cover(self) -> None:
        """Clear the screen and what scrolled off it, so that what was seen is gone."""
        if self.can_cover:
            self._write("\x1b[H\x1b[2J\x1b[3J")

    @property
    def is_interactive(self) -> bool:
        """Whether a person types the answers (the input is a terminal)."""
        return _is_tty(self.input)

    def paint(self, text: str, style: Style) -> str:
        """``text`` in ``style`` when colour is on, else unchanged."""
        if not self.colour or not text:
            return text
        return f"\x1b[{_CODES[style]}m{text}\x1b[0m"

    def say(self, text: str = "") -> None:
        """Write ``text`` (one or more lines, already fitted to the width)."""
        self._write(text + "\n")

    def say_wrapped(self, text: str, indent: str = "") -> None:
        """Write ``text`` as a paragraph wrapped to the width (no colour codes inside)."""
        self.say("\n".join(wrap(text, indent)))

    def say_lines(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.say(line)

    def ask(self, prompt: str) -> str:
        """Show ``prompt`` and return the line typed (without its line break).

        Raises :class:`EndOfInput` at the end of the input and :class:`Interrupted`
        for Ctrl-C. When the input is not a terminal, or the output is not the terminal
        typed at (``pnp replay LOG > file``), the answer is echoed, so a transcript reads
        like a session and nothing is printed on the prompt's line.
        """
        if self.at_end:
            raise EndOfInput
        # a long prompt wrapped to the terminal, its last line on the answer's line (written
        # at once, so that a script reading the output sees the prompt whole)
        lines = wrap(prompt) if visible_width(prompt) > columns() else [prompt]
        self._write("\n".join(self.paint(line, "prompt") for line in lines) + " ")
        try:
            line = self.input.readline()
        except KeyboardInterrupt:
            self._write("\n")
            raise Interrupted from None
        if not line:
            self.at_end = True
            self._write("\n")
            raise EndOfInput
        answer = line.rstrip("\r\n")
        if not self.is_interactive or not _is_tty(self.output):
            # the terminal echoed nothing into this output (the input is not a terminal, or
            # the output goes to a file or a pipe): the answer here, and the next line starts
            # on a line of its own rather than on the prompt's
            self._write(shown(answer) + "\n")
        return answer

    def _write(self, text: str) -> None:
        if not self.symbols:
            text = to_ascii(text)
            encoding = getattr(self.output, "encoding", None)
            if encoding:
                text = text.encode(encoding, "replace").decode(encoding)
        self.output.write(text)
        self.output.flush()


_ASCII = str.maketrans({"·": "-", "─": "-", "—": "-", "\u2013": "-", "…": "..."})


def to_ascii(text: str) -> str:
    """``text`` with the punctuation an old terminal cannot show replaced."""
    return text.translate(_ASCII)
