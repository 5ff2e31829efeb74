"""Revenue, Fame and scoring: the end of a month, of a year and of the game.

**The month's rolls.** Every activity that earns (no Disaster or Sabotage on
it) rolls its dice: each die gets the Fame bonus (from the Fame fixed when its
label finished declaring), Stage Lights and the month's per-die change; the
total gets Road Crew and the month's change; an Extra Date rolls the Venue's
dice again with the same bonuses. The bank pays units x income per unit to the
label that declared it. Sabotage's damages are paid with the month's rolls.

**Fame, in this order** (each change held to 0 to 20 at once): Disaster's
loss; chart Fame (the month's best seller of each chart by units, every tied
record's Artist gaining its own record's Fame, times the month's multiplier;
a record that earns nothing does not chart); Tours coming home; then the
November awards (the signed Artist(s) with the most Fame, counting Hype and
Backlash). With Successful Singles, a best-selling Single or EP whose bare
die shows a 6 sells again next month.

**Year end** (every December but the last): every Tour comes home (with its
Fame), face-up year cards are discarded (a kept Single and the Sports Car
stay), contracts move down a year and expired Artists go back to the pool with
their Fame, pool Artists that have waited unsigned since the last auction lose
their marker, the labels announce their cash and the financial order is set
again (debts count as negative money; ties keep last year's order), and the
auction follows in financial order.

**Game end** (after the last December): every Tour comes home, every Action
card but the Sports Car is discarded after the Fame is counted: the bank pays
5,000 a point of Fame (with Hype and Backlash) for each Artist still under
contract, and 200,000 for each Sports Car, played or in hand. The victory
condition picks the winners: most money, or most Fame or most Artists with
ties broken on money; labels still level share the win.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bots.games.music_game_thingy.cards import DIE_FACES, RECORDS, SINGLES
from bots.games.music_game_thingy.frozen import maker
from bots.games.music_game_thingy.pieces import BANK, Activity
from bots.games.music_game_thingy.records import ActivityView, FinalScore
from pnp.catalog.schemas.music_game_thingy import FAME_VALUE_AT_END

if TYPE_CHECKING:
    from bots.games.music_game_thingy.engine import MusicGameThingy

#: Builds an :class:`ActivityView` without its dataclass __init__ (see ``frozen``).
new_activity_view = maker(ActivityView)


def roll(state: MusicGameThingy, activity: Activity) -> None:
    """Roll ``activity``'s dice and pay its label (nothing when struck)."""
    rules = state.rules
    if not activity.earns:
        activity.units, activity.money, activity.seen = 0, 0, None
        return
    earner = rules.earner(activity.source)
    assert earner is not None and activity.fame is not None
    month = rules.month(state.month)
    kind = activity.activity
    plays = 1
    if activity.extra_date is not None:
        plays = rules.card(rules.copies[activity.extra_date]).plays
    month_die, month_total = month.changes(kind)
    per_die = rules.die_bonus(activity.fame) + activity.card_per_die + month_die
    per_total = activity.card_per_total + month_total
    randint = state.rng.randint
    rolls = tuple([randint(1, DIE_FACES) for _ in range(earner.dice * plays)])
    units = sum(rolls) + per_die * len(rolls) + per_total * plays
    activity.rolls, activity.units, activity.money = rolls, units, units * earner.income_per_unit
    activity.seen = None
    state.pay(BANK, activity.declarer, activity.money, "tours" if kind == "tour" else kind)
    _credit(state, activity, earner.income_per_unit, plays)


