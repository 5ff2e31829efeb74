"""Text on cards, shared by every game's faces: paragraphs that shrink to fit
their box (never below the 7 pt minimum), one-line fitting, centred runs in
mixed fonts, and titles set on one line or two balanced ones.

Every function that cannot fit its text raises :class:`TextOverflowError`
naming the card (``what``), so a card that does not fit stops the build with
a sentence instead of printing text over its frame.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal
from xml.sax.saxutils import escape

from reportlab.lib.colors import Color
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from pnp.kit.drawings.context import MIN_TEXT_SIZE, TextOverflowError
from pnp.kit.fonts import BODY, DISPLAY, register_fonts, text_width
from pnp.kit.geometry import MM, Rect

#: How far Fjalla One (the display face) reaches above the baseline (the dot of
#: an i) and below it, in ems, and the leading of two-line titles.
DISPLAY_ASCENT = 0.93
DISPLAY_DESCENT = 0.224
#: The height of Fjalla One's capitals and figures, in ems (for centring them).
DISPLAY_CAP = 0.834
TITLE_LEADING = 1.08
#: A run of text in one font: (text, font, size).
Run = tuple[str, str, float]
#: Paragraph alignments by the names layouts use.
ALIGNMENTS: dict[str, Literal[0, 1, 2]] = {"left": TA_LEFT, "centre": TA_CENTER, "right": TA_RIGHT}


@dataclass
class TextBox:
    """A paragraph that shrinks to fit ``rect``, never below ``min_size`` (at least
    ``MIN_TEXT_SIZE``).

    ``valign`` places the paragraph in the room it leaves: 0 at the top, 0.5 in
    the middle, 1 at the bottom; ``align`` (``left``, ``centre``, ``right``), when
    given, wins over ``centred``.
    """

    text: str
    rect: Rect
    font: str = BODY
    size: float = 10.0
    colour: Color = field(default_factory=lambda: Color(0.1, 0.1, 0.1))
    centred: bool = False
    leading: float = 1.18
    markup: bool = False
    valign: float = 0.0
    min_size: float = MIN_TEXT_SIZE
    align: str | None = None

    def fit(self, what: str) -> tuple[Paragraph, float, float]:
        """The paragraph at the largest size that fits, that size and its height.

        ``what`` names the card in the error raised when the text cannot fit.
        """
        register_fonts()
        body = self.text if self.markup else escape(self.text).replace("\n", "<br/>")
        size = self.size
        smallest = max(MIN_TEXT_SIZE, self.min_size)
        alignment = ALIGNMENTS[self.align] if self.align else TA_CENTER if self.centred else TA_LEFT
        while True:
            style = ParagraphStyle(
                "box",
                fontName=self.font,
                fontSize=size,
                leading=size * self.leading,
                textColor=self.colour,
                alignment=alignment,
            )
            paragraph = Paragraph(body, style)
            width, height = paragraph.wrap(self.rect.width, self.rect.height)
            fits = height <= self.rect.height + 0.01 and width <= self.rect.width + 0.01
            if fits and _words_fit(paragraph, self.rect.width):
                return paragraph, size, float(height)
            if size <= smallest:
                raise TextOverflowError(
                    f"{what}: the text does not fit its {self.rect.width / MM:.0f} x "
                    f"{self.rect.height / MM:.0f} mm box even at {smallest:g} pt: "
                    f"{self.text[:60]!r}"
                )
            size = max(smallest, size - 0.5)

    def draw(self, canvas: Canvas, what: str) -> float:
        """Draw the text in the box; return the size used."""
        paragraph, size, height = self.fit(what)
        drop = max(0.0, self.rect.height - height) * self.valign
        paragraph.drawOn(canvas, self.rect.x, self.rect.top - drop - height)
        return size


def _words_fit(paragraph: Paragraph, width: float) -> bool:
    """False when a single word is wider than the box (reportlab would let it overflow)."""
    lines = getattr(paragraph, "blPara", None)
    for line in getattr(lines, "lines", []) or []:
        extra = getattr(line, "extraSpace", None)
        if extra is None and isinstance(line, tuple):
            extra = line[0]
        if extra is not None and extra < -0.5:
            return False
    return True


def paragraph_height(markup: str, font: str, size: float, width: float, leading: float) -> float:
    """How tall ``markup`` sets at ``size`` in a column ``width`` wide."""
    register_fonts()
    style = ParagraphStyle("measure", fontName=font, fontSize=size, leading=size * leading)
    _, height = Paragraph(markup, style).wrap(width, 10_000)
    return float(height)


def fit_line(text: str, font: str, size: float, width: float, what: str,
             smallest: float = MIN_TEXT_SIZE) -> float:  # fmt: skip
    """The largest size up to ``size``, and not below ``smallest`` (nor
    ``MIN_TEXT_SIZE``), at which one line of text fits ``width``."""
    smallest = max(MIN_TEXT_SIZE, smallest)
    used = size
    while text_width(text, font, used) > width:
        if used <= smallest:
            raise TextOverflowError(
                f"{what}: {text!r} does not fit on one line of {width / MM:.0f} mm "
                f"even at {smallest:g} pt"
            )
        used = max(smallest, used - 0.5)
    return used


def centred_line(
    canvas: Canvas, text: str, x: float, y: float, font: str, size: float, width: float, what: str
) -> float:
    """Draw one centred line, shrunk to fit ``width``; return the size used."""
    used = fit_line(text, font, size, width, what)
    canvas.setFont(font, used)
    canvas.drawCentredString(x, y, text)
    return used


def runs(canvas: Canvas, parts: Sequence[Run], cx: float, y: float, width: float, what: str,
         colour: Color) -> float:  # fmt: skip
    """Draw runs of (text, font, size) as one centred line on baseline ``y``,
    shrunk together to fit ``width``; return the scale used."""
    total = sum(text_width(text, font, size) for text, font, size in parts)
    scale = min(1.0, width / total) if total else 1.0
    smallest = min(size for _, _, size in parts) * scale
    if smallest < MIN_TEXT_SIZE - 0.01:
        text = "".join(text for text, _, _ in parts)
        raise TextOverflowError(
            f"{what}: {text!r} does not fit on one line of {width / MM:.0f} mm "
            f"even at {MIN_TEXT_SIZE:g} pt"
        )
    x = cx - total * scale / 2
    canvas.setFillColor(colour)
    for text, font, size in parts:
        canvas.setFont(font, size * scale)
        canvas.drawString(x, y, text)
        x += text_width(text, font, size * scale)
    return scale


def split_two(text: str) -> list[str]:
    """``text`` broken at the space that makes two lines of the most equal length."""
    words = text.split(" ")
    if len(words) == 1:
        return [text]
    best = min(
        range(1, len(words)),
        key=lambda i: abs(len(" ".join(words[:i])) - len(" ".join(words[i:]))),
    )
    return [" ".join(words[:best]), " ".join(words[best:])]


def title(canvas: Canvas, text: str, rect: Rect, size: float, what: str, colour: Color,
          one_line_min: float = 13.0, font: str = DISPLAY,
          align: str = "centre") -> None:  # fmt: skip
    """A title in ``rect``: one line if it fits at ``one_line_min`` or more, else two
    balanced lines at one size; the lines (ascenders to descenders) centred in the box,
    each aligned ``left``, ``centre`` or ``right``."""
    register_fonts()
    lines = [text]
    used = _largest(text, font, size, rect.width)
    if used < one_line_min and " " in text:
        lines = split_two(text)
        used = min(fit_line(line, font, size, rect.width, what) for line in lines)
    else:
        used = fit_line(text, font, size, rect.width, what)
    ascent, descent = _extent(font)
    # the block from the first line's ascenders to the last line's descenders fits the box
    block = (len(lines) - 1) * TITLE_LEADING + ascent + descent
    used = min(used, rect.height / block)
    if used < MIN_TEXT_SIZE:
        raise TextOverflowError(f"{what}: the title {text!r} does not fit its box")
    canvas.setFillColor(colour)
    canvas.setFont(font, used)
    cx, cy = rect.centre
    first = cy + block * used / 2 - ascent * used
    for number, line in enumerate(lines):
        baseline = first - number * TITLE_LEADING * used
        if align == "left":
            canvas.drawString(rect.x, baseline, line)
        elif align == "right":
            canvas.drawRightString(rect.right, baseline, line)
        else:
            canvas.drawCentredString(cx, baseline, line)


def _largest(text: str, font: str, size: float, width: float) -> float:
    """The largest size up to ``size`` (in half points) at which ``text`` fits ``width``
    on one line, however small (0 when it never does)."""
    used = size
    while text_width(text, font, used) > width and used > MIN_TEXT_SIZE:
        used = max(MIN_TEXT_SIZE, used - 0.5)
    return used if text_width(text, font, used) <= width else 0.0


def _extent(font: str) -> tuple[float, float]:
    """How far a font reaches above and below the baseline, in ems (Fjalla One's dots
    and descenders as measured; another font's own ascent and descent)."""
    if font == DISPLAY:
        return DISPLAY_ASCENT, DISPLAY_DESCENT
    face = getattr(pdfmetrics.getFont(font), "face")  # noqa: B009  (a TrueType font's)
    return face.ascent / 1000, -face.descent / 1000
