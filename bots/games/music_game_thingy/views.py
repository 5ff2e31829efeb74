"""Building a label's view of the game (what it holds: see
:mod:`bots.games.music_game_thingy.records`).

Views are asked for at every step, so the parts that change seldom (the
discard pile's ids) are kept between calls and rebuilt only when they change.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bots.games.music_game_thingy.records import (
    ArtistView,
    AuctionView,
    Cash,
    HandCard,
    LabelView,
    MusicGameThingyView,
    TourView,
)
from bots.games.music_game_thingy.scoring import result

if TYPE_CHECKING:
    from bots.games.music_game_thingy.engine import MusicGameThingy


def marker(state: MusicGameThingy, place: int) -> str:
    """The play-order marker of ``place`` (0: the richest): Rich Bastard first, Poor
    Bastard last, Number 2 and on between."""
    markers = state.rules.markers
    if place == state.players - 1:
        return markers[-1]
    return markers[place]


def hand_cards(state: MusicGameThingy) -> tuple[HandCard, ...]:
    """Every physical card as a :class:`HandCard`, by number (made once per game)."""
    made = state.hand_card_cache
    if not made:
        made = tuple(HandCard(number, card) for number, card in enumerate(state.rules.copies))
        state.hand_card_cache = made
    return made


def discard_ids(state: MusicGameThingy) -> tuple[str, ...]:
    key = (id(state.discards), len(state.discards))
    cached = state.discard_cache
    if cached is not None and cached[0] == key:
        return cached[1]
    copies = state.rules.copies
    ids = tuple(copies[card] for card in state.discards)
    state.discard_cache = (key, ids)
    return ids


def view(state: MusicGameThingy, player: int) -> MusicGameThingyView:
    rules = state.rules
    copies = rules.copies
    cards = hand_cards(state)
    places = {seat: place for place, seat in enumerate(state.order)}
    owned: dict[int, list[str]] = {seat: [] for seat in range(state.players)}
    artists = []
    unrolled = []
    for artist in state.artists.values():
        if artist.owner is not None:
            owned[artist.owner].append(artist.id)
        if artist.fame is None:
            unrolled.append(artist.id)
            continue
        tour = state.tours[artist.tour] if artist.tour is not None else None
        artists.append(
            ArtistView(
                artist.id,
                artist.owner,
                artist.fame,
                state.fame_of(artist),
                artist.contract,
                tuple(copies[card] for card in artist.face_up),
                copies[artist.kept_single] if artist.kept_single is not None else None,
                artist.tour,
                tour.months_left if tour is not None else 0,
                artist.charting,
            )
        )
    on_road = [0] * state.players
    tours = []
    for tour in state.tours.values():
        if tour.artist is not None and tour.label is not None:
            on_road[tour.label] += 1
        resting = tour.resting_from if state.month_index <= tour.rest_until else None
        tours.append(TourView(tour.id, tour.artist, tour.label, tour.months_left, resting))
    labels = tuple(
        LabelView(
            seat,
            marker(state, places[seat]),
            len(state.hands[seat]),
            state.announced[seat],
            tuple(owned[seat]),
            len(state.sports_cars[seat]),
            on_road[seat],
        )
        for seat in range(state.players)
    )
    auction = state.auction
    auction_view = None
    if auction is not None:
        auction_view = AuctionView(
            auction.opening,
            tuple(auction.order),
            auction.turn_holder,
            tuple(auction.looked),
            auction.artist,
            auction.high_bidder,
            auction.high_years,
            auction.high_amount,
            tuple(auction.still_in),
            auction.declined,
        )
    return MusicGameThingyView(
        player=player,
        phase=state.phase,
        current_player=state.current_player,
        year=state.year + 1,
        years=state.years,
        month=state.month,
        month_index=max(0, state.month_index),
        financial_order=tuple(state.order),
        banker=state.banker,
        cash=Cash(player, state.cash[player]),
        hand=tuple(cards[card] for card in state.hands[player]),
        labels=labels,
        artists=tuple(artists),
        unrolled=tuple(unrolled),
        tours=tuple(tours),
        activities=tuple(result(state, activity) for activity in state.activities),
        last_month=state.last_month,
        auction=auction_view,
        offer=state.offer,
        contract_move=state.move,
        spy_reports=tuple(state.spy_reports[player]),
        discards=discard_ids(state),
        deck_size=len(state.deck),
        offers_left=state.offers_left[player],
        victory=state.victory,
        final=state.final,
    )
