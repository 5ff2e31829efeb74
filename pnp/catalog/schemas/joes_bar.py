"""Joe's Bar (working title): a bar-brawl party game, printed from its beta rules.

Decks: Action cards (HITs, combos, gulps and utility cards, plus the SWOOSH
cards of the older draft), Bar cards (furniture to fling) and Patron cards
(the regulars, carrying their Booze Level). Tables: the icon language every
card effect is written in, and the seven beta-versus-older-draft decisions.

A card's effect is its ``icons``, in order; an icon shown twice happens twice.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, ClassVar, Literal

from pydantic import Field, ValidationInfo, field_validator

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
    TableRow,
    Text,
    deck_kind,
    distinct,
    table_kind,
)

ICON_KIND = "jb-icon"
DECISION_KIND = "jb-decision"

#: The card categories; an icon belongs to one, an Action card is one.
Category = Literal["hit", "combo", "gulp", "utility", "swoosh"]
#: When an Action card may be played.
Timing = Literal["chain", "own-turn", "anytime", "when-targeted"]
#: Named shapes the vector renderer knows how to draw.
Glyph = Literal["fist", "chain", "arrow", "bottle", "hand", "skull", "stop", "swoosh"]

#: Which timings each category allows: HITs and combos are thrown in the
#: Action Chain, gulps are drunk on your own turn, utility cards are played at
#: any time (a few only on your turn), SWOOSH answers a HIT aimed at you.
TIMINGS: dict[str, frozenset[str]] = {
    "hit": frozenset({"chain"}),
    "combo": frozenset({"chain"}),
    "gulp": frozenset({"own-turn"}),
    "utility": frozenset({"anytime", "own-turn"}),
    "swoosh": frozenset({"when-targeted"}),
}

#: Which icon categories may appear on an Action card of each category.
ICON_CATEGORIES: dict[str, frozenset[str]] = {
    "hit": frozenset({"hit"}),
    "combo": frozenset({"hit", "combo"}),
    "gulp": frozenset({"gulp"}),
    "utility": frozenset({"utility"}),
    "swoosh": frozenset({"swoosh"}),
}


def _icon_refs(icons: tuple[Id, ...]) -> Iterator[Ref]:
    for index, icon in enumerate(icons):
        yield Ref(("icons", index), ICON_KIND, icon)


# --- tables -------------------------------------------------------------------


@table_kind(ICON_KIND, distinct("name"), distinct("glyph"))
class Icon(TableRow):
    """One word of the icon language."""

    noun: ClassVar[str] = "icon"

    name: Text
    meaning: Text
    category: Category
    glyph: Glyph
    #: The decision that brings this icon in, when it exists under one rule only.
    only_under: Id | None = None
    #: What the icon does in the rules engine, which reads this and never the icon's id,
    #: name or glyph: one HIT, reach anyone, add a HIT card (combo), win back BL, rob,
    #: poison, cancel a Utility card (interrupt), or swoosh an attack away.
    effect: Literal["hit", "reach", "combo", "gulp", "rob", "poison", "cancel", "swoosh"]
    #: The icons a card showing this icon shows once it is used up and left on the table
    #: as a Bar card (the empty glass of a gulp); empty when it leaves nothing.
    empty_glass: tuple[Id, ...] = ()

    def refs(self) -> Iterator[Ref]:
        if self.only_under is not None:
            yield Ref(("only_under",), DECISION_KIND, self.only_under)
        for index, icon in enumerate(self.empty_glass):
            yield Ref(("empty_glass", index), ICON_KIND, icon)


class PlayerCountEnd(Model):
    """The game ends when the table's knockouts equal the number of players."""

    type: Literal["player-count"]


class TotalEnd(Model):
    """The game ends at a fixed number of knockouts, counted across the table."""

    type: Literal["total"]
    kos: PositiveInt


KoEnd = Annotated[PlayerCountEnd | TotalEnd, Field(discriminator="type")]


