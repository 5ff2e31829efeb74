"""The Music Game Thingy's card data as the engine uses it, built from the catalog.

Nothing here reads a file and no card value lives in code: the caller loads the
catalog and :meth:`Rules.from_catalog` turns the game's decks into small frozen
values (:class:`ActionCard`, :class:`Tour`, :class:`Month` ...). The facts of
the source that are rules rather than cards (starting cash, the hand limit of
ten, 5,000 a point of Fame) come from the card schema's constants.

The physical Action cards are numbered 0 to 112 (``copies``, in the data
file's order, copies of one card together): the engine moves these numbers
between the deck, the hands and the table, and a view shows a card in hand as
a :class:`~bots.games.music_game_thingy.records.HandCard` (its number and id).

>>> from pnp.catalog import load_catalog
>>> rules = Rules.from_catalog(load_catalog("cards").game("music-game-thingy"))
>>> len(rules.copies), rules.card("town-and-country-club").earner.dice
(113, 2)
>>> rules.revenue("town-and-country-club", (3, 5), fame=12, helpers=("road-crew", "stage-lights"))
Revenue(units=13, money=65000)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, NamedTuple, Self, TypeVar

from pnp.catalog.schemas import music_game_thingy as schema
from pnp.catalog.schemas.music_game_thingy import PRINTED_DESIGN

if TYPE_CHECKING:
    from pnp.catalog import Game

CardT = TypeVar("CardT")

#: The game's folder in the card data.
GAME_ID = "music-game-thingy"
#: What a die shows.
DIE_FACES = 6
#: What the card types are called in the activities an Artist may take.
RECORDS = ("single", "ep", "album", "double-album")
SINGLES = frozenset({"single", "ep"})
ALBUMS = frozenset({"album", "double-album"})
#: The roll changes of an activity the month's rule does not name.
NO_CHANGE = (0, 0)


class Shared:
    """A frozen value that a cloned game shares instead of copying (clones stay cheap)."""

    __slots__ = ()

    def __deepcopy__(self, memo: dict[int, object]) -> Self:
        return self


class Revenue(NamedTuple):
    """What one activity earned: units after every bonus, and the money they bring."""

    units: int
    money: int


@dataclass(frozen=True, slots=True)
class Earner(Shared):
    """Something an Artist does that earns money: a record, a Venue or a Tour.

    ``activity`` is ``single``, ``ep``, ``album``, ``double-album``, ``venue`` or
    ``tour``; each play rolls ``dice`` dice at ``income_per_unit`` a unit.
    """

    id: str
    activity: str
    dice: int
    income_per_unit: int
    min_fame: int = 0

    @property
    def is_record(self) -> bool:
        return self.activity in RECORDS

    @property
    def is_concert(self) -> bool:
        return self.activity in schema.CONCERTS


@dataclass(frozen=True, slots=True)
class ActionCard(Shared):
    """One Action card design and what it does (the fields its type uses; the rest
    keep their defaults)."""

    id: str
    name: str
    #: The card's type as the source names it (``single``, ``venue``, ``hype`` ...).
    type: str
    #: ``month``, ``year``, ``game`` or ``until-album`` (see the card schema).
    lasts: str
    count: int
    #: The hand-limit group it counts in (``singles``, ``albums``, ``dirty-tricks``).
    limit_group: str | None = None
    #: Records and Venues: what they earn.
    earner: Earner | None = None
    #: Records: their chart and the Fame the month's best seller gains.
    chart: str | None = None
    chart_fame: int = 0
    needs_single: bool = False
    #: Road Crew and Stage Lights: a bonus to each die or to the total of some activities.
    bonus: int = 0
    bonus_per: str = ""
    applies_to: frozenset[str] = frozenset()
    #: Hype and Backlash (while the card lasts), and Disaster (at once): a Fame change.
    fame_change: int = 0
    #: Disaster and Sabotage: the activities they may hit, and Sabotage's damages.
    targets: frozenset[str] = frozenset()
    damages: int = 0
    #: Lawyers: the cards they cancel. Commercial Spies: the cards it catches, the fine.
    counters: frozenset[str] = frozenset()
    catches: frozenset[str] = frozenset()
    fine: int = 0
    #: Extra Date: how many times the Venue is played in all.
    plays: int = 1
    #: The Sports Car: what it is worth at the end.
    value: int = 0


@dataclass(frozen=True, slots=True)
class Tour(Shared):
    """A Tour card: it earns like a Venue every month it lasts."""

    id: str
    name: str
    earner: Earner
    months: int
    fee: int
    fame_award: int


@dataclass(frozen=True, slots=True)
class Artist(Shared):
    """An Artist card: a band's name and style."""

    id: str
    name: str
    genre: str


