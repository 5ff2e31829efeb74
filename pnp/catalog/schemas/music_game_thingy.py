"""The Music Game Thingy (Chris Bateman, 1989/1993): card schemas.

Seven decks: Action cards, Month cards, the Year card, Tour cards, Artist
cards, the five play-order markers and a printable sheet of banknotes. Each
card carries the words a player reads (``name``, ``text``) and, beside them,
every rule in machine-readable fields (``effect``, ``hand_limit``, ``lasts``
...), so a game engine or a renderer never has to parse the prose.

Effects are discriminated unions on ``type``. For Action cards the ``type`` is
the card type the source names (``single``, ``venue``, ``lawyers`` ...); the
deck checks hold the data to what the source says about each of them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Annotated, ClassVar, Literal, TypeVar

from pydantic import Field, StringConstraints, model_validator

from pnp.catalog.base import (
    Card,
    DeckCheck,
    DeckCheckIssue,
    DeckContext,
    Id,
    Model,
    NonNegativeInt,
    PositiveInt,
    Ref,
    deck_kind,
    distinct,
)
from pnp.catalog.schemas.music_game_thingy_words import (
    CARD_TYPE_LABELS,
    HAND_GROUP_LABELS,
    LASTS_LABELS,
    PER_UNIT,
    activities,
    dice_words,
    in_words,
    money,
    signed,
)

# --- Shared types and source facts ---------------------------------------------------------

#: A card's title: short enough for one line on a 63 mm wide card.
Name = Annotated[str, StringConstraints(min_length=1, max_length=40)]
#: Rule text a player reads: short enough for a 63 x 88 mm card.
RuleText = Annotated[str, StringConstraints(min_length=1, max_length=200)]
#: Money, in whole thousands (the smallest banknote is 1,000).
Pounds = Annotated[int, Field(ge=1000, multiple_of=1000)]
#: Money that may be nothing (a fee or a fine that is waived).
PoundsOrNothing = Annotated[int, Field(ge=0, multiple_of=1000)]
#: An Artist's Fame: always 0 to 20 (source, section 7.6).
Fame = Annotated[int, Field(ge=0, le=20)]
#: A number of six-sided dice.
Dice = Annotated[int, Field(ge=1, le=6)]

#: What an Artist can do in a month: release a record or play a concert.
Activity = Literal["single", "ep", "album", "double-album", "venue", "tour"]
#: How long a played card stays: ``month`` is one use (discarded at the end of
#: the month), ``year`` stays face up until the end of the year, ``game`` is
#: kept past year ends, ``until-album`` is kept under the Artist until it
#: releases an Album (the source's marker for Singles and EPs).
Lasts = Literal["month", "year", "game", "until-album"]
#: A chart: Singles and EPs compete in one, Albums and Double albums in the other.
Chart = Literal["singles", "albums"]

#: The smallest amount of money that changes hands; every sum is a multiple.
MONEY_STEP = 1000
#: Cash each label starts with (source, section 3).
STARTING_CASH = 200_000
#: Action cards dealt to each label at the start (source, section 3).
STARTING_HAND = 3
#: A signed Artist's starting Fame: one die plus two (source, section 7.1).
STARTING_FAME = (3, 8)
#: The minimum bid is this much per point of Fame per year of contract (source, section 7.1).
BID_PER_FAME_YEAR = 5000
#: The most cards a hand may hold, face-up cards apart (source, section 7.4).
HAND_LIMIT = 10
#: What the bank pays for each point of Fame under contract at the end (source, section 6).
FAME_VALUE_AT_END = 5000
#: Concerts are Venues and Tours; Road Crew and Stage Lights help at both.
CONCERTS: frozenset[str] = frozenset({"venue", "tour"})
#: The English month names, by number (not locale-dependent).
MONTH_NAMES = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)

#: Every Action card type the source names, with the name it gives it.
SOURCE_CARD_TYPES = {**CARD_TYPE_LABELS, "sports-car": "Gratuitously Expensive Sports Car"}
#: Fame for the month's best seller (source, section 7.3).
CHART_FAME = {"single": 1, "ep": 2, "album": 4, "double-album": 6}
#: Hand limits (source, section 7.4): card type -> (group, most held together).
HAND_LIMITS = {
    "single": ("singles", 4),
    "ep": ("singles", 4),
    "album": ("albums", 2),
    "double-album": ("albums", 2),
    "disaster": ("dirty-tricks", 1),
    "sabotage": ("dirty-tricks", 1),
}
#: Card types the source speaks of in the singular ("the Disaster card").
ONE_OF_A_KIND = ("disaster", "sabotage", "sports-car")
#: What Lawyers counter and what Commercial Spies catch (source, sections 5 and 8.2).
COUNTERED_BY_LAWYERS = frozenset({"contract-exchange", "contract-waiver"})
CAUGHT_BY_SPIES = frozenset({"disaster", "sabotage"})


class Track(Model):
    """A row of boxes numbered ``min`` to ``max`` on which a counter sits."""

    min: NonNegativeInt
    max: PositiveInt

    @model_validator(mode="after")
    def _ordered(self) -> Track:
        if self.min >= self.max:
            raise ValueError(f"min ({self.min}) must be less than max ({self.max})")
        return self


# --- Action cards --------------------------------------------------------------------------


class Release(Model):
    """A record: roll ``sales_dice`` at ``income_per_unit``; the month's best
    seller in its chart gains ``chart_fame``. Albums need a Single first."""

    type: Literal["single", "ep", "album", "double-album"]
    chart: Chart
    sales_dice: Dice
    income_per_unit: Pounds
    chart_fame: Annotated[int, Field(ge=1, le=20)]
    needs_single: bool


class Venue(Model):
    """A concert: roll ``dice`` at ``income_per_unit``; needs ``min_fame``."""

    type: Literal["venue"]
    dice: Dice
    income_per_unit: Pounds
    min_fame: Fame = 0


class RollChange(Model):
    """A change to rolls of some activities: to each die or to the total."""

    amount: Annotated[int, Field(ge=-6, le=6)]
    per: Literal["die", "total"]
    applies_to: tuple[Activity, ...] = Field(min_length=1)


class CrewBonus(RollChange):
    """Road Crew (+1 to totals) and Stage Lights (+1 to each die) at concerts."""

    type: Literal["road-crew", "stage-lights"]


class FameChange(Model):
    """Hype and Backlash: an Artist's Fame changes by ``change`` while the card lasts."""

    type: Literal["hype", "backlash"]
    change: Annotated[int, Field(ge=-20, le=20)]
    target: Literal["own", "rival", "any"]


