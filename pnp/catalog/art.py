"""Art: the image files a game's cards and layouts name, inside the game's folder.

A path is written relative to the game's folder with forward slashes
(``art/fireball.png``). It must stay inside the folder (no ``..``, no absolute path,
no link leading out), name a regular file that can be read, and hold a PNG or JPEG
image or an SVG drawing (whatever the file's name says). :func:`art_file` says what
the file is (format and size in pixels) or raises :class:`ArtError` with a sentence.
"""

from __future__ import annotations

import stat
import warnings
from dataclasses import dataclass
from functools import cache
from pathlib import Path, PurePosixPath
from xml.etree import ElementTree

from PIL import Image, UnidentifiedImageError

from pnp.catalog.errors import display_path

#: The formats the kit places (Pillow's names for the raster ones).
RASTER_FORMATS = ("PNG", "JPEG")
SVG = "SVG"
#: The largest art file read, in bytes.
MAX_ART_BYTES = 64 * 1024 * 1024
#: The most pixels one image may have (a larger one is refused, not decoded).
MAX_ART_PIXELS = 100_000_000
#: How much of a file is read to tell an SVG drawing (its root element) from other text.
_SVG_SNIFF = 4096


class ArtError(ValueError):
    """An art path that cannot be used; the message says why."""


@dataclass(frozen=True)
class ArtFile:
    """An art file found and checked: where it is, its format, and its size in pixels
    (``None`` for an SVG drawing, which has no pixels)."""

    path: Path
    format: str
    pixels: tuple[int, int] | None

    @property
    def is_vector(self) -> bool:
        return self.format == SVG


def art_path(folder: Path, written: str) -> Path:
    """The file ``written`` names in the game's ``folder``; :class:`ArtError` when the
    path leaves the folder or is not written as a relative path."""
    if not written or written != written.strip():
        raise ArtError(f"{written!r} is no file name")
    if "\\" in written:
        raise ArtError(f"{written!r}: write paths with '/', like 'art/fire.png'")
    path = PurePosixPath(written)
    if path.is_absolute() or written.startswith("~"):
        raise ArtError(f"{written!r} is an absolute path; write it from the game's folder, "
                       "like 'art/fire.png'")  # fmt: skip
    if ".." in path.parts:
        raise ArtError(f"{written!r} leads out of the game's folder ('..')")
    target = folder.joinpath(*path.parts)
    try:
        inside = target.resolve().is_relative_to(folder.resolve())
    except (OSError, RuntimeError):  # a loop of links
        raise ArtError(f"{written!r} cannot be followed (a loop of links)") from None
    if not inside:
        raise ArtError(
            f"{written!r} is a link to {display_path(target.resolve())}, outside the game's folder"
        )
    return target


def art_file(folder: Path, written: str) -> ArtFile:
    """The art file ``written`` names in ``folder``, checked (see the module)."""
    path = art_path(folder, written)
    try:
        status = path.stat()
    except FileNotFoundError:
        raise ArtError(f"{written!r} does not exist in {display_path(folder)}") from None
    except OSError as error:
        raise ArtError(f"{written!r} cannot be read: {error.strerror or error}") from None
    if stat.S_ISDIR(status.st_mode):
        raise ArtError(f"{written!r} is a folder, not an image file")
    if not stat.S_ISREG(status.st_mode):
        raise ArtError(f"{written!r} is not a regular file")
    if status.st_size > MAX_ART_BYTES:
        raise ArtError(f"{written!r} has {status.st_size / 2**20:,.0f} MiB; an art file may "
                       f"have at most {MAX_ART_BYTES / 2**20:,.0f} MiB")  # fmt: skip
    found = _identify(str(path), status.st_mtime_ns, status.st_size)
    if isinstance(found, str):
        raise ArtError(f"{written!r} {found}")
    return ArtFile(path, *found)


@cache
def _identify(path: str, modified: int, size: int) -> tuple[str, tuple[int, int] | None] | str:
    """The format and pixels of the file, or why it is no art (cached per version)."""
    try:
        with open(path, "rb") as stream:
            head = stream.read(_SVG_SNIFF)
    except OSError as error:
        return f"cannot be read: {error.strerror or error}"
    if _looks_like_svg(head):
        return _check_svg(path)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(path) as image:
                image_format = image.format or "?"
                pixels = image.size
                if image_format in RASTER_FORMATS:
                    if pixels[0] * pixels[1] > MAX_ART_PIXELS:
                        return (f"has {pixels[0]} x {pixels[1]} pixels; at most "
                                f"{MAX_ART_PIXELS:,} are read")  # fmt: skip
                    image.verify()
    except (UnidentifiedImageError, Image.DecompressionBombWarning,
            Image.DecompressionBombError):  # fmt: skip
        return "is not an image the kit can place (PNG, JPEG or SVG)"
    except (OSError, SyntaxError, ValueError) as error:
        return f"is a damaged image: {error}"
    if image_format not in RASTER_FORMATS:
        return f"is a {image_format} image; the kit places PNG, JPEG and SVG"
    return image_format, pixels


def _looks_like_svg(head: bytes) -> bool:
    text = head.lstrip(b"\xef\xbb\xbf").lstrip()
    return text.startswith((b"<?xml", b"<svg", b"<!--", b"<!DOCTYPE svg")) and b"<svg" in head


def _check_svg(path: str) -> tuple[str, None] | str:
    try:
        with open(path, "rb") as stream:
            data = stream.read()
    except OSError as error:
        return f"cannot be read: {error.strerror or error}"
    if b"<!ENTITY" in data:
        return "declares XML entities, which the kit does not read in SVG drawings"
    try:
        root = ElementTree.fromstring(data)
    except ElementTree.ParseError as error:
        return f"is not a well-formed SVG drawing: {error}"
    if root.tag not in ("svg", "{http://www.w3.org/2000/svg}svg"):
        return "is XML but not an SVG drawing (its root element is not <svg>)"
    for node in root.iter():
        for name, value in node.attrib.items():
            if name.endswith("href") and not value.startswith("#"):
                shown = value if len(value) <= 40 else value[:37] + "..."
                return (
                    f"refers to another file or embeds an image ({shown!r}); the kit draws "
                    "SVG art made of vectors only, in one file"
                )
    return SVG, None
