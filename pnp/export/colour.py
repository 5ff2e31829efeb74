"""RGB to CMYK for the print services that ask for CMYK files.

The kit draws in RGB (sRGB as screens show it) and ships no printer's colour
profile, so the conversion is the textbook one with full black generation: black
takes the part the three inks share, and each ink the rest,

    K = 1 - max(R, G, B),   C = (max - R) / max,  and likewise M from G, Y from B.

Black text stays pure black ink (no colour fringes from misregistration), and the
four inks never add to more than 200 %, under DriveThruCards' 240 % limit. The
colours are not matched to any press: a printed proof is the check.
"""

from __future__ import annotations

from PIL import Image, ImageChops, ImageMath


def to_cmyk(image: Image.Image) -> Image.Image:
    """``image`` (RGB) as CMYK with full black generation."""
    red, green, blue = image.convert("RGB").split()
    brightest = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    black = ImageChops.invert(brightest)
    inks = [
        ImageMath.lambda_eval(
            # (max - channel) / max, in 0..255; a black pixel (max 0) takes no colour ink
            lambda values: (values["top"] - values["channel"]) * 255
            / (values["top"] + (values["top"] == 0)),
            top=brightest,
            channel=channel,
        ).convert("L")
        for channel in (red, green, blue)
    ]
    return Image.merge("CMYK", (*inks, black))


def most_ink(image: Image.Image) -> float:
    """The largest total of the four inks of any pixel of a CMYK image, in percent."""
    channels = image.split()
    total = ImageMath.lambda_eval(
        lambda values: values["c"] + values["m"] + values["y"] + values["k"],
        c=channels[0], m=channels[1], y=channels[2], k=channels[3],
    )  # fmt: skip
    _, high = total.getextrema()
    return float(high) * 100 / 255
