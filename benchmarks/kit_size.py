"""Benchmark: how much disk a built kit takes, and where. Prints figures, asserts nothing.

Run by hand after ``make kit``: ``.venv/bin/python benchmarks/kit_size.py [DIST ...]``
(default ``dist``; give two folders, an older kit first, to compare them).

For each top folder of the kit (``pnp``, ``export``, ``site``...), and in all: the bytes
on disk, each file counted once however many names it has (hard links, as ``du``
counts), the bytes a plain copy would take (every name a whole file, as an upload or a
zip sees them), the number of files, and the bytes still stored more than once (files
with the same content that are not one file: what :mod:`pnp.dedupe` would save).
"""

from __future__ import annotations

import argparse
import hashlib
from dataclasses import dataclass, field
from pathlib import Path

SMALLEST = 4096  # as pnp.dedupe: smaller duplicates are not counted


@dataclass
class Tally:
    on_disk: int = 0
    as_copies: int = 0
    files: int = 0
    inodes: set[int] = field(default_factory=set)


def measure(dist: Path) -> tuple[dict[str, Tally], int]:
    """The tally of each top folder (and ``all``) of ``dist``, and the bytes stored twice."""
    tallies: dict[str, Tally] = {}
    contents: dict[str, set[int]] = {}
    sizes: dict[str, int] = {}
    for path in sorted(dist.rglob("*")):
        if not path.is_file() or path.is_symlink():
            continue
        stat = path.stat()
        top = path.relative_to(dist).parts[0] if path.parent != dist else "(files)"
        for name in (top, "all"):
            tally = tallies.setdefault(name, Tally())
            tally.files += 1
            tally.as_copies += stat.st_size
            if stat.st_ino not in tally.inodes:
                tally.inodes.add(stat.st_ino)
                tally.on_disk += stat.st_size
        if stat.st_size >= SMALLEST:
            digest = hashlib.sha256(path.read_bytes()).hexdigest()
            contents.setdefault(digest, set()).add(stat.st_ino)
            sizes[digest] = stat.st_size
    twice = sum(sizes[digest] * (len(inodes) - 1) for digest, inodes in contents.items())
    return tallies, twice


def megabytes(size: int) -> str:
    return f"{size / 1_000_000:8.1f} MB"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dists", nargs="*", type=Path, default=[Path("dist")], metavar="DIST")
    args = parser.parse_args()
    for dist in args.dists:
        if not dist.is_dir():
            parser.error(f"{dist} is not a folder: build a kit first (make kit)")
        tallies, twice = measure(dist)
        print(f"{dist}:")
        print(f"  {'folder':<14} {'on disk':>11} {'as copies':>11} {'files':>6}")
        for name, tally in sorted(tallies.items(), key=lambda item: item[0] == "all"):
            copies = megabytes(tally.as_copies)
            print(f"  {name:<14} {megabytes(tally.on_disk)} {copies} {tally.files:>6}")
        print(f"  content stored more than once: {megabytes(twice).strip()}")


if __name__ == "__main__":
    main()
