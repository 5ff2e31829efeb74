"""Joe's Bar's card data for the engine, built from the catalog's game (``cards/joes-bar/``).

Nothing here reads a file and no card, count or value lives in code: the caller loads
the catalog and :meth:`CardData.from_catalog` turns its Action, Swoosh, Bar and Patron
cards, the icon language and the seven decisions into small frozen values.

**The icon language comes from the data.** Each icon of ``icons.yaml`` says what it
does (``effect``: hit, reach, combo, gulp, rob, poison, cancel, swoosh); a card's effect
is the row of its icons, an icon shown twice happening twice (:class:`Effects`). The
engine never looks at a card's or an icon's id or name to decide what it does. A drunk
gulp card stays on the table as an empty glass showing the icons its gulp icon's
``empty_glass`` names.

Physical cards are numbered: every copy of an Action card (and of the cards that exist
only under one side of a decision, the Swoosh cards) is a :class:`Copy`, so that two
Jabs are two cards that can be told apart when checking what a view may show.
Furniture (what sits in a Bar slot or the centre and can be flung) is numbered too:
the Bar cards first, then one empty glass per Action card copy (:class:`Piece`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Self

from pnp.catalog.schemas.joes_bar import (
    ActionCard,
    BarCard,
    Decision,
    FlingBonus,
    FreeDodge,
    FreeIcon,
    HandBonus,
    Icon,
    IconBonus,
    Immune,
    LastResort,
    PatronCard,
    Soak,
)

if TYPE_CHECKING:
    from pnp.catalog import Game

GAME_ID = "joes-bar"
#: The effects an icon can have, in the order :class:`Effects` keeps them.
EFFECTS = ("hit", "reach", "combo", "gulp", "rob", "poison", "cancel", "swoosh")
#: Effects that need a player or a card to aim at when played (one target per icon).
TARGETED = ("rob", "poison", "cancel")
#: How a Utility card may be used: to start a pause at any moment, to start one on your own
#: turn, or to join a pause (see :mod:`bots.games.joes_bar.utility`).
TRICK_USES = ("start", "start on own turn", "join")


class Shared:
    """A frozen value that a cloned game shares instead of copying (clones stay cheap)."""

    __slots__ = ()

    def __deepcopy__(self, memo: dict[int, object]) -> Self:
        return self


class Design(Shared):
    """A card design, or what its icons do: public and frozen, compared by value.

    Designs are the printed card list, which hides nothing, so they are left opaque to
    :func:`bots.core.walk` (they are not dataclasses): a check that no hidden card shows in
    a view looks at every :class:`Copy` in it, not inside the designs it points to, which
    keeps ``pnp verify``'s leak checks quick.
    """

    __slots__ = ("_hash",)
    _hash: int

    def __init__(self, **values: object) -> None:
        for name in self.__slots__:
            object.__setattr__(self, name, values[name])

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen")

    def _values(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Design)
        return self is other or self._values() == other._values()

    def __hash__(self) -> int:
        try:
            return self._hash
        except AttributeError:  # worked out once, when first asked
            found = hash(self._values())
            object.__setattr__(self, "_hash", found)
            return found

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild, (type(self), dict(zip(self.__slots__, self._values(), strict=True))))

    def __repr__(self) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__name__}({inner})"


def _rebuild(kind: type[Design], values: dict[str, object]) -> Design:
    return kind(**values)


class Effects(Design):
    """What a row of icons does, counted by effect (an icon shown twice counts twice).

    ``targets`` lists the effects that need a target, in printed order: a card showing
    rob then poison is aimed at a player to rob and then a player to poison.
    """

    __slots__ = ("cancel", "combo", "gulp", "hit", "poison", "reach", "rob", "swoosh", "targets")
    hit: int
    reach: int
    combo: int
    gulp: int
    rob: int
    poison: int
    cancel: int
    swoosh: int
    targets: tuple[str, ...]

    @classmethod
    def of(cls, effects: tuple[str, ...] = ()) -> Effects:
        """The effects of a row of icon effects, in printed order."""
        counts: dict[str, object] = {name: effects.count(name) for name in EFFECTS}
        return cls(**counts, targets=tuple(name for name in effects if name in TARGETED))

    @property
    def is_trick(self) -> bool:
        """Whether it robs, poisons or cancels (a Utility card)."""
        return bool(self.rob or self.poison or self.cancel)

    @property
    def can_start_a_pause(self) -> bool:
        """Whether it can open a Utility pause: an Interrupt alone has nothing to cancel."""
        return bool(self.rob or self.poison)


class ActionKind(Design):
    """One Action (or Swoosh) card design: its icons and when it may be played.

    ``timing``: ``chain`` (thrown in the Action Chain), ``own-turn``, ``anytime`` or
    ``when-targeted``; ``order``: its position in the data, for a fixed order of kinds;
    ``uses``: how it may be played as a Utility card (:data:`TRICK_USES`), worked out
    once from its timing and icons.
    """

    __slots__ = ("effects", "icons", "id", "name", "order", "timing", "uses")
    id: str
    name: str
    timing: str
    icons: tuple[str, ...]
    effects: Effects
    order: int
    uses: frozenset[str]

    @classmethod
    def make(cls, **values: object) -> ActionKind:
        """A kind from its fields; ``uses`` is worked out from the timing and effects."""
        effects = values["effects"]
        assert isinstance(effects, Effects)
        timing = values["timing"]
        uses = set()
        if effects.is_trick:
            if timing == "anytime":
                uses.add("join")
            if effects.can_start_a_pause and timing == "anytime":
                uses |= {"start", "start on own turn"}
            if effects.can_start_a_pause and timing == "own-turn":
                uses.add("start on own turn")
        return cls(**values, uses=frozenset(uses))


class Copy(Shared):
    """One physical Action (or Swoosh) card: its number and its design.

    Each physical card exists once, as one object shared by every state built from the
    same card data (clones and replays included), so two copies are equal only when they
    are the same card: equality is identity, the quickest check a leak test can make.
    Like a design it is opaque to :func:`bots.core.walk`: a leak test finds the card
    itself, and its number and design tell nothing more.
    """

    __slots__ = ("kind", "number")
    number: int
    kind: ActionKind

    def __init__(self, number: int, kind: ActionKind) -> None:
        object.__setattr__(self, "number", number)
        object.__setattr__(self, "kind", kind)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Copy is frozen")

    def __reduce__(self) -> tuple[object, ...]:
        return (Copy, (self.number, self.kind))

    def __repr__(self) -> str:
        return f"Copy({self.number}, {self.kind.id!r})"

    def __str__(self) -> str:
        return self.kind.name


class Piece(Design):
    """Something that can sit in a Bar slot or the centre and be flung: a Bar card, or an
    empty glass (an Action card that was drunk, ``glass_of``; ``None`` for a Bar card).
    ``code`` numbers it."""

    __slots__ = ("code", "effects", "glass_of", "id", "name")
    code: int
    id: str
    name: str
    effects: Effects
    glass_of: Copy | None


class Trait(Design):
    """A patron's trait as the engine applies it (``cards/joes-bar/patron.yaml``): HITs
    soaked in the End phase; effects it is immune to; extra times an effect happens on a
    card the patron plays (``bonus``: effect, extra); attacks a round that reach anyone;
    dodges a round that cost no card; cards above BL when drawing up; effects added to
    every Bar card it flings; cards drawn in a last-resort draw (keep one)."""

    __slots__ = (
        "bonus",
        "fling_bonus",
        "free_dodges",
        "free_reach",
        "hand_bonus",
        "immune",
        "last_resort_draws",
        "name",
        "soak",
    )
    name: str
    soak: int
    immune: frozenset[str]
    bonus: tuple[tuple[str, int], ...]
    free_reach: int
    free_dodges: int
    hand_bonus: int
    fling_bonus: Effects
    last_resort_draws: int

    @classmethod
    def make(cls, name: str, **values: object) -> Trait:
        """A trait that does only what ``values`` say (everything else at its plain value)."""
        plain: dict[str, object] = {
            "soak": 0,
            "immune": frozenset(),
            "bonus": (),
            "free_reach": 0,
            "free_dodges": 0,
            "hand_bonus": 0,
            "fling_bonus": Effects.of(),
            "last_resort_draws": 1,
        }
        return cls(name=name, **{**plain, **values})

    def extra(self, effect: str) -> int:
        """How many more times ``effect`` happens on a card this patron plays."""
        return next((extra for name, extra in self.bonus if name == effect), 0)


class Patron(Design):
    """A regular: printed Booze Level, the top of the BL scale, and a trait."""

    __slots__ = ("booze", "id", "index", "name", "scale_max", "trait")
    index: int
    id: str
    name: str
    booze: int
    scale_max: int
    trait: Trait


@dataclass(frozen=True)
class DecisionSides(Shared):
    """One decision of ``decisions.yaml``: the rule of each side and the cards only it uses."""

    id: str
    title: str
    beta: object
    older_draft: object
    beta_cards: tuple[str, ...]
    older_draft_cards: tuple[str, ...]

    def rule(self, side: str) -> object:
        """The rule (a catalog model) of ``side`` (``beta`` or ``older-draft``)."""
        return self.beta if side == "beta" else self.older_draft

    def cards(self, side: str) -> tuple[str, ...]:
        return self.beta_cards if side == "beta" else self.older_draft_cards


@dataclass(frozen=True)
class CardData(Shared):
    """Everything the engine needs from the card data, in the data's order."""

    kinds: tuple[ActionKind, ...]
    #: Every physical Action and Swoosh card, numbered from 0.
    copies: tuple[Copy, ...]
    #: The numbers of the Action deck's copies (always in the deck).
    action_deck: tuple[int, ...]
    #: Card id -> numbers of its copies, for the cards only some decision side uses.
    only_under: dict[str, tuple[int, ...]]
    bar: tuple[Piece, ...]
    #: Every piece of furniture: the Bar cards, then an empty glass per copy.
    pieces: tuple[Piece, ...]
    patrons: tuple[Patron, ...]
    decisions: dict[str, DecisionSides]
    #: Kind id -> kind, for reading actions back.
    kind_by_id: dict[str, ActionKind] = field(repr=False)
    #: The decision each card id that exists under one side only belongs to.
    card_decision: dict[str, str] = field(repr=False)

    @classmethod
    def from_catalog(cls, game: Game) -> CardData:
        """The engine's data from the catalog's Joe's Bar; ``ValueError`` with a sentence when
        a card or trait asks for something the engine does not know."""
        icons = {row.id: row for row in game.table("icons").entries if isinstance(row, Icon)}
        decisions = {
            row.id: DecisionSides(
                row.id,
                row.title,
                row.beta.rule,
                row.older_draft.rule,
                row.beta.cards,
                row.older_draft.cards,
            )
            for row in game.table("decisions").entries
            if isinstance(row, Decision)
        }
        card_decision = {
            card: decision.id
            for decision in decisions.values()
            for card in (*decision.beta_cards, *decision.older_draft_cards)
        }
        kinds: list[ActionKind] = []
        copies: list[Copy] = []
        action_deck: list[int] = []
        only_under: dict[str, tuple[int, ...]] = {}
        for deck in game.decks:
            for card in deck.cards:
                if not isinstance(card, ActionCard):
                    continue
                kind = ActionKind.make(
                    id=card.id,
                    name=card.name,
                    timing=card.timing,
                    icons=card.icons,
                    effects=_effects(card.icons, icons),
                    order=len(kinds),
                )
                kinds.append(kind)
                numbers = tuple(range(len(copies), len(copies) + card.count))
                copies += [Copy(number, kind) for number in numbers]
                if card.id in card_decision:
                    only_under[card.id] = numbers
                elif deck.spec.only_under is None:
                    action_deck += numbers
                else:
                    raise ValueError(
                        f"card {card.id!r} is in deck {deck.id!r}, which exists only under "
                        f"{deck.spec.only_under!r}, but no decision lists it"
                    )
        bar = [
            Piece(
                code=index,
                id=card.id,
                name=card.name,
                effects=_effects(card.icons, icons),
                glass_of=None,
            )
            for index, card in enumerate(
                c for c in game.deck("bar").cards if isinstance(c, BarCard)
            )
        ]
        glass = _glass(icons)
        pieces = list(bar)
        for copy in copies:
            name = f"empty glass ({copy.kind.name})"
            pieces.append(
                Piece(code=len(pieces), id=copy.kind.id, name=name, effects=glass, glass_of=copy)
            )
        patrons = tuple(
            Patron(
                index=index,
                id=card.id,
                name=card.name,
                booze=card.booze,
                scale_max=card.booze_scale_max,
                trait=_trait(card, icons),
            )
            for index, card in enumerate(
                c for c in game.deck("patron").cards if isinstance(c, PatronCard)
            )
        )
        for card in (c for c in game.deck("patron").cards if c.count != 1):
            raise ValueError(
                f"Patron card {card.id!r} has {card.count} copies; each is one regular"
            )
        return cls(
            tuple(kinds),
            tuple(copies),
            tuple(action_deck),
            only_under,
            tuple(bar),
            tuple(pieces),
            patrons,
            decisions,
            {kind.id: kind for kind in kinds},
            card_decision,
        )

    def glass(self, copy: int) -> int:
        """The furniture code of the empty glass that Action card ``copy`` becomes."""
        return len(self.bar) + copy


