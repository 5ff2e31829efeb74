"""The rules of Chinchón as a game state on the engine core (``bots.core``).

Readings (see site/docs/chinchon/clarifications.md):

* Seats are numbered 0..n-1 and "next seat" is ``(seat + 1) % n``, skipping
  players who are out; the deal, the turns and the next dealer all go to the
  next seat (the engine does not care which way round the table that is).
* The first dealer is chosen with the seeded generator; the player at the
  next seat after the dealer starts.
* No close during the first round: the closer must have had a turn before.
* The card taken from the discard pile may be neither discarded nor put face
  down to close in the same turn (unless an identical copy is held, with two decks).
* The stock is rebuilt when a player draws from an empty stock: everything but
  the top discard is shuffled (seeded) into a new stock.
* A close needs the seven cards kept to be all matched, or to leave one card
  worth 4 or less (under "five points": unmatched cards worth 5 or less in
  all). The closer shows the qualifying arrangement that scores least.
* After a close, going round from the closer, every other player shows their
  hand and lays off onto the melds on the table (the closer's unless the
  closer matched all seven, and those shown by earlier players, including
  cards laid off there). The engine does this for each player in the way
  that leaves them the fewest points (:func:`best_lay_off`): every choice of
  lay-offs onto each meld on the table is tried with the best arrangement of
  the cards left. A meld with laid-off cards must still be one meld (sets at
  most four cards; wild cards are not pinned to a place).
* Everyone sees which card a player takes from the discard pile; the views
  list, for each player, the cards they took this hand and still hold.
* Re-entry is each player's choice: straight after scoring, every player who
  has just gone out and has a re-entry left is asked in turn order
  (:class:`Reenter` or :class:`StayOut`) if at least three players are still
  in; a re-entering player takes the highest total of the players still in.
* ``hand_turn_limit`` (off by default) is an engine safety for random play:
  once that many turns have been played in a hand without a close, the hand
  ends and every player scores the unmatched points of their best arrangement.

>>> state = Chinchon.new(7, {"players": 3})
>>> len(state.view(0).hand), state.view(0).stock_size
(7, 18)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from operator import attrgetter
from typing import NamedTuple, TypeVar

from mypy_extensions import mypyc_attr

from bots.core import GameConfigError, GameState, Param, Params, ParamSpec
from bots.games.chinchon.arrangement import CHINCHON_LENGTH, Arrangement
from bots.games.chinchon.cards import Card, without
from bots.games.chinchon.fast import (
    CLOSE_SINGLE_LIMIT,
    FIVE_POINTS_LIMIT,
    PointsTable,
    arrange,
)
from bots.games.chinchon.variants import Rules, Wild, rules

#: Cards dealt to each player.
HAND_SIZE = 7
#: Closer's score when all seven are matched.
ALL_MATCHED_SCORE = -10
#: Closer's score for a seven-card run with one / two wild cards.
WILD_RUN_SCORES = {1: -50, 2: -25}
#: Largest set.
MAX_SET = 4
#: The most cards one player lays off onto one meld that holds wild cards (a search bound).
WILD_LAY_OFF_MAX = 3
#: Fewest players still in for a re-entry to be allowed.
REENTRY_MIN_IN = 3

_ORDER = attrgetter("order")

__all__ = [
    "ALL_MATCHED_SCORE",
    "HAND_SIZE",
    "Chinchon",
    "ChinchonAction",
    "ChinchonView",
    "Close",
    "Discard",
    "DrawStock",
    "HandResult",
    "LayOff",
    "Reenter",
    "ShownHand",
    "StayOut",
    "TakeDiscard",
    "arrange",
    "best_lay_off",
    "closer_score",
    "closing_arrangement",
    "parse_action",
    "settle_close",
]


@dataclass(frozen=True)
class DrawStock:
    """Draw the top card of the stock; written ``2:stock``."""

    player: int

    def describe(self) -> str:
        return "draw from the stock"

    def __str__(self) -> str:
        return f"{self.player}:stock"


@dataclass(frozen=True)
class TakeDiscard:
    """Take the top card of the discard pile; written ``1:take``."""

    player: int

    def describe(self) -> str:
        return "take the top discard"

    def __str__(self) -> str:
        return f"{self.player}:take"


@dataclass(frozen=True)
class Discard:
    """Discard ``card`` face up; written ``2:discard:QH``."""

    player: int
    card: Card

    def describe(self) -> str:
        return f"discard {self.card}"

    def __str__(self) -> str:
        return f"{self.player}:discard:{self.card}"


@dataclass(frozen=True)
class Close:
    """Close, putting ``card`` face down; written ``2:close:3H``."""

    player: int
    card: Card

    def describe(self) -> str:
        return f"close with {self.card}"

    def __str__(self) -> str:
        return f"{self.player}:close:{self.card}"


@dataclass(frozen=True)
class Reenter:
    """Buy back in after going out (reenganche); written ``2:reenter``."""

    player: int

    def describe(self) -> str:
        return "re-enter the game"

    def __str__(self) -> str:
        return f"{self.player}:reenter"


@dataclass(frozen=True)
class StayOut:
    """Decline to re-enter after going out; written ``2:stay-out``."""

    player: int

    def describe(self) -> str:
        return "stay out of the game"

    def __str__(self) -> str:
        return f"{self.player}:stay-out"


ChinchonAction = DrawStock | TakeDiscard | Discard | Close | Reenter | StayOut

_SIMPLE_ACTIONS: dict[str, type[DrawStock | TakeDiscard | Reenter | StayOut]] = {
    "stock": DrawStock,
    "take": TakeDiscard,
    "reenter": Reenter,
    "stay-out": StayOut,
}


def parse_action(text: str) -> ChinchonAction:
    """The action written ``text``: ``2:stock``, ``1:take``, ``2:discard:QH``,
    ``2:close:3H``, ``1:reenter`` or ``1:stay-out``."""
    parts = text.strip().split(":")
    usage = "like '2:stock', '1:take', '2:discard:QH', '2:close:3H', '1:reenter' or '1:stay-out'"
    if len(parts) < 2 or not parts[0].isdigit():
        raise ValueError(f"{text!r} is not a Chinchón action ({usage})")
    seat, verb = int(parts[0]), parts[1].lower()
    if verb in _SIMPLE_ACTIONS and len(parts) == 2:
        return _SIMPLE_ACTIONS[verb](seat)
    if verb in ("discard", "close") and len(parts) == 3:
        card = Card.parse(parts[2])
        return Discard(seat, card) if verb == "discard" else Close(seat, card)
    raise ValueError(f"{text!r} is not a Chinchón action ({usage})")


_Simple = TypeVar("_Simple", DrawStock, TakeDiscard, Reenter, StayOut)


@cache
def _simple(kind: type[_Simple], seat: int) -> _Simple:
    return kind(seat)  # type: ignore[no-any-return, unused-ignore]  # (mypyc sees Any)


@cache
def _draw_or_take(seat: int) -> tuple[tuple[ChinchonAction, ...], frozenset[int]]:
    both: tuple[ChinchonAction, ...] = (DrawStock(seat), TakeDiscard(seat))
    return both, frozenset(map(id, both))


class _ActionsOf(dict[Card, Discard | Close]):
    """One seat's :class:`Discard` (or :class:`Close`) actions by card, each made once."""

    def __init__(self, kind: type[Discard] | type[Close], seat: int) -> None:
        super().__init__()
        self.kind = kind
        self.seat = seat

    def __missing__(self, card: Card) -> Discard | Close:
        action = self[card] = self.kind(self.seat, card)
        return action


