"""The Chinchón heuristic bot: it only picks legal actions, it beats random play,
and a seeded 3-player game matches its golden transcript.

The golden transcript ``tests/bots/golden/chinchon_3p_seed7.json`` is the
``record(state)`` of one 3-player heuristic game from seed 7. When the bot or
the engine changes on purpose, regenerate it with
``UPDATE_GOLDEN=1 .venv/bin/pytest tests/bots/test_chinchon_bots.py`` and
review the diff before committing.
"""

from __future__ import annotations

import doctest
import json
import os
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from bots.core import Player, RandomPlayer, load, play_game, record
from bots.games.chinchon import (
    Chinchon,
    ChinchonAction,
    ChinchonView,
    Close,
    Discard,
    HeuristicPlayer,
    Reenter,
    StayOut,
    TakeDiscard,
    bots,
)
from tests.data import PACK

GOLDEN = Path(__file__).parent / "golden" / "chinchon_3p_seed7.json"
TURN_LIMIT = 60


class Checked:
    """Wraps a player and fails if it ever picks an action that is not legal."""

    def __init__(self, inner: HeuristicPlayer) -> None:
        self.inner = inner
        self.choices = 0

    def choose(
        self, view: ChinchonView, legal: Sequence[ChinchonAction], rng: random.Random
    ) -> ChinchonAction:
        action = self.inner.choose(view, legal, rng)
        assert action in legal, f"{action} is not among {[str(a) for a in legal]}"
        self.choices += 1
        return action


def test_doctests() -> None:
    assert doctest.testmod(bots).failed == 0


@pytest.mark.parametrize(
    ("players", "variant"),
    [
        (2, {}),
        (3, {"jokers": True}),
        (4, {"forty_eight": True, "five_points": True}),
        (5, {"diamond_ace_wild": True}),
    ],
)
def test_never_chooses_an_illegal_action(players: int, variant: dict[str, Any]) -> None:
    for seed in range(5):
        state = Chinchon.new(
            PACK, seed, {"players": players, "hand_turn_limit": TURN_LIMIT, **variant}
        )
        seats: list[Player[Any, Any]] = []
        checked = []
        for seat in range(players):
            if seat % 2 == 0:
                player = Checked(HeuristicPlayer(PACK, seed * 10 + seat))
                checked.append(player)
                seats.append(player)
            else:
                seats.append(RandomPlayer())
        play_game(state, seats)
        assert state.is_terminal
        assert all(player.choices > 0 for player in checked)


def test_beats_random_in_two_player_games() -> None:
    games, won = 60, 0.0
    for seed in range(games):
        seat = seed % 2
        players: list[Player[Any, Any]] = [RandomPlayer(), RandomPlayer()]
        players[seat] = HeuristicPlayer(PACK, seed)
        state = Chinchon.new(PACK, seed, {"players": 2, "hand_turn_limit": TURN_LIMIT})
        won += play_game(state, players).returns()[seat]
    assert won / games >= 0.9


def test_takes_the_discard_only_when_it_helps() -> None:
    bot = HeuristicPlayer(PACK, 0)
    state = Chinchon.new(PACK, 0)
    legal = state.legal_actions()
    view = state.view(state.current)
    hand = PACK.parse_cards("QH QS QC 5D 6D 2C 3S")
    helpful = _with(view, hand, PACK.parse_cards("7D")[0])  # makes 5D 6D 7D
    useless = _with(view, hand, PACK.parse_cards("KS")[0])  # could only replace itself
    assert isinstance(bot.choose(helpful, legal, random.Random(0)), TakeDiscard)
    assert not isinstance(bot.choose(useless, legal, random.Random(0)), TakeDiscard)


def test_discards_the_card_leaving_fewest_points_and_closes_for_minus_ten() -> None:
    bot = HeuristicPlayer(PACK, 0)
    view = Chinchon.new(PACK, 0).view(0)
    hand = PACK.parse_cards("QH QS QC 5D 6D 7D 3H KS")
    discards = [Discard(0, card) for card in sorted(set(hand))]
    assert bot.choose(_with(view, hand, None), discards, random.Random(0)) == Discard(
        0, PACK.parse_cards("KS")[0]
    )
    closes = [Close(0, card) for card in PACK.parse_cards("3H KS")]
    assert bot.choose(_with(view, hand, None), [*discards, *closes], random.Random(0)) == Close(
        0, PACK.parse_cards("KS")[0]
    )


