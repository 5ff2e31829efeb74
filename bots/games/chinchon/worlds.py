"""Guesses at what a Chinchón player cannot see, for bots that play them out.

A player sees its own hand, the discard pile, the cards each player was seen
taking from it this hand (still in their hands), the size of every hand and of
the stock, and the rules agreed at the table. Everything else is a guess:
:func:`deal_hidden` shares the cards the player has not seen at random (with a
seeded generator) among the other hands and the stock, and :func:`world` builds
a game state from such a guess with :meth:`Chinchon.new` and
:meth:`Chinchon.place`. Nothing here looks at a real state: a world is made
from a view alone.

>>> import random
>>> from pnp.catalog import load_catalog
>>> pack = Chinchon.data_from(load_catalog("cards").game("chinchon"))
>>> real = Chinchon.new(pack, 7, {"players": 3})
>>> view = real.view(real.current)
>>> guess = world(pack, view, 11)
>>> guess.view(view.player) == view, guess.hands[view.player] == real.hands[view.player]
(True, True)
>>> guess.stock == real.stock  # the stock is only guessed
False
"""

from __future__ import annotations

import random
from collections import Counter

from bots.core import Params
from bots.games.chinchon.cards import Card
from bots.games.chinchon.engine import SHORTER_LIMIT, Chinchon
from bots.games.chinchon.points_table import PointsTable
from bots.games.chinchon.reading import TableReading
from bots.games.chinchon.records import ChinchonView
from bots.games.chinchon.variants import Pack

#: The most stock draws an opponent's hand is played in with (see :func:`deal_likely`).
MOST_DRAWS = 8
#: How many times a hand is dealt before one is kept whatever it is.
TRIES = 6
#: The chance of keeping a hand, for each card its player let lie or discarded that
#: would make a meld with it.
DOUBT_WEIGHT = 0.3


def table_params(view: ChinchonView) -> Params:
    """The engine parameters of the table ``view`` is from (the rules are public)."""
    return Chinchon.param_spec.parse(
        {
            "players": len(view.totals),
            "jokers": view.wild == "jokers",
            "diamond_ace_wild": view.wild == "diamond-ace",
            "five_points": view.five_points,
            "shorter_game": view.limit == SHORTER_LIMIT,
            "forty_eight": view.forty_eight,
            "reentries": view.reentry_limit,
            "hand_turn_limit": view.hand_turn_limit,
        }
    )


def hidden_cards(view: ChinchonView, deck: tuple[Card, ...]) -> list[Card]:
    """The cards of ``deck`` (the table's, copies included) the viewer cannot place:
    not in its hand or the discard pile, nor seen taken by another player; in the
    deck's order."""
    seen: Counter[Card] = Counter(view.hand)
    seen.update(view.discard_pile)
    for seat, cards in enumerate(view.picked_up):
        if seat != view.player:
            seen.update(cards)
    hidden: list[Card] = []
    for card in deck:
        if seen[card]:
            seen[card] -= 1
        else:
            hidden.append(card)
    if any(seen.values()):
        raise ValueError("the view shows cards that are not in the deck")
    return hidden


def deal_hidden(
    view: ChinchonView, deck: tuple[Card, ...], rng: random.Random
) -> tuple[list[list[Card]], list[Card]]:
    """One guess at the hidden cards: every seat's hand (the viewer's as it is; each
    other hand holds the cards its player was seen taking, and random hidden cards
    up to its size) and the stock, shuffled with ``rng``."""
    hidden = hidden_cards(view, deck)
    rng.shuffle(hidden)
    hands: list[list[Card]] = []
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.player:
            hands.append(list(view.hand))
            continue
        hand = list(view.picked_up[seat]) if view.picked_up else []
        while len(hand) < size:
            hand.append(hidden.pop())
        hands.append(hand)
    if len(hidden) != view.stock_size:
        raise ValueError(
            f"the view shows a stock of {view.stock_size} cards, but {len(hidden)} are unplaced"
        )
    return hands, hidden


def turns_taken(view: ChinchonView) -> list[int]:
    """How many turns each seat has played in this hand (turns go round from the seat
    after the dealer, skipping players who are out)."""
    seats = len(view.out)
    order = [
        (view.dealer + step) % seats
        for step in range(1, seats + 1)
        if not view.out[(view.dealer + step) % seats]
    ]
    taken = [0] * seats
    if order:
        rounds, rest = divmod(view.turns_this_hand, len(order))
        for place, seat in enumerate(order):
            taken[seat] = rounds + (place < rest)
    return taken


