"""A designer's engine as a plug-in, tried as a designer would: an installed package
declaring it through the entry points ``pnp.games`` (a ``*.dist-info`` on the path, as
pip leaves it), or a module of the game's folder that game.yaml names. Everything is
written into temporary folders: no file of the project is touched."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from pnp.cli import main
from pnp.engines import ENTRY_POINT_GROUP
from pnp.new import ENGINE, new_game
from tests.conftest import problems_of
from tests.entry_points import write_dist_info
from tests.play.scripted import run

GAME = "tiny-climb"
PACKAGE = "tiny_climb_plugin"


def _engine_source(game_id: str, title: str) -> str:
    """The engine ``pnp new --engine`` writes, for ``game_id``."""
    text = ENGINE.read_text(encoding="utf-8")
    return text.replace("@@id@@", game_id).replace("@@title@@", title)


@pytest.fixture
def installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A cards folder with the data-only game tiny-climb, whose engine is a package
    declared by an entry point of a distribution on the path; the cards folder."""
    cards = tmp_path / "cards"
    new_game(cards, GAME, "Tiny Climb")
    site = tmp_path / "site"
    (site / PACKAGE).mkdir(parents=True)
    (site / PACKAGE / "__init__.py").write_text("", encoding="utf-8")
    (site / PACKAGE / "engine.py").write_text(_engine_source(GAME, "Tiny Climb"), "utf-8")
    write_dist_info(site, "tiny-climb", {ENTRY_POINT_GROUP: {GAME: f"{PACKAGE}.engine:PLUGIN"}})
    monkeypatch.syspath_prepend(str(site))
    yield cards
    for name in [name for name in sys.modules if name.startswith(PACKAGE)]:
        del sys.modules[name]


