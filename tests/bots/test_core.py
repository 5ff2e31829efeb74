"""The engine core, proved on a tiny hidden-hand game (tests/bots/core_game.py):
parameters are checked at the door, same seed means same game, a replayed log
rebuilds the state exactly, views hide other hands, illegal actions say why,
and random play always ends."""

from __future__ import annotations

import dataclasses
import doctest
import json
import random
from collections.abc import Sequence

import pytest

from bots import core
from bots.core import (
    GameConfigError,
    GameNotOverError,
    IllegalActionError,
    Param,
    ParamSpec,
    RandomPlayer,
    ReplayError,
    leaked,
    load,
    play_game,
    record,
    replay,
    walk,
)
from bots.core import actions as actions_module
from bots.core import params as params_module
from bots.core import views as views_module
from tests.bots.core_game import DECK, Card, HighCard, HighCardView, Play

SEEDS = range(300)


def random_game(seed: int, players: int = 3, hand_size: int = 4) -> HighCard:
    state = HighCard.new(DECK, seed, {"players": players, "hand_size": hand_size})
    return play_game(state, [RandomPlayer() for _ in range(players)])


# --- parameters ---------------------------------------------------------------------------


SPEC = ParamSpec(
    "demo",
    Param("players", int, 2, "how many players", minimum=2, maximum=4),
    Param("forty_eight", bool, False, "keep the 8s and 9s"),
    Param("wild", str, "none", "which cards are wild", choices=("none", "jokers")),
    Param("target", float, 100.0, "points to win", minimum=1),
)


def test_defaults_fill_in_and_params_are_frozen_and_hashable() -> None:
    params = SPEC.parse({"players": 3})
    assert dict(params) == {"players": 3, "forty_eight": False, "wild": "none", "target": 100.0}
    assert params == SPEC.parse({"players": 3, "wild": "none"})
    assert hash(params) == hash(SPEC.parse({"players": 3, "wild": "none"}))
    assert SPEC.parse({"target": 50}).get_float("target") == 50.0
    with pytest.raises(TypeError):
        params["players"] = 4  # type: ignore[index]
    with pytest.raises(TypeError, match="'players'"):
        params.get_bool("players")


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"player": 3}, "unknown parameter 'player' for demo (did you mean 'players'? known:"),
        ({"players": 5}, "parameter 'players' must be between 2 and 4, got 5"),
        ({"players": "3"}, "parameter 'players' must be a whole number, got '3'"),
        ({"players": True}, "parameter 'players' must be a whole number, got true"),
        ({"forty_eight": 1}, "parameter 'forty_eight' must be true or false, got 1"),
        ({"wild": "all"}, "parameter 'wild' must be one of 'none', 'jokers', got 'all'"),
        ({"target": 0.5}, "parameter 'target' must be at least 1, got 0.5"),
    ],
)
def test_bad_params_are_rejected_with_a_sentence(values: dict[str, object], message: str) -> None:
    with pytest.raises(GameConfigError) as caught:
        SPEC.parse(values)
    assert str(caught.value).startswith(message)
    assert isinstance(caught.value, ValueError)


def test_every_problem_is_reported_at_once() -> None:
    with pytest.raises(GameConfigError) as caught:
        SPEC.parse({"players": 9, "colour": "red", "wild": 3})
    assert len(caught.value.problems) == 3
    assert str(caught.value).startswith("3 problems with the parameters of demo: ")


def test_command_line_words() -> None:
    assert SPEC.parse_args("players=3 forty-eight wild=jokers target=7.5") == {
        "players": 3,
        "forty_eight": True,
        "wild": "jokers",
        "target": 7.5,
    }
    assert not SPEC.parse_args(["no-forty-eight"]).get_bool("forty_eight")
    assert SPEC.parse_args(["forty_eight=yes"]).get_bool("forty_eight")
    assert SPEC.parse_args([]) == SPEC.defaults()


