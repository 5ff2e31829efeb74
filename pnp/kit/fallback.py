"""Fallback glyphs: a kit font extended with the glyphs of a second font for
the characters it lacks, so that Greek, Cyrillic or rarer accented Latin are
printed instead of dropped.

reportlab draws each string in one font and has no font fallback of its own,
so the fallback's outlines are copied into the primary font: scaled so that
capitals stand as tall as the primary's (and, for a condensed display face,
narrowed to its width), with their advance widths, under glyph names of their
own. The primary's own glyphs, metrics and tables are left as they were. The
result is the same bytes for the same two fonts, and is kept in a cache folder
so that only the first process to need it pays for the merge (about half a
second a font).
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import fontTools
from fontTools.pens.recordingPen import DecomposingRecordingPen
from fontTools.pens.transformPen import TransformPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont

from pnp.files import write_atomic

#: Bumped whenever the merge changes what it writes, so stale cached fonts are not used.
MERGE_VERSION = 1
#: Tables with a record per glyph that reportlab does not use; dropped, not patched.
_DROPPED = ("hdmx", "LTSH", "VDMX")
#: Only the Basic Multilingual Plane is taken from the fallback.
_LAST_CODE_POINT = 0xFFFF


@dataclass(frozen=True)
class Fallback:
    """The font that fills in for ``primary``: its file and how to fit its glyphs."""

    primary: Path
    fallback: Path
    #: Horizontal scale after matching the capital height (below 1 narrows).
    width: float = 1.0


def cmap_of(path: Path) -> dict[int, str]:
    """The code points a font file maps to glyphs."""
    return _cmap(str(path))


@cache
def _cmap(path: str) -> dict[int, str]:
    font = TTFont(path, lazy=True)
    try:
        return dict(font.getBestCmap() or {})
    finally:
        font.close()


def coverage(fallback: Fallback) -> frozenset[int]:
    """The code points the extended font can draw: the primary's and the fallback's."""
    return _coverage(fallback)


@cache
def _coverage(fallback: Fallback) -> frozenset[int]:
    borrowed = (cp for cp in cmap_of(fallback.fallback) if cp <= _LAST_CODE_POINT)
    return frozenset(cmap_of(fallback.primary)).union(borrowed)


def _cache_folder() -> Path:
    configured = os.environ.get("PNP_FONT_CACHE")
    if configured:
        return Path(configured)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "pnp" / "fonts"


def extended_font(fallback: Fallback) -> bytes:
    """The primary font with the fallback's glyphs added, from the cache when there."""
    primary = fallback.primary.read_bytes()
    second = fallback.fallback.read_bytes()
    digest = hashlib.sha256()
    version = f"{MERGE_VERSION} {fontTools.version} {fallback.width!r}".encode()
    for part in (version, primary, second):
        digest.update(hashlib.sha256(part).digest())
    cached = _cache_folder() / f"{fallback.primary.stem}-{digest.hexdigest()[:20]}.ttf"
    try:
        return cached.read_bytes()
    except OSError:
        pass
    data = merge(primary, second, fallback.width)
    with contextlib.suppress(OSError):  # a read-only home: merge again next time
        write_atomic(cached, data)
    return data


def merge(primary: bytes, fallback: bytes, width: float = 1.0) -> bytes:
    """``primary`` with a copy of every glyph of ``fallback`` it lacks (see the module)."""
    base = TTFont(io.BytesIO(primary), recalcTimestamp=False)
    donor = TTFont(io.BytesIO(fallback))
    have = base.getBestCmap() or {}
    give = donor.getBestCmap() or {}
    scale = base["OS/2"].sCapHeight / donor["OS/2"].sCapHeight
    glyphs = donor.getGlyphSet()
    glyf, metrics = base["glyf"], base["hmtx"]
    order = list(base.getGlyphOrder())
    copied: dict[str, str] = {}
    unicode_tables = [table for table in base["cmap"].tables if table.isUnicode()]
    for code_point in sorted(give):
        if code_point in have or code_point > _LAST_CODE_POINT:
            continue
        source = give[code_point]
        name = copied.get(source)
        if name is None:
            name = f"fallback.{source}"
            recording = DecomposingRecordingPen(glyphs)
            glyphs[source].draw(recording)
            pen = TTGlyphPen(None)
            recording.replay(TransformPen(pen, (scale * width, 0, 0, scale, 0, 0)))
            glyph = pen.glyph()
            glyph.recalcBounds(glyf)
            glyf.glyphs[name] = glyph
            order.append(name)
            advance = round(glyphs[source].width * scale * width)
            metrics.metrics[name] = (advance, int(getattr(glyph, "xMin", 0)))
            copied[source] = name
        for table in unicode_tables:
            table.cmap[code_point] = name
    base.setGlyphOrder(order)
    glyf.glyphOrder = order
    for tag in _DROPPED:
        if tag in base:
            del base[tag]
    out = io.BytesIO()
    base.save(out)
    return out.getvalue()