def test_golden_three_player_game() -> None:
    state = play_game(
        Chinchon.new(PACK, 7, {"players": 3, "hand_turn_limit": TURN_LIMIT}),
        [HeuristicPlayer(PACK, seat) for seat in range(3)],
    )
    fresh = json.dumps(record(state), indent=2) + "\n"
    if os.environ.get("UPDATE_GOLDEN") == "1":
        GOLDEN.write_text(fresh, encoding="utf-8")
    assert GOLDEN.read_text(encoding="utf-8") == fresh
    assert load(json.loads(fresh), Chinchon, PACK) == state


def _with(view: ChinchonView, hand: Sequence[Any], top: Any) -> ChinchonView:
    return view._replace(hand=tuple(sorted(hand)), top_discard=top)


def test_does_not_feed_the_next_player_what_they_collect() -> None:
    bot = HeuristicPlayer(PACK, 0)
    view = Chinchon.new(PACK, 0, {"players": 3}).view(0)._replace(must_draw=False)
    hand = PACK.parse_cards("QH QS QC 5D 6D 7D KS JH")
    discards = [Discard(0, card) for card in sorted(set(hand))]
    assert bot.choose(_with(view, hand, None), discards, random.Random(0)) == Discard(
        0, PACK.parse_cards("KS")[0]
    )
    # Player 1 (next) was seen taking the KD: the KS would go with it, so keep it.
    seen = view._replace(picked_up=((), PACK.parse_cards("KD"), ()))
    assert bot.choose(_with(seen, hand, None), discards, random.Random(0)) == Discard(
        0, PACK.parse_cards("JH")[0]
    )


@pytest.mark.parametrize(("players", "closes"), [(2, False), (4, True)])
def test_weighs_waiting_for_a_chinchon_against_the_risk(players: int, closes: bool) -> None:
    """Six hearts in a row and an ace: closing now scores 1; only the 7H makes a chinchón.
    Against one opponent the bot waits a turn; against three it closes."""
    bot = HeuristicPlayer(PACK, 0)
    view = (
        Chinchon.new(PACK, 0, {"players": players})
        .view(0)
        ._replace(must_draw=False, discard_pile=(), top_discard=None)
    )
    hand = PACK.parse_cards("AH 2H 3H 4H 5H 6H AC KS")
    legal = [Discard(0, card) for card in sorted(set(hand))] + [Close(0, PACK.parse_cards("KS")[0])]
    chosen = bot.choose(_with(view, hand, None), legal, random.Random(0))
    assert isinstance(chosen, Close) == closes
    impatient = HeuristicPlayer(PACK, 0, patient=False)
    assert isinstance(impatient.choose(_with(view, hand, None), legal, random.Random(0)), Close)


def test_always_reenters() -> None:
    view = Chinchon.new(PACK, 0, {"players": 4}).view(3)
    legal = [Reenter(3), StayOut(3)]
    assert HeuristicPlayer(PACK, 1).choose(view, legal, random.Random(0)) == Reenter(3)


def test_play_does_not_depend_on_what_the_caches_saw_before() -> None:
    """The points table keeps recent answers; the same seed must give the same game
    whether it is played first, after other games, or replayed."""
    from bots.games.chinchon import PointsTable

    def game(seed: int) -> list[str]:
        state = Chinchon.new(PACK, seed, {"players": 4, "five_points": seed % 2 == 0})
        play_game(state, [HeuristicPlayer(PACK, seed + seat) for seat in range(4)])
        again = replay_log(state)
        assert again == state
        return [str(action) for action in state.log]

    def replay_log(state: Chinchon) -> Chinchon:
        from bots.core import replay

        return replay(Chinchon, PACK, state.seed, dict(state.params), [str(a) for a in state.log])

    first = [game(seed) for seed in range(10)]
    table = PointsTable.for_rules(PACK.rules())
    table.forget()
    assert [game(seed) for seed in reversed(range(10))][::-1] == first
