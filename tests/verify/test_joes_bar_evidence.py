"""The beta-versus-draft evidence of Joe's Bar (``pnp.verify.evidence``): every decision is
played both ways, the figures carry intervals, the sentence comes from the figures, the
result does not depend on the number of processes, and the site's decisions page and
pacing table show it."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from pnp.catalog import load_catalog
from pnp.registry import load_game
from pnp.site.build import _decisions, _environment
from pnp.verify.comparison import sentence
from pnp.verify.evidence import PLAYERS, evidence
from tests.conftest import CARDS, ROOT

GAMES = 6


@cache
def measured() -> str:
    """The evidence of a small run, as JSON (so each test gets its own copy)."""
    adapter = load_game(load_catalog(CARDS).game("joes-bar")).verify_adapter
    return json.dumps(evidence(adapter, GAMES, seed=3, workers=1))


def found() -> dict[str, Any]:
    result: dict[str, Any] = json.loads(measured())
    return result


def test_every_decision_is_measured_both_ways() -> None:
    result = found()
    assert result["games"] == GAMES and result["seed"] == 3 and not result["problems"]
    ids = [decision["id"] for decision in result["decisions"]]
    assert ids == [
        "winning",
        "dodging",
        "swoosh-cards",
        "hand-limit",
        "utility-timing",
        "sand-timer",
        "gulp-cap",
    ]
    for players in PLAYERS:
        assert result["baseline"]["by_players"][str(players)]["games"] == GAMES
    for decision in result["decisions"]:
        assert decision["older_draft"]["pooled"]["games"] == GAMES * len(PLAYERS)
        rows = {row["figure"]: row for row in decision["rows"]}
        assert {"rounds", "table_minutes", "chain", "ko_spread", "winner_margin"} <= set(rows)
        for row in decision["rows"]:
            raw = row["raw"]["beta"]
            assert raw["n"] > 0 and "low" in raw and "high" in raw
        assert (
            f"({GAMES} games a side at each of 3, 4 and 5 players, seed 3)."
            in (decision["sentence"])
        )
        for row in decision["rows"]:
            assert set(row["significant_at"]) <= {"3", "4", "5"}


def test_what_only_the_draft_has_is_zero_under_the_beta() -> None:
    result = found()
    by_id = {decision["id"]: decision for decision in result["decisions"]}
    for decision_id, count in [
        ("dodging", "dodges refused"),
        ("swoosh-cards", "swooshes"),
        ("sand-timer", "time-outs"),
        ("utility-timing", "Utility cards refused"),
    ]:
        rows = {row["figure"]: row for row in by_id[decision_id]["rows"]}
        row = rows[f"count:{count}"]
        assert row["raw"]["beta"]["value"] == 0
        assert row["raw"]["older_draft"]["value"] > 0, decision_id
        assert "none under the beta" in by_id[decision_id]["sentence"]
    assert "live playtest" in by_id["sand-timer"]["sentence"]
    assert "fixed moments" in by_id["utility-timing"]["sentence"]


def test_pacing_and_the_swoosh_sweep_are_played() -> None:
    result = found()
    labels = [row["label"] for row in result["pacing"]]
    assert labels[1] == "ordinary songs, 180 to 300 s" and len(labels) == 4
    short, ordinary = result["pacing"][0]["figures"], result["pacing"][1]["figures"]
    assert short["song_ended"]["value"] > ordinary["song_ended"]["value"]
    assert result["sweep"][0]["label"] == "no Swoosh cards (the beta)"
    assert all(row["games"] == GAMES for row in result["pacing"] + result["sweep"])


def test_the_result_does_not_depend_on_the_processes() -> None:
    adapter = load_game(load_catalog(CARDS).game("joes-bar")).verify_adapter
    assert json.dumps(evidence(adapter, 2, seed=5, workers=1)) == json.dumps(
        evidence(adapter, 2, seed=5, workers=2)
    )


def _row(name: str, significant: bool, at: list[str], value: float) -> dict[str, Any]:
    figure = {"value": 1.0, "low": 0.9, "high": 1.1, "n": 10}
    draft = {"value": 1.0 + value, "low": 0.9 + value, "high": 1.1 + value, "n": 10}
    difference = {"value": value, "low": value - 0.1, "high": value + 0.1}
    return {
        "figure": name,
        "label": name,
        "kind": "mean",
        "beta": "1.0",
        "older_draft": "x",
        "difference": "d",
        "significant": significant,
        "significant_at": at,
        "raw": {
            "beta": figure,
            "older_draft": draft,
            "difference": {**difference, "significant": significant},
            "by_players": {
                players: {
                    "beta": figure,
                    "older_draft": draft,
                    "difference": {**difference, "significant": True},
                }
                for players in at
            },
        },
    }


def test_the_sentence_calls_only_what_the_intervals_support() -> None:
    quiet = sentence([_row("rounds a game", False, ["4"], 0.5)], None, None, 10, 1)
    assert quiet.startswith("No figure told the two apart beyond chance (10 games a side")
    assert "rounds" not in quiet  # one player count alone is not called
    loud = sentence([_row("rounds a game", True, ["3", "4", "5"], 0.5)], None, None, 10, 1)
    assert loud.startswith("Rounds a game rose from 1.00 to 1.50 (difference d; also at each")
    split = sentence([_row("knockouts", False, ["3", "5"], -0.5)], None, "Limits.", 10, 1)
    assert "differed only at some player counts" in split and split.endswith("Limits.")
    assert "at 3 players it fell from 1.00 to 0.50" in split
    assert "(10 games a side at each of 3, 4 and 5 players, seed 1). Limits." in split
    many = [_row(f"figure {n}", True, ["3", "4", "5"], 0.1 * (n + 1)) for n in range(5)]
    named = sentence(many, None, None, 10, 1)
    assert named.startswith("Figure 4 rose") and "figure 0" not in named  # the largest first
    assert "2 smaller differences in the table" in named


def test_the_decisions_page_and_the_pacing_table_show_the_evidence(tmp_path: Path) -> None:
    game = load_catalog(CARDS).game("joes-bar")
    report = {"games": [{"id": "joes-bar", "evidence": found()}]}
    environment = _environment(ROOT / "templates")
    entries = game.table("decisions").entries
    _decisions(environment, game, entries, report, tmp_path / "docs", tmp_path / "includes")
    page = (tmp_path / "docs" / "joes-bar" / "decisions.md").read_text(encoding="utf-8")
    assert "Not measured yet" not in page
    assert page.count("| Figure | Beta | Older draft | Difference |") == len(entries) + 1
    for decision in found()["decisions"]:
        assert decision["sentence"].split(";")[0][:40] in page.replace("\\", "")
    pacing = (tmp_path / "includes" / "joes-bar" / "pacing.md").read_text(encoding="utf-8")
    assert "Ordinary songs, 180 to 300 s" in pacing and "Not measured" not in pacing
    _decisions(environment, game, entries, None, tmp_path / "bare", tmp_path / "bare-inc")
    bare = (tmp_path / "bare" / "joes-bar" / "decisions.md").read_text(encoding="utf-8")
    assert bare.count("Not measured yet") == len(entries)
