"""Honest figures: every rate and mean with its sample size and a 95% interval.

Simulated games are samples, so every figure the playtest report shows is an
estimate. These helpers turn counts and values into JSON-able figures that
carry ``n`` and a 95% interval, compare two samples, and test whether seats
share wins equally, using SciPy's implementations rather than formulas
written here:

* a rate (a proportion) gets a Wilson score interval
  (``scipy.stats.binomtest(...).proportion_ci(method="wilson")``);
* a mean gets a Student t interval (``scipy.stats.t``), or none below two values;
* a share counted over units that come in groups (rounds within games) gets the ratio
  estimator's delta-method interval with the group as the unit (:func:`ratio`);
* the difference of two rates gets a Newcombe interval (from the two Wilson
  intervals) and the difference of two means a Welch interval; a difference
  is *significant* only when its interval leaves out zero;
* seat balance is a chi-square goodness-of-fit test of the wins by seat
  against equal shares (``scipy.stats.chisquare``); when one report runs the
  test at many tables, :func:`adjust_seat_tests` controls the share of false
  alarms among them (Benjamini-Hochberg, ``scipy.stats.false_discovery_control``),
  so that of 13 balanced tables one is not flagged by chance.

>>> rate = proportion(30, 100)
>>> rate["value"], rate["n"], round(rate["low"], 3), round(rate["high"], 3)
(0.3, 100, 0.219, 0.396)
>>> difference_of_rates(proportion(30, 100), proportion(50, 100))["significant"]
True
>>> seat_test([30, 21, 15, 15, 19])["significant"]
False
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from scipy import stats

#: The confidence of every interval.
CONFIDENCE = 0.95
#: A test's p-value below this is called significant.
ALPHA = 1 - CONFIDENCE

Figure = dict[str, Any]


def proportion(successes: float, trials: int) -> Figure:
    """``successes`` out of ``trials`` with a Wilson 95% interval.

    Shared wins (a tie counts half) make ``successes`` fractional; the interval is
    then taken at the nearest whole count. No trials: value and interval are ``None``.
    """
    if trials <= 0:
        return {"kind": "rate", "value": None, "n": 0, "low": None, "high": None}
    whole = min(trials, max(0, round(successes)))
    interval = stats.binomtest(whole, trials).proportion_ci(
        confidence_level=CONFIDENCE, method="wilson"
    )
    return {
        "kind": "rate",
        "value": successes / trials,
        "n": trials,
        "low": float(interval.low),
        "high": float(interval.high),
    }


def mean(values: Sequence[float]) -> Figure:
    """The mean of ``values`` with a Student t 95% interval (none for fewer than two),
    and their standard deviation."""
    n = len(values)
    if n == 0:
        return {"kind": "mean", "value": None, "n": 0, "low": None, "high": None, "sd": None}
    centre = math.fsum(values) / n
    if n < 2:
        return {"kind": "mean", "value": centre, "n": 1, "low": None, "high": None, "sd": None}
    sd = math.sqrt(math.fsum((v - centre) ** 2 for v in values) / (n - 1))
    half = float(stats.t.ppf(0.5 + CONFIDENCE / 2, n - 1)) * sd / math.sqrt(n)
    return {
        "kind": "mean",
        "value": centre,
        "n": n,
        "low": centre - half,
        "high": centre + half,
        "sd": sd,
    }


def ratio(events: Sequence[float], units: Sequence[float]) -> Figure:
    """A share counted over units that come in groups, such as the rounds of each game
    that ended by the song: ``sum(events) / sum(units)``, one pair per group (a game).

    Rounds of one game are not independent draws (a quick game's rounds are all
    quick), so a Wilson interval over the rounds would be too narrow. The interval
    here takes the group as the sampling unit: the ratio estimator's standard error
    by the delta method, with a Student t quantile on groups - 1, kept within 0 to 1.
    ``n`` is the number of units (rounds) and ``groups`` the number of groups; fewer
    than two groups give no interval.

    >>> share = ratio([1, 2, 0, 3], [3, 4, 2, 4])
    >>> round(share["value"], 3), share["n"], share["groups"]
    (0.462, 13, 4)
    """
    groups, total = len(events), math.fsum(units)
    if len(units) != groups:
        raise ValueError(f"{groups} event counts but {len(units)} unit counts")
    if not groups or total <= 0:
        return {"kind": "rate", "value": None, "n": 0, "groups": groups, "low": None, "high": None}
    value = math.fsum(events) / total
    found: Figure = {"kind": "rate", "value": value, "n": round(total), "groups": groups}
    if groups < 2:
        return {**found, "low": None, "high": None}
    residual = math.fsum((e - value * u) ** 2 for e, u in zip(events, units, strict=True))
    error = math.sqrt(residual / (groups - 1) / groups) / (total / groups)
    half = float(stats.t.ppf(0.5 + CONFIDENCE / 2, groups - 1)) * error
    return {**found, "low": max(0.0, value - half), "high": min(1.0, value + half)}


def difference_of_rates(first: Figure, second: Figure) -> Figure:
    """``second - first`` for two rates, with Newcombe's 95% interval (the hybrid score
    interval built from the two rates' intervals: Wilson's, or :func:`ratio`'s)."""
    if first["value"] is None or second["value"] is None:
        return {
            "kind": "difference",
            "value": None,
            "low": None,
            "high": None,
            "significant": False,
        }
    p1, l1, u1 = first["value"], first["low"], first["high"]
    p2, l2, u2 = second["value"], second["low"], second["high"]
    delta = p2 - p1
    if None in (l1, u1, l2, u2):  # a rate of too few groups has no interval
        return {"kind": "difference", "value": delta, "low": None, "high": None,
                "significant": False}  # fmt: skip
    low = delta - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2)
    high = delta + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2)
    return _difference(delta, low, high)


