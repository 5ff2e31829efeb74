"""Property test: whatever is done to a valid data file, the loader either
accepts the result or raises CatalogError whose every problem is located.
It never lets another exception escape."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.catalog import CatalogError, load_catalog
from tests.conftest import CARDS

DATA_FILES = sorted(p.relative_to(CARDS).as_posix() for p in CARDS.glob("*/*.yaml"))

JUNK_VALUES = [
    "x",
    "-1",
    "0",
    "1.5",
    "true",
    "~",
    "[]",
    "{}",
    '"3"',
    "[1, [2, {a: b}]]",
    "!!python/object/apply:os.system ['false']",
    "!custom tag",
    "&anchor 1",
    "*nowhere",
    "'unterminated",
    "{a: 1",
    "- list item",
    "2026-01-01",
    "0x1F",
    ".nan",
    "a: b: c",
    "|\n  block",
    '"\\u0000"',
    "ünïcödé ♠♥",
    "x" * 300,
]


@st.composite
def mutation(draw: st.DrawFn) -> tuple[str, bytes]:
    """A data file and new contents for it, made by one of several mutations."""
    name = draw(st.sampled_from(DATA_FILES))
    original = (CARDS / name).read_bytes()
    lines = original.split(b"\n")
    how = draw(
        st.sampled_from(
            ["value", "delete-line", "duplicate-line", "truncate", "insert", "rename-key", "swap"]
        )
    )
    index = draw(st.integers(0, len(lines) - 1))
    line = lines[index]
    if how == "value":
        junk = draw(st.sampled_from(JUNK_VALUES)).encode()
        if b": " in line:
            key, _, _ = line.partition(b": ")
            lines[index] = key + b": " + junk
        else:
            lines[index] = line + b" " + junk
    elif how == "delete-line":
        del lines[index]
    elif how == "duplicate-line":
        lines.insert(index, line)
    elif how == "truncate":
        cut = draw(st.integers(0, len(original)))
        return name, original[:cut]
    elif how == "insert":
        where = draw(st.integers(0, len(original)))
        junk = draw(st.binary(min_size=1, max_size=12) | st.text(max_size=12).map(str.encode))
        return name, original[:where] + junk + original[where:]
    elif how == "rename-key":
        if b":" in line:
            key, colon, rest = line.partition(b":")
            lines[index] = key + draw(st.sampled_from([b"x", b"_", b"s", b"-"])) + colon + rest
    elif how == "swap":
        other = draw(st.integers(0, len(lines) - 1))
        lines[index], lines[other] = lines[other], lines[index]
    return name, b"\n".join(lines)


@settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(mutation())
def test_loader_only_raises_located_catalog_errors(change: tuple[str, bytes]) -> None:
    name, content = change
    with tempfile.TemporaryDirectory() as folder:
        # only the mutated game's folder: the others cannot be affected
        root = Path(folder) / "cards"
        game = name.split("/")[0]
        shutil.copytree(CARDS / game, root / game)
        (root / name).write_bytes(content)
        try:
            load_catalog(root)
        except CatalogError as error:
            assert error.problems, "a CatalogError must carry at least one problem"
            for problem in error.problems:
                assert problem.message.strip()
                assert Path(problem.file).is_relative_to(root), problem
                assert Path(problem.file).suffix == ".yaml", problem
                assert problem.line >= 1, problem
                assert str(problem).startswith(f"{problem.file}:{problem.line}: ")
