"""Building a label's view of the game (what it holds: see
:mod:`bots.games.music_game_thingy.records`).

Views are asked for at every step, so the parts that change seldom are kept
between calls: the Artists' and Tours' views until the engine touches one of
them (``MusicGameThingy.touch``), the discard pile's ids until it grows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bots.games.music_game_thingy.frozen import maker
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

# The records views are made of, built without their dataclass __init__ (see ``frozen``).
new_artist_view = maker(ArtistView)
new_auction_view = maker(AuctionView)
new_label_view = maker(LabelView)
new_tour_view = maker(TourView)


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
    copies = state.rules.copies
    discards = state.discards
    if fresh:
        return tuple(map(copies.__getitem__, discards))
    # The pile only grows until the engine replaces it (with a reshuffle): the ids kept
    # are those of its first cards.
    cached = state.discard_cache
    if cached is not None and cached[0] is discards and cached[1] <= len(discards):
        kept = cached[1]
        if kept == len(discards):
            return cached[2]
        ids = cached[2] + tuple(map(copies.__getitem__, discards[kept:]))
    else:
        ids = tuple(map(copies.__getitem__, discards))
    state.discard_cache = (discards, len(discards), ids)
    return ids


class Table:
    """The views of the Artists and Tours, and who holds which, kept between views and
    brought up to date for the Artists the engine touched (``MusicGameThingy.touch``).

    A part that comes out equal to the one kept is not replaced, so the views of one
    unchanged table share their tuples (and bots may cache by identity)."""

    __slots__ = (
        "artists",
        "by_artist",
        "on_road",
        "owned",
        "place",
        "roles_of",
        "tour_views",
        "tours",
        "unrolled",
        "version",
    )
    artists: tuple[ArtistView, ...]
    #: Where each Artist's view is in ``artists``.
    place: dict[str, int]
    unrolled: tuple[str, ...]
    owned: tuple[tuple[str, ...], ...]
    #: Each seat's :meth:`roles`, kept while no Artist changes owner.
    roles_of: dict[int, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]]

    def __init__(self, state: MusicGameThingy) -> None:
        self.by_artist: dict[str, ArtistView | None] = {
            artist.id: _artist_view(state, artist) for artist in state.artists.values()
        }
        self.tour_views: dict[str, TourView] = {}
        self.tours: tuple[TourView, ...] = ()
        self.on_road: tuple[int, ...] = ()
        self._summarise_artists(state)
        self._summarise_tours(state)
        self.version = state.table_version

    def refresh(self, state: MusicGameThingy) -> None:
        by_artist = self.by_artist
        regroup = False
        replaced: list[ArtistView] = []
        for artist_id in state.dirty_artists:
            kept = by_artist[artist_id]
            seen = _artist_view(state, state.artists[artist_id], kept)
            if seen is not kept:
                by_artist[artist_id] = seen
                if seen is None or kept is None or seen.owner != kept.owner:
                    regroup = True
                else:
                    replaced.append(seen)
        state.dirty_artists.clear()
        if regroup:
            self._summarise_artists(state)
        elif replaced:
            # The same Artists with the same owners: only their views change places.
            artists = list(self.artists)
            for seen in replaced:
                artists[self.place[seen.id]] = seen
            self.artists = tuple(artists)
        self._summarise_tours(state)
        self.version = state.table_version

    def _summarise_artists(self, state: MusicGameThingy) -> None:
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
        self.artists = tuple(artists)
        self.place = {seen.id: index for index, seen in enumerate(artists)}
        self.unrolled = tuple(unrolled)
        self.owned = tuple(tuple(each) for each in owned)
        self.roles_of = {}

    def roles(self, seat: int) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
        """The ids of ``seat``'s Artists, of every signed Artist and of the rivals' ones,
        each in the data's order."""
        found = self.roles_of.get(seat)
        if found is None:
            signed = [seen for seen in self.artists if seen.owner is not None]
            found = self.roles_of[seat] = (
                self.owned[seat],
                tuple(seen.id for seen in signed),
                tuple(seen.id for seen in signed if seen.owner != seat),
            )
        return found

    def _summarise_tours(self, state: MusicGameThingy) -> None:
        kept = self.tour_views
        month_index = state.month_index
        changed = False
        for tour in state.tours.values():
            resting = tour.resting_from if month_index <= tour.rest_until else None
            seen = kept.get(tour.id)
            if (
                seen is None
                or seen.artist != tour.artist
                or seen.label != tour.label
                or seen.months_left != tour.months_left
                or seen.resting_from != resting
            ):
                made = new_tour_view(tour.id, tour.artist, tour.label, tour.months_left, resting)
                kept[tour.id] = made
                changed = True
        if changed:
            self.tours = tuple(kept.values())
            on_road = [0] * state.players
            for seen in self.tours:
                if seen.artist is not None and seen.label is not None:
                    on_road[seen.label] += 1
            self.on_road = tuple(on_road)


