"""``pnp export`` through the command line: a user's mistake is one clear sentence
with exit status 2, no traceback and nothing written."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.cli import main


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    status = main(["export", *args])
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err + captured.out
    return status, captured.err.strip()


def test_unknown_service(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, error = _run(capsys, "--service", "kinkos", "--out", str(tmp_path))
    assert status == 2
    assert error == (
        "pnp export: no print service 'kinkos' (known: makeplayingcards, "
        "the-game-crafter, drivethrucards)"
    )
    assert list(tmp_path.iterdir()) == []


def test_unknown_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, error = _run(capsys, "--game", "poker", "--out", str(tmp_path))
    assert status == 2
    assert error.startswith("pnp export: unknown game 'poker' (known: chin-music, ")
    assert "\n" not in error


def test_output_folder_that_cannot_be_made(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    status, error = _run(capsys, "--game", "chin-music", "--out", str(blocker / "export"))
    assert status == 2
    assert error.startswith(f"pnp export: cannot create the output folder {blocker / 'export'}")
    assert "\n" not in error


def test_base_url_must_be_a_url(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, error = _run(capsys, "--base-url", "example.org", "--out", str(tmp_path))
    assert status == 2
    assert "--base-url must be a whole URL" in error


def test_unprintable_size_for_a_named_service(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, error = _run(
        capsys,
        "--game",
        "music-game-thingy",
        "--service",
        "makeplayingcards",
        "--no-tts",
        "--out",
        str(tmp_path),
    )
    assert status == 2
    lines = error.splitlines()
    assert lines[0].startswith(
        "pnp export: MakePlayingCards prints no 44 x 63 mm cards, so "
        "Play-order markers of The Music Game Thingy"
    )
    assert lines[-1] == "(--skip-unprintable leaves such decks out instead)"
    assert list(tmp_path.iterdir()) == []