def _credit(state: MusicGameThingy, activity: Activity, income: int, plays: int) -> None:
    """Share an activity's money between its card and the helpers that added to it."""
    assert activity.money is not None
    rules = state.rules
    dice = len(activity.rolls)
    total = activity.money
    helped = 0
    for helper_id in activity.helpers:
        helper = rules.card(helper_id)
        if helper.plays > 1:
            extra = sum(activity.rolls[dice // plays :]) * income
        elif helper.bonus_per == "die":
            extra = helper.bonus * dice * income
        else:
            extra = helper.bonus * plays * income
        state.tally(helper_id).add(money=extra)
        helped += extra
    state.tally(activity.source).add(money=total - helped)


def resolve_month(state: MusicGameThingy) -> None:
    """The month's rolls, damages, Fame, discards and the results everyone sees."""
    rules = state.rules
    state.touch(*(activity.artist for activity in state.activities))
    for activity in state.activities:
        roll(state, activity)
        for card in activity.struck:
            strike = rules.card(rules.copies[card])
            if strike.damages:
                state.pay(activity.declarer, BANK, strike.damages, "damages")
                state.tally(strike.id).add(money=strike.damages)
    for activity in state.activities:
        for card in activity.struck:
            strike = rules.card(rules.copies[card])
            artist = state.artists[activity.artist]
            if strike.fame_change and artist.owner is not None:
                state.tally(strike.id).add(fame=state.change_fame(artist, strike.fame_change))
    _charts(state)
    for tour in state.tours.values():
        if tour.artist is None:
            continue
        tour.months_left -= 1
        if tour.months_left <= 0:
            _come_home(state, tour.id)
    month = rules.month(state.month)
    if month.award_fame:
        signed = [artist for artist in state.artists.values() if artist.owner is not None]
        if signed:
            best = max(state.fame_of(artist) for artist in signed)
            for artist in signed:
                if state.fame_of(artist) == best:
                    state.change_fame(artist, month.award_fame)
    state.last_month = tuple(result(state, activity) for activity in state.activities)
    state.activities = []
    state.activity_version += 1
    state.discards.extend(state.in_play)
    state.in_play = []


def _charts(state: MusicGameThingy) -> None:
    rules = state.rules
    month = rules.month(state.month)
    still_selling: set[str] = set()
    for chart in ("singles", "albums"):
        entries = [
            activity
            for activity in state.activities
            if activity.earns
            and activity.activity in RECORDS
            and rules.card(activity.source).chart == chart
        ]
        if not entries:
            continue
        best = max(activity.units or 0 for activity in entries)
        multiplier = month.chart_multiplier(chart)
        for activity in entries:
            if activity.units != best:
                continue
            artist = state.artists[activity.artist]
            if artist.owner is None:
                continue
            gained = state.change_fame(artist, rules.card(activity.source).chart_fame * multiplier)
            activity.chart_fame = gained
            activity.seen = None
            state.tally(activity.source).add(fame=gained)
            sixes = bool(activity.rolls) and activity.rolls[0] == DIE_FACES
            if state.successful_singles and activity.activity in SINGLES and sixes:
                still_selling.add(activity.artist)
                artist.charting = activity.source
    for artist in state.artists.values():
        if artist.charting is not None and artist.id not in still_selling:
            artist.charting = None


def _come_home(state: MusicGameThingy, tour_id: str) -> None:
    tour = state.tours[tour_id]
    assert tour.artist is not None
    artist = state.artists[tour.artist]
    data = state.rules.tour(tour_id)
    state.tally(tour_id).add(fame=state.change_fame(artist, data.fame_award))
    tour.resting_from = tour.label
    tour.rest_until = state.month_index + state.tour_rest
    tour.artist, tour.label, tour.months_left = None, None, 0
    artist.tour = None
    state.touch(artist.id)


def result(state: MusicGameThingy, activity: Activity) -> ActivityView:
    """What everyone sees of an activity (kept on it until it changes)."""
    seen = activity.seen
    if type(seen) is ActivityView:
        return seen
    copies = state.rules.copies
    seen = new_activity_view(
        activity.artist,
        activity.declarer,
        activity.activity,
        activity.source,
        activity.extra_date is not None,
        tuple(copies[card] for card in activity.struck),
        activity.carried,
        activity.fame,
        activity.rolls,
        activity.units,
        activity.money,
        activity.chart_fame,
    )
    activity.seen = seen
    return seen


def end_year(state: MusicGameThingy) -> None:
    """The end of a year that is not the last (see the module docstring)."""
    state.touch_all()
    _all_home(state)
    for artist in state.artists.values():
        state.discards.extend(artist.face_up)
        artist.face_up = []
    for artist in state.artists.values():
        if artist.owner is None:
            if artist.fame is not None and (artist.pooled_at or 0) < state.auctions:
                artist.fame, artist.pooled_at = None, None
            continue
        artist.contract -= 1
        if artist.contract <= 0:
            state.to_pool(artist)
    state.year += 1
    state.month = 0
    previous = {seat: place for place, seat in enumerate(state.order)}
    state.order = sorted(range(state.players), key=lambda s: (-state.cash[s], previous[s]))
    state.announced = list(state.cash)


def _all_home(state: MusicGameThingy) -> None:
    for tour in state.tours.values():
        if tour.artist is not None:
            _come_home(state, tour.id)


def fame_total(state: MusicGameThingy, seat: int) -> int:
    return sum(state.fame_of(artist) for artist in state.artists_of(seat))


def end_game(state: MusicGameThingy) -> None:
    """The final scoring and the winners (see the module docstring)."""
    state.touch_all()
    _all_home(state)
    rules = state.rules
    scores = []
    for seat in range(state.players):
        fame = fame_total(state, seat)
        state.pay(BANK, seat, fame * FAME_VALUE_AT_END, "fame")
        cars = list(state.sports_cars[seat])
        cars += [c for c in state.hands[seat] if rules.card(rules.copies[c]).value]
        for car in cars:
            value = rules.card(rules.copies[car]).value
            state.pay(BANK, seat, value, "sports car")
            state.tally(rules.copies[car]).add(money=value)
        signed = len(state.artists_of(seat))
        scores.append(FinalScore(seat, state.cash[seat], fame, signed, len(cars)))
    for seat, hand in enumerate(state.hands):
        kept = [c for c in hand if rules.card(rules.copies[c]).value]
        state.discards.extend(c for c in hand if c not in kept)
        state.hands[seat] = kept
    for artist in state.artists.values():
        state.discards.extend(artist.face_up)
        artist.face_up = []
        if artist.kept_single is not None:
            state.discards.append(artist.kept_single)
            artist.kept_single = None
    state.final = tuple(scores)
    state.winners = winners(state.final, state.victory)
    state.phase = "over"


def winners(scores: tuple[FinalScore, ...], victory: str) -> tuple[int, ...]:
    """The labels that win under ``victory`` (``money``, ``fame`` or ``artists``)."""

    def key(score: FinalScore) -> tuple[int, int]:
        if victory == "fame":
            return score.fame, score.money
        if victory == "artists":
            return score.artists, score.money
        return score.money, 0

    best = max(key(score) for score in scores)
    return tuple(score.label for score in scores if key(score) == best)