@dataclass(frozen=True, slots=True)
class Month(Shared):
    """A Month card and its special rule, as numbers."""

    number: int
    id: str
    name: str
    title: str | None = None
    #: Roll changes this month: ``(amount, per, activities)`` with per ``die`` or ``total``.
    roll_changes: tuple[tuple[int, str, frozenset[str]], ...] = ()
    #: Chart Fame multipliers this month, by chart (a chart not named: 1).
    chart_multipliers: tuple[tuple[str, int], ...] = ()
    #: Paid to the bank by every label for each Artist under contract.
    levy_per_artist: int = 0
    #: Fame gained by the Artist(s) with the most Fame after the month's revenue.
    award_fame: int = 0
    #: ``(per_die, per_total)`` of each activity the roll changes name (worked out once).
    _changes: dict[str, tuple[int, int]] = field(
        init=False, repr=False, compare=False, default_factory=dict
    )

    def __post_init__(self) -> None:
        named = {activity for _, _, to in self.roll_changes for activity in to}
        changes = {
            activity: (self.per_die(activity), self.per_total(activity)) for activity in named
        }
        object.__setattr__(self, "_changes", changes)

    def chart_multiplier(self, chart: str) -> int:
        for name, multiplier in self.chart_multipliers:
            if name == chart:
                return multiplier
        return 1

    def per_die(self, activity: str) -> int:
        return sum(a for a, per, to in self.roll_changes if per == "die" and activity in to)

    def per_total(self, activity: str) -> int:
        return sum(a for a, per, to in self.roll_changes if per == "total" and activity in to)

    def changes(self, activity: str) -> tuple[int, int]:
        """``(per_die(activity), per_total(activity))``, looked up."""
        return self._changes.get(activity, NO_CHANGE)


