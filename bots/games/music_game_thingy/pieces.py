"""The moving parts of a game in progress: Artists, Tours and the month's activities.

These are the engine's own mutable records (dataclasses, so that a cloned
game compares equal to its original); views are built from them
(:mod:`bots.games.music_game_thingy.records`). Action cards are their numbers
(see :mod:`bots.games.music_game_thingy.cards`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

#: The bank, as the payer or payee of a payment.
BANK = -1


@dataclass(slots=True)
class ArtistState:
    """One Artist card: its Fame marker (``None``: none), who has it under contract
    (``None``: in the pool) and for how many more years, and what lies on it."""

    id: str
    fame: int | None = None
    owner: int | None = None
    contract: int = 0
    #: Year cards played on it (Road Crew, Stage Lights, Hype, Backlash).
    face_up: list[int] = field(default_factory=list)
    #: The Single or EP kept under it, which lets it release an Album.
    kept_single: int | None = None
    #: The Tour it is on.
    tour: str | None = None
    #: The record id of a Successful Single still selling.
    charting: str | None = None
    #: The number of the first auction at which it waited in the pool with its Fame.
    pooled_at: int | None = None
    #: What the label paid for its current contract, and that contract's years.
    price: int = 0
    signed_years: int = 0


@dataclass(slots=True)
class TourState:
    """A Tour card: the Artist on it (``None``: beside the months), the label that
    books its months, months still to roll, and the label it last came home from
    with the month number until which that label may not book it again."""

    id: str
    artist: str | None = None
    label: int | None = None
    months_left: int = 0
    resting_from: int | None = None
    rest_until: int = -1


@dataclass(slots=True)
class Activity:
    """One Artist's activity this month (see ``records.ActivityView``)."""

    artist: str
    declarer: int
    #: ``single``, ``ep``, ``album``, ``double-album``, ``venue`` or ``tour``.
    activity: str
    #: The record or Venue card id, or the Tour id.
    source: str
    #: The physical card played (``None`` for a Tour or a Successful Single carried on).
    card: int | None = None
    extra_date: int | None = None
    carried: bool = False
    #: Disaster and Sabotage cards played on it (card numbers).
    struck: list[int] = field(default_factory=list)
    fame: int | None = None
    #: Fame bonus per die and to the total from cards on the Artist (fixed with ``fame``).
    card_per_die: int = 0
    card_per_total: int = 0
    #: Ids of the helper cards that counted (Road Crew, Stage Lights, Extra Date).
    helpers: tuple[str, ...] = ()
    rolls: tuple[int, ...] = ()
    units: int | None = None
    money: int | None = None
    chart_fame: int = 0
    #: What everyone sees of it, kept until it changes (set to ``None`` on every change).
    seen: object = field(default=None, compare=False, repr=False)

    @property
    def earns(self) -> bool:
        """Whether it earns anything (no Disaster or Sabotage on it)."""
        return not self.struck


@dataclass(slots=True)
class CardTally:
    """What the plays of one Action card (or Tour) brought, over a game."""

    plays: int = 0
    money: int = 0
    fame: int = 0

    def add(self, money: int = 0, fame: int = 0, plays: int = 0) -> None:
        self.plays += plays
        self.money += money
        self.fame += fame