class Countermand(Model):
    """Lawyers: cancel one of the cards named in ``counters`` as it is played."""

    type: Literal["lawyers"]
    counters: tuple[Id, ...] = Field(min_length=1)


class Strike(Model):
    """Disaster and Sabotage: a rival's activity earns nothing this month; the
    Artist's Fame changes by ``fame_change`` and its label pays ``damages``."""

    type: Literal["disaster", "sabotage"]
    targets: tuple[Activity, ...] = Field(min_length=1)
    fame_change: Annotated[int, Field(ge=-20, le=0)] = 0
    damages: PoundsOrNothing = 0


class Spies(Model):
    """Commercial Spies: see a rival's hand. Under the Whistle-blowing rule a
    card named in ``catches`` found there costs its holder ``fine``."""

    type: Literal["commercial-spies"]
    catches: tuple[Id, ...] = Field(min_length=1)
    fine: Pounds


class ContractMove(Model):
    """Contract Exchange (swap Artists with a rival) and Contract Waiver (a
    rival's Artist returns to the pool) need no numbers beyond their type."""

    type: Literal["contract-exchange", "contract-waiver"]


class ExtraDate(Model):
    """Extra Date: the Artist plays its Venue a second time this month."""

    type: Literal["extra-date"]
    plays: Annotated[int, Field(ge=2, le=3)] = 2


