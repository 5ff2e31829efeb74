"""The downloadable bundles: one zip per exported folder (``tts/<game>``,
``<service>/<game>``), written as ``<out>/bundles/<kind>-<game>.zip``.

A zip's entries are sorted by name and carry a fixed date and fixed permissions, so
the same files always make the same bytes. The Tabletop Simulator bundle holds the
folder as exported: its saved object links to the images the published site serves
(``--site-url``) or under ``--base-url``, otherwise to the files on the machine that
built it (the site then does not offer it), and its read-me says which.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from pnp.files import write_atomic

BUNDLES_FOLDER = "bundles"
#: The date of every zip entry (zip dates start in 1980).
FIXED_DATE = (1980, 1, 1, 0, 0, 0)
#: Regular file, rw-r--r--.
FILE_MODE = 0o100644 << 16


@dataclass(frozen=True)
class Bundle:
    """One zip: what it holds (``kind`` is ``tts`` or a service id) and its file."""

    kind: str
    game: str
    path: Path


def zip_bytes(files: Sequence[tuple[str, bytes]]) -> bytes:
    """A zip of ``(name, content)`` pairs, sorted, dated :data:`FIXED_DATE`."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=6) as archive:
        for name, content in sorted(files):
            info = zipfile.ZipInfo(name, date_time=FIXED_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = FILE_MODE
            info.create_system = 3  # Unix, whatever machine builds it
            archive.writestr(info, content)
    return buffer.getvalue()


def folder_entries(folder: Path, prefix: str) -> list[tuple[str, bytes]]:
    """Every file under ``folder`` as ``(prefix/relative name, content)``."""
    return [
        (f"{prefix}/{path.relative_to(folder).as_posix()}", path.read_bytes())
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    ]


def write_bundles(out: Path, folders: Sequence[Path]) -> list[Bundle]:
    """Zip each exported folder (``<out>/<kind>/<game>``) into ``<out>/bundles/``."""
    bundles = []
    for folder in folders:
        kind, game = folder.parent.name, folder.name
        path = out / BUNDLES_FOLDER / f"{kind}-{game}.zip"
        write_atomic(path, zip_bytes(folder_entries(folder, f"{game}-{kind}")))
        bundles.append(Bundle(kind, game, path))
    return bundles
