"""The Music Game Thingy's quick builders of frozen records (``frozen.py``): each builds
the very value the dataclass's own constructor builds, and refuses what it cannot."""

from __future__ import annotations

import dataclasses
import doctest
import pickle

import pytest

from bots.games.music_game_thingy import frozen, scoring, views
from bots.games.music_game_thingy.frozen import maker
from bots.games.music_game_thingy.records import (
    ActivityView,
    ArtistView,
    AuctionView,
    LabelView,
    TourView,
)

# Every record the views build quickly, with the arguments of one (all of them given).
RECORDS: list[tuple[type, tuple[object, ...]]] = [
    (ArtistView, ("kate-the-bitch", 1, 7, 9, 2, ("hype",), "single", "mudfest", 2, None)),
    (AuctionView, (False, (2, 0, 1), 2, ("a", "b"), "a", 0, 3, 45000, (0, 1), 1)),
    (LabelView, (1, "Rich Bastard", 6, 180000, ("kate-the-bitch",), 1, 0)),
    (TourView, ("the-toilet-circuit", "kate-the-bitch", 2, 3, None)),
    (
        ActivityView,
        ("a", 0, "venue", "mudfest", True, ("sabotage",), False, 9, (3, 4), 9, 45000, 2),
    ),
]


def test_the_doctest() -> None:
    assert doctest.testmod(frozen).failed == 0


@pytest.mark.parametrize(("record", "values"), RECORDS, ids=lambda r: getattr(r, "__name__", ""))
def test_a_quick_record_is_the_record(record: type, values: tuple[object, ...]) -> None:
    quick = maker(record)(*values)
    slow = record(*values)
    assert type(quick) is record
    assert quick == slow and hash(quick) == hash(slow) and repr(quick) == repr(slow)
    assert pickle.loads(pickle.dumps(quick)) == slow
    with pytest.raises(dataclasses.FrozenInstanceError):
        quick.__setattr__(dataclasses.fields(record)[0].name, None)
    # Keywords, and the defaults of the fields left out.
    named = {
        field.name: value for field, value in zip(dataclasses.fields(record), values, strict=True)
    }
    assert maker(record)(**named) == slow
    required = [
        field.name for field in dataclasses.fields(record) if field.default is dataclasses.MISSING
    ]
    least = {name: named[name] for name in required}
    assert maker(record)(**least) == record(**least)


def test_the_views_and_results_use_the_quick_builders() -> None:
    assert views.new_artist_view(*RECORDS[0][1]) == ArtistView(*RECORDS[0][1])  # type: ignore[arg-type]
    assert scoring.new_activity_view(*RECORDS[4][1]) == ActivityView(*RECORDS[4][1])  # type: ignore[arg-type]


def test_a_record_it_cannot_build_quickly_is_refused() -> None:
    @dataclasses.dataclass(frozen=True)
    class NoSlots:
        value: int

    @dataclasses.dataclass(frozen=True, slots=True)
    class Factory:
        values: list[int] = dataclasses.field(default_factory=list)

    @dataclasses.dataclass(frozen=True, slots=True)
    class Checked:
        value: int

        def __post_init__(self) -> None:
            assert self.value >= 0

    for record in (NoSlots, Factory, Checked):
        with pytest.raises(TypeError):
            maker(record)
    with pytest.raises(TypeError, match="not a dataclass"):
        maker(int)
