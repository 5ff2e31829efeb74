"""The Chinchón rules engine: the source's worked example, closing rules, the
stock rebuild, chinchón and wild seven-runs, and random play over every variant
(cards conserved, only legal actions, games end, views hide, replays agree)."""

from __future__ import annotations

import doctest
import random
from collections import Counter

import pytest

from bots.core import IllegalActionError, RandomPlayer, leaked, play_game, record, replay
from bots.games.chinchon import (
    Card,
    Chinchon,
    Close,
    Discard,
    DrawStock,
    TakeDiscard,
    engine,
    parse_action,
    parse_cards,
    rules,
    settle_close,
)


def cards(text: str) -> list[Card]:
    return list(parse_cards(text))


def test_doctests() -> None:
    assert doctest.testmod(engine).failed == 0


def test_worked_example_anna_ben_carla() -> None:
    hands = [
        cards("QH QS QC 5D 6D 7D 3H"),
        cards("5C 5H 5S 4D KD 2H AH"),
        cards("2S 3C 6H 7C JS KH KC"),
    ]
    result = settle_close(hands, 0, [0, 1, 2], rules())
    assert [result.score_of(seat) for seat in range(3)] == [3, 13, 46]
    ben = result.shown[1]
    assert ben.laid_off == (Card.parse("4D"),)
    assert ben.unmatched == tuple(sorted(cards("KD 2H AH")))


def test_no_lay_off_on_a_closer_who_matched_all_seven() -> None:
    hands = [cards("QH QS QC 5D 6D 7D 8D"), cards("4D KD KS 2H AH 3C 3S")]
    result = settle_close(hands, 0, [0, 1], rules(forty_eight=True))
    assert result.score_of(0) == -10
    assert result.shown[1].laid_off == ()


def test_actions_round_trip() -> None:
    for text in ("2:stock", "1:take", "2:discard:QH", "2:close:3H"):
        assert str(parse_action(text)) == text
    assert Chinchon.parse_action("0:close:JK") == Close(0, Card.joker())
    with pytest.raises(ValueError, match="not a Chinchón action"):
        parse_action("1:fold")


def position(players: int = 3, **params: object) -> Chinchon:
    state = Chinchon.new(1, {"players": players, **params})
    return state


def set_turn(state: Chinchon, seat: int, hand: str, turns: int) -> None:
    """Give ``seat`` the cards ``hand`` (eight: they have drawn), the others seven each."""
    pool = [card for h in state.hands for card in h] + state.stock + state.discard
    wanted = cards(hand)
    for card in wanted:
        pool.remove(card)
    state.hands = [sorted(pool.pop() for _ in range(7)) for _ in state.hands]
    state.hands[seat] = sorted(wanted)
    state.discard = [pool.pop()]
    state.stock = pool
    state.current = seat
    state.must_draw = False
    state.turns = turns


def test_close_refused_with_too_many_points_and_in_first_round() -> None:
    state = position()
    set_turn(state, 1, "QH QS QC 5D 6D 3H JS 2C", turns=3)
    reason = state.why_illegal(Close(1, Card.parse("2C")))
    assert reason == (
        "player 1 cannot close with 2C: 4 unmatched cards worth 22 points remain "
        "(at most one card worth 4 or less may be left)"
    )
    assert state.is_legal(Close(1, Card.parse("JS"))) is False
    set_turn(state, 1, "QH QS QC 5D 6D 7D 3H KS", turns=2)
    assert "first round" in str(state.why_illegal(Close(1, Card.parse("KS"))))
    state.turns = 3
    assert state.is_legal(Close(1, Card.parse("KS")))
    assert not state.is_legal(Close(1, Card.parse("3H")))  # 6 + K left: 10 points


def test_five_points_allows_several_small_cards() -> None:
    hand = "4D 5D 6D 7D JD AH 2C KS"  # close with KS: AH 2C left, 3 points
    standard = position()
    set_turn(standard, 0, hand, turns=3)
    assert "2 unmatched cards worth 3 points" in str(
        standard.why_illegal(Close(0, Card.parse("KS")))
    )
    state = position(five_points=True)
    set_turn(state, 0, hand, turns=3)
    assert state.is_legal(Close(0, Card.parse("KS")))
    assert not state.is_legal(Close(0, Card.parse("AH")))  # 2C KS: 12 points


