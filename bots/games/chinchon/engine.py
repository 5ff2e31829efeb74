"""The rules of Chinchón as a game state on the engine core (``bots.core``).

Readings (see cards/chinchon/pages/clarifications.md):

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
* After a close, every other player shows their hand and lays off in the way
  that leaves them the fewest points (see :mod:`bots.games.chinchon.scoring`).
* One pack with two to four players, two packs shuffled together with five
  to eight; ``two_decks`` (the variant's parameter) is refused with fewer
  than five.
* Everyone sees which card a player takes from the discard pile; the views
  list, for each player, the cards they took this hand and still hold.
* Re-entry is each player's choice: straight after scoring, every player who
  has just gone out and has a re-entry left is asked in turn order
  (:class:`Reenter` or :class:`StayOut`) if at least three players are still
  in; a re-entering player takes the highest total of the players still in.
* ``hand_turn_limit`` (off by default) is an engine safety for random play:
  once that many turns have been played in a hand without a close, the hand
  ends and every player scores the unmatched points of their best arrangement.

>>> from pnp.catalog import load_catalog
>>> pack = Chinchon.data_from(load_catalog("cards").game("chinchon"))
>>> state = Chinchon.new(pack, 7, {"players": 3})
>>> len(state.view(0).hand), state.view(0).stock_size
(7, 18)
>>> state.apply("0:stock")
Traceback (most recent call last):
...
bots.core.state.IllegalActionError: player 0 cannot draw from the stock: it is player 2's turn
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from operator import attrgetter
from typing import TYPE_CHECKING, TypeVar, cast

from mypy_extensions import mypyc_attr

from bots.core import GameConfigError, GameState, Param, Params, ParamSpec
from bots.games.chinchon.actions import (
    ACTION_TYPES,
    ChinchonAction,
    Close,
    Discard,
    DrawStock,
    Reenter,
    StayOut,
    TakeDiscard,
    parse_action,
)
from bots.games.chinchon.cards import Card, without
from bots.games.chinchon.masks import CLOSE_SINGLE_LIMIT, FIVE_POINTS_LIMIT
from bots.games.chinchon.points_table import PointsTable, arrange
from bots.games.chinchon.records import ChinchonView, HandResult, ShownHand
from bots.games.chinchon.scoring import settle_close
from bots.games.chinchon.variants import Pack, Wild

if TYPE_CHECKING:
    from pnp.catalog import Game

#: Cards dealt to each player.
HAND_SIZE = 7
#: Fewest players still in for a re-entry to be allowed.
REENTRY_MIN_IN = 3
#: Most players one pack serves; more play with two packs shuffled together.
ONE_PACK_MAX = 4
#: The total above which a player is out, and the same with the shorter game.
LIMIT = 100
SHORTER_LIMIT = 70

_ORDER = attrgetter("order")

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


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled (bots.compiled), open to subclasses
class Chinchon(GameState[ChinchonAction, ChinchonView]):
    """A game of Chinchón: hands are dealt until one player is left (or a chinchón)."""

    game_name = "chinchon"
    cache_attributes = frozenset({"_closing"})
    action_types = ACTION_TYPES
    param_spec = ParamSpec(
        "chinchon",
        Param("players", int, 2, "how many players", minimum=2, maximum=MAX_SEATS),
        Param(
            "two_decks",
            bool,
            False,
            "two packs shuffled together (5 to 8 players always play with two; fewer, never)",
        ),
        Param("jokers", bool, False, "two jokers are wild"),
        Param("diamond_ace_wild", bool, False, "the ace of diamonds is the only wild card"),
        Param("five_points", bool, False, "close with unmatched cards totalling 5 or less"),
        Param("shorter_game", bool, False, f"out above {SHORTER_LIMIT} instead of {LIMIT}"),
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

    def __init__(self, data: Pack, seed: int, params: Params) -> None:
        super().__init__(data, seed, params)
        players = params.get_int("players")
        problems = []
        if params.get_bool("jokers") and params.get_bool("diamond_ace_wild"):
            problems.append("parameters 'jokers' and 'diamond_ace_wild' cannot be combined")
        if params.get_bool("two_decks") and players <= ONE_PACK_MAX:
            problems.append(
                f"two decks are for 5 to 8 players; {players} play with one "
                f"(parameter 'two_decks' needs players=5 or more)"
            )
        if problems:
            raise GameConfigError(problems, self.game_name)
        self.pack = data
        wild: Wild = "none"
        if params.get_bool("jokers"):
            wild = "jokers"
        elif params.get_bool("diamond_ace_wild"):
            wild = "diamond-ace"
        self.rules = data.rules(forty_eight=params.get_bool("forty_eight"), wild=wild)
        self.points_table = PointsTable.for_rules(self.rules)
        self.five_points = params.get_bool("five_points")
        self.turn_limit = params.get_int("hand_turn_limit")
        self.reentry_limit = params.get_int("reentries")
        pack = list(self.rules.deck)
        if players > ONE_PACK_MAX:
            pack += [card for card in self.rules.deck if not card.is_joker]
        self.deck: tuple[Card, ...] = tuple(sorted(pack))
        self.limit = SHORTER_LIMIT if params.get_bool("shorter_game") else LIMIT
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

    def place(
        self, view: ChinchonView, hands: Sequence[Sequence[Card]], stock: Sequence[Card]
    ) -> None:
        """Put this state at the position ``view`` shows, with a guess at what it hides.

        The table (totals, who is out, re-entries used, dealer, whose turn, the turn
        count, the discard pile, the cards each player was seen taking) comes from
        ``view``; ``hands`` gives every seat's cards (the viewer's as the view shows
        them) and ``stock`` the face-down pile, drawn from its end. For a bot that
        plays out guesses: build a state with :meth:`new` and the table's parameters,
        then place it. Raises ``ValueError`` (saying what is wrong) when the cards
        are not this deck's or do not fit the view; the state is then unchanged.
        """
        seats = self.num_players
        problem = None
        if len(view.totals) != seats or len(hands) != seats:
            problem = f"the view and the hands are for {len(view.totals)} and {len(hands)} seats"
        elif view.current_player != view.player or view.reentry_total is not None:
            problem = "the view is not that of the player to move in a hand"
        elif tuple(sorted(hands[view.player], key=_ORDER)) != view.hand:
            problem = f"the hand given to player {view.player} is not the one the view shows"
        else:
            for seat in range(seats):
                size = len(hands[seat])
                if size != view.hand_sizes[seat]:
                    problem = f"player {seat} holds {view.hand_sizes[seat]} cards, not {size}"
                    break
                missing = [card for card in view.picked_up[seat] if card not in hands[seat]]
                if missing:
                    problem = f"player {seat} was seen taking {missing[0]}, not in their hand"
                    break
        if problem is None:
            cards = [*stock, *view.discard_pile]
            for hand in hands:
                cards += hand
            if sorted(cards, key=_ORDER) != list(self.deck):
                problem = "the hands, the stock and the discard pile are not this deck"
        if problem is not None:
            raise ValueError(f"cannot place the position: {problem}")
        self.totals = list(view.totals)
        self.out = list(view.out)
        self.reentries_used = list(view.reentries_used)
        self.dealer = view.dealer
        self.current = cast(int, view.current_player)
        self.must_draw = view.must_draw
        self.taken = view.taken_from_discard
        self.turns = view.turns_this_hand
        self.last_hand = view.last_hand
        self.picked_up = view.picked_up
        self.hands = [sorted(hand, key=_ORDER) for hand in hands]
        self.stock = list(stock)
        self.discard = list(view.discard_pile)
        self.face_down = None
        self.winners = ()
        self.reentry_queue = []
        self._closing = None
        self._offer(())  # nothing offered before counts as legal now

    # --- the GameState interface ---------------------------------------------------------

    @classmethod
    def data_from(cls, game: Game) -> Pack:
        """The printed pack of the catalog's Chinchón."""
        return Pack.from_catalog(game)

    def parse_action(self, text: str) -> ChinchonAction:
        return parse_action(text, self.pack.notation)

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
            return self._card_problem(action.player, action.card, "discarded")
        if isinstance(action, (Reenter, StayOut)):
            if not self.reentry_queue:
                return "re-entry is only offered straight after a player goes out"
            return None
        if self.reentry_queue:
            return "the players who went out must first say whether they re-enter"
        if isinstance(action, (DrawStock, TakeDiscard)):
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
            card = cast(Discard, action).card  # a cast costs nothing, an isinstance does
            _drop(self.hands[seat], card)
            picked = self.picked_up[seat]
            if picked and _copies(picked, card):
                kept = list(picked)
                _drop(kept, card)
                self._set_picked_up(seat, tuple(kept))
            self.discard.append(card)
            self._end_turn()
            return
        if isinstance(action, (Reenter, StayOut)):
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
                self.five_points,
                self.reentry_limit,
                self.turn_limit,
            ),
        )
