"""What the hard Chinchón bot guesses from a view: the table's parameters, the hidden
cards dealt consistently with the view (uniformly or played in), positions placed on
a state, and the reading of what the others did."""

from __future__ import annotations

import doctest
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from bots.core import seat_rngs
from bots.games.chinchon import (
    Chinchon,
    ChinchonView,
    Discard,
    DrawStock,
    HeuristicPlayer,
    PointsTable,
    reading,
    worlds,
)
from bots.games.chinchon.reading import TableReading
from bots.games.chinchon.worlds import deal_hidden, deal_likely, hidden_cards, table_params, world
from tests.data import PACK

TABLES: list[dict[str, Any]] = [
    {"players": 3},
    {"players": 2, "jokers": True, "reentries": 2},
    {"players": 4, "forty_eight": True, "five_points": True},
    {"players": 5, "diamond_ace_wild": True, "shorter_game": True},
    {"players": 6, "hand_turn_limit": 50},
]


@pytest.mark.parametrize("module", [worlds, reading])
def test_doctests(module: Any) -> None:
    assert doctest.testmod(module).failed == 0


def positions(params: dict[str, Any], games: int = 3) -> Iterator[tuple[Chinchon, ChinchonView]]:
    """Seeded medium games, at every turn of a hand (the state and the mover's view)."""
    for seed in range(games):
        state = Chinchon.new(PACK, seed, {"hand_turn_limit": 60, **params})
        bots = [HeuristicPlayer(PACK, seat) for seat in range(state.num_players)]
        rngs = seat_rngs(seed, state.num_players)
        for _ in range(400):
            if state.is_terminal:
                break
            seat = state.current_player
            assert seat is not None
            view = state.view(seat)
            if not state.reentry_queue:
                yield state, view
            state.apply(bots[seat].choose(view, state.legal_actions(), rngs[seat]))


@pytest.mark.parametrize("params", TABLES)
def test_a_view_tells_the_tables_parameters(params: dict[str, Any]) -> None:
    state, view = next(positions(params, 1))
    found = dict(table_params(view))
    expected = dict(state.params)
    found.pop("two_decks")
    expected.pop("two_decks")
    assert found == expected


@pytest.mark.parametrize("params", TABLES)
def test_guesses_fit_the_view(params: dict[str, Any]) -> None:
    table: PointsTable | None = None
    for count, (state, view) in enumerate(positions(params)):
        if count % 5:
            continue
        table = table or PointsTable.for_rules(state.rules)
        for guess in (
            deal_hidden(view, state.deck, random.Random(count)),
            deal_likely(view, state.deck, random.Random(count), table),
        ):
            hands, stock = guess
            assert hands[view.player] == list(view.hand)
            assert [len(hand) for hand in hands] == list(view.hand_sizes)
            assert len(stock) == view.stock_size
            for seat, seen in enumerate(view.picked_up):
                assert not Counter(seen) - Counter(hands[seat])
            every = Counter(stock) + Counter(view.discard_pile)
            for hand in hands:
                every += Counter(hand)
            assert every == Counter(state.deck)
            placed = world(PACK, view, count, None, guess)
            assert placed.view(view.player) == view
            assert placed.legal_actions() == state.legal_actions()


def test_guesses_are_seeded_and_vary_with_the_seed() -> None:
    state, view = next(
        (state, view) for state, view in positions({"players": 3}) if view.turns_this_hand > 6
    )
    table = PointsTable.for_rules(state.rules)
    first = deal_likely(view, state.deck, random.Random(1), table)
    assert first == deal_likely(view, state.deck, random.Random(1), table)
    assert first != deal_likely(view, state.deck, random.Random(2), table)
    assert hidden_cards(view, state.deck) == sorted(
        hidden_cards(view, state.deck), key=lambda card: card.order
    )


@pytest.mark.parametrize("params", TABLES)
def test_placing_the_true_hidden_cards_gives_the_real_position(params: dict[str, Any]) -> None:
    for count, (state, view) in enumerate(positions(params, 2)):
        if count % 7:
            continue
        placed = world(PACK, view, 0, None, ([list(h) for h in state.hands], list(state.stock)))
        for name in ("hands", "stock", "discard", "totals", "out", "reentries_used", "dealer"):
            assert getattr(placed, name) == getattr(state, name), name
        for name in ("current", "must_draw", "taken", "turns", "picked_up", "limit", "deck"):
            assert getattr(placed, name) == getattr(state, name), name
        assert placed.legal_actions() == state.legal_actions()


def test_a_position_that_does_not_fit_is_refused_and_nothing_changes() -> None:
    state, view = next(positions({"players": 3}))
    hands = [list(hand) for hand in state.hands]
    other = (view.player + 1) % 3
    hands[other][0] = hands[other][1]  # a card twice, another missing
    fresh = Chinchon.new(PACK, 0, {"players": 3})
    before = fresh.clone()
    with pytest.raises(ValueError, match="cannot place the position: the hands, the stock"):
        fresh.place(view, hands, state.stock)
    assert fresh == before
    with pytest.raises(ValueError, match="holds 7 cards, not 6"):
        fresh.place(view, [*hands[:other], hands[other][:-1], *hands[other + 1 :]], state.stock)
    not_to_move = state.view((view.player + 1) % 3)
    with pytest.raises(ValueError, match="not that of the player to move"):
        fresh.place(not_to_move, hands, state.stock)


def _in_order(found: tuple[Any, ...], true: list[Any]) -> bool:
    """Whether ``found`` are some of ``true``, in the same order."""
    rest = iter(true)
    return all(any(card is other for other in rest) for card in found)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_reading_of_the_table_is_true(players: int) -> None:
    """What the reading says each player let lie and discarded this hand is what they did
    (some turns may be missed: after the stock is rebuilt the pile no longer adds up)."""
    read = missed = 0
    for seed in range(6):
        state = Chinchon.new(PACK, seed, {"players": players, "hand_turn_limit": 60})
        bots = [HeuristicPlayer(PACK, seat) for seat in range(players)]
        rngs = seat_rngs(seed, players)
        table_reading = TableReading()
        declined: list[list[Any]] = [[] for _ in range(players)]
        discarded: list[list[Any]] = [[] for _ in range(players)]
        hand = 0
        while not state.is_terminal:
            if state.hands_played != hand:
                hand = state.hands_played
                declined = [[] for _ in range(players)]
                discarded = [[] for _ in range(players)]
            seat = state.current_player
            assert seat is not None
            view = state.view(seat)
            if seat == 0 and view.must_draw and not state.reentry_queue:
                table_reading.watch(view)
                for other in range(1, players):
                    assert _in_order(table_reading.declined[other], declined[other])
                    assert _in_order(table_reading.discarded[other], discarded[other])
                    read += len(table_reading.discarded[other])
                    missed += len(discarded[other]) - len(table_reading.discarded[other])
            action = bots[seat].choose(view, state.legal_actions(), rngs[seat])
            if isinstance(action, DrawStock) and view.top_discard is not None:
                declined[seat].append(view.top_discard)
            if isinstance(action, Discard):
                discarded[seat].append(action.card)
                if seat == 0:
                    table_reading.after_discard(view, action.card)
            state.apply(action)
    assert read > 4 * missed, (read, missed)
