"""The conformance suite (pnp check, :mod:`pnp.check`) on every engine found.

A game gets all of this by being found (an entry point of ``pnp.games`` or a module its
game.yaml names): see :mod:`pnp.check` for what each check plays and asserts. No game
is named here: the games are those the discovery finds for the catalog.
"""

from __future__ import annotations

import pytest

from pnp.check import CHECKS, run_check
from pnp.registry import LoadedGame, load_game, with_engine
from tests.data import CATALOG

GAMES = with_engine(CATALOG)
#: Games played per table by the checks that play several.
PER_TABLE = 3


@pytest.fixture(scope="module", params=GAMES)
def game(request: pytest.FixtureRequest) -> LoadedGame:
    return load_game(CATALOG.game(request.param))


def test_every_game_of_the_catalog_has_an_engine() -> None:
    assert [game.id for game in CATALOG.games] == GAMES


@pytest.mark.parametrize("check", list(CHECKS))
def test_the_engine_passes(game: LoadedGame, check: str) -> None:
    result = run_check(game, check, PER_TABLE, 0)
    assert result.passed, f"{game.id}: {check}: {result.detail}"
    assert not result.detail.startswith("skipped"), result.detail
