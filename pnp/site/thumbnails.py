"""A small picture of a PDF's first page, for the downloads page, and its page count.

The first page is drawn by PDFium (``pypdfium2``) at :data:`WIDTH` pixels wide and saved
as a WebP file: a few kilobytes, and the same bytes from the same PDF on every build.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pypdfium2

from pnp.site.errors import SiteError

#: The picture's width in pixels: twice the width the page shows it at (sharp on a
#: phone or a high-density screen).
WIDTH = 192
#: WebP quality (0 to 100): a page of cards and text stays legible at this size.
QUALITY = 80


@dataclass(frozen=True)
class Thumbnail:
    """A PDF's first page as a picture: its file name, pixel size and the page count."""

    file: str
    width: int
    height: int
    pages: int


def thumbnail(pdf: Path, target: Path) -> Thumbnail:
    """Draw the first page of ``pdf`` into ``target`` (a ``.webp`` file)."""
    try:
        document = pypdfium2.PdfDocument(pdf)
    except (pypdfium2.PdfiumError, OSError) as error:
        raise SiteError(f"{pdf} cannot be read as a PDF ({error}): build the kit again") from error
    try:
        pages = len(document)
        if pages == 0:
            raise SiteError(f"{pdf} has no pages: build the kit again")
        page = document[0]
        scale = WIDTH / page.get_width()
        image = page.render(scale=scale, draw_annots=False).to_pil().convert("RGB")
        page.close()
    finally:
        document.close()
    target.parent.mkdir(parents=True, exist_ok=True)
    image.save(target, "WEBP", quality=QUALITY, method=6)
    return Thumbnail(target.name, image.width, image.height, pages)
