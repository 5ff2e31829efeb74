"""Honest figures (pnp/verify/stats.py): known answers for every interval and test, and
the report's verdicts."""

from __future__ import annotations

import doctest
import random

import pytest

from bots.core import stats as core_stats
from pnp.verify import comparison, stats
from pnp.verify.report import _balance


def test_wilson_interval_known_answer() -> None:
    # 30 of 100: Wilson 95% interval 0.2189 to 0.3958 (as statistics texts give it)
    rate = stats.proportion(30, 100)
    assert (rate["value"], rate["n"]) == (0.3, 100)
    assert rate["low"] == pytest.approx(0.2189, abs=1e-4)
    assert rate["high"] == pytest.approx(0.3958, abs=1e-4)
    edge = stats.proportion(0, 20)
    assert edge["low"] == 0.0 and 0.0 < edge["high"] < 0.2
    assert stats.proportion(0, 0)["value"] is None


def test_t_interval_of_a_mean() -> None:
    # 1, 2, 3, 4: mean 2.5, sd 1.291, t(0.975, 3) = 3.182, half-width 2.054
    figure = stats.mean([1.0, 2.0, 3.0, 4.0])
    assert figure["value"] == 2.5 and figure["sd"] == pytest.approx(1.2910, abs=1e-4)
    assert figure["low"] == pytest.approx(0.4457, abs=1e-3)
    assert figure["high"] == pytest.approx(4.5543, abs=1e-3)
    assert stats.mean([7.0])["low"] is None


def test_ratio_interval_takes_the_game_as_the_unit() -> None:
    # rounds ended by the song in four games: 1 of 3, 2 of 4, 0 of 2, 3 of 4; by hand:
    # 6/13, residuals' variance 2.3550/3, standard error 0.13631, t(0.975, 3) = 3.1824
    share = stats.ratio([1, 2, 0, 3], [3, 4, 2, 4])
    assert share["value"] == pytest.approx(6 / 13) and (share["n"], share["groups"]) == (13, 4)
    assert share["low"] == pytest.approx(0.0277, abs=1e-3)
    assert share["high"] == pytest.approx(0.8953, abs=1e-3)
    assert stats.ratio([], [])["value"] is None and stats.ratio([1], [2])["low"] is None
    assert stats.percent(share) == "46% (3-90%, n=13 in 4 games)"
    assert stats.percent(stats.ratio([1], [2])) == "50% (n=2 in 1 game)"
    with pytest.raises(ValueError, match="3 event counts but 2 unit counts"):
        stats.ratio([1, 2, 3], [4, 5])


def test_ratio_interval_covers_clustered_shares_where_wilson_does_not() -> None:
    # Games whose rounds share their fate (each game has its own chance, 0.1 to 0.9,
    # of a round ending by the song): the interval over games covers the true share
    # about 95% of the time; a Wilson interval over the rounds, as if independent, less.
    rng = random.Random(7)
    covered = wilson = 0
    for _ in range(300):
        events, units = [], []
        for _ in range(60):
            chance, rounds = rng.uniform(0.1, 0.9), rng.randint(2, 6)
            events.append(sum(rng.random() < chance for _ in range(rounds)))
            units.append(rounds)
        share = stats.ratio(events, units)
        naive = stats.proportion(sum(events), sum(units))
        covered += share["low"] <= 0.5 <= share["high"]
        wilson += naive["low"] <= 0.5 <= naive["high"]
    assert 0.90 <= covered / 300 <= 0.99
    assert wilson / 300 < covered / 300 - 0.04


def test_differences_are_called_only_when_the_interval_leaves_out_zero() -> None:
    apart = stats.difference_of_rates(stats.proportion(30, 100), stats.proportion(50, 100))
    assert apart["significant"] and apart["value"] == pytest.approx(0.2)
    # Newcombe's hybrid interval for 0.3 against 0.5 at n = 100 each
    assert apart["low"] == pytest.approx(0.0656, abs=2e-3)
    assert apart["high"] == pytest.approx(0.3249, abs=2e-3)
    close = stats.difference_of_rates(stats.proportion(30, 100), stats.proportion(36, 100))
    assert not close["significant"] and close["low"] < 0 < close["high"]
    means = stats.difference_of_means([1.0, 2.0, 3.0, 4.0], [3.0, 4.0, 5.0, 6.0])
    assert means["value"] == 2.0 and not means["significant"]
    wide = stats.difference_of_means([1.0, 1.1, 0.9] * 10, [2.0, 2.1, 1.9] * 10)
    assert wide["significant"] and wide["low"] > 0


def test_a_rate_of_one_game_has_no_interval_and_no_called_difference() -> None:
    # a share of rounds from a single game (one group): no interval, so nothing is called
    alone = stats.ratio([2], [4])
    assert alone["low"] is None
    found = stats.difference_of_rates(alone, stats.ratio([1, 3], [4, 4]))
    assert found["value"] == pytest.approx(0.0) and found["low"] is None
    assert not found["significant"]
    assert comparison.show_difference(found, "rate") == "no interval (too few games)"
    assert comparison.show(alone, "rate", "song_ended") == "50%"


