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
* After a close, going round from the closer, every other player shows the
  best arrangement of their hand (:func:`best_arrangement`), then lays off
  unmatched cards onto the melds on the table (the closer's unless the closer
  matched all seven, and those shown by earlier players, including cards laid
  off there). Lay-offs are automated: highest-value cards first, repeatedly,
  while any card fits. A meld with a laid-off card must still be one meld
  (checked with :func:`best_arrangement`; wild cards are not pinned to a place).
* Re-entry is automatic: straight after scoring, a player who has just gone
  out re-enters at the highest total of the players still in, if at least
  three players are still in and they have a re-entry left.
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
from functools import lru_cache

from bots.core import GameConfigError, GameState, Param, Params, ParamSpec
from bots.games.chinchon.arrangement import CHINCHON_LENGTH, Arrangement, best_arrangement
from bots.games.chinchon.cards import Card
from bots.games.chinchon.variants import Rules, Wild, rules

#: Cards dealt to each player.
HAND_SIZE = 7
#: Highest value of the one unmatched card of a close (standard rule).
CLOSE_SINGLE_LIMIT = 4
#: Highest unmatched total of a close under "five points".
FIVE_POINTS_LIMIT = 5
#: Closer's score when all seven are matched.
ALL_MATCHED_SCORE = -10
#: Closer's score for a seven-card run with one / two wild cards.
WILD_RUN_SCORES = {1: -50, 2: -25}
#: Largest set.
MAX_SET = 4


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


ChinchonAction = DrawStock | TakeDiscard | Discard | Close


def parse_action(text: str) -> ChinchonAction:
    """The action written ``text`` (``2:stock``, ``1:take``, ``2:discard:QH``, ``2:close:3H``)."""
    parts = text.strip().split(":")
    usage = "like '2:stock', '1:take', '2:discard:QH' or '2:close:3H'"
    if len(parts) < 2 or not parts[0].isdigit():
        raise ValueError(f"{text!r} is not a Chinchón action ({usage})")
    seat, verb = int(parts[0]), parts[1].lower()
    if verb in ("stock", "take") and len(parts) == 2:
        return DrawStock(seat) if verb == "stock" else TakeDiscard(seat)
    if verb in ("discard", "close") and len(parts) == 3:
        card = Card.parse(parts[2])
        return Discard(seat, card) if verb == "discard" else Close(seat, card)
    raise ValueError(f"{text!r} is not a Chinchón action ({usage})")


@dataclass(frozen=True)
class ShownHand:
    """One player's hand as shown after a close: melds, lay-offs, what is left."""

    player: int
    melds: tuple[tuple[Card, ...], ...]
    laid_off: tuple[Card, ...]
    unmatched: tuple[Card, ...]
    score: int


@dataclass(frozen=True)
class HandResult:
    """How a hand ended: the closer (``None`` if the turn limit ended it) and every hand shown."""

    closer: int | None
    chinchon: bool
    shown: tuple[ShownHand, ...]

    def score_of(self, player: int) -> int:
        return next(hand.score for hand in self.shown if hand.player == player)


@dataclass(frozen=True)
class ChinchonView:
    """What one player knows; the discard pile lists every card in it (all were seen)."""

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


@lru_cache(maxsize=1 << 16)
def _arrange(cards: tuple[Card, ...], deck_rules: Rules) -> Arrangement:
    return best_arrangement(cards, deck_rules)


def arrange(cards: Sequence[Card], deck_rules: Rules) -> Arrangement:
    """:func:`best_arrangement`, cached on the sorted cards."""
    return _arrange(tuple(sorted(cards)), deck_rules)


def _fits(meld: Sequence[Card], card: Card, deck_rules: Rules) -> bool:
    """Whether ``card`` added to ``meld`` still makes one meld (sets at most four cards)."""
    grown = [*meld, card]
    arrangement = arrange(grown, deck_rules)
    if arrangement.unmatched or len(arrangement.melds) != 1:
        return False
    real = [c for c in grown if not deck_rules.is_wild(c)]
    is_set = len({c.rank for c in real}) == 1 and len(real) > 1
    return not (is_set and len(grown) > MAX_SET)