class EndValue(Model):
    """The Gratuitously Expensive Sports Car: worth ``value`` at the end of the game."""

    type: Literal["sports-car"]
    value: Pounds


ActionEffect = Annotated[
    Release
    | Venue
    | CrewBonus
    | FameChange
    | Countermand
    | Strike
    | Spies
    | ContractMove
    | ExtraDate
    | EndValue,
    Field(discriminator="type"),
]


class HandLimit(Model):
    """At most ``max`` cards of ``group`` in one hand (the limit printed on the card)."""

    group: Literal["singles", "albums", "dirty-tricks"]
    max: PositiveInt

    def words(self) -> str:
        """'Hand limit: 4 Singles & EPs'."""
        return f"Hand limit: {self.max} {HAND_GROUP_LABELS[self.group]}"


CardT = TypeVar("CardT", bound=Card)


def _each(context: DeckContext, model: type[CardT]) -> Iterator[tuple[int, CardT]]:
    """The deck's cards of ``model`` with their index."""
    for index, card in enumerate(context.cards):
        if isinstance(card, model):
            yield index, card


def _every_card_type(context: DeckContext) -> Iterator[DeckCheckIssue]:
    """Every card type the source names has at least one card."""
    present = {card.effect.type for _, card in _each(context, ActionCard)}
    missing = [name for key, name in SOURCE_CARD_TYPES.items() if key not in present]
    if missing:
        yield DeckCheckIssue(
            None, (), f"no card of type {', '.join(missing)}; the source names every one"
        )


def _hand_limits(context: DeckContext) -> Iterator[DeckCheckIssue]:
    """Hand-limit groups match card types: Singles/EPs 4, Albums 2, one dirty trick."""
    for index, card in _each(context, ActionCard):
        expected = HAND_LIMITS.get(card.effect.type)
        limit = card.hand_limit
        if expected is None and limit is not None:
            yield DeckCheckIssue(
                index, ("hand_limit",), f"a {card.effect.type} card has no hand limit"
            )
        elif expected is not None and limit is None:
            yield DeckCheckIssue(
                index,
                ("hand_limit",),
                f"missing: the source limits {expected[0]} to {expected[1]} in a hand",
            )
        elif expected is not None and limit is not None:
            group, most = expected
            if limit.group != group:
                yield DeckCheckIssue(
                    index,
                    ("hand_limit", "group"),
                    f"a {card.effect.type} card counts in group {group!r}, not {limit.group!r}",
                )
            elif limit.max != most:
                yield DeckCheckIssue(
                    index, ("hand_limit", "max"), f"group {group!r} allows {most}, not {limit.max}"
                )


def _release_rules(card: ActionCard, effect: Release) -> Iterator[tuple[tuple[str, ...], str]]:
    kind = effect.type
    is_single = kind in ("single", "ep")
    chart = "singles" if is_single else "albums"
    if effect.chart != chart:
        yield ("effect", "chart"), f"a {kind} sells in the {chart} chart"
    if effect.chart_fame != CHART_FAME[kind]:
        yield ("effect", "chart_fame"), f"the source awards {CHART_FAME[kind]} Fame for a {kind}"
    if effect.needs_single == is_single:
        rule = "needs no Single" if is_single else "needs a Single released first"
        yield ("effect", "needs_single"), f"a {kind} {rule}"
    if (card.lasts == "until-album") != is_single:
        yield ("lasts",), "only Singles and EPs stay under the Artist until an Album"


