"""Joe's Bar (working title): a bar-brawl party game, printed from its beta rules.

Decks: Action cards (HITs, combos, gulps and utility cards, plus the SWOOSH
cards of the older draft), Bar cards (furniture to fling) and Patron cards
(the regulars, carrying their Booze Level). Tables: the icon language every
card effect is written in, and the seven beta-versus-older-draft decisions.

A card's effect is its ``icons``, in order; an icon shown twice happens twice.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Annotated, ClassVar, Literal

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

if TYPE_CHECKING:
    from pnp.catalog.model import Game

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


#: How each category is named on a card.
CATEGORY_LABEL: dict[str, str] = {
    "hit": "HIT",
    "combo": "COMBO",
    "gulp": "GULP",
    "utility": "UTILITY",
    "swoosh": "SWOOSH",
}
#: When each timing lets a card be played, as a card says it.
TIMING_LABEL: dict[str, str] = {
    "chain": "Play in the chain",
    "own-turn": "On your turn",
    "anytime": "Any time",
    "when-targeted": "When a HIT comes at you",
}
#: The shape that stands for each category on the cards (never colour alone),
#: in words for text alternatives; the faces draw one shape per category.
CATEGORY_SHAPE_WORDS: dict[str, str] = {
    "hit": "a starburst",
    "combo": "a double starburst",
    "gulp": "a drop",
    "utility": "a diamond",
    "swoosh": "a ring",
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

    def words(self) -> str:
        return "The game ends when the knockouts around the table equal the number of players"


class TotalEnd(Model):
    """The game ends at a fixed number of knockouts, counted across the table."""

    type: Literal["total"]
    kos: PositiveInt

    def words(self) -> str:
        return f"The game ends at knockout number {self.kos} around the table"


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

    def words(self) -> str:
        """How the game ends and who wins, in a player's words."""
        return (
            f"{self.ko_end.words()}. Score {self.start}, minus {self.per_lost_patron} per patron "
            f"lost and {self.per_missing_bl} per BL missing: most points wins.{_tie(self)}"
        )


class HighestBlWin(Model):
    """No points: the highest current Booze Level wins."""

    subject: ClassVar[str] = "winning"
    type: Literal["highest-bl"]
    ko_end: KoEnd
    tie_break: Literal["fewest-hits"] | None = None

    def words(self) -> str:
        """How the game ends and who wins, in a player's words."""
        return f"{self.ko_end.words()}. The patron with the most BL wins.{_tie(self)}"


def _tie(rule: PointsWin | HighestBlWin) -> str:
    return " Tied? Fewest HITs in front of you wins." if rule.tie_break == "fewest-hits" else ""


class Dodge(Model):
    """Discard a card to pass a HIT on; ``max_per_hit`` null means unlimited."""

    subject: ClassVar[str] = "dodging"
    type: Literal["dodge"]
    cost: Literal["any-card"]
    redirect_to: Literal["next-player"]
    max_per_hit: PositiveInt | None = None

    def words(self) -> str:
        """What a dodge costs and how often, in a player's words."""
        words = "discard any card to pass the HIT to the next player"
        if self.max_per_hit is not None:
            times = "once" if self.max_per_hit == 1 else f"{self.max_per_hit} times"
            words += f" (a HIT can be passed on only {times})"
        return words


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


# --- look-ups shared by the faces, the site and the engine ----------------------


def icon_table(game: Game) -> dict[str, Icon]:
    """The icon language of ``game``, by id, in table order."""
    icons: dict[str, Icon] = {}
    for table in game.tables:
        if table.spec.kind == ICON_KIND:
            for entry in table.entries:
                if isinstance(entry, Icon):
                    icons[entry.id] = entry
    return icons


def icons_of(game: Game, icon_ids: Sequence[str], what: str) -> list[Icon]:
    """The icons named by ``icon_ids``, in order; ValueError naming ``what`` for an unknown one."""
    table = icon_table(game)
    found = []
    for icon_id in icon_ids:
        icon = table.get(icon_id)
        if icon is None:
            raise ValueError(f"{what}: icon {icon_id!r} is not in the icon table")
        found.append(icon)
    return found


