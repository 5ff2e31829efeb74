"""What a label sees (:class:`MusicGameThingyView`) and the public records in it:
plain frozen data, readable by a person and searchable by ``bots.core.walk``.

What is public, and so in every view: the month and year, the financial order,
every signed Artist (Fame, contract, the cards played on it, a kept Single, its
Tour), the pool's Fame markers, the Tours, this month's declared activities and
last month's results (the dice are rolled in front of everyone), the auction,
a trade on offer, a Contract Exchange or Waiver waiting for Lawyers, each
label's hand size, the cash each label announced at the last year end, and
the discard pile.

What is private: your own hand (as :class:`HandCard` values: a physical card's
number and id), your own cash (a :class:`Cash`), and the hands your Commercial
Spies showed you (:class:`SpyReport`), which nobody else sees. Another label's
hand, another label's cash and the order of the deck are in no view; the
verify adapter proves it by looking for exactly those values.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from bots.games.music_game_thingy.actions import Offer
from bots.games.music_game_thingy.cards import Shared

#: Where the game is: an auction's bidding turn or counter-bidding, getting within
#: the hand limits, the month's deals and their answers, declarations, the Lawyers
#: window after a Contract Exchange or Waiver, and the end.
Phase = Literal["bidding-turn", "bidding", "limits", "deal", "answer", "declare", "lawyers", "over"]


@dataclass(frozen=True, slots=True)
class HandCard(Shared):
    """A physical Action card: its number (0 to 112) and its card id."""

    copy: int
    card: str


@dataclass(frozen=True, slots=True)
class Cash:
    """A label's cash (negative: a debt to the bank)."""

    label: int
    amount: int


@dataclass(frozen=True, slots=True)
class ArtistView:
    """An Artist with a Fame marker: signed (``owner``) or waiting in the pool.

    ``fame`` is the marker, ``effective_fame`` with Hype and Backlash; ``cards`` are
    the ids of the year cards played on it; ``contract`` the years left.
    """

    id: str
    owner: int | None
    fame: int
    effective_fame: int
    contract: int
    cards: tuple[str, ...] = ()
    kept_single: str | None = None
    tour: str | None = None
    tour_months_left: int = 0
    #: The record of a Successful Single still selling, which keeps the Artist busy.
    charting: str | None = None

    @property
    def is_busy(self) -> bool:
        """On a Tour or with a Successful Single still selling: no other activity."""
        return self.tour is not None or self.charting is not None


@dataclass(frozen=True, slots=True)
class ActivityView:
    """One Artist's activity this month, as declared; after the month's rolls also
    what it earned (``units`` and ``money``; ``None`` until then)."""

    artist: str
    declarer: int
    activity: str
    #: The card (record or Venue) or Tour it uses.
    source: str
    extra_date: bool = False
    #: Disaster or Sabotage played on it.
    struck: tuple[str, ...] = ()
    #: A Tour on the road or a Successful Single from last month (declared at the start).
    carried: bool = False
    #: The Fame its bonuses use: fixed when its label finished declaring.
    fame: int | None = None
    rolls: tuple[int, ...] = ()
    units: int | None = None
    money: int | None = None
    #: Chart Fame it won.
    chart_fame: int = 0


@dataclass(frozen=True, slots=True)
class TourView:
    """A Tour card: on the road with ``artist`` (for ``label``) or beside the months."""

    id: str
    artist: str | None = None
    label: int | None = None
    months_left: int = 0
    #: A label that may not book it this month (it has just come home from there).
    resting_from: int | None = None


@dataclass(frozen=True, slots=True)
class LabelView:
    """What everyone knows about a label."""

    seat: int
    marker: str
    hand_size: int
    #: The cash it announced at the last money declaration (``None`` before the first).
    announced_cash: int | None
    artists: tuple[str, ...]
    #: Sports Cars played face up.
    sports_cars: int
    tours_on_road: int


@dataclass(frozen=True, slots=True)
class AuctionView:
    """The auction: whose bidding turn it is and the bidding on one Artist."""

    opening: bool
    order: tuple[int, ...]
    turn_holder: int
    looked: tuple[str, ...]
    artist: str | None
    high_bidder: int | None
    high_years: int
    high_amount: int
    #: Labels that have not passed on this Artist (the high bidder among them).
    still_in: tuple[int, ...]
    #: Bidding turns declined in a row; the auction ends when every label has declined.
    declined: int


@dataclass(frozen=True, slots=True)
class ContractMove:
    """A Contract Exchange or Waiver waiting for Lawyers: ``artist`` is the rival's
    (waived or taken), ``own`` the mover's Artist given in an exchange."""

    card: str
    mover: int
    artist: str
    own: str | None
    #: Labels asked so far, in order, who let it stand.
    allowed: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SpyReport:
    """A hand that Commercial Spies showed to ``spy`` alone."""

    month: int
    spy: int
    target: int
    cards: tuple[HandCard, ...]
    #: Under Whistle-blowing: the card caught and fined (``None``: none).
    caught: str | None = None


@dataclass(frozen=True, slots=True)
class FinalScore:
    """A label's result: money after the final scoring, Fame and Artists under contract."""

    label: int
    money: int
    fame: int
    artists: int
    sports_cars: int


@dataclass(frozen=True)
class MusicGameThingyView:
    """Everything one label may know (see the module docstring)."""

    player: int
    phase: Phase
    current_player: int | None
    #: Year of play (1 = the first), the game's length, and this month (0 before January).
    year: int
    years: int
    month: int
    #: Months played before this one in the whole game.
    month_index: int
    #: Richest first (before the first money declaration: the opening auction's order).
    financial_order: tuple[int, ...]
    banker: int
    cash: Cash
    hand: tuple[HandCard, ...]
    labels: tuple[LabelView, ...]
    #: Every Artist with a Fame marker (signed or in the pool), in the data's order.
    artists: tuple[ArtistView, ...]
    #: Artists in the pool without a Fame marker.
    unrolled: tuple[str, ...]
    tours: tuple[TourView, ...]
    activities: tuple[ActivityView, ...]
    last_month: tuple[ActivityView, ...]
    auction: AuctionView | None
    offer: Offer | None
    contract_move: ContractMove | None
    spy_reports: tuple[SpyReport, ...]
    #: Cards in the discard pile, by id, and how many are left in the deck.
    discards: tuple[str, ...]
    deck_size: int
    #: Trade offers this label may still make this month.
    offers_left: int
    #: The victory condition (``money``, ``fame`` or ``artists``) and the optional rules.
    victory: str
    successful_singles: bool
    whistle_blowing: bool
    final: tuple[FinalScore, ...] = ()