@pytest.mark.parametrize(
    ("words", "message"),
    [
        ("players=three", "parameter 'players' must be a whole number, got 'three'"),
        ("players", "parameter 'players' needs a value, as in players=..."),
        ("no-players", "unknown parameter 'no-players' for demo"),
        ("jokers", "unknown parameter 'jokers' for demo"),
        ("forty-eight=maybe", "parameter 'forty_eight' must be true or false (or yes/no"),
        ("players=2 players=3", "parameter 'players' is given twice"),
        ("players=7", "parameter 'players' must be between 2 and 4, got 7"),
    ],
)
def test_bad_command_line_words(words: str, message: str) -> None:
    with pytest.raises(
        GameConfigError, match="^" + message.replace("(", r"\(").replace("?", r"\?")
    ):
        SPEC.parse_args(words)


def test_declaring_parameters_badly_is_caught() -> None:
    with pytest.raises(GameConfigError, match="'players' must be at least 2, got 1"):
        Param("players", int, 1, "how many", minimum=2)
    with pytest.raises(ValueError, match="twice"):
        ParamSpec("x", Param("a", int, 1, "a"), Param("a", int, 1, "a"))
    assert SPEC["players"].describe() == (
        "players (a whole number, 2 to 4; default 2): how many players"
    )
    assert len(SPEC.help().splitlines()) == 4


def test_unknown_game_params_are_rejected_by_the_game() -> None:
    with pytest.raises(GameConfigError, match="unknown parameter 'decks' for high-card"):
        HighCard.new(DECK, 1, {"decks": 2})
    with pytest.raises(GameConfigError, match="'players' must be between 2 and 4, got 5"):
        HighCard.new(DECK, 1, {"players": 5})


# --- the state ----------------------------------------------------------------------------


def test_a_fresh_game() -> None:
    state = HighCard.new(DECK, 7, {"players": 3, "hand_size": 2})
    assert state.current_player == 0
    assert not state.is_terminal
    assert state.log == ()
    assert state.returns() == (0.0, 0.0, 0.0)
    assert [len(hand) for hand in state.hands] == [2, 2, 2]
    dealt = [card for hand in state.hands for card in hand] + state.stock
    assert sorted(dealt) == sorted(Card.parse(f"{r}{s}") for r in "23456789TJQKA" for s in "CDHS")
    assert all(action.player == 0 for action in state.legal_actions())
    assert all(state.is_legal(action) for action in state.legal_actions())


def test_actions_are_frozen_hashable_and_round_trip() -> None:
    state = HighCard.new(DECK, 1)
    action = Play(2, Card.parse("TS"))
    assert str(action) == "2:play:TS"
    assert state.parse_action(str(action)) == action
    assert len({action, state.parse_action("2:play:TS")}) == 1
    assert isinstance(action, core.Action)
    with pytest.raises(core.InvalidActionError, match="'1S' is not a card"):
        state.parse_action("2:play:1S")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("play:QH", "does not start with a seat number"),
        ("0:hit:QH", "'hit' is not a verb of the game"),
        ("0:play", "'play' needs a card after a colon"),
        ("", "does not start with a seat number"),
    ],
)
def test_unreadable_actions_get_their_own_error(text: str, reason: str) -> None:
    state = HighCard.new(DECK, 1)
    with pytest.raises(core.InvalidActionError, match=reason) as caught:
        state.apply(text)
    assert "actions are written like '0:play:QH'" in str(caught.value)
    assert not isinstance(caught.value, IllegalActionError)
    assert state.log == ()
    with pytest.raises(core.InvalidActionError, match="is not an action of high-card"):
        state.apply(42)  # type: ignore[arg-type]


def test_actions_may_be_applied_as_text() -> None:
    state = HighCard.new(DECK, 3, {"players": 2, "hand_size": 5})
    first = state.legal_actions()[0]
    state.apply(str(first))
    assert state.log == (first,)
    with pytest.raises(IllegalActionError, match="it is player 1's turn"):
        state.apply(str(first))


