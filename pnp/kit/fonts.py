"""Fonts: TrueType files shipped in Python packages, embedded as subsets.

No system font is used. Display titles use Fjalla One (Sorkin Type, SIL Open
Font License); text uses Source Sans Pro (Adobe, SIL Open Font License).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, BinaryIO

import font_fjallaone
import font_source_sans_pro
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

DISPLAY = "Display"
BODY = "Body"
BODY_BOLD = "Body-Bold"
BODY_ITALIC = "Body-Italic"
#: For the few characters Source Sans Pro lacks that the rules use (the card suits
#: in the booklets): DejaVu Sans, from matplotlib's own copy (a PyPI dependency).
SYMBOLS = "Symbols"

FONT_CREDITS = (
    "Fjalla One by Sorkin Type (SIL Open Font License 1.1)",
    "Source Sans Pro by Adobe (SIL Open Font License 1.1)",
    "DejaVu Sans for the suit symbols of the rules booklets (Bitstream Vera licence)",
)


def _files() -> dict[str, Path]:
    import matplotlib  # only for where its fonts are

    sans = Path(font_source_sans_pro.font_directory)
    symbols = Path(matplotlib.get_data_path()) / "fonts" / "ttf" / "DejaVuSans.ttf"
    return {
        SYMBOLS: symbols,
        DISPLAY: Path(font_fjallaone.font_directory) / "FjallaOne-Regular.ttf",
        BODY: sans / "SourceSansPro-Regular.ttf",
        BODY_BOLD: sans / "SourceSansPro-Bold.ttf",
        BODY_ITALIC: sans / "SourceSansPro-It.ttf",
    }


@cache
def register_fonts() -> None:
    """Register the kit's fonts with reportlab (once per process)."""
    for name, path in _files().items():
        pdfmetrics.registerFont(TTFont(name, str(path)))
    pdfmetrics.registerFontFamily(
        BODY, normal=BODY, bold=BODY_BOLD, italic=BODY_ITALIC, boldItalic=BODY_BOLD
    )


def text_width(text: str, font: str, size: float) -> float:
    register_fonts()
    return float(pdfmetrics.stringWidth(text, font, size))


def new_canvas(target: BinaryIO, pagesize: tuple[float, float]) -> Canvas:
    """A reportlab canvas in invariant mode (identical input, identical bytes),
    compressed, whose initial font is the kit's own (so no base font is referenced)."""
    register_fonts()
    options: dict[str, Any] = {"initialFontName": BODY, "initialFontSize": 10}
    return Canvas(target, pagesize=pagesize, invariant=1, pageCompression=1, **options)