@dataclass(frozen=True)
class Rules(Shared):
    """Every card of the game as the engine needs it (see the module docstring)."""

    actions: tuple[ActionCard, ...]
    tours: tuple[Tour, ...]
    artists: tuple[Artist, ...]
    months: tuple[Month, ...]
    #: The play-order markers' names, richest (rank 1) first.
    markers: tuple[str, ...]
    #: Fame track: lowest, highest, and ``(from Fame, bonus per die)`` steps.
    fame_range: tuple[int, int]
    fame_bonuses: tuple[tuple[int, int], ...]
    #: Contract lengths in years, and game lengths in years (the Year card's track).
    contract_years: tuple[int, int]
    game_years: tuple[int, int]
    #: The most cards of each hand-limit group a hand may hold.
    group_limits: tuple[tuple[str, int], ...]
    #: Earlier designs of the Tours kept in the data, by name (the printed ones are
    #: ``tours``): what :meth:`with_tour_design` plays instead.
    tour_designs: tuple[tuple[str, tuple[Tour, ...]], ...] = ()
    #: Card id of each physical Action card, by its number.
    copies: tuple[str, ...] = field(init=False)
    #: The Fame change of each physical card while it lies on an Artist (Hype, Backlash).
    fame_changes: tuple[int, ...] = field(init=False, repr=False)
    #: The hand-limit group of each physical card (``None``: none), and each group's limit.
    copy_groups: tuple[str | None, ...] = field(init=False, repr=False)
    limit_of: dict[str, int] = field(init=False, repr=False)
    _cards: dict[str, ActionCard] = field(init=False, repr=False)
    _earners: dict[str, Earner] = field(init=False, repr=False)
    _tours: dict[str, Tour] = field(init=False, repr=False)
    _months: dict[int | str, Month] = field(init=False, repr=False)
    _die_bonus: tuple[int, ...] = field(init=False, repr=False)
    _designs: dict[str, Rules] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        copies = tuple(card.id for card in self.actions for _ in range(card.count))
        object.__setattr__(self, "copies", copies)
        changes = tuple(
            card.fame_change if card.lasts == "year" else 0
            for card in self.actions
            for _ in range(card.count)
        )
        object.__setattr__(self, "fame_changes", changes)
        groups = tuple(card.limit_group for card in self.actions for _ in range(card.count))
        object.__setattr__(self, "copy_groups", groups)
        object.__setattr__(self, "limit_of", dict(self.group_limits))
        object.__setattr__(self, "_cards", {card.id: card for card in self.actions})
        earners = {card.id: card.earner for card in self.actions if card.earner is not None}
        earners.update({tour.id: tour.earner for tour in self.tours})
        object.__setattr__(self, "_earners", earners)
        object.__setattr__(self, "_tours", {tour.id: tour for tour in self.tours})
        months: dict[int | str, Month] = {month.number: month for month in self.months}
        months.update({month.id: month for month in self.months})
        object.__setattr__(self, "_months", months)
        high = self.fame_range[1]
        bonus = []
        for fame in range(high + 1):
            steps = [per_die for at, per_die in self.fame_bonuses if fame >= at]
            bonus.append(max(steps, default=0))
        object.__setattr__(self, "_die_bonus", tuple(bonus))
        object.__setattr__(self, "_designs", {})

    def __deepcopy__(self, memo: dict[int, object]) -> Rules:
        """The rules never change: a copied game shares them (see ``GameState.clone``)."""
        return self

    def with_tour_design(self, design: str) -> Rules:
        """These rules with the Tours of the earlier ``design`` kept in the data instead
        of the printed ones (the same object each time); ``printed`` gives these."""
        if design == PRINTED_DESIGN:
            return self
        if design not in self._designs:
            designs = dict(self.tour_designs)
            if design not in designs:
                kept = ", ".join([PRINTED_DESIGN, *designs])
                raise ValueError(f"no Tour design {design!r}: the data keeps {kept}")
            self._designs[design] = replace(self, tours=designs[design], tour_designs=())
        return self._designs[design]

    # --- building from the catalog -------------------------------------------------------

    @classmethod
    def from_catalog(cls, game: Game) -> Rules:
        """The card data of the catalog's The Music Game Thingy."""
        actions = tuple(_action(card) for card in _cards(game, "action", schema.ActionCard))
        tour_cards = _cards(game, "tour", schema.TourCard)
        tours = tuple(_tour(card, card) for card in tour_cards)
        names = sorted({name for card in tour_cards for name in card.earlier})
        designs = tuple(
            (name, tuple(_tour(card, card.earlier[name]) for card in tour_cards)) for name in names
        )
        artist_cards = _cards(game, "artist", schema.ArtistCard)
        artists = tuple(Artist(card.id, card.name, card.genre) for card in artist_cards)
        months = tuple(
            _month(card)
            for card in sorted(_cards(game, "month", schema.MonthCard), key=lambda c: c.number)
        )
        markers = tuple(
            card.name
            for card in sorted(
                _cards(game, "order-marker", schema.OrderMarker), key=lambda c: c.rank
            )
        )
        years = _cards(game, "year", schema.YearCard)
        if not artist_cards or len(years) != 1:
            raise ValueError("the game needs Artist cards and one Year card")
        track = artist_cards[0].fame_track
        contract = artist_cards[0].contract_track
        limits: dict[str, int] = {}
        for card in _cards(game, "action", schema.ActionCard):
            if card.hand_limit is not None:
                limits[card.hand_limit.group] = card.hand_limit.max
        if len(months) != len(schema.MONTH_NAMES):
            raise ValueError(f"the game needs {len(schema.MONTH_NAMES)} Month cards")
        return cls(
            actions,
            tours,
            artists,
            months,
            markers,
            (track.min, track.max),
            tuple((bonus.at, bonus.per_die) for bonus in track.bonuses),
            (contract.min, contract.max),
            (years[0].track.min, years[0].track.max),
            tuple(sorted(limits.items())),
            designs,
        )

    # --- looking things up ---------------------------------------------------------------

    def card(self, card_id: str) -> ActionCard:
        """The Action card ``card_id``; ``KeyError`` names the cards there are."""
        try:
            return self._cards[card_id]
        except KeyError:
            raise KeyError(f"no Action card {card_id!r}") from None

    def tour(self, tour_id: str) -> Tour:
        try:
            return self._tours[tour_id]
        except KeyError:
            raise KeyError(f"no Tour {tour_id!r}") from None

    def earner(self, card_id: str) -> Earner | None:
        """What a record, Venue or Tour earns; ``None`` for anything else."""
        return self._earners.get(card_id)

    def is_card(self, card_id: str) -> bool:
        return card_id in self._cards

    def is_tour(self, tour_id: str) -> bool:
        return tour_id in self._tours

    def die_bonus(self, fame: int) -> int:
        """What an Artist of ``fame`` adds to each die (+1 from 10, +2 at 20 in the kit)."""
        return self._die_bonus[fame]

    def group_limit(self, group: str) -> int:
        for name, most in self.group_limits:
            if name == group:
                return most
        raise KeyError(f"no hand-limit group {group!r}")

    def month(self, month: int | str) -> Month:
        """The Month card by number (1 to 12) or id (``june``)."""
        found = self._months.get(month)
        if found is None:
            raise KeyError(f"no month {month!r}")
        return found

    def cards_of_type(self, card_type: str) -> tuple[ActionCard, ...]:
        return tuple(card for card in self.actions if card.type == card_type)

    # --- revenue --------------------------------------------------------------------------

    def revenue(
        self,
        card_id: str,
        rolls: Sequence[int],
        *,
        fame: int,
        helpers: Iterable[str] = (),
        month: int | str | None = None,
    ) -> Revenue:
        """The units and money of one record, Venue or Tour for the dice ``rolls``.

        ``fame`` is the Artist's Fame (with Hype and Backlash), ``helpers`` the ids of
        cards helping it (Road Crew, Stage Lights; Extra Date for a Venue played twice,
        when ``rolls`` holds the dice of both plays), ``month`` the month (number or id)
        whose special rule applies. Raises ``ValueError`` with a sentence for anything
        that does not fit (a card that earns nothing, the wrong number of dice, a
        helper that does not help this activity).
        """
        earner = self.earner(card_id)
        if earner is None:
            raise ValueError(f"{card_id!r} is no record, Venue or Tour: it earns nothing")
        low, high = self.fame_range
        if not low <= fame <= high:
            raise ValueError(f"Fame is always {low} to {high}, got {fame}")
        per_die, per_total, plays = self.die_bonus(fame), 0, 1
        for helper_id in helpers:
            helper = self.card(helper_id)
            if helper.plays > 1:
                if earner.activity != "venue":
                    raise ValueError(f"{helper.name} only helps a Venue")
                plays = helper.plays
            elif helper.bonus_per and earner.activity in helper.applies_to:
                if helper.bonus_per == "die":
                    per_die += helper.bonus
                else:
                    per_total += helper.bonus
            else:
                raise ValueError(f"{helper.name} does not help a {earner.activity}")
        if month is not None:
            rule = self.month(month)
            per_die += rule.per_die(earner.activity)
            per_total += rule.per_total(earner.activity)
        if len(rolls) != earner.dice * plays:
            raise ValueError(
                f"{card_id!r} rolls {earner.dice * plays} dice here, got {len(rolls)} rolls"
            )
        if any(not 1 <= roll <= DIE_FACES for roll in rolls):
            raise ValueError(f"a die shows 1 to {DIE_FACES}, got {tuple(rolls)}")
        units = sum(rolls) + per_die * len(rolls) + per_total * plays
        return Revenue(units, units * earner.income_per_unit)

    def expected_units(self, earner: Earner, per_die: int, per_total: int) -> float:
        """The mean units of one play with these bonuses."""
        return earner.dice * ((DIE_FACES + 1) / 2 + per_die) + per_total


