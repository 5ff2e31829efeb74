"""Declarations: what a label may do on its turn to declare, and the Lawyers window.

In financial order, each label declares: it gives each of its Artists at most
one activity (a record, a Venue or a Tour) and plays any other Action cards,
one action at a time, until it says ``done``. An Artist on a Tour, or with a
Successful Single still selling, already has its activity: it was declared
for its label when the declarations began ("carried"). An Artist has one
activity a month whoever holds its contract.

The cards (site: rules reference, Action cards):

* **Records** on your own free Artist; an Album or Double album needs a Single
  or EP kept under the Artist, and uses it up. The first Single or EP of an
  Artist without one is kept under it; another goes to the discards at the
  month's end.
* **Venues** on your own free Artist with at least the Venue's Fame.
* **Tours** (no card) for your own free Artist with the Tour's Fame: the fee
  is paid at once; a label has at most ``tours_per_label`` Tours on the road,
  and may not book a Tour in the ``tour_rest`` months after it came home from
  that label.
* **Extra Date** on a Venue you declared this month; **Road Crew** and **Stage
  Lights** on your own Artist; **Hype** and **Backlash** on any signed Artist.
* **Disaster** (records and concerts) and **Sabotage** (concerts) on an
  activity already declared by another label: one declared this month by a
  label before you, or one carried.
* **Commercial Spies** on another label: you alone see its hand.
* **Contract Exchange** (your Artist for a rival's) and **Contract Waiver** (a
  rival's Artist back to the pool): every other label, the target first, then
  in financial order, may cancel it with **Lawyers** (any label may). An Artist
  on a Tour takes the Tour with it, so an exchange that would leave either label
  with more than ``tours_per_label`` Tours on the road may not be played
  (:func:`road_problem`; trades obey the same check).
* **Sports Car**: played face up.

An activity's bonuses use the Fame and the helper cards its Artist has when
its label finishes declaring; later Hype or Backlash by other labels change
it from next month on.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from bots.games.music_game_thingy import views
from bots.games.music_game_thingy.actions import (
    Allow,
    BookTour,
    Done,
    MusicGameThingyAction,
    Play,
    PlayLawyers,
    allow,
    book,
    done,
    lawyers,
    play,
)
from bots.games.music_game_thingy.cards import ALBUMS, RECORDS, SINGLES, ActionCard
from bots.games.music_game_thingy.pieces import BANK, Activity, ArtistState
from bots.games.music_game_thingy.records import ContractMove, HandCard, SpyReport

if TYPE_CHECKING:
    from bots.games.music_game_thingy.engine import MusicGameThingy


def start(state: MusicGameThingy) -> None:
    """Begin the declarations: carried activities first, then the Rich Bastard."""
    state.activities = []
    for artist in state.artists.values():
        if artist.owner is None:
            continue
        if artist.tour is not None:
            state.activities.append(
                Activity(artist.id, artist.owner, "tour", artist.tour, carried=True)
            )
        elif artist.charting is not None:
            kind = state.rules.card(artist.charting).type
            state.activities.append(
                Activity(artist.id, artist.owner, kind, artist.charting, carried=True)
            )
    state.activity_version += 1
    state.declare_queue = list(state.order)
    state.phase, state.current = "declare", state.declare_queue[0]


def activity_of(state: MusicGameThingy, artist_id: str) -> Activity | None:
    for activity in state.activities:
        if activity.artist == artist_id:
            return activity
    return None


def _free(state: MusicGameThingy, seat: int) -> list[ArtistState]:
    """``seat``'s Artists that may still take an activity this month."""
    taken = {activity.artist for activity in state.activities}
    return [
        artist
        for artist in state.artists.values()
        if artist.owner == seat and artist.id not in taken
    ]


def _tours_on_road(state: MusicGameThingy, seat: int) -> int:
    return sum(1 for tour in state.tours.values() if tour.artist is not None and tour.label == seat)


