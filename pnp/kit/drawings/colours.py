"""Colour helpers shared by every game's faces: mixing, luminance, and drawing
a block in one ink inside a saved graphics state."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import Canvas

WHITE = Color(1, 1, 1)


def mix(colour: Color, other: Color, amount: float) -> Color:
    """``colour`` moved ``amount`` (0 to 1) of the way towards ``other``."""
    return Color(
        colour.red + (other.red - colour.red) * amount,
        colour.green + (other.green - colour.green) * amount,
        colour.blue + (other.blue - colour.blue) * amount,
    )


def tint(hex_colour: str, white: float) -> str:
    """``hex_colour`` blended with ``white`` (0 to 1) of white, as ``#rrggbb``."""
    mixed = mix(HexColor(hex_colour), WHITE, white)
    return "#" + "".join(
        f"{round(255 * part):02x}" for part in (mixed.red, mixed.green, mixed.blue)
    )


def luminance(colour: Color) -> float:
    """How light a colour looks, 0 (black) to 1 (white), weighted as the eye sees."""
    return float(0.299 * colour.red + 0.587 * colour.green + 0.114 * colour.blue)


def is_light(hex_colour: str) -> bool:
    """True when dark ink reads better than white on ``hex_colour``."""
    return luminance(HexColor(hex_colour)) > 0.6


def set_ink(canvas: Canvas, colour: Color) -> None:
    """Set the fill and the stroke colour to ``colour``."""
    canvas.setFillColor(colour)
    canvas.setStrokeColor(colour)


@contextmanager
def saved_state(canvas: Canvas) -> Iterator[Canvas]:
    """Draw the block in a saved graphics state, restored however the block ends."""
    canvas.saveState()
    try:
        yield canvas
    finally:
        canvas.restoreState()


@contextmanager
def inked(canvas: Canvas, colour: Color) -> Iterator[Canvas]:
    """Draw the block in ``colour`` (fill and stroke), then go back to the ink before."""
    with saved_state(canvas):
        set_ink(canvas, colour)
        yield canvas