def _card_rules(card: ActionCard) -> Iterator[tuple[tuple[str, ...], str]]:
    """What the source says about one card, as (field, problem) pairs."""
    effect = card.effect
    if isinstance(effect, Release):
        yield from _release_rules(card, effect)
    elif card.lasts == "until-album":
        yield ("lasts",), "only Singles and EPs stay under the Artist until an Album"
    if isinstance(effect, CrewBonus):
        per = "total" if effect.type == "road-crew" else "die"
        if (effect.amount, effect.per) != (1, per):
            yield ("effect",), f"the source gives {effect.type} +1 to each {per}"
        if set(effect.applies_to) != CONCERTS:
            yield ("effect", "applies_to"), "applies at concerts: venue and tour"
    if isinstance(effect, FameChange):
        if (effect.change > 0) != (effect.type == "hype"):
            yield ("effect", "change"), "Hype raises Fame and Backlash lowers it"
        if card.lasts != "year":
            yield ("lasts",), "Hyped and Backlashed Fame lasts until the end of the year"
    if (card.lasts == "game") != (effect.type == "sports-car"):
        yield ("lasts",), "only the Sports Car is kept past the end of a year"
    if card.out_of_turn != (effect.type == "lawyers"):
        yield ("out_of_turn",), "only Lawyers may be played out of turn"
    if effect.type in ONE_OF_A_KIND and card.count != 1:
        yield ("count",), f"the source has one {SOURCE_CARD_TYPES[effect.type]} card"


def _source_rules(context: DeckContext) -> Iterator[DeckCheckIssue]:
    """Each card follows what the source says about its type."""
    for index, card in _each(context, ActionCard):
        for field, message in _card_rules(card):
            yield DeckCheckIssue(index, field, message)


def _targets(context: DeckContext) -> Iterator[DeckCheckIssue]:
    """Lawyers counter Contract Exchange and Waiver; Spies catch Disaster and Sabotage."""
    types = {card.id: card.effect.type for _, card in _each(context, ActionCard)}
    for index, card in _each(context, ActionCard):
        effect = card.effect
        if isinstance(effect, Countermand):
            field, named, wanted = "counters", effect.counters, COUNTERED_BY_LAWYERS
        elif isinstance(effect, Spies):
            field, named, wanted = "catches", effect.catches, CAUGHT_BY_SPIES
        else:
            continue
        for position, card_id in enumerate(named):
            if card_id in types and types[card_id] not in wanted:
                yield DeckCheckIssue(
                    index,
                    ("effect", field, position),
                    f"{card_id!r} is a {types[card_id]} card; expected one of {sorted(wanted)}",
                )
        uncovered = wanted - {types.get(card_id) for card_id in named}
        if uncovered:
            yield DeckCheckIssue(
                index, ("effect", field), f"names no card of type {', '.join(sorted(uncovered))}"
            )


def _revenue(card: Card) -> tuple[int, int] | None:
    """The dice and income per unit of a card that earns money, else None."""
    if isinstance(card, TourCard):
        return card.dice, card.income_per_unit
    if isinstance(card, ActionCard):
        if isinstance(card.effect, Release):
            return card.effect.sales_dice, card.effect.income_per_unit
        if isinstance(card.effect, Venue):
            return card.effect.dice, card.effect.income_per_unit
    return None


def _each_fact_once(context: DeckContext) -> Iterator[DeckCheckIssue]:
    """A card's text leaves to its face what the face prints from the card's fields
    (dice, income per unit, the Fame a Venue or Tour needs, a Tour's fee, the hand
    limit): each fact once on the card."""
    for index, card in enumerate(context.cards):
        if not isinstance(card, (ActionCard, TourCard)):
            continue
        printed: list[tuple[str, str]] = []
        revenue = _revenue(card)
        if revenue is not None:
            dice, income = revenue
            printed += [(f"{dice}d ", "its dice"), (f"{income:,}", "its income per unit")]
            printed.append((PER_UNIT, "its income per unit"))
        fame = getattr(card, "min_fame", 0) or getattr(getattr(card, "effect", None), "min_fame", 0)
        if fame:
            printed.append(("Needs Fame", "the Fame it needs"))
        if isinstance(card, TourCard) and card.fee:
            printed.append((f"{card.fee:,}", "its fee"))
        if isinstance(card, ActionCard) and card.hand_limit is not None:
            printed.append(("Hand limit", "its hand limit"))
        repeated = [(words, fact) for words, fact in printed
                    if words.casefold() in f"{card.text} ".casefold()]  # fmt: skip
        if repeated:
            said = ", ".join(repr(words.strip()) for words, _ in repeated)
            facts = ", ".join(dict.fromkeys(fact for _, fact in repeated))
            yield DeckCheckIssue(
                index,
                ("text",),
                f"repeats {said}: the card prints {facts} from its fields, so the text "
                "need not say it again",
            )


