"""Card faces as pixels of an exact size, from the kit's own face drawings.

Each face is drawn by its deck's face function (the same one the PDFs and the kit's
PNGs use) onto a one-card page and rasterised with PDFium. The page is the card's
trim, the bleed asked for, and a margin of :data:`MARGIN_PIXELS` more bleed on every
side; the image is then cut out of the raster at whole-pixel positions, so it has
exactly the size asked for (PDFium rounds a page's size up, which would otherwise
add a stray row or column now and then).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import pypdfium2 as pdfium
from PIL import Image

from pnp.catalog.model import Deck, Game, Side
from pnp.kit.faces import FaceOptions
from pnp.kit.geometry import MM, Edges
from pnp.kit.images import faces_pdf

#: Extra bleed drawn round every face and cut away again, in pixels.
MARGIN_PIXELS = 2
POINTS_PER_INCH = 72.0


@dataclass(frozen=True)
class Raster:
    """How a face becomes an image: the card's trim in points, the bleed round it in
    points, and the pixels per point. ``pixels`` is the image's exact size, trim and
    bleed included."""

    width: float
    height: float
    bleed: Edges
    scale: float

    @property
    def pixels(self) -> tuple[int, int]:
        bleed = self.bleed
        across = (self.width + bleed.left + bleed.right) * self.scale
        up = (self.height + bleed.bottom + bleed.top) * self.scale
        return round(across), round(up)

    @property
    def dpi(self) -> float:
        return self.scale * POINTS_PER_INCH

    @classmethod
    def trimmed(cls, width_mm: float, height_mm: float, width_pixels: int) -> Raster:
        """The card without bleed, ``width_pixels`` wide."""
        width = width_mm * MM
        return cls(width, height_mm * MM, Edges.even(0.0), width_pixels / width)

    @classmethod
    def at_dpi(
        cls, width_in: float, height_in: float, image_pixels: tuple[int, int], dpi: int
    ) -> Raster:
        """A print file: a trim of ``width_in`` x ``height_in`` inches in an image of
        ``image_pixels`` at ``dpi``, the bleed split evenly round the trim."""
        scale = dpi / POINTS_PER_INCH
        width, height = width_in * POINTS_PER_INCH, height_in * POINTS_PER_INCH
        across = (image_pixels[0] / scale - width) / 2
        up = (image_pixels[1] / scale - height) / 2
        return cls(width, height, Edges(across, up, across, up), scale)


def page_pdf(
    game: Game, deck: Deck, sides: Sequence[Side], raster: Raster, options: FaceOptions
) -> bytes:
    """A PDF with one page per side: the card, its bleed and the margin."""
    margin = MARGIN_PIXELS / raster.scale
    bleed = raster.bleed
    drawn = Edges(
        bleed.left + margin, bleed.bottom + margin, bleed.right + margin, bleed.top + margin
    )
    return faces_pdf(game, deck, sides, raster.width, raster.height, drawn, options)


def render_sides(
    game: Game, deck: Deck, sides: Sequence[Side], raster: Raster, options: FaceOptions
) -> Iterator[Image.Image]:
    """Each of ``sides`` as an RGB image of exactly ``raster.pixels``."""
    document = pdfium.PdfDocument(page_pdf(game, deck, sides, raster, options))
    width, height = raster.pixels
    box = (MARGIN_PIXELS, MARGIN_PIXELS, MARGIN_PIXELS + width, MARGIN_PIXELS + height)
    try:
        for index in range(len(sides)):
            page = document[index]
            image = page.render(scale=raster.scale).to_pil().convert("RGB")
            page.close()
            yield image.crop(box)
    finally:
        document.close()
