"""Lengths and rectangles. Everything is in PDF points (1/72 inch) unless a
name says ``_mm``."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.units import mm

MM = mm  # points per millimetre


def to_mm(points: float) -> float:
    return points / MM


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle: lower-left corner, width and height."""

    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def top(self) -> float:
        return self.y + self.height

    @property
    def centre(self) -> tuple[float, float]:
        return self.x + self.width / 2, self.y + self.height / 2

    def inset(self, dx: float, dy: float | None = None) -> Rect:
        """Shrink by ``dx`` on the left and right and ``dy`` (default ``dx``) top and bottom."""
        dy = dx if dy is None else dy
        return Rect(self.x + dx, self.y + dy, self.width - 2 * dx, self.height - 2 * dy)

    def grow(self, left: float, bottom: float, right: float, top: float) -> Rect:
        return Rect(
            self.x - left, self.y - bottom, self.width + left + right, self.height + bottom + top
        )

    def moved(self, dx: float, dy: float) -> Rect:
        return Rect(self.x + dx, self.y + dy, self.width, self.height)

    def contains(self, x: float, y: float) -> bool:
        return self.x <= x <= self.right and self.y <= y <= self.top

    def overlap(self, other: Rect) -> float:
        """The area this rectangle shares with ``other``."""
        across = min(self.right, other.right) - max(self.x, other.x)
        up = min(self.top, other.top) - max(self.y, other.y)
        return max(0.0, across) * max(0.0, up)


@dataclass(frozen=True)
class Edges:
    """A length for each side (bleed around a card)."""

    left: float
    bottom: float
    right: float
    top: float

    @classmethod
    def even(cls, length: float) -> Edges:
        return cls(length, length, length, length)

    def mirrored(self, horizontal: bool) -> Edges:
        """Swap left and right (``horizontal``) or top and bottom."""
        if horizontal:
            return Edges(self.right, self.bottom, self.left, self.top)
        return Edges(self.left, self.top, self.right, self.bottom)
