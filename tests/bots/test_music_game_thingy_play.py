"""The Music Game Thingy over whole seeded games: every invariant after every step
in every variant, views, clones, replays, the bots' strength, the verify adapter and
a golden transcript.

The golden transcript ``tests/bots/golden/music_game_thingy_3p_seed7.json`` is the
``record(state)`` of one 3-label game of shrewd bots from seed 7, with every month's
results and the final scores. When the bots, the engine or the cards change on
purpose, regenerate it with
``UPDATE_GOLDEN=1 .venv/bin/pytest tests/bots/test_music_game_thingy_play.py`` and
review the diff before committing.
"""

from __future__ import annotations

import json
import os
import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from bots.core import (
    IllegalActionError,
    Player,
    RandomPlayer,
    leaked,
    load,
    play_game,
    record,
    replay,
    seat_rngs,
)
from bots.core.verify import Table, play_checked
from bots.games.music_game_thingy import MusicGameThingy, checks, views
from bots.games.music_game_thingy.actions import Done, Pass
from bots.games.music_game_thingy.bots import BOTS, HeuristicPlayer
from bots.games.music_game_thingy.records import Cash, HandCard, MusicGameThingyView
from bots.games.music_game_thingy.stats import game_figures
from bots.games.music_game_thingy.verify import MusicGameThingyVerify
from pnp.catalog import load_catalog
from tests.bots.mgt_positions import rules
from tests.conftest import CARDS

GOLDEN = Path(__file__).parent / "golden" / "music_game_thingy_3p_seed7.json"


def variant_params() -> list[dict[str, Any]]:
    variants = [dict(v.params) for v in load_catalog(CARDS).game("music-game-thingy").variants()]
    return [{}, {"years": 1}, {"years": 3}, {"tours_per_label": 0, "tour_rest": 0}, *variants]


VARIANTS = variant_params()


@cache
def adapter() -> MusicGameThingyVerify:
    game = load_catalog(CARDS).game("music-game-thingy")
    variants = {variant.id: dict(variant.params) for variant in game.variants()}
    return MusicGameThingyVerify(game, variants)


def players_for(kinds: str, players: int, seed: int) -> list[Player[Any, Any]]:
    """``r`` random, ``c`` cautious, ``s`` shrewd, by seat (repeating)."""
    made: list[Player[Any, Any]] = []
    for seat in range(players):
        kind = kinds[seat % len(kinds)]
        if kind == "r":
            made.append(RandomPlayer())
        else:
            made.append(
                HeuristicPlayer(rules(), "cautious" if kind == "c" else "shrewd", seed + seat)
            )
    return made


def hidden(state: MusicGameThingy, player: int) -> list[object]:
    """What ``player``'s view must not hold (the verify adapter's list)."""
    return list(adapter().hidden_from(state, player))


def play_watched(
    params: dict[str, Any], seed: int, kinds: str, check_every: int = 1
) -> MusicGameThingy:
    """Play a whole game checking every invariant, view and legal action on the way."""
    state = MusicGameThingy.new(rules(), seed, params)
    players = players_for(kinds, state.num_players, seed)
    rngs = seat_rngs(seed, state.num_players)
    clone_at = random.Random(seed).randrange(50, 300)
    steps = 0
    while not state.is_terminal:
        assert steps < MusicGameThingyVerify.step_bound
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        assert legal, f"player {seat} has no legal action at step {steps}"
        view = state.view(seat)
        if steps % check_every == 0:
            assert checks.problems(state) == [], f"step {steps}"
            assert view == views.view(state, seat, fresh=True), f"step {steps}"
            for player in range(state.num_players):
                assert leaked(state.view(player), hidden(state, player)) == []
            for action in legal:
                assert state.parse_action(str(action)) == action
                assert state.why_illegal(action) is None, action
        if steps == clone_at:
            twin = state.clone()
            assert twin == state and twin.data is state.data
            twin.apply(twin.legal_actions()[-1])
            assert twin != state and len(state.log) == steps
        state.apply(players[seat].choose(view, legal, rngs[seat]))
        steps += 1
    assert checks.problems(state) == []
    assert replay(MusicGameThingy, rules(), seed, params, [str(a) for a in state.log]) == state
    return state


