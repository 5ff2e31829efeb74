"""Players and the loop that runs a game between them.

A player sees only its own view and the legal actions, never the state.
``play_game(SomeGame.new(data, seed), [RandomPlayer(), RandomPlayer()])`` plays
a whole game; the same seed gives the same game.

A game lists the bots it offers as :class:`BotSpec` values (random play, skill
levels, personalities), each a factory from the game's card data and a seed;
the registry (``pnp.registry``) and the tools take them from there.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from bots.core.state import GameState

S = TypeVar("S", bound=GameState[Any, Any])
A = TypeVar("A")
V_contra = TypeVar("V_contra", contravariant=True)

#: The default bound on the number of actions in one game.
DEFAULT_MAX_STEPS = 10_000


class GameNotOverError(RuntimeError):
    """A game that did not end within the step bound, or that no one can move in."""


class Player(Protocol[V_contra, A]):
    """Anything that picks an action from a view and the legal actions.

    ``rng`` is this seat's own seeded generator, given by :func:`play_game`;
    a player must use it (or its own seeded one), never the global ``random``.
    """

    def choose(self, view: V_contra, legal_actions: Sequence[A], rng: random.Random) -> A:
        """One of ``legal_actions``."""
        ...


class RandomPlayer:
    """Picks uniformly among the legal actions.

    With a ``seed`` it keeps its own ``random.Random``; without one it uses the
    generator :func:`play_game` gives its seat.
    """

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed) if seed is not None else None

    def choose(self, view: object, legal_actions: Sequence[A], rng: random.Random) -> A:
        """A uniformly random legal action."""
        return (self.rng or rng).choice(legal_actions)

    def __repr__(self) -> str:
        return "RandomPlayer()"


@dataclass(frozen=True)
class BotSpec:
    """One kind of bot a game offers: its name (``random``, ``easy``, ``cautious``), a line
    saying how it plays, and how to make one from the game's card data and a seed.

    ``strength`` orders the levels of a game from weakest (0) up; personalities of equal
    skill share a strength. ``heuristic`` is false only for random play.
    """

    name: str
    description: str
    make: Callable[[Any, int | None], Player[Any, Any]]
    strength: int = 1
    heuristic: bool = True

    def __call__(self, data: Any, seed: int | None = None) -> Player[Any, Any]:
        return self.make(data, seed)


#: Uniform random play, offered by every game.
RANDOM_BOT = BotSpec(
    "random",
    "picks uniformly among the legal moves",
    lambda data, seed: RandomPlayer(seed),
    strength=0,
    heuristic=False,
)


def seat_rngs(seed: int, seats: int) -> list[random.Random]:
    """One independent seeded generator per seat, derived from ``seed``."""
    return [random.Random(f"seat {seat} of game {seed}") for seat in range(seats)]


def play_game(
    state: S,
    players: Sequence[Player[Any, Any]],
    max_steps: int = DEFAULT_MAX_STEPS,
    seed: int | None = None,
) -> S:
    """Play ``state`` to the end (in place) and return it.

    Each turn the current player gets only ``state.view(player)`` and the legal
    actions, plus its seat's generator (seeded from ``seed``, by default the
    game's seed). Raises :class:`GameNotOverError` if more than ``max_steps``
    actions would be needed, and the engine's ``IllegalActionError`` if a
    player picks an illegal action.
    """
    if len(players) != state.num_players:
        raise ValueError(f"{state.num_players} players are needed, got {len(players)}")
    rngs = seat_rngs(state.seed if seed is None else seed, len(players))
    steps = 0
    while not state.is_terminal:
        seat = state.current_player
        if seat is None:
            raise GameNotOverError(f"{state!r} is not over but no player is to move")
        if steps >= max_steps:
            raise GameNotOverError(
                f"the game did not end within {max_steps} actions (player {seat} to move)"
            )
        legal = state.legal_actions()
        if not legal:
            raise GameNotOverError(f"player {seat} is to move but has no legal action")
        state.apply(players[seat].choose(state.view(seat), legal, rngs[seat]))
        steps += 1
    return state