def road_problem(state: MusicGameThingy, moves: list[tuple[str, int]]) -> str | None:
    """Why moving each ``(Artist id, to seat)`` of ``moves`` at once would leave a label
    with more Tours on the road than ``tours_per_label`` (an Artist on a Tour takes it
    along), or ``None``."""
    limit = state.tours_per_label
    if not limit:
        return None
    change: dict[int, int] = {}
    for artist_id, to in moves:
        artist = state.artists[artist_id]
        if artist.tour is not None and artist.owner is not None and artist.owner != to:
            change[artist.owner] = change.get(artist.owner, 0) - 1
            change[to] = change.get(to, 0) + 1
    for seat, gained in sorted(change.items()):
        if gained > 0 and _tours_on_road(state, seat) + gained > limit:
            plural = "s" if limit > 1 else ""
            return (
                f"label {seat} would have more than {limit} Tour{plural} on the road "
                "(an Artist on a Tour takes it along)"
            )
    return None


def _tour_problem(
    state: MusicGameThingy, seat: int, tour_id: str, on_road: int | None = None
) -> str | None:
    tour = state.tours[tour_id]
    data = state.rules.tour(tour_id)
    if tour.artist is not None:
        return f"{data.name} is on the road"
    if tour.resting_from == seat and state.month_index <= tour.rest_until:
        return f"{data.name} has just come home from this label"
    limit = state.tours_per_label
    if on_road is None:
        on_road = _tours_on_road(state, seat)
    if limit and on_road >= limit:
        return f"a label has at most {limit} Tour{'s' if limit > 1 else ''} on the road"
    if data.fee > state.cash[seat]:
        return f"the fee is {data.fee:,} and the label holds less"
    return None


def actions(state: MusicGameThingy, seat: int) -> list[MusicGameThingyAction]:
    """Every legal action of ``seat``'s declaration, in a fixed order."""
    found: list[MusicGameThingyAction] = [done(seat)]
    rules = state.rules
    public = views.table(state)
    mine, signed, rivals = public.roles(seat)
    taken = {activity.artist for activity in state.activities}
    free = [state.artists[artist_id] for artist_id in mine if artist_id not in taken]
    # Each free Artist with its Fame (Venues and Tours ask for some).
    famous = [(artist, state.fame_of(artist)) for artist in free]
    for card_id in dict.fromkeys(map(rules.copies.__getitem__, state.hands[seat])):
        card = rules.card(card_id)
        kind = card.type
        earner = card.earner
        if earner is not None:
            if earner.activity == "venue":
                least = earner.min_fame
                found += [
                    play(seat, card_id, (artist.id,)) for artist, fame in famous if fame >= least
                ]
            else:
                found += [
                    play(seat, card_id, (artist.id,))
                    for artist in free
                    if not card.needs_single or artist.kept_single is not None
                ]
        elif kind == "extra-date":
            found += [
                play(seat, card_id, (activity.artist,))
                for activity in state.activities
                if _extra_date_fits(activity, seat)
            ]
        elif kind in ("road-crew", "stage-lights"):
            found += _on_artists(seat, card_id, mine)
        elif kind in ("hype", "backlash"):
            found += _on_artists(seat, card_id, signed)
        elif kind in ("disaster", "sabotage"):
            found += [
                play(seat, card_id, (activity.artist,))
                for activity in state.activities
                if _strike_problem(state, card, activity, seat) is None
            ]
        elif kind == "commercial-spies":
            found += [
                play(seat, card_id, (str(other),))
                for other in range(state.players)
                if other != seat
            ]
        elif kind == "contract-exchange":
            if state.tours_per_label and any(
                state.artists[artist_id].tour is not None for artist_id in (*mine, *rivals)
            ):
                found += [
                    play(seat, card_id, (own, theirs))
                    for own in mine
                    for theirs in rivals
                    if road_problem(state, _swap_moves(state, seat, (own, theirs))) is None
                ]
            else:
                found += _exchanges(seat, card_id, mine, rivals)
        elif kind == "contract-waiver":
            found += _on_artists(seat, card_id, rivals)
        elif kind == "sports-car":
            found.append(play(seat, card_id))
    if free:
        found += _bookings(state, seat, famous, public.on_road[seat])
    return found


# The plays on Artists depend only on the seat, the card and the Artists' ids, so they
# are made once for each and shared (tuples, which nobody can change).


@lru_cache(maxsize=1 << 12)
def _on_artists(
    seat: int, card_id: str, artists: tuple[str, ...]
) -> tuple[MusicGameThingyAction, ...]:
    """``card_id`` played on each of ``artists``."""
    return tuple(play(seat, card_id, (artist,)) for artist in artists)


