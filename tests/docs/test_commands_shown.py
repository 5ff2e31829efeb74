"""The commands the documentation shows without running them (```` ```sh ```` and
```` ```text ```` blocks: a build of minutes, a benchmark, a replay at a terminal) are still
checked: every ``pnp`` line parses with the real command line, every ``make`` target exists,
and every benchmark script exists and takes each option the page gives it. So a renamed
option or script fails here rather than in a reader's shell."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys

import pytest

from pnp.cli import build_parser
from tests.docs.examples import FENCE, PAGES, ROOT

SHOWN = ("sh", "bash", "text")
# Lines of a shown block that are no command of this tool (a shell's own, or pip's).
OTHERS = (". ", "cp ", ".venv/bin/pip ")
BENCHMARK = re.compile(r"^(?:\.venv/bin/)?python3? (?P<script>benchmarks/\S+\.py)(?P<rest>.*)$")
HELPERS = {"project.py"}  # imported by the scripts, run by nobody


def shown_commands() -> list[tuple[str, str]]:
    """(page, command line) for each command of a block that is shown and not run."""
    found: list[tuple[str, str]] = []
    for page in sorted(PAGES.rglob("*.md")):
        for match in FENCE.finditer(page.read_text(encoding="utf-8")):
            info = match.group("info").strip()
            if not info or info.split()[0] not in SHOWN or "title=" in info:
                continue
            lines = match.group("body").splitlines()
            prompted = any(line.lstrip().startswith("$ ") for line in lines)
            for line in lines:
                text = line.strip()
                if prompted:  # a transcript: only its "$ " lines are commands
                    if not text.startswith("$ "):
                        continue
                    text = text[2:]
                elif not text or text.startswith("#"):
                    continue
                command = re.sub(r"\s+#.*$", "", text)
                if _is_command(command):
                    found.append((str(page.relative_to(PAGES)), command))
    return found


def _is_command(text: str) -> bool:
    return text.startswith(("pnp ", "make ", *OTHERS)) or BENCHMARK.match(text) is not None


COMMANDS = shown_commands()


def test_the_pages_show_commands_of_every_sort() -> None:
    sorts = {command.split()[0] for _, command in COMMANDS}
    assert {"pnp", "make", ".venv/bin/python"} <= sorts, sorts


@pytest.mark.parametrize(("page", "command"), COMMANDS, ids=[c for _, c in COMMANDS])
def test_a_shown_command_exists_as_written(page: str, command: str) -> None:
    words = shlex.split(command)
    if words[0] == "pnp":
        try:
            build_parser().parse_args(words[1:])
        except SystemExit as stopped:  # argparse's way of saying no
            pytest.fail(f"{page}: `{command}` does not parse (exit {stopped.code})")
    elif words[0] == "make":
        targets = set(re.findall(r"^([a-z][\w-]*):", (ROOT / "Makefile").read_text(), re.M))
        assert set(words[1:]) <= targets, f"{page}: `{command}` names no Makefile target"
    elif (bench := BENCHMARK.match(command)) is not None:
        script = ROOT / bench.group("script")
        assert script.is_file(), f"{page}: `{command}`: there is no {bench.group('script')}"
        helped = subprocess.run(
            [sys.executable, str(script), "--help"], cwd=ROOT, capture_output=True, text=True,
            timeout=120,
        )  # fmt: skip
        assert helped.returncode == 0, helped.stderr
        options = set(re.findall(r"--[a-z][\w-]*", helped.stdout))
        shown = set(re.findall(r"--[a-z][\w-]*", bench.group("rest")))
        assert shown <= options, f"{page}: `{command}`: {sorted(shown - options)} not taken"
    else:
        assert command.startswith(OTHERS), command


def test_every_benchmark_script_is_on_the_benchmarks_page() -> None:
    page = (PAGES / "benchmarks.md").read_text(encoding="utf-8")
    scripts = {p.name for p in (ROOT / "benchmarks").glob("*.py")} - HELPERS
    missing = sorted(name for name in scripts if f"benchmarks/{name}" not in page)
    assert not missing, f"benchmarks not on docs/pages/benchmarks.md: {missing}"


def test_a_wrong_option_would_be_caught() -> None:
    """The check above can fail: an option pnp does not have does not parse."""
    with pytest.raises(SystemExit):
        build_parser().parse_args(["kit", "--no-such-option"])
