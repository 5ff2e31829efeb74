"""The card pictures of the site, made from the kit's 300 dpi card images.

Each printed side gets two WebP files: a thumbnail for the page and the whole
card at the kit's resolution for the lightbox (the aids' 7 pt text stays
readable there). Both are made once per kit image and kept in
``dist/.web-images`` until the kit image changes; the first build converts
them in parallel.
"""

from __future__ import annotations

import io
import shutil
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from pnp.catalog import Deck, Game
from pnp.catalog.model import Side
from pnp.files import write_atomic
from pnp.site.errors import SiteError
from pnp.workers import default_jobs, pool

#: Width in pixels of a thumbnail (shown about half as wide, so sharp on dense screens).
THUMB_WIDTH = 360
#: WebP quality of thumbnails and of the large pictures (text stays crisp at these).
THUMB_QUALITY = 85
LARGE_QUALITY = 88
#: Bumped whenever the conversion changes, so old cached files are not reused.
CACHE = Path(".web-images") / "webp-1"


class MissingKitImage(SiteError):
    """A card image the site needs is not in the kit."""


@dataclass(frozen=True)
class Picture:
    """One printed side as the site shows it. Paths are relative to the docs folder."""

    thumb: str
    large: str
    width: int
    height: int
    large_width: int
    large_height: int


def side_path(game: Game, deck: Deck, side: Side) -> Path:
    """``<game>/<deck>/<side name>``: where a side's images live, without a suffix."""
    return Path(game.id) / deck.id / side.name


def _convert(job: tuple[Path, Path, Path]) -> None:
    source, thumb, large = job
    with Image.open(source) as opened:
        image = opened.convert("RGB")
    height = round(image.height * THUMB_WIDTH / image.width)
    small = image.resize((THUMB_WIDTH, height), Image.Resampling.LANCZOS)
    for picture, target, quality in ((small, thumb, THUMB_QUALITY), (image, large, LARGE_QUALITY)):
        buffer = io.BytesIO()
        picture.save(buffer, format="WEBP", quality=quality, method=4)
        write_atomic(target, buffer.getvalue())


def _stale(source: Path, made: Iterable[Path]) -> bool:
    return any(not path.is_file() or path.stat().st_mtime < source.stat().st_mtime for path in made)


def web_pictures(game: Game, dist: Path, docs: Path) -> dict[tuple[str, str], Picture]:
    """Put every printed side's pictures into ``docs/images`` and return them by
    (deck id, side name). Raises :class:`MissingKitImage` for a side the kit lacks."""
    jobs: list[tuple[Path, Path, Path]] = []
    places: dict[tuple[str, str], tuple[Path, Path, Path]] = {}
    for deck in game.decks:
        for side in deck.sides():
            relative = side_path(game, deck, side)
            source = dist / "images" / relative.with_suffix(".png")
            if not source.is_file():
                raise MissingKitImage(f"{source} is missing: build the kit first (pnp build)")
            thumb = dist / CACHE / relative.with_suffix(".webp")
            large = dist / CACHE / relative.parent / f"{relative.name}-large.webp"
            places[(deck.id, side.name)] = (relative, thumb, large)
            if _stale(source, (thumb, large)):
                jobs.append((source, thumb, large))
    _run(jobs)
    pictures = {}
    for key, (relative, thumb, large) in places.items():
        target = docs / "images" / relative.parent
        target.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(thumb, target / thumb.name)
        shutil.copyfile(large, target / large.name)
        with Image.open(thumb) as small, Image.open(large) as whole:
            pictures[key] = Picture(
                thumb=(Path("images") / relative.parent / thumb.name).as_posix(),
                large=(Path("images") / relative.parent / large.name).as_posix(),
                width=small.width,
                height=small.height,
                large_width=whole.width,
                large_height=whole.height,
            )
    return pictures


def _run(jobs: list[tuple[Path, Path, Path]]) -> None:
    workers = min(default_jobs(), len(jobs))
    if workers <= 1 or len(jobs) < 8:
        for job in jobs:
            _convert(job)
        return
    with pool(workers) as executor:
        list(executor.map(_convert, jobs, chunksize=8))