@deck_kind(
    "mgt-action",
    distinct("name"),
    _every_card_type,
    _hand_limits,
    _source_rules,
    _targets,
    _each_fact_once,
)
class ActionCard(Card):
    """An Action card: drawn one a month, played on an Artist or a rival."""

    name: Name
    text: RuleText
    lasts: Lasts
    out_of_turn: bool = False
    hand_limit: HandLimit | None = None
    effect: ActionEffect

    def refs(self) -> Iterator[Ref]:
        effect = self.effect
        if isinstance(effect, Countermand):
            for position, card_id in enumerate(effect.counters):
                yield Ref(("effect", "counters", position), "card", card_id)
        elif isinstance(effect, Spies):
            for position, card_id in enumerate(effect.catches):
                yield Ref(("effect", "catches", position), "card", card_id)

    @property
    def type_label(self) -> str:
        """The card's type as its label names it: 'Venue', 'Sports Car'."""
        return CARD_TYPE_LABELS[self.effect.type]

    @property
    def revenue(self) -> tuple[int, int] | None:
        """(dice, income per unit) of a record or a Venue, else None."""
        return _revenue(self)

    def headline(self, deck: Sequence[Card]) -> tuple[str, str]:
        """The big value and its caption for a card without dice, in words;
        ``deck`` gives the names of the cards this one refers to."""
        return _headline(self, deck)

    def describe(self) -> str:
        """What a person reads on the card."""
        effect = self.effect
        parts = [f"{self.name} ({self.type_label} card)."]
        revenue = self.revenue
        if revenue is not None:
            dice, income = revenue
            parts.append(f"{dice_words(dice)} x {money(income)} {PER_UNIT}.")
        if isinstance(effect, Venue) and effect.min_fame:
            parts.append(f"Needs Fame {effect.min_fame}.")
        parts.append(self.text)
        parts.append(f"{LASTS_LABELS[self.lasts]}.")
        if self.out_of_turn:
            parts.append("Play any time.")
        if self.hand_limit is not None:
            parts.append(f"{self.hand_limit.words()}.")
        return " ".join(parts)


def _name_of(deck: Sequence[Card], card_id: str) -> str:
    for card in deck:
        if card.id == card_id:
            return card.label()
    return card_id


def _headline(card: ActionCard, deck: Sequence[Card]) -> tuple[str, str]:
    effect = card.effect
    if isinstance(effect, ExtraDate):
        return f"Play {effect.plays} times", "the Venue's dice again, same bonuses"
    if isinstance(effect, CrewBonus):
        where = "to the total" if effect.per == "total" else "to each die"
        # how long it lasts is the card's footer: the caption leaves it out
        return f"{signed(effect.amount)} {where}", f"at every {activities(effect.applies_to)}"
    if isinstance(effect, FameChange):
        target = {"own": "your Artist", "rival": "a rival's Artist", "any": "any Artist"}
        return f"{signed(effect.change)} Fame", f"on {target[effect.target]}"
    if isinstance(effect, Strike):
        if effect.damages:
            headline = f"{money(effect.damages)} damages"
        else:
            headline = f"{signed(effect.fame_change)} Fame"
        return headline, f"a rival's {activities(effect.targets)} earns nothing"
    if isinstance(effect, Spies):
        names = " or ".join(_name_of(deck, card_id) for card_id in effect.catches)
        return f"Fine {money(effect.fine)}", f"if you catch {names}"
    if isinstance(effect, EndValue):
        return f"Worth {money(effect.value)}", "at the end of the game"
    if isinstance(effect, Countermand):
        names = " or ".join(_name_of(deck, card_id) for card_id in effect.counters)
        return "Objection!", f"cancels {names}"
    if isinstance(effect, ContractMove):
        lawyers = [
            other.name
            for other in deck
            if isinstance(other, ActionCard)
            and isinstance(other.effect, Countermand)
            and card.id in other.effect.counters
        ]
        verb = "Swap Artists" if effect.type == "contract-exchange" else "Artist walks"
        caption = f"{lawyers[0]} can stop this" if lawyers else "with a rival label"
        return verb, caption
    return card.type_label, ""


