"""Driving ``pnp play`` and ``pnp replay`` through the real command line, in process.

:func:`run` calls ``pnp.cli.main`` with the standard streams replaced: the
output is collected, and the input is either fixed text or a
:class:`Strategy`, which answers each prompt by reading the prompt (the last,
unfinished line of the output) and what was printed since the last answer,
as a person would.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

import pytest

from pnp.cli import main

#: Answers a prompt: (prompt, what was printed since the last answer) -> a line, or None for EOF.
Answer = Callable[[str, str], str | None]


class Strategy(io.TextIOBase):
    """An input stream that answers each prompt with ``answer`` (at most ``limit`` times)."""

    def __init__(self, answer: Answer, limit: int = 5000) -> None:
        self.answer = answer
        self.limit = limit
        self.output: io.StringIO | None = None
        self.answers = 0
        self._read_up_to = 0
        self.tty = False

    def readable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return self.tty

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        assert self.output is not None
        text = self.output.getvalue()
        recent, self._read_up_to = text[self._read_up_to :], len(text)
        # the prompt: the last thing written (a long prompt is wrapped over lines)
        last = getattr(self.output, "last", "")
        prompt = " ".join(last.split()) if last else text.rsplit("\n", 1)[-1]
        if self.answers >= self.limit:
            return ""
        self.answers += 1
        reply = self.answer(prompt.strip(), recent)
        # a terminal echoes what is typed onto its screen (the output, when that is it too)
        if reply is not None and self.tty and self.output.isatty():
            self.output.write(reply + "\n")
            self._read_up_to = len(self.output.getvalue())
        return "" if reply is None else reply + "\n"


class Lines(Strategy):
    """Fixed answers, one per prompt, then the end of the input."""

    def __init__(self, lines: Iterable[str], tty: bool = False) -> None:
        queue = list(lines)
        super().__init__(lambda prompt, recent: queue.pop(0) if queue else None)
        self.tty = tty


class Output(io.StringIO):
    """Collected output that remembers the last thing written (a prompt, when asked)."""

    last = ""

    def write(self, text: str) -> int:
        self.last = text
        return super().write(text)


class TerminalOutput(Output):
    """Collected output that says it is a terminal (so the screen can be covered)."""

    def isatty(self) -> bool:
        return True


@dataclass
class Result:
    status: int
    output: str
    errors: str

    @property
    def lines(self) -> list[str]:
        return self.output.splitlines()


def run(
    monkeypatch: pytest.MonkeyPatch,
    folder: Path,
    args: list[str],
    answers: Strategy | Iterable[str] = (),
    terminal_output: bool = False,
) -> Result:
    """``pnp ARGS`` in ``folder`` with ``answers`` as its input; status and output.

    Colour is off (``NO_COLOR``); with ``terminal_output`` the output claims to be
    a terminal, so a memory game covers the screen.
    """
    strategy = answers if isinstance(answers, Strategy) else Lines(answers)
    output = TerminalOutput() if terminal_output else Output()
    errors = io.StringIO()
    strategy.output = output
    with monkeypatch.context() as patch:
        patch.chdir(folder)
        patch.setenv("NO_COLOR", "1")
        patch.setenv("TERM", "xterm")
        patch.setattr(sys, "stdin", strategy)
        patch.setattr(sys, "stdout", output)
        patch.setattr(sys, "stderr", errors)
        status = main(args)
    return Result(status, output.getvalue(), errors.getvalue())