# Whole games are slow to shrink: a failure is reported with its seed as found.
@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
)
@given(
    seed=st.integers(0, 10_000),
    variant=st.sampled_from(VARIANTS),
    players=st.integers(2, 5),
    kinds=st.sampled_from(["r", "s", "c", "rs", "sc", "rcs"]),
)
def test_seeded_games_keep_every_rule(
    seed: int, variant: dict[str, Any], players: int, kinds: str
) -> None:
    state = play_watched({"players": players, **variant}, seed, kinds, check_every=7)
    assert state.is_terminal and state.current_player is None
    assert state.legal_actions() == ()
    assert sum(state.returns()) == pytest.approx(1.0)
    assert len(state.final) == players
    assert state.month_index + 1 == 12 * state.years


@pytest.mark.parametrize(
    "variant", VARIANTS, ids=lambda v: ",".join(f"{k}={x}" for k, x in v.items()) or "standard"
)
def test_every_variant_keeps_every_rule(variant: dict[str, Any]) -> None:
    play_watched({"players": 4, **variant}, 11, "rsc", check_every=3)


def test_illegal_actions_leave_the_state_unchanged() -> None:
    state = MusicGameThingy.new(rules(), 4, {"players": 3})
    players = players_for("rs", 3, 4)
    rngs = seat_rngs(4, 3)
    chooser = random.Random(4)
    tried = 0
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        if chooser.random() < 0.1:
            other = (seat + 1) % 3
            for wrong in (
                Done(other),
                Pass(other),
                Done(seat) if state.phase != "declare" else None,
            ):
                if wrong is None or state.is_legal(wrong):
                    continue
                before = state.clone()
                with pytest.raises(IllegalActionError, match=r"^player \d+ cannot .+: .+"):
                    state.apply(wrong)
                assert state == before
                tried += 1
        state.apply(players[seat].choose(state.view(seat), state.legal_actions(), rngs[seat]))
    assert tried > 20


def test_views_built_fast_equal_views_built_by_the_dataclass() -> None:
    state = MusicGameThingy.new(rules(), 6, {"players": 3})
    players = players_for("rs", 3, 6)
    rngs = seat_rngs(6, 3)
    for _ in range(200):
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        assert MusicGameThingyView(**vars(view)) == view
        state.apply(players[seat].choose(view, state.legal_actions(), rngs[seat]))


def test_declaration_menus_built_from_kept_views_equal_menus_built_anew() -> None:
    # The declarations' menus read who holds which Artist and the Tours on the road
    # from the views' kept table; a twin whose kept parts are all dropped must list the
    # very same actions at every step.
    declaring = 0
    for seed, kinds in ((4, "rs"), (12, "sc"), (21, "rcs")):
        state = MusicGameThingy.new(rules(), seed, {"players": 4})
        players = players_for(kinds, 4, seed)
        rngs = seat_rngs(seed, 4)
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            legal = state.legal_actions()
            if state.phase == "declare":
                twin = state.clone()
                twin.table_cache, twin.labels_cache, twin.label_cache = None, None, None
                twin.discard_cache, twin.activity_cache = None, None
                assert list(twin.legal_actions()) == list(legal)
                assert twin.view(seat) == views.view(state, seat, fresh=True)
                declaring += 1
            state.apply(players[seat].choose(state.view(seat), legal, rngs[seat]))
    assert declaring > 300


def test_same_seed_same_game_and_records_load_back() -> None:
    first = play_game(MusicGameThingy.new(rules(), 9, {"players": 4}), players_for("sc", 4, 9))
    second = play_game(MusicGameThingy.new(rules(), 9, {"players": 4}), players_for("sc", 4, 9))
    assert first == second and first.log == second.log
    saved = json.loads(json.dumps(record(first)))
    assert load(saved, MusicGameThingy, rules()) == first


# --- the bots ---------------------------------------------------------------------------


def test_the_bots_are_listed_weakest_first() -> None:
    assert [spec.name for spec in BOTS] == ["random", "easy", "cautious", "shrewd"]
    assert [spec.strength for spec in BOTS] == [0, 1, 2, 3]
    assert all(spec.description for spec in BOTS)
    assert isinstance(BOTS[3](rules(), 3), HeuristicPlayer)
    with pytest.raises(ValueError, match="level must be one of easy, cautious, shrewd"):
        HeuristicPlayer(rules(), "reckless")  # type: ignore[arg-type]


