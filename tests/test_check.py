"""``pnp check GAME`` (pnp/check.py, pnp/cli_check.py) as a designer runs it."""

from __future__ import annotations

import pytest

from pnp import cli
from pnp.check import CHECKS
from tests.data import CATALOG


def test_check_prints_every_check_and_passes(capsys: pytest.CaptureFixture[str]) -> None:
    game = CATALOG.games[0]
    assert cli.main(["check", game.id, "--games", "1", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"Checking {game.title} (")
    for name in CHECKS:
        assert f"  ok   {name}: " in out
    assert f"{len(CHECKS)} of {len(CHECKS)} checks passed (every check passed)" in out


def test_check_refuses_a_game_that_is_not_there(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["check", "no-such-game"]) == 2
    assert capsys.readouterr().err.startswith("pnp check: no game 'no-such-game' (games: ")
