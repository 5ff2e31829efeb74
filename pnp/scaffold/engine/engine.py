"""@@title@@'s rules engine: a climbing game over the deck's ranks, found by ``pnp``
because game.yaml names this file (``engine: {module: engine.py}``).

The rules: each player is dealt ``hand_size`` cards. The leader plays one card or a set
of equal cards; each player after them plays a set of the same size that ranks higher,
or passes. When everyone else has passed in a row, the last to play leads a new climb.
The first to empty their hand wins.

``pnp check @@id@@`` checks this engine, ``pnp play @@id@@`` seats you against its bot,
``pnp verify --game @@id@@`` plays it by the hundred. Change the rules below; the
contract is :class:`bots.core.GameState` (see ``bots/core/state.py``), and
``invariant_problem``, ``hidden_from``, ``played_cards`` and ``rounds`` are optional
extras the checks and ``pnp verify`` use when an engine has them.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from bots.core import (
    ActionSyntax,
    BotSpec,
    GameAction,
    GameState,
    Param,
    Params,
    ParamSpec,
    Player,
    Verb,
)
from pnp.engines import Plugin

if TYPE_CHECKING:
    from pnp.catalog import Game


@dataclass(frozen=True, order=True)
class Card:
    """One printed card: its rank first (cards sort by rank), its id, name and copy."""

    rank: int
    id: str
    name: str
    copy: int

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True)
class Play(GameAction):
    """Play ``count`` cards of one design (``0:play:flare:2``)."""

    card: str
    count: int = 1
    verb: ClassVar[str] = "play"

    def argument(self) -> str:
        return f"{self.card}:{self.count}"

    def describe(self) -> str:
        return f"play {self.card}" if self.count == 1 else f"play {self.count} {self.card}"


@dataclass(frozen=True, slots=True)
class Pass(GameAction):
    """Let the climb go by (``0:pass``)."""

    verb: ClassVar[str] = "pass"

    def describe(self) -> str:
        return "pass"


def _play(seat: int, text: str) -> Play:
    card, _, count = text.partition(":")
    if not count.isdigit():
        raise ValueError("a play is written card:count, as in flare:2")
    return Play(seat, card.strip(), int(count))


SYNTAX: ActionSyntax[GameAction] = ActionSyntax(
    "@@id@@", [Verb("play", _play, "card:count", "flare:2"), Verb("pass", Pass)]
)


@dataclass(frozen=True)
class View:
    """What one player knows: their hand, the set to beat, everyone's card count."""

    player: int
    hand: tuple[Card, ...]
    to_beat: tuple[Card, ...]
    played_by: int | None
    cards_left: tuple[int, ...]

    def lines(self) -> list[str]:
        """The view at the terminal (pnp play's generic front shows these lines)."""
        beat = ", ".join(map(str, self.to_beat)) or "nothing: you lead"
        counts = ", ".join(f"player {seat}: {n}" for seat, n in enumerate(self.cards_left))
        return [
            f"Your hand: {', '.join(map(str, self.hand))}",
            f"To beat: {beat}",
            f"Cards left ({counts})",
        ]


