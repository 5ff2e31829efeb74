"""``pnp verify``: a quick real run, reproducible reports, and every kind of failure
(broken invariant, leak, hang, unplayed card, wrong deck) reported with game,
table, seed and step, and a non-zero exit."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from bots.core.verify import Table, play_checked
from bots.games.chinchon import Chinchon
from bots.games.chinchon.verify import ChinchonVerify
from pnp import cli
from pnp.catalog import load_catalog
from pnp.registry import load_game
from pnp.verify import verify
from tests.conftest import CARDS
from tests.data import CATALOG, PACK

CHINCHON = CATALOG.game("chinchon")


def chinchon_adapter() -> ChinchonVerify:
    adapter = load_game(CHINCHON).verify_adapter
    assert isinstance(adapter, ChinchonVerify)
    return adapter


STANDARD = Table("standard", 3, (("players", 3),))


@pytest.fixture(scope="module")
def quick(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("verify")
    verify(load_catalog(CARDS), ["chinchon"], 3, 5, 1, out)
    return out


def test_a_quick_run_writes_the_report_and_charts(quick: Path) -> None:
    report = json.loads((quick / "report.json").read_text(encoding="utf-8"))
    assert report["seed"] == 5 and report["games_per_table"] == 3
    (game,) = report["games"]
    assert game["id"] == "chinchon"
    keys = [table["key"] for table in game["tables"]]
    assert "standard-4p" in keys and "jokers-4p" in keys and "standard-2p-mixed" in keys
    for table in game["tables"]:
        assert table["games"] == len(table["seeds"]) == 3
        assert table["completion"]["value"] == 1.0 and table["failures"] == 0
        if table["seating"] == "heuristic":
            wins = table["seat_wins"]
            assert sum(rate["value"] for rate in wins) == pytest.approx(1.0, abs=1e-3)
            for rate in wins:  # every rate with its sample size and a 95% interval
                assert rate["n"] == 3 and rate["low"] <= rate["value"] <= rate["high"]
            assert table["seat_test"]["p"] is not None
            assert table["balance"]["sentence"].startswith(
                ("no seat advantage detected at 3 games", "seats differ at 3 games")
            )
        else:
            assert 0.0 <= table["heuristic_wins"]["value"] <= 1.0
            assert table["heuristic_wins"]["fair_share"] == pytest.approx(1 / table["players"])
        turns = table["length"]["turns"]
        assert turns["median"] <= turns["p95"] and turns["mean"]["value"] > 0
        assert turns["mean"]["low"] <= turns["mean"]["value"] <= turns["mean"]["high"]
    unplayed = [card for card, count in game["card_plays"].items() if count == 0]
    assert game["unplayed_cards"] == unplayed
    assert (game["verdict"] == "pass") == (not game["problems"])
    markdown = (quick / "report.md").read_text(encoding="utf-8")
    assert "## Chinchón: " in markdown and "standard, 4 players" in markdown
    assert "95% interval" in markdown
    for kind in ("length", "seats", "cards"):
        for theme in ("light", "dark"):
            svg = (quick / f"chinchon-{kind}-{theme}.svg").read_text(encoding="utf-8")
            assert svg.startswith("<?xml") and "<svg" in svg
    assert game["card_names"]["q-hearts"] == "Q of hearts"


def test_the_same_seed_gives_the_same_report_however_many_processes(
    quick: Path, tmp_path: Path
) -> None:
    verify(load_catalog(CARDS), ["chinchon"], 3, 5, 2, tmp_path)
    for name in (
        "report.json",
        "report.md",
        "chinchon-length-light.svg",
        "chinchon-cards-dark.svg",
    ):
        assert (tmp_path / name).read_bytes() == (quick / name).read_bytes(), name


class LosingEngine(Chinchon):
    """Chinchón that drops a card from the discard pile on the 30th action."""

    def _apply(self, action: Any) -> None:
        super()._apply(action)
        if len(self.log) == 29 and self.discard:
            self.discard.pop()


class Broken(ChinchonVerify):
    """Chinchón verified with a fault put in on purpose."""

    def __init__(self, fault: str) -> None:
        super().__init__(CHINCHON, load_game(CHINCHON).variants)
        self.fault = fault
        if fault == "hang":
            self.step_bound = 25  # type: ignore[misc]
        if fault == "lose":
            self.engine = LosingEngine

    def hidden_from(self, state: Chinchon, player: int) -> Iterable[object]:
        if self.fault == "leak":
            return [state.hands[player][0]]  # pretend the player's own card is secret
        return super().hidden_from(state, player)

    def printed_cards(self) -> list[str]:
        extra = ["phantom-card"] if self.fault == "phantom" else []
        return super().printed_cards() + extra


@pytest.mark.parametrize(
    ("fault", "status", "message"),
    [
        ("lose", "failed", "step 30: cards not conserved"),
        ("leak", "failed", "step 0: player"),
        ("hang", "timeout", "no end within 25 steps"),
    ],
)
def test_a_broken_game_is_caught_with_its_seed_and_step(
    fault: str, status: str, message: str
) -> None:
    outcome = play_checked(Broken(fault), STANDARD, 12)
    assert outcome.status == status
    assert outcome.problem is not None and message in outcome.problem
    assert outcome.seed == 12 and outcome.table == "standard-3p"


@dataclass
class FakeDeck:
    id: str
    physical_count: int
    cards: tuple[Any, ...] = ()


@dataclass
class FakeGame:
    decks: list[FakeDeck]


def test_decks_are_checked_against_the_rules() -> None:
    adapter = chinchon_adapter()
    assert adapter.deck_problems() == []
    short = FakeGame([FakeDeck("main", 39), FakeDeck("jokers", 2), FakeDeck("extension-48", 8)])
    adapter.game = short  # type: ignore[assignment]
    assert adapter.deck_problems() == ["deck 'main' has 39 cards; the rules need 40"]


@pytest.fixture
def use_adapter(monkeypatch: pytest.MonkeyPatch) -> Callable[[str], None]:
    """Make the command verify one table of Chinchón with a faulty adapter."""

    def use(fault: str) -> None:
        adapter = Broken(fault)
        monkeypatch.setattr(adapter, "tables", lambda: [STANDARD], raising=False)
        loaded = SimpleNamespace(verify_adapter=adapter)
        monkeypatch.setattr("pnp.verify.load_game", lambda game: loaded)

    return use


@pytest.mark.parametrize(
    ("fault", "expected"),
    [
        ("lose", "standard, 3 players: 1 game(s) failed or did not end"),
        ("phantom", "phantom-card"),
    ],
)
def test_the_command_fails_and_names_the_problem(
    fault: str,
    expected: str,
    use_adapter: Callable[[str], None],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    use_adapter(fault)
    args = ["verify", "--games", "1", "--jobs", "1", "--seed", "3", "--evidence", "0"]
    status = cli.main([*args, "--out", str(tmp_path)])
    out = capsys.readouterr().out
    assert status == 1
    assert "Chinchón: FAIL" in out and expected in out
    if fault == "lose":
        assert "seed " in out and "step 30: cards not conserved" in out
    assert (tmp_path / "report.json").is_file()


def test_unknown_game_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["verify", "--game", "no-such-game"]) == 2
    err = capsys.readouterr().err
    assert "no rules engine for 'no-such-game'" in err and "joes-bar" in err


def test_card_plays_count_discards_melds_and_both_jokers() -> None:
    adapter = chinchon_adapter()
    state = adapter.new_game(4, {"players": 2, "jokers": True})
    from bots.core import play_game
    from bots.games.chinchon import HeuristicPlayer

    play_game(state, [HeuristicPlayer(PACK, 1), HeuristicPlayer(PACK, 2)])
    plays = adapter.played_cards(state)
    assert plays["joker-red"] == plays["joker-black"]
    discards = Counter(str(a).split(":")[2] for a in state.log if ":discard:" in str(a))
    assert sum(plays.values()) >= sum(discards.values())


def test_chin_music_games_pass_every_check_at_every_step() -> None:
    """Views are checked at every step here (the command checks every tenth)."""
    from bots.games.chin_music.verify import ChinMusicVerify

    adapter = load_game(CATALOG.game("chin-music")).verify_adapter
    assert isinstance(adapter, ChinMusicVerify)
    for table in adapter.tables():
        for seed in range(2):
            outcome = play_checked(adapter, table, seed, check_every=1)
            assert outcome.status == "ok", outcome.problem
            assert outcome.rounds >= 1 and outcome.turns >= outcome.rounds
            fights = sum(fought for _, fought in outcome.extra["by_stack_size"].values())
            assert fights == outcome.rounds  # every bout ends in one fight


def test_chin_music_report_rows(tmp_path: Path) -> None:
    verify(load_catalog(CARDS), ["chin-music"], 2, 1, 1, tmp_path)
    report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    (game,) = report["games"]
    assert game["id"] == "chin-music"
    labels = [label for label, _ in game["tables"][0]["extra_rows"]]
    assert labels[:3] == ["fights won, 1-2 cards", "fights won, 3-5 cards", "fights won, 6 or more"]
    assert set(game["card_plays"]) == {
        card.id for card in load_catalog(CARDS).game("chin-music").deck("bout").cards
    }
