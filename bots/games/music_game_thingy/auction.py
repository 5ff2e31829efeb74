"""Signing Artists at auction (source, section 7.1, with the project's readings).

An auction is a round of **bidding turns** in its order (the opening auction
counter-clockwise from the banker's right, the others in financial order).
On its turn a label may pick up to two Artists without a Fame marker and roll
their Fame (one die plus two), open the bidding on one of them or on any
Artist in the pool whose Fame is known, or pass. Once bidding is open the
other labels answer in the auction's order from the label after the last
bidder: each raises or passes, and **a pass is final** for that Artist. When
every other label has passed, the high bidder pays the bank and signs the
Artist, and the next label has its bidding turn. The auction ends when every
label in a row has passed its bidding turn.

A bid names the Artist, the years (the Contract track: 1 to 5) and the money,
a whole number of thousands, at least 5,000 x Fame x years. It beats the high
bid with at least **1,000 more**, or with the **same money for fewer years**.
Nobody may bid more than the cash they hold.

``legal_actions`` offers a bounded menu of bids (:func:`bid_menu`: for each
contract length the smallest bid that beats the high one and a few steps
above it, all within the bidder's cash); any other legal bid is accepted too.

>>> beats(30000, 2, high_amount=30000, high_years=3), beats(30500, 3, 30000, 3)
(True, False)
>>> smallest_bid(5, 2, high_amount=60000, high_years=3)
60000
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bots.games.music_game_thingy.actions import (
    Bid,
    LookAt,
    MusicGameThingyAction,
    Pass,
    bid,
    look,
    pass_,
)
from bots.games.music_game_thingy.cards import minimum_bid
from bots.games.music_game_thingy.pieces import BANK
from pnp.catalog.schemas.music_game_thingy import MONEY_STEP, STARTING_FAME

if TYPE_CHECKING:
    from bots.games.music_game_thingy.engine import MusicGameThingy

#: How far above the smallest bid the menu of bids reaches, in steps.
MENU_STEPS = (0, 10_000)


@dataclass(slots=True)
class AuctionState:
    """An auction in progress (see the module docstring)."""

    #: Which auction this is: 0 the opening auction, then one after each year.
    number: int
    opening: bool
    order: list[int]
    #: Where in ``order`` the label whose bidding turn it is sits.
    turn: int = 0
    #: Bidding turns declined in a row.
    declined: int = 0
    #: Artists rolled for in this bidding turn.
    looked: list[str] = field(default_factory=list)
    artist: str | None = None
    high_bidder: int | None = None
    high_years: int = 0
    high_amount: int = 0
    #: Labels that have not passed on this Artist, in the auction's order.
    still_in: list[int] = field(default_factory=list)
    #: Where in ``order`` the label that acted last in the bidding sits.
    cursor: int = 0

    @property
    def turn_holder(self) -> int:
        return self.order[self.turn]

    @property
    def is_bidding(self) -> bool:
        return self.artist is not None

    def open(self, artist: str, bidder: int, years: int, amount: int) -> None:
        """Open the bidding on ``artist`` with the turn holder's bid."""
        self.artist = artist
        self.still_in = list(self.order)
        self.raise_to(bidder, years, amount)

    def raise_to(self, bidder: int, years: int, amount: int) -> None:
        self.high_bidder, self.high_years, self.high_amount = bidder, years, amount
        self.cursor = self.order.index(bidder)

    def drop(self, label: int) -> None:
        """``label`` passes on this Artist: for good."""
        self.still_in.remove(label)
        self.cursor = self.order.index(label)

    def next_bidder(self) -> int | None:
        """The label that answers next, or ``None`` when everyone else has passed."""
        count = len(self.order)
        for step in range(1, count + 1):
            label = self.order[(self.cursor + step) % count]
            if label != self.high_bidder and label in self.still_in:
                return label
        return None

    def close_bidding(self) -> None:
        """After a sale: the next label's bidding turn."""
        self.artist = None
        self.high_bidder, self.high_years, self.high_amount = None, 0, 0
        self.still_in = []
        self.looked = []
        self.declined = 0
        self.turn = (self.turn + 1) % len(self.order)

    def decline_turn(self) -> bool:
        """The turn holder passes its bidding turn; whether the auction is over."""
        self.looked = []
        self.declined += 1
        self.turn = (self.turn + 1) % len(self.order)
        return self.declined >= len(self.order)


