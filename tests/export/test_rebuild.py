"""Identical inputs, identical files: two exports and their bundles, byte for byte."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

from pnp.export.bundles import FIXED_DATE, write_bundles, zip_bytes
from tests.export.conftest import Exported


def _files(out: Path) -> dict[str, bytes]:
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in out.rglob("*") if p.is_file()}


def test_two_exports_are_byte_identical(exported: Exported, exported_again: Exported) -> None:
    first, second = _files(exported.out), _files(exported_again.out)
    assert sorted(first) == sorted(second)
    assert len(first) > 300
    different = [name for name in first if first[name] != second[name]]
    assert different == []


def test_bundles_are_byte_identical(exported: Exported, exported_again: Exported) -> None:
    first = write_bundles(exported.out, exported.result.folders)
    second = write_bundles(exported_again.out, exported_again.result.folders)
    assert [b.path.name for b in first] == [b.path.name for b in second]
    assert {b.path.name for b in first} == {
        f"{kind}-chin-music.zip"
        for kind in ("tts", "makeplayingcards", "the-game-crafter", "drivethrucards")
    }
    for one, other in zip(first, second, strict=True):
        assert one.path.read_bytes() == other.path.read_bytes(), one.path.name


def test_zip_entries_are_sorted_and_dated_alike() -> None:
    data = zip_bytes([("b.txt", b"two"), ("a/c.txt", b"one")])
    assert data == zip_bytes([("a/c.txt", b"one"), ("b.txt", b"two")])
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        infos = archive.infolist()
        assert [info.filename for info in infos] == ["a/c.txt", "b.txt"]
        assert {info.date_time for info in infos} == {FIXED_DATE}
        assert archive.read("b.txt") == b"two"


def test_tts_bundle_holds_the_folder(exported: Exported) -> None:
    (bundle,) = [b for b in write_bundles(exported.out, exported.result.folders) if b.kind == "tts"]
    with zipfile.ZipFile(bundle.path) as archive:
        names = archive.namelist()
    folder = exported.out / "tts" / "chin-music"
    assert names == sorted(f"chin-music-tts/{p.name}" for p in folder.iterdir())
    assert "chin-music-tts/chin-music.json" in names