def wins_against_random(level: str, games: int) -> float:
    won = 0.0
    for seed in range(games):
        seat = seed % 3
        players: list[Player[Any, Any]] = [RandomPlayer(), RandomPlayer(), RandomPlayer()]
        players[seat] = HeuristicPlayer(rules(), level, seed)  # type: ignore[arg-type]
        state = play_game(MusicGameThingy.new(rules(), seed, {"players": 3}), players)
        won += state.returns()[seat]
    return won


@pytest.mark.parametrize("level", ["cautious", "shrewd"])
def test_heuristic_bots_beat_random_play(level: str) -> None:
    # A seeded sample (the benchmark measures it with an interval over many more games).
    # With the retuned Tours, 400 seeds give 96% (cautious) and 98% (shrewd); these 100
    # give 96 and 98, so the bar sits a margin below both.
    assert wins_against_random(level, 100) >= 90


def test_the_easy_level_beats_random_play_and_loses_to_cautious() -> None:
    # Measured over 100 3-label games each: easy against two random labels 93% (86-97%),
    # easy against two cautious labels 24% (17-33%), a fair share being 33%.
    assert wins_against_random("easy", 30) >= 24
    won = 0.0
    for seed in range(30):
        seat = seed % 3
        players: list[Player[Any, Any]] = [
            HeuristicPlayer(rules(), "cautious", seed * 8 + other) for other in range(3)
        ]
        players[seat] = HeuristicPlayer(rules(), "easy", seed)
        state = play_game(MusicGameThingy.new(rules(), seed, {"players": 3}), players)
        won += state.returns()[seat]
    assert won < 10  # under its fair share of 30 games


def test_the_random_bot_bids_only_what_it_holds() -> None:
    state = MusicGameThingy.new(rules(), 21, {"players": 3})
    players = players_for("r", 3, 21)
    rngs = seat_rngs(21, 3)
    while state.auctions == 0:
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        for action in legal:
            amount = getattr(action, "amount", 0)
            assert amount <= max(0, state.cash[seat])
        state.apply(players[seat].choose(state.view(seat), legal, rngs[seat]))
    assert min(state.cash) >= 0


def test_a_heuristic_label_keeps_lawyers_for_a_move_aimed_at_it_and_accepts_good_trades() -> None:
    from tests.bots.mgt_positions import declaring

    state = declaring(
        hands={0: ["contract-waiver"], 1: ["lawyers"]},
        artists={0: [("kate-the-bitch", 4)], 1: [("dire-haircuts", 12)]},
        order=[0, 1, 2],
    )
    from bots.games.music_game_thingy.actions import Play

    state.apply(Play(0, "contract-waiver", ("dire-haircuts",)))
    bot = HeuristicPlayer(rules(), "shrewd", 1)
    choice = bot.choose(state.view(1), state.legal_actions(), random.Random(1))
    assert str(choice) == "1:lawyers"
    view = state.view(1)
    from bots.games.music_game_thingy.actions import Offer

    assert bot.trade_gain(view, Offer(0, 1, give_money=50_000)) == 50_000
    assert bot.trade_gain(view, Offer(0, 1, take_money=10_000)) == -10_000


# --- the verify adapter -------------------------------------------------------------------


def test_the_verify_tables_are_those_the_issue_lists() -> None:
    keys = [table.key for table in adapter().tables()]
    assert keys == [
        "standard-2p",
        "standard-3p",
        "standard-4p",
        "standard-5p",
        "1-year-4p",
        "3-years-4p",
        "most-fame-4p",
        "most-artists-4p",
        "successful-singles-4p",
        "whistle-blowing-4p",
        "second-design-tours-4p",
        "standard-3p-mixed",
        "standard-4p-mixed",
    ]
    assert adapter().deck_problems() == []
    printed = adapter().printed_cards()
    assert len(printed) == len(rules().actions) + 4 + 25


@pytest.mark.parametrize("key", ["standard-5p", "whistle-blowing-4p", "standard-3p-mixed"])
def test_verify_plays_its_tables_with_every_check(key: str) -> None:
    verify = adapter()
    table = next(t for t in verify.tables() if t.key == key)
    for seed in range(3):
        outcome = play_checked(verify, table, seed, check_every=3)
        assert outcome.status == "ok", outcome.problem
        assert sum(outcome.returns) == pytest.approx(1.0)
        assert outcome.rounds == 24 and outcome.turns > 100
        assert sum(outcome.played.values()) > 20
        assert outcome.extra["money"] and json.dumps(outcome.extra)


