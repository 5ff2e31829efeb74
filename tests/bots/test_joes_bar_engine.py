"""The Joe's Bar engine as a game state: its card data comes from the catalog (the icon
language from icons.yaml), actions read back from their written form, parameters and
every field of the decisions' rules are checked, and seeded games in every decision
setting end, conserve every card, keep hidden what is hidden, refuse illegal actions
with a sentence, clone and replay."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel

from bots.core import (
    GameConfigError,
    IllegalActionError,
    InvalidActionError,
    Player,
    RandomPlayer,
    leaked,
    replay,
)
from bots.games.joes_bar import CardData, JoesBar, parse_action
from bots.games.joes_bar.bots import HeuristicPlayer
from bots.games.joes_bar.rules import DECISIONS, PLAYED, SIDES, decision_param
from bots.games.joes_bar.verify import JoesBarVerify
from pnp.catalog import load_catalog
from pnp.catalog.schemas.joes_bar import HandLimit
from tests.bots.joes_bar_positions import DRAFT, card_data, new_game
from tests.conftest import CARDS

#: Every decision setting played: the beta, each decision alone at its older draft, the draft.
SETTINGS = [{}, *({name: "older-draft"} for name in DECISIONS), DRAFT]
SETTING_NAMES = ["beta", *DECISIONS, "older-draft"]


def adapter() -> JoesBarVerify:
    return JoesBarVerify(load_catalog(CARDS).game("joes-bar"), {})


# --- data and parameters -----------------------------------------------------------------


def test_the_card_data_comes_from_the_catalog() -> None:
    data = card_data()
    assert len(data.action_deck) == 110 and len(data.bar) == 12 and len(data.patrons) == 10
    assert set(data.only_under) == {"swoosh-card", "bob-and-weave"}
    one_two = data.kind_by_id["one-two"]
    assert (one_two.effects.hit, one_two.effects.combo) == (2, 0)
    trick = data.kind_by_id["dirty-rotten-trick"]
    assert trick.effects.targets == ("rob", "poison")
    assert data.glass(0) == len(data.bar)
    assert data.pieces[data.glass(0)].effects.hit == 1  # an empty glass, from icons.yaml


def test_the_icon_language_is_read_from_the_data(cards_copy: Path) -> None:
    icons = cards_copy / "joes-bar" / "icons.yaml"
    text = icons.read_text(encoding="utf-8")
    # the combo icon now lands a HIT instead: the engine must follow the data, not the id
    icons.write_text(text.replace("    effect: combo", "    effect: hit"), encoding="utf-8")
    data = JoesBar.data_from(load_catalog(cards_copy).game("joes-bar"))
    pile_on = data.kind_by_id["pile-on"]
    assert (pile_on.effects.hit, pile_on.effects.combo) == (2, 0)
    # an icon the engine cannot give for free is refused with a sentence at load
    icons.write_text(text.replace("    effect: reach", "    effect: hit"), encoding="utf-8")
    with pytest.raises(ValueError, match=r"gorilla-gus.*free reach icon only"):
        JoesBar.data_from(load_catalog(cards_copy).game("joes-bar"))


def test_parameters_are_checked() -> None:
    with pytest.raises(GameConfigError, match="between 3 and 5"):
        new_game(6)
    with pytest.raises(GameConfigError, match="one of 'beta', 'older-draft'"):
        new_game(dodging="draft")
    with pytest.raises(GameConfigError, match="song_shortest"):
        new_game(song_shortest=400)
    assert JoesBar.param_spec["players"].minimum == 3
    assert JoesBar.param_spec["players"].maximum == 5


@pytest.mark.parametrize(
    "text",
    [
        "0:hit:2:jab",
        "1:hit:0:jab+pile-on",
        "0:fling:3",
        "0:fling:3:jab",
        "2:dodge:swig",
        "2:slip",
        "2:swoosh:bob-and-weave",
        "1:take",
        "1:time-out",
        "1:draw",
        "0:drink:make-it-a-double",
        "0:grab:neon-sign",
        "0:trick:shakedown:1,2",
        "0:trick:hold-my-beer:3",
        "4:pass",
        "0:discard:jab",
    ],
)
def test_actions_read_back_from_their_written_form(text: str) -> None:
    action = parse_action(text)
    assert str(action) == text and parse_action(str(action)) == action
    assert new_game().parse_action(text) == action


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("0:hit:jab", "target seat and the cards"),
        ("0:punch:2", "not a verb"),
        ("x:take", "seat number"),
        ("0:take:now", "takes nothing"),
        ("0:dodge:jabb", "no card 'jabb'; did you mean 'jab'?"),
        ("0:trick:light-fingers:a", "not a seat number"),
    ],
)
def test_unreadable_actions_are_refused(text: str, message: str) -> None:
    with pytest.raises(InvalidActionError, match=message):
        new_game().parse_action(text)


def data_with(decision: str, side: str, **fields: object) -> CardData:
    """The card data with some fields of one side's rule changed; ``model_copy`` skips the
    catalog's own checks, as a schema that allowed more values would."""
    data = card_data()
    sides = data.decisions[decision]
    rule = sides.rule(side)
    assert isinstance(rule, BaseModel)
    changed = rule.model_copy(update=fields)
    which = "beta" if side == "beta" else "older_draft"
    return replace(data, decisions={**data.decisions, decision: replace(sides, **{which: changed})})


