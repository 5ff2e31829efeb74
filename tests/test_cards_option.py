"""``--cards DIR`` is honoured end to end: what is checked is what is printed is what is
played. A copy of the card data with a renamed card and changed values goes through
validate, verify, play, replay, build and kit (with the site), for each game with an
engine; the project's own data would give other answers at every step."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from tests.conftest import CARDS, ROOT

#: Chin Music: the Bout card 'bully' becomes 'bruiser', with another Boast.
OLD_BOUT = '{id: bully, word: "Bully!", boast: 1, ruffians: 3}'
NEW_BOUT = '{id: bruiser, word: "Bruiser!", boast: 3, ruffians: 3}'
#: Chinchón: the king is written R (rey) and costs 20 unmatched.
OLD_KING = "{id: k, letter: K, order: 12, points: 10, points_48: 12}"
NEW_KING = "{id: k, letter: R, order: 12, points: 20, points_48: 12}"


def pnp(*args: str, cwd: Path = ROOT, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pnp", *args],
        cwd=cwd,
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
        timeout=900,
    )


@pytest.fixture(scope="module")
def modified(tmp_path_factory: pytest.TempPathFactory) -> Path:
    import shutil

    root = tmp_path_factory.mktemp("modified") / "cards"
    shutil.copytree(CARDS, root)
    for path, old, new in (
        (root / "chin-music" / "bout.yaml", OLD_BOUT, NEW_BOUT),
        (root / "chinchon" / "ranks.yaml", OLD_KING, NEW_KING),
    ):
        text = path.read_text(encoding="utf-8")
        assert text.count(old) == 1, (path, old)
        path.write_text(text.replace(old, new), encoding="utf-8")
    return root


def test_validate_checks_the_copy(modified: Path) -> None:
    done = pnp("validate", "--cards", str(modified), "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["games"]["chin-music"]["decks"]["bout"] == 36


def test_verify_plays_the_copy_in_every_worker(modified: Path, tmp_path: Path) -> None:
    reports = {}
    for name, cards in (("copy", modified), ("project", CARDS)):
        out = tmp_path / name
        args = ["verify", "--cards", str(cards), "--games", "2", "--jobs", "2", "--seed", "4"]
        args += ["--evidence", "0"]  # Joe's Bar's decision evidence has tests of its own
        done = pnp(*args, "--out", str(out))
        assert done.returncode == 0, done.stdout + done.stderr
        reports[name] = json.loads((out / "report.json").read_text(encoding="utf-8"))
    games = {name: {g["id"]: g for g in report["games"]} for name, report in reports.items()}
    plays = games["copy"]["chin-music"]["card_plays"]
    assert "bruiser" in plays and "bully" not in plays
    assert plays["bruiser"] > 0 and games["copy"]["chin-music"]["verdict"] == "pass"
    # The king's new points change how Chinchón is played: the same seeds, other games.
    copy_tables = games["copy"]["chinchon"]["tables"]
    project_tables = games["project"]["chinchon"]["tables"]
    assert [t["seeds"] for t in copy_tables] == [t["seeds"] for t in project_tables]
    assert [t["length"] for t in copy_tables] != [t["length"] for t in project_tables]


def test_play_and_replay_use_the_copy(modified: Path, tmp_path: Path) -> None:
    done = pnp(
        "play", "chin-music", "--cards", str(modified), "--seed", "1", cwd=tmp_path,
        stdin="words\nquit\nn\n",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Bruiser! (3)" in done.stdout and "Bully!" not in done.stdout

    save = tmp_path / "chinchon.json"
    args = ["play", "chinchon", "--cards", str(modified), "--seed", "2", "--auto"]
    done = pnp(*args, "--save", str(save), cwd=tmp_path, stdin="rules\n")
    assert done.returncode == 0, done.stderr
    assert "R♥" in done.stdout or "R♠" in done.stdout or "R♦" in done.stdout
    actions = json.loads(save.read_text(encoding="utf-8"))["actions"]
    assert any(action.endswith(("discard:RH", "discard:RS", "discard:RD", "discard:RC"))
               for action in actions)  # fmt: skip

    again = pnp("replay", str(save), "--cards", str(modified), cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    # The project's own data has no card written R: the save cannot be read with it.
    other = pnp("replay", str(save), "--cards", str(CARDS), cwd=tmp_path)
    assert other.returncode == 1
    assert "cannot be read" in other.stderr and "Traceback" not in other.stderr


def test_build_prints_the_copy(modified: Path, tmp_path: Path) -> None:
    args = ["build", "--cards", str(modified), "--game", "chin-music", "--paper", "a4"]
    done = pnp(*args, "--no-images", "--out", str(tmp_path))
    assert done.returncode == 0, done.stderr
    pdf = pdfium.PdfDocument(tmp_path / "pnp" / "chin-music-a4.pdf")
    text = " ".join(page.get_textpage().get_text_range() for page in pdf)
    assert "Bruiser!" in text and "Bully!" not in text


def test_kit_and_site_publish_the_copy(modified: Path, tmp_path: Path) -> None:
    out = tmp_path / "dist"
    # three games a table: enough for every printed card to be played (one is not)
    quick = ["--verify-games", "3", "--ratings", "0", "--evidence", "0"]
    quick += ["--no-alternatives", "--no-export"]  # the export is tested below
    done = pnp("kit", "--cards", str(modified), "--out", str(out), *quick)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    components = (out / "site" / "chin-music" / "components" / "index.html").read_text()
    assert "Bruiser!" in components and "Bully!" not in components
    report = json.loads((out / "verify" / "report.json").read_text(encoding="utf-8"))
    chin_music = next(game for game in report["games"] if game["id"] == "chin-music")
    assert "bruiser" in chin_music["card_plays"]


def test_export_draws_the_copy(modified: Path, tmp_path: Path) -> None:
    args = ["export", "--cards", str(modified), "--game", "chin-music", "--no-services"]
    done = pnp(*args, "--out", str(tmp_path))
    assert done.returncode == 0, done.stderr
    saved = json.loads((tmp_path / "tts" / "chin-music" / "chin-music.json").read_text())
    names = [card["Nickname"] for deck in saved["ObjectStates"]
             for card in deck["ContainedObjects"]]  # fmt: skip
    assert "Bruiser!" in names and "Bully!" not in names
