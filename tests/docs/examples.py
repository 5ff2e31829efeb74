"""The examples of the documentation's pages (``docs/pages``), as the tests run them.

- A ```` ```console ```` block holds commands (lines starting ``$ ``) each followed by the
  output it prints (standard output and error together). In the output, a line ``...``
  stands for any number of lines and ``...`` within a line for any text. A command that
  ends with the comment ``# exit status N`` must exit with N, every other with 0.
- A block with ``title="PATH"`` (```` ```yaml title="cards/moon-climb/variants.yaml" ````)
  is a file the reader writes: the test writes it at PATH, or adds it at the end of the
  file when the title ends with `` (add at the end)``.
- A console block right after a comment ``<!-- input: ["s", "8", "quit", ""] -->`` gets
  those lines as its input (a transcript of a game: the tool echoes each answer after its
  prompt when the input is no terminal, so the transcript is its output).
- A ```` ```python ```` block without a title runs from the project folder; each comment
  ``# prints: TEXT`` names a line it must print, in that order.

The blocks of a page run in order, in one temporary folder of that page.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGES = ROOT / "docs" / "pages"

FENCE = re.compile(
    r"^(?P<indent>[ \t]*)```(?P<info>[^\n]*)\n(?P<body>.*?)^(?P=indent)```[ \t]*$", re.M | re.S
)
TITLE = re.compile(r'title="(?P<title>[^"]+)"')
INPUT = re.compile(r"<!-- input: (?P<answers>\[.*?\]) -->\s*$", re.S)
EXIT = re.compile(r"\s+# exit status (?P<code>\d+)\s*$")
APPEND = " (add at the end)"


@dataclass(frozen=True)
class Command:
    line: str  # as the page shows it, without "$ "
    expected: str  # the output shown, with "..." for what is left out
    status: int


@dataclass(frozen=True)
class Block:
    """One block of a page: ``console`` (commands), ``file`` or ``python``."""

    kind: str
    body: str
    path: str = ""
    append: bool = False
    commands: tuple[Command, ...] = ()
    input: str = ""


def parse_console(body: str) -> tuple[Command, ...]:
    commands: list[Command] = []
    line: str | None = None
    output: list[str] = []
    for text in [*body.splitlines(), "$ "]:
        if text.startswith("$ "):
            if line is not None:
                found = EXIT.search(line)
                status = int(found.group("code")) if found else 0
                command = EXIT.sub("", line) if found else line
                commands.append(Command(command, "\n".join(output), status))
            line, output = text[2:], []
        else:
            assert line is not None, f"output before any command: {text!r}"
            output.append(text)
    return tuple(commands)


def page_blocks(page: Path) -> list[Block]:
    blocks: list[Block] = []
    text = page.read_text(encoding="utf-8")
    for match in FENCE.finditer(text):
        info = match.group("info").strip()
        indent = match.group("indent")
        body = "".join(
            line.removeprefix(indent) for line in match.group("body").splitlines(keepends=True)
        )
        language = info.split()[0] if info else ""
        title = TITLE.search(info)
        if title is not None:
            path = title.group("title")
            append = path.endswith(APPEND)
            blocks.append(Block("file", body, path.removesuffix(APPEND), append))
        elif language == "console":
            given = INPUT.search(text, max(0, match.start() - 500), match.start())
            answers = json.loads(given.group("answers")) if given else []
            typed = "".join(f"{answer}\n" for answer in answers)
            blocks.append(Block("console", body, commands=parse_console(body), input=typed))
        elif language == "python":
            blocks.append(Block("python", body))
    return blocks


def pages_with_examples() -> list[Path]:
    return [
        page
        for page in sorted(PAGES.rglob("*.md"))
        if any(block.kind != "file" for block in page_blocks(page))
    ]


def output_pattern(expected: str) -> re.Pattern[str]:
    """The regular expression an output must match in full."""
    parts: list[str] = []
    for line in expected.splitlines():
        if line.strip() == "...":
            parts.append(r"(?:[^\n]*\n)*?")
        else:
            pieces = [re.escape(piece) for piece in line.rstrip().split("...")]
            parts.append("[^\n]*".join(pieces) + r"[ \t]*\n")
    return re.compile("".join(parts))


def matches(expected: str, output: str) -> bool:
    lines = [line.rstrip() for line in output.splitlines()]
    text = "".join(line + "\n" for line in lines)
    return output_pattern(expected).fullmatch(text) is not None