#: The most seats a game has (the ``players`` parameter's maximum).
MAX_SEATS = 8
_DISCARDS = [_ActionsOf(Discard, seat) for seat in range(MAX_SEATS)]
_CLOSES = [_ActionsOf(Close, seat) for seat in range(MAX_SEATS)]


def _copies(cards: Sequence[Card], card: Card) -> int:
    """How many copies of ``card`` are in ``cards`` (by identity: there is one object per card)."""
    found = 0
    for held in cards:
        if held is card:
            found += 1
    return found


def _drop(cards: list[Card], card: Card) -> None:
    """Remove one copy of ``card`` from ``cards`` (by identity, like :func:`_copies`)."""
    for index, held in enumerate(cards):
        if held is card:
            del cards[index]
            return
    raise ValueError(f"{card} is not among the cards")


@dataclass(frozen=True)
class LayOff:
    """Cards one player laid off onto one meld of the table (``meld`` as it was before)."""

    meld: tuple[Card, ...]
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class ShownHand:
    """One player's hand as shown after a close: melds, lay-offs, what is left."""

    player: int
    melds: tuple[tuple[Card, ...], ...]
    laid_off: tuple[Card, ...]
    unmatched: tuple[Card, ...]
    score: int
    #: Where the laid-off cards went.
    lay_offs: tuple[LayOff, ...] = ()


