"""Game parameters, declared once per game and checked at the door.

A game lists its parameters in one :class:`ParamSpec`; everything else (the
engine, the CLI, saved games) goes through :meth:`ParamSpec.parse` or
:meth:`ParamSpec.parse_args`, which reject unknown names and bad values with a
sentence naming the parameter, the value and what is allowed. Every problem is
reported at once.

>>> spec = ParamSpec(
...     "high-card",
...     Param("players", int, 2, "how many players", minimum=2, maximum=4),
...     Param("aces_high", bool, True, "whether aces rank above kings"),
... )
>>> params = spec.parse({"players": 3})
>>> params.get_int("players"), params.get_bool("aces_high")
(3, True)
>>> spec.parse_args("players=4 no-aces-high") == {"players": 4, "aces_high": False}
True
>>> spec.parse({"players": 5})
Traceback (most recent call last):
...
bots.core.params.GameConfigError: parameter 'players' must be between 2 and 4, got 5
"""

from __future__ import annotations

import difflib
import shlex
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

#: The values a parameter may take: the JSON scalars.
ParamValue = bool | int | float | str

_T = TypeVar("_T")

_TRUE_WORDS = frozenset({"true", "yes", "on", "1"})
_FALSE_WORDS = frozenset({"false", "no", "off", "0"})
_KIND_WORDS: dict[type, str] = {
    bool: "true or false",
    int: "a whole number",
    float: "a number",
    str: "text",
}


class GameConfigError(ValueError):
    """Game parameters that cannot be used; ``problems`` holds one sentence each."""

    def __init__(self, problems: str | Sequence[str], game: str | None = None) -> None:
        self.problems: tuple[str, ...] = (
            (problems,) if isinstance(problems, str) else tuple(problems)
        )
        self.game = game
        if len(self.problems) == 1:
            message = self.problems[0]
        else:
            where = f" of {game}" if game else ""
            message = f"{len(self.problems)} problems with the parameters{where}: " + "; ".join(
                self.problems
            )
        super().__init__(message)