# --- Months and years ----------------------------------------------------------------------


class RollModifier(RollChange):
    """This month, rolls of ``applies_to`` change by ``amount`` per die or total."""

    type: Literal["roll-modifier"]


class ChartFameMultiplier(Model):
    """This month, chart Fame in ``charts`` is multiplied (0 = none awarded)."""

    type: Literal["chart-fame"]
    charts: tuple[Chart, ...] = Field(min_length=1)
    multiplier: Annotated[int, Field(ge=0, le=3)]


class Levy(Model):
    """Every label pays the bank ``per_artist`` for each Artist under Contract."""

    type: Literal["levy"]
    per_artist: Pounds


class Awards(Model):
    """The Artist(s) with the most Fame gain ``fame`` more."""

    type: Literal["awards"]
    fame: Annotated[int, Field(ge=1, le=5)]


MonthEffect = Annotated[
    RollModifier | ChartFameMultiplier | Levy | Awards, Field(discriminator="type")
]


class MonthRule(Model):
    """A month's special rule: a title, its text and what it does."""

    title: Name
    text: RuleText
    effect: MonthEffect


def numbered(field: str, last: int | None = None) -> DeckCheck:
    """A deck check: ``field`` runs 1 to ``last`` (default: the most players), once each."""

    def check(context: DeckContext) -> Iterator[DeckCheckIssue]:
        top = context.players_max if last is None else last
        seen: dict[int, int] = {}
        for index, card in enumerate(context.cards):
            value = getattr(card, field)
            if not 1 <= value <= top:
                yield DeckCheckIssue(index, (field,), f"must be 1 to {top}, got {value}")
            elif value in seen:
                other = context.cards[seen[value]].id
                yield DeckCheckIssue(
                    index, (field,), f"{value} is also on card {other!r}; each appears once"
                )
            else:
                seen[value] = index
        missing = [str(n) for n in range(1, top + 1) if n not in seen]
        if missing:
            yield DeckCheckIssue(
                None, (field,), f"no card has {field} {', '.join(missing)}; need 1 to {top}"
            )

    return check


def _month_names(context: DeckContext) -> Iterator[DeckCheckIssue]:
    """A Month card's name is the calendar name of its number."""
    for index, card in _each(context, MonthCard):
        expected = MONTH_NAMES[card.number - 1]
        if card.name != expected:
            yield DeckCheckIssue(
                index, ("name",), f"month {card.number} is {expected!r}, not {card.name!r}"
            )


@deck_kind("mgt-month", numbered("number", 12), _month_names)
class MonthCard(Card):
    """A Month card, turned over each game turn; some carry a special rule."""

    name: Name
    number: Annotated[int, Field(ge=1, le=12)]
    rule: MonthRule | None = None
    noun: ClassVar[str] = "month"

    def describe(self) -> str:
        text = f"Month {self.number} of 12: {self.name}."
        if self.rule is None:
            return f"{text} No special rule."
        return f"{text} {self.rule.title}: {self.rule.text}"


@deck_kind("mgt-year")
class YearCard(Card):
    """The Year card: a counter on ``track`` marks the years remaining."""

    name: Name
    text: RuleText
    track: Track

    def describe(self) -> str:
        return f"{self.name}: {self.text} Track of years {self.track.min} to {self.track.max}."


