"""The compiled Chinchón modules (bots/compiled.py): built by `make test`, in use,
playing exactly the moves of the Python source, and never used once stale."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bots import compiled
from bots.core import seat_rngs
from bots.games.chinchon import Chinchon, HeuristicPlayer
from tests.data import PACK

ROOT = Path(__file__).resolve().parents[2]

#: Tables covering every variant; a few seeded games each.
TABLES: list[dict[str, object]] = [
    {"players": 4},
    {"players": 2, "jokers": True},
    {"players": 3, "diamond_ace_wild": True, "five_points": True},
    {"players": 6},
    {"players": 3, "forty_eight": True, "shorter_game": True},
]


def digest(games_per_table: int = 3) -> str:
    """A hash of every legal-action list, action and hand result of seeded bot games."""
    found = hashlib.sha256()
    for params in TABLES:
        for seed in range(games_per_table):
            state = Chinchon.new(PACK, seed, {**params, "hand_turn_limit": 80})
            players = [HeuristicPlayer(PACK) for _ in range(state.num_players)]
            rngs = seat_rngs(seed, state.num_players)
            while not state.is_terminal:
                seat = state.current_player
                assert seat is not None
                legal = state.legal_actions()
                action = players[seat].choose(state.view(seat), legal, rngs[seat])
                found.update(" ".join(map(str, legal)).encode() + b"|" + str(action).encode())
                state.apply(action)
            found.update(repr(state.hand_results).encode())
    return found.hexdigest()


def _compiler() -> bool:
    return shutil.which("cc") is not None or shutil.which("gcc") is not None


@pytest.mark.skipif(not _compiler(), reason="no C compiler: the Python source runs")
def test_make_builds_the_compiled_modules_and_python_uses_them() -> None:
    reason = compiled.stale_reason()
    assert reason is None, f"{reason}: run `make compiled`"
    assert all(compiled.extensions_of(module) for module in compiled.MODULES), (
        "not compiled: run `make compiled`"
    )
    assert compiled.compiled_in_use()


def test_the_python_source_plays_exactly_the_same_moves() -> None:
    program = (
        "from bots import compiled\n"
        "from tests.bots.test_compiled import digest\n"
        "print(compiled.compiled_in_use(), digest())\n"
    )
    env = {**os.environ, compiled.PURE_ENV: "1"}
    done = subprocess.run(
        [sys.executable, "-c", program],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    in_use, source_digest = done.stdout.split()
    assert in_use == "False"  # the subprocess really ran the source
    assert source_digest == digest()


def _fake_build(root: Path) -> None:
    """Sources, 'compiled' files and a record, as a build leaves them."""
    for module in compiled.MODULES:
        source = compiled.source_of(module, root)
        source.parent.mkdir(parents=True, exist_ok=True)
        source.write_text(f"# {module}\n", encoding="utf-8")
        compiled._built_here(module, root).write_bytes(b"")
    record = root / compiled.RECORD
    record.write_text(json.dumps(compiled.fingerprint(root)), encoding="utf-8")


def test_nothing_compiled_means_the_source_without_a_warning(tmp_path: Path) -> None:
    for module in compiled.MODULES:
        source = compiled.source_of(module, tmp_path)
        source.parent.mkdir(parents=True, exist_ok=True)
        source.write_text("", encoding="utf-8")
    assert compiled.stale_reason(tmp_path) is None


def test_a_current_build_may_be_used(tmp_path: Path) -> None:
    _fake_build(tmp_path)
    assert compiled.stale_reason(tmp_path) is None


def test_a_changed_source_is_not_run_compiled(tmp_path: Path) -> None:
    _fake_build(tmp_path)
    compiled.source_of("bots.games.chinchon.engine", tmp_path).write_text("# edited\n")
    reason = compiled.stale_reason(tmp_path)
    assert reason is not None
    assert "bots/games/chinchon/engine.py changed" in reason


def test_a_build_for_another_python_or_without_record_is_not_used(tmp_path: Path) -> None:
    _fake_build(tmp_path)
    record = tmp_path / compiled.RECORD
    written = json.loads(record.read_text())
    record.write_text(json.dumps({**written, "python": "cpython-99"}))
    assert "Python version" in (compiled.stale_reason(tmp_path) or "")
    record.unlink()
    assert "compiled.json" in (compiled.stale_reason(tmp_path) or "")


def test_a_partial_build_is_not_used(tmp_path: Path) -> None:
    _fake_build(tmp_path)
    compiled._built_here(compiled.MODULES[-1], tmp_path).unlink()
    assert "missing" in (compiled.stale_reason(tmp_path) or "")


def test_clean_removes_what_a_build_leaves(tmp_path: Path) -> None:
    _fake_build(tmp_path)
    (tmp_path / "bots" / "compiled__mypyc.cpython-311-x86_64-linux-gnu.so").write_bytes(b"")
    removed = compiled.clean(tmp_path)
    assert len(removed) == len(compiled.MODULES) + 2
    assert not list(tmp_path.rglob("*.so"))
    assert not (tmp_path / compiled.RECORD).exists()


def test_a_changed_module_it_is_built_against_is_not_run_compiled(tmp_path: Path) -> None:
    _fake_build(tmp_path)
    engine = compiled.source_of("bots.games.chinchon.engine", tmp_path)
    engine.write_text("from bots.games.chinchon.cards import Card\n", encoding="utf-8")
    cards = compiled.source_of("bots.games.chinchon.cards", tmp_path)
    cards.write_text("class Card: ...\n", encoding="utf-8")
    record = tmp_path / compiled.RECORD
    record.write_text(json.dumps(compiled.fingerprint(tmp_path)), encoding="utf-8")
    assert "bots.games.chinchon.cards" in compiled.dependencies(tmp_path)
    assert compiled.stale_reason(tmp_path) is None
    cards.write_text("class Card:\n    rank = 1\n", encoding="utf-8")
    assert "bots/games/chinchon/cards.py changed" in (compiled.stale_reason(tmp_path) or "")


def test_a_build_with_another_mypy_is_not_used(tmp_path: Path) -> None:
    _fake_build(tmp_path)
    record = tmp_path / compiled.RECORD
    written = json.loads(record.read_text())
    record.write_text(json.dumps({**written, "mypy": "0.1"}))
    assert "mypy version" in (compiled.stale_reason(tmp_path) or "")


def test_an_extension_left_by_a_renamed_module_is_stale_and_cleaned(tmp_path: Path) -> None:
    _fake_build(tmp_path)
    left = tmp_path / "bots" / "games" / "chinchon" / "fast.cpython-311-x86_64-linux-gnu.so"
    left.write_bytes(b"")
    assert compiled.stray_extensions(tmp_path) == [left]
    assert "fast.cpython-311-x86_64-linux-gnu.so is left from an old build" in (
        compiled.stale_reason(tmp_path) or ""
    )
    assert left in compiled.clean(tmp_path)
    assert not left.exists()
