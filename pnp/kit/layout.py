"""Sheet imposition: where cards sit on a page, their bleed, the crop marks,
and where each back lands for every duplex mode.

The grid holds as many cards as fit inside the page with room for crop marks
(``MARK_ZONE`` beyond each outer bleed). Space left over goes into gutters
between cards, up to twice the bleed, so each card's background reaches
into its half of the gutter and never over its neighbour; any more space
widens the outer margins. Cards are centred on the page, so a mirrored
grid lands on itself: the back of the card in column ``c`` of a long-edge
duplex sheet is drawn in column ``cols - 1 - c``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from pnp.kit.geometry import MM, Edges, Rect

PAPERS: dict[str, tuple[float, float]] = {
    "a4": (210 * MM, 297 * MM),
    "letter": (215.9 * MM, 279.4 * MM),
}
PAPER_NAMES = {"a4": "A4", "letter": "US Letter"}

#: Room kept outside the outer bleed for crop marks.
MARK_ZONE = 4.5 * MM
#: Gap between the outer bleed and the start of a crop mark.
MARK_GAP = 0.5 * MM
#: Longest crop mark drawn.
MARK_LENGTH = 5 * MM
#: Gutters narrower than this become 0: two cut lines that close are one cut.
MIN_GUTTER = 1.5 * MM
#: Line width of crop marks: 0.75 pt survives home printers (0.25 pt hairlines vanish).
MARK_WIDTH = 0.75


class Duplex(Enum):
    LONG = "long"
    SHORT = "short"
    GUTTERFOLD = "gutterfold"
    NONE = "none"


class LayoutError(ValueError):
    """A card does not fit on the paper."""


@dataclass(frozen=True)
class Segment:
    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class Grid:
    """Card slots of one page region, numbered row by row from the top left."""

    region: Rect
    card_width: float
    card_height: float
    bleed: float
    columns: int
    rows: int
    gutter_x: float
    gutter_y: float

    @property
    def capacity(self) -> int:
        return self.columns * self.rows

    @property
    def grid_width(self) -> float:
        return self.columns * self.card_width + (self.columns - 1) * self.gutter_x

    @property
    def grid_height(self) -> float:
        return self.rows * self.card_height + (self.rows - 1) * self.gutter_y

    @property
    def origin(self) -> tuple[float, float]:
        """Lower-left corner of the bottom-left card's trim."""
        x = self.region.x + (self.region.width - self.grid_width) / 2
        y = self.region.y + (self.region.height - self.grid_height) / 2
        return x, y

    def slot(self, index: int) -> Rect:
        """The trim rectangle of slot ``index`` (0 = top left)."""
        column, row = index % self.columns, index // self.columns
        x0, y0 = self.origin
        x = x0 + column * (self.card_width + self.gutter_x)
        y = y0 + (self.rows - 1 - row) * (self.card_height + self.gutter_y)
        return Rect(x, y, self.card_width, self.card_height)

    def bleed_at(self, index: int) -> Edges:
        """How far slot ``index``'s background may reach beyond its trim on each side."""
        column, row = index % self.columns, index // self.columns
        inner_x, inner_y = self.gutter_x / 2, self.gutter_y / 2
        return Edges(
            left=self.bleed if column == 0 else inner_x,
            bottom=self.bleed if row == self.rows - 1 else inner_y,
            right=self.bleed if column == self.columns - 1 else inner_x,
            top=self.bleed if row == 0 else inner_y,
        )

    def mirror_index(self, index: int, duplex: Duplex) -> int:
        """The slot where the back of slot ``index`` is drawn on the back sheet."""
        column, row = index % self.columns, index // self.columns
        if duplex is Duplex.LONG:
            column = self.columns - 1 - column
        elif duplex is Duplex.SHORT:
            row = self.rows - 1 - row
        return row * self.columns + column

    def cut_lines(self) -> tuple[list[float], list[float]]:
        """The x positions of vertical cuts and y positions of horizontal cuts."""
        xs: set[float] = set()
        ys: set[float] = set()
        for index in range(self.capacity):
            trim = self.slot(index)
            xs.update((round(trim.x, 4), round(trim.right, 4)))
            ys.update((round(trim.y, 4), round(trim.top, 4)))
        return sorted(xs), sorted(ys)

    def crop_marks(self) -> list[Segment]:
        """Marks extending every cut line into the margins around the grid."""
        xs, ys = self.cut_lines()
        x0, y0 = self.origin
        left, bottom = x0 - self.bleed - MARK_GAP, y0 - self.bleed - MARK_GAP
        right = x0 + self.grid_width + self.bleed + MARK_GAP
        top = y0 + self.grid_height + self.bleed + MARK_GAP
        region = self.region
        marks: list[Segment] = []
        for x in xs:
            marks.append(Segment(x, bottom, x, max(region.y, bottom - MARK_LENGTH)))
            marks.append(Segment(x, top, x, min(region.top, top + MARK_LENGTH)))
        for y in ys:
            marks.append(Segment(left, y, max(region.x, left - MARK_LENGTH), y))
            marks.append(Segment(right, y, min(region.right, right + MARK_LENGTH), y))
        return marks


