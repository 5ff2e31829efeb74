"""Fonts: TrueType files shipped in Python packages, embedded as subsets.

No system font is used. Display titles use Fjalla One (Sorkin Type, SIL Open
Font License); text uses Source Sans Pro (Adobe, SIL Open Font License). Each
is extended with the glyphs of Fira Sans Condensed (Mozilla, SIL Open Font
License) for the characters it lacks (:mod:`pnp.kit.fallback`).
"""

from __future__ import annotations

import io
from functools import cache
from pathlib import Path
from typing import Any, BinaryIO

import font_fjallaone
import font_source_sans_pro
import fontpkg_fira_sans_condensed
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from pnp.kit.fallback import Fallback, extended_font

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
    "Fira Sans Condensed by the Mozilla Foundation and Telefonica S.A. (SIL Open Font "
    "License 1.1), for characters the other two lack",
    "DejaVu Sans for the suit symbols of the rules booklets (Bitstream Vera licence)",
)

#: What each kit font is called in messages, and its fallback's file.
FONT_NAMES = {
    DISPLAY: "Fjalla One",
    BODY: "Source Sans Pro",
    BODY_BOLD: "Source Sans Pro Bold",
    BODY_ITALIC: "Source Sans Pro Italic",
    SYMBOLS: "DejaVu Sans",
}
FALLBACK_FILES = {
    DISPLAY: ("FiraSansCondensed-SemiBold.ttf", "Fira Sans Condensed SemiBold", 0.88),
    BODY: ("FiraSansCondensed-Regular.ttf", "Fira Sans Condensed", 1.0),
    BODY_BOLD: ("FiraSansCondensed-Bold.ttf", "Fira Sans Condensed Bold", 1.0),
    BODY_ITALIC: ("FiraSansCondensed-Italic.ttf", "Fira Sans Condensed Italic", 1.0),
}


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


def fallbacks() -> dict[str, Fallback]:
    """Each kit font with the font that fills in for the characters it lacks."""
    folder = Path(fontpkg_fira_sans_condensed.ROOT) / "files"
    return {
        name: Fallback(path, folder / FALLBACK_FILES[name][0], FALLBACK_FILES[name][2])
        for name, path in _files().items()
        if name in FALLBACK_FILES
    }


@cache
def register_fonts() -> None:
    """Register the kit's fonts, extended by their fallbacks, with reportlab
    (once per process)."""
    for name, fallback in fallbacks().items():
        pdfmetrics.registerFont(TTFont(name, io.BytesIO(extended_font(fallback))))
    # The booklets' suit symbols: DejaVu Sans has them all, and needs no fallback.
    pdfmetrics.registerFont(TTFont(SYMBOLS, str(_files()[SYMBOLS])))
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
    canvas = Canvas(target, pagesize=pagesize, invariant=1, pageCompression=1, **options)
    set_page_boxes(canvas, pagesize)
    return canvas


def set_page_boxes(canvas: Canvas, pagesize: tuple[float, float]) -> None:
    """Set the TrimBox and BleedBox of this page and the next ones to the whole page.

    A print shop reads them to know where the finished piece is cut and how far its
    ink may run. A home-print sheet (cards with crop marks, a rules page, a booklet
    sheet) is itself the finished piece: nothing is cut off it at the shop, so both
    boxes are the page. A print service's file of single cards sets its own (the
    card's trim, and the trim plus bleed: :mod:`pnp.export.printfiles`).
    """
    whole = (0.0, 0.0, float(pagesize[0]), float(pagesize[1]))
    canvas.setTrimBox(whole)
    canvas.setBleedBox(whole)
