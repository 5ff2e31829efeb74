"""The command line as a person uses it: real processes, real exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import CARDS, GAME_IDS, ROOT


def pnp(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pnp", *args], cwd=cwd, capture_output=True, text=True, check=False
    )


def test_validate_prints_a_summary_of_every_game() -> None:
    result = pnp("validate")
    assert result.returncode == 0, result.stderr
    for title in ("Chin Music", "Chinchón", "The Music Game Thingy", "Joe's Bar"):
        assert title in result.stdout
    assert "Bout cards      36" in result.stdout
    assert "All 4 games are valid." in result.stdout


def test_validate_json_has_the_documented_shape() -> None:
    result = pnp("validate", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(data) == {"games"}
    assert sorted(data["games"]) == list(GAME_IDS)
    assert data["games"]["chin-music"] == {"decks": {"bout": 36, "facing": 2}}


def test_bad_data_gives_located_messages_and_exit_1_without_traceback(cards_copy: Path) -> None:
    bout = cards_copy / "chin-music" / "bout.yaml"
    bout.write_text(bout.read_text().replace('"Moxie", boast: ', '"Moxie", boast: x, b: ', 1))
    result = pnp("validate", "--cards", str(cards_copy))
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert "card 'moxie': boast: expected an integer, got 'x'" in result.stderr
    assert result.stdout == ""


def test_validate_json_with_bad_data_prints_no_json(cards_copy: Path) -> None:
    (cards_copy / "chinchon" / "main.yaml").write_text("cards: [\n")
    result = pnp("validate", "--json", "--cards", str(cards_copy))
    assert result.returncode == 1
    assert result.stdout == ""
    assert "main.yaml:2: invalid YAML" in result.stderr


def test_missing_cards_folder(tmp_path: Path) -> None:
    result = pnp("validate", "--cards", str(tmp_path / "nowhere"))
    assert result.returncode == 1
    assert "nowhere: is not a folder of card data" in result.stderr
    assert "Traceback" not in result.stderr


def test_validate_another_folder_relative_to_the_working_directory(tmp_path: Path) -> None:
    import shutil

    shutil.copytree(CARDS / "chin-music", tmp_path / "data" / "chin-music")
    result = pnp("validate", "--json", "--cards", "data", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {
        "games": {"chin-music": {"decks": {"bout": 36, "facing": 2}}}
    }


def test_unknown_option_is_a_usage_error() -> None:
    result = pnp("validate", "--colour")
    assert result.returncode == 2
    assert "unrecognized arguments: --colour" in result.stderr


def test_kit_with_bad_data_leaves_the_previous_kit_alone(tmp_path: Path, cards_copy: Path) -> None:
    out = tmp_path / "dist"
    (out / "pnp").mkdir(parents=True)
    previous = {out / "catalog.json": '{"games": {}}\n', out / "pnp" / "kit-a4.pdf": "%PDF-1.4 old"}
    for path, text in previous.items():
        path.write_text(text)
    (cards_copy / "chinchon" / "main.yaml").write_text("cards: [\n")
    result = pnp("kit", "--cards", str(cards_copy), "--out", str(out))
    assert result.returncode == 1
    assert "main.yaml:2: invalid YAML" in result.stderr
    assert {path: path.read_text() for path in previous} == previous
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*")) == [
        "catalog.json", "pnp", "pnp/kit-a4.pdf",
    ]  # fmt: skip


def test_console_script_is_installed() -> None:
    script = Path(sys.executable).with_name("pnp")
    result = subprocess.run([script, "--version"], capture_output=True, text=True, check=False)
    assert result.returncode == 0
    assert result.stdout.startswith("pnp ")


@pytest.mark.probe
def test_unwritable_output_folder_is_a_clear_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    for command in (["kit"], ["build", "--game", "chin-music", "--no-images"]):
        result = pnp(*command, "--out", str(blocker / "dist"))
        # exit status 2, as for every output folder that cannot be used (pnp export's too)
        assert result.returncode == 2, command
        assert result.stderr.strip().splitlines()[-1] == (
            f"pnp {command[0]}: cannot create the output folder {blocker / 'dist'}: Not a directory"
        )
        assert "Traceback" not in result.stderr


def test_every_help_text_prints_as_written() -> None:
    """argparse formats a help string with %, but not a description: neither shows a '%%'."""
    import argparse

    from pnp.cli import build_parser

    parser = build_parser()
    pages = [parser.format_help()]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            pages += [sub.format_help() for sub in action.choices.values()]
    assert len(pages) > 10
    doubled = [page.splitlines()[0] for page in pages if "%%" in page]
    assert not doubled, doubled


def test_the_command_reference_prints_percent_signs_as_help_does() -> None:
    from pnp.manual.commands import commands_markdown

    reference = commands_markdown()
    assert "its 95% interval" in reference
    assert "%%" not in reference and "%(prog)" not in reference
