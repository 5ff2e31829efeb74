"""The Chinchón rules engine: the source's worked example, closing rules, the
stock rebuild, chinchón and wild seven-runs, and random play over every variant
(cards conserved, only legal actions, games end, views hide, replays agree)."""

from __future__ import annotations

import doctest
import random
from collections import Counter

import pytest

from bots.core import (
    GameConfigError,
    IllegalActionError,
    InvalidActionError,
    RandomPlayer,
    leaked,
    play_game,
    record,
    replay,
)
from bots.games.chinchon import (
    Card,
    Chinchon,
    ChinchonView,
    Close,
    Discard,
    DrawStock,
    HeuristicPlayer,
    Reenter,
    StayOut,
    TakeDiscard,
    Wild,
    best_lay_off,
    engine,
    parse_action,
    settle_close,
)
from tests.data import PACK


def cards(text: str) -> list[Card]:
    return list(PACK.parse_cards(text))


def test_doctests() -> None:
    assert doctest.testmod(engine).failed == 0


def test_worked_example_anna_ben_carla() -> None:
    hands = [
        cards("QH QS QC 5D 6D 7D 3H"),
        cards("5C 5H 5S 4D KD 2H AH"),
        cards("2S 3C 6H 7C JS KH KC"),
    ]
    result = settle_close(hands, 0, [0, 1, 2], PACK.rules())
    assert [result.score_of(seat) for seat in range(3)] == [3, 13, 46]
    ben = result.shown[1]
    assert ben.laid_off == (PACK.parse("4D"),)
    assert ben.unmatched == tuple(sorted(cards("KD 2H AH")))


def test_no_lay_off_on_a_closer_who_matched_all_seven() -> None:
    hands = [cards("QH QS QC 5D 6D 7D 8D"), cards("4D KD KS 2H AH 3C 3S")]
    result = settle_close(hands, 0, [0, 1], PACK.rules(forty_eight=True))
    assert result.score_of(0) == -10
    assert result.shown[1].laid_off == ()


def test_actions_round_trip() -> None:
    for text in ("2:stock", "1:take", "2:discard:QH", "2:close:3H"):
        assert str(parse_action(text, PACK.notation)) == text
    assert Chinchon.new(PACK, 0).parse_action("0:close:JK") == Close(0, PACK.notation.joker())
    with pytest.raises(InvalidActionError, match="'fold' is not a verb of the game"):
        parse_action("1:fold", PACK.notation)
    with pytest.raises(InvalidActionError, match="'1:discard:QX' is not an action of Chinchón"):
        parse_action("1:discard:QX", PACK.notation)


def position(players: int = 3, **params: object) -> Chinchon:
    state = Chinchon.new(PACK, 1, {"players": players, **params})
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
    reason = state.why_illegal(Close(1, PACK.parse("2C")))
    assert reason == (
        "player 1 cannot close with 2C: 4 unmatched cards worth 22 points remain "
        "(at most one card worth 4 or less may be left)"
    )
    assert state.is_legal(Close(1, PACK.parse("JS"))) is False
    set_turn(state, 1, "QH QS QC 5D 6D 7D 3H KS", turns=2)
    assert "first round" in str(state.why_illegal(Close(1, PACK.parse("KS"))))
    state.turns = 3
    assert state.is_legal(Close(1, PACK.parse("KS")))
    assert not state.is_legal(Close(1, PACK.parse("3H")))  # 6 + K left: 10 points