def test_the_verify_checks_find_broken_states() -> None:
    verify = adapter()
    state = MusicGameThingy.new(rules(), 1, {"players": 3})
    assert verify.conservation_problem(state) is None
    state.cash[0] += 1_000
    assert "money not conserved" in (verify.conservation_problem(state) or "")
    state.cash[0] -= 1_000
    state.deck.pop()
    assert "cards not conserved" in (verify.conservation_problem(state) or "")
    # A view that showed another label's cash or hand would be caught.
    found = verify.hidden_from(state, 0)
    assert Cash(1, 200_000) in found and any(isinstance(item, HandCard) for item in found)
    assert leaked(state.view(0), found) == []
    assert leaked((state.view(1).cash, state.view(1).hand), found)


def test_game_figures_add_up() -> None:
    state = play_game(MusicGameThingy.new(rules(), 3, {"players": 4}), players_for("s", 4, 3))
    figures = game_figures(state)
    assert figures["money"] == [score.money for score in state.final]
    assert sum(figures["signings_per_label"]) == len(state.signings)
    assert sum(n for n, _, _ in figures["signings_by_fame"].values()) == len(state.signings)
    assert figures["sources_net"].get("artists", 0) == -sum(s[4] for s in state.signings)
    assert sum(figures["money"]) == 4 * 200_000 + sum(figures["sources_net"].values())
    with pytest.raises(ValueError, match="only a finished game"):
        game_figures(MusicGameThingy.new(rules(), 3, {"players": 4}))


def test_extra_rows_are_the_same_for_every_table() -> None:
    from pnp.verify.report import _add

    verify = adapter()
    labels = None
    for table in (verify.tables()[0], verify.tables()[-1]):
        outcomes = [play_checked(verify, table, seed, check_every=50) for seed in range(3)]
        extras = [outcome.extra for outcome in outcomes]
        totals: dict[str, Any] = {}
        for extra in extras:
            _add(totals, extra)
        rows = verify.extra_rows(totals, len(outcomes), extras)
        assert all(value for _, value in rows)
        if labels is None:
            labels = [label for label, _ in rows]
        assert [label for label, _ in rows] == labels


# --- golden transcript ----------------------------------------------------------------------


def transcript(seed: int = 7) -> tuple[MusicGameThingy, dict[str, Any]]:
    state = MusicGameThingy.new(rules(), seed, {"players": 3})
    players = [HeuristicPlayer(rules(), "shrewd", seed * 8 + seat) for seat in range(3)]
    rngs = seat_rngs(seed, 3)
    months: list[str] = []
    seen = state.last_month
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        state.apply(players[seat].choose(state.view(seat), state.legal_actions(), rngs[seat]))
        if state.last_month is not seen:
            seen = state.last_month
            months.append(_month_line(state, len(months)))
    data = record(state)
    data["months"] = months
    data["final"] = [
        f"label {s.label}: {s.money:,} ({s.fame} Fame, {s.artists} Artists)" for s in state.final
    ]
    data["winners"] = list(state.winners)
    return state, data


def _month_line(state: MusicGameThingy, number: int) -> str:
    parts = [
        f"{r.declarer}:{r.artist} {r.source} {r.units}u {r.money:,}"
        + (f" +{r.chart_fame}F" if r.chart_fame else "")
        + (" struck" if r.struck else "")
        for r in state.last_month
    ]
    return f"month {number + 1}: " + ("; ".join(parts) or "nothing")


def test_golden_three_label_game() -> None:
    state, data = transcript()
    fresh = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    if os.environ.get("UPDATE_GOLDEN") == "1":
        GOLDEN.write_text(fresh, encoding="utf-8")
    assert GOLDEN.read_text(encoding="utf-8") == fresh
    assert load(json.loads(fresh), MusicGameThingy, rules()) == state


def test_mixed_tables_seat_the_heuristic_label_by_the_seed() -> None:
    table = Table("standard", 3, (("players", 3),), "mixed")
    assert table.heuristic_seats(4) == (1,)
