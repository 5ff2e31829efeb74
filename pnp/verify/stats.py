"""The playtest statistics, for the publishing side: :mod:`bots.core.stats` (they live
with the engine core, so that a game's verify adapter can give its own figures with
intervals without importing the publishing code)."""

from bots.core.stats import (
    ALPHA,
    CONFIDENCE,
    MINUS,
    Figure,
    adjust_seat_tests,
    decimal,
    difference_of_means,
    difference_of_rates,
    interval_width,
    mean,
    number,
    percent,
    proportion,
    ratio,
    seat_test,
)

__all__ = [
    "ALPHA",
    "CONFIDENCE",
    "MINUS",
    "Figure",
    "adjust_seat_tests",
    "decimal",
    "difference_of_means",
    "difference_of_rates",
    "interval_width",
    "mean",
    "number",
    "percent",
    "proportion",
    "ratio",
    "seat_test",
]
