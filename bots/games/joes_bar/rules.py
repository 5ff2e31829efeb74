"""The rules in force in one game: a side of each of the seven decisions, and the
engine's other parameters, declared once (:data:`PARAMS`).

Each decision of ``cards/joes-bar/decisions.yaml`` is a parameter named after it
(``dodging``, ``gulp_cap`` ...) whose value is ``beta`` or ``older-draft``; the rule
that side describes in the data (its ``rule``, with the numbers it gives) is what the
engine plays (:func:`rules_for`). Every field of the rule of either side is checked
against what the engine plays (:data:`PLAYED`), so that a value it would not act out
(a hand limit other than the current BL, a dodge that costs something else ...) is
refused with a sentence when a game is set up, never silently played as the usual one.
"""

from __future__ import annotations

from dataclasses import dataclass

from bots.core import GameConfigError, Param, Params, ParamSpec
from bots.games.joes_bar.data import CardData, Design, Shared
from pnp.catalog.base import Model
from pnp.catalog.schemas.joes_bar import (
    Dodge,
    Gulp,
    HandLimit,
    HighestBlWin,
    NoHandLimit,
    NoSandTimer,
    NoSwooshCards,
    PlayerCountEnd,
    PointsWin,
    SandTimer,
    SwooshCards,
    UtilityTiming,
)

GAME_NAME = "joes-bar"
#: The two sides of every decision, as parameter values.
SIDES = ("beta", "older-draft")
#: The decisions, in the data's order, as parameter names.
DECISIONS = (
    "winning",
    "dodging",
    "swoosh_cards",
    "hand_limit",
    "utility_timing",
    "sand_timer",
    "gulp_cap",
)


#: Every field of every kind of rule, and what the engine plays of it: ``None`` for a field
#: it reads as it stands (a number, or a choice it plays every value of), else the only
#: values it plays. A field the engine never reads (who starts the sand timer, where a
#: dodged HIT goes ...) has the one value the engine acts out; anything else is refused,
#: never ignored, and so is a field this table does not name.
PLAYED: dict[type[Model], dict[str, tuple[object, ...] | None]] = {
    PointsWin: {
        "type": None,
        "ko_end": None,
        "start": None,
        "per_lost_patron": None,
        "per_missing_bl": None,
        "tie_break": ("fewest-hits", None),
        "missing_bl_of": ("current-patron", "every-patron"),
    },
    HighestBlWin: {"type": None, "ko_end": None, "tie_break": ("fewest-hits", None)},
    Dodge: {
        "type": None,
        "cost": ("any-card",),
        "redirect_to": ("next-player",),
        "max_per_hit": None,
    },
    NoSwooshCards: {"type": None},
    SwooshCards: {
        "type": None,
        "cancels_attack": (True,),
        "discards_combo": (True,),
        "ends_chain": (True,),
    },
    NoHandLimit: {"type": None},
    HandLimit: {"type": None, "limit": ("current-bl",), "when": ("end-of-own-turn",)},
    UtilityTiming: {
        "type": None,
        "who": ("any-player",),
        "pauses_chain": (True,),
        "right_after_own_card": None,
    },
    NoSandTimer: {"type": None},
    SandTimer: {
        "type": None,
        "started_by": ("any-player",),
        "penalty_bl": None,
        "seconds": None,
    },
    Gulp: {
        "type": None,
        "recover_bl": None,
        "cap": ("none", "starting-bl"),
        "becomes_bar_card": ("centre", "own-slot-first"),
    },
}


def decision_param(decision_id: str) -> str:
    """The parameter of a decision of the data (``swoosh-cards`` -> ``swoosh_cards``)."""
    return decision_id.replace("-", "_")


