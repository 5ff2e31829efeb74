"""What a Joe's Bar player sees (:class:`JoesBarView`) and what the table saw of past
rounds (:class:`RoundRecord`): plain frozen data.

Visible, and so in a view: your own hand (and a last-resort card you just drew); how
many cards every other player holds; every patron in play, its BL and its player's
lost patrons (by name); the HIT cards face up in front of each player; the Bar slots
and the centre; the attack in flight and the Utility pause on the table, face up;
who is out for the round or in the brawl; the round, its starter and how long the song
has played (not how long it will play: you know a song's length only as you hear it).

Never in a view: another player's cards, the Action deck, the face-down discard pile
(a dodge's discard, resolved Utility cards, a failed last-resort card), the spare and
tracker patrons. Records of past rounds hold counts only, never the cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from bots.games.joes_bar.data import Copy, Design, Patron, Piece, Shared
from bots.games.joes_bar.rules import Sides

#: Where the game is: a turn before its chain, a Utility window (may you start a pause
#: before the next move?), joining a pause, answering a HIT, the older draft's hand
#: limit, or over.
PHASES = ("turn", "window", "join", "answer", "limit", "over")


@dataclass(frozen=True, slots=True)
class Attack(Shared):
    """A HIT in flight: who threw it at whom, what it is made of, and how often it was
    dodged. ``hits`` counts its HIT icons (a flung Bar card's and a trait's included)."""

    attacker: int
    target: int
    cards: tuple[Copy, ...]
    piece: Piece | None
    hits: int
    reach: bool
    dodges: int = 0

    @property
    def size(self) -> int:
        """How many cards make the attack (a flung piece included)."""
        return len(self.cards) + (self.piece is not None)


@dataclass(frozen=True, slots=True)
class Landed(Shared):
    """An attack that landed: it lies face up in front of its target until the End phase."""

    by: int
    cards: tuple[Copy, ...]
    piece: Piece | None
    hits: int


@dataclass(frozen=True, slots=True)
class PauseCard(Shared):
    """A Utility card played in a pause, face up: by whom, aimed at whom (seats; an
    Interrupt names the seat whose card it cancels), and whether it was cancelled."""

    seat: int
    card: Copy
    targets: tuple[int, ...]
    cancelled: bool = False


@dataclass(frozen=True, slots=True)
class Told:
    """One thing that happened at the table, in the order it happened, for a front end to
    tell (the engine keeps them only when asked: :attr:`TableState.events`).

    ``kind`` is ``land`` (an attack lands on ``seat``, thrown by ``by``; ``amount`` HITs,
    ``what`` its cards), ``bl`` (``seat``'s BL from ``was`` to ``now``; ``what`` the
    cause: ``drink``, ``fling``, ``poison``, ``draw``, ``timer``; ``source`` the card or
    trait; ``by`` who caused it; ``trait`` a trait that changed the amount), ``immune``
    (``seat``'s patron shrugs off ``what``), ``rob`` (``by`` takes ``cards`` from ``seat``),
    ``cancel`` (``by``'s ``source`` cancels ``seat``'s card ``what``; ``amount`` 0: too
    late), ``pass`` (a HIT dodged by ``by`` passes to ``seat``), ``draw`` (``seat``'s
    last-resort draw; ``cards`` turned up, ``amount`` 1 if a
    HIT card came up), ``out`` (``seat`` is out for the round), ``stop`` (the round stops:
    ``what`` ``song`` or ``burn-out``; ``amount`` 1 if a pause was cut short, ``raw`` 1 if a
    HIT was in flight, ``now`` the seconds played) and ``end``
    (the End phase for ``seat``: ``amount`` HITs counted of ``raw`` in front, BL ``was``
    to ``now``). Another player's cards (a rob, a draw) are for the front end to keep
    hidden from whoever may not see them."""

    kind: str
    seat: int
    by: int | None = None
    what: str = ""
    source: str = ""
    trait: str = ""
    amount: int = 0
    raw: int = 0
    was: int = 0
    now: int = 0
    cards: tuple[str, ...] = ()


class RoundRecord(Design):
    """One finished round as the table saw it (counts, never cards): its number, starter,
    song and how long the Brawl lasted (at most the song); ``ended_by`` ``song`` or
    ``burn-out``; the HITs counted for each seat, the BL each lost, who was knocked out,
    and the HIT throws of each chain."""

    __slots__ = (
        "chains",
        "ended_by",
        "hits",
        "knocked_out",
        "lost",
        "number",
        "seconds",
        "song",
        "starter",
    )
    number: int
    starter: int
    song: int
    seconds: int
    ended_by: str
    hits: tuple[int, ...]
    lost: tuple[int, ...]
    knocked_out: tuple[int, ...]
    chains: tuple[int, ...]


class Seat(Design):
    """What everyone at the table sees of one player: their patron (``None`` only between
    an End phase and the next Jukebox phase), BL, how many cards they hold, the HITs in
    front of them as the End phase would count them, what they would score now, the names
    of the patrons they have lost, whether they are out for the round, in the brawl, or
    hit this round (the first-hit rule), and their patron's free dodges and reaches left."""

    __slots__ = (
        "booze",
        "free_dodges_left",
        "free_reach_left",
        "hand_size",
        "hit_this_round",
        "hits",
        "in_brawl",
        "lost_patrons",
        "out",
        "patron",
        "standing",
    )
    patron: Patron | None
    booze: int
    hand_size: int
    hits: int
    standing: int
    lost_patrons: tuple[str, ...]
    out: bool
    in_brawl: bool
    hit_this_round: bool
    free_dodges_left: int
    free_reach_left: int


@dataclass(frozen=True)
class JoesBarView:
    """Everything ``player`` may know now (see the module docstring)."""

    player: int
    phase: str
    current_player: int | None
    turn_player: int
    hand: tuple[Copy, ...]
    #: Cards drawn in a last-resort draw, to throw one (yours only).
    drawn: tuple[Copy, ...]
    #: What everyone sees of each player, by seat.
    seats: tuple[Seat, ...]
    in_front: tuple[tuple[Landed, ...], ...]
    slots: tuple[Piece | None, ...]
    centre: tuple[Piece, ...]
    attack: Attack | None
    #: The Utility pause on the table, in play order, and who started it.
    pause: tuple[PauseCard, ...]
    pause_initiator: int | None
    #: Who played the last card (the older draft's Utility timing).
    last_card_by: int | None
    round: int
    starter: int
    song_played: int
    deck_size: int
    discard_size: int
    knockouts: int
    #: Knockouts that end the game.
    knockouts_to_end: int
    #: The side played of each decision.
    rules: Sides
    last_round: RoundRecord | None
    winners: tuple[int, ...]