def deal_likely(
    view: ChinchonView,
    deck: tuple[Card, ...],
    rng: random.Random,
    table: PointsTable,
    reading: TableReading | None = None,
    most_draws: int = MOST_DRAWS,
    tries: int = TRIES,
) -> tuple[list[list[Card]], list[Card]]:
    """Like :func:`deal_hidden`, but each other hand is played in as its player built
    it, and weighed against what they were seen doing.

    A hand is dealt at random; then, for each turn its player drew from the stock
    this hand (their turns less the cards they were seen taking, at most
    ``most_draws``), it draws a hidden card and lets go of the one that leaves the
    fewest unmatched points less half-melds (never a card they were seen taking),
    which goes back among the hidden cards. The hand is then checked against the
    ``reading`` of the table: each card its player let lie on the discard pile or
    discarded this hand that would make a meld with the hand is a doubt, and the
    hand is kept with chance :data:`DOUBT_WEIGHT` to the power of its doubts; a
    hand that could have closed is one its player would have closed with, and is
    never kept. A hand not kept is dealt again (up to ``tries`` times; the last is
    kept whatever it is)."""
    hidden = hidden_cards(view, deck)
    rng.shuffle(hidden)
    turns = turns_taken(view)
    hands: list[list[Card]] = []
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.player:
            hands.append(list(view.hand))
            continue
        seen = list(view.picked_up[seat]) if view.picked_up else []
        draws = min(most_draws, max(0, turns[seat] - len(seen)))
        shown: list[Card] = []
        if reading is not None and seat < len(reading.declined):
            shown = [*reading.declined[seat], *reading.discarded[seat]]
        hand: list[Card] = []
        for attempt in range(tries):
            hand = seen + [hidden.pop() for _ in range(size - len(seen))]
            for _ in range(draws if hidden else 0):
                hand.append(hidden.pop())
                drop = _worst(hand, seen, table)
                hand.remove(drop)
                hidden.insert(rng.randrange(len(hidden) + 1), drop)
            if attempt + 1 == tries or _is_likely(hand, shown, turns[seat], view, table, rng):
                break
            for card in hand[len(seen) :]:
                hidden.insert(rng.randrange(len(hidden) + 1), card)
        hands.append(hand)
    if len(hidden) != view.stock_size:
        raise ValueError(
            f"the view shows a stock of {view.stock_size} cards, but {len(hidden)} are unplaced"
        )
    return hands, hidden


def _is_likely(
    hand: list[Card],
    shown: list[Card],
    turns: int,
    view: ChinchonView,
    table: PointsTable,
    rng: random.Random,
) -> bool:
    """Whether to keep ``hand`` for a player who let lie or discarded ``shown`` and had
    ``turns`` turns (see :func:`deal_likely`)."""
    if turns and table.is_closing_hand(hand, view.five_points):
        return False
    doubts = 0
    for card in shown:
        if table.melds_with(hand, card):
            doubts += 1
    return not doubts or rng.random() < DOUBT_WEIGHT**doubts


def _worst(hand: list[Card], keep: list[Card], table: PointsTable) -> Card:
    """The card of ``hand`` (not one of ``keep``) whose loss leaves the fewest unmatched
    points less half-melds (the first such, in the hand's order)."""
    options = table.discard_options(hand)
    worst = hand[0]
    best = None
    for card in hand:
        if card in keep:
            continue
        points, left = options[card]
        value = points - table.half_melds(left)
        if best is None or value < best:
            worst, best = card, value
    return worst


def world(
    pack: Pack,
    view: ChinchonView,
    seed: int,
    params: Params | None = None,
    guess: tuple[list[list[Card]], list[Card]] | None = None,
) -> Chinchon:
    """A game state at the position ``view`` shows, the hidden cards dealt by
    :func:`deal_hidden` from ``seed`` (or placed as ``guess`` says); its own
    generator (the stock's next shuffle) is seeded with ``seed`` too. ``params`` are
    the table's (:func:`table_params`, worked out if not given)."""
    state = Chinchon(pack, seed, params if params is not None else table_params(view))
    hands, stock = (
        guess if guess is not None else deal_hidden(view, state.deck, random.Random(seed))
    )
    state.place(view, hands, stock)
    return state