@dataclass(frozen=True)
class HandResult:
    """How a hand ended: the closer (``None`` if the turn limit ended it) and every hand shown.

    ``went_out`` holds the players whose total passed the limit in this hand
    (before any re-entry). The closer's face-down card is never shown.
    """

    closer: int | None
    chinchon: bool
    shown: tuple[ShownHand, ...]
    went_out: tuple[int, ...] = ()

    def score_of(self, player: int) -> int:
        return next(hand.score for hand in self.shown if hand.player == player)

    @property
    def close_kind(self) -> str:
        """``chinchon``, ``minus-ten`` (all seven matched), ``wild-run``, ``low-card``
        (closed with unmatched points) or ``no-close`` (the turn limit ended the hand)."""
        if self.closer is None:
            return "no-close"
        if self.chinchon:
            return "chinchon"
        score = self.score_of(self.closer)
        if score == ALL_MATCHED_SCORE:
            return "minus-ten"
        return "wild-run" if score < 0 else "low-card"


class ChinchonView(NamedTuple):
    """What one player knows; the discard pile lists every card in it (all were seen).

    A named tuple (plain immutable data, quick to build): change a copy with
    ``view._replace(hand=...)``.

    ``picked_up`` holds, for every seat, the cards that player took from the
    discard pile this hand and has not discarded since (everyone saw them).
    ``reentry_total`` is the total a player re-enters at while re-entries are
    being offered (``None`` otherwise).
    """

    player: int
    hand: tuple[Card, ...]
    top_discard: Card | None
    discard_pile: tuple[Card, ...]
    stock_size: int
    hand_sizes: tuple[int, ...]
    totals: tuple[int, ...]
    out: tuple[bool, ...]
    reentries_used: tuple[int, ...]
    dealer: int
    current_player: int | None
    must_draw: bool
    taken_from_discard: Card | None
    turns_this_hand: int
    last_hand: HandResult | None
    winners: tuple[int, ...]
    picked_up: tuple[tuple[Card, ...], ...] = ()
    reentry_total: int | None = None
    limit: int = 100
    #: The deck in play: with the 8s and 9s, and which cards are wild.
    forty_eight: bool = False
    wild: Wild = "none"

    @property
    def next_player(self) -> int:
        """The next seat still in after this player."""
        seats = len(self.out)
        return next(
            (self.player + step) % seats
            for step in range(1, seats + 1)
            if not self.out[(self.player + step) % seats]
        )


def closer_score(arrangement: Arrangement, deck_rules: Rules) -> int:
    """The closer's score: unmatched points, -10 all matched, -50/-25 for a wild seven-run."""
    if arrangement.unmatched:
        return arrangement.points
    if len(arrangement.melds) == 1 and len(arrangement.melds[0]) == CHINCHON_LENGTH:
        wilds = sum(1 for card in arrangement.melds[0] if deck_rules.is_wild(card))
        if wilds in WILD_RUN_SCORES:
            return WILD_RUN_SCORES[wilds]
    return ALL_MATCHED_SCORE


def closing_arrangement(
    cards: Sequence[Card], deck_rules: Rules, five_points: bool = False
) -> Arrangement:
    """The arrangement a closer shows for the seven ``cards``: the best one if it
    meets the closing rule, else all but one card worth 4 or less matched.

    Raises ``ValueError`` if ``cards`` cannot close at all.
    """
    table = PointsTable.for_rules(deck_rules)
    best = table.arrangement(cards)
    count, points = len(best.unmatched), best.points
    if five_points and points <= FIVE_POINTS_LIMIT:
        return best
    if not five_points and (count == 0 or (count == 1 and points <= CLOSE_SINGLE_LIMIT)):
        return best
    single = table.single_left(cards)
    if five_points or single is None:
        raise ValueError(f"{' '.join(map(str, sorted(cards)))} cannot close")
    melds = table.arrangement(without(cards, single)).melds
    return Arrangement(melds, (single,), deck_rules.points(single))


