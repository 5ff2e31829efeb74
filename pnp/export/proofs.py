"""Safe-area proofs: a print file with the service's cut and safe lines drawn on it.

Outside the cut line (the bleed, which the service trims away) is washed over in
dark red; between the cut line and the safe line (where a cut that wanders may still
reach) lightly in amber. The cut line is solid red, the safe line dashed blue. Any
text or symbol a designer cares about must sit inside the blue line.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from pnp.export.services import Product

CUT_AWAY = (120, 0, 0, 110)
MAY_BE_CUT = (255, 170, 0, 55)
CUT_LINE = (210, 0, 0, 255)
SAFE_LINE = (0, 70, 220, 255)
LINE_PIXELS = 2
DASH_PIXELS = 12


def boxes(
    product: Product, dpi: int
) -> tuple[tuple[int, int, int, int], tuple[int, int, int, int]]:
    """The trim and the safe area in pixels of the product's image: (left, top, right,
    bottom), right and bottom exclusive."""
    width, height = product.image_pixels
    trim_w, trim_h = round(product.trim_in[0] * dpi), round(product.trim_in[1] * dpi)
    left, top = (width - trim_w) / 2, (height - trim_h) / 2
    trim = (round(left), round(top), round(left) + trim_w, round(top) + trim_h)
    inset = round(product.safe_in * dpi)
    safe = (trim[0] + inset, trim[1] + inset, trim[2] - inset, trim[3] - inset)
    return trim, safe


def _wash(
    overlay: ImageDraw.ImageDraw,
    outer: tuple[int, int, int, int],
    inner: tuple[int, int, int, int],
    colour: tuple[int, int, int, int],
) -> None:
    """Fill the frame between two boxes."""
    left, top, right, bottom = outer
    in_left, in_top, in_right, in_bottom = inner
    for box in (
        (left, top, right, in_top),
        (left, in_bottom, right, bottom),
        (left, in_top, in_left, in_bottom),
        (in_right, in_top, right, in_bottom),
    ):
        if box[2] > box[0] and box[3] > box[1]:
            overlay.rectangle((box[0], box[1], box[2] - 1, box[3] - 1), fill=colour)


def _dashed(
    draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], colour: tuple[int, int, int, int]
) -> None:
    left, top, right, bottom = box[0], box[1], box[2] - 1, box[3] - 1
    for start in range(left, right, 2 * DASH_PIXELS):
        end = min(start + DASH_PIXELS, right)
        draw.line((start, top, end, top), fill=colour, width=LINE_PIXELS)
        draw.line((start, bottom, end, bottom), fill=colour, width=LINE_PIXELS)
    for start in range(top, bottom, 2 * DASH_PIXELS):
        end = min(start + DASH_PIXELS, bottom)
        draw.line((left, start, left, end), fill=colour, width=LINE_PIXELS)
        draw.line((right, start, right, end), fill=colour, width=LINE_PIXELS)


def proof(image: Image.Image, product: Product, dpi: int) -> Image.Image:
    """``image`` (a print file of ``product``) with its cut and safe lines."""
    if image.size != product.image_pixels:
        raise ValueError(f"a {product.name} print file is {product.image_pixels}, not {image.size}")
    trim, safe = boxes(product, dpi)
    whole = (0, 0, *image.size)
    layer = Image.new("RGBA", image.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    _wash(draw, whole, trim, CUT_AWAY)
    _wash(draw, trim, safe, MAY_BE_CUT)
    draw.rectangle(
        (trim[0], trim[1], trim[2] - 1, trim[3] - 1), outline=CUT_LINE, width=LINE_PIXELS
    )
    _dashed(draw, safe, SAFE_LINE)
    return Image.alpha_composite(image.convert("RGBA"), layer).convert("RGB")
