"""pnp compare and pnp sweep: the tools a designer tunes a deck with."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pnp import cli
from pnp.cli_playtest import decision_grid
from pnp.registry import load_game
from pnp.verify.compare import Side, compare
from pnp.verify.sweep import grid, sweep
from tests.data import CATALOG

BULLY = '{id: bully, word: "Bully!", boast: 1, ruffians: 3}'


def test_the_same_data_on_both_sides_differs_in_nothing() -> None:
    game = load_game(CATALOG.game("chin-music"))
    result = compare(Side("A", game, {}), Side("B", game, {}), 6, 2, 1)
    figures = [row for table in result["tables"] for row in table["figures"]]
    assert figures and all(row["difference"]["value"] in (0.0, None) for row in figures)
    assert not any(row["difference"]["significant"] for row in figures)
    for table, a in zip(result["tables"], game.verify_adapter.tables(), strict=True):
        assert table["key"] == a.key and table["games"] == 6


def test_a_changed_ruffian_value_is_played_on_the_same_seeds(
    cards_copy: Path, tmp_path: Path
) -> None:
    """As the example of the tutorial (part 3), a card changed: Bully! gets 6 Ruffians on
    side B. The same deals are played, so every difference is the change; the comparison
    names the moved cards."""
    bout = cards_copy / "chin-music" / "bout.yaml"
    text = bout.read_text(encoding="utf-8")
    bout.write_text(text.replace(BULLY, BULLY.replace("ruffians: 3", "ruffians: 6")), "utf-8")
    out = tmp_path / "cmp"
    args = ["compare", "--game", "chin-music", "--cards", "cards", "--cards", str(cards_copy)]
    status = cli.main([*args, "--games", "20", "--jobs", "2", "--seed", "3", "--out", str(out)])
    assert status == 0
    result = json.loads((out / "comparison.json").read_text(encoding="utf-8"))
    assert result["b"] == str(cards_copy) and result["games_per_table"] == 20
    rows = {row["figure"]: row for row in result["tables"][0]["figures"]}
    assert {"completed", "turns a game", "bouts a game", "seat 1 wins"} <= set(rows)
    for row in rows.values():
        difference = row["difference"]
        if difference["value"] is not None:
            assert difference["low"] <= difference["value"] <= difference["high"]
            assert difference["significant"] is (difference["low"] > 0 or difference["high"] < 0)
    assert len(result["moved_cards"]) == 8
    markdown = (out / "comparison.md").read_text(encoding="utf-8")
    assert "B - A" in markdown and "Cards whose play moved most" in markdown


def test_a_variant_that_cannot_combine_with_a_table_is_said_not_compared(tmp_path: Path) -> None:
    game = load_game(CATALOG.game("chin-music"))
    params = game.variants["generous-call-outs"]
    result = compare(Side("A", game, {}), Side("B", game, params), 2, 0, 1)
    (skipped,) = result["not_compared"]
    assert skipped["table"] == "careful-call-outs, 4 players"
    assert "cannot be combined" in skipped["why"]


def test_compare_needs_something_to_compare(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["compare", "--game", "chin-music"]) == 2
    assert "nothing to compare" in capsys.readouterr().err
    assert cli.main(["compare", "--game", "chin-music", "--set", "players=9"]) == 2
    assert "'players' must be between 2 and 6" in capsys.readouterr().err


def test_a_sweep_plays_every_cell_of_its_grid() -> None:
    assert grid({"a": [1, 2], "b": ["x", "y", "z"]}) == [
        {"a": 1, "b": "x"}, {"a": 1, "b": "y"}, {"a": 1, "b": "z"},
        {"a": 2, "b": "x"}, {"a": 2, "b": "y"}, {"a": 2, "b": "z"},
    ]  # fmt: skip
    game = load_game(CATALOG.game("chin-music"))
    result = sweep(game, {"hand_size": [3, 4], "careful_callouts": [False, True]}, [3], 3, 0, 1)
    assert len(result["cells"]) == 4
    for cell in result["cells"]:
        assert cell["games"] == 3 and cell["failed"] == 0
        assert cell["rounds"]["n"] == 3 and len(cell["seat_wins"]) == 3
    assert result == sweep(game, {"hand_size": [3, 4], "careful_callouts": [False, True]},
                           [3], 3, 0, 2)  # fmt: skip


def test_the_decisions_of_joes_bar_make_a_grid_of_128() -> None:
    game = load_game(CATALOG.game("joes-bar"))
    decisions = decision_grid(game)
    assert len(decisions) == 7 and all(
        sides == ["beta", "older-draft"] for sides in decisions.values()
    )
    assert len(grid(decisions)) == 128
    assert decision_grid(load_game(CATALOG.game("chinchon"))) == {}


def test_the_sweep_command_refuses_a_parameter_it_does_not_know(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli.main(["sweep", "chin-music", "--vary", "colour=red"]) == 2
    assert "has no parameter 'colour'" in capsys.readouterr().err
    assert cli.main(["sweep", "chin-music", "--decisions"]) == 2
    assert "no open design decisions" in capsys.readouterr().err