def decision(game: Game, subject: str) -> Decision | None:
    """The beta-versus-draft decision on ``subject`` (``"dodging"``, ``"winning"`` ...)."""
    for table in game.tables:
        if table.spec.kind != DECISION_KIND:
            continue
        for entry in table.entries:
            if isinstance(entry, Decision) and entry.id == subject:
                return entry
    return None


def printed_rule(game: Game, subject: str) -> Rule | None:
    """The rule the kit prints on ``subject``: the side of its decision marked ``printed``."""
    found = decision(game, subject)
    if found is None:
        return None
    side = found.beta if found.printed == "beta" else found.older_draft
    return side.rule


def dodge_words(game: Game) -> str:
    """The printed dodge rule in a player's words."""
    rule = printed_rule(game, "dodging")
    if isinstance(rule, Dodge):
        return rule.words()
    return "discard any card to pass the HIT to the next player"


def game_end_words(game: Game) -> str:
    """How the printed game ends and is won, in a player's words."""
    rule = printed_rule(game, "winning")
    if isinstance(rule, (PointsWin, HighestBlWin)):
        return rule.words()
    return PlayerCountEnd(type="player-count").words() + "."


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

    @property
    def is_draft_only(self) -> bool:
        """SWOOSH cards exist only under the older draft."""
        return self.category == "swoosh"

    def describe(self) -> str:
        """What a person reads on the card."""
        draft = " Older draft only." if self.is_draft_only else ""
        shape = CATEGORY_SHAPE_WORDS[self.category]
        return (
            f"{self.name}. {CATEGORY_LABEL[self.category]} card ({shape}),"
            f" {TIMING_LABEL[self.timing].lower()}.{draft} Icons: {_icon_words(self.icons)}."
            f" {self.text}"
        )


def _icon_words(icon_ids: Sequence[str]) -> str:
    return ", ".join(icon_id.replace("-", " ") for icon_id in icon_ids)


@deck_kind("jb-bar", distinct("name"), at_least_per_player(2, "centre and front rows"))
class BarCard(Card):
    """Furniture: flung instead of a card from hand, it counts as its icons and
    is then smashed (out until the next Jukebox Phase)."""

    name: Text
    icons: tuple[Id, ...] = Field(min_length=1)
    text: Text

    def refs(self) -> Iterator[Ref]:
        return _icon_refs(self.icons)

    def describe(self) -> str:
        """What a person reads on the card."""
        return (
            f"{self.name}. Bar card: fling it, then it is smashed. "
            f"Icons: {_icon_words(self.icons)}. {self.text}"
        )


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

    @property
    def icon(self) -> str | None:
        """The icon the trait is about, when it is about one."""
        effect = self.effect
        if isinstance(effect, (Immune, IconBonus, FreeIcon, FlingBonus)):
            return effect.icon
        return None


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
        if self.trait.icon is not None:
            yield Ref(("trait", "effect", "icon"), ICON_KIND, self.trait.icon)

    def describe(self) -> str:
        """What a person reads on the card."""
        return (
            f"{self.name}. Patron, starting Booze Level {self.booze} on a scale of 0 (knocked "
            f"out) to {self.booze_scale_max}. Trait: {self.trait.name}: {self.trait.text}"
        )


#: The player aids the kit draws, and what each says, in words.
AID_WORDS: dict[str, str] = {
    "icon-reference": "the icon language, every icon with its name and meaning",
    "round-phases": "a round at Joe's, its three phases and how the game ends",
}
AidKind = Literal["icon-reference", "round-phases"]


def _two_different_sides(context: DeckContext) -> Iterator[DeckCheckIssue]:
    for index, card in enumerate(context.cards):
        if isinstance(card, PlayerAid) and card.front == card.back:
            yield DeckCheckIssue(index, ("back",), f"is {card.back!r} like the front; a player "
                                 "aid prints a different aid on each side")  # fmt: skip


@deck_kind("jb-aid", distinct("name"), _two_different_sides)
class PlayerAid(Card):
    """A player-aid card, printed on both sides: one aid on the ``front``,
    another on the ``back``. Each is drawn from the game's data: the icon
    reference from the icon table, the round phases from the printed rules."""

    name: Text
    front: AidKind
    back: AidKind
    back_shows_card: ClassVar[bool] = True

    def describe(self) -> str:
        return (
            f"{self.name}. One side: {AID_WORDS[self.front]}. Other side: {AID_WORDS[self.back]}."
        )
