"""Every example of the documentation runs as shown (see :mod:`tests.docs.examples`): its
commands in a temporary folder, never in the project, each printing what the page says."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
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
        done = subprocess.run(
            ["bash", "-c", command.line], cwd=folder, env=environment, stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, check=False,
            timeout=300,
        )  # fmt: skip
        assert done.returncode == command.status, (
            f"$ {command.line}\nexited with {done.returncode}, not {command.status}:\n"
            f"{done.stdout[-3000:]}"
        )
        assert matches(command.expected, done.stdout), (
            f"$ {command.line}\nprinted:\n{done.stdout}\nthe page shows:\n{command.expected}"
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
