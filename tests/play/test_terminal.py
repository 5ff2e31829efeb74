"""The terminal: colour only where it can help, suits always as symbols or letters."""

from __future__ import annotations

import io
import re

import pytest

from pnp.play.chinchon import ChinchonFront
from pnp.play.terminal import EndOfInput, Terminal, to_ascii, wants_colour
from tests.data import CHINCHON, PACK

_CODES = re.compile(r"\x1b\[[0-9;]*m")


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


class AsciiOutput(io.StringIO):
    encoding = "ascii"


def test_colour_only_on_a_terminal_without_no_color() -> None:
    assert wants_colour(FakeTerminal(), {"TERM": "xterm"})
    assert not wants_colour(FakeTerminal(), {"TERM": "xterm", "NO_COLOR": "1"})
    assert not wants_colour(FakeTerminal(), {"TERM": "dumb"})
    assert not wants_colour(io.StringIO(), {"TERM": "xterm"})


def test_colour_is_never_the_only_cue() -> None:
    plain = ChinchonFront(
        CHINCHON, Terminal(io.StringIO(), io.StringIO(), colour=False), ["You", "Ana"], 0
    )
    coloured = ChinchonFront(
        CHINCHON, Terminal(io.StringIO(), FakeTerminal(), colour=True), ["You"], 0
    )
    for text in ("QH", "7D", "KS", "AC"):
        card = PACK.parse(text)
        assert _CODES.sub("", coloured.card(card)) == plain.card(card)
    assert plain.card(PACK.parse("QH")) == "Q♥"
    assert coloured.card(PACK.parse("QH")) == "\x1b[31mQ♥\x1b[0m"
    assert coloured.card(PACK.parse("QS")) == "Q♠"


def test_suits_become_letters_where_symbols_cannot_be_shown() -> None:
    output = AsciiOutput()
    terminal = Terminal(io.StringIO(), output)
    assert not terminal.symbols and not terminal.colour
    front = ChinchonFront(CHINCHON, terminal, ["You", "Ana"], 0)
    assert front.card(PACK.parse("Q♥")) == "QH"
    terminal.say("── Hand 1 · turn 2 — Chinchón")
    assert output.getvalue() == "-- Hand 1 - turn 2 - Chinch?n\n"
    assert to_ascii("a · b") == "a - b"


def test_answers_are_echoed_without_a_terminal_and_the_end_of_input_is_final() -> None:
    output = io.StringIO()
    terminal = Terminal(io.StringIO("s\n"), output)
    assert terminal.ask("Draw?") == "s"
    with pytest.raises(EndOfInput):
        terminal.ask("Discard?")
    assert terminal.at_end
    with pytest.raises(EndOfInput):
        terminal.ask("Again?")
    assert output.getvalue() == "Draw? s\nDiscard? \n"