def test_five_points_allows_several_small_cards() -> None:
    hand = "4D 5D 6D 7D JD AH 2C KS"  # close with KS: AH 2C left, 3 points
    standard = position()
    set_turn(standard, 0, hand, turns=3)
    assert "2 unmatched cards worth 3 points" in str(
        standard.why_illegal(Close(0, PACK.parse("KS")))
    )
    state = position(five_points=True)
    set_turn(state, 0, hand, turns=3)
    assert state.is_legal(Close(0, PACK.parse("KS")))
    assert not state.is_legal(Close(0, PACK.parse("AH")))  # 2C KS: 12 points


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
    state.apply(Close(2, PACK.parse("KH")))
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
    state.apply(Close(0, PACK.parse("KH")))
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
    {"players": 5, "two_decks": True, "forty_eight": True, "diamond_ace_wild": True},
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
        public |= {card for taken in view.picked_up for card in taken}  # seen being taken
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
        state = Chinchon.new(PACK, seed, params)
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
        assert replay(Chinchon, PACK, saved["seed"], saved["params"], saved["actions"]) == state


def test_play_game_is_reproducible() -> None:
    params = {"players": 4, "hand_turn_limit": 30}
    first = play_game(Chinchon.new(PACK, 3, params), [RandomPlayer() for _ in range(4)])
    second = play_game(Chinchon.new(PACK, 3, params), [RandomPlayer() for _ in range(4)])
    assert first == second and first.winners


def test_jokers_and_diamond_ace_cannot_be_combined() -> None:
    with pytest.raises(ValueError, match="cannot be combined"):
        Chinchon.new(PACK, 0, {"jokers": True, "diamond_ace_wild": True})


# --- Lay-offs, re-entry and the end of the game -------------------------------------------


def test_lay_offs_are_chosen_with_the_arrangement() -> None:
    """Laying off 7D and JD onto the closer's 4D 5D 6D and keeping the other three 7s as a
    set leaves 19; arranging first (four 7s, JD unmatched, JD cannot go on alone) leaves 27."""
    hands = [cards("4D 5D 6D AS AH AC 2C"), cards("7D 7S 7C 7H JD KC QH")]
    result = settle_close(hands, 0, [0, 1], PACK.rules())
    assert result.score_of(0) == 2
    shown = result.shown[1]
    assert sorted(shown.laid_off) == sorted(cards("7D JD"))
    assert shown.lay_offs[0].meld == tuple(cards("4D 5D 6D"))
    assert shown.unmatched == tuple(sorted(cards("KC QH"))) and shown.score == 19


def test_later_players_lay_off_onto_earlier_players_melds() -> None:
    hands = [
        cards("QH QS QC 5D 6D 7D 3H"),  # closes with 3
        cards("2C 3C 4C KS KH AD AS"),  # shows 2C 3C 4C
        cards("5C JS KD 2D 2H 4S 6S"),  # 5C goes onto 2C 3C 4C
    ]
    result = settle_close(hands, 0, [0, 1, 2], PACK.rules())
    assert result.shown[2].laid_off == (PACK.parse("5C"),)
    assert result.shown[2].lay_offs[0].meld == tuple(cards("2C 3C 4C"))


def test_best_lay_off_tries_every_choice() -> None:
    table = [cards("4D 5D 6D"), cards("9S 9H 9C")]
    lay_offs, rest = best_lay_off(cards("3D 2D 9D 7S KC"), table, PACK.rules(forty_eight=True))
    assert {tuple(lay.cards) for lay in lay_offs} == {tuple(cards("3D 2D")), (PACK.parse("9D"),)}
    assert rest.points == 7 + 12


def end_hand_with(state: Chinchon, hands: list[str], totals: list[int]) -> None:
    """Give every seat a known hand and total, and let the current player discard so
    that the turn limit (1) ends the hand: each scores their hand's unmatched points."""
    pool = [card for h in state.hands for card in h] + state.stock + state.discard
    for seat, text in enumerate(hands):
        for card in cards(text):
            pool.remove(card)
        state.hands[seat] = sorted(cards(text))
    state.stock, state.discard = pool[1:], pool[:1]
    state.totals = list(totals)
    seat = state.current
    state.apply(DrawStock(seat))
    drawn = next(card for card in state.hands[seat] if card not in cards(hands[seat]))
    state.apply(Discard(seat, drawn))