@lru_cache(maxsize=1 << 12)
def _exchanges(
    seat: int, card_id: str, mine: tuple[str, ...], rivals: tuple[str, ...]
) -> tuple[MusicGameThingyAction, ...]:
    """A Contract Exchange of each of ``seat``'s Artists for each rival's."""
    return tuple(play(seat, card_id, (own, theirs)) for own in mine for theirs in rivals)


def _swap_moves(
    state: MusicGameThingy, seat: int, targets: tuple[str, ...]
) -> list[tuple[str, int]]:
    """The Artists a Contract Exchange of ``seat`` on ``targets`` moves, and where."""
    own, theirs = targets
    rival = state.artists[theirs].owner
    assert rival is not None
    return [(theirs, seat), (own, rival)]


def _bookings(
    state: MusicGameThingy, seat: int, famous: list[tuple[ArtistState, int]], on_road: int
) -> list[MusicGameThingyAction]:
    """Every Tour ``seat`` may book for its free Artists, each with its Fame, with
    ``on_road`` of its Tours on the road (the checks of :func:`_tour_problem`, without
    its sentences)."""
    limit = state.tours_per_label
    if limit and on_road >= limit:
        return []
    cash = state.cash[seat]
    month_index = state.month_index
    found: list[MusicGameThingyAction] = []
    for data in state.rules.tours:
        tour = state.tours[data.id]
        if tour.artist is not None or data.fee > cash:
            continue
        if tour.resting_from == seat and month_index <= tour.rest_until:
            continue
        least = data.earner.min_fame
        found += [book(seat, data.id, artist.id) for artist, fame in famous if fame >= least]
    return found


def lawyer_actions(state: MusicGameThingy, seat: int) -> list[MusicGameThingyAction]:
    found: list[MusicGameThingyAction] = [allow(seat)]
    if _lawyers_card(state, seat) is not None:
        found.append(lawyers(seat))
    return found


def _lawyers_card(state: MusicGameThingy, seat: int) -> int | None:
    """A Lawyers card of ``seat``'s hand that cancels the card waiting, if any."""
    move = state.move
    if move is None:
        return None
    copies, rules = state.rules.copies, state.rules
    for card in state.hands[seat]:
        if move.card in rules.card(copies[card]).counters:
            return card
    return None


def _extra_date_fits(activity: Activity, seat: int) -> bool:
    return (
        activity.declarer == seat
        and activity.activity == "venue"
        and activity.extra_date is None
        and not activity.carried
    )


def _strike_problem(
    state: MusicGameThingy, card: ActionCard, activity: Activity, seat: int
) -> str | None:
    if activity.declarer == seat:
        return "it hits only a rival's activity"
    if activity.activity not in card.targets:
        return f"{card.name} does not hit a {activity.activity}"
    if any(state.rules.copies[other] == card.id for other in activity.struck):
        return f"a {card.name} is already on it"
    return None


def problem(state: MusicGameThingy, action: MusicGameThingyAction) -> str | None:
    """Why ``action`` may not be taken now in the declarations, or ``None``."""
    seat = action.player
    if state.phase == "lawyers":
        if type(action) is Allow:
            return None
        if type(action) is PlayLawyers:
            return None if _lawyers_card(state, seat) is not None else "they hold no Lawyers"
        return "a Contract card is waiting for Lawyers"
    if type(action) is Done:
        return None
    if type(action) is BookTour:
        return _book_problem(state, action)
    if type(action) is Play:
        return _play_problem(state, action)
    return "the labels are declaring"


def _book_problem(state: MusicGameThingy, action: BookTour) -> str | None:
    seat = action.player
    if not state.rules.is_tour(action.tour):
        return f"there is no Tour {action.tour!r}"
    artist = state.artists.get(action.artist)
    if artist is None or artist.owner != seat:
        return f"{action.artist} is not under contract to them"
    if artist not in _free(state, seat):
        return f"{action.artist} already has an activity this month"
    need = state.rules.tour(action.tour).earner.min_fame
    if state.fame_of(artist) < need:
        return f"the Tour needs Fame {need}"
    return _tour_problem(state, seat, action.tour)


def _card_in_hand(state: MusicGameThingy, seat: int, card_id: str) -> int | None:
    copies = state.rules.copies
    for card in state.hands[seat]:
        if copies[card] == card_id:
            return card
    return None