def _show(value: object) -> str:
    """A value as it would be typed: JSON-ish (true/false, quoted text)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value)


@dataclass(frozen=True)
class Param:
    """One parameter of a game: its name, type, default, allowed values and help.

    ``choices`` limits the value to a list; ``minimum``/``maximum`` bound a number
    (inclusive). The default must itself be allowed.
    """

    name: str
    kind: type[bool] | type[int] | type[float] | type[str]
    default: ParamValue
    help: str
    choices: tuple[ParamValue, ...] | None = None
    minimum: int | float | None = None
    maximum: int | float | None = None

    def __post_init__(self) -> None:
        if not self.name.isidentifier():
            raise ValueError(f"parameter name {self.name!r} is not a Python identifier")
        if self.kind not in _KIND_WORDS:
            raise ValueError(f"parameter {self.name!r} has unsupported type {self.kind!r}")
        self.check(self.default)  # a bad default is a bug in the game module

    def check(self, value: object) -> ParamValue:
        """``value`` if it is allowed (ints are widened for float parameters).

        Raises :class:`GameConfigError` with a sentence saying what is allowed.
        """
        checked: ParamValue
        if self.kind is bool:
            if not isinstance(value, bool):
                raise self._error(value, "true or false")
            checked = value
        elif self.kind is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise self._error(value, "a whole number")
            checked = value
        elif self.kind is float:
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise self._error(value, "a number")
            checked = float(value)
        else:
            if not isinstance(value, str):
                raise self._error(value, "text")
            checked = value
        if self.choices is not None and checked not in self.choices:
            raise self._error(checked, "one of " + ", ".join(map(_show, self.choices)))
        if isinstance(checked, int | float) and not isinstance(checked, bool):
            low, high = self.minimum, self.maximum
            if low is not None and high is not None and not low <= checked <= high:
                raise self._error(checked, f"between {low} and {high}")
            if low is not None and checked < low:
                raise self._error(checked, f"at least {low}")
            if high is not None and checked > high:
                raise self._error(checked, f"at most {high}")
        return checked

    def from_text(self, text: str) -> ParamValue:
        """Read a value typed on a command line (``"3"``, ``"yes"``, ``"jokers"``)."""
        value: object = text
        if self.kind is bool:
            word = text.strip().lower()
            if word in _TRUE_WORDS:
                value = True
            elif word in _FALSE_WORDS:
                value = False
            else:
                raise self._error(text, "true or false (or yes/no, on/off, 1/0)")
        elif self.kind is int:
            try:
                value = int(text)
            except ValueError:
                raise self._error(text, "a whole number") from None
        elif self.kind is float:
            try:
                value = float(text)
            except ValueError:
                raise self._error(text, "a number") from None
        return self.check(value)

    def describe(self) -> str:
        """One line of help: ``players (a whole number, 2 to 4; default 2): how many...``."""
        allowed = [_KIND_WORDS[self.kind]]
        if self.choices is not None:
            allowed = ["one of " + ", ".join(map(_show, self.choices))]
        if self.minimum is not None and self.maximum is not None:
            allowed.append(f"{self.minimum} to {self.maximum}")
        elif self.minimum is not None:
            allowed.append(f"at least {self.minimum}")
        elif self.maximum is not None:
            allowed.append(f"at most {self.maximum}")
        return f"{self.name} ({', '.join(allowed)}; default {_show(self.default)}): {self.help}"

    def _error(self, value: object, expected: str) -> GameConfigError:
        return GameConfigError(f"parameter {self.name!r} must be {expected}, got {_show(value)}")


class Params(Mapping[str, ParamValue]):
    """The checked, frozen parameters of one game: a read-only, hashable mapping.

    Read them with the typed getters (``get_int`` and friends) so that the
    engine stays type-checked.
    """

    __slots__ = ("_game", "_values")

    def __init__(self, game: str, values: Mapping[str, ParamValue]) -> None:
        self._game = game
        self._values = dict(values)

    @property
    def game(self) -> str:
        """The name of the game these parameters belong to."""
        return self._game

    def __getitem__(self, name: str) -> ParamValue:
        try:
            return self._values[name]
        except KeyError:
            known = ", ".join(sorted(self._values))
            raise KeyError(f"{self._game} has no parameter {name!r} (known: {known})") from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __hash__(self) -> int:
        return hash((self._game, tuple(sorted(self._values.items()))))

    def __repr__(self) -> str:
        inner = ", ".join(f"{name}={value!r}" for name, value in self._values.items())
        return f"Params({self._game!r}, {inner})"

    def to_dict(self) -> dict[str, ParamValue]:
        """A plain, JSON-able copy."""
        return dict(self._values)

    def get_bool(self, name: str) -> bool:
        """The value of a ``bool`` parameter."""
        return self._typed(name, bool)

    def get_int(self, name: str) -> int:
        """The value of an ``int`` parameter."""
        return self._typed(name, int)

    def get_float(self, name: str) -> float:
        """The value of a ``float`` parameter."""
        return self._typed(name, float)

    def get_str(self, name: str) -> str:
        """The value of a ``str`` parameter."""
        return self._typed(name, str)

    def _typed(self, name: str, kind: type[_T]) -> _T:
        value = self[name]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise TypeError(f"parameter {name!r} of {self._game} is {_show(value)}, not {kind}")
        return value


class ParamSpec:
    """All the parameters of one game, declared in one place."""

    def __init__(self, game: str, *params: Param) -> None:
        names = [param.name for param in params]
        duplicates = sorted({name for name in names if names.count(name) > 1})
        if duplicates:
            raise ValueError(f"{game} declares parameter {duplicates[0]!r} twice")
        self.game = game
        self.params: tuple[Param, ...] = params
        self._by_name = {param.name: param for param in params}

    def __iter__(self) -> Iterator[Param]:
        return iter(self.params)

    def __getitem__(self, name: str) -> Param:
        return self._by_name[name]

    def defaults(self) -> Params:
        """Every parameter at its default."""
        return Params(self.game, {param.name: param.default for param in self.params})

    def parse(self, values: Mapping[str, object] | None = None) -> Params:
        """Check ``values`` (names may use ``-`` for ``_``) and fill in the defaults.

        Raises :class:`GameConfigError` listing every unknown name and bad value.
        """
        if isinstance(values, Params) and values.game == self.game:
            return values
        problems: list[str] = []
        chosen = {param.name: param.default for param in self.params}
        for raw_name, value in (values or {}).items():
            param = self._lookup(raw_name, problems)
            if param is None:
                continue
            try:
                chosen[param.name] = param.check(value)
            except GameConfigError as error:
                problems.extend(error.problems)
        if problems:
            raise GameConfigError(problems, self.game)
        return Params(self.game, chosen)

    def parse_args(self, args: str | Iterable[str]) -> Params:
        """Parse command-line words: ``players=3``, ``forty-eight``, ``no-jokers``.

        A bare name sets a true/false parameter to true; ``no-`` before it sets
        it to false. A string is split like a shell command line.
        """
        return self.parse(self.read_args(args))

    def read_args(self, args: str | Iterable[str]) -> dict[str, ParamValue]:
        """The parameters the command-line words give (as :meth:`parse_args` reads them),
        without the defaults of the others; raises :class:`GameConfigError`."""
        words = shlex.split(args) if isinstance(args, str) else list(args)
        problems: list[str] = []
        chosen: dict[str, ParamValue] = {}
        for word in words:
            name, has_value, text = word.partition("=")
            param = self._lookup(name, problems if has_value else None)
            if has_value:
                if param is None:
                    continue
                try:
                    value = param.from_text(text)
                except GameConfigError as error:
                    problems.extend(error.problems)
                    continue
            elif param is not None:
                if param.kind is not bool:
                    problems.append(f"parameter {param.name!r} needs a value, as in {name}=...")
                    continue
                value = True
            else:
                negated = name[3:] if name.startswith("no-") else ""
                param = self._lookup(negated, None) if negated else None
                if param is None or param.kind is not bool:
                    self._lookup(name, problems)  # report as unknown
                    continue
                value = False
            if param.name in chosen:
                problems.append(f"parameter {param.name!r} is given twice")
            chosen[param.name] = value
        if problems:
            raise GameConfigError(problems, self.game)
        return chosen

    def help(self) -> str:
        """One line per parameter."""
        return "\n".join(param.describe() for param in self.params)

    def _lookup(self, raw_name: str, problems: list[str] | None) -> Param | None:
        name = raw_name.replace("-", "_")
        param = self._by_name.get(name)
        if param is None and problems is not None:
            known = sorted(self._by_name)
            close = difflib.get_close_matches(name, known, n=1)
            hint = f"did you mean {close[0]!r}? " if close else ""
            problems.append(
                f"unknown parameter {raw_name!r} for {self.game} "
                f"({hint}known: {', '.join(known) or 'none'})"
            )
        return param
