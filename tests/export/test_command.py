"""``pnp export`` through the command line: a user's mistake is one clear sentence
with exit status 2, no traceback and nothing written."""

from __future__ import annotations

import zipfile
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


def test_zips_only_needs_the_bundles(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, error = _run(capsys, "--zips-only", "--out", str(tmp_path))
    assert status == 2
    assert error == "pnp export: --zips-only keeps the zips of --bundles: give both"
    assert list(tmp_path.iterdir()) == []


def test_zips_only_keeps_each_service_once_in_its_zip(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A service's folder is only in its zip (one left by an earlier export goes too);
    the Tabletop Simulator folder stays beside its zip, its saved object pointing at it."""
    out = tmp_path / "export"
    args = ["--game", "chin-music", "--service", "makeplayingcards", "--out", str(out)]
    status, _ = _run(capsys, *args, "--bundles")
    assert status == 0 and (out / "makeplayingcards" / "chin-music").is_dir()
    status, _ = _run(capsys, *args, "--bundles", "--zips-only", "--jobs", "1")
    assert status == 0
    assert sorted(path.name for path in out.iterdir() if path.name != ".pnp-lock") == [
        "bundles", "tts"
    ]  # fmt: skip
    assert sorted(path.name for path in (out / "bundles").iterdir()) == [
        "makeplayingcards-chin-music.zip", "tts-chin-music.zip"
    ]  # fmt: skip
    assert (out / "tts" / "chin-music" / "chin-music.json").is_file()
    with zipfile.ZipFile(out / "bundles" / "makeplayingcards-chin-music.zip") as bundle:
        assert "chin-music-makeplayingcards/manifest.csv" in bundle.namelist()
