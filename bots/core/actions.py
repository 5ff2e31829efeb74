r"""Actions as small frozen values with one written form for every game.

Every action of every game is written ``SEAT:VERB`` or ``SEAT:VERB:ARGUMENT``
(``2:stock``, ``2:discard:QH``, ``0:recite:Swell!, Jake``). A game's actions
subclass :class:`GameAction`, naming their ``verb`` and, when they carry one,
the text of their argument; the game reads text back with an
:class:`ActionSyntax`, a table of its verbs:

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Knock(GameAction):
...     verb = "knock"
...     def describe(self) -> str:
...         return "knock on the table"
>>> @dataclass(frozen=True, slots=True)
... class Bid(GameAction):
...     amount: int
...     verb = "bid"
...     def argument(self) -> str:
...         return str(self.amount)
...     def describe(self) -> str:
...         return f"bid {self.amount}"
>>> def read_amount(seat: int, text: str) -> Bid:
...     if not text.isdigit():
...         raise ValueError("the amount must be a whole number")
...     return Bid(seat, int(text))
>>> syntax = ActionSyntax(
...     "Auction", [Verb("knock", Knock), Verb("bid", read_amount, "an amount", "300")]
... )
>>> syntax.parse("1:bid:300"), str(Bid(1, 300)), syntax.parse(" 0 : KNOCK ")
(Bid(player=1, amount=300), '1:bid:300', Knock(player=0))
>>> try:
...     syntax.parse("1:bid:lots")
... except InvalidActionError as error:
...     print(*str(error).split(" (", 1), sep="\n(")
'1:bid:lots' is not an action of Auction: the amount must be a whole number
(actions are written like '0:knock', '0:bid:300')
"""

from __future__ import annotations

from abc import ABC
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, NoReturn, Self, TypeVar

from bots.core.state import InvalidActionError

A = TypeVar("A")


@dataclass(frozen=True, slots=True)
class GameAction(ABC):
    """The base of every game's actions: who moves, and the move's written form.

    A subclass sets ``verb`` and, if it carries anything, returns it as text from
    :meth:`argument` (the inverse of its verb's builder in the game's
    :class:`ActionSyntax`). Actions are frozen values: copies share them.

    A game whose engine is compiled (Chinchón, see ``bots/compiled.py``) defines its
    action classes in a compiled module, where they cannot inherit from this Python
    class; they implement the same interface (``player``, ``verb``, ``argument()``,
    ``describe()``, ``str()`` through :func:`written`) and are registered as its
    subclasses (``GameAction.register``), so ``isinstance(action, GameAction)`` holds
    for every action of every game.
    """

    #: The seat (0-based) of the player making the move.
    player: int
    #: The word after the seat in the written form.
    verb: ClassVar[str]

    def argument(self) -> str | None:
        """What follows the verb in the written form, or ``None`` for nothing."""
        return None

    def describe(self) -> str:
        """What the move does, as a verb phrase without the player (``draw from the stock``)."""
        raise NotImplementedError

    def __str__(self) -> str:
        return written(self.player, self.verb, self.argument())

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self


def written(player: int, verb: str, argument: str | None = None) -> str:
    """An action's written form, ``SEAT:VERB`` or ``SEAT:VERB:ARGUMENT``: what every
    action's ``str()`` gives (also for a game's compiled action classes, which implement
    :class:`GameAction`'s interface and are registered with it)."""
    head = f"{player}:{verb}"
    return head if argument is None else f"{head}:{argument}"


@dataclass(frozen=True)
class Verb(Generic[A]):
    """One verb of a game's actions: its word, how to build the action from the seat and
    the argument's text, and what the argument is (``None``: the verb takes none)."""

    word: str
    build: Callable[..., A]
    #: What follows the verb, for people (``"a card"``); ``None`` when nothing does.
    argument: str | None = None
    #: An argument to show in the usage line (``"QH"``).
    example: str = ""

    @property
    def usage(self) -> str:
        """The verb written out with seat 0 (``'0:discard:QH'``)."""
        if self.argument is None:
            return f"'0:{self.word}'"
        return f"'0:{self.word}:{self.example or self.argument.upper()}'"


class ActionSyntax(Generic[A]):
    """How the actions of one game are written: ``SEAT:VERB[:ARGUMENT]`` with a table of verbs.

    :meth:`parse` raises :class:`~bots.core.InvalidActionError` quoting the text, saying
    what is wrong and how actions are written. A verb's builder may raise ``ValueError``
    for an argument it cannot read; its sentence goes into the error.
    """

    def __init__(self, game: str, verbs: Sequence[Verb[A]]) -> None:
        self.game = game
        self.verbs = {verb.word: verb for verb in verbs}
        if len(self.verbs) != len(verbs):
            raise ValueError(f"{game} declares a verb twice")

    @property
    def usage(self) -> str:
        """How actions are written, with one example per verb."""
        return "actions are written like " + ", ".join(v.usage for v in self.verbs.values())

    def parse(self, text: str) -> A:
        """The action written ``text`` (spaces around parts and capitals in the verb do not
        matter)."""
        if not isinstance(text, str):
            raise InvalidActionError(f"{text!r} is not the text of an action ({self.usage})")
        seat_text, _, rest = text.strip().partition(":")
        verb_text, has_argument, argument = rest.partition(":")
        seat_text, word = seat_text.strip(), verb_text.strip().lower()
        if not seat_text.isdigit() or not seat_text.isascii():
            self._refuse(text, "it does not start with a seat number and a colon")
        verb = self.verbs.get(word)
        if verb is None:
            known = ", ".join(self.verbs)
            self._refuse(text, f"{word!r} is not a verb of the game (verbs: {known})")
        seat = int(seat_text)
        if verb.argument is None:
            if has_argument:
                self._refuse(text, f"'{word}' takes nothing after it")
            try:
                built: A = verb.build(seat)
            except ValueError as error:
                self._refuse(text, str(error))
            return built
        if not has_argument:
            self._refuse(text, f"'{word}' needs {verb.argument} after a colon")
        try:
            built = verb.build(seat, argument.strip())
        except InvalidActionError:
            raise
        except ValueError as error:
            self._refuse(text, str(error))
        return built

    def _refuse(self, text: str, reason: str) -> NoReturn:
        raise InvalidActionError(
            f"{text!r} is not an action of {self.game}: {reason} ({self.usage})"
        )
