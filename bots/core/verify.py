"""Playing one game under watch: the part of ``pnp verify`` that every game shares.

A game takes part in verification through a :class:`VerifyAdapter`: which
tables to simulate (variants, player counts, heuristic or mixed seats), how to
seat its bots, what its invariants are (cards conserved), what each player must
not see, which printed cards saw play, how long a game was (turns, and rounds
such as hands or bouts), and any figures of its own (fights won by stack size,
kinds of close). :func:`play_checked` plays one seeded game of a table with its
bots and returns an :class:`Outcome`, plain data that crosses process
boundaries and goes into the report. Problems never raise: they come back as
a failed outcome naming the step.

Checks, for every game: each chosen action was legal (among the legal actions
offered, or accepted by the engine's check where a game offers only a menu); every
``check_every`` steps (and at the end) the cards are conserved and the mover's
view holds nothing hidden from them; the game ends within the adapter's step
bound (else a timeout); replaying the log from the seed gives the same final
state.
"""

from __future__ import annotations

import random
import traceback
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Literal, TypeVar

from bots.core.params import ParamValue
from bots.core.players import BotSpec, Player, RandomPlayer, seat_rngs
from bots.core.replay import replay
from bots.core.state import GameState
from bots.core.views import leaked

if TYPE_CHECKING:
    from pnp.catalog import Game

S = TypeVar("S", bound=GameState[Any, Any])

#: Who sits at a table: bots of one kind everywhere, one heuristic bot among random ones,
#: or the bots named seat by seat (a rating ladder's line-up).
Seating = Literal["heuristic", "mixed", "named"]
Status = Literal["ok", "timeout", "failed"]


@dataclass(frozen=True)
class Table:
    """One configuration to simulate: a variant, a player count and who sits where."""

    variant: str
    players: int
    params: tuple[tuple[str, ParamValue], ...]
    seating: Seating = "heuristic"
    #: With ``named`` seating: the bot (a ``BotSpec`` name) at each seat.
    bots: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        if self.seating == "named":
            return f"{self.variant}, {self.players} players: {', '.join(self.bots)}"
        who = "" if self.seating == "heuristic" else ", one heuristic bot among random ones"
        return f"{self.variant}, {self.players} players{who}"

    @property
    def key(self) -> str:
        """A short id, unique within a game: ``standard-4p``, ``standard-4p-mixed``, or
        ``standard-3p-easy-medium-hard`` for a line-up of named bots."""
        if self.seating == "named":
            return f"{self.variant}-{self.players}p-{'-'.join(self.bots)}"
        tail = "" if self.seating == "heuristic" else "-mixed"
        return f"{self.variant}-{self.players}p{tail}"

    def heuristic_seats(self, seed: int) -> tuple[int, ...]:
        """The seats of heuristic bots in the game of ``seed`` (the mixed seat rotates)."""
        if self.seating in ("heuristic", "named"):
            return tuple(range(self.players))
        return (seed % self.players,)


@dataclass(frozen=True)
class Outcome:
    """What one game gave: status, results by seat, length, cards played and extras."""

    table: str
    seed: int
    status: Status
    problem: str | None = None
    returns: tuple[float, ...] = ()
    first_player: int = 0
    heuristic_seats: tuple[int, ...] = ()
    turns: int = 0
    rounds: int = 0
    played: Mapping[str, int] = field(default_factory=dict)
    extra: Mapping[str, Any] = field(default_factory=dict)