def test_an_installed_plugin_validates_verifies_plays_replays_and_checks(
    installed: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cards = str(installed)
    done = run(monkeypatch, tmp_path, ["validate", "--cards", cards])
    assert done.status == 0, done.errors
    out = tmp_path / "verify"
    args = ["verify", "--cards", cards, "--game", GAME, "--games", "6", "--jobs", "1"]
    done = run(monkeypatch, tmp_path, [*args, "--out", str(out)])
    assert done.status == 0, done.errors
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    (game,) = report["games"]
    assert game["id"] == GAME and game["verdict"] == "pass"
    assert any(table.get("heuristic_wins") for table in game["tables"])  # win shares by bot
    assert "actions a game" in (out / "report.md").read_text(encoding="utf-8")

    save = tmp_path / "game.json"
    args = ["play", GAME, "--cards", cards, "--seed", "5", "--save", str(save)]
    done = run(monkeypatch, tmp_path, args, ["1"] * 200)
    assert done.status == 0, done.errors
    assert "Your choices:" in done.output and "  1. play " in done.output
    assert "Winner: " in done.output
    done = run(monkeypatch, tmp_path, ["replay", str(save), "--cards", cards])
    assert done.status == 0, done.errors
    assert "Winner: " in done.output

    done = run(monkeypatch, tmp_path, ["check", GAME, "--cards", cards, "--games", "2"])
    assert done.status == 0, done.output + done.errors
    assert f"(tiny_climb_plugin.engine:PLUGIN (entry point '{GAME}'" in done.output
    assert "every check passed" in done.output


def test_a_folder_engine_from_pnp_new_passes_check(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    done = run(monkeypatch, tmp_path, ["new", "fireside", "--engine", "--cards", "cards"])
    assert done.status == 0, done.errors
    assert "  pnp check fireside --cards cards" not in done.output  # the default folder
    assert "  pnp check fireside" in done.output
    assert "engine: {module: engine.py}" in (tmp_path / "cards/fireside/game.yaml").read_text()
    done = run(monkeypatch, tmp_path, ["check", "fireside", "--games", "2"])
    assert done.status == 0, done.output + done.errors
    assert "Checking Fireside (fireside/engine.py)" in done.output


def _folder_game(tmp_path: Path, source: str) -> Path:
    cards = tmp_path / "cards"
    new_game(cards, "broken", "Broken", engine=True)
    (cards / "broken" / "engine.py").write_text(source, encoding="utf-8")
    return cards


def test_an_engine_that_fails_to_import_is_a_sentence_and_its_traceback_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = _engine_source("broken", "Broken").replace(
        "from pnp.engines import Plugin", "from pnp.engines import Plugin\nimport no_such_module"
    )
    cards = str(_folder_game(tmp_path, source))
    for args in (["validate"], ["check", "broken"], ["play", "broken"], ["verify"]):
        done = run(monkeypatch, tmp_path, [*args, "--cards", cards])
        assert done.status == 2, (args, done.errors)
        assert "Broken: importing broken/engine.py failed: ModuleNotFoundError: No module " in (
            done.errors
        )
        assert done.errors.count("Traceback (most recent call last)") == 1
        assert 'engine.py", line ' in done.errors and "importlib" not in done.errors


def test_an_engine_missing_methods_is_named_with_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = _engine_source("broken", "Broken")
    source = source.replace(
        "    def view(self, player: int) -> View:", "    def _view(self, p: int) -> View:"
    )
    source = source.replace(
        "    def _apply(self, action: GameAction) -> None:",
        "    def _do(self, action: GameAction) -> None:",
    )
    cards = str(_folder_game(tmp_path, source))
    done = run(monkeypatch, tmp_path, ["check", "broken", "--cards", cards])
    assert done.status == 2
    assert done.errors.strip() == (
        "pnp check: Broken: the engine of broken/engine.py Climb does not implement _apply, "
        "view (every GameState implements these; see bots.core.state)"
    )


def test_a_module_without_a_plugin_and_variants_the_engine_does_not_take(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cards = _folder_game(tmp_path, "CLIMB = 1\n")
    done = run(monkeypatch, tmp_path, ["validate", "--cards", str(cards)])
    assert done.status == 2
    assert "Broken: broken/engine.py defines no PLUGIN" in done.errors
    (cards / "broken" / "engine.py").write_text(_engine_source("broken", "Broken"), "utf-8")
    game_yaml = cards / "broken" / "game.yaml"
    game_yaml.write_text(
        game_yaml.read_text(encoding="utf-8").replace(
            "decks:\n",
            "tables:\n  variants:\n    title: Variants\n    file: variants.yaml\n"
            "    kind: variant\n    provenance: {origin: designed, note: Ours.}\ndecks:\n",
        ),
        encoding="utf-8",
    )
    (cards / "broken" / "variants.yaml").write_text(
        "entries:\n  - id: long\n    params: {hand_sise: 9}\n    name: Long\n"
        "    summary: More cards.\n",
        encoding="utf-8",
    )
    done = run(monkeypatch, tmp_path, ["validate", "--cards", str(cards)])
    assert done.status == 1, done.errors
    assert "broken/variants.yaml: variant 'long': unknown parameter 'hand_sise'" in done.errors
    assert "(the engine: Climb of broken/engine.py)" in done.errors


def test_check_fails_an_engine_whose_view_shows_the_others_hands(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = _engine_source("broken", "Broken").replace(
        "return View(player, tuple(self.hands[player]),",
        "return View(player, tuple(card for hand in self.hands for card in hand),",
    )
    cards = str(_folder_game(tmp_path, source))
    done = run(monkeypatch, tmp_path, ["check", "broken", "--cards", cards, "--games", "1"])
    assert done.status == 1
    assert "  FAIL hides: standard, 2 players, seed 0, step 0: player 0's view shows " in (
        done.output
    )
    assert "8 of 9 checks passed (1 failed)" in done.output


def test_an_engine_path_outside_the_folder_is_refused_by_the_catalog(tmp_path: Path) -> None:
    cards = _folder_game(tmp_path, "")
    game_yaml = cards / "broken" / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    for module, said in (
        ("../engine.py", "must be a path inside the game's folder"),
        ("rules.txt", "is no Python file"),
        ("missing.py", "names 'missing.py', which is not a file of the game's folder"),
    ):
        game_yaml.write_text(text.replace("{module: engine.py}", f"{{module: {module}}}"), "utf-8")
        assert main(["validate", "--cards", str(cards)]) == 1, module
        (problem,) = problems_of(cards)  # located: game.yaml, the engine's line
        assert str(problem.file).endswith("broken/game.yaml") and problem.line > 0
        assert said in str(problem), str(problem)


def test_a_plugin_whose_parts_are_not_what_they_say_is_told_what_they_are(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = _engine_source("broken", "Broken").replace(
        "PLUGIN = Plugin(\n    Climb,",
        "PLUGIN = Plugin(\n    Climb,\n    default_bot='hard',\n    front=View,",
    )
    cards = str(_folder_game(tmp_path, source))
    done = run(monkeypatch, tmp_path, ["play", "broken", "--cards", cards])
    assert done.status == 2
    said = done.errors.strip()
    assert said.startswith(
        "pnp play: Broken: the Plugin of broken/engine.py: default_bot 'hard' is none of its "
        "bots (random, climber); front is <class 'pnp_game_broken_"
    )
    assert said.endswith(".View'>, not a subclass of GameFront"), said


def test_the_default_verify_runs_the_invariants_after_every_step(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An invariant broken at the third step only (then whole again) is found: the default
    adapter checks after every step, not every tenth as the four games' adapters do."""
    source = _engine_source("broken", "Broken").replace(
        '        """A sentence if cards were created or lost."""\n',
        '        """A sentence if cards were created or lost."""\n'
        "        if len(self.log) == 3:\n"
        '            return "a card went missing at step 3"\n',
    )
    cards = str(_folder_game(tmp_path, source))
    out = tmp_path / "report"
    args = ["verify", "--cards", cards, "--games", "2", "--out", str(out)]
    done = run(monkeypatch, tmp_path, args)
    assert done.status == 1, done.output + done.errors
    report = (out / "report.md").read_text(encoding="utf-8")
    assert "a card went missing at step 3" in report
    done = run(monkeypatch, tmp_path, ["check", "broken", "--cards", cards, "--games", "2"])
    assert done.status == 1, done.output + done.errors
    assert "step 3: a card went missing at step 3" in done.output
