"""Every file of an output stored once (:mod:`pnp.dedupe`), and the kit that does it."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

from pnp.dedupe import SMALLEST, link_identical
from pnp.files import write_atomic


def _write(path: Path, content: bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    return path


def test_identical_files_become_one_and_the_others_stay(tmp_path: Path) -> None:
    same = os.urandom(SMALLEST * 3)
    first = _write(tmp_path / "pnp" / "kit.pdf", same)
    again = _write(tmp_path / "site" / "downloads" / "kit.pdf", same)
    third = _write(tmp_path / "site-offline" / "downloads" / "kit.pdf", same)
    other = _write(tmp_path / "site" / "other.pdf", os.urandom(SMALLEST * 3))  # same size
    small = [_write(tmp_path / name, b"tiny") for name in ("a.txt", "b.txt")]
    linked = link_identical([tmp_path])
    assert (linked.files, linked.saved) == (2, 2 * len(same))
    assert linked.sentence() == "stored 2 identical files once (0.0 MB saved)"
    inode = first.stat().st_ino
    assert again.stat().st_ino == inode and third.stat().st_ino == inode
    assert again.read_bytes() == same and first.stat().st_nlink == 3
    assert other.stat().st_ino != inode
    assert small[0].stat().st_ino != small[1].stat().st_ino  # too small to bother
    assert link_identical([tmp_path]).files == 0  # already one copy
    assert not list(tmp_path.rglob("*.tmp"))


def test_a_path_written_later_never_changes_the_others(tmp_path: Path) -> None:
    same = os.urandom(SMALLEST)
    first = _write(tmp_path / "pnp" / "kit.pdf", same)
    again = _write(tmp_path / "site" / "kit.pdf", same)
    link_identical([tmp_path])
    write_atomic(again, b"a new kit")
    assert first.read_bytes() == same and again.read_bytes() == b"a new kit"


def test_only_files_under_the_replaceable_folder_are_replaced(tmp_path: Path) -> None:
    same = os.urandom(SMALLEST)
    kit = [_write(tmp_path / "kit" / name, same) for name in ("a.png", "b.png")]
    site = _write(tmp_path / "staging" / "site" / "a.png", same)
    linked = link_identical([tmp_path / "kit", tmp_path / "staging"], tmp_path / "staging")
    assert linked.files == 1 and site.stat().st_ino == kit[0].stat().st_ino
    assert kit[1].stat().st_ino != kit[0].stat().st_ino  # outside: left as it was


def test_a_disk_without_hard_links_keeps_its_copies(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    same = os.urandom(SMALLEST)
    paths = [_write(tmp_path / name, same) for name in ("a.png", "b.png")]

    def refuse(source: object, target: object) -> None:
        raise OSError(1, "Operation not permitted")

    monkeypatch.setattr(os, "link", refuse)
    linked = link_identical([tmp_path])
    assert not linked.supported and linked.files == 0
    assert "identical files stay copies" in linked.sentence()
    assert [path.read_bytes() for path in paths] == [same, same]
    assert not list(tmp_path.rglob("*.tmp"))


#: What ``pnp kit`` writes (other tests of the shared kit add folders of their own).
KIT_FOLDERS = (".web-images", "export", "images", "pnp", "site", "site-offline", "verify")


def _stored(root: Path) -> dict[str, set[int]]:
    """The inodes holding each content of at least SMALLEST bytes in the kit's folders."""
    found: dict[str, set[int]] = {}
    paths = [path for name in KIT_FOLDERS for path in (root / name).rglob("*")]
    assert paths, f"no kit in {root}"
    for path in paths:
        if path.is_file() and path.stat().st_size >= SMALLEST:
            digest = hashlib.sha256(path.read_bytes()).hexdigest()
            found.setdefault(digest, set()).add(path.stat().st_ino)
    return found


def test_the_kit_stores_every_file_once(kit: Path) -> None:
    twice = {digest: inodes for digest, inodes in _stored(kit).items() if len(inodes) > 1}
    assert not twice, f"{len(twice)} contents stored more than once"
    # the site and the copy that opens from disk offer the same downloads, stored once
    for name in ("kit-a4.pdf", "chinchon-letter.pdf"):
        offered = [kit / "site" / "downloads" / name, kit / "site-offline" / "downloads" / name]
        assert {path.stat().st_ino for path in offered} == {(kit / "pnp" / name).stat().st_ino}
    # a print service's files are only in its zip; Tabletop Simulator keeps its folder
    export = kit / "export"
    assert sorted(path.name for path in export.iterdir() if path.name != ".pnp-lock") == [
        "bundles", "tts"
    ]  # fmt: skip
    assert (export / "bundles" / "makeplayingcards-chinchon.zip").is_file()
