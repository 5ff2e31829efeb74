"""Building a label's view of the game (what it holds: see
:mod:`bots.games.music_game_thingy.records`).

Views are asked for at every step, so the parts that change seldom are kept
between calls: the Artists' and Tours' views until the engine touches one of
them (``MusicGameThingy.touch``), the discard pile's ids until it grows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bots.games.music_game_thingy.records import (
    ActivityView,
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
    from bots.games.music_game_thingy.pieces import ArtistState


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


def discard_ids(state: MusicGameThingy, fresh: bool = False) -> tuple[str, ...]:
    """The discard pile's card ids, kept while the pile does not change."""
    if fresh:
        return tuple(state.rules.copies[card] for card in state.discards)
    key = (id(state.discards), len(state.discards))
    cached = state.discard_cache
    if cached is not None and cached[0] == key:
        return cached[1]
    copies = state.rules.copies
    ids = tuple(copies[card] for card in state.discards)
    state.discard_cache = (key, ids)
    return ids


class Table:
    """The views of the Artists and Tours, and who holds which, kept between views and
    brought up to date for the Artists the engine touched (``MusicGameThingy.touch``)."""

    __slots__ = ("artists", "by_artist", "on_road", "owned", "tours", "unrolled", "version")

    def __init__(self, state: MusicGameThingy) -> None:
        self.by_artist: dict[str, ArtistView | None] = {
            artist.id: _artist_view(state, artist) for artist in state.artists.values()
        }
        self._summarise(state)

    def refresh(self, state: MusicGameThingy) -> None:
        for artist_id in state.dirty_artists:
            self.by_artist[artist_id] = _artist_view(state, state.artists[artist_id])
        state.dirty_artists.clear()
        self._summarise(state)

    def _summarise(self, state: MusicGameThingy) -> None:
        owned: list[list[str]] = [[] for _ in range(state.players)]
        artists = []
        unrolled = []
        for artist_id, seen in self.by_artist.items():
            if seen is None:
                unrolled.append(artist_id)
                continue
            if seen.owner is not None:
                owned[seen.owner].append(artist_id)
            artists.append(seen)
        on_road = [0] * state.players
        tours = []
        for tour in state.tours.values():
            if tour.artist is not None and tour.label is not None:
                on_road[tour.label] += 1
            resting = tour.resting_from if state.month_index <= tour.rest_until else None
            tours.append(TourView(tour.id, tour.artist, tour.label, tour.months_left, resting))
        self.version = state.table_version
        self.artists = tuple(artists)
        self.unrolled = tuple(unrolled)
        self.owned = tuple(tuple(each) for each in owned)
        self.tours = tuple(tours)
        self.on_road = tuple(on_road)


def _artist_view(state: MusicGameThingy, artist: ArtistState) -> ArtistView | None:
    if artist.fame is None:
        return None
    copies = state.rules.copies
    tour = state.tours[artist.tour] if artist.tour is not None else None
    return ArtistView(
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


def table(state: MusicGameThingy, fresh: bool = False) -> Table:
    """The table's views for the current version (``fresh``: built anew, for tests)."""
    if fresh:
        return Table(state)
    cached = state.table_cache
    if cached is None:
        cached = state.table_cache = Table(state)
        state.dirty_artists.clear()
    elif cached.version != state.table_version:
        cached.refresh(state)
    return cached


def label_views(
    state: MusicGameThingy, public: Table, fresh: bool = False
) -> tuple[LabelView, ...]:
    """What everyone knows of each label; a label's view is kept while its hand size
    and the table do not change."""
    version = state.table_version
    hands = state.hands
    sizes = tuple(map(len, hands))
    whole = state.labels_cache
    if not fresh and whole is not None and whole[0] == version and whole[1] == sizes:
        return whole[2]
    cached = state.label_cache
    if fresh or cached is None or len(cached) != state.players:
        cached = [None] * state.players
        if not fresh:
            state.label_cache = cached
    made = []
    for seat in range(state.players):
        kept = cached[seat]
        size = len(hands[seat])
        if kept is None or kept[0] != version or kept[1].hand_size != size:
            place = state.order.index(seat)
            label = LabelView(
                seat,
                marker(state, place),
                size,
                state.announced[seat],
                public.owned[seat],
                len(state.sports_cars[seat]),
                public.on_road[seat],
            )
            kept = cached[seat] = (version, label)
        made.append(kept[1])
    labels = tuple(made)
    if not fresh:
        state.labels_cache = (version, sizes, labels)
    return labels


def activity_views(state: MusicGameThingy, fresh: bool = False) -> tuple[ActivityView, ...]:
    """This month's activities as everyone sees them, kept while they do not change."""
    cached = state.activity_cache
    if fresh or cached is None or cached[0] != state.activity_version:
        made = tuple(result(state, activity) for activity in state.activities)
        if fresh:
            return made
        cached = state.activity_cache = (state.activity_version, made)
    return cached[1]


def view(state: MusicGameThingy, player: int, fresh: bool = False) -> MusicGameThingyView:
    """What ``player`` may know; ``fresh`` builds every part anew instead of using the
    parts kept from earlier calls (a test compares the two)."""
    cards = hand_cards(state)
    public = table(state, fresh)
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
    # Built without the frozen dataclass's __init__, which sets each field through
    # object.__setattr__; the fields are the same (a test compares both ways).
    built = object.__new__(MusicGameThingyView)
    built.__dict__.update(
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
        hand=tuple(map(cards.__getitem__, state.hands[player])),
        labels=label_views(state, public, fresh),
        artists=public.artists,
        unrolled=public.unrolled,
        tours=public.tours,
        activities=activity_views(state, fresh),
        last_month=state.last_month,
        auction=auction_view,
        offer=state.offer,
        contract_move=state.move,
        spy_reports=tuple(state.spy_reports[player]),
        discards=discard_ids(state, fresh),
        deck_size=len(state.deck),
        offers_left=state.offers_left[player],
        victory=state.victory,
        successful_singles=state.successful_singles,
        whistle_blowing=state.whistle_blowing,
        final=state.final,
    )
    return built