def test_reentry_is_offered_and_optional() -> None:
    state = position(players=4, hand_turn_limit=1)
    no_melds = ["AS 3H 5C 7D JS QH KC", "AH 3C 5D 7S JH QC KD", "AC 3D 5S 7H JC QD KS"]
    end_hand_with(state, [*no_melds, "AD 2S 4H 6C 2D 4C 6S"], [40, 10, 20, 80])
    # Seats 0 to 2 score 43 each (83, 53, 63), seat 3 scores 25 (105): out.
    assert state.out == [False, False, False, True]
    assert state.current_player == 3
    assert [str(action) for action in state.legal_actions()] == ["3:reenter", "3:stay-out"]
    assert state.view(3).reentry_total == 83 and state.view(0).reentry_total == 83
    with pytest.raises(IllegalActionError, match="must first say whether they re-enter"):
        state.apply(DrawStock(3))
    state.apply(Reenter(3))
    assert state.totals[3] == 83 and state.reentries_used[3] == 1 and not state.out[3]
    assert not state.reentry_queue and len(state.hands[3]) == 7  # the next hand is dealt


def test_staying_out_and_the_limits_of_reentry() -> None:
    state = position(players=4, hand_turn_limit=1)
    no_melds = ["AS 3H 5C 7D JS QH KC", "AH 3C 5D 7S JH QC KD", "AC 3D 5S 7H JC QD KS"]
    end_hand_with(state, [*no_melds, "AD 2S 4H 6C 2D 4C 6S"], [40, 10, 20, 80])
    state.apply(StayOut(3))
    assert state.out[3] and state.totals[3] == 105 and state.reentries_used[3] == 0
    assert state.current_player != 3
    used_up = position(players=4, hand_turn_limit=1, reentries=0)
    end_hand_with(used_up, [*no_melds, "AD 2S 4H 6C 2D 4C 6S"], [40, 10, 20, 80])
    assert used_up.out[3] and not used_up.reentry_queue  # no re-entry allowed at all
    two_left = position(players=3, hand_turn_limit=1)
    end_hand_with(two_left, [*no_melds[:2], "AD 2S 4H 6C 2D 4C 6S"], [40, 10, 80])
    assert two_left.out[2] and not two_left.reentry_queue  # only two still in


def test_last_player_in_wins_and_ties_share_the_win() -> None:
    no_melds = ["AS 3H 5C 7D JS QH KC", "AH 3C 5D 7S JH QC KD", "AC 3D 5S 7H JC QD KS"]
    alone = position(players=3, hand_turn_limit=1)
    end_hand_with(alone, no_melds, [70, 10, 80])  # 113, 53, 123
    assert alone.winners == (1,) and alone.returns() == (0.0, 1.0, 0.0)
    everyone = position(players=3, hand_turn_limit=1)
    end_hand_with(everyone, no_melds, [70, 70, 90])  # all out: 113, 113, 133
    assert everyone.winners == (0, 1) and everyone.returns() == (0.5, 0.5, 0.0)


def test_views_show_what_others_took_from_the_discard_pile() -> None:
    state = position()
    seat = state.current
    top = state.discard[-1]
    state.apply(TakeDiscard(seat))
    for viewer in range(3):
        assert state.view(viewer).picked_up[seat] == (top,)
    other = next(card for card in state.hands[seat] if card != top)
    state.apply(Discard(seat, other))
    assert state.view(0).picked_up[seat] == (top,)


def test_the_wild_diamond_ace_costs_a_jokers_points() -> None:
    state = position(players=2, diamond_ace_wild=True, hand_turn_limit=1)
    end_hand_with(state, ["AD 3H 5C 7D JS QH KC", "AH 3C 5D 7S JH QC KD"], [0, 0])
    assert state.totals[0] == 25 + 3 + 5 + 7 + 8 + 9 + 10  # not 1 for the ace


