"""The games found as plug-ins (pnp/registry.py, pnp/engines) and the one-way flow of
card data: engines, bots and verify adapters never read files or import the publishing
code."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from pnp import cli, registry
from pnp.catalog import load_catalog
from pnp.engines import declaration, discovery
from pnp.registry import NotPlayableError, RegistryError, load_game
from tests.conftest import ROOT
from tests.data import CATALOG
from tests.entry_points import project_games


def test_every_game_of_the_catalog_is_found_through_the_projects_entry_points() -> None:
    assert registry.with_engine(CATALOG) == [game.id for game in CATALOG.games]
    declared = project_games()
    for game_id in registry.with_engine(CATALOG):
        found = declaration(CATALOG.game(game_id))
        assert found is not None and found.entry_point is not None
        assert found.entry_point.value == declared[game_id]
        game = load_game(CATALOG.game(game_id))
        assert game.engine.game_name == game_id
        assert game.verify_adapter.game_id == game_id
        assert game.default_bot in {spec.name for spec in game.bots}
        levels = [spec.name for spec in game.bots if spec.name != "random"]
        assert len(levels) >= 3, f"{game_id} has {len(levels)} levels besides random play"


def _without_engine(monkeypatch: pytest.MonkeyPatch, game_id: str) -> None:
    found = {name: points for name, points in discovery._entry_points().items()}
    del found[game_id]
    monkeypatch.setattr(discovery, "_entry_points", lambda: found)


def test_a_game_without_an_engine_says_so_in_a_sentence(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _without_engine(monkeypatch, "chin-music")
    assert "chin-music" not in registry.with_engine(CATALOG)
    with pytest.raises(NotPlayableError, match="Chin Music cannot be played yet: it lacks a rules"):
        load_game(CATALOG.game("chin-music"))
    assert cli.main(["play", "chin-music"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("pnp play: Chin Music cannot be played yet") and "invalid" not in err
    assert "pnp.games" in err
    assert cli.main(["verify", "--game", "chin-music"]) == 2
    assert "no rules engine for 'chin-music'" in capsys.readouterr().err


def test_a_variant_whose_parameters_the_engine_does_not_know_is_located(
    cards_copy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    variants = cards_copy / "chinchon" / "variants.yaml"
    variants.write_text(
        variants.read_text(encoding="utf-8").replace("{jokers: true}", "{jokerz: true}"),
        encoding="utf-8",
    )
    with pytest.raises(RegistryError) as caught:
        load_game(load_catalog(cards_copy).game("chinchon"))
    message = str(caught.value)
    assert message.startswith("chinchon/variants.yaml: variant")
    assert "variant 'jokers': unknown parameter 'jokerz'" in message
    assert "did you mean 'jokers'?" in message
    assert cli.main(["validate", "--cards", str(cards_copy)]) == 1
    assert "unknown parameter 'jokerz'" in capsys.readouterr().err


def test_a_player_range_the_engine_cannot_seat_is_located(cards_copy: Path) -> None:
    game_yaml = cards_copy / "chin-music" / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    assert "max: 6" in text
    game_yaml.write_text(text.replace("max: 6", "max: 9"), encoding="utf-8")
    with pytest.raises(RegistryError, match=r"chin-music/game.yaml: .*2 to 9 players but the "
                       r"engine plays 2 to 6"):  # fmt: skip
        load_game(load_catalog(cards_copy).game("chin-music"))


def test_variants_come_from_the_data() -> None:
    chinchon = load_game(CATALOG.game("chinchon"))
    assert chinchon.variants["jokers"] == {"jokers": True}
    assert chinchon.variant_params(["jokers", "shorter-game"]) == {
        "jokers": True,
        "shorter_game": True,
    }
    chin_music = load_game(CATALOG.game("chin-music"))
    assert chin_music.variants["careful-call-outs"] == {"careful_callouts": True}


# --- one-way data flow --------------------------------------------------------------------

BOTS = ROOT / "bots"
#: Calls that read files (or the catalog from disk), never made by engines and bots: the
#: builtin ``open`` and ``Path(...)`` by name, the readers by any name (a method called
#: ``open``, such as an auction's, is not a file).
READERS = {"read_text", "read_bytes", "load_catalog", "listdir", "scandir", "glob", "iterdir"}
BUILTIN_READERS = {"open", "Path"}


def _python_files(folder: Path) -> list[Path]:
    return sorted(path for path in folder.rglob("*.py") if "__pycache__" not in path.parts)


def _imports(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.append(node.module)
    return found


def test_bots_import_only_the_catalog_models_of_pnp() -> None:
    wrong = [
        f"{path.relative_to(ROOT)}: {module}"
        for path in _python_files(BOTS)
        for module in _imports(path)
        if module.startswith("pnp") and not module.startswith("pnp.catalog")
    ]
    assert not wrong, wrong


#: Modules of the project the catalog may use: each imports nothing of the project itself
#: (pnp.names shows names from outside safely and holds the id rule of games and cards;
#: pnp.files writes a file atomically, as pnp schema writes the schemas).
CATALOG_MAY_IMPORT = ("pnp.names", "pnp.files")


def test_the_catalog_imports_nothing_else_of_the_project() -> None:
    wrong = [
        f"{path.relative_to(ROOT)}: {module}"
        for path in _python_files(ROOT / "pnp" / "catalog")
        for module in _imports(path)
        if module.split(".")[0] in ("pnp", "bots")
        and not module.startswith("pnp.catalog")
        and module not in CATALOG_MAY_IMPORT
    ]
    assert not wrong, wrong
    for module in CATALOG_MAY_IMPORT:
        path = ROOT / Path(*module.split(".")).with_suffix(".py")
        assert not [found for found in _imports(path) if found.split(".")[0] in ("pnp", "bots")]


def test_the_site_imports_no_engine() -> None:
    wrong = [
        f"{path.relative_to(ROOT)}: {module}"
        for path in _python_files(ROOT / "pnp" / "site")
        for module in _imports(path)
        if module.startswith("bots")
    ]
    assert not wrong, wrong


def test_engines_bots_and_adapters_read_no_files() -> None:
    found = []
    for path in _python_files(BOTS / "games") + _python_files(BOTS / "core"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                named = node.func.id if isinstance(node.func, ast.Name) else None
                attribute = node.func.attr if isinstance(node.func, ast.Attribute) else None
                if named in BUILTIN_READERS | READERS or attribute in READERS:
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {named or attribute}()")
    assert not found, found


def test_importing_the_engines_reads_no_card_data(tmp_path: Path) -> None:
    """Imported from a folder without card data and with cards/ out of reach, every engine
    package loads: nothing reads cards/ at import time."""
    program = (
        "import builtins, io\n"
        "real = builtins.open\n"
        "def guarded(file, *args, **kwargs):\n"
        "    if 'cards' in str(file) and str(file).endswith('.yaml'):\n"
        "        raise AssertionError(f'an import read {file}')\n"
        "    return real(file, *args, **kwargs)\n"
        "builtins.open = guarded\n"
        "io.open = guarded\n"
        "import bots.games.chin_music, bots.games.chinchon, pnp.registry, pnp.play, pnp.verify\n"
        "print('ok')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", program], cwd=tmp_path, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"