def _fit(length: float, card: float, bleed: float) -> tuple[int, float]:
    """How many cards fit along ``length``, and the gutter between them."""
    room = length - 2 * (bleed + MARK_ZONE)
    count = int((room + 1e-6) // card)
    if count < 1:
        return 0, 0.0
    if count == 1:
        return 1, 0.0
    gutter = min(2 * bleed, (room - count * card) / (count - 1))
    return count, gutter if gutter >= MIN_GUTTER else 0.0


def make_grid(region: Rect, card_width: float, card_height: float, bleed: float) -> Grid:
    """The densest grid of cards (upright) in ``region``."""
    columns, gutter_x = _fit(region.width, card_width, bleed)
    rows, gutter_y = _fit(region.height, card_height, bleed)
    if columns < 1 or rows < 1:
        raise LayoutError(
            f"a {card_width / MM:g} x {card_height / MM:g} mm card with {bleed / MM:g} mm "
            f"bleed does not fit on a {region.width / MM:g} x {region.height / MM:g} mm area"
        )
    return Grid(region, card_width, card_height, bleed, columns, rows, gutter_x, gutter_y)


@dataclass(frozen=True)
class SheetPlan:
    """The page size and the front and back grids for a deck's card size."""

    page_width: float
    page_height: float
    duplex: Duplex
    front: Grid
    back: Grid

    @property
    def capacity(self) -> int:
        return self.front.capacity

    def back_slot(self, index: int, offset: tuple[float, float]) -> tuple[Grid, int, Rect]:
        """Where the back of front slot ``index`` is drawn (shifted by ``offset``)."""
        # gutterfold's back grid is already mirrored across the fold, and with
        # no duplex the backs are printed in the fronts' order
        flipped = self.duplex in (Duplex.LONG, Duplex.SHORT)
        target = self.back.mirror_index(index, self.duplex) if flipped else index
        trim = self.back.slot(target).moved(*offset)
        return self.back, target, trim

    @property
    def fold_line(self) -> Segment | None:
        if self.duplex is not Duplex.GUTTERFOLD:
            return None
        middle = self.page_height / 2
        return Segment(0, middle, self.page_width, middle)


def plan_sheets(
    paper: str, card_width_mm: float, card_height_mm: float, bleed_mm: float, duplex: Duplex
) -> SheetPlan:
    """Plan the sheets of one card size on ``paper`` for ``duplex``."""
    width, height = PAPERS[paper]
    card_width, card_height, bleed = card_width_mm * MM, card_height_mm * MM, bleed_mm * MM
    if duplex is Duplex.GUTTERFOLD:
        # fronts in the top half, backs in the bottom half, fold across the middle
        top = Rect(0, height / 2, width, height / 2)
        bottom = Rect(0, 0, width, height / 2)
        front = make_grid(top, card_width, card_height, bleed)
        back = make_grid(bottom, card_width, card_height, bleed)
        # flip the back grid's row order: folding maps the top row onto the bottom row
        return SheetPlan(width, height, duplex, front, _flipped(back))
    page = Rect(0, 0, width, height)
    grid = make_grid(page, card_width, card_height, bleed)
    return SheetPlan(width, height, duplex, grid, grid)


def _flipped(grid: Grid) -> Grid:
    return _FlippedGrid(**{name: getattr(grid, name) for name in Grid.__dataclass_fields__})


@dataclass(frozen=True)
class _FlippedGrid(Grid):
    """A grid whose rows are numbered from the bottom: the mirror image of a
    grid across a horizontal fold line."""

    def slot(self, index: int) -> Rect:
        column, row = index % self.columns, index // self.columns
        return Grid.slot(self, (self.rows - 1 - row) * self.columns + column)

    def bleed_at(self, index: int) -> Edges:
        column, row = index % self.columns, index // self.columns
        return Grid.bleed_at(self, (self.rows - 1 - row) * self.columns + column)