class Climb(GameState[GameAction, View]):
    """The state of one game (see the module docstring)."""

    game_name = "@@id@@"
    param_spec = ParamSpec(
        "@@id@@",
        Param("players", int, 2, "how many players", minimum=2, maximum=4),
        Param("hand_size", int, 7, "cards dealt to each player", minimum=3, maximum=7),
    )
    action_types = (Play, Pass)

    def __init__(self, data: tuple[Card, ...], seed: int, params: Params) -> None:
        super().__init__(data, seed, params)
        deck = list(data)
        self.rng.shuffle(deck)
        size, players = params.get_int("hand_size"), params.get_int("players")
        self.hands = [sorted(deck[seat * size : (seat + 1) * size]) for seat in range(players)]
        self.stock = deck[players * size :]  # never played, never seen
        self.played: list[Card] = []
        self.to_beat: tuple[Card, ...] = ()
        self.played_by: int | None = None
        self.turn = 0
        self.passes = 0
        self.winner: int | None = None
        self.rounds = 1  # climbs, for pnp verify's figures

    @classmethod
    def data_from(cls, game: Game) -> tuple[Card, ...]:
        cards = []
        for deck in game.decks:
            for card in deck.cards:
                rank = getattr(card, "rank", None)
                if not isinstance(rank, int):
                    raise ValueError(f"card {card.id!r} needs a whole-number rank to climb")
                for copy in range(card.count):
                    cards.append(Card(rank, card.id, card.label(), copy))
        return tuple(cards)

    def parse_action(self, text: str) -> GameAction:
        return SYNTAX.parse(text)

    @property
    def num_players(self) -> int:
        return len(self.hands)

    @property
    def current_player(self) -> int | None:
        return None if self.winner is not None else self.turn

    @property
    def is_terminal(self) -> bool:
        return self.winner is not None

    def _sets(self, seat: int) -> Iterator[tuple[str, int, int]]:
        """Each design in ``seat``'s hand: its id, rank and how many they hold."""
        counts = Counter((card.id, card.rank) for card in self.hands[seat])
        for (card_id, rank), count in sorted(counts.items(), key=lambda item: item[0][1]):
            yield card_id, rank, count

    def legal_actions(self) -> Sequence[GameAction]:
        if self.winner is not None:
            return ()
        seat = self.turn
        if not self.to_beat:
            return [
                Play(seat, card, n)
                for card, _, count in self._sets(seat)
                for n in range(1, count + 1)
            ]
        size, rank = len(self.to_beat), self.to_beat[0].rank
        higher = [
            Play(seat, card, size)
            for card, r, count in self._sets(seat)
            if r > rank and count >= size
        ]
        return [Pass(seat), *higher]

    def _why_illegal(self, action: GameAction) -> str | None:
        if isinstance(action, Pass):
            return "you lead this climb: play a card or a set" if not self.to_beat else None
        assert isinstance(action, Play)
        held = [card for card in self.hands[action.player] if card.id == action.card]
        if action.count < 1 or len(held) < action.count:
            return f"you hold {len(held)} {action.card}"
        if self.to_beat and action.count != len(self.to_beat):
            return f"this climb is played in sets of {len(self.to_beat)}"
        if self.to_beat and held[0].rank <= self.to_beat[0].rank:
            return f"{held[0]} does not rank above {self.to_beat[0]}"
        return None

    def _apply(self, action: GameAction) -> None:
        seat, players = action.player, self.num_players
        if isinstance(action, Play):
            hand = self.hands[seat]
            chosen = [card for card in hand if card.id == action.card][: action.count]
            self.hands[seat] = [card for card in hand if card not in chosen]
            self.played += chosen
            self.to_beat, self.played_by, self.passes = tuple(chosen), seat, 0
            if not self.hands[seat]:
                self.winner = seat
                return
        else:
            self.passes += 1
            if self.passes == players - 1:  # everyone else passed: a new climb
                assert self.played_by is not None
                self.to_beat, self.passes, self.rounds = (), 0, self.rounds + 1
                self.turn = self.played_by
                return
        self.turn = (seat + 1) % players

    def returns(self) -> tuple[float, ...]:
        return tuple(1.0 if seat == self.winner else 0.0 for seat in range(self.num_players))

    def view(self, player: int) -> View:
        left = tuple(len(hand) for hand in self.hands)
        return View(player, tuple(self.hands[player]), self.to_beat, self.played_by, left)

    # --- optional extras: what pnp check and pnp verify look at -------------------------

    def invariant_problem(self) -> str | None:
        """A sentence if cards were created or lost."""
        now = [card for hand in self.hands for card in hand] + self.stock + self.played
        if Counter(now) != Counter(self.data):
            return f"{len(now)} cards in play, {len(self.data)} in the deck"
        return None

    def hidden_from(self, player: int) -> list[Card]:
        """The cards ``player`` must not see: the others' hands and the undealt cards."""
        others = [card for seat, hand in enumerate(self.hands) if seat != player for card in hand]
        return others + self.stock

    def played_cards(self) -> list[str]:
        return [card.id for card in self.played]


class Climber:
    """Leads its lowest design, as many as it holds; climbs as low as it can."""

    def choose(self, view: View, legal: Sequence[GameAction], rng: random.Random) -> GameAction:
        plays = [action for action in legal if isinstance(action, Play)]
        if not plays:
            return legal[0]
        rank = {card.id: card.rank for card in view.hand}
        return min(plays, key=lambda play: (rank[play.card], -play.count))


def _climber(data: Any, seed: int | None) -> Player[Any, Any]:
    return Climber()


PLUGIN = Plugin(
    Climb,
    bots=[BotSpec("climber", "leads its lowest cards, climbs as low as it can", _climber)],
)