class PointsWin(Model):
    """Score ``start`` less penalties per lost patron and per missing BL."""

    subject: ClassVar[str] = "winning"
    type: Literal["points"]
    ko_end: KoEnd
    start: PositiveInt
    per_lost_patron: NonNegativeInt
    per_missing_bl: NonNegativeInt
    tie_break: Literal["fewest-hits"] | None = None
    #: Whose missing BL is counted: the current patron's only (the source's words), or
    #: every patron the player has had, a knocked-out one missing all of its BL.
    missing_bl_of: Literal["current-patron", "every-patron"] = "current-patron"


class HighestBlWin(Model):
    """No points: the highest current Booze Level wins."""

    subject: ClassVar[str] = "winning"
    type: Literal["highest-bl"]
    ko_end: KoEnd
    tie_break: Literal["fewest-hits"] | None = None


class Dodge(Model):
    """Discard a card to pass a HIT on; ``max_per_hit`` null means unlimited."""

    subject: ClassVar[str] = "dodging"
    type: Literal["dodge"]
    cost: Literal["any-card"]
    redirect_to: Literal["next-player"]
    max_per_hit: PositiveInt | None = None


class NoSwooshCards(Model):
    subject: ClassVar[str] = "swoosh-cards"
    type: Literal["no-swoosh-cards"]


class SwooshCards(Model):
    """SWOOSH cards are shuffled into the Action deck."""

    subject: ClassVar[str] = "swoosh-cards"
    type: Literal["swoosh-cards"]
    cancels_attack: bool
    discards_combo: bool
    ends_chain: bool


class NoHandLimit(Model):
    subject: ClassVar[str] = "hand-limit"
    type: Literal["no-hand-limit"]


class HandLimit(Model):
    """Discard down to ``limit`` at ``when``."""

    subject: ClassVar[str] = "hand-limit"
    type: Literal["hand-limit"]
    limit: Literal["current-bl"]
    when: Literal["end-of-own-turn"]


class UtilityTiming(Model):
    """Who may play a Utility card, and whether right after their own card."""

    subject: ClassVar[str] = "utility-timing"
    type: Literal["utility-timing"]
    who: Literal["any-player"]
    pauses_chain: bool
    right_after_own_card: bool


class NoSandTimer(Model):
    subject: ClassVar[str] = "sand-timer"
    type: Literal["no-sand-timer"]


class SandTimer(Model):
    """Any player may time a stalling target; ``seconds`` null = not yet chosen."""

    subject: ClassVar[str] = "sand-timer"
    type: Literal["sand-timer"]
    started_by: Literal["any-player"]
    penalty_bl: PositiveInt
    seconds: PositiveInt | None = None


class Gulp(Model):
    """What a gulp recovers, up to what, and where the card goes afterwards."""

    subject: ClassVar[str] = "gulp-cap"
    type: Literal["gulp"]
    recover_bl: PositiveInt
    cap: Literal["none", "starting-bl"]
    becomes_bar_card: Literal["centre", "own-slot-first"]


Rule = Annotated[
    PointsWin
    | HighestBlWin
    | Dodge
    | NoSwooshCards
    | SwooshCards
    | NoHandLimit
    | HandLimit
    | UtilityTiming
    | NoSandTimer
    | SandTimer
    | Gulp,
    Field(discriminator="type"),
]


class RuleVersion(Model):
    """One side of a decision: the rule in words, its parameters, and the
    cards that exist only under it."""

    text: Text
    rule: Rule
    cards: tuple[Id, ...] = ()


class Evidence(Model):
    """Playtest evidence for a decision (filled in later by simulations)."""

    games: PositiveInt
    favours: Literal["beta", "older-draft", "neither"]
    summary: Text


