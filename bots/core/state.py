"""The shape every game engine shares: an OpenSpiel-style state with
PokerKit-style checks.

A game is a subclass of :class:`GameState` that declares its name, its
parameters (one :class:`~bots.core.params.ParamSpec`), how its card data is
built from the catalog (:meth:`GameState.data_from`) and how to read an action
back from its string (:meth:`GameState.parse_action`), then implements the rules:

* ``current_player`` — whose turn it is, ``None`` once the game is over;
* ``legal_actions()`` — every action the current player may take;
* ``_why_illegal(action)`` — a sentence saying why an action is not allowed
  now, or ``None``; the base class already refuses actions after the end and
  actions by a player whose turn it is not;
* ``_apply(action)`` — change the state for an action known to be legal;
* ``is_terminal``, ``returns()`` and ``view(player)``.

Chance (shuffles, draws) is resolved inside the engine with ``self.rng``, a
``random.Random`` seeded from ``seed``: the seed plus the log of player
actions fixes the whole game, so a replay reproduces it exactly.

**Card data flows one way.** An engine never reads files. The caller loads the
catalog (``pnp.catalog.load_catalog``) once, the game class turns its ``Game``
into the engine's own frozen card data with :meth:`GameState.data_from`, and
every state is built from that: ``Chinchon.new(data, seed, params)``. The data
is shared, never copied, by clones and replays.
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, Self, TypeVar, runtime_checkable

from bots.core.params import Params, ParamSpec

if TYPE_CHECKING:
    from pnp.catalog import Game


class IllegalActionError(ValueError):
    """An action that may not be taken now; the message says why."""


class InvalidActionError(ValueError):
    """Text or a value that is not an action of the game at all; the message quotes it
    and says how actions are written."""


@runtime_checkable
class Action(Hashable, Protocol):
    """A move: a small frozen value whose ``str()`` the game's ``parse_action`` reads back.

    ``player`` is who makes the move; ``describe()`` says what it does in the
    game's words, without the player (``"draw from the stock"``), for error
    messages such as "player 2 cannot draw from the stock: it is player 1's turn".
    """

    @property
    def player(self) -> int:
        """The seat (0-based) of the player making the move."""
        ...

    def describe(self) -> str:
        """What the move does, as a verb phrase."""
        ...


A = TypeVar("A", bound=Action)
V = TypeVar("V")


class GameState(ABC, Generic[A, V]):
    """One game in progress. ``A`` is the game's action type, ``V`` its view type.

    Build one with :meth:`new` (which checks the parameters); the base class
    keeps ``seed``, ``params``, ``rng`` (seeded from ``seed``; the only source of
    chance) and the ``log`` of actions applied.
    """

    #: The game's name, as used in saved games and on the command line.
    game_name: ClassVar[str]
    #: The game's parameters, declared once.
    param_spec: ClassVar[ParamSpec]
    #: Attributes that only cache what the rest of the state implies (left out of ``==``).
    cache_attributes: ClassVar[frozenset[str]] = frozenset()
    #: The classes of the game's actions (an object of another class is refused).
    action_types: ClassVar[tuple[type, ...]]

    def __init__(self, data: Any, seed: int, params: Params) -> None:
        """Set up a fresh game from the game's card data (as :meth:`data_from` built it);
        subclasses deal here using ``self.rng``."""
        if params.game != self.game_name:
            raise ValueError(f"parameters of {params.game} given to {self.game_name}")
        #: The game's card data, shared by every state built from it (never copied).
        self.data = data
        self.seed = seed
        self.params = params
        self.rng = random.Random(seed)
        self._log: list[A] = []
        self._offered: Sequence[A] = ()
        self._offered_ids: frozenset[int] = frozenset()

    @classmethod
    def new(cls, data: Any, seed: int, params: Mapping[str, object] | None = None) -> Self:
        """A new game from the card data, a seed and parameters (checked; defaults filled in)."""
        return cls(data, seed, cls.param_spec.parse(params))

    @classmethod
    @abstractmethod
    def data_from(cls, game: Game) -> Any:
        """The engine's card data, built from the catalog's ``game`` (frozen values only:
        no file is read here or later). Raises ``ValueError`` with a sentence when the
        data cannot make this game."""

    @abstractmethod
    def parse_action(self, text: str) -> A:
        """The action whose ``str()`` is ``text``; raises :class:`InvalidActionError`
        (quoting the text and saying how actions are written) if none is."""

    @property
    @abstractmethod
    def num_players(self) -> int:
        """How many players are seated."""

    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """Whose turn it is, or ``None`` when the game is over."""

    @property
    @abstractmethod
    def is_terminal(self) -> bool:
        """Whether the game is over."""

    @abstractmethod
    def legal_actions(self) -> Sequence[A]:
        """Every action the current player may take, in a fixed order (empty at the end)."""

    @abstractmethod
    def returns(self) -> tuple[float, ...]:
        """What each player gets from the game; all zero until it is over."""

    @abstractmethod
    def view(self, player: int) -> V:
        """What ``player`` may know: never another player's hidden cards or the deck order."""

    @abstractmethod
    def _why_illegal(self, action: A) -> str | None:
        """Why ``action`` is not allowed (the game's own rules), or ``None`` if it is.

        Called only when the game is not over and it is ``action.player``'s turn.
        """

    @abstractmethod
    def _apply(self, action: A) -> None:
        """Change the state for ``action``, which is legal."""

    @property
    def log(self) -> tuple[A, ...]:
        """The actions applied so far, in order."""
        return tuple(self._log)

    def why_illegal(self, action: A) -> str | None:
        """A sentence saying why ``action`` may not be taken now, or ``None`` if it may.

        Raises :class:`InvalidActionError` for a value that is no action of this game.
        """
        if not isinstance(action, self.action_types):
            kinds = ", ".join(kind.__name__ for kind in self.action_types)
            raise InvalidActionError(
                f"{action!r} is not an action of {self.game_name} (its actions are {kinds})"
            )
        current = self.current_player
        if action.player == current and current is not None:
            reason = self._why_illegal(action)
        elif self.is_terminal:
            reason = "the game is over"
        elif not 0 <= action.player < self.num_players:
            reason = f"there are only players 0 to {self.num_players - 1}"
        else:
            reason = f"it is player {current}'s turn"
        if reason is None:
            return None
        return f"player {action.player} cannot {action.describe()}: {reason}"

    def is_legal(self, action: A) -> bool:
        """Whether ``action`` may be taken now."""
        return self.why_illegal(action) is None

    def apply(self, action: A | str) -> None:
        """Take ``action`` and log it, or raise :class:`IllegalActionError` saying why not.

        ``action`` may also be written as text (``"0:stock"``), read with
        :meth:`parse_action`; text or a value that is no action of this game raises
        :class:`InvalidActionError`. An action object that the last
        :meth:`legal_actions` call offered (the very object, for this very position)
        is known to be legal and is not checked again.
        """
        if isinstance(action, str):
            action = self.parse_action(action)
        if id(action) not in self._offered_ids:
            reason = self.why_illegal(action)
            if reason is not None:
                raise IllegalActionError(reason)
        self._offered, self._offered_ids = (), _NOTHING_OFFERED
        self._apply(action)
        self._log.append(action)

    def _offer(self, actions: Sequence[A], ids: frozenset[int] | None = None) -> Sequence[A]:
        """Remember ``actions`` as this position's legal actions (for a quicker :meth:`apply`)
        and return them; a game's ``legal_actions`` may end with ``return self._offer(...)``.

        ``ids`` (``frozenset(map(id, actions))``) may be given for a list the game keeps
        and offers again and again, so that the set is not built each time.
        """
        self._offered = actions
        self._offered_ids = frozenset(map(id, actions)) if ids is None else ids
        return actions

    def clone(self) -> Self:
        """An independent copy (including the random generator's position) that shares
        the card data; it compares equal to this state until either moves."""
        copied = copy.deepcopy(self, {id(self.data): self.data})
        copied._offered, copied._offered_ids = (), _NOTHING_OFFERED  # ids of another object
        return copied

    def __eq__(self, other: object) -> bool:
        """Same game, same everything: the random generators compare by position."""
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, GameState)
        return _comparable(self) == _comparable(other)

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} seed={self.seed} {dict(self.params)} "
            f"after {len(self._log)} actions>"
        )


_NOTHING_OFFERED: frozenset[int] = frozenset()
#: The core's own caches, left out of ``==`` like a game's ``cache_attributes``.
_CORE_CACHES = frozenset({"_offered", "_offered_ids"})


def _comparable(state: GameState[Any, Any]) -> dict[str, object]:
    return {
        name: value.getstate() if isinstance(value, random.Random) else value
        for name, value in vars(state).items()
        if name not in state.cache_attributes and name not in _CORE_CACHES
    }
