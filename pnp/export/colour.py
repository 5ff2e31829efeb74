"""RGB to CMYK for the print services that ask for CMYK files.

The kit draws in RGB (sRGB as screens show it) and ships no printer's colour
profile, so the conversion is the textbook one with full black generation (the files
carry a profile saying so, :mod:`pnp.export.icc`): black
takes the part the three inks share, and each ink the rest,

    K = 1 - max(R, G, B),   C = (max - R) / max,  and likewise M from G, Y from B.

Black text stays pure black ink (no colour fringes from misregistration). At most two
of the three colour inks are laid with black, so a dark saturated colour could reach
300 %; where a pixel's four inks add to more than the service's limit, its colour inks
are scaled down to fit (black is kept). The colours are not matched to any press: a
printed proof is the check.
"""

from __future__ import annotations

import numpy as np
from PIL import Image

FULL = 255.0


def to_cmyk(image: Image.Image, ink_limit: int | None = None) -> Image.Image:
    """``image`` (RGB) as CMYK with full black generation, its total ink at most
    ``ink_limit`` percent when given."""
    rgb = np.asarray(image.convert("RGB"), dtype=np.float64) / FULL
    brightest = rgb.max(axis=2)
    black = 1.0 - brightest
    # (max - channel) / max; a black pixel (max 0) takes no colour ink
    safe = np.where(brightest > 0, brightest, 1.0)
    inks = (brightest[..., None] - rgb) / safe[..., None]
    if ink_limit is not None:
        room = np.clip(ink_limit / 100.0 - black, 0.0, None)
        colour = inks.sum(axis=2)
        factor = np.where(colour > room, room / np.where(colour > 0, colour, 1.0), 1.0)
        inks = inks * factor[..., None]
    planes = np.concatenate([inks, black[..., None]], axis=2)
    values = np.clip(np.rint(planes * FULL), 0, FULL).astype(np.uint8)
    height, width = values.shape[:2]
    return Image.frombytes("CMYK", (width, height), values.tobytes())


def most_ink(image: Image.Image) -> float:
    """The largest total of the four inks of any pixel of a CMYK image, in percent."""
    values = np.asarray(image, dtype=np.float64)
    return float(values.sum(axis=2).max()) * 100 / FULL