@table_kind(DECISION_KIND)
class Decision(TableRow):
    """A subject where the beta and the older draft disagree."""

    noun: ClassVar[str] = "decision"

    title: Text
    printed: Literal["beta", "older-draft"] = "beta"
    beta: RuleVersion
    older_draft: RuleVersion
    evidence: Evidence | None = None

    @field_validator("beta", "older_draft")
    @classmethod
    def _rule_fits_subject(cls, version: RuleVersion, info: ValidationInfo) -> RuleVersion:
        subject = info.data.get("id")
        if subject is not None and version.rule.subject != subject:
            raise ValueError(
                f"a {version.rule.type!r} rule belongs to decision "
                f"{version.rule.subject!r}, not {subject!r}"
            )
        return version

    def refs(self) -> Iterator[Ref]:
        for side in ("beta", "older_draft"):
            version: RuleVersion = getattr(self, side)
            for index, card in enumerate(version.cards):
                yield Ref((side, "cards", index), "card", card)


# --- deck checks ----------------------------------------------------------------


def at_least_per_player(per_player: int, why: str) -> DeckCheck:
    """A deck check: the deck holds ``per_player`` cards for each seat of the largest table."""

    def check(context: DeckContext) -> Iterator[DeckCheckIssue]:
        needed = per_player * context.players_max
        have = sum(card.count for card in context.cards)
        if have < needed:
            yield DeckCheckIssue(
                None,
                (),
                f"has {have} cards but {context.players_max} players need {needed} ({why})",
            )

    return check


def _icon_categories(context: DeckContext) -> dict[str, str]:
    return {
        row.id: row.category for row in context.tables.get(ICON_KIND, ()) if isinstance(row, Icon)
    }


def _icons_fit_category(context: DeckContext) -> Iterator[DeckCheckIssue]:
    """Every icon on an Action card belongs to a category that card may show."""
    categories = _icon_categories(context)
    for index, card in enumerate(context.cards):
        if not isinstance(card, ActionCard):
            continue
        allowed = ICON_CATEGORIES[card.category]
        for position, icon in enumerate(card.icons):
            found = categories.get(icon)  # an unknown icon is reported by the reference check
            if found is not None and found not in allowed:
                yield DeckCheckIssue(
                    index,
                    ("icons", position),
                    f"{icon!r} is a {found} icon; a {card.category} card shows only "
                    f"{', '.join(sorted(allowed))} icons",
                )


def _draft_cards_placed(context: DeckContext) -> Iterator[DeckCheckIssue]:
    """A card a decision lists exists only under that decision, so its deck
    must say so (``only_under`` in game.yaml); every SWOOSH card is so listed."""
    listed_by: dict[str, list[str]] = {}
    for row in context.tables.get(DECISION_KIND, ()):
        if isinstance(row, Decision):
            for card_id in (*row.beta.cards, *row.older_draft.cards):
                listed_by.setdefault(card_id, []).append(row.id)
    for index, card in enumerate(context.cards):
        if not isinstance(card, ActionCard):
            continue
        decisions = listed_by.get(card.id, [])
        if card.category == "swoosh" and not decisions:
            yield DeckCheckIssue(
                index,
                ("id",),
                "a SWOOSH card exists only under the older draft: list it in the cards "
                "of its decision",
            )
        elif decisions and context.only_under not in decisions:
            yield DeckCheckIssue(
                index,
                ("id",),
                f"exists only under decision {decisions[0]!r}, so its deck needs "
                f"only_under: {decisions[0]} in game.yaml",
            )


def _same_scale(context: DeckContext) -> Iterator[DeckCheckIssue]:
    """Any Patron card can be the tracker behind another, so all scales match."""
    first: PatronCard | None = None
    for index, card in enumerate(context.cards):
        if not isinstance(card, PatronCard):
            continue
        if first is None:
            first = card
        elif card.booze_scale_max != first.booze_scale_max:
            yield DeckCheckIssue(
                index,
                ("booze_scale_max",),
                f"is {card.booze_scale_max} but {first.id!r} prints {first.booze_scale_max}; "
                "every Patron card must print the same scale to work as a tracker",
            )


# --- decks -------------------------------------------------------------------