class VerifyAdapter(ABC, Generic[S]):
    """What a game tells the verifier (see the module docstring), for states of type ``S``.

    An adapter is built from the catalog's ``Game`` (``adapter = ChinchonVerify(game)``):
    it builds the engine's card data once (``engine.data_from``) and every game it plays
    from that. ``variants`` are the game's variants as engine parameters (from
    ``cards/<game>/variants.yaml``), by variant id.
    """

    #: The game's state class.
    engine: type[S]
    #: The catalog id of the game (``chinchon``).
    game_id: ClassVar[str]
    #: Most actions one game may take before it counts as hung.
    step_bound: ClassVar[int]
    #: What a round is called in this game (``Hands``, ``Bouts``), and the heading of
    #: the game's own figures (``How hands end``).
    round_name: ClassVar[str]
    extra_title: ClassVar[str]
    #: Every how many steps ``pnp verify`` runs the checks of a game in play (and at the
    #: end); an adapter whose checks are dear may space them out.
    check_every: ClassVar[int] = 10

    def __init__(
        self,
        game: Game,
        variants: Mapping[str, Mapping[str, ParamValue]] | None = None,
        bots: Sequence[BotSpec] = (),
    ) -> None:
        self.game = game
        self.data: Any = self.engine.data_from(game)
        self.variants: dict[str, dict[str, ParamValue]] = {
            name: dict(params) for name, params in (variants or {}).items()
        }
        #: The game's bots by name, for tables of named bots.
        self.bots: dict[str, BotSpec] = {spec.name: spec for spec in bots}

    def named_player(self, name: str, seat: int, seed: int) -> Player[Any, Any]:
        """The bot called ``name`` for ``seat`` in the game of ``seed`` (seeded from both)."""
        return self.bots[name](self.data, seed * 16 + seat)

    @abstractmethod
    def tables(self) -> list[Table]:
        """Every table to simulate: variants, player counts, seatings."""

    @abstractmethod
    def deck_problems(self) -> list[str]:
        """Where the printed decks (and the engine's) differ from the rules' component counts."""

    @abstractmethod
    def printed_cards(self) -> list[str]:
        """The ids of the printed cards that must all see play."""

    @abstractmethod
    def heuristic_player(self, seat: int, seed: int) -> Player[Any, Any]:
        """The game's heuristic bot for ``seat`` in the game of ``seed``."""

    @abstractmethod
    def conservation_problem(self, state: S) -> str | None:
        """A sentence if cards were created or lost, else ``None``."""

    @abstractmethod
    def hidden_from(self, state: S, player: int) -> Iterable[object]:
        """Values ``player``'s view must not contain now."""

    @abstractmethod
    def played_cards(self, state: S) -> Counter[str]:
        """How often each printed card (by card id) was played in the finished game."""

    @abstractmethod
    def lengths(self, state: S) -> tuple[int, int]:
        """The finished game's length: turns, and rounds (hands, bouts)."""

    def new_game(self, seed: int, params: Mapping[str, ParamValue]) -> S:
        """A fresh game."""
        return self.engine.new(self.data, seed, params)

    def first_player(self, state: S) -> int:
        """The seat that took the game's first turn (by default: who made the first move)."""
        log = state.log
        return int(log[0].player) if log else 0

    def extra(self, state: S) -> dict[str, Any]:
        """The game's own figures for one finished game (JSON-able)."""
        return {}

    def extra_rows(
        self, totals: Mapping[str, Any], games: int, extras: Sequence[Mapping[str, Any]]
    ) -> list[tuple[str, str]]:
        """The game's own figures of a table as (label, value) lines for the report:
        ``totals`` is every game's :meth:`extra` added up over ``games`` games, ``extras``
        the games' own dicts in seed order (for figures that need a spread or an interval)."""
        return []

    def variant_table(self, variant: str, players: int) -> Table:
        """The table of one variant of the data (its parameters from ``variants.yaml``)."""
        params = {"players": players, **self.variants[variant]}
        return Table(variant, players, tuple(params.items()))


def play_checked(
    adapter: VerifyAdapter[S], table: Table, seed: int, check_every: int = 10
) -> Outcome:
    """Play the game of ``seed`` at ``table`` with every check (see the module docstring)."""
    params = dict(table.params)
    step = 0
    try:
        state = adapter.new_game(seed, params)
        heuristic = table.heuristic_seats(seed)
        players: list[Player[Any, Any]] = [
            adapter.named_player(table.bots[seat], seat, seed)
            if table.seating == "named"
            else adapter.heuristic_player(seat, seed)
            if seat in heuristic
            else RandomPlayer()
            for seat in range(table.players)
        ]
        rngs: Sequence[random.Random] = seat_rngs(seed, table.players)
        while not state.is_terminal:
            if step >= adapter.step_bound:
                return Outcome(
                    table.key,
                    seed,
                    "timeout",
                    f"no end within {adapter.step_bound} steps",
                    heuristic_seats=heuristic,
                )
            seat = state.current_player
            if seat is None:
                return _failed(table, seed, step, "the game is not over but nobody is to move")
            legal = state.legal_actions()
            if not legal:
                return _failed(table, seed, step, f"player {seat} has no legal action")
            view = state.view(seat)
            if step % check_every == 0:
                problem = _check(adapter, state, seat, view)
                if problem is not None:
                    return _failed(table, seed, step, problem)
            action = players[seat].choose(view, legal, rngs[seat])
            # Some games offer a representative menu (Chin Music's recitations): an action
            # outside it must still pass the engine's own check.
            if action not in legal and not state.is_legal(action):
                return _failed(
                    table, seed, step, f"player {seat} chose {action}, not a legal action"
                )
            state.apply(action)
            step += 1
        problem = adapter.conservation_problem(state)
        if problem is not None:
            return _failed(table, seed, step, problem)
        again = replay(
            adapter.engine, adapter.data, seed, params, [str(action) for action in state.log]
        )
        if again != state:
            return _failed(table, seed, step, "replaying the log gave a different final state")
        turns, rounds = adapter.lengths(state)
        return Outcome(
            table.key,
            seed,
            "ok",
            returns=tuple(state.returns()),
            first_player=adapter.first_player(state),
            heuristic_seats=heuristic,
            turns=turns,
            rounds=rounds,
            played=dict(adapter.played_cards(state)),
            extra=adapter.extra(state),
        )
    except Exception as error:  # an engine or bot crash is a finding, not a stop
        where = traceback.extract_tb(error.__traceback__)[-1]
        detail = f"{type(error).__name__}: {error} ({where.filename}:{where.lineno})"
        return _failed(table, seed, step, detail)


def _check(adapter: VerifyAdapter[S], state: S, seat: int, view: object) -> str | None:
    problem = adapter.conservation_problem(state)
    if problem is not None:
        return problem
    shown = leaked(view, adapter.hidden_from(state, seat))
    if shown:
        return f"player {seat}'s view shows hidden {', '.join(map(str, shown[:3]))}"
    return None


def _failed(table: Table, seed: int, step: int, problem: str) -> Outcome:
    return Outcome(table.key, seed, "failed", f"step {step}: {problem}")
