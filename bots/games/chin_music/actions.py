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

>>> action = SYNTAX.parse("0:recite:Swell!, oh yeah")
>>> action.words
('Swell!', 'oh yeah')
>>> SYNTAX.parse(str(action)) == action
True
"""

from __future__ import annotations

from dataclasses import dataclass

from bots.core import ActionSyntax, GameAction, Verb
from bots.games.chin_music.cards import WORD_SEPARATOR


def _check_word(word: str) -> None:
    if not word or word != word.strip() or WORD_SEPARATOR in word:
        raise ValueError(
            f"{word!r} cannot be a word of an action (it must be non-empty, without "
            f"spaces at either end and without {WORD_SEPARATOR!r})"
        )


@dataclass(frozen=True, slots=True)
class Play(GameAction):
    """Play the card whose word is ``word`` onto the stack; written ``0:play:Swell!``."""

    word: str
    verb = "play"

    def __post_init__(self) -> None:
        _check_word(self.word)

    def argument(self) -> str:
        return self.word

    def describe(self) -> str:
        return f"play {self.word}"


@dataclass(frozen=True, slots=True)
class Recite(GameAction):
    """Recite the stack from the bottom; written ``0:recite:Swell!, Jake``.

    ``words`` are what was said, in order, as typed; the engine decides whether
    they are right.
    """

    words: tuple[str, ...]
    verb = "recite"

    def __post_init__(self) -> None:
        for word in self.words:
            _check_word(word)

    def argument(self) -> str:
        return (WORD_SEPARATOR + " ").join(self.words)

    def describe(self) -> str:
        return "recite the stack"


@dataclass(frozen=True, slots=True)
class CallOut(GameAction):
    """Call the reciter out; written ``1:call``."""

    verb = "call"

    def describe(self) -> str:
        return "call the reciter out"


@dataclass(frozen=True, slots=True)
class NoCall(GameAction):
    """Let the recitation stand; written ``1:no-call``."""

    verb = "no-call"

    def describe(self) -> str:
        return "let the recitation stand"


@dataclass(frozen=True, slots=True)
class Fight(GameAction):
    """Step outside and fight; written ``0:fight``."""

    verb = "fight"

    def describe(self) -> str:
        return "fight"


@dataclass(frozen=True, slots=True)
class Pass(GameAction):
    """Pass the turn to the next player; written ``0:pass``."""

    verb = "pass"

    def describe(self) -> str:
        return "pass"


ChinMusicAction = Play | Recite | CallOut | NoCall | Fight | Pass
ACTION_TYPES = (Play, Recite, CallOut, NoCall, Fight, Pass)


def _recitation(seat: int, said: str) -> Recite:
    words = [word.strip() for word in said.split(WORD_SEPARATOR)] if said else []
    if any(not word for word in words):
        raise ValueError("it has an empty word between two commas")
    return Recite(seat, tuple(words))


def _play(seat: int, word: str) -> Play:
    if not word:
        raise ValueError("'play' needs a word after a colon")
    return Play(seat, word)


#: How Chin Music actions are written (every action's ``str()`` reads back).
SYNTAX: ActionSyntax[ChinMusicAction] = ActionSyntax(
    "Chin Music",
    [
        Verb("play", _play, "a word", "Swell!"),
        Verb("recite", _recitation, "the words said", "Swell!, Jake"),
        Verb("call", CallOut),
        Verb("no-call", NoCall),
        Verb("fight", Fight),
        Verb("pass", Pass),
    ],
)


def parse_action(text: str) -> ChinMusicAction:
    """The action written ``text``; raises :class:`~bots.core.InvalidActionError` saying
    what is expected."""
    return SYNTAX.parse(text)