def _is_one_meld(cards: Sequence[Card], deck_rules: Rules) -> bool:
    """Whether ``cards`` make exactly one meld (a set of at most four)."""
    wild = PointsTable.for_rules(deck_rules).wild_hands
    split = wild.split(cards) if wild is not None else None
    if wild is not None and split is not None:
        return wild.is_one_meld(*split)
    arrangement = arrange(cards, deck_rules)
    if arrangement.unmatched or len(arrangement.melds) != 1:
        return False
    real = [card for card in cards if not deck_rules.is_wild(card)]
    is_set = len({card.rank for card in real}) == 1 and len(real) > 1
    return not (is_set and len(cards) > MAX_SET)


def _extensions(
    meld: Sequence[Card], hand: Sequence[Card], deck_rules: Rules
) -> list[tuple[Card, ...]]:
    """Every non-empty group of ``hand``'s cards that can be laid off onto ``meld`` together."""
    if not deck_rules.wild_cards:
        rank = meld[0].rank
        if meld[1].rank == rank:  # a set (a meld has three cards or more)
            taken = {card.suit for card in meld}
            fits = sorted({card for card in hand if card.rank == rank and card.suit not in taken})
            room = MAX_SET - len(meld)
            return [group for size in range(1, room + 1) for group in combinations(fits, size)]
        facts = deck_rules.facts
        suit = meld[0].suit
        places = sorted(facts[card].run_position for card in meld)
        mine = {facts[card].run_position: card for card in hand if card.suit == suit}
        below: list[Card] = []
        while places[0] - len(below) - 1 in mine:
            below.append(mine[places[0] - len(below) - 1])
        above: list[Card] = []
        while places[-1] + len(above) + 1 in mine:
            above.append(mine[places[-1] + len(above) + 1])
        return [
            (*below[:low], *above[:high])
            for low in range(len(below) + 1)
            for high in range(len(above) + 1)
            if low or high
        ]
    real = [card for card in meld if not deck_rules.is_wild(card)]
    ranks = {card.rank for card in real}
    suits = {card.suit for card in real}
    is_set = len(ranks) == 1 and len(real) > 1
    related = sorted(
        {
            card
            for card in hand
            if deck_rules.is_wild(card) or card.rank in ranks or (not is_set and card.suit in suits)
        }
    )
    found: list[tuple[Card, ...]] = []
    for size in range(1, min(WILD_LAY_OFF_MAX, len(related)) + 1):
        for group in combinations(related, size):
            if _is_one_meld([*meld, *group], deck_rules):
                found.append(group)
    return found


