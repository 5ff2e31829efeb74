"""Figures over many finished games: what a playtest harness reports.

:class:`Tally` adds up finished :class:`~bots.games.chin_music.engine.ChinMusic`
games: fights won by stack size and by why they happened, wins by seat and by
place in turn order from the game's first player, how often each card was
played, and game length in turns and bouts. Everything comes from the
state's public record (``fights``, ``turns``, ``bout``, ``opening_player``).

>>> from bots.core import play_game
>>> from bots.games.chin_music import ChinMusic, HeuristicPlayer
>>> from pnp.catalog import load_catalog
>>> deck = ChinMusic.data_from(load_catalog("cards").game("chin-music"))
>>> tally = Tally(3)
>>> for seed in range(3):
...     tally.add(play_game(ChinMusic.new(deck, seed, {"players": 3}),
...                         [HeuristicPlayer(deck) for _ in range(3)]))
>>> tally.games, sum(tally.wins_by_seat)
(3, 3.0)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from statistics import median

from bots.games.chin_music.engine import ChinMusic
from bots.games.chin_music.records import FightReason


@dataclass
class Record:
    """Fights won out of fights fought."""

    won: int = 0
    fought: int = 0

    def add(self, won: bool) -> None:
        self.won += won
        self.fought += 1

    @property
    def rate(self) -> float:
        return self.won / self.fought if self.fought else 0.0

    def __str__(self) -> str:
        return f"{self.rate:.0%} of {self.fought}" if self.fought else "none"


@dataclass
class Tally:
    """Figures over finished games of ``players`` players."""

    players: int
    games: int = 0
    turns: int = 0
    bouts: int = 0
    #: Turns (recitations) and bouts of each game, in the order added.
    turns_by_game: list[int] = field(default_factory=list)
    bouts_by_game: list[int] = field(default_factory=list)
    by_stack_size: dict[int, Record] = field(default_factory=dict)
    by_reason: dict[FightReason, Record] = field(default_factory=dict)
    wins_by_seat: list[float] = field(default_factory=list)
    #: Wins by place in turn order from the game's first player (0: the first player).
    wins_by_place: list[float] = field(default_factory=list)
    cards_played: Counter[str] = field(default_factory=Counter)

    def __post_init__(self) -> None:
        self.wins_by_seat = self.wins_by_seat or [0.0] * self.players
        self.wins_by_place = self.wins_by_place or [0.0] * self.players

    def add(self, state: ChinMusic) -> None:
        """Add one finished game."""
        if not state.is_terminal:
            raise ValueError("only finished games can be tallied")
        if state.num_players != self.players:
            raise ValueError(f"a {state.num_players}-player game in a {self.players}-player tally")
        self.games += 1
        self.turns += state.turns
        self.bouts += state.bout
        self.turns_by_game.append(state.turns)
        self.bouts_by_game.append(state.bout)
        for fight in state.fights:
            self.by_stack_size.setdefault(fight.stack_size, Record()).add(fight.won)
            self.by_reason.setdefault(fight.reason, Record()).add(fight.won)
            self.cards_played.update(card.id for card in fight.stack)
        for seat, share in enumerate(state.returns()):
            self.wins_by_seat[seat] += share
            self.wins_by_place[(seat - state.opening_player) % self.players] += share

    def add_all(self, states: Iterable[ChinMusic]) -> Tally:
        for state in states:
            self.add(state)
        return self

    def stack_sizes(self, low: int, high: int) -> Record:
        """Fights on stacks of ``low`` to ``high`` cards, together."""
        total = Record()
        for size in range(low, high + 1):
            record = self.by_stack_size.get(size, Record())
            total.won += record.won
            total.fought += record.fought
        return total

    def fights(self) -> int:
        """Fights fought in all."""
        return sum(record.fought for record in self.by_stack_size.values())

    def share_of_fights(self, low: int, high: int) -> float:
        """The share of all fights fought on stacks of ``low`` to ``high`` cards."""
        return self.stack_sizes(low, high).fought / max(1, self.fights())

    def fair_share_ratios(self, wins: list[float]) -> list[float]:
        """Each entry of ``wins`` divided by a fair share of the games."""
        fair = self.games / self.players
        return [w / fair if fair else 0.0 for w in wins]

    def report(self) -> str:
        """The figures, a few lines of text."""
        games = max(1, self.games)
        sizes = ", ".join(
            f"{size}: {record}" for size, record in sorted(self.by_stack_size.items())
        )
        reasons = ", ".join(f"{reason}: {record}" for reason, record in self.by_reason.items())
        seats = " ".join(f"{r:.2f}" for r in self.fair_share_ratios(self.wins_by_seat))
        places = " ".join(f"{r:.2f}" for r in self.fair_share_ratios(self.wins_by_place))
        bouts = sorted(self.bouts_by_game) or [0]
        return "\n".join(
            [
                f"{self.players} players, {self.games} games: {self.turns / games:.1f} turns "
                f"and {self.bouts / games:.1f} bouts a game (bouts: median "
                f"{median(bouts):g}, 90th percentile {bouts[(len(bouts) * 9) // 10]}, "
                f"most {bouts[-1]})",
                f"  fights won by stack size: {sizes}",
                f"  fights on 3-5 card stacks won: {self.stack_sizes(3, 5)}; "
                f"fights on 1-2 card stacks: {self.share_of_fights(1, 2):.0%} of all",
                f"  fights won by why they happened: {reasons}",
                f"  wins / fair share by seat: {seats}",
                f"  wins / fair share by place from the first player: {places}",
            ]
        )
