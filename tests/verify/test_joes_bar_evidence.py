"""The beta-versus-draft evidence of Joe's Bar (``pnp.verify.evidence``): every decision is
played both ways, the figures carry intervals, the sentence comes from the figures, the
result does not depend on the number of processes, and the site's decisions page and
pacing table show it."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from bots.core import RandomPlayer, play_game
from bots.games.joes_bar import JoesBar
from bots.games.joes_bar.evidence import game_figures
from pnp.catalog import load_catalog
from pnp.registry import load_game
from pnp.site.build import _decisions, _environment
from pnp.site.errors import SiteError
from pnp.verify.comparison import _unbalanced, comparison, sentence, verdict
from pnp.verify.evidence import EVIDENCE_FORMAT, PLAYERS, evidence
from tests.bots.joes_bar_positions import card_data
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
    # what the bots cannot tell is said once, with every decision's summary
    assert any("live playtest" in line for line in by_id["sand-timer"]["cannot_tell"])
    assert any("fixed moments" in line for line in by_id["utility-timing"]["cannot_tell"])
    for decision in result["decisions"]:
        assert any("real table time" in line for line in decision["cannot_tell"])
        assert "live playtest" not in decision["sentence"]


def test_the_rules_own_counts_and_unlike_margins_are_marked() -> None:
    result = found()
    by_id = {decision["id"]: decision for decision in result["decisions"]}
    second = {row["figure"]: row for row in by_id["dodging"]["rows"]}["count:second dodges"]
    assert second["verdict"] == "by rule" and second["raw"]["older_draft"]["value"] == 0
    assert "whose rule rules them out" in by_id["dodging"]["sentence"]
    margin = {row["figure"]: row for row in by_id["winning"]["rows"]}["winner_margin"]
    assert margin["units"] == {"beta": "points", "older_draft": "BL"}
    assert margin["verdict"] == "no counterpart"
    assert "winner's margin over the runner-up has no like figure" in by_id["winning"]["sentence"]
    lost = {row["figure"]: row for row in by_id["winning"]["rows"]}["count:winner lost a patron"]
    assert lost["base"]["label"] == "players who had lost a patron"
    assert 0 < lost["base"]["raw"]["beta"]["value"] <= 1
    for decision in by_id.values():
        assert not any("first_player" in row["figure"] for row in decision["rows"])
        if decision["id"] != "winning":
            margin = {row["figure"]: row for row in decision["rows"]}["winner_margin"]
            assert margin["units"] == {"beta": "points", "older_draft": "points"}


def test_the_beta_is_shown_at_each_player_count_with_both_fields() -> None:
    rows = found()["at_the_table"]
    fields = sorted({row["field"] for row in rows})
    assert len(fields) == 2 and any("mixed" in field for field in fields)
    assert [(row["players"], bool(row["bots"])) for row in rows] == [
        ("3", False), ("4", False), ("5", False), ("3", True), ("4", True), ("5", True),
    ]  # fmt: skip
    for row in rows:
        assert row["games"] == GAMES
        assert row["fair_share"] == round(1 / int(row["players"]), 4)
        assert len(row["bots"]) in (0, int(row["players"]))
        sat_out = row["figures"]["sat_out"]
        assert 0 <= sat_out["value"] <= 1 and sat_out["groups"] == GAMES
        assert set(row["shown"]) == {
            "rounds", "table_minutes", "song_ended", "sat_out", "leader_won",
        }  # fmt: skip
    mixed = [row["bots"] for row in rows if row["bots"]]
    assert {"cautious", "brawler", "tipsy", "random"} <= {bot for bots in mixed for bot in bots}


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


def test_a_tied_lead_after_round_one_counts_one_leader_at_random() -> None:
    # game 2 of random play: seats 0 and 3 share the lead after round one and seat 0
    # wins, so a leader (one of the two at random) won half the time, not always
    state = play_game(JoesBar.new(card_data(), 2, {"players": 4}), [RandomPlayer()] * 4)
    first = state.standings_after_first_round
    assert [seat for seat, value in enumerate(first) if value == max(first)] == [0, 3]
    assert state.returns() == (1.0, 0.0, 0.0, 0.0)
    assert game_figures(state)["leader_won"] == 0.5


def _row(name: str, significant: bool, at: list[str], value: float) -> dict[str, Any]:
    figure = {"value": 1.0, "low": 0.9, "high": 1.1, "n": 10}
    draft = {"value": 1.0 + value, "low": 0.9 + value, "high": 1.1 + value, "n": 10}
    difference = {"value": value, "low": value - 0.1, "high": value + 0.1}
    row: dict[str, Any] = {
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
                    "difference": {**difference, "significant": players in at},
                }
                for players in ("3", "4", "5")
            },
        },
    }
    row["verdict"] = verdict(row)
    return row


def test_the_sentence_calls_only_what_the_intervals_support() -> None:
    quiet = sentence([_row("rounds a game", False, ["4"], 0.5)], None, None, 10, 1)
    assert quiet.startswith("No figure told the two apart beyond chance (10 games a side")
    assert "rounds" not in quiet  # one player count alone is not called
    loud = sentence([_row("rounds a game", True, ["3", "4", "5"], 0.5)], None, None, 10, 1)
    assert loud.startswith("Rounds a game rose from 1.00 to 1.50 (difference d; also at each")
    split = sentence([_row("knockouts", False, ["3", "5"], -0.5)], None, "Limits.", 10, 1)
    assert "Knockouts: the effect depends on the player count" in split and split.endswith(
        "Limits."
    )
    assert "at 3 players fell from 1.00 to 0.50" in split
    assert "(10 games a side at each of 3, 4 and 5 players, seed 1). Limits." in split
    many = [_row(f"figure {n}", True, ["3", "4", "5"], 0.1 * (n + 1)) for n in range(5)]
    named = sentence(many, None, None, 10, 1)
    assert named.startswith("Figure 4 rose") and "figure 0" not in named  # the largest first
    assert "2 more differences in the table" in named


def test_the_sentence_names_the_clearest_differences_pooled_ones_first() -> None:
    # called only at player counts, however clear, comes after one called pooled
    alone = _row("at counts", False, ["3", "4", "5"], 5.0)
    pooled = _row("pooled", True, ["4"], 0.15)
    rows = [alone, pooled, *(_row(f"x{n}", True, [], 0.2 + n) for n in range(2))]
    text = sentence(rows, None, None, 10, 1)
    assert text.index("X1 rose") < text.index("x0 rose") < text.index("pooled rose")
    assert "at counts" not in text and "1 more difference in the table" in text
    # a rate and a mean on one scale: how many standard errors from zero, not their units
    rate = _row("share", True, [], 0.05)
    rate["kind"] = "rate"
    rate["raw"]["difference"].update(low=0.04, high=0.06)  # 0.05 +- 0.01: 9.8 errors
    mean = _row("minutes", True, [], 4.0)
    mean["raw"]["difference"].update(low=1.0, high=7.0)  # 4 +- 3: 2.6 errors
    both = sentence([mean, rate], None, None, 10, 1)
    assert both.index("Share rose") < both.index("minutes rose")


def test_every_place_in_the_turn_order_is_tested_for_balance_together() -> None:
    result = found()
    cells = 1 + len(result["decisions"]) + 1  # the beta, each decision's draft, the whole
    for decision in [*result["decisions"], result["whole_draft"]]:
        assert [row["players"] for row in decision["seats"]] == [str(n) for n in PLAYERS]
        for row in decision["seats"]:
            for name in ("beta", "older_draft"):
                found_side = row[name]
                assert len(found_side["shares"]) == int(row["players"])
                assert abs(sum(found_side["shares"]) - 1) < 1e-3
                assert found_side["tests"] == cells * len(PLAYERS)
                assert 0 <= found_side["p"] <= found_side["p_adjusted"] <= 1
                assert row["shown"][name].endswith(f"(p {found_side['p_adjusted']:.2f})")


def test_the_sentence_names_a_side_whose_turn_order_did_not_win_alike() -> None:
    fair = {"shares": [0.25] * 4, "p": 0.9, "p_adjusted": 0.95, "tests": 27, "significant": False}
    tilted = {"shares": [0.4, 0.2, 0.25, 0.15], "p": 0.0001, "p_adjusted": 0.003,
              "tests": 27, "significant": True}  # fmt: skip
    row = {"players": "4", "beta": fair, "older_draft": tilted, "shown": {}}
    text = sentence([], None, None, 10, 1, unbalanced=[_unbalanced(row, "older_draft")])
    assert text.startswith("No figure told the two apart beyond chance; under the older draft")
    assert "at 4 players the places in the turn order did not win alike" in text
    assert "(player 1 won 40%, player 4 15%; chi-square p = 0.003 adjusted over 27 tests)" in text
    # and the decision's summary says so too, once
    seats = [{**row, "shown": {"beta": "", "older_draft": ""}}]
    made = comparison("x", "X", _side(), _side(), [], {}, None, 10, 1, seats=seats)
    assert made["summary"] == [f"{_unbalanced(row, 'older_draft')[:1].upper()}"
                               f"{_unbalanced(row, 'older_draft')[1:]}."]  # fmt: skip
    balanced = [{**seats[0], "older_draft": fair}]
    assert (
        comparison("x", "X", _side(), _side(), [], {}, None, 10, 1, seats=balanced)["summary"] == []
    )


def _side() -> dict[str, Any]:
    """A side with no figures at all (only the turn order is judged)."""
    return {"pooled": {"games": 10}, "by_players": {}}


def test_the_decisions_page_and_the_pacing_table_show_the_evidence(tmp_path: Path) -> None:
    game = load_catalog(CARDS).game("joes-bar")
    report = {"games": [{"id": "joes-bar", "evidence": found()}]}
    environment = _environment(ROOT / "templates")
    entries = game.table("decisions").entries
    _decisions(environment, game, entries, report, tmp_path / "docs", tmp_path / "includes")
    page = (tmp_path / "docs" / "joes-bar" / "decisions.md").read_text(encoding="utf-8")
    assert "Not measured yet" not in page
    assert page.count("| Figure | Beta | Older draft | Difference |") == len(entries) + 1
    assert page.count("| Players | Beta: wins, first player first |") == len(entries) + 1
    assert page.count('??? abstract "Wins by turn order"') == len(entries) + 1  # folded
    for decision in found()["decisions"]:
        assert decision["sentence"].split(";")[0][:40] in page.replace("\\", "")
        for line in decision["summary"]:
            assert line[:30] in page.replace("\\", "")
    assert page.count("**What this cannot tell:**") == len(entries) + 1
    assert "## The beta at each player count" in page
    assert page.count("| Beside it: players who had lost a patron |") == 2  # winning, whole
    pacing = (tmp_path / "includes" / "joes-bar" / "pacing.md").read_text(encoding="utf-8")
    assert "Ordinary songs, 180 to 300 s" in pacing and "Not measured" not in pacing
    _decisions(environment, game, entries, None, tmp_path / "bare", tmp_path / "bare-inc")
    bare = (tmp_path / "bare" / "joes-bar" / "decisions.md").read_text(encoding="utf-8")
    assert bare.count("Not measured yet") == len(entries)


def test_a_report_from_an_older_version_is_refused_with_what_to_do(tmp_path: Path) -> None:
    game = load_catalog(CARDS).game("joes-bar")
    stale = {**found(), "format": 1}
    report = {"games": [{"id": "joes-bar", "evidence": stale}]}
    environment = _environment(ROOT / "templates")
    entries = game.table("decisions").entries
    shown = f"format 1, and this version shows format {EVIDENCE_FORMAT}: run pnp"
    with pytest.raises(SiteError, match=shown):
        _decisions(environment, game, entries, report, tmp_path / "docs", tmp_path / "inc")
    assert not (tmp_path / "docs" / "joes-bar" / "decisions.md").exists()