@pytest.mark.parametrize(
    ("decision", "side", "field", "value", "played"),
    [
        ("winning", "beta", "tie_break", "most-hits", "fewest-hits or null"),
        ("winning", "beta", "missing_bl_of", "lost-patrons", "current-patron or every-patron"),
        ("winning", "older-draft", "tie_break", "most-hits", "fewest-hits or null"),
        ("dodging", "beta", "cost", "a-hit-card", "any-card"),
        ("dodging", "older-draft", "redirect_to", "attacker", "next-player"),
        ("swoosh-cards", "older-draft", "cancels_attack", False, "true"),
        ("swoosh-cards", "older-draft", "discards_combo", False, "true"),
        ("swoosh-cards", "older-draft", "ends_chain", False, "true"),
        ("hand-limit", "older-draft", "limit", "starting-bl", "current-bl"),
        ("hand-limit", "older-draft", "when", "end-of-round", "end-of-own-turn"),
        ("utility-timing", "beta", "who", "initiator-only", "any-player"),
        ("utility-timing", "older-draft", "pauses_chain", False, "true"),
        ("sand-timer", "older-draft", "started_by", "attacker", "any-player"),
        ("gulp-cap", "beta", "cap", "scale-max", "none or starting-bl"),
        ("gulp-cap", "older-draft", "becomes_bar_card", "discard", "centre or own-slot-first"),
    ],
)
def test_a_rule_field_the_engine_does_not_play_is_refused(
    decision: str, side: str, field: str, value: object, played: str
) -> None:
    """Every field of either side's rule is checked, the side not chosen too: a value the
    engine would not act out is refused with a sentence, never played as the usual one."""
    data = data_with(decision, side, **{field: value})
    shown = "false" if value is False else value  # as the card data writes it
    message = (
        f"decision '{decision}', {side} side: the engine cannot play {field} = {shown}; "
        f"it plays {field} = {played} only"
    )
    for chosen in SIDES:
        with pytest.raises(GameConfigError) as refused:
            JoesBar.new(data, 1, {"players": 4, decision_param(decision): chosen})
        assert str(refused.value) == message


def test_a_rule_field_the_engine_does_not_name_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """A field the schema gains before the engine learns it is refused, not ignored."""
    monkeypatch.setitem(PLAYED, HandLimit, {"type": None, "limit": ("current-bl",)})
    with pytest.raises(GameConfigError, match=r"'hand-limit', older-draft side: .* 'when'"):
        new_game()
    monkeypatch.delitem(PLAYED, HandLimit)
    with pytest.raises(GameConfigError, match="cannot play a rule of HandLimit"):
        new_game()


# --- seeded games in every setting ---------------------------------------------------------------


