"""Playtests to a precision, bot ratings, and the cluster backend (issue 20)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from bots.core.verify import Table
from pnp import cli
from pnp.registry import load_game, with_engine
from pnp.verify import Precision, verify
from pnp.verify.plan import BATCH, headline_width, play_tables
from pnp.verify.ratings import default_bot, lineups, rate_bots
from tests.data import CATALOG

CHIN_MUSIC = CATALOG.game("chin-music")


def _one_table(game_id: str, players: int) -> tuple[dict[str, object], dict[str, list[Table]]]:
    adapter = load_game(CATALOG.game(game_id)).verify_adapter
    table = next(t for t in adapter.tables() if t.players == players and t.seating == "heuristic")
    return {game_id: adapter}, {game_id: [table]}


def test_a_table_plays_until_its_headline_rates_are_precise_enough() -> None:
    adapters, tables = _one_table("chinchon", 2)
    precision = Precision(0.25, cap=400)
    found = play_tables(adapters, tables, 3, 1, precision=precision)  # type: ignore[arg-type]
    (outcomes,) = found.values()
    table = tables["chinchon"][0]
    assert len(outcomes) % BATCH == 0 and len(outcomes) < 400
    assert len(outcomes) > BATCH  # more than one round was needed
    assert headline_width(table, outcomes) < 0.25
    # one batch fewer was not enough: the rule stopped as soon as it could
    assert headline_width(table, outcomes[:-BATCH]) >= 0.25
    again = play_tables(adapters, tables, 3, 2, precision=precision)  # type: ignore[arg-type]
    assert [o.seed for o in again[next(iter(again))]] == [o.seed for o in outcomes]
    assert again == found  # the same games whatever the number of processes


def test_a_cap_ends_a_table_that_would_need_more() -> None:
    adapters, tables = _one_table("chinchon", 2)
    found = play_tables(adapters, tables, 3, 1, precision=Precision(0.01, cap=80))  # type: ignore[arg-type]
    assert [len(outcomes) for outcomes in found.values()] == [80]


def test_precision_is_offered_and_reported_by_the_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("pnp.verify.plan.BATCH", 3)  # small rounds: the wiring is tested here
    args = ["verify", "--game", "chinchon", "--precision", "60%", "--cap", "6", "--jobs", "1"]
    assert cli.main([*args, "--out", str(tmp_path)]) == 0
    report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    assert report["precision"] == {"width": 0.6, "cap": 6} and report["games_per_table"] is None
    assert {table["games"] for table in report["games"][0]["tables"]} <= {3, 6}
    assert "narrower than 60%" in (tmp_path / "report.md").read_text(encoding="utf-8")


def test_every_bot_sits_in_every_seat_of_the_rating_line_ups() -> None:
    teams = lineups(["random", "easy", "medium", "hard"], 3, 1000, 0)
    assert len(teams) == 24 and len(set(teams)) == 24
    for bot in ("random", "easy", "medium", "hard"):
        assert {team.index(bot) for team in teams if bot in team} == {0, 1, 2}
    assert len(lineups(["a", "b", "c", "d", "e"], 4, 30, 1)) == 30  # sampled, seeded
    assert lineups(["a", "b", "c", "d", "e"], 4, 30, 1) == lineups(
        ["a", "b", "c", "d", "e"], 4, 30, 1
    )


def test_the_rating_ladder_of_chin_music_puts_random_play_last() -> None:
    game = load_game(CHIN_MUSIC)
    ladder = rate_bots(game, 48, 0)
    assert ladder["games"] == 48 and ladder["players"] == 3
    rungs = [rung["bot"] for rung in ladder["ladder"]]
    assert sorted(rungs) == sorted(spec.name for spec in game.bots)
    assert rungs[-1] == "random"
    bottom = ladder["ladder"][-1]
    assert bottom["low"] < bottom["mu"] < bottom["high"]
    assert bottom["wins"]["high"] < 1 / 3  # clearly below a fair share
    assert rate_bots(game, 48, 0) == ladder  # the same seed, the same ladder
    last = ladder["neighbours"][-1]
    assert last["weaker"] == "random" and last["real"] is (last["ahead"]["low"] > 0.5)


def test_default_bot_is_the_middle_rung_of_the_ladder_without_random_play() -> None:
    def ladder(*bots: str) -> dict[str, object]:
        return {"ladder": [{"bot": bot} for bot in bots]}

    assert default_bot(ladder("hard", "medium", "easy", "random")) == "medium"
    assert default_bot(ladder("cautious", "brawler", "tipsy", "random")) == "brawler"
    assert default_bot(ladder("a", "b", "c", "d", "random")) == "c"  # the weaker middle
    assert default_bot(ladder("shrewd", "random")) == "shrewd"
    assert default_bot(ladder("random")) is None and default_bot(ladder()) is None


#: Chinchón's hard bot plays out guesses at every close choice: its ladder is the benchmark's.
LADDER_TOO_LONG = ("chinchon",)


@pytest.mark.parametrize(
    "game_id", [game for game in with_engine(CATALOG) if game not in LADDER_TOO_LONG]
)
def test_pnp_play_seats_the_level_the_ladder_puts_in_the_middle(game_id: str) -> None:
    """The plug-in's default bot is where the measured ladder puts it (288 seeded games,
    as benchmarks/bot_ladders.py plays them). Chinchón's hard bot plays out guesses at
    every close choice, so its ladder (about 10 minutes) is left to the benchmark."""
    game = load_game(CATALOG.game(game_id))
    assert len([spec for spec in game.bots if spec.name != "random"]) >= 3
    assert default_bot(rate_bots(game, 288, 0)) == game.default_bot


distributed = pytest.importorskip("distributed", reason="the optional cluster extra")


def test_a_local_cluster_gives_the_report_of_the_process_pool_byte_for_byte(
    tmp_path: Path,
) -> None:
    pool, cluster = tmp_path / "pool", tmp_path / "cluster"
    common = ["verify", "--game", "chin-music", "--games", "3", "--seed", "11"]
    assert cli.main([*common, "--jobs", "2", "--out", str(pool)]) == 0
    assert cli.main([*common, "--cluster", "local:2", "--out", str(cluster)]) == 0
    for name in ("report.json", "report.md", "chin-music-seats-light.svg"):
        assert (cluster / name).read_bytes() == (pool / name).read_bytes(), name


def test_an_unreachable_scheduler_is_a_sentence(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("pnp.verify.cluster.CONNECT_TIMEOUT", "2s")
    status = cli.main(["verify", "--game", "chin-music", "--games", "1",
                       "--cluster", "tcp://127.0.0.1:9", "--out", "/tmp/never"])  # fmt: skip
    assert status == 2
    err = capsys.readouterr().err
    assert "no Dask scheduler answers there" in err and "Traceback" not in err
    shutil.rmtree("/tmp/never", ignore_errors=True)


def test_verify_keeps_the_ratings_in_the_report(tmp_path: Path) -> None:
    result = verify(CATALOG, ["chin-music"], 1, 0, 1, tmp_path, ratings=24)
    (game,) = result.report["games"]
    assert [rung["bot"] for rung in game["ratings"]["ladder"]][-1] == "random"
    assert (tmp_path / "chin-music-ratings-dark.svg").is_file()