def difference_of_means(first: Sequence[float], second: Sequence[float]) -> Figure:
    """``mean(second) - mean(first)`` with a Welch 95% interval."""
    n1, n2 = len(first), len(second)
    if n1 < 2 or n2 < 2:
        return {
            "kind": "difference",
            "value": None,
            "low": None,
            "high": None,
            "significant": False,
        }
    m1, m2 = math.fsum(first) / n1, math.fsum(second) / n2
    v1 = math.fsum((v - m1) ** 2 for v in first) / (n1 - 1)
    v2 = math.fsum((v - m2) ** 2 for v in second) / (n2 - 1)
    error = math.sqrt(v1 / n1 + v2 / n2)
    delta = m2 - m1
    if error == 0:
        return _difference(delta, delta, delta)
    dof = (v1 / n1 + v2 / n2) ** 2 / ((v1 / n1) ** 2 / (n1 - 1) + (v2 / n2) ** 2 / (n2 - 1))
    half = float(stats.t.ppf(0.5 + CONFIDENCE / 2, dof)) * error
    return _difference(delta, delta - half, delta + half)


def _difference(delta: float, low: float, high: float) -> Figure:
    significant = low > 0 or high < 0
    return {
        "kind": "difference",
        "value": delta,
        "low": low,
        "high": high,
        "significant": significant,
    }


def seat_test(wins_by_seat: Sequence[float]) -> Figure:
    """Whether wins are shared equally by the seats: chi-square against equal shares.

    ``significant`` is true when the p-value is below 0.05, that is when the seats'
    wins differ by more than chance would explain at this sample size.
    """
    total = math.fsum(wins_by_seat)
    seats = len(wins_by_seat)
    if seats < 2 or total <= 0:
        return {"kind": "seat-test", "statistic": None, "p": None, "games": 0, "significant": False}
    result = stats.chisquare(list(wins_by_seat))
    p = float(result.pvalue)
    return {
        "kind": "seat-test",
        "statistic": float(result.statistic),
        "p": p,
        "games": round(total),
        "significant": p < ALPHA,
    }


