"""Every example of the documentation runs as shown (see :mod:`tests.docs.examples`): its
commands in a temporary folder, never in the project, each printing what the page says."""

from __future__ import annotations

import contextlib
import io
import os
import re
import shlex
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.docs.examples import (
    PAGES,
    ROOT,
    Block,
    matches,
    page_blocks,
    pages_with_examples,
    parse_console,
)

PAGES_RUN = pages_with_examples()
#: A command that is ``pnp`` alone (no pipe, redirection or second command) runs in this
#: process, as the console script would run it: far quicker than a process each.
PLAIN_PNP = re.compile(r"pnp( [^|;&<>`$()]*)?")
SETTINGS = {"NO_COLOR": "1", "COLUMNS": "80"}


@contextlib.contextmanager
def inside(folder: Path, typed: str = "") -> Iterator[io.StringIO]:
    """Run in ``folder`` with the example's settings, with no input, printing into one
    buffer (standard output and error together, as a terminal shows them)."""
    output, saved = io.StringIO(), {key: os.environ.get(key) for key in SETTINGS}
    before, stdin = Path.cwd(), sys.stdin
    os.environ.update(SETTINGS)
    os.chdir(folder)
    sys.stdin = io.StringIO(typed)
    try:
        with contextlib.redirect_stdout(output), contextlib.redirect_stderr(output):
            yield output
    finally:
        sys.stdin = stdin
        os.chdir(before)
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def run_pnp(line: str, folder: Path, typed: str = "") -> tuple[int, str]:
    """``pnp ARGS`` run in this process: its exit status and what it printed."""
    from pnp.cli import main

    with inside(folder, typed) as output:
        try:
            status = main(shlex.split(line, comments=True)[1:])
        except SystemExit as exit:
            status = exit.code if isinstance(exit.code, int) else 1
    return status, output.getvalue()


@pytest.fixture(scope="module")
def shell_path(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A PATH whose ``pnp`` is this project's, run by this interpreter."""
    folder = tmp_path_factory.mktemp("bin")
    shim = folder / "pnp"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m pnp "$@"\n', encoding="utf-8")
    shim.chmod(shim.stat().st_mode | stat.S_IXUSR)
    return os.pathsep.join([str(folder), os.environ.get("PATH", "")])


def run_block(block: Block, folder: Path, path: str) -> None:
    if block.kind == "file":
        target = folder / block.path
        target.parent.mkdir(parents=True, exist_ok=True)
        with target.open("a" if block.append else "w", encoding="utf-8") as file:
            file.write(block.body)
        return
    if block.kind == "python":
        done = subprocess.run(
            [sys.executable, "-c", block.body], cwd=ROOT, capture_output=True, text=True,
            check=False, timeout=300,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr[-2000:]
        wanted = [
            line.split("# prints: ", 1)[1].strip()
            for line in block.body.splitlines()
            if "# prints: " in line
        ]
        position = 0
        for text in wanted:
            found = done.stdout.find(text, position)
            assert found >= 0, f"{text!r} not printed (in order); printed:\n{done.stdout}"
            position = found + len(text)
        return
    environment = dict(os.environ, PATH=path, NO_COLOR="1", COLUMNS="80", LC_ALL="C.UTF-8")
    for command in block.commands:
        line = command.line.split("  #")[0].strip()
        if PLAIN_PNP.fullmatch(line):
            status, printed = run_pnp(line, folder, block.input)
        else:
            done = subprocess.run(
                ["bash", "-c", command.line], cwd=folder, env=environment, input=block.input,
                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, check=False,
                timeout=300,
            )  # fmt: skip
            status, printed = done.returncode, done.stdout
        assert status == command.status, (
            f"$ {command.line}\nexited with {status}, not {command.status}:\n{printed[-3000:]}"
        )
        assert matches(command.expected, printed), (
            f"$ {command.line}\nprinted:\n{printed}\nthe page shows:\n{command.expected}"
        )


@pytest.mark.parametrize("page", PAGES_RUN, ids=[str(p.relative_to(PAGES)) for p in PAGES_RUN])
def test_the_examples_of_the_page_run_as_shown(page: Path, tmp_path: Path, shell_path: str) -> None:
    for block in page_blocks(page):
        run_block(block, tmp_path, shell_path)


def test_the_pages_have_examples() -> None:
    names = {str(page.relative_to(PAGES)) for page in PAGES_RUN}
    assert {"getting-started.md", "tutorial/new-game.md", "tutorial/playtest.md"} <= names


def test_the_output_pattern_elides_lines_and_text() -> None:
    assert matches("a\n...\nd", "a\nb\nc\nd\n")
    assert matches("a\n...\nd", "a\nd\n")
    assert matches("took ... s", "took 0.3 s\n")
    assert not matches("a\nd", "a\nb\nd\n")
    assert not matches("took ... s", "took 0.3 s\nmore\n")


def test_a_command_may_expect_its_exit_status() -> None:
    (command,) = parse_console("$ pnp validate   # exit status 1\n1 problem\n")
    assert (command.line, command.status, command.expected) == ("pnp validate", 1, "1 problem")


def test_the_examples_moved_from_the_readme_keep_their_checks() -> None:
    """The Python examples of the built-in games (once the README's) still check what
    they print: the best arrangement of a Chinchón hand, revenue and minimum bids."""
    page = (PAGES / "reference" / "built-in-games.md").read_text(encoding="utf-8")
    python = [block for block in page_blocks(PAGES / "reference" / "built-in-games.md")]
    assert sum(block.kind == "python" for block in python) == 3
    for printed in (
        "# prints: [5D 6D 7D] [QS QH QC] | 3H (3 points)",
        "# prints: Revenue(units=13, money=65000)",
        "# prints: 25000",
    ):
        assert printed in page, printed