def minimum_bid(fame: int, years: int) -> int:
    """The smallest bid for an Artist of ``fame`` for ``years`` years (source, section 7.1).

    >>> minimum_bid(5, 1)
    25000
    """
    if fame < 0 or years < 1:
        raise ValueError(f"Fame must be at least 0 and years at least 1, got {fame} and {years}")
    return schema.BID_PER_FAME_YEAR * fame * years


def revenue(
    card_id: str,
    rolls: Sequence[int],
    *,
    fame: int,
    helpers: Iterable[str] = (),
    month: int | str | None = None,
    rules: Rules,
) -> Revenue:
    """:meth:`Rules.revenue` as a function: ``rules`` is the game's card data
    (``MusicGameThingy.data_from(game)``)."""
    return rules.revenue(card_id, rolls, fame=fame, helpers=helpers, month=month)


# --- turning catalog cards into engine values -------------------------------------------


def _cards(game: Game, deck_id: str, model: type[CardT]) -> list[CardT]:
    found: list[CardT] = []
    for card in game.deck(deck_id).cards:
        if not isinstance(card, model):
            raise ValueError(f"deck {deck_id!r} of {GAME_ID!r} holds a card of another kind")
        found.append(card)
    return found


def _tour(card: schema.TourCard, values: schema.TourCard | schema.TourValues) -> Tour:
    """The Tour ``card`` with the numbers of ``values`` (its own, or an earlier design's)."""
    return Tour(
        card.id,
        card.name,
        Earner(card.id, "tour", values.dice, values.income_per_unit, values.min_fame),
        values.months,
        values.fee,
        values.fame_award,
    )