def best_lay_off(
    hand: Sequence[Card], table: Sequence[Sequence[Card]], deck_rules: Rules
) -> tuple[tuple[LayOff, ...], Arrangement]:
    """The lay-offs onto ``table`` and the arrangement of the rest that leave the
    fewest unmatched points; ties go to fewer cards laid off, then to the first
    meld on the table."""
    points = PointsTable.for_rules(deck_rules)
    options = [_extensions(meld, hand, deck_rules) for meld in table]
    if not any(options):
        return (), points.arrangement(hand)
    # What is left is tracked as a bit mask of the cards laid off when the points
    # table can take the hand, else as the list of cards still held.
    hand_mask = points.single_copy_mask(hand)
    if hand_mask is not None:
        bits = points.bits
        groups: list[list[object]] = [
            [sum(bits[card] for card in group) for group in groups] for groups in options
        ]

        def take(left: object, group: object) -> object:
            assert isinstance(left, int) and isinstance(group, int)
            return None if left & group else left | group

        def value(left: object) -> int:
            assert isinstance(left, int)
            return points.points_without(hand_mask, left)

        start: object = 0
    else:
        groups = [list(groups) for groups in options]

        def take(left: object, group: object) -> object:
            return _take(left, group)  # type: ignore[arg-type]

        def value(left: object) -> int:
            return points.points(left)  # type: ignore[arg-type]

        start = list(hand)
    best_points = points.points(hand)
    best_choice: tuple[tuple[int, int], ...] = ()
    best_laid = 0

    def search(index: int, left: object, chosen: tuple[tuple[int, int], ...], laid: int) -> None:
        nonlocal best_points, best_choice, best_laid
        if index == len(table):
            if not chosen:
                return
            found = value(left)
            if found < best_points or (found == best_points and laid < best_laid):
                best_points, best_choice, best_laid = found, chosen, laid
            return
        search(index + 1, left, chosen, laid)
        for number, group in enumerate(groups[index]):
            rest = take(left, group)
            if rest is not None:
                size = len(options[index][number])
                search(index + 1, rest, (*chosen, (index, number)), laid + size)

    search(0, start, (), 0)
    left = list(hand)
    lay_offs = []
    for index, number in best_choice:
        group = options[index][number]
        rest = _take(left, group)
        assert rest is not None
        left = rest
        lay_offs.append(LayOff(tuple(table[index]), group))
    return tuple(lay_offs), points.arrangement(left)


def _take(cards: list[Card], group: Sequence[Card]) -> list[Card] | None:
    """``cards`` less one copy of each of ``group``, or ``None`` if one is missing."""
    rest = list(cards)
    for card in group:
        if card not in rest:
            return None
        rest.remove(card)
    return rest