def _play_problem(state: MusicGameThingy, action: Play) -> str | None:
    seat = action.player
    rules = state.rules
    if not rules.is_card(action.card):
        return f"there is no Action card {action.card!r}"
    if _card_in_hand(state, seat, action.card) is None:
        return f"they hold no {action.card}"
    card = rules.card(action.card)
    kind = card.type
    targets = action.targets
    wanted = 2 if kind == "contract-exchange" else 0 if kind == "sports-car" else 1
    if kind == "lawyers":
        return "Lawyers are played only against a Contract Exchange or Waiver"
    if len(targets) != wanted:
        return f"{card.name} takes {wanted} target{'s' if wanted != 1 else ''}"
    if kind == "commercial-spies":
        target = targets[0]
        if not target.isdigit() or not 0 <= int(target) < state.players or int(target) == seat:
            return "Commercial Spies look at another label's hand: name its seat"
        return None
    if kind == "sports-car":
        return None
    artists = [state.artists.get(target) for target in targets]
    if any(artist is None or artist.owner is None for artist in artists):
        return f"{' or '.join(targets)} is not a signed Artist"
    artist = artists[0]
    assert artist is not None
    if card.earner is not None:
        if artist.owner != seat:
            return f"{artist.id} is not under contract to them"
        if artist not in _free(state, seat):
            return f"{artist.id} already has an activity this month"
        if card.earner.activity == "venue" and state.fame_of(artist) < card.earner.min_fame:
            return f"{card.name} needs Fame {card.earner.min_fame}"
        if card.needs_single and artist.kept_single is None:
            return f"{artist.id} must release a Single or EP before an Album"
        return None
    activity = activity_of(state, artist.id)
    if kind == "extra-date":
        if activity is None or not _extra_date_fits(activity, seat):
            return "Extra Date goes with a Venue this label declared this month"
        return None
    if kind in ("road-crew", "stage-lights", "contract-exchange") and artist.owner != seat:
        return f"{artist.id} is not under contract to them"
    if kind == "contract-exchange":
        theirs = artists[1]
        assert theirs is not None
        if theirs.owner == seat:
            return f"{theirs.id} is already theirs"
        return road_problem(state, _swap_moves(state, seat, targets))
    if kind == "contract-waiver" and artist.owner == seat:
        return "a Contract Waiver is played on a rival's Artist"
    if kind in ("disaster", "sabotage"):
        if activity is None:
            return f"{artist.id} has no activity declared this month"
        return _strike_problem(state, card, activity, seat)
    return None


def apply(state: MusicGameThingy, action: MusicGameThingyAction) -> None:
    seat = action.player
    state.activity_version += 1
    if type(action) is Done:
        _finish(state, seat)
    elif type(action) is BookTour:
        _book(state, action)
    elif type(action) is Play:
        _play(state, action)
    elif type(action) is PlayLawyers:
        card = _lawyers_card(state, seat)
        assert card is not None and state.move is not None and state.move_card is not None
        state.hands[seat].remove(card)
        state.in_play += [card, state.move_card]
        state.tally("lawyers").add(plays=1)
        _close_move(state)
    elif type(action) is Allow:
        assert state.move is not None
        state.move = ContractMove(
            state.move.card,
            state.move.mover,
            state.move.artist,
            state.move.own,
            (*state.move.allowed, seat),
        )
        state.lawyer_queue.pop(0)
        if state.lawyer_queue:
            state.current = state.lawyer_queue[0]
        else:
            _carry_out_move(state)


def _finish(state: MusicGameThingy, seat: int) -> None:
    """``seat`` is done: fix its activities' Fame and helper bonuses, then move on."""
    rules = state.rules
    for activity in state.activities:
        if activity.declarer != seat or activity.fame is not None:
            continue
        artist = state.artists[activity.artist]
        activity.fame = state.fame_of(artist)
        activity.seen = None
        helpers = []
        for card in artist.face_up:
            helper = rules.card(rules.copies[card])
            if helper.bonus_per and activity.activity in helper.applies_to:
                helpers.append(helper.id)
                if helper.bonus_per == "die":
                    activity.card_per_die += helper.bonus
                else:
                    activity.card_per_total += helper.bonus
        if activity.extra_date is not None:
            helpers.append(rules.copies[activity.extra_date])
        activity.helpers = tuple(helpers)
    state.declare_queue.pop(0)
    if state.declare_queue:
        state.current = state.declare_queue[0]
    else:
        state.end_declarations()


