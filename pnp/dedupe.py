"""Every file of an output stored once: identical files hard-linked together.

A kit offers the same file in several places: a PDF in ``pnp/`` and among the site's
downloads, the site's pictures again in the copy that opens from disk, a card's back
once per card in a print service's folder. :func:`link_identical` finds files with the
same bytes (same size first, then the same SHA-256) and makes each later one a hard link
to the first, so the disk holds one copy while every path still reads as a plain file
(a static host, a zip or a copy onto another disk gets whole files).

Nothing is ever written through a link: a file is replaced by renaming a new link over
it, and every writer of this project replaces files the same way
(:func:`pnp.files.write_atomic`), so changing one path later never changes the others.
On a disk without hard links (some network and FAT disks), the files stay copies and
:attr:`Linked.supported` says so.
"""

from __future__ import annotations

import errno
import hashlib
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

#: Files smaller than this are left alone: linking them saves next to nothing.
SMALLEST = 4096
#: Errors that mean the disk does not do hard links here (not a fault of the kit).
_NO_LINKS = {errno.EXDEV, errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EMLINK}


@dataclass(frozen=True)
class Linked:
    """What :func:`link_identical` did: files now links, bytes no longer stored twice."""

    files: int
    saved: int
    supported: bool = True

    def sentence(self) -> str:
        if not self.supported:
            return "this disk keeps no hard links: identical files stay copies"
        return (
            f"stored {self.files} identical file{'s' if self.files != 1 else ''} once "
            f"({self.saved / 1_000_000:.1f} MB saved)"
        )


def _files(folders: Iterable[Path]) -> list[Path]:
    found: list[Path] = []
    for folder in folders:
        if folder.is_dir():
            found += sorted(
                path for path in folder.rglob("*") if path.is_file() and not path.is_symlink()
            )
    return found


def _digest(path: Path) -> str:
    hasher = hashlib.sha256()
    with path.open("rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            hasher.update(block)
    return hasher.hexdigest()


def link_identical(
    folders: Sequence[Path], replaceable: Path | None = None, smallest: int = SMALLEST
) -> Linked:
    """Hard-link identical files of ``folders`` to the first of them (in the order of
    ``folders``, then of their paths). Only files under ``replaceable`` (default: all of
    ``folders``) are replaced by links; the others are only linked to."""
    by_size: dict[int, list[Path]] = {}
    for path in _files(folders):
        size = path.stat().st_size
        if size >= smallest:
            by_size.setdefault(size, []).append(path)
    limit = replaceable.resolve() if replaceable is not None else None
    files = saved = 0
    for size, paths in by_size.items():
        if len(paths) < 2:
            continue
        first: dict[str, Path] = {}
        digests: dict[int, str] = {}  # by inode: a file already linked is read once
        for path in paths:
            inode = path.stat().st_ino
            if inode not in digests:
                digests[inode] = _digest(path)
            original = first.setdefault(digests[inode], path)
            if original is path or original.stat().st_ino == inode:
                continue
            if limit is not None and not path.resolve().is_relative_to(limit):
                continue
            try:
                _replace_with_link(original, path)
            except OSError as error:
                if error.errno in _NO_LINKS:
                    return Linked(files, saved, supported=False)
                raise
            files += 1
            saved += size
    return Linked(files, saved)


def _replace_with_link(original: Path, path: Path) -> None:
    """Make ``path`` a hard link to ``original``, by renaming a new link over it."""
    temporary = path.with_name(f".{path.name}.link.tmp")  # (TEMPORARY_PATTERN: a kill leaves
    # it for pnp.output.recover to remove)
    temporary.unlink(missing_ok=True)
    os.link(original, temporary)
    try:
        os.replace(temporary, path)
    except OSError:
        temporary.unlink(missing_ok=True)
        raise