def closer_score(arrangement: Arrangement, deck_rules: Rules) -> int:
    """The closer's score: unmatched points, -10 all matched, -50/-25 for a wild seven-run."""
    if arrangement.unmatched:
        return arrangement.points
    if len(arrangement.melds) == 1 and len(arrangement.melds[0]) == CHINCHON_LENGTH:
        wilds = sum(1 for card in arrangement.melds[0] if deck_rules.is_wild(card))
        if wilds in WILD_RUN_SCORES:
            return WILD_RUN_SCORES[wilds]
    return ALL_MATCHED_SCORE


def settle_close(
    hands: Sequence[Sequence[Card]], closer: int, seats: Sequence[int], deck_rules: Rules
) -> HandResult:
    """Show and score every hand after ``closer`` closed with ``hands[closer]`` (seven cards).

    ``seats`` are the players in the hand, in turn order starting with the closer.
    """
    closing = arrange(hands[closer], deck_rules)
    table: list[list[Card]] = []
    if closing.unmatched:
        table = [list(meld) for meld in closing.melds]
    shown = [
        ShownHand(
            closer,
            closing.melds,
            (),
            closing.unmatched,
            closer_score(closing, deck_rules),
        )
    ]
    for seat in seats:
        if seat == closer:
            continue
        arrangement = arrange(hands[seat], deck_rules)
        left = sorted(arrangement.unmatched, key=deck_rules.points, reverse=True)
        laid: list[Card] = []
        progress = True
        while progress:
            progress = False
            for card in left:
                meld = next((m for m in table if _fits(m, card, deck_rules)), None)
                if meld is not None:
                    meld.append(card)
                    left.remove(card)
                    laid.append(card)
                    progress = True
                    break
        table.extend(list(meld) for meld in arrangement.melds)
        unmatched = tuple(sorted(left))
        score = sum(deck_rules.points(card) for card in unmatched)
        shown.append(ShownHand(seat, arrangement.melds, tuple(laid), unmatched, score))
    return HandResult(closer, closing.is_chinchon, tuple(shown))


