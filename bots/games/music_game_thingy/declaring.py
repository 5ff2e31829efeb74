"""How a heuristic label declares (mixed into ``bots.HeuristicPlayer``).

Each step of its declaration it takes the one action worth most, from its view:

* first the **activity** worth most for a free Artist: a record's expected money
  and chart Fame (its chance of topping the chart against the records already
  declared, a Single also for the Album it makes possible), a Venue's money, a
  Tour's takings over the months it can stay out and its Fame, less its fee and
  what the Artist would earn from cards meanwhile;
* then its **other cards**: Extra Date on its best Venue; Road Crew and Stage
  Lights on its best concert of the month; Hype on its own Artist when it lifts a
  die bonus this month or counts at the end; Backlash, Disaster, Sabotage and
  Contract Waiver against the leader (unless its Spies saw Lawyers there this
  month); Contract Exchange when the swap pays (:meth:`Declaring.swap_gain`,
  less for the chance of Lawyers, the card and the level's margin; never with
  the leader when its Spies saw Lawyers there); Commercial Spies on a suspect
  under Whistle-blowing, before a Contract card on the leader, or on the leader
  when nothing is better; the Sports Car at once;
* and ``done`` when nothing is worth anything.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from bots.games.music_game_thingy.actions import BookTour, MusicGameThingyAction, Play, done
from bots.games.music_game_thingy.cards import RECORDS, ActionCard, Earner, Rules
from bots.games.music_game_thingy.records import ActivityView, ArtistView, MusicGameThingyView
from bots.games.music_game_thingy.valuation import Valuer
from pnp.catalog.schemas.music_game_thingy import HAND_LIMIT

if TYPE_CHECKING:
    from bots.games.music_game_thingy.bots import Style

#: A hand at least this big is crowded: junk is played rather than held.
CROWDED = HAND_LIMIT - 2
#: Cards played against a rival, and cards whose one target decides at once whether
#: they are worth anything (Hype on one's own Artist, the others on the leader's).
ATTACKS = frozenset({"backlash", "disaster", "sabotage", "contract-waiver", "contract-exchange"})
ON_ONE_ARTIST = frozenset({"hype", "backlash", "contract-waiver"})
#: The chance it gives a Contract Exchange of standing (nobody plays Lawyers).
EXCHANGE_STANDS = 0.75
#: What keeping a Contract card for a better swap later is worth.
CARD_KEPT = 12_000


class Charts(NamedTuple):
    """What a record's chart chances depend on, worked out once a step."""

    #: The records declared this month: ``(chart, units their Artist expects)``.
    declared: tuple[tuple[str | None, float], ...]
    #: Whether the hand holds an Album or Double album (a Single or EP opens the way).
    albums_held: bool


