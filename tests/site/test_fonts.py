"""The site's web fonts are the same bytes on every build (identical inputs, identical
files): the fonts' own timestamps are kept, never set to the time of the build."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.site.fonts import web_fonts


def test_web_fonts_are_the_same_bytes_whenever_they_are_built(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # fontTools stamps a font it saves with the time it reads from here, when asked to
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1000000000")
    web_fonts(tmp_path / "first")
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "2000000000")
    web_fonts(tmp_path / "second")
    first = sorted((tmp_path / "first").iterdir())
    assert [path.name for path in first if path.suffix == ".woff"]
    for path in first:
        assert path.read_bytes() == (tmp_path / "second" / path.name).read_bytes(), path.name