def settle_close(
    hands: Sequence[Sequence[Card]],
    closer: int,
    seats: Sequence[int],
    deck_rules: Rules,
    five_points: bool = False,
) -> HandResult:
    """Show and score every hand after ``closer`` closed with ``hands[closer]`` (seven cards).

    ``seats`` are the players in the hand, in turn order starting with the closer.
    """
    closing = closing_arrangement(hands[closer], deck_rules, five_points)
    table: list[list[Card]] = []
    if closing.unmatched:
        table = [list(meld) for meld in closing.melds]
    shown = [
        ShownHand(closer, closing.melds, (), closing.unmatched, closer_score(closing, deck_rules))
    ]
    for seat in seats:
        if seat == closer:
            continue
        lay_offs, rest = best_lay_off(hands[seat], table, deck_rules)
        for lay_off in lay_offs:
            place = next(meld for meld in table if tuple(meld) == lay_off.meld)
            place.extend(lay_off.cards)
        table.extend(list(meld) for meld in rest.melds)
        laid = tuple(card for lay_off in lay_offs for card in lay_off.cards)
        shown.append(ShownHand(seat, rest.melds, laid, rest.unmatched, rest.points, lay_offs))
    return HandResult(closer, closing.is_chinchon, tuple(shown))


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled (bots.compiled), open to subclasses
class Chinchon(GameState[ChinchonAction, ChinchonView]):
    """A game of Chinchón: hands are dealt until one player is left (or a chinchón)."""

    game_name = "chinchon"
    cache_attributes = frozenset({"_closing"})
    param_spec = ParamSpec(
        "chinchon",
        Param("players", int, 2, "how many players", minimum=2, maximum=MAX_SEATS),
        Param("two_decks", bool, False, "two packs shuffled together (always with 5 to 8)"),
        Param("jokers", bool, False, "two jokers are wild"),
        Param("diamond_ace_wild", bool, False, "the ace of diamonds is the only wild card"),
        Param("five_points", bool, False, "close with unmatched cards totalling 5 or less"),
        Param("shorter_game", bool, False, "out above 70 instead of 100"),
        Param("forty_eight", bool, False, "keep the 8s and 9s (48 cards)"),
        Param("reentries", int, 1, "re-entries allowed per player", minimum=0, maximum=10),
        Param(
            "hand_turn_limit",
            int,
            0,
            "end a hand without a close after this many turns (0: never; an engine safety)",
            minimum=0,
        ),
    )

    def __init__(self, seed: int, params: Params) -> None:
        super().__init__(seed, params)
        if params.get_bool("jokers") and params.get_bool("diamond_ace_wild"):
            raise GameConfigError(
                "parameters 'jokers' and 'diamond_ace_wild' cannot be combined", self.game_name
            )
        wild: Wild = "none"
        if params.get_bool("jokers"):
            wild = "jokers"
        elif params.get_bool("diamond_ace_wild"):
            wild = "diamond-ace"
        self.rules = rules(forty_eight=params.get_bool("forty_eight"), wild=wild)
        self.points_table = PointsTable.for_rules(self.rules)
        self.five_points = params.get_bool("five_points")
        self.turn_limit = params.get_int("hand_turn_limit")
        self.reentry_limit = params.get_int("reentries")
        players = params.get_int("players")
        pack = list(self.rules.deck)
        if params.get_bool("two_decks") or players > 4:
            pack += [card for card in self.rules.deck if not card.is_joker]
        self.deck: tuple[Card, ...] = tuple(sorted(pack))
        self.limit = 70 if params.get_bool("shorter_game") else 100
        self.totals = [0] * players
        self.out = [False] * players
        self.reentries_used = [0] * players
        self.winners: tuple[int, ...] = ()
        self.last_hand: HandResult | None = None
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        #: Per seat, the cards taken from the discard pile this hand and still held (public).
        self.picked_up: tuple[tuple[Card, ...], ...] = ((),) * players
        self.stock: list[Card] = []
        self.discard: list[Card] = []
        self.face_down: Card | None = None
        self.taken: Card | None = None
        self.must_draw = True
        self.turns = 0
        self.hands_played = 0
        #: How every hand so far ended, in order (``last_hand`` is the latest).
        self.hand_results: list[HandResult] = []
        #: Players still to answer a re-entry offer, in turn order, and the total they re-enter at.
        self.reentry_queue: list[int] = []
        self.reentry_total = 0
        self.dealer = self.rng.randrange(players)
        self.current = 0
        self._closing: tuple[tuple[Card, ...], set[Card]] | None = None
        self._deal()

    # --- helpers -------------------------------------------------------------------------

    def _next_in(self, seat: int) -> int:
        n = self.num_players
        for step in range(1, n + 1):
            candidate = (seat + step) % n
            if not self.out[candidate]:
                return candidate
        raise AssertionError("nobody is in")

    def _seats_from(self, first: int) -> list[int]:
        n = self.num_players
        return [(first + step) % n for step in range(n) if not self.out[(first + step) % n]]

    def _deal(self) -> None:
        cards = list(self.deck)
        self.rng.shuffle(cards)
        self.hands = [[] for _ in range(self.num_players)]
        self.picked_up = ((),) * self.num_players
        seats = self._seats_from(self._next_in(self.dealer))
        for _ in range(HAND_SIZE):
            for seat in seats:
                self.hands[seat].append(cards.pop())
        for hand in self.hands:
            hand.sort(key=_ORDER)  # the cards' own order, without calling Card.__lt__
        self.discard = [cards.pop()]
        self.stock = cards
        self.face_down = None
        self.taken = None
        self.must_draw = True
        self.turns = 0
        self.current = seats[0]

    def closing_cards(self) -> set[Card]:
        """The cards the current player could put face down to close now, by the
        closing rule alone (not the first-round or just-taken rules)."""
        hand = tuple(self.hands[self.current])
        if self._closing is None or self._closing[0] != hand:
            found = self.points_table.closing_cards(hand, self.five_points)
            self._closing = (hand, found)
        return self._closing[1]

    def _close_problem(self, seat: int, card: Card) -> str | None:
        if card in self.closing_cards():
            return None
        arrangement = arrange(without(self.hands[seat], card), self.rules)
        count, points = len(arrangement.unmatched), arrangement.points
        if self.five_points:
            rule = f"the unmatched cards may total at most {FIVE_POINTS_LIMIT}"
        else:
            rule = f"at most one card worth {CLOSE_SINGLE_LIMIT} or less may be left"
        cards = "card" if count == 1 else "cards"
        worth = "point" if points == 1 else "points"
        return f"{count} unmatched {cards} worth {points} {worth} remain ({rule})"

    def _card_problem(self, seat: int, card: Card, doing: str) -> str | None:
        hand = self.hands[seat]
        if card not in hand:
            return f"{card} is not in their hand"
        if card == self.taken and hand.count(card) < 2:
            return f"{card} was just taken from the discard pile and cannot be {doing} this turn"
        return None

    @property
    def active_players(self) -> int:
        """How many players are still in the game."""
        return self.out.count(False)

    @property
    def in_first_round(self) -> bool:
        """Whether the hand is still in its first round (no close allowed)."""
        return self.turns < self.active_players

    @property
    def offering_reentry(self) -> bool:
        """Whether players who went out are being asked if they re-enter."""
        return bool(self.reentry_queue) and not self.winners

    # --- the GameState interface ---------------------------------------------------------

    @classmethod
    def parse_action(cls, text: str) -> ChinchonAction:
        return parse_action(text)

    @property
    def num_players(self) -> int:
        return len(self.totals)

    @property
    def is_terminal(self) -> bool:
        return bool(self.winners)

    @property
    def current_player(self) -> int | None:
        if self.winners:
            return None
        return self.reentry_queue[0] if self.reentry_queue else self.current

    def legal_actions(self) -> Sequence[ChinchonAction]:
        if self.winners:
            return ()
        if self.reentry_queue:
            seat = self.reentry_queue[0]
            return self._offer([_simple(Reenter, seat), _simple(StayOut, seat)])
        seat = self.current
        if self.must_draw:
            if self.discard and self.stock:  # the usual case: one list per seat, kept
                both, ids = _draw_or_take(seat)
                return self._offer(both, ids)
            actions: list[ChinchonAction] = []
            if self.stock or len(self.discard) >= 2:
                actions.append(_simple(DrawStock, seat))
            if self.discard:
                actions.append(_simple(TakeDiscard, seat))
            return self._offer(actions)
        hand = self.hands[seat]
        taken = self.taken
        if taken is not None and _copies(hand, taken) > 1:
            taken = None  # one copy may go (two decks)
        cards: list[Card] = []
        for card in hand:  # sorted: copies sit side by side
            if card is not taken and (not cards or card is not cards[-1]):
                cards.append(card)
        discards = _DISCARDS[seat]
        actions = [discards[card] for card in cards]
        if self.turns >= self.active_players:
            closing = self.closing_cards()
            if closing:
                closes = _CLOSES[seat]
                actions += [closes[card] for card in cards if card in closing]
        return self._offer(actions)

    def _why_illegal(self, action: ChinchonAction) -> str | None:
        if type(action) is Discard and not self.must_draw and not self.reentry_queue:
            assert isinstance(action, Discard)
            return self._card_problem(action.player, action.card, "discarded")
        if isinstance(action, Reenter | StayOut):
            if not self.reentry_queue:
                return "re-entry is only offered straight after a player goes out"
            return None
        if self.reentry_queue:
            return "the players who went out must first say whether they re-enter"
        if isinstance(action, DrawStock | TakeDiscard):
            if not self.must_draw:
                return "they have already drawn this turn"
            if isinstance(action, DrawStock) and not self.stock and len(self.discard) < 2:
                return "the stock is empty and the discard pile cannot rebuild it"
            if isinstance(action, TakeDiscard) and not self.discard:
                return "the discard pile is empty"
            return None
        if self.must_draw:
            return "they must first draw from the stock or take the top discard"
        if isinstance(action, Discard):
            return self._card_problem(action.player, action.card, "discarded")
        problem = self._card_problem(action.player, action.card, "put face down")
        if problem is not None:
            return problem
        if self.in_first_round:
            return "nobody may close during the first round of a hand"
        return self._close_problem(action.player, action.card)

    def _apply(self, action: ChinchonAction) -> None:
        seat = action.player
        kind = type(action)
        if kind is Discard:
            assert isinstance(action, Discard)
            card = action.card
            _drop(self.hands[seat], card)
            picked = self.picked_up[seat]
            if picked and _copies(picked, card):
                kept = list(picked)
                _drop(kept, card)
                self._set_picked_up(seat, tuple(kept))
            self.discard.append(card)
            self._end_turn()
            return
        if isinstance(action, Reenter | StayOut):
            self._answer_reentry(action)
            return
        hand = self.hands[seat]
        if isinstance(action, DrawStock):
            if not self.stock:
                top = self.discard.pop()
                self.stock = self.discard
                self.rng.shuffle(self.stock)
                self.discard = [top]
            hand.append(self.stock.pop())
            hand.sort(key=_ORDER)
            self.must_draw = False
        elif isinstance(action, TakeDiscard):
            card = self.discard.pop()
            hand.append(card)
            hand.sort(key=_ORDER)
            self.taken = card
            self._set_picked_up(seat, (*self.picked_up[seat], card))
            self.must_draw = False
        elif isinstance(action, Close):
            _drop(hand, action.card)
            self.face_down = action.card
            result = settle_close(
                self.hands, seat, self._seats_from(seat), self.rules, self.five_points
            )
            self._finish_hand(result)

    def _set_picked_up(self, seat: int, cards: tuple[Card, ...]) -> None:
        picked = list(self.picked_up)
        picked[seat] = cards
        self.picked_up = tuple(picked)

    def _end_turn(self) -> None:
        self.turns += 1
        self.taken = None
        self.must_draw = True
        if self.turn_limit and self.turns >= self.turn_limit:
            shown = []
            for seat in self._seats_from(self.current):
                arrangement = self.points_table.arrangement(self.hands[seat])
                shown.append(
                    ShownHand(
                        seat, arrangement.melds, (), arrangement.unmatched, arrangement.points
                    )
                )
            self._finish_hand(HandResult(None, False, tuple(shown)))
            return
        self.current = self._next_in(self.current)

    def _finish_hand(self, result: HandResult) -> None:
        self.hands_played += 1
        playing = [hand.player for hand in result.shown]
        if result.chinchon and result.closer is not None:
            self.last_hand = result
            self.hand_results.append(result)
            self.winners = (result.closer,)
            return
        for hand in result.shown:
            self.totals[hand.player] += hand.score
        gone = [seat for seat in playing if self.totals[seat] > self.limit]
        self.last_hand = HandResult(result.closer, result.chinchon, result.shown, tuple(gone))
        self.hand_results.append(self.last_hand)
        still_in = [seat for seat in playing if seat not in gone]
        for seat in gone:
            self.out[seat] = True
        if len(still_in) == 1:
            self.winners = (still_in[0],)
            return
        if not still_in:
            lowest = min(self.totals[seat] for seat in playing)
            self.winners = tuple(sorted(seat for seat in playing if self.totals[seat] == lowest))
            return
        if len(still_in) >= REENTRY_MIN_IN:
            self.reentry_queue = [
                seat for seat in gone if self.reentries_used[seat] < self.reentry_limit
            ]
            self.reentry_total = max(self.totals[seat] for seat in still_in)
        if not self.reentry_queue:
            self._next_hand()

    def _answer_reentry(self, action: Reenter | StayOut) -> None:
        seat = self.reentry_queue.pop(0)
        if isinstance(action, Reenter):
            self.reentries_used[seat] += 1
            self.totals[seat] = self.reentry_total
            self.out[seat] = False
        if not self.reentry_queue:
            self._next_hand()

    def _next_hand(self) -> None:
        self.dealer = self._next_in(self.dealer)
        self._deal()

    def returns(self) -> tuple[float, ...]:
        if not self.winners:
            return (0.0,) * self.num_players
        share = 1.0 / len(self.winners)
        return tuple(share if seat in self.winners else 0.0 for seat in range(self.num_players))

    def view(self, player: int) -> ChinchonView:
        current = self.current_player
        # tuple.__new__ fills the named tuple without its Python-level __new__ (same value).
        return tuple.__new__(
            ChinchonView,
            (
                player,
                tuple(self.hands[player]),
                self.discard[-1] if self.discard else None,
                tuple(self.discard),
                len(self.stock),
                tuple(map(len, self.hands)),
                tuple(self.totals),
                tuple(self.out),
                tuple(self.reentries_used),
                self.dealer,
                current,
                self.must_draw,
                self.taken if player == current else None,
                self.turns,
                self.last_hand,
                self.winners,
                self.picked_up,
                self.reentry_total if self.reentry_queue else None,
                self.limit,
                self.rules.forty_eight,
                self.rules.wild,
            ),
        )
