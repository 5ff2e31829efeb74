"""Text with inline icons: ``:name:`` in a text element with ``icons: true`` is drawn as
the icon ``name`` (a game's icon or a kit symbol), one em wide, standing on the line
like a capital letter. Words (and icons touching them) wrap at spaces, line breaks are
kept, and the whole shrinks to fit its box down to the look's smallest size."""

from __future__ import annotations

import re

from reportlab.lib.colors import Color

from pnp.catalog.layoutcheck import INLINE_ICON
from pnp.kit.faces.base import TextOverflowError
from pnp.kit.fonts import text_width
from pnp.kit.geometry import MM, Rect
from pnp.kit.layout_faces.icons import draw_icon
from pnp.kit.layout_faces.look import Look, metrics, valign_share
from pnp.kit.layout_faces.scope import Scope

#: An inline icon's width, and its height, in ems of the text.
ICON_EM = 1.0
#: How much of its em an icon fills (a little room either side).
ICON_FILL = 0.9
#: A piece of a word: text, or an icon's name (``is_icon``).
Piece = tuple[bool, str]
Word = list[Piece]
Line = list[Word]


def words_of(text: str) -> list[list[Word]]:
    """The paragraphs (split at line breaks) of ``text``, as words of pieces."""
    paragraphs = []
    for paragraph in text.split("\n"):
        words = []
        for word in paragraph.split():
            parts = INLINE_ICON.split(word)
            pieces = [(index % 2 == 1, part) for index, part in enumerate(parts) if part]
            words.append(pieces)
        paragraphs.append(words)
    return paragraphs


def _width(word: Word, font: str, size: float) -> float:
    return sum(size * ICON_EM if is_icon else text_width(part, font, size)
               for is_icon, part in word)  # fmt: skip


def lay_out(paragraphs: list[list[Word]], font: str, size: float, width: float
            ) -> list[tuple[float, Line]] | None:  # fmt: skip
    """The lines (width, words) at ``size``; None when a word is wider than ``width``."""
    space = text_width(" ", font, size)
    lines: list[tuple[float, Line]] = []
    for words in paragraphs:
        line: Line = []
        used = 0.0
        for word in words:
            wide = _width(word, font, size)
            if wide > width + 0.01:
                return None
            if line and used + space + wide > width + 0.01:
                lines.append((used, line))
                line, used = [], 0.0
            used += (space if line else 0.0) + wide
            line.append(word)
        lines.append((used, line))
    return lines


def draw_inline(scope: Scope, text: str, rect: Rect, look: Look, colour: Color) -> None:
    """Set ``text`` with its icons in ``rect`` (see the module)."""
    paragraphs = words_of(text)
    size = look.size
    while True:
        lines = lay_out(paragraphs, look.font, size, rect.width)
        if lines is not None and len(lines) * size * look.leading <= rect.height + 0.01:
            break
        if size <= look.min_size:
            shown = re.sub(r"\s+", " ", text)[:60]
            raise TextOverflowError(
                f"{scope.what}: the text does not fit its {rect.width / MM:.0f} x "
                f"{rect.height / MM:.0f} mm box even at {look.min_size:g} pt: {shown!r}"
            )
        size = max(look.min_size, size - 0.5)
    ascent, _, cap = metrics(look.font)
    block = len(lines) * size * look.leading
    baseline = rect.top - (rect.height - block) * valign_share(look.valign) - ascent * size
    space = text_width(" ", look.font, size)
    canvas = scope.canvas
    for used, line in lines:
        x = {"left": rect.x, "centre": rect.x + (rect.width - used) / 2,
             "right": rect.right - used}[look.align]  # fmt: skip
        for number, word in enumerate(line):
            x += space if number else 0.0
            for is_icon, part in word:
                if is_icon:
                    centre = baseline + cap * size / 2
                    draw_icon(scope, part, x + size * ICON_EM / 2, centre,
                              size * ICON_EM * ICON_FILL, look.colour)  # fmt: skip
                    x += size * ICON_EM
                else:
                    canvas.setFillColor(colour)
                    canvas.setFont(look.font, size)
                    canvas.drawString(x, baseline, part)
                    x += text_width(part, look.font, size)
        baseline -= size * look.leading