PARAMS = ParamSpec(
    GAME_NAME,
    Param("players", int, 4, "how many players", minimum=3, maximum=5),
    *(
        Param(
            name,
            str,
            "beta",
            f"which side of the {name.replace('_', ' ')} decision to play",
            choices=SIDES,
        )
        for name in DECISIONS
    ),
    Param(
        "song_seconds",
        int,
        0,
        "every round's song in seconds (0: each round's song is drawn from song_shortest "
        "to song_longest)",
        minimum=0,
        maximum=7200,
    ),
    Param(
        "song_shortest", int, 180, "the shortest song drawn, in seconds", minimum=10, maximum=7200
    ),
    Param("song_longest", int, 300, "the longest song drawn, in seconds", minimum=10, maximum=7200),
    Param(
        "sand_timer_seconds",
        int,
        30,
        "how long the older draft's sand timer runs (the draft names no length)",
        minimum=5,
        maximum=600,
    ),
    Param(
        "swoosh_copies",
        int,
        0,
        "how many of the printed Swoosh cards the older draft's rule shuffles in (0: all)",
        minimum=0,
        maximum=60,
    ),
    Param(
        "round_limit",
        int,
        100,
        "an engine safety: the game ends after this many rounds, standings as they are (0: never)",
        minimum=0,
    ),
)


class Sides(Design):
    """The side played of each decision (``beta`` or ``older-draft``), as players see it."""

    __slots__ = DECISIONS
    winning: str
    dodging: str
    swoosh_cards: str
    hand_limit: str
    utility_timing: str
    sand_timer: str
    gulp_cap: str


@dataclass(frozen=True)
class Rules(Shared):
    """The rules of one game, read from the chosen side of each decision."""

    #: Decision parameter -> the side played, in the data's order.
    sides: tuple[tuple[str, str], ...]
    #: Winning: points (beta) or the highest BL (older draft).
    by_points: bool
    #: Knockouts that end the game; ``None``: as many as there are players.
    ko_end: int | None
    points_start: int
    points_per_lost_patron: int
    points_per_missing_bl: int
    #: Missing BL counted over every patron a player has had (not the current one only).
    missing_of_every_patron: bool
    fewest_hits_tie_break: bool
    #: Dodges one HIT may take (``None``: any number).
    dodges_per_hit: int | None
    #: The Action deck's copies, Swoosh cards included when their rule is played.
    deck: tuple[int, ...]
    swoosh_cards: bool
    hand_limit: bool
    #: Whether a Utility card may be played straight after a card of one's own.
    utility_after_own_card: bool
    sand_timer: bool
    sand_timer_penalty: int
    sand_timer_seconds: int
    gulp_recovers: int
    gulp_capped_at_printed: bool
    glass_to_own_slot_first: bool
    song_seconds: int
    song_shortest: int
    song_longest: int
    round_limit: int
    #: The sides again, as views show them.
    table: Sides

    def side(self, param: str) -> str:
        """The side played of the decision ``param``."""
        return dict(self.sides)[param]


