"""Six-sided dice to cut out, fold and glue: a cross of six faces with pips
(opposite faces add up to seven) and tabs to glue inside. Solid lines are
cuts, dashed lines folds."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from pnp.kit.extras.base import CUT, INK, Extra, PageFrame, heading
from pnp.kit.geometry import MM, Rect

#: Side of a die's face.
FACE = 16 * MM
TAB = 4.5 * MM
#: The net: (column, row) of each face from the top left, and its pips. The
#: column of four wraps round the die (1 top, 2 front, 6 bottom, 5 back) with
#: 3 and 4 either side of the 2.
NET = {(1, 0): 1, (1, 1): 2, (1, 2): 6, (1, 3): 5, (0, 1): 3, (2, 1): 4}
#: Tabs to glue inside, each on a face's edge: (column, row, side).
TABS = ((1, 0, "left"), (1, 0, "right"), (1, 2, "left"), (1, 2, "right"),
        (1, 3, "left"), (1, 3, "right"), (1, 3, "bottom"))  # fmt: skip
SPOTS = {
    1: [(0, 0)],
    2: [(-1, 1), (1, -1)],
    3: [(-1, 1), (0, 0), (1, -1)],
    4: [(-1, 1), (1, 1), (-1, -1), (1, -1)],
    5: [(-1, 1), (1, 1), (0, 0), (-1, -1), (1, -1)],
    6: [(-1, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (1, -1)],
}


class Dice(Extra):
    """A page of dice nets (as many as fit); the back of the page is left blank."""

    def draw(self, canvas: Canvas, part: int, frame: PageFrame) -> None:
        del part
        if frame.back:
            return  # the inside of the dice: nothing to print
        top = heading(
            canvas, frame, f"{self.game.title}: dice to fold",
            "Cut along the solid lines, fold every dashed line away from you, and glue each "
            "tab inside the face it meets. Thin card makes the sturdiest dice; roll them in "
            "a cup or the lid of a box.",
        )  # fmt: skip
        area = frame.printable
        width, height = 3 * FACE + 2 * TAB, 4 * FACE + TAB
        columns = int((area.width - 8 * MM) // (width + 8 * MM))
        rows = int((top - area.y) // (height + 6 * MM))
        gap_x = (area.width - columns * width) / (columns + 1)
        gap_y = (top - area.y - rows * height) / (rows + 1)
        for row in range(rows):
            for column in range(columns):
                x = area.x + gap_x + column * (width + gap_x) + TAB
                y = top - gap_y - row * (height + gap_y)
                _net(canvas, x, y)


def _face(x: float, y: float, column: int, row: int) -> Rect:
    """The face at (column, row) of a net whose top left corner is (x, y)."""
    return Rect(x + column * FACE, y - (row + 1) * FACE, FACE, FACE)


def _net(canvas: Canvas, x: float, y: float) -> None:
    canvas.saveState()
    canvas.setStrokeColor(INK)
    canvas.setFillColor(INK)
    for (column, row), pips in NET.items():
        box = _face(x, y, column, row)
        cx, cy = box.centre
        for dx, dy in SPOTS[pips]:
            canvas.circle(cx + dx * FACE * 0.27, cy + dy * FACE * 0.27, FACE * 0.085, stroke=0,
                          fill=1)  # fmt: skip
    # fold lines: every edge two faces share
    canvas.setStrokeColor(CUT)
    canvas.setLineWidth(0.6)
    canvas.setDash(2.5, 2)
    faces = set(NET)
    for column, row in faces:
        box = _face(x, y, column, row)
        if (column + 1, row) in faces:
            canvas.line(box.right, box.y, box.right, box.top)
        if (column, row + 1) in faces:
            canvas.line(box.x, box.y, box.right, box.y)
    for column, row, side in TABS:
        _fold_of(canvas, _face(x, y, column, row), side)
    # cut lines: the outline of faces and tabs
    canvas.setDash()
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.8)
    for column, row in faces:
        box = _face(x, y, column, row)
        tabbed = {side for c, r, side in TABS if (c, r) == (column, row)}
        if (column - 1, row) not in faces and "left" not in tabbed:
            canvas.line(box.x, box.y, box.x, box.top)
        if (column + 1, row) not in faces and "right" not in tabbed:
            canvas.line(box.right, box.y, box.right, box.top)
        if (column, row - 1) not in faces:
            canvas.line(box.x, box.top, box.right, box.top)
        if (column, row + 1) not in faces and "bottom" not in tabbed:
            canvas.line(box.x, box.y, box.right, box.y)
    for column, row, side in TABS:
        _tab(canvas, _face(x, y, column, row), side)
    canvas.restoreState()


def _fold_of(canvas: Canvas, box: Rect, side: str) -> None:
    """The fold line between a face and its tab."""
    if side == "left":
        canvas.line(box.x, box.y, box.x, box.top)
    elif side == "right":
        canvas.line(box.right, box.y, box.right, box.top)
    else:
        canvas.line(box.x, box.y, box.right, box.y)


def _tab(canvas: Canvas, box: Rect, side: str) -> None:
    """A trapezoid tab on ``side`` of ``box`` (its three cut edges)."""
    inset = TAB * 0.9
    path = canvas.beginPath()
    if side == "left":
        path.moveTo(box.x, box.top)
        path.lineTo(box.x - TAB, box.top - inset)
        path.lineTo(box.x - TAB, box.y + inset)
        path.lineTo(box.x, box.y)
    elif side == "right":
        path.moveTo(box.right, box.top)
        path.lineTo(box.right + TAB, box.top - inset)
        path.lineTo(box.right + TAB, box.y + inset)
        path.lineTo(box.right, box.y)
    else:
        path.moveTo(box.x, box.y)
        path.lineTo(box.x + inset, box.y - TAB)
        path.lineTo(box.right - inset, box.y - TAB)
        path.lineTo(box.right, box.y)
    canvas.drawPath(path, stroke=1, fill=0)