def _book(state: MusicGameThingy, action: BookTour) -> None:
    seat = action.player
    data = state.rules.tour(action.tour)
    state.pay(seat, BANK, data.fee, "tour fees")
    state.touch(action.artist)
    tour = state.tours[action.tour]
    tour.artist, tour.label, tour.months_left = action.artist, seat, data.months
    state.artists[action.artist].tour = action.tour
    state.activities.append(Activity(action.artist, seat, "tour", action.tour))
    state.tally(action.tour).add(plays=1, money=-data.fee)
    state.bookings.append((state.month_index, action.tour, seat))


def _play(state: MusicGameThingy, action: Play) -> None:
    seat = action.player
    rules = state.rules
    copy = _card_in_hand(state, seat, action.card)
    assert copy is not None
    state.hands[seat].remove(copy)
    card = rules.card(action.card)
    kind = card.type
    state.tally(card.id).add(plays=1)
    if kind in RECORDS or card.lasts != "month":
        state.touch(*action.targets[:1])  # a kept Single, a card on an Artist
    if kind == "sports-car":
        state.sports_cars[seat].append(copy)
        return
    if kind == "commercial-spies":
        state.in_play.append(copy)
        _spy(state, seat, int(action.targets[0]), card, copy)
        return
    artist = state.artists[action.targets[0]]
    if card.earner is not None:
        activity = Activity(artist.id, seat, kind, card.id, card=copy)
        state.activities.append(activity)
        if kind in SINGLES and artist.kept_single is None:
            artist.kept_single = copy
        else:
            state.in_play.append(copy)
        if kind in ALBUMS:
            assert artist.kept_single is not None
            state.in_play.append(artist.kept_single)
            artist.kept_single = None
    elif kind == "extra-date":
        found = activity_of(state, artist.id)
        assert found is not None
        found.extra_date = copy
        found.seen = None
        state.in_play.append(copy)
    elif kind in ("road-crew", "stage-lights", "hype", "backlash"):
        artist.face_up.append(copy)
        if card.fame_change:
            state.tally(card.id).add(fame=card.fame_change)
    elif kind in ("disaster", "sabotage"):
        found = activity_of(state, artist.id)
        assert found is not None
        found.struck.append(copy)
        found.seen = None
        state.in_play.append(copy)
    else:  # contract-exchange, contract-waiver: the Lawyers window opens
        own = action.targets[0] if kind == "contract-exchange" else None
        target = state.artists[action.targets[-1]]
        assert target.owner is not None
        state.move = ContractMove(card.id, seat, target.id, own, ())
        state.move_card = copy
        later = [other for other in state.order if other not in (seat, target.owner)]
        state.lawyer_queue = [target.owner, *later]
        state.phase, state.current = "lawyers", target.owner


def _spy(state: MusicGameThingy, seat: int, target: int, card: ActionCard, copy: int) -> None:
    copies = state.rules.copies
    hand = state.hands[target]
    shown = tuple(HandCard(c, copies[c]) for c in hand)
    caught = None
    if state.whistle_blowing:
        for held in list(hand):
            if copies[held] in card.catches and state.held_since[held] < state.month_index:
                caught = copies[held]
                hand.remove(held)
                state.discards.append(held)
                state.pay(target, BANK, card.fine, "fines")
                state.tally(card.id).add(money=card.fine)
    state.spy_reports[seat].append(SpyReport(state.month_index, seat, target, shown, caught))


def _carry_out_move(state: MusicGameThingy) -> None:
    move = state.move
    assert move is not None and state.move_card is not None
    state.in_play.append(state.move_card)
    state.touch(move.artist, *([move.own] if move.own is not None else []))
    theirs = state.artists[move.artist]
    if move.own is not None:
        own = state.artists[move.own]
        rival = theirs.owner
        assert rival is not None
        _set_owner(state, theirs, move.mover)
        _set_owner(state, own, rival)
    else:
        activity = activity_of(state, theirs.id)
        if activity is not None:
            state.activities.remove(activity)
        state.to_pool(theirs)
    _close_move(state)


def _set_owner(state: MusicGameThingy, artist: ArtistState, seat: int) -> None:
    artist.owner = seat
    if artist.tour is not None:
        state.tours[artist.tour].label = seat


def _close_move(state: MusicGameThingy) -> None:
    assert state.move is not None
    mover = state.move.mover
    state.move, state.move_card, state.lawyer_queue = None, None, []
    state.phase, state.current = "declare", mover