def rules_for(data: CardData, params: Params) -> Rules:
    """The rules of a game of ``data`` with ``params``; raises :class:`GameConfigError`
    when the data's rule for a chosen side is not one the engine plays."""
    chosen: dict[str, object] = {}
    sides: list[tuple[str, str]] = []
    deck = list(data.action_deck)
    for decision in data.decisions.values():
        param = decision_param(decision.id)
        if param not in DECISIONS:
            raise GameConfigError(f"the engine has no parameter for decision {decision.id!r}")
        for each in SIDES:
            check_rule(decision.id, each, decision.rule(each))
        side = params.get_str(param)
        sides.append((param, side))
        chosen[param] = decision.rule(side)
        cards = [number for card in decision.cards(side) for number in data.only_under[card]]
        if cards and param == "swoosh_cards" and params.get_int("swoosh_copies"):
            cards = _cycled(data, decision.cards(side), params.get_int("swoosh_copies"))
        deck += cards
    missing = [param for param in DECISIONS if param not in chosen]
    if missing:
        raise GameConfigError(f"the card data has no decision for {', '.join(missing)}")
    winning = chosen["winning"]
    dodging = chosen["dodging"]
    swoosh = chosen["swoosh_cards"]
    limit = chosen["hand_limit"]
    utility = chosen["utility_timing"]
    timer = chosen["sand_timer"]
    gulp = chosen["gulp_cap"]
    if not isinstance(winning, PointsWin | HighestBlWin):
        raise GameConfigError(f"winning: the engine cannot play {winning!r}")
    if not isinstance(dodging, Dodge):
        raise GameConfigError(f"dodging: the engine cannot play {dodging!r}")
    if not isinstance(swoosh, SwooshCards | NoSwooshCards):
        raise GameConfigError(f"swoosh cards: the engine cannot play {swoosh!r}")
    if not isinstance(limit, HandLimit | NoHandLimit):
        raise GameConfigError(f"hand limit: the engine cannot play {limit!r}")
    if not isinstance(utility, UtilityTiming):
        raise GameConfigError(f"utility timing: the engine cannot play {utility!r}")
    if not isinstance(timer, SandTimer | NoSandTimer):
        raise GameConfigError(f"sand timer: the engine cannot play {timer!r}")
    if not isinstance(gulp, Gulp):
        raise GameConfigError(f"gulp cap: the engine cannot play {gulp!r}")
    shortest, longest = params.get_int("song_shortest"), params.get_int("song_longest")
    if shortest > longest:
        raise GameConfigError(
            f"song_shortest ({shortest}) must not be longer than song_longest ({longest})"
        )
    points = winning if isinstance(winning, PointsWin) else None
    return Rules(
        sides=tuple(sides),
        by_points=points is not None,
        ko_end=None if isinstance(winning.ko_end, PlayerCountEnd) else winning.ko_end.kos,
        points_start=points.start if points else 0,
        points_per_lost_patron=points.per_lost_patron if points else 0,
        points_per_missing_bl=points.per_missing_bl if points else 0,
        missing_of_every_patron=points is not None and points.missing_bl_of == "every-patron",
        fewest_hits_tie_break=winning.tie_break == "fewest-hits",
        dodges_per_hit=dodging.max_per_hit,
        deck=tuple(deck),
        swoosh_cards=isinstance(swoosh, SwooshCards),
        hand_limit=isinstance(limit, HandLimit),
        utility_after_own_card=utility.right_after_own_card,
        sand_timer=isinstance(timer, SandTimer),
        sand_timer_penalty=timer.penalty_bl if isinstance(timer, SandTimer) else 0,
        sand_timer_seconds=(
            timer.seconds
            if isinstance(timer, SandTimer) and timer.seconds is not None
            else params.get_int("sand_timer_seconds")
        ),
        gulp_recovers=gulp.recover_bl,
        gulp_capped_at_printed=gulp.cap == "starting-bl",
        glass_to_own_slot_first=gulp.becomes_bar_card == "own-slot-first",
        song_seconds=params.get_int("song_seconds"),
        song_shortest=shortest,
        song_longest=longest,
        round_limit=params.get_int("round_limit"),
        table=Sides(**dict(sides)),
    )


def check_rule(decision_id: str, side: str, rule: object) -> None:
    """Refuse (:class:`GameConfigError`) a rule of the side ``side`` of a decision when one
    of its fields has a value the engine does not play (see :data:`PLAYED`)."""
    where = f"decision {decision_id!r}, {side} side"
    if not isinstance(rule, Model) or type(rule) not in PLAYED:
        raise GameConfigError(f"{where}: the engine cannot play a rule of {type(rule).__name__}")
    played = PLAYED[type(rule)]
    for field in type(rule).model_fields:
        if field not in played:
            raise GameConfigError(
                f"{where}: the engine does not know the field {field!r} of its rule"
            )
        values = played[field]
        value = getattr(rule, field)
        if values is not None and value not in values:
            raise GameConfigError(
                f"{where}: the engine cannot play {field} = {_shown(value)}; it plays "
                f"{field} = {' or '.join(_shown(each) for each in values)} only"
            )


def _shown(value: object) -> str:
    """A field's value as the card data writes it (``true``, ``null``, ``current-bl``)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _cycled(data: CardData, cards: tuple[str, ...], copies: int) -> list[int]:
    """``copies`` of the printed copies of ``cards``, taken one design at a time in turn (so
    fewer cards keep the printed mix); more than are printed is an error."""
    printed = [list(data.only_under[card]) for card in cards]
    order: list[int] = []
    while any(printed):
        for numbers in printed:
            if numbers:
                order.append(numbers.pop(0))
    if copies > len(order):
        raise GameConfigError(
            f"swoosh_copies is {copies} but only {len(order)} Swoosh cards are printed"
        )
    return order[:copies]