def test_taken_discard_cannot_be_thrown_back_or_closed_with() -> None:
    state = position()
    seat = state.current
    top = state.discard[-1]
    state.apply(TakeDiscard(seat))
    with pytest.raises(IllegalActionError, match="just taken from the discard pile"):
        state.apply(Discard(seat, top))
    assert Close(seat, top) not in state.legal_actions()


def test_stock_rebuild_keeps_the_top_discard() -> None:
    state = position()
    seat = state.current
    state.discard.extend(state.stock)
    state.stock = []
    top = state.discard[-1]
    pile = Counter(state.discard)
    hand_before = Counter(state.hands[seat])
    state.apply(DrawStock(seat))
    assert state.discard == [top]
    drawn = Counter(state.hands[seat]) - hand_before
    assert Counter(state.stock) + drawn + Counter([top]) == pile


def test_chinchon_ends_the_game() -> None:
    state = position()
    set_turn(state, 2, "AC 2C 3C 4C 5C 6C 7C KH", turns=3)
    state.apply(Close(2, Card.parse("KH")))
    assert state.is_terminal and state.winners == (2,)
    assert state.returns() == (0.0, 0.0, 1.0)
    assert state.last_hand is not None and state.last_hand.chinchon


@pytest.mark.parametrize(
    ("hand", "score"), [("AC 2C JK 4C 5C 6C 7C", -50), ("AC JK JK 4C 5C 6C 7C", -25)]
)
def test_wild_seven_runs(hand: str, score: int) -> None:
    state = position(jokers=True)
    set_turn(state, 0, hand + " KH", turns=3)
    before = list(state.totals)
    state.apply(Close(0, Card.parse("KH")))
    assert state.totals[0] == before[0] + score
    assert state.last_hand is not None and not state.last_hand.chinchon
    assert state.last_hand.score_of(0) == score


VARIANTS: list[dict[str, object]] = [
    {"players": 2},
    {"players": 3, "jokers": True},
    {"players": 4, "diamond_ace_wild": True, "five_points": True},
    {"players": 5, "shorter_game": True},
    {"players": 6, "forty_eight": True, "jokers": True, "reentries": 2},
    {"players": 8, "two_decks": True},
    {"players": 3, "two_decks": True, "forty_eight": True, "diamond_ace_wild": True},
]


def check_state(state: Chinchon) -> None:
    held = [card for hand in state.hands for card in hand]
    everything = held + state.stock + state.discard
    if state.face_down is not None:
        everything.append(state.face_down)
    assert Counter(everything) == Counter(state.deck)
    if state.is_terminal:
        return
    for seat in range(state.num_players):
        view = state.view(seat)
        public = set(view.discard_pile) | set(view.hand)
        if view.last_hand is not None:
            for shown in view.last_hand.shown:
                public |= {c for meld in shown.melds for c in meld}
                public |= set(shown.laid_off) | set(shown.unmatched)
        others = [c for other, hand in enumerate(state.hands) if other != seat for c in hand]
        hidden = {c for c in others + state.stock if c not in public}
        assert leaked(view, hidden) == []
        assert view.hand_sizes == tuple(len(hand) for hand in state.hands)


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_games(variant: dict[str, object]) -> None:
    for seed in range(4):
        params = {**variant, "hand_turn_limit": 40}
        state = Chinchon.new(seed, params)
        steps = 0
        players = [RandomPlayer() for _ in range(state.num_players)]
        chooser = random.Random(seed)
        check_state(state)
        while not state.is_terminal:
            steps += 1
            assert steps < 50_000
            seat = state.current_player
            assert seat is not None
            legal = list(state.legal_actions())
            assert legal and all(state.is_legal(action) for action in legal)
            action = players[seat].choose(state.view(seat), legal, chooser)
            state.apply(action)
            if steps % 7 == 0:
                check_state(state)
        check_state(state)
        assert sum(state.returns()) == pytest.approx(1.0)
        saved = record(state)
        assert replay(Chinchon, saved["seed"], saved["params"], saved["actions"]) == state


def test_play_game_is_reproducible() -> None:
    params = {"players": 4, "hand_turn_limit": 30}
    first = play_game(Chinchon.new(3, params), [RandomPlayer() for _ in range(4)])
    second = play_game(Chinchon.new(3, params), [RandomPlayer() for _ in range(4)])
    assert first == second and first.winners


def test_jokers_and_diamond_ace_cannot_be_combined() -> None:
    with pytest.raises(ValueError, match="cannot be combined"):
        Chinchon.new(0, {"jokers": True, "diamond_ace_wild": True})