class Chinchon(GameState[ChinchonAction, ChinchonView]):
    """A game of Chinchón: hands are dealt until one player is left (or a chinchón)."""

    game_name = "chinchon"
    param_spec = ParamSpec(
        "chinchon",
        Param("players", int, 2, "how many players", minimum=2, maximum=8),
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
        self.stock: list[Card] = []
        self.discard: list[Card] = []
        self.face_down: Card | None = None
        self.taken: Card | None = None
        self.must_draw = True
        self.turns = 0
        self.dealer = self.rng.randrange(players)
        self.current = 0
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
        seats = self._seats_from(self._next_in(self.dealer))
        for _ in range(HAND_SIZE):
            for seat in seats:
                self.hands[seat].append(cards.pop())
        for hand in self.hands:
            hand.sort()
        self.discard = [cards.pop()]
        self.stock = cards
        self.face_down = None
        self.taken = None
        self.must_draw = True
        self.turns = 0
        self.current = seats[0]

    def _close_problem(self, seat: int, card: Card) -> str | None:
        rest = list(self.hands[seat])
        rest.remove(card)
        arrangement = arrange(rest, self.rules)
        count, points = len(arrangement.unmatched), arrangement.points
        if self.params.get_bool("five_points"):
            if points <= FIVE_POINTS_LIMIT:
                return None
            rule = f"the unmatched cards may total at most {FIVE_POINTS_LIMIT}"
        else:
            if count == 0 or (count == 1 and points <= CLOSE_SINGLE_LIMIT):
                return None
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
        return None if self.is_terminal else self.current

    def legal_actions(self) -> Sequence[ChinchonAction]:
        seat = self.current_player
        if seat is None:
            return ()
        if self.must_draw:
            draws: list[ChinchonAction] = [DrawStock(seat), TakeDiscard(seat)]
            return [action for action in draws if self._why_illegal(action) is None]
        cards = sorted(set(self.hands[seat]))
        actions: list[ChinchonAction] = [Discard(seat, card) for card in cards]
        actions += [Close(seat, card) for card in cards]
        return [action for action in actions if self._why_illegal(action) is None]

    def _why_illegal(self, action: ChinchonAction) -> str | None:
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
        active = sum(1 for out in self.out if not out)
        if self.turns < active:
            return "nobody may close during the first round of a hand"
        return self._close_problem(action.player, action.card)

    def _apply(self, action: ChinchonAction) -> None:
        seat = action.player
        hand = self.hands[seat]
        if isinstance(action, DrawStock):
            if not self.stock:
                top = self.discard.pop()
                self.stock = self.discard
                self.rng.shuffle(self.stock)
                self.discard = [top]
            hand.append(self.stock.pop())
            hand.sort()
            self.must_draw = False
        elif isinstance(action, TakeDiscard):
            card = self.discard.pop()
            hand.append(card)
            hand.sort()
            self.taken = card
            self.must_draw = False
        elif isinstance(action, Discard):
            hand.remove(action.card)
            self.discard.append(action.card)
            self._end_turn()
        else:
            hand.remove(action.card)
            self.face_down = action.card
            result = settle_close(self.hands, seat, self._seats_from(seat), self.rules)
            self._finish_hand(result)

    def _end_turn(self) -> None:
        self.turns += 1
        self.taken = None
        self.must_draw = True
        limit = self.params.get_int("hand_turn_limit")
        if limit and self.turns >= limit:
            shown = []
            for seat in self._seats_from(self.current):
                arrangement = arrange(self.hands[seat], self.rules)
                shown.append(
                    ShownHand(
                        seat, arrangement.melds, (), arrangement.unmatched, arrangement.points
                    )
                )
            self._finish_hand(HandResult(None, False, tuple(shown)))
            return
        self.current = self._next_in(self.current)

    def _finish_hand(self, result: HandResult) -> None:
        self.last_hand = result
        if result.chinchon and result.closer is not None:
            self.winners = (result.closer,)
            return
        playing = [hand.player for hand in result.shown]
        for hand in result.shown:
            self.totals[hand.player] += hand.score
        gone = [seat for seat in playing if self.totals[seat] > self.limit]
        still_in = [seat for seat in playing if seat not in gone]
        if len(still_in) >= 3:
            highest = max(self.totals[seat] for seat in still_in)
            for seat in gone:
                if self.reentries_used[seat] < self.params.get_int("reentries"):
                    self.reentries_used[seat] += 1
                    self.totals[seat] = highest
                    still_in.append(seat)
        for seat in playing:
            self.out[seat] = seat not in still_in
        if len(still_in) == 1:
            self.winners = (still_in[0],)
            return
        if not still_in:
            lowest = min(self.totals[seat] for seat in playing)
            self.winners = tuple(seat for seat in playing if self.totals[seat] == lowest)
            return
        self.dealer = self._next_in(self.dealer)
        self._deal()

    def returns(self) -> tuple[float, ...]:
        if not self.winners:
            return (0.0,) * self.num_players
        share = 1.0 / len(self.winners)
        return tuple(share if seat in self.winners else 0.0 for seat in range(self.num_players))

    def view(self, player: int) -> ChinchonView:
        return ChinchonView(
            player=player,
            hand=tuple(self.hands[player]),
            top_discard=self.discard[-1] if self.discard else None,
            discard_pile=tuple(self.discard),
            stock_size=len(self.stock),
            hand_sizes=tuple(len(hand) for hand in self.hands),
            totals=tuple(self.totals),
            out=tuple(self.out),
            reentries_used=tuple(self.reentries_used),
            dealer=self.dealer,
            current_player=self.current_player,
            must_draw=self.must_draw,
            taken_from_discard=self.taken if player == self.current else None,
            turns_this_hand=self.turns,
            last_hand=self.last_hand,
            winners=self.winners,
        )