def _effects(icon_ids: tuple[str, ...], icons: dict[str, Icon]) -> Effects:
    return Effects.of(tuple(icons[icon].effect for icon in icon_ids))


def _glass(icons: dict[str, Icon]) -> Effects:
    """What an empty glass shows: the ``empty_glass`` icons of the drinking icon."""
    drinking = [icon for icon in icons.values() if icon.effect == "gulp"]
    if not drinking or not drinking[0].empty_glass:
        raise ValueError("the gulp icon must say what its empty glass shows (empty_glass)")
    return _effects(drinking[0].empty_glass, icons)


def _trait(card: PatronCard, icons: dict[str, Icon]) -> Trait:
    """The engine's form of a patron's trait; a trait the engine cannot apply is an error."""
    effect = card.trait.effect
    name = card.trait.name
    where = f"the trait of patron {card.id!r}"
    if isinstance(effect, Soak):
        return Trait.make(name, soak=effect.hits)
    if isinstance(effect, Immune):
        return Trait.make(name, immune=frozenset({icons[effect.icon].effect}))
    if isinstance(effect, IconBonus):
        return Trait.make(name, bonus=((icons[effect.icon].effect, effect.extra),))
    if isinstance(effect, FreeIcon):
        if icons[effect.icon].effect != "reach":
            raise ValueError(f"{where}: the engine can give a free reach icon only")
        return Trait.make(name, free_reach=effect.per_round)
    if isinstance(effect, FreeDodge):
        return Trait.make(name, free_dodges=effect.per_round)
    if isinstance(effect, HandBonus):
        return Trait.make(name, hand_bonus=effect.cards)
    if isinstance(effect, FlingBonus):
        return Trait.make(name, fling_bonus=_effects((effect.icon,), icons))
    if isinstance(effect, LastResort):
        return Trait.make(name, last_resort_draws=effect.draws)
    raise ValueError(f"{where}: the engine does not know {effect!r}")