@deck_kind("jb-action", distinct("name"), _icons_fit_category, _draft_cards_placed)
class ActionCard(Card):
    """An Action card: a HIT, a combo, a gulp, a utility card or a SWOOSH."""

    name: Text
    category: Category
    timing: Timing
    icons: tuple[Id, ...] = Field(min_length=1)
    text: Text

    @field_validator("timing")
    @classmethod
    def _timing_fits(cls, timing: str, info: ValidationInfo) -> str:
        category = info.data.get("category")
        if category is not None and timing not in TIMINGS[category]:
            allowed = " or ".join(sorted(TIMINGS[category]))
            raise ValueError(f"a {category} card has timing {allowed}, not {timing!r}")
        return timing

    @field_validator("icons")
    @classmethod
    def _combo_has_several(cls, icons: tuple[str, ...], info: ValidationInfo) -> tuple[str, ...]:
        if info.data.get("category") == "combo" and len(icons) < 2:
            raise ValueError("a combo card shows at least two icons")
        return icons

    def refs(self) -> Iterator[Ref]:
        return _icon_refs(self.icons)


@deck_kind("jb-bar", distinct("name"), at_least_per_player(2, "centre and front rows"))
class BarCard(Card):
    """Furniture: flung instead of a card from hand, it counts as its icons and
    is then smashed (out until the next Jukebox Phase)."""

    name: Text
    icons: tuple[Id, ...] = Field(min_length=1)
    text: Text

    def refs(self) -> Iterator[Ref]:
        return _icon_refs(self.icons)


class Soak(Model):
    """At the End Phase, count this many fewer HIT cards in front of you."""

    type: Literal["soak"]
    hits: PositiveInt


class Immune(Model):
    """Cards showing ``icon`` have no effect on you."""

    type: Literal["immune"]
    icon: Id


class IconBonus(Model):
    """A card you play that shows ``icon`` produces it ``extra`` more times."""

    type: Literal["icon-bonus"]
    icon: Id
    extra: PositiveInt


class FreeIcon(Model):
    """``per_round`` times a round, add ``icon`` to a card you play."""

    type: Literal["free-icon"]
    icon: Id
    per_round: PositiveInt


class FreeDodge(Model):
    """``per_round`` times a round, dodge without discarding."""

    type: Literal["free-dodge"]
    per_round: PositiveInt


class HandBonus(Model):
    """Start each round holding ``cards`` more than your BL."""

    type: Literal["hand-bonus"]
    cards: PositiveInt


class FlingBonus(Model):
    """Bar cards you fling also show ``icon``."""

    type: Literal["fling-bonus"]
    icon: Id


class LastResort(Model):
    """Your last-resort draw takes ``draws`` cards; keep one that works."""

    type: Literal["last-resort"]
    draws: PositiveInt


TraitEffect = Annotated[
    Soak | Immune | IconBonus | FreeIcon | FreeDodge | HandBonus | FlingBonus | LastResort,
    Field(discriminator="type"),
]


class Trait(Model):
    """A patron's quirk: its name, the words on the card, and the effect."""

    name: Text
    text: Text
    effect: TraitEffect


#: Booze Levels a patron may start with.
BoozeLevel = Annotated[int, Field(ge=4, le=7)]


@deck_kind("jb-patron", distinct("name"), _same_scale, at_least_per_player(2, "patron and tracker"))
class PatronCard(Card):
    """A regular of Joe's bar. ``booze`` is the starting BL and hand size; the
    card prints a scale from 0 to ``booze_scale_max`` for the tracker."""

    name: Text
    booze: BoozeLevel
    booze_scale_max: Annotated[int, Field(ge=7, le=12)]
    trait: Trait

    def refs(self) -> Iterator[Ref]:
        effect = self.trait.effect
        if isinstance(effect, (Immune, IconBonus, FreeIcon, FlingBonus)):
            yield Ref(("trait", "effect", "icon"), ICON_KIND, effect.icon)


@deck_kind("jb-aid", distinct("name"))
class PlayerAid(Card):
    """A player-aid card. Its face is drawn from the game's tables: the icon
    reference from the icon table, the round phases from the rules."""

    name: Text
    aid: Literal["icon-reference", "round-phases"]
