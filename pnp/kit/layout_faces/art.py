"""Art on cards: PNG and JPEG images placed at print resolution, SVG drawings kept as
vectors.

An image is fitted to its box (``contain``: all of it, centred; ``cover``: the box
filled, the overflow cut off; ``stretch``: the box filled, the proportions lost). A
raster image is cropped to what shows and, when it has more pixels than printing needs,
resampled to :data:`PRINT_DPI` at its printed size, so a PDF carries no pixels it cannot
print; one with fewer pixels is placed as it is and the build warns
(:func:`pnp.kit.layout_faces.warnings.low_resolution`). The same file in the same box
gives the same bytes: images are named in the PDF by their content.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image as PillowImage
from reportlab.graphics import renderPDF
from reportlab.lib.utils import ImageReader

from pnp.catalog.art import ArtError, ArtFile, art_file
from pnp.kit.faces.base import FaceError
from pnp.kit.geometry import Rect
from pnp.kit.layout_faces.scope import Scope

#: Art prints sharp at this many pixels per inch of the card; placed images are
#: resampled down to it, and art below it is warned about.
PRINT_DPI = 300
#: Resampling only when the image has this much more than printing needs (a few
#: pixels over is not worth a second copy of the image).
_RESAMPLE_ABOVE = 1.02
POINTS_PER_INCH = 72.0


@dataclass(frozen=True)
class Placement:
    """Where an image of ``pixels`` goes in a box: the part of it that shows (left,
    top, right, bottom in its pixels), where that part is drawn (points), and the
    resolution it prints at (pixels per inch, the lower of the two directions)."""

    crop: tuple[float, float, float, float]
    drawn: Rect
    dpi: float


def placement(size: tuple[float, float], box: Rect, fit: str) -> Placement:
    """How an image ``size`` across (pixels, or the units of a drawing) fits ``box``."""
    width, height = size
    crop = (0.0, 0.0, width, height)
    if fit == "stretch":
        drawn = box
    elif fit == "contain":
        scale = min(box.width / width, box.height / height)
        w, h = width * scale, height * scale
        drawn = Rect(box.x + (box.width - w) / 2, box.y + (box.height - h) / 2, w, h)
    else:  # cover: the box filled, the image's overflow cut off evenly
        scale = max(box.width / width, box.height / height)
        shown_w, shown_h = box.width / scale, box.height / scale
        left, top = max(0.0, (width - shown_w) / 2), max(0.0, (height - shown_h) / 2)
        crop = (left, top, min(width, left + shown_w), min(height, top + shown_h))
        drawn = box
    across = (crop[2] - crop[0]) / max(drawn.width / POINTS_PER_INCH, 1e-9)
    up = (crop[3] - crop[1]) / max(drawn.height / POINTS_PER_INCH, 1e-9)
    return Placement(crop, drawn, min(across, up))


def find_art(scope: Scope, written: str) -> ArtFile:
    """The art file ``written`` (a template) names, or a :class:`FaceError` naming the card."""
    path = scope.text(written)
    try:
        return art_file(scope.context.game.folder, path)
    except ArtError as error:
        raise FaceError(f"{scope.what}: {error}") from None


def draw_art(scope: Scope, art: ArtFile, box: Rect, fit: str) -> None:
    """Draw ``art`` fitted to ``box`` (see the module)."""
    if art.is_vector:
        _draw_svg(scope, art, box, fit)
        return
    assert art.pixels is not None
    place = placement(art.pixels, box, fit)
    try:
        reader = _prepared(str(art.path), art.path.stat().st_mtime_ns, place.crop,
                           _target(place), art.format)  # fmt: skip
    except (OSError, ValueError) as error:  # a file damaged past what its header says
        name = art.path.relative_to(scope.context.game.folder).as_posix()
        raise FaceError(f"{scope.what}: {name} cannot be read as an image: {error}") from None
    drawn = place.drawn
    scope.canvas.drawImage(reader, drawn.x, drawn.y, drawn.width, drawn.height, mask="auto")


def _target(place: Placement) -> tuple[int, int] | None:
    """The pixels to resample to, or None to keep the image's own."""
    if place.dpi <= PRINT_DPI * _RESAMPLE_ABOVE:
        return None
    drawn = place.drawn
    return (
        max(1, round(drawn.width / POINTS_PER_INCH * PRINT_DPI)),
        max(1, round(drawn.height / POINTS_PER_INCH * PRINT_DPI)),
    )


@lru_cache(maxsize=256)
def _prepared(path: str, modified: int, crop: tuple[float, float, float, float],
              target: tuple[int, int] | None, image_format: str) -> ImageReader:  # fmt: skip
    """The image as placed: cropped, resampled when ``target`` says (cached per file
    version and placement: every copy of a card reuses it)."""
    with PillowImage.open(path) as source:
        whole = crop == (0.0, 0.0, float(source.width), float(source.height))
        if whole and target is None and image_format == "JPEG":
            return ImageReader(path)  # placed as it is: its JPEG data goes in unchanged
        image = source.convert("RGBA" if _has_alpha(source) else "RGB")
    if target is None:
        target = (max(1, round(crop[2] - crop[0])), max(1, round(crop[3] - crop[1])))
    resized = image.resize(target, PillowImage.Resampling.LANCZOS, box=crop)
    return ImageReader(resized)


def _has_alpha(image: PillowImage.Image) -> bool:
    return image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info


@lru_cache(maxsize=64)
def _drawing(path: str, modified: int) -> Any:
    from svglib.svglib import svg2rlg  # (only when a layout has SVG art)

    drawing = svg2rlg(path)
    if drawing is None:
        raise ArtError("cannot be read as an SVG drawing")
    return drawing


def _draw_svg(scope: Scope, art: ArtFile, box: Rect, fit: str) -> None:
    try:
        drawing = _drawing(str(art.path), art.path.stat().st_mtime_ns)
    except (ArtError, ValueError) as error:
        raise FaceError(f"{scope.what}: {art.path.name}: {error}") from None
    size = (float(drawing.width) or 1.0, float(drawing.height) or 1.0)
    place = placement(size, box, fit)
    canvas = scope.canvas
    canvas.saveState()
    if fit == "cover":
        clip = canvas.beginPath()
        clip.rect(box.x, box.y, box.width, box.height)
        canvas.clipPath(clip, stroke=0, fill=0)
    left, top, right, bottom = place.crop
    scale_x = place.drawn.width / (right - left)
    scale_y = place.drawn.height / (bottom - top)
    # the part shown starts at ``left`` and ends at ``bottom`` (a drawing's y runs up)
    canvas.translate(place.drawn.x - left * scale_x, place.drawn.y - (size[1] - bottom) * scale_y)
    canvas.scale(scale_x, scale_y)
    renderPDF.draw(drawing, canvas, 0, 0)
    canvas.restoreState()
