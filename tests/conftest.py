"""Shared fixtures: the project's real card data, and editable copies of it."""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from pnp.catalog import CatalogError, Problem, load_catalog
from tests.entry_points import ensure_project_games

ROOT = Path(__file__).resolve().parents[1]
CARDS = ROOT / "cards"
#: The ids of the games in the project's card data, as the catalog finds them: the tests
#: that cover every game take them from here, so a game added to cards/ is covered too.
GAME_IDS: tuple[str, ...] = tuple(sorted(game.id for game in load_catalog(CARDS).games))

# This project's games are found through its entry points (pyproject.toml); an install
# that predates them gets them from a temporary folder (see tests/entry_points.py).
ensure_project_games()


#: Session fixtures dear enough to build once: the tests using one run on one worker
#: when the suite runs in parallel (``make test``: pytest-xdist's ``--dist loadgroup``).
SHARED = {"kit": "kit", "exported": "export", "exported_again": "export"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Group the tests for pytest-xdist: those sharing a dear session fixture together,
    and the rest by module (a module's own fixtures are then built once, not once on
    each worker)."""
    for item in items:
        names = getattr(item, "fixturenames", ())
        group = next((SHARED[name] for name in SHARED if name in names), None)
        item.add_marker(pytest.mark.xdist_group(group or item.nodeid.split("::")[0]))


@pytest.fixture
def cards_copy(tmp_path: Path) -> Path:
    """A private copy of cards/ that a test may break."""
    target = tmp_path / "cards"
    shutil.copytree(CARDS, target)
    return target


def problems_of(root: Path) -> tuple[Problem, ...]:
    """Load ``root`` expecting failure; return the problems reported."""
    with pytest.raises(CatalogError) as caught:
        load_catalog(root)
    return caught.value.problems


@pytest.fixture
def edit() -> Callable[[Path, str, str], None]:
    """Replace the one occurrence of ``old`` by ``new`` in a file."""

    def replace(path: Path, old: str, new: str) -> None:
        text = path.read_text(encoding="utf-8")
        assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in {path}"
        path.write_text(text.replace(old, new), encoding="utf-8")

    return replace


def line_of(path: Path, needle: str) -> int:
    """The 1-based line of the only line of ``path`` containing ``needle``."""
    lines = [i for i, line in enumerate(path.read_text().splitlines(), 1) if needle in line]
    assert len(lines) == 1, f"{needle!r} is on lines {lines} of {path}"
    return lines[0]


@pytest.fixture(scope="session")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The whole kit built once by the command `make kit` runs (with a shorter playtest:
    three games per table, enough for every printed card to be played, short rating
    ladders and a little decision evidence, so that every part of the pages is there)."""
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        return _build_kit(tmp_path_factory.mktemp("kit") / "dist")
    # the workers of one run share one kit: the first builds it, the others wait for it
    shared = tmp_path_factory.getbasetemp().parent / "shared-kit"
    shared.mkdir(exist_ok=True)
    out, done = shared / "dist", shared / "built"
    with (shared / "lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            if not done.exists():
                _build_kit(out)
                done.touch()
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
    return out


def _build_kit(out: Path) -> Path:
    shorter = ["--verify-games", "3", "--ratings", "24", "--evidence", "10"]
    result = subprocess.run(
        [sys.executable, "-m", "pnp", "kit", "--out", str(out), *shorter],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr[-3000:]
    return out