def _action(card: schema.ActionCard) -> ActionCard:
    effect = card.effect
    base: dict[str, object] = {
        "id": card.id,
        "name": card.name,
        "type": effect.type,
        "lasts": card.lasts,
        "count": card.count,
        "limit_group": card.hand_limit.group if card.hand_limit is not None else None,
    }
    if isinstance(effect, schema.Release):
        base |= {
            "earner": Earner(card.id, effect.type, effect.sales_dice, effect.income_per_unit),
            "chart": effect.chart,
            "chart_fame": effect.chart_fame,
            "needs_single": effect.needs_single,
        }
    elif isinstance(effect, schema.Venue):
        base["earner"] = Earner(
            card.id, "venue", effect.dice, effect.income_per_unit, effect.min_fame
        )
    elif isinstance(effect, schema.CrewBonus):
        base |= {
            "bonus": effect.amount,
            "bonus_per": effect.per,
            "applies_to": frozenset(effect.applies_to),
        }
    elif isinstance(effect, schema.FameChange):
        base["fame_change"] = effect.change
    elif isinstance(effect, schema.Strike):
        base |= {
            "targets": frozenset(effect.targets),
            "fame_change": effect.fame_change,
            "damages": effect.damages,
        }
    elif isinstance(effect, schema.Countermand):
        base["counters"] = frozenset(effect.counters)
    elif isinstance(effect, schema.Spies):
        base |= {"catches": frozenset(effect.catches), "fine": effect.fine}
    elif isinstance(effect, schema.ExtraDate):
        base["plays"] = effect.plays
    elif isinstance(effect, schema.EndValue):
        base["value"] = effect.value
    return ActionCard(**base)  # type: ignore[arg-type]


def _month(card: schema.MonthCard) -> Month:
    if card.rule is None:
        return Month(card.number, card.id, card.name)
    effect = card.rule.effect
    fields: dict[str, object] = {}
    if isinstance(effect, schema.RollModifier):
        fields["roll_changes"] = ((effect.amount, effect.per, frozenset(effect.applies_to)),)
    elif isinstance(effect, schema.ChartFameMultiplier):
        fields["chart_multipliers"] = tuple((chart, effect.multiplier) for chart in effect.charts)
    elif isinstance(effect, schema.Levy):
        fields["levy_per_artist"] = effect.per_artist
    elif isinstance(effect, schema.Awards):
        fields["award_fame"] = effect.fame
    return Month(card.number, card.id, card.name, card.rule.title, **fields)  # type: ignore[arg-type]
