"""Output folders as transactions (pnp.output): a failed, killed or concurrent run never
leaves a mix, and a dead run never leaves its lock or its staging folder behind.

Processes are killed with real signals; what is published is compared file by file
(device and inode, size and time: a file replaced in any way shows)."""

from __future__ import annotations

import json
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from pnp.catalog import load_catalog
from pnp.output import JOURNAL_FILE, LOCK_FILE, OutputBusy, published, transaction
from pnp.registry import with_engine
from tests.conftest import ROOT

pytestmark = pytest.mark.probe

#: Far above what these take; only there so that a hang fails the test.
HANG = 300

Tree = dict[str, tuple[int, int, int, int]]


def tree(root: Path) -> Tree:
    """Every published file under ``root`` with its identity (not the transaction's own:
    the lock file and what a run left for the next to clear)."""
    found = {}
    for path in sorted(root.rglob("*")):
        private = path.name == LOCK_FILE or any(
            part.startswith(".staging-") for part in path.relative_to(root).parts
        )
        if path.is_file() and not private:
            status = path.stat()
            key = path.relative_to(root).as_posix()
            found[key] = (status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns)
    return found


def leftovers(root: Path) -> list[str]:
    """What a killed run could leave behind: staging folders, journals, temporary files."""
    return sorted(
        path.relative_to(root).as_posix()
        for path in root.rglob("*")
        if path.name.startswith(".staging-")
        or path.name == JOURNAL_FILE
        or (path.name.startswith(".") and path.name.endswith(".tmp"))
    )


def wait_for(condition: Callable[[], bool], what: str, process: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + HANG
    while not condition():
        if process.poll() is not None:
            pytest.fail(f"the run ended before {what}: {process.communicate()}")
        if time.monotonic() > deadline:
            process.kill()
            pytest.fail(f"never saw {what}")
        time.sleep(0.05)


def session_gone(session: int) -> bool:
    """Whether no process of the session ``session`` is left (a killed run's workers
    notice their parent is gone and stop)."""
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[3]) == session and fields[0] != "Z":
            return False
    return True


def kill_run(run: subprocess.Popen[str]) -> None:
    """SIGKILL the run (its parent process alone) and wait until its workers are gone."""
    run.send_signal(signal.SIGKILL)
    run.wait(timeout=HANG)
    deadline = time.monotonic() + HANG
    while not session_gone(run.pid):
        assert time.monotonic() < deadline, "the killed run's workers never stopped"
        time.sleep(0.1)


def pnp(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pnp", *args],
        cwd=cwd, capture_output=True, text=True, check=False, timeout=HANG,
    )  # fmt: skip


def start(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "pnp", *args], cwd=ROOT, text=True,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
    )  # fmt: skip


# --- the transaction itself ---------------------------------------------------------------


def test_units_are_published_and_the_rest_is_left_alone(tmp_path: Path) -> None:
    root = tmp_path / "out"
    (root / "pnp").mkdir(parents=True)
    (root / "pnp" / "other-a4.pdf").write_text("another game's kit")
    (root / "images" / "game" / "old").mkdir(parents=True)
    (root / "images" / "game" / "old" / "gone.png").write_text("a card no longer in the deck")
    with transaction(root, "build") as staging:
        staging.path("pnp").mkdir()
        staging.path("pnp/game-a4.pdf").write_text("new")
        staging.path("images/game").mkdir(parents=True)
        staging.path("images/game/card.png").write_text("new card")
        assert (
            published(staging.path("pnp/game-a4.pdf")).resolve()
            == (root / "pnp" / "game-a4.pdf").resolve()
        )
        staging.publish("pnp/game-a4.pdf", "images/game")
    assert (root / "pnp" / "other-a4.pdf").read_text() == "another game's kit"
    assert (root / "pnp" / "game-a4.pdf").read_text() == "new"
    # a folder is replaced whole: what the run did not make is gone from it
    assert sorted(p.name for p in (root / "images" / "game").rglob("*")) == ["card.png"]
    assert leftovers(root) == []


def test_a_failed_run_publishes_nothing(tmp_path: Path) -> None:
    root = tmp_path / "out"
    root.mkdir()
    (root / "report.json").write_text("the last good report")
    before = tree(root)
    with pytest.raises(RuntimeError), transaction(root, "verify") as staging:
        staging.path("report.json").write_text("half of a new one")
        staging.publish("report.json")
        raise RuntimeError("a step failed")
    assert tree(root) == before
    assert leftovers(root) == []


