"""The Music Game Thingy's heuristic labels and the Contract cards: when they play
Contract Exchange, and when they answer a Contract Exchange or Waiver with Lawyers,
on positions set up by hand (``tests.bots.mgt_positions``) and over seeded games."""

from __future__ import annotations

import random

import pytest

from bots.core import play_game
from bots.games import music_game_thingy as mgt
from bots.games.music_game_thingy.actions import Allow, Done, MusicGameThingyAction, Play
from bots.games.music_game_thingy.bots import HeuristicPlayer, Level
from bots.games.music_game_thingy.pieces import BANK
from tests.bots.mgt_positions import declaring, rules

KATE, DIRE, MASSES, DENTISTS = (
    "kate-the-bitch",
    "dire-haircuts",
    "the-unwashed-masses",
    "sonic-dentistry",
)
LEVELS: tuple[Level, ...] = ("easy", "cautious", "shrewd")


def _declaration(state: mgt.MusicGameThingy, level: Level) -> list[MusicGameThingyAction]:
    """Everything a ``level`` label in ``state.current`` declares, up to ``done`` (a
    Contract card it plays is let stand by everyone)."""
    seat = state.current
    bot = HeuristicPlayer(rules(), level, 3)
    chosen: list[MusicGameThingyAction] = []
    while state.phase in ("declare", "lawyers") and state.current == seat:
        action = bot.choose(state.view(seat), state.legal_actions(), random.Random(3))
        chosen.append(action)
        state.apply(action)
        while state.phase == "lawyers":
            state.apply(Allow(state.current))
        if type(action) is Done:
            break
    return chosen


def _exchanges(chosen: list[MusicGameThingyAction]) -> list[tuple[str, ...]]:
    return [a.targets for a in chosen if type(a) is Play and a.card == "contract-exchange"]


def _swap_position(own: tuple[str, int], theirs: tuple[str, int]) -> mgt.MusicGameThingy:
    """Label 0, declaring first with no money for a Tour, holds a Contract Exchange and
    the Artist ``own``; label 1 holds ``theirs`` (``(id, Fame)``, two-year contracts)."""
    state = declaring(
        hands={0: ["contract-exchange"]}, artists={0: [own], 1: [theirs]}, order=[0, 1, 2]
    )
    state.pay(0, BANK, state.cash[0], "test")
    return state


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_swaps_a_small_artist_for_a_famous_one(level: Level) -> None:
    state = _swap_position((KATE, 4), (DIRE, 18))
    assert _exchanges(_declaration(state, level)) == [(KATE, DIRE)]
    assert state.artists[DIRE].owner == 0 and state.artists[KATE].owner == 1


@pytest.mark.parametrize("level", LEVELS)
def test_no_level_gives_away_the_better_artist(level: Level) -> None:
    state = _swap_position((KATE, 18), (DIRE, 4))
    assert _exchanges(_declaration(state, level)) == []
    assert state.artists[KATE].owner == 0


@pytest.mark.parametrize("level", LEVELS)
def test_no_level_takes_more_fame_whose_contract_ends_this_year(level: Level) -> None:
    # Fame 12 leaving at the end of the first year of two is worth less than Fame 8 for
    # both years and at the end.
    state = _swap_position((KATE, 8), (DIRE, 12))
    state.artists[DIRE].contract = 1
    state.touch(DIRE)
    assert _exchanges(_declaration(state, level)) == []


def test_only_the_shrewd_label_takes_a_small_gain() -> None:
    # One point of Fame more: the shrewd label takes it, the others want more margin.
    taken = {}
    for level in LEVELS:
        state = _swap_position((KATE, 8), (DIRE, 9))
        taken[level] = bool(_exchanges(_declaration(state, level)))
    assert taken == {"easy": False, "cautious": False, "shrewd": True}


def test_a_tour_on_the_road_counts_with_its_artist_except_for_the_easy_label() -> None:
    state = declaring(
        hands={1: ["contract-exchange"]},
        artists={0: [(DIRE, 9)], 1: [(KATE, 9)]},
        order=[0, 1, 2],
    )
    state.apply(mgt.BookTour(0, "the-toilet-circuit", DIRE))
    state.apply(Done(0))
    view = state.view(1)
    by_id = {artist.id: artist for artist in view.artists}
    # Equal Artists, but the one taken brings its Tour's later months and Fame.
    gains = {}
    for level in LEVELS:
        bot = HeuristicPlayer(rules(), level, 1)
        tours = bot.style.exchange_sees_tours
        gains[level] = bot.swap_gain(view, by_id[DIRE], by_id[KATE], 1, tours=tours)
    assert gains["easy"] == 0 < gains["cautious"] == gains["shrewd"]


