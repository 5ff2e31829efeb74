"""Counters for the tracks printed on a game's cards: one for every track of
every card (The Music Game Thingy: Fame and Contract on each Artist, and the
Year card's years), small enough to sit in a track's box, with a few spares.

A counter shows what it counts by a shape and a colour both (a star for
Fame, a signed sheet for a Contract, a calendar for years); the back of the
page repeats each counter behind itself, so both sides of a cut-out counter
look alike.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import Canvas

from pnp.catalog.schemas.music_game_thingy import Track
from pnp.kit.drawings.shapes import star
from pnp.kit.drawings.typeset import fit_line
from pnp.kit.extras.base import CUT, INK, Extra, PageFrame, heading, mirrored
from pnp.kit.fonts import BODY, BODY_BOLD
from pnp.kit.geometry import MM, Rect

#: A counter's side: it sits inside the smallest box of the tracks (Artist boxes
#: are about 10 x 6.6 mm) and still lets a finger pick it up.
SIDE = 6 * MM
GAP = 2.2 * MM
ROW = SIDE + 3.2 * MM
SPARES = 4


@dataclass(frozen=True)
class Kind:
    """How a counter for one kind of track looks."""

    label: str
    colour: str
    ink: str
    draw: Callable[[Canvas, float, float, float], None]


def _star(canvas: Canvas, x: float, y: float, size: float) -> None:
    star(canvas, x, y, size * 0.85)


def _contract(canvas: Canvas, x: float, y: float, size: float) -> None:
    """A signed sheet: a page with lines and a signature."""
    w, h = size * 0.6, size * 0.78
    canvas.rect(x - w / 2, y - h / 2, w, h, stroke=0, fill=1)
    canvas.saveState()
    canvas.setStrokeColor(Color(0.3, 0.3, 0.3))
    canvas.setLineWidth(size * 0.05)
    for row in (0.22, 0.05, -0.12):
        canvas.line(x - w * 0.32, y + row * size, x + w * 0.32, y + row * size)
    path = canvas.beginPath()
    path.moveTo(x - w * 0.32, y - h * 0.32)
    path.curveTo(x - w * 0.1, y - h * 0.18, x, y - h * 0.46, x + w * 0.32, y - h * 0.3)
    canvas.drawPath(path, stroke=1, fill=0)
    canvas.restoreState()


def _calendar(canvas: Canvas, x: float, y: float, size: float) -> None:
    """A calendar page: a frame, a header with two rings, and days."""
    s = size * 0.42
    canvas.setLineWidth(size * 0.08)
    canvas.rect(x - s, y - s, 2 * s, 1.75 * s, stroke=1, fill=0)
    canvas.rect(x - s, y + 0.35 * s, 2 * s, 0.4 * s, stroke=0, fill=1)
    for dx in (-0.5, 0.5):
        canvas.line(x + dx * s, y + 0.6 * s, x + dx * s, y + 1.0 * s)
    for row in range(2):
        for column in range(3):
            canvas.rect(x + (-0.72 + column * 0.55) * s, y + (-0.75 + row * 0.5) * s,
                        0.35 * s, 0.3 * s, stroke=0, fill=1)  # fmt: skip


KINDS = {
    "fame": Kind("Fame", "#e9b949", "#3b2c00", _star),
    "contract": Kind("Contract", "#23395b", "#f6f1e1", _contract),
    "years": Kind("Years", "#3b2c24", "#e9c46a", _calendar),
}


def _kind(field: str) -> Kind:
    word = field.removesuffix("_track").removesuffix("track").strip("_") or "years"
    return KINDS.get(word, Kind(word.capitalize(), "#555555", "#ffffff", _star))


@dataclass(frozen=True)
class Row:
    """One row of counters: whose they are and one counter per track."""

    label: str
    kinds: tuple[Kind, ...]


class TrackCounters(Extra):
    """Every track's counter, in card order, with spares of each kind."""

    def rows(self) -> list[Row]:
        rows = []
        for _, card in self.game.cards():
            kinds = tuple(_kind(name) for name, value in card if isinstance(value, Track))
            if kinds:
                rows.append(Row(card.label(), kinds))
        used: dict[str, list[Kind]] = {}
        for row in rows:
            for kind in row.kinds:
                used.setdefault(kind.label, []).append(kind)
        for label, counted in used.items():
            # a few spares of the counters used on many cards, one of a lone counter
            spare = (counted[0],) * (SPARES if len(counted) > 4 else 1)
            rows.append(Row(f"Spare {label}", spare))
        return rows

    def draw(self, canvas: Canvas, part: int, frame: PageFrame) -> None:
        del part
        rows = self.rows()
        area = frame.printable
        top = area.top - 27 * MM
        if not frame.back:
            kinds = sorted({kind.label for row in rows for kind in row.kinds})
            top = heading(
                canvas, frame, f"{self.game.title}: counters",
                f"One counter for every track on the cards ({', '.join(kinds)}), and spares. "
                "Cut them out along the grey lines. Printed on both sides, each counter "
                "shows the same on its back.",
            )  # fmt: skip
        columns = 2
        per_column = -(-len(rows) // columns)
        width = (area.width - 8 * MM) / columns
        label_width = width - 4 * (SIDE + GAP) - 4 * MM
        for index, row in enumerate(rows):
            column, line = divmod(index, per_column)
            x = area.x + 4 * MM + column * width
            y = top - (line + 1) * ROW
            if not frame.back:
                canvas.setFillColor(INK)
                label = row.label
                size = fit_line(label, BODY, 8.5, label_width, f"the counter row {label!r}")
                canvas.setFont(BODY_BOLD if label.startswith("Spare") else BODY, size)
                canvas.drawString(x, y + SIDE / 2 - 1.1 * MM, label)
            for number, kind in enumerate(row.kinds):
                box = Rect(x + label_width + number * (SIDE + GAP), y, SIDE, SIDE)
                if frame.back:
                    with mirrored(canvas, frame):
                        _counter(canvas, frame, box, kind)
                else:
                    _counter(canvas, frame, box, kind)


def _counter(canvas: Canvas, frame: PageFrame, box: Rect, kind: Kind) -> None:
    saver = frame.faces.ink_saver
    fill = Color(0.92, 0.92, 0.92) if saver else HexColor(kind.colour)
    ink = Color(0.2, 0.2, 0.2) if saver else HexColor(kind.ink)
    canvas.saveState()
    canvas.setFillColor(fill)
    canvas.rect(box.x, box.y, box.width, box.height, stroke=0, fill=1)
    canvas.setFillColor(ink)
    canvas.setStrokeColor(ink)
    kind.draw(canvas, *box.centre, box.width * 0.72)
    canvas.setStrokeColor(CUT)
    canvas.setLineWidth(0.4)
    canvas.rect(box.x, box.y, box.width, box.height, stroke=1, fill=0)
    canvas.restoreState()
