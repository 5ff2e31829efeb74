"""The Music Game Thingy: its real data, and one test per deck check.

Each test breaks a private copy of the game's folder in one place and checks
that the problem names the right file, line, record and field.
"""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from pnp.catalog import Problem, load_catalog
from pnp.catalog.schemas.music_game_thingy import (
    SOURCE_CARD_TYPES,
    ActionCard,
    ArtistCard,
    MonthCard,
    Release,
    Venue,
)
from tests.conftest import CARDS, line_of, problems_of

GAME = "music-game-thingy"


@pytest.fixture
def root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of this game alone (other games cannot get in the way), with the
    working folder set so that problems name ``cards/music-game-thingy/...``."""
    shutil.copytree(CARDS / GAME, tmp_path / "cards" / GAME)
    monkeypatch.chdir(tmp_path)
    return tmp_path / "cards"


def edit(root: Path, name: str, old: str, new: str) -> Path:
    path = root / GAME / name
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in {name}"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def line_after(path: Path, anchor: str, needle: str) -> int:
    """The first line containing ``needle`` at or after the only line containing ``anchor``."""
    start = line_of(path, anchor)
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, 1) if n >= start and needle in line)


def list_line(root: Path, name: str) -> int:
    """The line of the ``cards:`` key, where problems of a whole deck are reported."""
    lines = (root / GAME / name).read_text(encoding="utf-8").splitlines()
    return lines.index("cards:") + 1


def only(problems: tuple[Problem, ...]) -> Problem:
    assert len(problems) == 1, "\n".join(map(str, problems))
    return problems[0]


def where(problem: Problem) -> tuple[str, int, str, str]:
    return problem.file, problem.line, problem.record, problem.field


# --- The real data -------------------------------------------------------------------------


def test_real_data_has_every_deck_at_its_count(root: Path) -> None:
    game = load_catalog(root).game(GAME)
    counts = {deck.id: deck.physical_count for deck in game.decks}
    assert counts == {
        "action": 113,
        "month": 12,
        "year": 1,
        "tour": 4,
        "artist": 25,
        "order-marker": 5,
        "money": 140,
    }


def test_real_data_keeps_the_source_examples(root: Path) -> None:
    game = load_catalog(root).game(GAME)
    club = game.deck("action").card("town-and-country-club")
    assert isinstance(club, ActionCard) and isinstance(club.effect, Venue)
    assert (club.effect.dice, club.effect.income_per_unit) == (2, 5000)
    names = {card.name for card in game.deck("artist").cards if isinstance(card, ArtistCard)}
    assert {"Dire Haircuts", "Kate the Bitch"} <= names
    actions = [card for card in game.deck("action").cards if isinstance(card, ActionCard)]
    per_type = Counter[str]()
    for card in actions:
        per_type[card.effect.type] += card.count
    assert set(per_type) == set(SOURCE_CARD_TYPES)
    assert per_type["disaster"] == per_type["sabotage"] == per_type["sports-car"] == 1
    fame = {c.effect.type: c.effect.chart_fame for c in actions if isinstance(c.effect, Release)}
    assert fame == {"single": 1, "ep": 2, "album": 4, "double-album": 6}


def test_real_months_have_four_to_six_rules(root: Path) -> None:
    months = load_catalog(root).game(GAME).deck("month").cards
    ruled = [card.id for card in months if isinstance(card, MonthCard) and card.rule]
    assert 4 <= len(ruled) <= 6


# --- One broken thing, one located problem -------------------------------------------------

SINGLE_PROBLEM_CASES = [
    # (file, old, new, record, field, (anchor, needle) of the line, message part)
    (
        "action.yaml",
        "hand_limit: {group: singles, max: 4}\n    effect: {type: ep",
        "hand_limit: {group: albums, max: 4}\n    effect: {type: ep",
        "card 'ep'",
        "hand_limit.group",
        ("group: albums, max: 4", "group"),
        "a ep card counts in group 'singles', not 'albums'",
    ),
    (
        "action.yaml",
        "hand_limit: {group: singles, max: 4}\n    effect: {type: ep",
        "hand_limit: {group: singles, max: 3}\n    effect: {type: ep",
        "card 'ep'",
        "hand_limit.max",
        ("max: 3", "max: 3"),
        "group 'singles' allows 4, not 3",
    ),
    (
        "action.yaml",
        "income_per_unit: 25000, chart_fame: 4",
        "income_per_unit: 25000, chart_fame: 5",
        "card 'album'",
        "effect.chart_fame",
        ("chart_fame: 5", "chart_fame"),
        "the source awards 4 Fame for a album",
    ),
    (
        "action.yaml",
        "type: road-crew, amount: 1, per: total",
        "type: road-crew, amount: 1, per: die",
        "card 'road-crew'",
        "effect",
        ("type: road-crew", "effect"),
        "+1 to each total",
    ),
    (
        "action.yaml",
        "type: backlash, change: -3",
        "type: backlash, change: 3",
        "card 'backlash'",
        "effect.change",
        ("type: backlash", "change"),
        "Hype raises Fame and Backlash lowers it",
    ),
    (
        "action.yaml",
        "    out_of_turn: true\n",
        "",
        "card 'lawyers'",
        "out_of_turn",
        ("id: lawyers", "id: lawyers"),
        "only Lawyers may be played out of turn",
    ),
    (
        "action.yaml",
        "    lasts: game\n",
        "    lasts: year\n",
        "card 'gratuitously-expensive-sports-car'",
        "lasts",
        ("id: gratuitously-expensive-sports-car", "lasts:"),
        "only the Sports Car is kept past the end of a year",
    ),
    (
        "action.yaml",
        "    hand_limit: {group: dirty-tricks, max: 1}\n    effect: {type: disaster",
        "    effect: {type: disaster",
        "card 'disaster'",
        "hand_limit",
        ("id: disaster", "id: disaster"),
        "missing: the source limits dirty-tricks to 1 in a hand",
    ),
    (
        "action.yaml",
        "text: A proper London venue with a proper bouncer.",
        "text: A proper London venue with a proper bouncer. Roll 2d at 5,000 per unit.",
        "card 'town-and-country-club'",
        "text",
        ("id: town-and-country-club", "text:"),
        "repeats '2d', '5,000', 'per unit': the card prints its dice, its income per unit",
    ),
    (
        "action.yaml",
        "dice: 1, income_per_unit: 3000",
        "dice: 1, income_per_unit: 2500",
        "card 'the-pig-and-whistle'",
        "effect.income_per_unit",
        ("income_per_unit: 2500, min_fame", "effect"),
        "multiple of 1000",
    ),
    (
        "action.yaml",
        "{type: extra-date, plays: 2}",
        "{type: encore, plays: 2}",
        "card 'extra-date'",
        "effect",
        ("type: encore", "effect"),
        "'type' must be one of",
    ),
    (
        "month.yaml",
        "{id: march, name: March",
        "{id: march, name: Marhc",
        "month 'march'",
        "name",
        ("id: march", "id: march"),
        "month 3 is 'March', not 'Marhc'",
    ),
    (
        "artist.yaml",
        "name: Sonic Dentistry",
        "name: DIRE HAIRCUTS",
        "artist 'sonic-dentistry'",
        "name",
        ("name: DIRE HAIRCUTS", "name"),
        "'DIRE HAIRCUTS' is also on card 'dire-haircuts'",
    ),
    (
        "artist.yaml",
        "genre: Speed metal\n    fame_track: *fame\n    contract_track: *contract",
        "genre: Speed metal\n    fame_track: *fame\n    contract_track: {min: 1, max: 7}",
        "artist 'hamster-overload'",
        "contract_track",
        ("max: 7", "contract_track"),
        "differs from the track on 'dire-haircuts'",
    ),
    (
        "tour.yaml",
        "text: Two months of grim little clubs in a borrowed van.",
        "text: Two months of grim little clubs in a borrowed van. Fee 3,000.",
        "tour 'the-toilet-circuit'",
        "text",
        ("id: the-toilet-circuit", "text:"),
        "repeats '3,000': the card prints its fee from its fields",
    ),
    (
        "order-marker.yaml",
        "name: Number 4",
        "name: Number Four",
        "marker 'number-4'",
        "name",
        ("name: Number Four", "name"),
        "rank 4 is 'Number 4'",
    ),
    (
        "year.yaml",
        "track: {min: 1, max: 10}",
        "track: {min: 10, max: 1}",
        "card 'years-to-go'",
        "track",
        ("track:", "track"),
        "min (10) must be less than max (1)",
    ),
]


@pytest.mark.parametrize(
    ("name", "old", "new", "record", "field", "line_at", "message"),
    SINGLE_PROBLEM_CASES,
    ids=[f"{case[0]}:{case[4]}:{case[3]}" for case in SINGLE_PROBLEM_CASES],
)
def test_one_break_gives_one_located_problem(
    root: Path,
    name: str,
    old: str,
    new: str,
    record: str,
    field: str,
    line_at: tuple[str, str],
    message: str,
) -> None:
    path = edit(root, name, old, new)
    problem = only(problems_of(root))
    line = line_after(path, *line_at)
    assert where(problem) == (f"cards/{GAME}/{name}", line, record, field), str(problem)
    assert message in problem.message, str(problem)


# --- Breaks that give several problems -----------------------------------------------------


def test_a_missing_card_type_is_named_at_the_top_of_the_deck(root: Path) -> None:
    path = root / GAME / "action.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: text.index("  # --- Conspicuous consumption")], encoding="utf-8")
    edit(root, "action.yaml", "count: 16\n    name: Single", "count: 17\n    name: Single")
    problem = only(problems_of(root))
    assert where(problem) == (
        f"cards/{GAME}/action.yaml",
        list_line(root, "action.yaml"),
        "deck 'action'",
        "",
    )
    assert problem.message == (
        "no card of type Gratuitously Expensive Sports Car; the source names every one"
    )


def test_lawyers_must_counter_both_contract_cards(root: Path) -> None:
    path = edit(
        root,
        "action.yaml",
        "counters: [contract-exchange, contract-waiver]",
        "counters: [contract-exchange, disaster]",
    )
    problems = problems_of(root)
    line = line_of(path, "counters: [contract-exchange, disaster]")
    assert {(where(p), p.message) for p in problems} == {
        (
            (f"cards/{GAME}/action.yaml", line, "card 'lawyers'", "effect.counters[1]"),
            "'disaster' is a disaster card; expected one of "
            "['contract-exchange', 'contract-waiver']",
        ),
        (
            (f"cards/{GAME}/action.yaml", line, "card 'lawyers'", "effect.counters"),
            "names no card of type contract-waiver",
        ),
    }


def test_months_are_numbered_one_to_twelve_once_each(root: Path) -> None:
    path = edit(
        root, "month.yaml", "    name: February\n    number: 2", "    name: February\n    number: 1"
    )
    problems = problems_of(root)
    february = line_after(path, "id: february", "number:")
    assert {(where(p), p.message) for p in problems} == {
        (
            (f"cards/{GAME}/month.yaml", february, "month 'february'", "number"),
            "1 is also on card 'january'; each appears once",
        ),
        (
            (
                f"cards/{GAME}/month.yaml",
                line_after(path, "id: february", "name:"),
                "month 'february'",
                "name",
            ),
            "month 1 is 'January', not 'February'",
        ),
        (
            (f"cards/{GAME}/month.yaml", list_line(root, "month.yaml"), "deck 'month'", ""),
            "no card has number 2; need 1 to 12",
        ),
    }


def test_order_markers_are_ranked_one_to_five_once_each(root: Path) -> None:
    path = edit(root, "order-marker.yaml", "rank: 3", "rank: 2")
    problems = problems_of(root)
    rank = line_after(path, "id: number-3", "rank:")
    assert {(where(p), p.message) for p in problems} == {
        (
            (f"cards/{GAME}/order-marker.yaml", rank, "marker 'number-3'", "rank"),
            "2 is also on card 'number-2'; each appears once",
        ),
        (
            (f"cards/{GAME}/order-marker.yaml", rank - 1, "marker 'number-3'", "name"),
            "rank 2 is 'Number 2'",
        ),
        (
            (
                f"cards/{GAME}/order-marker.yaml",
                list_line(root, "order-marker.yaml"),
                "deck 'order-marker'",
                "",
            ),
            "no card has rank 3; need 1 to 5",
        ),
    }


def test_every_artist_track_must_hold_the_starting_fame(root: Path) -> None:
    path = edit(root, "artist.yaml", "      max: 20\n", "      max: 7\n")
    problems = problems_of(root)
    assert len(problems) == 25
    assert all(p.field == "fame_track" for p in problems)
    assert all("must include the starting Fame range 3 to 8" in p.message for p in problems)
    first = next(p for p in problems if p.record == "artist 'dire-haircuts'")
    assert first.line == line_of(path, "fame_track: &fame")


def test_money_needs_a_one_thousand_note(root: Path) -> None:
    path = root / GAME / "money.yaml"
    text = path.read_text(encoding="utf-8")
    kept = [line for line in text.splitlines(True) if "id: note-1000," not in line]
    path.write_text("".join(kept), encoding="utf-8")
    edit(root, "game.yaml", "count: 140", "count: 115")
    problem = only(problems_of(root))
    assert where(problem) == (
        f"cards/{GAME}/money.yaml",
        list_line(root, "money.yaml"),
        "deck 'money'",
        "",
    )
    assert problem.message == "needs a 1,000 note: every sum is a multiple"


def test_money_must_cover_every_label_and_the_bank(root: Path) -> None:
    edit(root, "money.yaml", "note-100000, count: 20,", "note-100000, count: 1,")
    edit(root, "money.yaml", "note-50000, count: 20,", "note-50000, count: 1,")
    edit(root, "game.yaml", "count: 140", "count: 102")
    problem = only(problems_of(root))
    assert where(problem) == (
        f"cards/{GAME}/money.yaml",
        list_line(root, "money.yaml"),
        "deck 'money'",
        "",
    )
    assert problem.message == (
        "holds 1,075,000; needs 2,000,000 (every label's starting cash, and as much again "
        "in the bank)"
    )
