"""High card with a hidden hand: a tiny game that exists only to test ``bots.core``.

Each player is dealt ``hand_size`` hidden cards from a seeded shuffle of a
52-card deck. Player 0 leads; each trick, every player plays one card, and must
follow the led suit if able. The highest card of the led suit wins the trick
and its winner leads the next. A player's return is the tricks they won.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bots.core import ActionSyntax, GameAction, GameState, Param, Params, ParamSpec, Verb

RANKS = "23456789TJQKA"
SUITS = "CDHS"
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


@dataclass(frozen=True, order=True)
class Card:
    """A playing card such as ``QH``; rank 0 is a 2, rank 12 an ace."""

    rank: int
    suit: str

    @classmethod
    def parse(cls, text: str) -> Card:
        """The card written ``text``, e.g. ``"TS"``."""
        if len(text) != 2 or text[0] not in RANKS or text[1] not in SUITS:
            raise ValueError(f"{text!r} is not a card (like 'QH': rank {RANKS}, suit {SUITS})")
        return cls(RANKS.index(text[0]), text[1])

    def __str__(self) -> str:
        return RANKS[self.rank] + self.suit


DECK = tuple(Card(rank, suit) for suit in SUITS for rank in range(len(RANKS)))


@dataclass(frozen=True, slots=True)
class Play(GameAction):
    """``player`` plays ``card``; written ``"1:play:QH"``."""

    card: Card
    verb = "play"

    def argument(self) -> str:
        return str(self.card)

    def describe(self) -> str:
        return f"play {self.card}"


SYNTAX = ActionSyntax(
    "high card", [Verb("play", lambda seat, text: Play(seat, Card.parse(text)), "a card", "QH")]
)


@dataclass(frozen=True)
class HighCardView:
    """What one player knows: their own hand, and only the sizes of the others'."""

    player: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    trick: tuple[Play, ...]
    tricks_won: tuple[int, ...]
    current_player: int | None


class HighCard(GameState[Play, HighCardView]):
    """The state of a game of high card."""

    game_name = "high-card"
    param_spec = ParamSpec(
        "high-card",
        Param("players", int, 2, "how many players", minimum=2, maximum=4),
        Param("hand_size", int, 3, "cards dealt to each player", minimum=1, maximum=5),
    )

    action_types = (Play,)

    def __init__(self, data: tuple[Card, ...], seed: int, params: Params) -> None:
        super().__init__(data, seed, params)
        players = self.params.get_int("players")
        hand_size = self.params.get_int("hand_size")
        deck = list(data)
        self.rng.shuffle(deck)
        self.hands = [sorted(deck[seat::players][:hand_size]) for seat in range(players)]
        self.stock = deck[players * hand_size :]  # never dealt, never seen
        self.trick: list[Play] = []
        self.tricks_won = [0] * players
        self.leader = 0

    @classmethod
    def data_from(cls, game: Any) -> tuple[Card, ...]:
        return DECK  # the test game has no card data of its own

    def parse_action(self, text: str) -> Play:
        return SYNTAX.parse(text)

    @property
    def num_players(self) -> int:
        return len(self.hands)

    @property
    def is_terminal(self) -> bool:
        return not any(self.hands)

    @property
    def current_player(self) -> int | None:
        if self.is_terminal:
            return None
        return (self.leader + len(self.trick)) % self.num_players

    def legal_actions(self) -> Sequence[Play]:
        seat = self.current_player
        if seat is None:
            return ()
        return [Play(seat, card) for card in self.hands[seat] if self._why_not(seat, card) is None]

    def _why_illegal(self, action: Play) -> str | None:
        return self._why_not(action.player, action.card)

    def _why_not(self, seat: int, card: Card) -> str | None:
        hand = self.hands[seat]
        if card not in hand:
            return f"{card} is not in their hand"
        if self.trick:
            led = self.trick[0].card.suit
            if card.suit != led and any(held.suit == led for held in hand):
                return f"they must follow {SUIT_NAMES[led]}, which they hold"
        return None

    def _apply(self, action: Play) -> None:
        self.hands[action.player].remove(action.card)
        self.trick.append(action)
        if len(self.trick) == self.num_players:
            led = self.trick[0].card.suit
            winner = max((p for p in self.trick if p.card.suit == led), key=lambda p: p.card)
            self.tricks_won[winner.player] += 1
            self.leader = winner.player
            self.trick = []

    def returns(self) -> tuple[float, ...]:
        if not self.is_terminal:
            return (0.0,) * self.num_players
        return tuple(float(won) for won in self.tricks_won)

    def view(self, player: int) -> HighCardView:
        return HighCardView(
            player=player,
            hand=tuple(self.hands[player]),
            hand_sizes=tuple(len(hand) for hand in self.hands),
            trick=tuple(self.trick),
            tricks_won=tuple(self.tricks_won),
            current_player=self.current_player,
        )