def beats(amount: int, years: int, high_amount: int, high_years: int) -> bool:
    """Whether a bid of ``amount`` for ``years`` tops the high bid: at least
    :data:`MONEY_STEP` more, or the same money for fewer years."""
    return amount >= high_amount + MONEY_STEP or (amount >= high_amount and years < high_years)


def smallest_bid(fame: int, years: int, high_amount: int = 0, high_years: int = 0) -> int:
    """The smallest bid for ``years`` that is legal: the minimum bid, and if bidding
    is open, enough to beat the high bid."""
    least = minimum_bid(fame, years)
    if high_years == 0:
        return least
    needed = high_amount if years < high_years else high_amount + MONEY_STEP
    return max(least, needed)


def bid_problem(
    fame: int, years: int, amount: int, cash: int, high_amount: int = 0, high_years: int = 0
) -> str | None:
    """Why a bid may not be made (a sentence), or ``None``."""
    if amount % MONEY_STEP:
        return f"bids are in whole thousands, not {amount:,}"
    least = minimum_bid(fame, years)
    if amount < least:
        return f"the minimum bid for Fame {fame} and {years} years is {least:,}"
    if high_years and not beats(amount, years, high_amount, high_years):
        return (
            f"it does not beat {high_amount:,} for {high_years} years (bid at least "
            f"{MONEY_STEP:,} more, or the same money for fewer years)"
        )
    if amount > cash:
        return f"the label holds only {max(cash, 0):,}"
    return None


def bid_menu(
    fame: int, cash: int, most_years: int, high_amount: int = 0, high_years: int = 0
) -> list[tuple[int, int]]:
    """The ``(years, amount)`` bids offered as legal actions: for each contract length
    the smallest legal bid and a few steps above it, within ``cash``."""
    menu = []
    for years in range(1, most_years + 1):
        least = smallest_bid(fame, years, high_amount, high_years)
        for step in MENU_STEPS:
            if least + step <= cash:
                menu.append((years, least + step))
    return menu


# --- the auction in a game ----------------------------------------------------------


def start(state: MusicGameThingy, opening: bool) -> None:
    """Open an auction: the opening one from the banker's right, else in financial order."""
    n = state.players
    if opening:
        right = (state.banker - 1) % n
        order = [(right - step) % n for step in range(n)]
    else:
        order = list(state.order)
    state.auction = AuctionState(state.auctions, opening, order)
    state.phase, state.current = "bidding-turn", order[0]


def end(state: MusicGameThingy) -> None:
    """Every label passed its bidding turn in a row: fix the pool's markers, set the
    financial order after the opening auction, and begin the month."""
    assert state.auction is not None
    number = state.auction.number
    for artist in state.artists.values():
        if artist.owner is None and artist.fame is not None and artist.pooled_at is None:
            artist.pooled_at = number
    opening = state.auction.opening
    state.auction = None
    state.auctions += 1
    if opening:
        rolls = [state.rng.random() for _ in range(state.players)]
        state.order = sorted(range(state.players), key=lambda s: (-state.cash[s], -rolls[s]))
        state.announced = list(state.cash)
    state.start_month()


def pool_fame(state: MusicGameThingy, artist_id: str) -> int | None:
    """The Fame of a pool Artist that may be bid on, or ``None``."""
    artist = state.artists.get(artist_id)
    if artist is None or artist.owner is not None:
        return None
    return artist.fame