def adjust_seat_tests(tests: Sequence[Figure]) -> list[Figure]:
    """The seat tests of several tables judged together: each gets ``p_adjusted``
    (Benjamini-Hochberg, over the tests that have a p-value) and is ``significant``
    only when that is below :data:`ALPHA`; ``tables`` says over how many.

    >>> [t["significant"] for t in adjust_seat_tests([seat_test([30, 15, 15])] * 1)]
    [True]
    >>> one = seat_test([23, 10, 11])  # p = 0.028 alone: significant
    >>> together = adjust_seat_tests([one] + [seat_test([10, 11, 12])] * 9)
    >>> one["significant"], together[0]["significant"]
    (True, False)
    """
    tested = [index for index, test in enumerate(tests) if test.get("p") is not None]
    adjusted = [dict(test) for test in tests]
    if not tested:
        return adjusted
    values = stats.false_discovery_control([float(tests[index]["p"]) for index in tested])
    for index, value in zip(tested, values, strict=True):
        adjusted[index]["p_adjusted"] = float(value)
        adjusted[index]["tables"] = len(tested)
        adjusted[index]["significant"] = bool(value < ALPHA)
    return adjusted


def interval_width(figure: Mapping[str, Any]) -> float:
    """How wide a figure's interval is (infinite without one)."""
    if figure.get("low") is None or figure.get("high") is None:
        return math.inf
    return float(figure["high"]) - float(figure["low"])


#: The minus sign the pages print (U+2212), not the hyphen: it is as wide as a plus and
#: a reader (or a screen reader) does not take it for a dash.
MINUS = "\u2212"


def decimal(value: float, digits: int = 0, signed: bool = False) -> str:
    """A number as every page prints it: rounded to ``digits`` decimals, a true minus
    (U+2212) before a negative one, and never a negative zero (``-0.004`` at two digits
    is ``0.00``, not ``-0.00``). ``signed`` puts a plus before a positive number (a
    difference); zero has no sign.

    >>> decimal(-1.5, 1), decimal(-0.004, 2), decimal(0.42, 2, signed=True), decimal(-0.4)
    ('\u22121.5', '0.00', '+0.42', '0')
    """
    text = f"{abs(value):.{digits}f}"
    if not any(digit in "123456789" for digit in text):  # rounds to zero
        return text
    if value < 0:
        return MINUS + text
    return "+" + text if signed else text


def _range(low: float, high: float, digits: int) -> str:
    """An interval's ends: ``22-40``, or ``\u22120.4 to 4.6`` when an end is negative (a
    hyphen between two numbers would read as a minus)."""
    first, second = decimal(low, digits), decimal(high, digits)
    joined = MINUS in first or MINUS in second
    return f"{first} to {second}" if joined else f"{first}-{second}"


def percent(figure: Mapping[str, Any], digits: int = 0) -> str:
    """A rate for people: ``30% (22-40%, n=100)``; a :func:`ratio` names its groups too,
    ``30% (22-40%, n=100 in 25 games)``; without an interval, ``30% (n=2)``."""
    if figure.get("value") is None:
        return "none"
    size = f"n={figure['n']}"
    if "groups" in figure:
        size += f" in {figure['groups']} game{'s' if figure['groups'] != 1 else ''}"
    value = decimal(100 * figure["value"], digits)
    if figure.get("low") is None or figure.get("high") is None:
        return f"{value}% ({size})"
    return f"{value}% ({_range(100 * figure['low'], 100 * figure['high'], digits)}%, {size})"


def number(figure: Mapping[str, Any], digits: int = 1) -> str:
    """A mean for people: ``12.3 (11.8-12.9, n=100)``."""
    if figure.get("value") is None:
        return "none"
    value = decimal(figure["value"], digits)
    if figure.get("low") is None:
        return f"{value} (n={figure['n']})"
    return f"{value} ({_range(figure['low'], figure['high'], digits)}, n={figure['n']})"
