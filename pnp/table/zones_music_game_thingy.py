"""The Music Game Thingy's table as cards, from one seat's view
(:meth:`MusicGameThingyFront.zones`).

What a player at the real table sees: the Month and Year cards; their own hand of Action
cards (a card plays or discards); the others' hands as backs; each label's order marker
and signed Artists, with the cards played under each Artist (Venues, records, Hype);
the Artists in the pool (picking one for the auction or bidding starts with it); the
Tours, on the road or waiting (a Tour books it); the discard pile with its top card;
the Action deck and the Artist deck as counts. Another label's cash is in no view, so
the scores give a label's own cash and, for the others, the cash they last announced.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bots.games.music_game_thingy.actions import (
    Bid,
    BookTour,
    Discard,
    LookAt,
    MusicGameThingyAction,
    Play,
)
from bots.games.music_game_thingy.records import ArtistView, MusicGameThingyView
from pnp.play.front import CardShown, Score, Zone
from pnp.play.music_game_thingy_table import Names, money, plural, years
from pnp.table.zones import Faces, face_down, faces, linked, slug

if TYPE_CHECKING:
    from pnp.play.music_game_thingy import MusicGameThingyFront

#: The deck whose back the others' hands and the Action deck show.
_ACTION_DECK = "action"
#: The kind of Action card a label plays face up in front of it.
_SPORTS_CAR = "sports-car"
#: The Year card's id in the card data.
_YEAR_CARD = "years-to-go"


def _starts(action: object) -> list[str]:
    """The card keys an action starts: the hand card played or discarded (``hand:ID``),
    the Artist picked or bid for (``artist:ID``), the Tour booked and its Artist."""
    if isinstance(action, Play | Discard):
        return [f"hand:{action.card}"]
    if isinstance(action, LookAt | Bid):
        return [f"artist:{action.artist}"]
    if isinstance(action, BookTour):
        return [f"tour:{action.tour}", f"artist:{action.artist}"]
    return []


def _artist(pictures: Faces, words: Names, artist: ArtistView, actions: Sequence[str]) -> CardShown:
    name = words.of(artist.id)
    fame = f"Fame {artist.effective_fame}"
    if artist.effective_fame != artist.fame:
        fame += f" (marker {artist.fame})"
    parts = [name, fame]
    if artist.owner is not None:
        parts.append(f"{years(artist.contract)} left")
    if artist.tour is not None:
        parts.append(f"on {words.of(artist.tour)}, {plural(artist.tour_months_left, 'month')} left")
    if artist.charting is not None:
        parts.append(f"{words.of(artist.charting)} still selling")
    return CardShown(name, ", ".join(parts), pictures.url(artist.id), actions=tuple(actions))


def music_game_thingy_zones(
    front: MusicGameThingyFront, view: MusicGameThingyView, legal: Sequence[MusicGameThingyAction]
) -> list[Zone]:
    """The zones of ``view`` (see the module docstring)."""
    pictures = faces(front.game.game)
    words = front.words
    acts = linked(legal, _starts)
    me = view.player
    zones: list[Zone] = []
    calendar = []
    month = words.months.get(view.month)
    if month is not None:
        calendar.append(CardShown(month.name, f"{month.name}, the month", pictures.url(month.id)))
    calendar.append(
        CardShown(
            "Years to Go",
            f"Year {view.year} of {view.years}",
            pictures.url(_YEAR_CARD),
        )
    )
    zones.append(Zone("calendar", "Month and year", None, tuple(calendar)))
    hand = tuple(
        CardShown(
            words.of(card.card),
            words.of(card.card) + words.earns(card.card),
            pictures.url(card.card),
            actions=tuple(acts.get(f"hand:{card.card}", ())),
        )
        for card in view.hand
    )
    zones.append(Zone("hand", f"{front.your(me)} hand", me, hand))
    action_back = pictures.back(_ACTION_DECK)
    for label in view.labels:
        if label.seat != me:
            zones.append(
                Zone(
                    f"hand-{label.seat}",
                    f"{front.your(label.seat)} hand",
                    label.seat,
                    face_down(label.hand_size, action_back),
                )
            )
    by_id = {artist.id: artist for artist in view.artists}
    for label in view.labels:
        seat = label.seat
        said = f", announced {money(label.announced_cash)}" if label.announced_cash else ""
        placed = [
            CardShown(
                label.marker,
                f"{label.marker}, the order marker{said}",
                pictures.url(slug(label.marker)),
            )
        ]
        for artist_id in label.artists:
            artist = by_id.get(artist_id)
            if artist is None:
                continue
            placed.append(_artist(pictures, words, artist, acts.get(f"artist:{artist_id}", ())))
            under = [*artist.cards, *([artist.kept_single] if artist.kept_single else [])]
            for card_id in under:
                text = f"{words.of(card_id)}, under {words.of(artist_id)}"
                placed.append(CardShown(words.of(card_id), text, pictures.url(card_id)))
        cars = next((card.id for card in words.rules.actions if card.type == _SPORTS_CAR), None)
        if label.sports_cars and cars is not None:
            car = CardShown(words.of(cars), f"{words.of(cars)}, played face up", pictures.url(cars))
            placed += [car] * label.sports_cars
        whose = front.your(seat)
        zones.append(Zone(f"label-{seat}", f"{whose} label", seat, tuple(placed)))
    pool = [
        _artist(pictures, words, artist, acts.get(f"artist:{artist.id}", ()))
        for artist in view.artists
        if artist.owner is None
    ]
    for artist_id in view.unrolled:
        name = words.of(artist_id)
        pool.append(
            CardShown(
                name,
                f"{name}, no Fame rolled yet",
                pictures.url(artist_id),
                actions=tuple(acts.get(f"artist:{artist_id}", ())),
            )
        )
    zones.append(Zone("pool", "Artists in the pool", None, tuple(pool)))
    tours = []
    for tour in view.tours:
        name = words.of(tour.id)
        if tour.artist is not None and tour.label is not None:
            where = (
                f"on the road with {words.of(tour.artist)} ({front.names[tour.label]}), "
                f"{plural(tour.months_left, 'month')} left"
            )
        else:
            where = words.tour_terms(tour.id)
        tours.append(
            CardShown(
                name,
                f"{name}, {where}",
                pictures.url(tour.id),
                actions=tuple(acts.get(f"tour:{tour.id}", ())),
            )
        )
    zones.append(Zone("tours", "Tours", None, tuple(tours)))
    top: tuple[CardShown, ...] = ()
    if view.discards:
        last = view.discards[-1]
        top = (CardShown(words.of(last), f"{words.of(last)}, on top", pictures.url(last)),)
    zones.append(Zone("discard", "Discard pile", None, top, len(view.discards)))
    deck = face_down(1, action_back, "The Action deck, face down") if view.deck_size else ()
    zones.append(Zone("deck", "Action deck", None, deck, view.deck_size))
    return zones


def music_game_thingy_scores(front: MusicGameThingyFront, view: MusicGameThingyView) -> list[Score]:
    """The seat's own cash; for another label the cash it last announced."""
    scores = []
    for label in view.labels:
        seat = label.seat
        if seat == view.player:
            text = f"cash {money(view.cash.amount)}"
        elif label.announced_cash is not None:
            text = f"announced {money(label.announced_cash)}"
        else:
            text = "cash not announced yet"
        scores.append(Score(seat, front.names[seat], f"{label.marker}, {text}"))
    return scores