def _players(seed: int, players: int, heuristic: bool) -> list[Player[object, object]]:
    if not heuristic:
        return [RandomPlayer() for _ in range(players)]
    styles = ["cautious", "brawler", "tipsy"]
    return [
        HeuristicPlayer(card_data(), styles[(seat + seed) % 3], seed * 8 + seat)
        for seat in range(players)
    ]


@pytest.mark.parametrize("setting", SETTINGS, ids=SETTING_NAMES)
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.integers(3, 5), heuristic=st.booleans())
def test_seeded_games_keep_every_rule(
    setting: dict[str, str], seed: int, players: int, heuristic: bool
) -> None:
    """Every setting plays, each a few seeded games (hypothesis picks the seed, the
    players and the bots)."""
    checks = adapter()
    params = {"players": players, **setting}
    state = JoesBar.new(card_data(), seed, params)
    bots = _players(seed, players, heuristic)
    rng = random.Random(seed)
    steps = 0
    while not state.is_terminal:
        assert steps < checks.step_bound
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        assert legal, f"player {seat} has nothing to do in phase {state.phase}"
        view = state.view(seat)
        if steps % 7 == 0:
            assert checks.conservation_problem(state) is None
            assert leaked(view, checks.hidden_from(state, seat)) == []
            for other in range(players):
                if other != seat:
                    assert not set(map(id, state.hands[other])) & set(map(id, view.hand))
        if steps % 23 == 0:
            twin = state.clone()
            assert twin == state
            twin.apply(legal[0])
            assert twin != state and len(state.log) == steps
        action = bots[seat].choose(view, legal, rng)
        state.apply(action)
        steps += 1
    assert checks.conservation_problem(state) is None
    assert state.knockouts >= state.knockouts_to_end or state.round >= state.rules.round_limit
    assert sum(state.returns()) == pytest.approx(1.0)
    assert replay(JoesBar, card_data(), seed, params, [str(a) for a in state.log]) == state


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**31), setting=st.sampled_from(range(len(SETTINGS))))
def test_illegal_actions_are_refused_with_a_sentence_and_change_nothing(
    seed: int, setting: int
) -> None:
    state = JoesBar.new(card_data(), seed, {"players": 4, **SETTINGS[setting]})
    rng = random.Random(seed)
    candidates = [
        parse_action(text)
        for text in (
            "0:hit:1:jab",
            "1:hit:3:one-two",
            "2:fling:0",
            "3:dodge:swig",
            "0:slip",
            "1:swoosh:swoosh-card",
            "2:take",
            "3:time-out",
            "0:draw",
            "1:drink:swig",
            "2:grab:chair",
            "3:trick:light-fingers:0",
            "0:trick:hold-my-beer:1",
            "1:pass",
            "2:discard:jab",
        )
    ]
    for _ in range(40):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        for action in candidates:
            if action in legal:
                continue
            before = state.clone()
            with pytest.raises(IllegalActionError) as refused:
                state.apply(action)
            message = str(refused.value)
            assert message.startswith(f"player {action.player} cannot ") and ": " in message
            assert state == before
        state.apply(rng.choice(list(legal)))


def test_the_game_is_the_same_from_the_same_seed() -> None:
    games = []
    for _ in range(2):
        state = new_game(5, 11)
        bots = _players(11, 5, True)
        rng = random.Random(0)
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            state.apply(bots[seat].choose(state.view(seat), state.legal_actions(), rng))
        games.append([str(action) for action in state.log])
    assert games[0] == games[1]


def test_views_hide_hands_the_deck_and_the_discard_pile() -> None:
    state = new_game(4, 3)
    view = state.view(0)
    assert view.hand == tuple(state.hands[0])
    assert [seat.hand_size for seat in view.seats] == [len(hand) for hand in state.hands]
    hidden = [*state.hands[1], *state.hands[2], *state.hands[3], *state.deck, *state.pile]
    assert leaked(view, hidden) == []
    assert leaked(view, state.hands[0]) == list(state.hands[0])  # the check can find cards
    assert not hasattr(view, "song")  # the song's length is heard, not known