def test_illegal_actions_say_why() -> None:
    state = HighCard.new(DECK, 3, {"players": 2, "hand_size": 5})
    mine, theirs = state.hands[0][0], state.hands[1][0]
    with pytest.raises(
        IllegalActionError, match=rf"^player 1 cannot play {theirs}: it is player 0's turn$"
    ):
        state.apply(Play(1, theirs))
    with pytest.raises(
        IllegalActionError, match=rf"^player 0 cannot play {theirs}: {theirs} is not in their hand$"
    ):
        state.apply(Play(0, theirs))
    with pytest.raises(
        IllegalActionError, match=r"^player 5 cannot play .*: there are only players 0 to 1$"
    ):
        state.apply(Play(5, mine))
    assert state.why_illegal(Play(0, mine)) is None
    assert state.log == ()  # nothing was applied by the failed attempts

    # Follow suit: find a seed where player 1 holds the led suit and another suit.
    for seed in SEEDS:
        state = HighCard.new(DECK, seed, {"players": 2, "hand_size": 5})
        led = state.hands[0][0]
        off_suit = [card for card in state.hands[1] if card.suit != led.suit]
        if off_suit and len(off_suit) < 5:
            break
    state.apply(Play(0, led))
    assert not state.is_legal(Play(1, off_suit[0]))
    assert all(action.card.suit == led.suit for action in state.legal_actions())
    with pytest.raises(IllegalActionError, match=r"they must follow .*, which they hold$"):
        state.apply(Play(1, off_suit[0]))


def test_no_action_after_the_end() -> None:
    state = random_game(5)
    assert state.is_terminal and state.current_player is None and state.legal_actions() == ()
    assert sum(state.returns()) == 4.0
    with pytest.raises(IllegalActionError, match=r"the game is over$"):
        state.apply(Play(0, Card.parse("2C")))


def test_clone_is_independent() -> None:
    state = HighCard.new(DECK, 11)
    copy = state.clone()
    assert copy == state and copy is not state
    state.apply(state.legal_actions()[0])
    assert copy != state
    assert copy.log == () and len(copy.hands[0]) == 3
    assert copy.rng.random() == HighCard.new(DECK, 11).clone().rng.random()


# --- same seed, same game; replay ---------------------------------------------------------


def test_same_seed_same_game() -> None:
    for seed in range(50):
        first, second = random_game(seed), random_game(seed)
        assert first == second
        assert first.log == second.log
        assert record(first) == record(second)
    assert len({random_game(seed).log for seed in range(50)}) == 50


def test_replay_reproduces_the_final_state_exactly() -> None:
    for seed in range(50):
        played = random_game(seed, players=4, hand_size=5)
        again = replay(HighCard, DECK, seed, played.params, played.log)
        assert again == played
        assert replay(HighCard, DECK, seed, dict(played.params), map(str, played.log)) == played
        # and every intermediate state too
        partial = replay(HighCard, DECK, seed, played.params, played.log[:7])
        assert partial.log == played.log[:7]


def test_record_is_json_and_loads_back() -> None:
    played = random_game(42)
    data = json.loads(json.dumps(record(played)))
    assert data["game"] == "high-card" and data["seed"] == 42
    assert data["params"] == {"players": 3, "hand_size": 4}
    assert data["actions"] == [str(action) for action in played.log]
    assert load(data, HighCard, DECK) == played


def test_broken_records_are_refused_with_a_reason() -> None:
    data = record(random_game(42))
    tampered = dict(data, actions=[*data["actions"][:3], "0:play:ZZ"])
    with pytest.raises(
        ReplayError, match=r"^action 4 \('0:play:ZZ'\) cannot be replayed: .*'ZZ' is not a card"
    ):
        load(tampered, HighCard, DECK)
    swapped = dict(data, actions=[data["actions"][1], data["actions"][0]])
    with pytest.raises(ReplayError, match=r"^action 1 .* it is player 0's turn"):
        load(swapped, HighCard, DECK)
    with pytest.raises(ReplayError, match="'seed' must be int"):
        load(dict(data, seed="42"), HighCard, DECK)
    with pytest.raises(ReplayError, match="the record is of 'chinchon'"):
        load(dict(data, game="chinchon"), HighCard, DECK)
    with pytest.raises(GameConfigError, match="unknown parameter 'jokers'"):
        load(dict(data, params={"jokers": True}), HighCard, DECK)


# --- hidden information and the play loop -------------------------------------------------