_KILLED_WHILE_PUBLISHING = """
import os, signal, sys
from pathlib import Path
import pnp.output as output

real_replace = os.replace

def replace_then_die(source, target):
    real_replace(source, target)
    if Path(target).name == "b":  # two of the four units are in place
        os.kill(os.getpid(), signal.SIGKILL)

output.os.replace = replace_then_die
root = Path(sys.argv[1])
with output.transaction(root, "build") as staging:
    for name in ("a", "b", "c", "d"):
        staging.path(name).write_text("new " + name)
    staging.publish("a", "b", "c", "d")
"""


def test_a_run_killed_while_publishing_is_finished_by_the_next(tmp_path: Path) -> None:
    root = tmp_path / "out"
    root.mkdir()
    for name in "abcd":
        (root / name).write_text(f"old {name}")
    child = subprocess.run(
        [sys.executable, "-c", _KILLED_WHILE_PUBLISHING, str(root)],
        cwd=ROOT, capture_output=True, text=True, timeout=HANG, check=False,
    )  # fmt: skip
    assert child.returncode == -signal.SIGKILL, child.stderr
    assert (root / JOURNAL_FILE).is_file()
    assert [(root / name).read_text() for name in "abcd"] == ["new a", "new b", "old c", "old d"]
    with transaction(root, "build"):
        pass  # the next run, whatever it does, first finishes the last one's publication
    assert [(root / name).read_text() for name in "abcd"] == ["new a", "new b", "new c", "new d"]
    assert leftovers(root) == []


_HOLD = """
import sys, time
from pathlib import Path
from pnp.output import transaction

with transaction(Path(sys.argv[1]), "kit"):
    print("holding", flush=True)
    time.sleep(600)
"""


