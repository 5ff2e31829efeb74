"""What every printable extra shares: the page it is drawn on, its heading,
the interface the kit PDF calls, and mirroring for the back of a page."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from pnp.catalog.game import Need
from pnp.catalog.model import Game
from pnp.kit.drawings.typeset import TextBox
from pnp.kit.faces import FaceOptions
from pnp.kit.fonts import BODY, DISPLAY
from pnp.kit.geometry import MM, Rect
from pnp.kit.layout import Duplex

INK = Color(0.12, 0.12, 0.12)
RULE = Color(0.45, 0.45, 0.45)
CUT = Color(0.55, 0.55, 0.55)


@dataclass(frozen=True)
class PageFrame:
    """A page to draw on: its size, the printable area inside the margin, the
    face options (ink saver ...), the duplex mode, and whether it is a back."""

    width: float
    height: float
    printable: Rect
    faces: FaceOptions
    duplex: Duplex = Duplex.LONG
    back: bool = False


@contextmanager
def mirrored(canvas: Canvas, frame: PageFrame) -> Iterator[None]:
    """Draw the block mirrored as the back of the sheet: a shape drawn at a front
    position lands behind it (left to right for a long-edge flip, top to bottom
    for a short one). Only for drawings without text, which would read backwards."""
    canvas.saveState()
    if frame.duplex is Duplex.SHORT:
        canvas.translate(0, frame.height)
        canvas.scale(1, -1)
    else:
        canvas.translate(frame.width, 0)
        canvas.scale(-1, 1)
    try:
        yield
    finally:
        canvas.restoreState()


def mirror_x(frame: PageFrame, x: float, width: float) -> float:
    """The left edge, on the back of a long-edge sheet, of a box at ``x`` on the front."""
    return frame.width - x - width


class Extra(ABC):
    """A printable extra of one game, made for one of its ``also_needed`` items."""

    def __init__(self, game: Game, need: Need, title: str) -> None:
        self.game = game
        self.need = need
        self.title = title

    def page_count(self) -> int:
        """How many pages (fronts) it takes."""
        return 1

    @abstractmethod
    def draw(self, canvas: Canvas, part: int, frame: PageFrame) -> None:
        """Draw page ``part`` (from 0) onto ``canvas``; ``frame.back`` for its back."""


def heading(canvas: Canvas, frame: PageFrame, title: str, words: str) -> float:
    """The page's title and a few lines of how to use it; return where they end."""
    area = frame.printable
    canvas.setFillColor(INK)
    canvas.setFont(DISPLAY, 18)
    canvas.drawString(area.x + 4 * MM, area.top - 10 * MM, title)
    box = Rect(area.x + 4 * MM, area.top - 24 * MM, area.width - 8 * MM, 11 * MM)
    TextBox(words, box, font=BODY, size=9, colour=INK, markup=True).draw(canvas, title)
    return box.y - 3 * MM