# --- Tours ---------------------------------------------------------------------------------


#: The name of an earlier design of the Tours: lower case words joined by hyphens.
DesignName = Annotated[str, StringConstraints(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")]
#: The value of the engine parameter ``tour_design`` that plays the printed Tours.
PRINTED_DESIGN = "printed"


class TourValues(Model):
    """A Tour's numbers in an earlier design of the kit. The card never prints them:
    they are kept so that the engine can play that design again (its parameter
    ``tour_design``) and the two can be compared."""

    dice: Dice
    income_per_unit: Pounds
    months: Annotated[int, Field(ge=1, le=6)]
    min_fame: Fame
    fee: PoundsOrNothing
    fame_award: Annotated[int, Field(ge=0, le=6)]


def _same_earlier_designs(context: DeckContext) -> Iterator[DeckCheckIssue]:
    """Every Tour keeps the same earlier designs (a design changes the whole set), and
    none is called by the name of the printed one."""
    cards = [card for card in context.cards if isinstance(card, TourCard)]
    if not cards:
        return
    first = sorted(cards[0].earlier)
    for index, card in enumerate(context.cards):
        if not isinstance(card, TourCard):
            continue
        if PRINTED_DESIGN in card.earlier:
            yield DeckCheckIssue(
                index,
                ("earlier", PRINTED_DESIGN),
                f"{PRINTED_DESIGN!r} names the printed values; call the earlier design "
                "something else",
            )
        if sorted(card.earlier) != first:
            said = ", ".join(first) or "none"
            yield DeckCheckIssue(
                index,
                ("earlier",),
                f"keeps the earlier designs {', '.join(sorted(card.earlier)) or 'none'} but "
                f"the first Tour {cards[0].id!r} keeps {said}: every Tour keeps the same ones",
            )


@deck_kind("mgt-tour", distinct("name"), _each_fact_once, _same_earlier_designs)
class TourCard(Card):
    """A Tour: for ``months`` months the Artist does nothing else and rolls
    ``dice`` at ``income_per_unit`` each month; ``fee`` is paid when it sets
    off and ``fame_award`` gained when it ends. ``earlier`` keeps the values of
    earlier designs, by name, for the engine to play on request; the card does not
    print them."""

    name: Name
    text: RuleText
    dice: Dice
    income_per_unit: Pounds
    months: Annotated[int, Field(ge=1, le=6)]
    min_fame: Fame
    fee: PoundsOrNothing
    fame_award: Annotated[int, Field(ge=0, le=6)]
    earlier: dict[DesignName, TourValues] = Field(default_factory=dict)
    noun: ClassVar[str] = "tour"

    def describe(self) -> str:
        fee = f"fee {money(self.fee)}" if self.fee else "no fee"
        fame = f"needs Fame {self.min_fame}" if self.min_fame else "any Fame"
        return (
            f"{self.name} (Tour): {self.months} months on the road; each month "
            f"{dice_words(self.dice)} x {money(self.income_per_unit)} {PER_UNIT}; {fame}; {fee}; "
            f"+{self.fame_award} Fame when it ends. {self.text}"
        )


# --- Artists -------------------------------------------------------------------------------


class DieBonus(Model):
    """From Fame ``at`` upwards the Artist adds ``per_die`` to each die."""

    at: Fame
    per_die: PositiveInt


class FameTrack(Track):
    """The Fame track (0 to 20) with the Fame levels that add to each die."""

    min: Fame
    max: Fame
    bonuses: tuple[DieBonus, ...] = ()

    @model_validator(mode="after")
    def _fits(self) -> FameTrack:
        low, high = STARTING_FAME
        if self.min > low or self.max < high:
            raise ValueError(f"must include the starting Fame range {low} to {high}")
        levels = [bonus.at for bonus in self.bonuses]
        if levels != sorted(set(levels)) or not all(self.min < at <= self.max for at in levels):
            raise ValueError("bonus levels must rise, inside the track")
        return self


class ContractTrack(Track):
    """The Contract track: years left on the Artist's contract."""

    min: PositiveInt


def _same_tracks(context: DeckContext) -> Iterator[DeckCheckIssue]:
    """Every Artist card prints the same tracks: the rules treat Artists alike."""
    artists = list(_each(context, ArtistCard))
    if not artists:
        return
    first = artists[0][1]
    for index, card in artists[1:]:
        for field in ("fame_track", "contract_track"):
            if getattr(card, field) != getattr(first, field):
                yield DeckCheckIssue(
                    index, (field,), f"differs from the track on {first.id!r}; all must match"
                )


@deck_kind("mgt-artist", distinct("name"), _same_tracks)
class ArtistCard(Card):
    """An Artist: a band's name and style, a Fame track and a Contract track."""

    name: Name
    genre: Annotated[str, StringConstraints(min_length=1, max_length=30)]
    fame_track: FameTrack
    contract_track: ContractTrack
    noun: ClassVar[str] = "artist"

    def bonus_at(self, fame: int) -> int:
        """What the Artist adds to each die at ``fame``."""
        bonus = 0
        for level in self.fame_track.bonuses:
            if fame >= level.at:
                bonus = level.per_die
        return bonus

    def describe(self) -> str:
        track = self.fame_track
        bonuses = ", ".join(f"+{b.per_die} to each die from Fame {b.at}" for b in track.bonuses)
        contract = self.contract_track
        return (
            f"{self.name} ({self.genre}). Fame track {track.min} to {track.max}"
            f"{' (' + bonuses + ')' if bonuses else ''}; Contract track {contract.min} to "
            f"{contract.max} years."
        )


# --- Play-order markers and money ----------------------------------------------------------


def _marker_names(context: DeckContext) -> Iterator[DeckCheckIssue]:
    """Rank 1 is Rich Bastard, the last Poor Bastard, the others Number N (source)."""
    last = context.players_max
    for index, card in _each(context, OrderMarker):
        names = {1: "Rich Bastard", last: "Poor Bastard"}
        expected = names.get(card.rank, f"Number {card.rank}")
        if card.name != expected:
            yield DeckCheckIssue(index, ("name",), f"rank {card.rank} is {expected!r}")


@deck_kind("mgt-order-marker", numbered("rank"), _marker_names)
class OrderMarker(Card):
    """A play-order marker: rank 1 (richest) declares first each month."""

    name: Name
    rank: PositiveInt
    text: RuleText
    noun: ClassVar[str] = "marker"

    def describe(self) -> str:
        return f"Play order {self.rank}: {self.name}. {self.text}"


def _banknotes(context: DeckContext) -> Iterator[DeckCheckIssue]:
    """Distinct values, the smallest is the money step, and enough money to start."""
    notes = list(_each(context, Banknote))
    values = Counter(note.value for _, note in notes)
    for index, note in notes:
        if values[note.value] > 1:
            yield DeckCheckIssue(index, ("value",), f"another note is also worth {note.value:,}")
    if notes and min(values) != MONEY_STEP:
        yield DeckCheckIssue(None, (), f"needs a {MONEY_STEP:,} note: every sum is a multiple")
    total = sum(note.value * note.count for _, note in notes)
    needed = 2 * context.players_max * STARTING_CASH
    if total < needed:
        yield DeckCheckIssue(
            None,
            (),
            f"holds {total:,}; needs {needed:,} (every label's starting cash, and as much "
            "again in the bank)",
        )


@deck_kind("mgt-money", distinct("name"), _banknotes)
class Banknote(Card):
    """A banknote of ``value``; ``count`` notes are printed."""

    name: Name
    value: Pounds
    text: Annotated[str, StringConstraints(min_length=1, max_length=80)]
    noun: ClassVar[str] = "note"
    back_shows_card: ClassVar[bool] = True

    def describe(self) -> str:
        return f"Banknote: {money(self.value)} ({in_words(self.value)}), {self.name}. {self.text}"
