"""Chin Music actions and how they are written.

Every action names its player's seat first; words are written as a person
would type them (any capitals or punctuation: they are matched as they sound).

========================  ==========================================================
``0:play:Swell!``         play the card with that word from your hand onto the stack
``0:recite:Swell!, Jake`` recite the stack from the bottom (words separated by commas;
                          ``0:recite:`` says nothing at all)
``1:call``                call the reciter out
``1:no-call``             let the recitation stand
``0:fight``               fight now
``0:pass``                pass the turn on
========================  ==========================================================

>>> action = parse_action("0:recite:Swell!, oh yeah")
>>> action.words
('Swell!', 'oh yeah')
>>> parse_action(str(action)) == action
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bots.games.chin_music.cards import WORD_SEPARATOR, Shared


def _check_word(word: str) -> None:
    if not word or word != word.strip() or WORD_SEPARATOR in word:
        raise ValueError(
            f"{word!r} cannot be a word of an action (it must be non-empty, without "
            f"spaces at either end and without {WORD_SEPARATOR!r})"
        )


@dataclass(frozen=True, slots=True)
class Play(Shared):
    """Play the card whose word is ``word`` onto the stack; written ``0:play:Swell!``."""

    player: int
    word: str

    def __post_init__(self) -> None:
        _check_word(self.word)

    def describe(self) -> str:
        return f"play {self.word}"

    def __str__(self) -> str:
        return f"{self.player}:play:{self.word}"


@dataclass(frozen=True, slots=True)
class Recite(Shared):
    """Recite the stack from the bottom; written ``0:recite:Swell!, Jake``.

    ``words`` are what was said, in order, as typed; the engine decides whether
    they are right.
    """

    player: int
    words: tuple[str, ...]

    def __post_init__(self) -> None:
        for word in self.words:
            _check_word(word)

    def describe(self) -> str:
        return "recite the stack"

    def __str__(self) -> str:
        return f"{self.player}:recite:{(WORD_SEPARATOR + ' ').join(self.words)}"


@dataclass(frozen=True, slots=True)
class CallOut(Shared):
    """Call the reciter out; written ``1:call``."""

    player: int

    def describe(self) -> str:
        return "call the reciter out"

    def __str__(self) -> str:
        return f"{self.player}:call"


@dataclass(frozen=True, slots=True)
class NoCall(Shared):
    """Let the recitation stand; written ``1:no-call``."""

    player: int

    def describe(self) -> str:
        return "let the recitation stand"

    def __str__(self) -> str:
        return f"{self.player}:no-call"


@dataclass(frozen=True, slots=True)
class Fight(Shared):
    """Step outside and fight; written ``0:fight``."""

    player: int

    def describe(self) -> str:
        return "fight"

    def __str__(self) -> str:
        return f"{self.player}:fight"


@dataclass(frozen=True, slots=True)
class Pass(Shared):
    """Pass the turn to the next player; written ``0:pass``."""

    player: int

    def describe(self) -> str:
        return "pass"

    def __str__(self) -> str:
        return f"{self.player}:pass"


ChinMusicAction = Play | Recite | CallOut | NoCall | Fight | Pass

_BARE: dict[str, Callable[[int], ChinMusicAction]] = {
    "call": CallOut,
    "no-call": NoCall,
    "fight": Fight,
    "pass": Pass,
}
_USAGE = "like '0:play:Swell!', '0:recite:Swell!, Jake', '1:call', '1:no-call', '0:fight', '0:pass'"


def parse_action(text: str) -> ChinMusicAction:
    """The action written ``text``; raises ``ValueError`` saying what is expected."""
    parts = text.strip().split(":", 2)
    if len(parts) < 2 or not parts[0].strip().isdigit():
        raise ValueError(f"{text!r} is not a Chin Music action ({_USAGE})")
    seat, verb = int(parts[0]), parts[1].strip().lower()
    if verb in _BARE and len(parts) == 2:
        return _BARE[verb](seat)
    if verb == "play" and len(parts) == 3 and parts[2].strip():
        return Play(seat, parts[2].strip())
    if verb == "recite" and len(parts) == 3:
        said = parts[2].strip()
        words = [word.strip() for word in said.split(WORD_SEPARATOR)] if said else []
        if any(not word for word in words):
            raise ValueError(f"{text!r} has an empty word between two commas")
        return Recite(seat, tuple(words))
    raise ValueError(f"{text!r} is not a Chin Music action ({_USAGE})")