def test_heuristic_labels_play_contract_exchange_in_seeded_games() -> None:
    played = dict.fromkeys(LEVELS, 0)
    for level in LEVELS:
        for seed in range(4):
            players = [HeuristicPlayer(rules(), level, seed * 8 + seat) for seat in range(4)]
            state = play_game(mgt.MusicGameThingy.new(rules(), seed, {"players": 4}), players)
            tally = state.tallies.get("contract-exchange")
            played[level] += tally.plays if tally is not None else 0
    assert all(count > 0 for count in played.values()), played


# --- Lawyers ---------------------------------------------------------------------------


def _answer(state: mgt.MusicGameThingy, level: Level) -> str:
    seat = state.current
    bot = HeuristicPlayer(rules(), level, 5)
    choice = bot.choose(state.view(seat), state.legal_actions(), random.Random(5))
    return str(choice).partition(":")[2]


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_stops_a_swap_that_takes_its_fame_20_artist(level: Level) -> None:
    state = declaring(
        hands={0: ["contract-exchange"], 1: ["lawyers"]},
        artists={0: [(KATE, 3)], 1: [(DIRE, 20)]},
        order=[0, 1, 2],
    )
    state.apply(Play(0, "contract-exchange", (KATE, DIRE)))
    assert state.current == 1 and _answer(state, level) == "lawyers"


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_stops_a_waiver_of_its_fame_19_artist(level: Level) -> None:
    state = declaring(
        hands={0: ["contract-waiver"], 1: ["lawyers"]},
        artists={0: [(KATE, 3)], 1: [(DIRE, 19), (MASSES, 6)]},
        order=[0, 1, 2],
    )
    state.apply(Play(0, "contract-waiver", (DIRE,)))
    assert state.current == 1 and _answer(state, level) == "lawyers"


def test_a_small_artist_is_let_go_to_keep_lawyers_for_the_famous_one() -> None:
    # The swap takes Fame 3 for Fame 2 from a label that also holds a Fame-18 Artist:
    # cautious and shrewd labels keep their Lawyers for it; an easy one spends them.
    answers = {}
    for level in LEVELS:
        state = declaring(
            hands={0: ["contract-exchange"], 1: ["lawyers"]},
            artists={0: [(KATE, 2)], 1: [(DIRE, 3), (DENTISTS, 18)]},
            order=[0, 1, 2],
        )
        state.apply(Play(0, "contract-exchange", (KATE, DIRE)))
        answers[level] = _answer(state, level)
    assert answers == {"easy": "lawyers", "cautious": "allow", "shrewd": "allow"}


def test_a_shrewd_label_stops_the_leaders_swap_of_another_labels_star() -> None:
    answers = {}
    for level in LEVELS:
        state = declaring(
            hands={0: ["contract-exchange"], 2: ["lawyers"]},
            artists={0: [(KATE, 3)], 1: [(DIRE, 20)], 2: [(MASSES, 6)]},
            order=[0, 1, 2],
        )
        state.announced = [1_500_000, 200_000, 200_000]  # label 0 leads
        state.touch_all()
        state.apply(Play(0, "contract-exchange", (KATE, DIRE)))
        state.apply(Allow(1))
        assert state.current == 2
        answers[level] = _answer(state, level)
    assert answers == {"easy": "allow", "cautious": "allow", "shrewd": "lawyers"}


def test_a_shrewd_label_lets_a_trailing_labels_swap_stand() -> None:
    state = declaring(
        hands={0: ["contract-exchange"], 2: ["lawyers"]},
        artists={0: [(KATE, 3)], 1: [(DIRE, 20)], 2: [(MASSES, 6)]},
        order=[0, 1, 2],
    )
    state.announced = [100_000, 1_500_000, 200_000]  # label 1 leads, not the mover
    state.touch_all()
    state.apply(Play(0, "contract-exchange", (KATE, DIRE)))
    state.apply(Allow(1))
    assert _answer(state, "shrewd") == "allow"