class Declaring:
    """The declaration choices of a heuristic label; the class it is mixed into gives
    the card data, its valuer and style, and who it believes leads."""

    rules: Rules
    valuer: Valuer
    style: Style
    _cards: dict[str, ActionCard]
    _kinds: dict[str, str]
    _earners: dict[str, Earner]

    def leader(self, view: MusicGameThingyView) -> int | None:
        raise NotImplementedError

    def by_id(self, view: MusicGameThingyView) -> dict[str, ArtistView]:
        raise NotImplementedError

    def _mine(self, view: MusicGameThingyView) -> list[ArtistView]:
        return [artist for artist in view.artists if artist.owner == view.player]

    def _declare(
        self, view: MusicGameThingyView, legal: Sequence[MusicGameThingyAction]
    ) -> MusicGameThingyAction:
        seat = view.player
        earners = self._earners
        # First the activities (records, Venues and Tours), then the other cards.
        activities: list[Play | BookTour] = [
            a for a in legal if (type(a) is Play and a.card in earners) or type(a) is BookTour
        ]
        chosen = self._activity(view, activities) if activities else None
        if chosen is None:
            plays = [a for a in legal if type(a) is Play]
            if plays:
                chosen = self._other_card(view, plays)
        return chosen if chosen is not None else done(seat)

    def _activity(
        self, view: MusicGameThingyView, plays: Sequence[Play | BookTour]
    ) -> MusicGameThingyAction | None:
        """The activity worth most now, if any is worth anything."""
        by_id = self.by_id(view)
        earners = self._earners
        month = view.month
        expected = self.valuer.expected
        # Worked out when the first action that needs them comes up: the label's free
        # Artists (for Tours) and the records already declared (for the charts).
        free_count: int | None = None
        charts: Charts | None = None
        best: MusicGameThingyAction | None = None
        best_value = 0.0
        for action in plays:
            if type(action) is Play:
                earner = earners.get(action.card)
                if earner is None:
                    continue
                artist = by_id[action.targets[0]]
                value = expected(earner, artist, month)
                if earner.activity in RECORDS:
                    if charts is None:
                        charts = self._charts(view, by_id)
                    value += self._chart_value(view, action.card, artist, value, charts)
            elif type(action) is BookTour:
                if free_count is None:
                    free_count = self._free_count(view)
                value = self._tour_value(view, action, by_id[action.artist], free_count)
            else:
                continue
            if value > best_value:
                best, best_value = action, value
        return best

    def _free_count(self, view: MusicGameThingyView) -> int:
        """How many of its Artists may still take an activity this month."""
        declared = {activity.artist for activity in view.activities}
        seat = view.player
        return sum(
            1 for a in view.artists if a.owner == seat and not a.is_busy and a.id not in declared
        )

    def _charts(self, view: MusicGameThingyView, by_id: dict[str, ArtistView]) -> Charts:
        """The records declared this month, as ``(chart, units expected)`` in the order
        they were declared, and whether the hand holds an Album or Double album."""
        rules = self.rules
        declared = []
        for activity in view.activities:
            if activity.activity in RECORDS:
                earner = rules.earner(activity.source)
                assert earner is not None
                rival = by_id[activity.artist]
                theirs = self.valuer.expected(earner, rival, view.month) / earner.income_per_unit
                declared.append((rules.card(activity.source).chart, theirs))
        albums = any(self._cards[card.card].needs_single for card in view.hand)
        return Charts(tuple(declared), albums)

    def _chart_value(
        self,
        view: MusicGameThingyView,
        card_id: str,
        artist: ArtistView,
        money: float,
        charts: Charts,
    ) -> float:
        """What releasing ``card_id`` on ``artist`` adds to its expected ``money``: chart
        Fame weighed by the chance of topping the chart, and for a Single or EP the Album
        it makes possible."""
        card = self._cards[card_id]
        assert card.earner is not None and card.chart is not None
        chart = card.chart
        multiplier = self.rules.month(view.month).chart_multiplier(chart)
        mine = money / card.earner.income_per_unit
        chance = 0.55
        for declared_chart, theirs in charts.declared:
            if declared_chart == chart:
                chance *= 0.8 if mine > theirs + 1 else 0.5 if mine >= theirs - 1 else 0.25
        value = chance * card.chart_fame * multiplier * self.valuer.fame_point(view, artist)
        if card.type in ("single", "ep") and artist.kept_single is None:
            value += 25_000 if charts.albums_held else 8_000
        return value

    def _tour_value(
        self, view: MusicGameThingyView, action: BookTour, artist: ArtistView, free: int
    ) -> float:
        tour = self.rules.tour(action.tour)
        months_in_year = len(self.rules.months) - view.month + 1
        months = min(tour.months, months_in_year)
        takings = months * self.valuer.expected(tour.earner, artist, 0)
        fame = tour.fame_award * self.valuer.fame_point(view, artist)
        # Busy for the months after this one: what the Artist would have earned from
        # cards, shared with the label's other free Artists.
        lost = (months - 1) * self.valuer.economy.monthly(0) / max(1, free)
        return takings + fame - tour.fee - lost - self.style.tour_margin

    def _other_card(
        self, view: MusicGameThingyView, plays: Sequence[Play]
    ) -> MusicGameThingyAction | None:
        crowded = len(view.hand) >= CROWDED
        leader = self.leader(view)
        attacking = self.style.attacks or crowded
        by_id = self.by_id(view)
        seat = view.player
        kinds = self._kinds
        scored: list[tuple[float, int, MusicGameThingyAction]] = []
        for order, action in enumerate(plays):
            kind = kinds[action.card]
            # What can never be worth playing now is passed over at once.
            if kind in ATTACKS and not attacking and kind != "contract-exchange":
                continue
            if kind in ON_ONE_ARTIST:
                owner = by_id[action.targets[0]].owner
                if (kind == "hype" and owner != seat) or (kind != "hype" and owner != leader):
                    continue
            elif kind == "contract-exchange":
                # A swap that pays is worth making at every level, whoever holds the
                # other Artist (see :meth:`_exchange_value`).
                value = self._exchange_value(
                    view, by_id[action.targets[0]], by_id[action.targets[1]], leader
                )
                if value > 0:
                    scored.append((value, -order, action))
                continue
            value = self._card_play_value(view, action, kind, by_id, leader, attacking, crowded)
            if value > 0:
                scored.append((value, -order, action))
        if not scored:
            return None
        return max(scored, key=lambda item: (item[0], item[1]))[2]

    def _card_play_value(
        self,
        view: MusicGameThingyView,
        action: Play,
        kind: str,
        by_id: dict[str, ArtistView],
        leader: int | None,
        attacking: bool,
        crowded: bool,
    ) -> float:
        seat = view.player
        rules = self.rules
        card = self._cards[action.card]
        if kind == "sports-car":
            return 1.0
        if kind == "commercial-spies":
            return self._spies_value(view, int(action.targets[0]), leader)
        if kind in ("extra-date", "road-crew", "stage-lights"):
            activity = _declared(view, action.targets[0])
            if (
                activity is None
                or activity.declarer != seat
                or activity.activity not in ("venue", "tour")
            ):
                return 0.0
            artist = by_id[action.targets[0]]
            earner = rules.earner(activity.source)
            assert earner is not None
            if kind == "extra-date":
                return self.valuer.expected(earner, artist, view.month)
            per = earner.dice if card.bonus_per == "die" else 1
            return per * card.bonus * earner.income_per_unit * (1 + (12 - view.month) / 4)
        target = by_id.get(action.targets[0]) if action.targets else None
        if target is None:
            return 0.0
        if kind == "hype":
            if target.owner != seat:
                return 0.0
            return self._hype_value(view, target, card.fame_change)
        if not attacking or target.owner == seat:
            return 0.0
        if kind == "backlash":
            if target.owner != leader:
                return 0.0
            return -card.fame_change * self.valuer.fame_point(view, target) * 0.8
        if kind in ("disaster", "sabotage"):
            activity = _declared(view, target.id)
            if activity is None:
                return 0.0
            earner = rules.earner(activity.source)
            assert earner is not None
            denied = self.valuer.expected(earner, target, view.month) + card.damages
            weight = 1.0 if activity.declarer == leader else 0.5
            return weight * denied - 15_000
        if kind in ("contract-waiver", "contract-exchange") and self._lawyers_seen(view, leader):
            return 0.0
        if kind == "contract-waiver":
            if target.owner != leader:
                return 0.0
            return self.valuer.held_artist(view, target, 1) * 0.5 - 20_000
        return 0.0

    # --- Contract Exchange ---------------------------------------------------------------

    def swap_gain(
        self,
        view: MusicGameThingyView,
        gets: ArtistView,
        gives: ArtistView,
        held: int,
        tours: bool = True,
    ) -> float:
        """What a label holding ``held`` Artists gains from ``gets`` in place of
        ``gives``: each Artist's income over its contract and its Fame at the end, and
        with ``tours`` the later months and the Fame of a Tour on the road (a Tour goes
        with its Artist)."""
        return self.artist_at_stake(view, gets, held, tours) - self.artist_at_stake(
            view, gives, held, tours
        )

    def artist_at_stake(
        self, view: MusicGameThingyView, artist: ArtistView, held: int, tours: bool = True
    ) -> float:
        """What ``artist`` under contract is worth to a label holding ``held`` Artists
        with it (its own place counted once): :meth:`Valuer.held_artist`, and with
        ``tours`` the money of its Tour's later months and the Tour's Fame."""
        valuer = self.valuer
        value = valuer.held_artist(view, artist, max(0, held - 1))
        if tours and artist.tour is not None:
            tour = self.rules.tour(artist.tour)
            later = max(0, artist.tour_months_left - 1)
            value += later * valuer.expected(tour.earner, artist, 0)
            value += tour.fame_award * valuer.fame_point(view, artist)
        return value

    def _exchange_value(
        self,
        view: MusicGameThingyView,
        own: ArtistView,
        theirs: ArtistView,
        leader: int | None,
    ) -> float:
        """What playing Contract Exchange of ``own`` for ``theirs`` is worth: the gain
        if it stands, times the chance that nobody answers it with Lawyers, less the
        card itself and the level's margin. Easy labels look at the Artists alone
        (not their Tours) and want a big margin; shrewd ones also count what the
        leader loses when the Artist is the leader's."""
        style = self.style
        held = sum(1 for artist in view.artists if artist.owner == view.player)
        gain = self.swap_gain(view, theirs, own, held, tours=style.exchange_sees_tours)
        if gain <= 0:
            return 0.0
        if theirs.owner == leader:
            if self._lawyers_seen(view, leader):
                return 0.0
            if style.attacks:
                # What the leader loses counts too, half as much as its own gain.
                gain *= 1.5
        return EXCHANGE_STANDS * gain - CARD_KEPT - style.exchange_margin

    def _hype_value(self, view: MusicGameThingyView, artist: ArtistView, change: int) -> float:
        rules = self.rules
        low, high = rules.fame_range
        after = min(high, max(low, artist.effective_fame + change))
        value = 0.0
        activity = _declared(view, artist.id)
        if activity is not None and activity.declarer == view.player:
            earner = rules.earner(activity.source)
            if earner is not None:
                before = self.valuer.expected(earner, artist, view.month)
                value += self.valuer.expected(earner, artist, view.month, fame=after) - before
        if view.year == view.years and self.valuer.covers_end(view, artist.contract):
            value += (after - artist.effective_fame) * self.valuer.fame_point(view, artist)
        if len(view.hand) >= CROWDED:
            value += 1.0
        return value

    def _suspect(self, view: MusicGameThingyView) -> int | None:
        """The rival most likely to hold a dirty trick (the biggest hand), if one may
        still be in a hand: neither is in its own hand nor in the discard pile."""
        dirty = {caught for card in self.rules.actions for caught in card.catches}
        seen = set(view.discards) | {card.card for card in view.hand}
        if dirty <= seen:
            return None
        rivals = [label for label in view.labels if label.seat != view.player]
        if not rivals:
            return None
        return max(rivals, key=lambda label: (label.hand_size, -label.seat)).seat

    def _spies_value(self, view: MusicGameThingyView, target: int, leader: int | None) -> float:
        """Spies pay under Whistle-blowing on a suspect, and before a Contract card
        (to see Lawyers); otherwise it looks at the leader once there is nothing better."""
        if view.whistle_blowing and target == self._suspect(view):
            return 40_000.0
        holds_contract_card = any(
            self.rules.card(card.card).type in ("contract-exchange", "contract-waiver")
            for card in view.hand
        )
        if target != leader:
            return 0.0
        spied = any(r.target == target and r.month == view.month_index for r in view.spy_reports)
        return 30_000.0 if holds_contract_card and not spied else 1.0

    def _lawyers_seen(self, view: MusicGameThingyView, seat: int | None) -> bool:
        """Whether its Spies saw Lawyers in ``seat``'s hand this month."""
        for report in view.spy_reports:
            if report.target == seat and report.month == view.month_index:
                return any(self.rules.card(card.card).counters for card in report.cards)
        return False


def _declared(view: MusicGameThingyView, artist_id: str) -> ActivityView | None:
    for activity in view.activities:
        if activity.artist == artist_id:
            return activity
    return None