def test_a_second_run_is_refused_and_a_killed_holder_leaves_no_lock(tmp_path: Path) -> None:
    root = tmp_path / "out"
    holder = subprocess.Popen(
        [sys.executable, "-c", _HOLD, str(root)], cwd=ROOT, text=True, stdout=subprocess.PIPE
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "holding\n"
        with pytest.raises(OutputBusy) as refused, transaction(root, "build"):
            pytest.fail("a second run entered a folder being written")
        sentence = str(refused.value)
        assert str(root) in sentence and f"process {holder.pid}" in sentence
        assert "pnp kit" in sentence and "--out" in sentence
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait(timeout=HANG)
    with transaction(root, "build") as staging:  # the dead holder's lock is gone with it
        staging.path("done").write_text("yes")
    assert (root / "done").read_text() == "yes"
    assert leftovers(root) == []


# --- real commands, killed -----------------------------------------------------------------


def _chin_music_only(tmp_path: Path, word: str | None = None) -> Path:
    """A cards folder holding Chin Music alone, one word changed when ``word`` is given."""
    cards = tmp_path / ("cards" if word is None else f"cards-{word}")
    shutil.copytree(ROOT / "cards" / "chin-music", cards / "chin-music")
    if word is not None:
        bout = cards / "chin-music" / "bout.yaml"
        bout.write_text(bout.read_text().replace('word: "Bully!"', f'word: "{word}"'))
    return cards


SMALL_BUILD = ("build", "--game", "chin-music", "--paper", "a4", "--no-booklets", "--jobs", "2")


def test_a_build_killed_midway_leaves_the_last_build_and_the_next_clears_it_up(
    tmp_path: Path,
) -> None:
    out = tmp_path / "dist"
    first = pnp(*SMALL_BUILD, "--cards", str(_chin_music_only(tmp_path)), "--out", str(out))
    assert first.returncode == 0, first.stderr
    before = tree(out)
    changed = _chin_music_only(tmp_path, "Rowdy!")
    run = start(*SMALL_BUILD, "--cards", str(changed), "--out", str(out))
    # killed once the new PDF is made and the card images are being drawn
    wait_for(
        lambda: any(out.glob(".staging-build-*/images/chin-music/bout/*.png")),
        "the new images being drawn",
        run,
    )
    kill_run(run)
    assert tree(out) == before  # exactly the last complete build
    assert leftovers(out)  # what the killed run left, for the next to clear
    again = pnp(*SMALL_BUILD, "--cards", str(changed), "--out", str(out))
    assert again.returncode == 0, again.stderr
    assert leftovers(out) == []
    after = tree(out)
    assert after.keys() == before.keys()
    assert all(after[name] != before[name] for name in before)  # every file is new


def test_two_builds_into_one_folder_at_once(tmp_path: Path) -> None:
    out = tmp_path / "dist"
    cards = _chin_music_only(tmp_path)
    first = start(*SMALL_BUILD, "--cards", str(cards), "--out", str(out))
    wait_for(lambda: any(out.glob(".staging-build-*")), "the first build staging", first)
    second = pnp(*SMALL_BUILD, "--cards", str(cards), "--out", str(out))
    _, stderr = first.communicate(timeout=HANG)
    assert first.returncode == 0, stderr
    assert second.returncode == 2
    assert "Traceback" not in second.stderr
    expected = (
        f"pnp build: {re.escape(str(out))} is being written by another run \\(pnp build, "
        f"process {first.pid} since \\d\\d:\\d\\d:\\d\\d\\); wait for it to finish, or choose "
        "another output folder with --out"
    )
    assert re.fullmatch(expected, second.stderr.strip()), second.stderr
    assert leftovers(out) == []


def test_a_killed_kit_leaves_the_last_kit_and_its_report_is_not_published_again(
    kit: Path, tmp_path: Path
) -> None:
    """``pnp kit`` killed while playing leaves the last complete kit exactly as it was;
    ``pnp site`` then refuses that kit's report for the changed card data."""
    out = tmp_path / "dist"
    subprocess.run(["cp", "-al", str(kit), str(out)], check=True)  # the last complete kit
    before = tree(out)
    cards = tmp_path / "cards"
    subprocess.run(["cp", "-r", str(ROOT / "cards"), str(cards)], check=True)
    bout = cards / "chin-music" / "bout.yaml"
    bout.write_text(bout.read_text().replace('word: "Bully!"', 'word: "Rowdy!"'))
    light = ["--verify-games", "2", "--ratings", "0", "--evidence", "0"]
    run = start("kit", "--cards", str(cards), "--out", str(out), *light)
    wait_for(lambda: any(out.glob(".staging-kit-*/pnp/kit-a4.pdf")), "the new PDFs", run)
    kill_run(run)
    assert tree(out) == before
    report = json.loads((out / "verify" / "report.json").read_text())
    assert set(report["made_from"]["games"]) == set(with_engine(load_catalog(cards)))
    refused = pnp("site", "--cards", str(cards), "--kit", str(out), "--out", str(out / "site"))
    assert refused.returncode == 1
    assert "Traceback" not in refused.stderr
    assert (
        f"{out / 'verify' / 'report.json'} was made from other card data (the card data of "
        "chin-music changed since), so its figures are not this kit's: run pnp verify again "
        "(or pnp kit) before publishing the site"
    ) in refused.stderr
    assert tree(out) == before


@pytest.mark.parametrize(
    "command",
    [
        ("build", "--game", "chin-music", "--no-images", "--no-booklets"),
        ("verify", "--game", "chin-music", "--games", "1"),
        ("export", "--game", "chin-music", "--no-services"),
        ("kit",),
        ("compare", "--game", "chin-music", "--set", "players=3"),
        ("sweep", "chin-music", "--players", "3", "--games", "1"),
    ],
    ids=lambda command: command[0],
)
@pytest.mark.parametrize("where", ["a file", "inside a file"])
def test_an_output_folder_that_cannot_be_used_is_one_sentence(
    tmp_path: Path, command: tuple[str, ...], where: str
) -> None:
    (tmp_path / "notes.txt").write_text("a file of the user's")
    out = tmp_path / "notes.txt" if where == "a file" else tmp_path / "notes.txt" / "dist"
    result = pnp(*command, "--out", str(out))
    assert result.returncode == 2, result
    expected = (
        f"pnp {command[0]}: {out} is a file, not a folder: choose another output folder"
        if where == "a file"
        else f"pnp {command[0]}: cannot create the output folder {out}: Not a directory"
    )
    assert result.stderr.strip().splitlines()[-1] == expected, result.stderr
    assert "Traceback" not in result.stderr
    assert (tmp_path / "notes.txt").read_text() == "a file of the user's"


@pytest.mark.parametrize("command", ["build", "export", "verify", "compare", "sweep"])
def test_jobs_must_be_a_positive_number(command: str) -> None:
    extra = ["chin-music"] if command == "sweep" else []
    result = pnp(command, *extra, "--jobs", "0")
    assert result.returncode == 2
    assert "argument --jobs: must be 1 or more, got 0" in result.stderr
