"""What a game of Chinchón keeps and shows: lay-offs, hands shown after a close, how
each hand ended, and a player's view."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from bots.games.chinchon.cards import Card
from bots.games.chinchon.variants import Wild

#: Closer's score when all seven are matched.
ALL_MATCHED_SCORE = -10


@dataclass(frozen=True)
class LayOff:
    """Cards one player laid off onto one meld of the table (``meld`` as it was before)."""

    meld: tuple[Card, ...]
    cards: tuple[Card, ...]

    def __deepcopy__(self, memo: dict[int, object]) -> LayOff:
        return self  # a frozen record (compiled: it could not be rebuilt field by field)


@dataclass(frozen=True)
class ShownHand:
    """One player's hand as shown after a close: melds, lay-offs, what is left."""

    player: int
    melds: tuple[tuple[Card, ...], ...]
    laid_off: tuple[Card, ...]
    unmatched: tuple[Card, ...]
    score: int
    #: Where the laid-off cards went.
    lay_offs: tuple[LayOff, ...] = ()

    def __deepcopy__(self, memo: dict[int, object]) -> ShownHand:
        return self  # a frozen record (compiled: it could not be rebuilt field by field)


@dataclass(frozen=True)
class HandResult:
    """How a hand ended: the closer (``None`` if the turn limit ended it) and every hand shown.

    ``went_out`` holds the players whose total passed the limit in this hand
    (before any re-entry). The closer's face-down card is never shown.
    """

    closer: int | None
    chinchon: bool
    shown: tuple[ShownHand, ...]
    went_out: tuple[int, ...] = ()

    def score_of(self, player: int) -> int:
        return next(hand.score for hand in self.shown if hand.player == player)

    @property
    def close_kind(self) -> str:
        """``chinchon``, ``minus-ten`` (all seven matched), ``wild-run``, ``low-card``
        (closed with unmatched points) or ``no-close`` (the turn limit ended the hand)."""
        if self.closer is None:
            return "no-close"
        if self.chinchon:
            return "chinchon"
        score = self.score_of(self.closer)
        if score == ALL_MATCHED_SCORE:
            return "minus-ten"
        return "wild-run" if score < 0 else "low-card"

    def __deepcopy__(self, memo: dict[int, object]) -> HandResult:
        return self  # a frozen record (compiled: it could not be rebuilt field by field)


class ChinchonView(NamedTuple):
    """What one player knows; the discard pile lists every card in it (all were seen).

    A named tuple (plain immutable data, quick to build): change a copy with
    ``view._replace(hand=...)``.

    ``picked_up`` holds, for every seat, the cards that player took from the
    discard pile this hand and has not discarded since (everyone saw them).
    ``reentry_total`` is the total a player re-enters at while re-entries are
    being offered (``None`` otherwise). The rules agreed at the table are public
    too: the limit, the deck in play, whether five points close, how many
    re-entries each player has and the engine's ``hand_turn_limit``.
    """

    player: int
    hand: tuple[Card, ...]
    top_discard: Card | None
    discard_pile: tuple[Card, ...]
    stock_size: int
    hand_sizes: tuple[int, ...]
    totals: tuple[int, ...]
    out: tuple[bool, ...]
    reentries_used: tuple[int, ...]
    dealer: int
    current_player: int | None
    must_draw: bool
    taken_from_discard: Card | None
    turns_this_hand: int
    last_hand: HandResult | None
    winners: tuple[int, ...]
    picked_up: tuple[tuple[Card, ...], ...] = ()
    reentry_total: int | None = None
    limit: int = 100
    #: The deck in play: with the 8s and 9s, and which cards are wild.
    forty_eight: bool = False
    wild: Wild = "none"
    #: Whether unmatched cards totalling 5 or less close (the five-points variant).
    five_points: bool = False
    #: Re-entries allowed per player.
    reentry_limit: int = 1
    #: Turns after which a hand nobody closed ends (0: never).
    hand_turn_limit: int = 0

    @property
    def next_player(self) -> int:
        """The next seat still in after this player."""
        seats = len(self.out)
        return next(
            (self.player + step) % seats
            for step in range(1, seats + 1)
            if not self.out[(self.player + step) % seats]
        )