def test_the_seat_test_flags_only_a_real_advantage() -> None:
    # the figures of the issue: 30/21/15/15/19 of 100 games is within chance
    assert not stats.seat_test([30, 21, 15, 15, 19])["significant"]
    assert stats.seat_test([30, 21, 15, 15, 19])["p"] == pytest.approx(0.107, abs=1e-3)
    # the same shares over 1,000 games are not
    assert stats.seat_test([300, 210, 150, 150, 190])["significant"]
    sentence = _balance(
        [stats.proportion(w, 100) for w in (30, 21, 15, 15, 19)],
        stats.seat_test([30, 21, 15, 15, 19]),
        100,
    )["sentence"]
    assert sentence == "no seat advantage detected at 100 games (chi-square p = 0.11)"
    flagged = _balance(
        [stats.proportion(w, 1000) for w in (300, 210, 150, 150, 190)],
        stats.seat_test([300, 210, 150, 150, 190]),
        1000,
    )
    assert flagged["significant"]
    assert flagged["sentence"].startswith("seats differ at 1000 games")
    assert "seat 1 wins 30%, seat 3 15%" in flagged["sentence"]


def test_seat_tests_of_many_tables_are_judged_together() -> None:
    """One table at p = 0.028 among nine balanced ones is what chance gives: not flagged;
    the same table with a real advantage (p = 0.0067) among two others still is."""
    lucky = stats.seat_test([23, 10, 11])
    balanced = stats.seat_test([10, 11, 12])
    assert lucky["significant"] and lucky["p"] == pytest.approx(0.0282, abs=1e-4)
    together = stats.adjust_seat_tests([lucky] + [balanced] * 9)
    assert [test["significant"] for test in together] == [False] * 10
    assert together[0]["p_adjusted"] == pytest.approx(0.282, abs=1e-3)
    assert together[0]["tables"] == 10
    real = stats.seat_test([25, 10, 10])
    kept = stats.adjust_seat_tests([real, balanced, balanced])
    assert [test["significant"] for test in kept] == [True, False, False]
    assert kept[0]["p_adjusted"] == pytest.approx(3 * real["p"])
    # a test without games stays without a verdict, and does not count
    empty = stats.seat_test([0, 0, 0])
    mixed = stats.adjust_seat_tests([empty, real])
    assert "p_adjusted" not in mixed[0] and mixed[1]["tables"] == 1
    sentence = _balance([stats.proportion(w, 44) for w in (23, 10, 11)], together[0], 44)[
        "sentence"
    ]
    assert sentence == (
        "no seat advantage detected at 44 games (chi-square p = 0.03, 0.28 adjusted for 10 tables)"
    )


def test_people_read_figures_with_their_interval_and_sample_size() -> None:
    assert stats.percent(stats.proportion(30, 100)) == "30% (22-40%, n=100)"
    assert stats.number(stats.mean([1.0, 2.0, 3.0, 4.0])) == "2.5 (0.4-4.6, n=4)"


@pytest.mark.parametrize(
    ("value", "digits", "signed", "shown"),
    [
        (-0.004, 2, False, "0.00"),  # a negative zero is a zero
        (-0.04, 1, True, "0.0"),
        (-0.4, 0, True, "0"),
        (0.0, 2, True, "0.00"),  # zero has no sign, even in a difference
        (-1.25, 1, False, "\u22121.2"),  # a true minus
        (-0.005001, 2, True, "\u22120.01"),
        (0.42, 2, True, "+0.42"),
        (0.42, 2, False, "0.42"),
        (12.0, 0, False, "12"),
    ],
)
def test_one_way_to_print_a_number(value: float, digits: int, signed: bool, shown: str) -> None:
    assert stats.decimal(value, digits, signed=signed) == shown


def test_figures_print_no_negative_zero_and_a_true_minus() -> None:
    near_zero = {"value": -0.001, "low": -0.4, "high": 0.4, "n": 9}
    assert stats.number(near_zero) == "0.0 (\u22120.4 to 0.4, n=9)"  # no hyphen between ends
    assert stats.percent({"value": -0.00001, "n": 3}) == "0% (n=3)"
    difference = {"value": -0.003, "low": -0.08, "high": 0.0799}
    assert comparison.show_difference(difference, "rate") == "0 points (\u22128 to +8)"
    assert comparison.show_difference({**difference, "value": -0.01}, "rate").startswith(
        "\u22121 point ("
    )
    mean = {"value": -0.0001, "low": -0.09, "high": 0.09}
    assert comparison.show_difference(mean, "mean") == "0.00 (\u22120.09 to +0.09)"
    for shown in (comparison.show_difference(difference, "rate"), stats.number(near_zero)):
        assert "-" not in shown.replace("n=", "")


def test_doctests() -> None:
    result = doctest.testmod(core_stats)
    assert result.attempted > 0 and result.failed == 0
