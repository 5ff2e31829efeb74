"""What every printable extra shares: the page it is drawn on, and the
interface the kit PDF calls."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from pnp.catalog.model import Game
from pnp.kit.faces import FaceOptions
from pnp.kit.geometry import Rect


@dataclass(frozen=True)
class PageFrame:
    """A page to draw on: its size, the printable area inside the margin, the
    face options (ink saver ...) and, for a back, whether it is one."""

    width: float
    height: float
    printable: Rect
    faces: FaceOptions
    back: bool = False


class Extra(ABC):
    """A printable extra of one game."""

    def __init__(self, game: Game, title: str) -> None:
        self.game = game
        self.title = title

    @abstractmethod
    def page_count(self) -> int:
        """How many pages (fronts) it takes."""

    @abstractmethod
    def draw(self, canvas: Canvas, part: int, frame: PageFrame) -> None:
        """Draw page ``part`` (from 0) onto ``canvas``; ``frame.back`` for its back."""