def test_views_never_show_another_players_cards() -> None:
    for seed in range(60):
        state = HighCard.new(DECK, seed, {"players": 2 + seed % 3, "hand_size": 5})
        rng = random.Random(seed)
        while True:
            for seat in range(state.num_players):
                view = state.view(seat)
                hidden = [
                    card for other, hand in enumerate(state.hands) if other != seat for card in hand
                ]
                assert leaked(view, hidden + state.stock) == []
                assert all(card in list(walk(view)) for card in state.hands[seat])
            if state.is_terminal:
                break
            state.apply(rng.choice(state.legal_actions()))


def test_leak_check_finds_nested_values() -> None:
    card = Card.parse("AS")
    view = HighCardView(0, (), (1,), (Play(1, card),), (0,), None)
    assert leaked(view, [card, Card.parse("KS")]) == [card]
    assert leaked({"deep": [{"x": (card,)}]}, [card]) == [card]


class Spy:
    """A player that records what it is given, and picks the first legal action."""

    def __init__(self) -> None:
        self.seen: list[object] = []

    def choose(self, view: HighCardView, legal_actions: Sequence[Play], rng: random.Random) -> Play:
        self.seen.extend([view, legal_actions, rng])
        return legal_actions[0]


def test_players_get_only_their_view_and_the_legal_actions() -> None:
    spies = [Spy(), Spy()]
    state = play_game(HighCard.new(DECK, 9), spies)
    assert state.is_terminal
    for seat, spy in enumerate(spies):
        views = spy.seen[0::3]
        assert views and all(isinstance(v, HighCardView) and v.player == seat for v in views)
        assert not any(isinstance(item, HighCard) for item in spy.seen)
        assert all(isinstance(item, random.Random) for item in spy.seen[2::3])
        assert all(item is not state.rng for item in spy.seen[2::3])


def test_random_play_always_ends_within_the_bound() -> None:
    for seed in SEEDS:
        players = 2 + seed % 3
        hand_size = 1 + seed % 5
        state = HighCard.new(DECK, seed, {"players": players, "hand_size": hand_size})
        play_game(state, [RandomPlayer() for _ in range(players)], max_steps=players * hand_size)
        assert state.is_terminal
        assert len(state.log) == players * hand_size
        assert sum(state.returns()) == hand_size


def test_the_bound_is_enforced() -> None:
    state = HighCard.new(DECK, 1, {"players": 2, "hand_size": 5})
    with pytest.raises(
        GameNotOverError, match=r"did not end within 9 actions \(player \d to move\)"
    ):
        play_game(state, [RandomPlayer(), RandomPlayer()], max_steps=9)
    assert len(state.log) == 9
    with pytest.raises(ValueError, match="2 players are needed, got 3"):
        play_game(HighCard.new(DECK, 1), [RandomPlayer()] * 3)


def test_player_seeds() -> None:
    def logs(**kwargs: int) -> tuple[Play, ...]:
        return play_game(
            HighCard.new(DECK, 3, {"hand_size": 5}), [RandomPlayer(), RandomPlayer()], **kwargs
        ).log

    assert logs() == logs() == logs(seed=3)
    assert len({logs(seed=seed) for seed in range(20)}) > 1
    own = [RandomPlayer(seed=1), RandomPlayer(seed=2)]
    again = [RandomPlayer(seed=1), RandomPlayer(seed=2)]
    assert play_game(HighCard.new(DECK, 3), own).log == play_game(HighCard.new(DECK, 3), again).log


@pytest.mark.parametrize("module", [params_module, views_module, actions_module])
def test_doctests(module: object) -> None:
    result = doctest.testmod(module, raise_on_error=False)  # type: ignore[arg-type]
    assert result.attempted > 0 and result.failed == 0


class LeakyHighCard(HighCard):
    """A broken engine whose view shows every hand: the leak check must catch it."""

    def view(self, player: int) -> HighCardView:
        honest = super().view(player)
        everything = tuple(card for hand in self.hands for card in hand)
        return dataclasses.replace(honest, hand=everything)


def test_the_leak_check_catches_a_leaky_engine() -> None:
    state = LeakyHighCard.new(DECK, 4)
    assert leaked(state.view(0), state.hands[1]) == state.hands[1]