def actions(state: MusicGameThingy, seat: int) -> list[MusicGameThingyAction]:
    """Pass, the picks and a menu of bids within the label's cash."""
    auction = state.auction
    assert auction is not None
    low, high = state.rules.contract_years
    cash = state.cash[seat]
    found: list[MusicGameThingyAction] = [pass_(seat)]
    if auction.is_bidding:
        assert auction.artist is not None
        fame = state.artists[auction.artist].fame or 0
        for years, amount in bid_menu(fame, cash, high, auction.high_amount, auction.high_years):
            if years >= low:
                found.append(bid(seat, auction.artist, years, amount))
        return found
    if len(auction.looked) < 2:
        found += [
            look(seat, artist.id)
            for artist in state.artists.values()
            if artist.owner is None and artist.fame is None
        ]
    for artist in state.artists.values():
        if artist.owner is None and artist.fame is not None:
            for years, amount in bid_menu(artist.fame, cash, high):
                if years >= low:
                    found.append(bid(seat, artist.id, years, amount))
    return found


def problem(state: MusicGameThingy, action: MusicGameThingyAction) -> str | None:
    auction = state.auction
    assert auction is not None
    if type(action) is Pass:
        return None
    if type(action) is LookAt:
        if auction.is_bidding:
            return "the bidding on an Artist is under way"
        artist = state.artists.get(action.artist)
        if artist is None:
            return f"there is no Artist {action.artist!r}"
        if artist.owner is not None or artist.fame is not None:
            return f"{action.artist} is not in the pool without a Fame marker"
        if len(auction.looked) >= 2:
            return "a label picks at most two Artists in its bidding turn"
        return None
    if type(action) is Bid:
        low, high = state.rules.contract_years
        if not low <= action.years <= high:
            return f"contracts are {low} to {high} years"
        if auction.is_bidding:
            if action.artist != auction.artist:
                return f"the bidding is on {auction.artist}"
            fame = state.artists[action.artist].fame or 0
            return bid_problem(
                fame,
                action.years,
                action.amount,
                state.cash[action.player],
                auction.high_amount,
                auction.high_years,
            )
        fame_known = pool_fame(state, action.artist)
        if fame_known is None:
            return f"{action.artist} is not in the pool with a known Fame"
        return bid_problem(fame_known, action.years, action.amount, state.cash[action.player])
    return "an auction is under way"


def apply(state: MusicGameThingy, action: MusicGameThingyAction) -> None:
    auction = state.auction
    assert auction is not None
    seat = action.player
    if type(action) is LookAt:
        low, high = STARTING_FAME
        state.artists[action.artist].fame = state.rng.randint(low, high)
        state.touch(action.artist)
        auction.looked.append(action.artist)
    elif type(action) is Bid:
        if auction.is_bidding:
            auction.raise_to(seat, action.years, action.amount)
        else:
            auction.open(action.artist, seat, action.years, action.amount)
        _next_bidder(state)
    elif auction.is_bidding:
        auction.drop(seat)
        _next_bidder(state)
    elif auction.decline_turn():
        end(state)
        return
    else:
        state.current = auction.turn_holder
    if state.auction is not None and not auction.is_bidding:
        state.phase, state.current = "bidding-turn", auction.turn_holder


def _next_bidder(state: MusicGameThingy) -> None:
    auction = state.auction
    assert auction is not None and auction.artist is not None
    following = auction.next_bidder()
    if following is not None:
        state.phase, state.current = "bidding", following
        return
    winner = auction.high_bidder
    assert winner is not None
    artist = state.artists[auction.artist]
    state.touch(artist.id)
    state.pay(winner, BANK, auction.high_amount, "artists")
    artist.owner, artist.contract, artist.pooled_at = winner, auction.high_years, None
    artist.price, artist.signed_years = auction.high_amount, auction.high_years
    state.signings.append(
        (
            winner,
            artist.id,
            artist.fame or 0,
            auction.high_years,
            auction.high_amount,
            auction.number,
        )
    )
    state.tally(artist.id).add(plays=1, money=-auction.high_amount)
    auction.close_bidding()