def test_a_view_holds_every_field_in_its_place() -> None:
    # The engine fills the named tuple directly (tuple.__new__), so nothing checks the
    # number or order of the values but this test.
    state = position(players=3, forty_eight=True, jokers=True, shorter_game=True)
    view = state.view(1)
    assert len(view) == len(ChinchonView._fields)
    assert view.player == 1
    assert view.hand == tuple(state.hands[1])
    assert view.discard_pile == tuple(state.discard)
    assert view.hand_sizes == (7, 7, 7)
    assert view.stock_size == len(state.stock)
    assert view.must_draw is True
    assert view.current_player == state.current
    assert (view.limit, view.forty_eight, view.wild) == (70, True, "jokers")


# --- Regressions from the audit (issue 13) -------------------------------------------------


@pytest.mark.parametrize("wild", ["none", "jokers", "diamond-ace"])
def test_a_search_bound_never_changes_a_score(wild: Wild) -> None:
    """4D 5D QD KD beside the closer's 6D 7D JD and QS QH QC: all four are laid off (4D 5D
    below the run, QD KD above it, or QD onto the queens), whatever cards are wild."""
    table = [cards("6D 7D JD"), cards("QS QH QC")]
    hand = cards("4D 5D QD KD 5C 7H")
    lay_offs, rest = best_lay_off(hand, table, PACK.rules(wild=wild))
    assert sum(len(lay.cards) for lay in lay_offs) == 4
    assert sorted(rest.unmatched) == sorted(cards("5C 7H")) and rest.points == 12


def test_a_joker_helps_lay_off_more_than_three_cards_onto_one_run() -> None:
    """3H 4H below the 5H 6H 7H, the joker as the J and QH above: four cards onto one meld
    leave nothing (a bound of three would leave 3H, 3 points)."""
    table = [cards("5H 6H 7H")]
    lay_offs, rest = best_lay_off(cards("3H 4H JK QH"), table, PACK.rules(wild="jokers"))
    assert [sorted(lay.cards) for lay in lay_offs] == [sorted(cards("3H 4H JK QH"))]
    assert rest.points == 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_decks_are_refused_below_five_players(players: int) -> None:
    with pytest.raises(GameConfigError, match="two decks are for 5 to 8 players"):
        Chinchon.new(PACK, 1, {"players": players, "two_decks": True})
    assert len(Chinchon.new(PACK, 1, {"players": players}).deck) == 40


@pytest.mark.parametrize("players", [5, 8])
def test_five_or_more_play_with_two_decks(players: int) -> None:
    for two_decks in (False, True):
        state = Chinchon.new(PACK, 1, {"players": players, "two_decks": two_decks})
        assert len(state.deck) == 80


def test_actions_may_be_given_as_text_or_refused_with_their_own_error() -> None:
    state = Chinchon.new(PACK, 1, {"players": 2})
    seat = state.current_player
    before = state.clone()
    with pytest.raises(IllegalActionError, match="it is player"):
        state.apply(f"{1 - seat}:stock")
    with pytest.raises(InvalidActionError, match="'0:stok' is not an action of Chinchón"):
        state.apply("0:stok")
    assert state == before
    state.apply(f"{seat}:stock")
    assert state.log == (DrawStock(seat),)


def test_a_clone_equals_its_original_and_plays_on_alone() -> None:
    state = Chinchon.new(PACK, 1, {"players": 2})
    copy = state.clone()
    assert copy == state
    copy.apply(copy.legal_actions()[0])
    assert copy != state and state.log == ()


def test_a_clone_after_a_hand_holds_its_result_and_compares_equal() -> None:
    """The hands shown after a close are frozen records (compiled, they cannot be rebuilt
    field by field): a clone shares them."""
    state = Chinchon.new(PACK, 3, {"players": 3})
    bots = [HeuristicPlayer(PACK, seat) for seat in range(3)]
    while state.last_hand is None:
        seat = state.current_player
        assert seat is not None
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions(), random.Random(0)))
    copy = state.clone()
    assert copy == state and copy.last_hand is state.last_hand
