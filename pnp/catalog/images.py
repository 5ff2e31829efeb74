"""Image paths in card data: a relative path to a PNG, JPEG or SVG file inside the game
folder (``art/fire.png``), checked when the data is loaded.

A path is refused when it is absolute, climbs out with ``..``, is written with
backslashes, names a file that is not there, leads through a link outside the game
folder, is not a regular file, cannot be read, or does not hold an image of the kind its
name says. The loader passes the game folder in the validation context
(:data:`FOLDER`); without one (a model validated elsewhere) only the form is checked.
"""

from __future__ import annotations

import warnings
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import Any

from pydantic import ValidationInfo

#: The key of the validation context that holds the game folder.
FOLDER = "folder"
#: The key of the validation context that holds the images checked so far (path → problem).
CHECKED = "images"
#: Image file names end so; the content must agree.
SUFFIXES = {".png": "PNG", ".jpg": "JPEG", ".jpeg": "JPEG", ".svg": "SVG"}
#: The bytes read to tell an SVG file (its ``<svg`` tag comes early).
SVG_HEAD = 4096


def image_problem(text: str, folder: Path | None) -> str:
    """Why ``text`` does not name a readable image inside ``folder``; empty when it does."""
    if "\\" in text:
        return f"write the path with / between folders, got {text!r}"
    path = PurePosixPath(text)
    if path.is_absolute() or PureWindowsPath(text).drive:
        return f"expected a path inside the game folder (like 'art/fire.png'), got {text!r}"
    if ".." in path.parts:
        return f"a path may not leave the game folder with '..', got {text!r}"
    kind = SUFFIXES.get(path.suffix.lower())
    if kind is None:
        return f"expected a PNG, JPEG or SVG file (.png, .jpg, .jpeg or .svg), got {text!r}"
    if folder is None:
        return ""
    full = folder / path
    try:
        resolved = full.resolve(strict=True)
    except FileNotFoundError:
        return f"{text} does not exist in the game folder"
    except (OSError, RuntimeError) as error:
        return f"{text} cannot be read: {getattr(error, 'strerror', None) or error}"
    if not resolved.is_relative_to(folder.resolve()):
        return f"{text} is a link to a file outside the game folder"
    if not resolved.is_file():
        return f"{text} is not a regular file"
    return _content_problem(resolved, text, kind)


def _content_problem(path: Path, text: str, kind: str) -> str:
    if kind == "SVG":
        try:
            with path.open("rb") as stream:
                head = stream.read(SVG_HEAD)
        except OSError as error:
            return f"{text} cannot be read: {error.strerror or error}"
        if head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<") and b"<svg" in head:
            return ""
        return f"{text} is not an SVG file (no <svg> element at its start)"
    from PIL import Image, UnidentifiedImageError

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(path) as image:
                found = image.format
                image.verify()
    except (UnidentifiedImageError, Image.DecompressionBombWarning) as error:
        if isinstance(error, UnidentifiedImageError):
            return f"{text} is not a {kind} file (its content is no image)"
        return f"{text} is too large an image to read safely"
    except Image.DecompressionBombError:
        return f"{text} is too large an image to read safely"
    except OSError as error:
        return f"{text} cannot be read as an image: {getattr(error, 'strerror', None) or error}"
    except Exception as error:  # Pillow reports a damaged file in several ways
        return f"{text} cannot be read as an image: {error}"
    if found != kind:
        return f"{text} is not a {kind} file (its content is {found or 'no image'})"
    return ""


def checked_image(value: str, info: ValidationInfo) -> str:
    """The validator of an image field: the path when it names a readable image."""
    context: dict[str, Any] = info.context if isinstance(info.context, dict) else {}
    folder = context.get(FOLDER)
    cache: dict[str, str] = context.setdefault(CHECKED, {})
    problem = cache.get(value)
    if problem is None:
        problem = image_problem(value, folder if isinstance(folder, Path) else None)
        cache[value] = problem
    if problem:
        raise ValueError(problem)
    return value