def _artist_view(
    state: MusicGameThingy, artist: ArtistState, kept: ArtistView | None = None
) -> ArtistView | None:
    """``artist`` as everyone sees it: ``kept`` itself when that says the same."""
    fame = artist.fame
    if fame is None:
        return None
    copies = state.rules.copies
    face_up = artist.face_up
    cards = tuple(map(copies.__getitem__, face_up)) if face_up else ()
    single = copies[artist.kept_single] if artist.kept_single is not None else None
    tour = artist.tour
    months_left = state.tours[tour].months_left if tour is not None else 0
    effective = state.fame_of(artist)
    if (
        kept is not None
        and kept.fame == fame
        and kept.effective_fame == effective
        and kept.owner == artist.owner
        and kept.contract == artist.contract
        and kept.cards == cards
        and kept.kept_single == single
        and kept.tour == tour
        and kept.tour_months_left == months_left
        and kept.charting == artist.charting
        and kept.id == artist.id
    ):
        return kept
    return new_artist_view(
        artist.id,
        artist.owner,
        fame,
        effective,
        artist.contract,
        cards,
        single,
        tour,
        months_left,
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


def _markers(state: MusicGameThingy) -> tuple[str, ...]:
    """Each seat's play-order marker (kept while the financial order is the same list:
    the engine replaces it, never changes it in place)."""
    cached = state.marker_cache
    if cached is not None and cached[0] is state.order:
        return cached[1]
    order = state.order
    made = tuple(marker(state, order.index(seat)) for seat in range(state.players))
    state.marker_cache = (order, made)
    return made


def label_views(
    state: MusicGameThingy, public: Table, fresh: bool = False
) -> tuple[LabelView, ...]:
    """What everyone knows of each label; a label's view (and the tuple of them all) is
    kept while what it says does not change."""
    n = state.players
    markers = _markers(state)
    owned, on_road = public.owned, public.on_road
    sizes = tuple(map(len, state.hands))
    announced = tuple(state.announced)
    cars = tuple(map(len, state.sports_cars))
    # Everything the labels' views say, to reuse the tuple of them at once.
    key = (sizes, owned, on_road, markers, announced, cars)
    whole = state.labels_cache
    if not fresh and whole is not None and whole[0] == key:
        return whole[1]
    cached = state.label_cache
    changed = fresh or cached is None
    if fresh or cached is None:
        cached = [None] * n
        if not fresh:
            state.label_cache = cached
    made: list[LabelView] = []
    for seat in range(n):
        kept = cached[seat]
        if (
            kept is None
            or kept.hand_size != sizes[seat]
            or kept.artists != owned[seat]
            or kept.marker != markers[seat]
            or kept.announced_cash != announced[seat]
            or kept.sports_cars != cars[seat]
            or kept.tours_on_road != on_road[seat]
        ):
            kept = cached[seat] = new_label_view(
                seat,
                markers[seat],
                sizes[seat],
                announced[seat],
                owned[seat],
                cars[seat],
                on_road[seat],
            )
            changed = True
        made.append(kept)
    labels = whole[1] if not changed and whole is not None else tuple(made)
    if not fresh:
        state.labels_cache = (key, labels)
    return labels


def activity_views(state: MusicGameThingy, fresh: bool = False) -> tuple[ActivityView, ...]:
    """This month's activities as everyone sees them, kept while they do not change."""
    cached = state.activity_cache
    if fresh or cached is None or cached[0] != state.activity_version:
        # Each activity keeps its view until it changes (see ``scoring.result``).
        made = tuple(
            [
                seen if type(seen := activity.seen) is ActivityView else result(state, activity)
                for activity in state.activities
            ]
        )
        if fresh:
            return made
        cached = state.activity_cache = (state.activity_version, made)
    return cached[1]


def _cash(state: MusicGameThingy, player: int) -> Cash:
    """``player``'s cash as a view (kept while the amount is the same)."""
    kept = state.cash_cache[player]
    amount = state.cash[player]
    if kept is None or kept.amount != amount:
        kept = state.cash_cache[player] = Cash(player, amount)
    return kept


def view(state: MusicGameThingy, player: int, fresh: bool = False) -> MusicGameThingyView:
    """What ``player`` may know; ``fresh`` builds every part anew instead of using the
    parts kept from earlier calls (a test compares the two)."""
    cards = state.hand_card_cache or hand_cards(state)
    public = table(state, fresh)
    auction = state.auction
    auction_view = None
    if auction is not None:
        auction_view = new_auction_view(
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
    phase = state.phase
    month_index = state.month_index
    # Built without the frozen dataclass's __init__, which sets each field through
    # object.__setattr__; the fields are the same (a test compares both ways).
    built = object.__new__(MusicGameThingyView)
    object.__setattr__(
        built,
        "__dict__",
        {
            "player": player,
            "phase": phase,
            "current_player": None if phase == "over" else state.current,
            "year": state.year + 1,
            "years": state.years,
            "month": state.month,
            "month_index": month_index if month_index > 0 else 0,
            "financial_order": tuple(state.order),
            "banker": state.banker,
            "cash": _cash(state, player),
            "hand": tuple(map(cards.__getitem__, state.hands[player])),
            "labels": label_views(state, public, fresh),
            "artists": public.artists,
            "unrolled": public.unrolled,
            "tours": public.tours,
            "activities": activity_views(state, fresh),
            "last_month": state.last_month,
            "auction": auction_view,
            "offer": state.offer,
            "contract_move": state.move,
            "spy_reports": tuple(state.spy_reports[player]),
            "discards": discard_ids(state, fresh),
            "deck_size": len(state.deck),
            "offers_left": state.offers_left[player],
            "victory": state.victory,
            "successful_singles": state.successful_singles,
            "whistle_blowing": state.whistle_blowing,
            "final": state.final,
        },
    )
    return built
