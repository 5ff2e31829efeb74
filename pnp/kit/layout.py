"""Sheet imposition: where cards sit on a page, their bleed, the crop marks,
the sheet's caption, and where each back lands for every duplex mode.

Home printers leave 4 to 6.5 mm unprinted at the paper's edge, so everything
that must print (cards with their bleed, crop marks, captions) stays inside
a printable margin (5 mm unless ``--margin`` says otherwise). Two layouts:

- ``bleed`` (the default): every card edge gets the whole bleed, so two
  neighbours are ``2 x bleed`` apart and a slightly-off cut never shows a
  sliver of the next card's colour;
- ``shared-cut``: neighbours abut and one cut separates them; only the outer
  edges have bleed. More cards fit a sheet, but an off cut shows the
  neighbour's edge.

The densest grid of the chosen layout wins, cards upright or turned a
quarter; when no card fits with the bleed asked for, :func:`plan_sheets`
takes the largest bleed that fits and says so in :attr:`SheetPlan.note` (as
it says when shared cuts would fit more cards a sheet).

Each back is drawn in the mirror image of its front's slot (mirrored across
the flip of the printer, the fold of a gutterfold sheet, or left to right for
backs glued on), in the same orientation as the front.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from pnp.kit.geometry import MM, Edges, Rect

PAPERS: dict[str, tuple[float, float]] = {
    "a4": (210 * MM, 297 * MM),
    "letter": (215.9 * MM, 279.4 * MM),
}
PAPER_NAMES = {"a4": "A4", "letter": "US Letter"}

#: Unprinted band at the paper's edge that nothing must enter, by default.
DEFAULT_MARGIN_MM = 5.0
#: Gap between a card's outer bleed and the start of a crop mark.
MARK_GAP = 0.5 * MM
#: Longest crop mark drawn, and the shortest worth drawing.
MARK_LENGTH = 5 * MM
MIN_MARK = 2 * MM
#: Room a grid keeps beyond its outer bleed for the shortest marks.
MARK_ROOM = MARK_GAP + MIN_MARK
#: Line width of crop marks: 0.75 pt survives home printers (0.25 pt hairlines vanish).
MARK_WIDTH = 0.75
#: The sheet caption: its size and the height of its line (ascenders to descenders).
CAPTION_SIZE = 7.0
CAPTION_HEIGHT = CAPTION_SIZE * 1.05
#: Clearance kept between a caption and any mark.
CAPTION_GAP = 0.6 * MM


class Duplex(Enum):
    LONG = "long"
    SHORT = "short"
    GUTTERFOLD = "gutterfold"
    NONE = "none"


class Layout(Enum):
    BLEED = "bleed"
    SHARED_CUT = "shared-cut"


class LayoutError(ValueError):
    """A card does not fit on the paper."""


@dataclass(frozen=True)
class Segment:
    x1: float
    y1: float
    x2: float
    y2: float

    def moved(self, dx: float, dy: float) -> Segment:
        return Segment(self.x1 + dx, self.y1 + dy, self.x2 + dx, self.y2 + dy)

    @property
    def length(self) -> float:
        return float(((self.x2 - self.x1) ** 2 + (self.y2 - self.y1) ** 2) ** 0.5)

    def crosses(self, box: Rect) -> bool:
        """True when this (horizontal or vertical) segment touches ``box``."""
        left, right = sorted((self.x1, self.x2))
        bottom, top = sorted((self.y1, self.y2))
        return left <= box.right and right >= box.x and bottom <= box.top and top >= box.y


@dataclass(frozen=True)
class Slot:
    """Where one card goes: its trim on the page, how far its background may
    reach beyond the trim on each side (page directions), and whether it is
    turned a quarter (its top towards the page's left edge)."""

    trim: Rect
    bleed: Edges
    turned: bool

    @property
    def bleed_box(self) -> Rect:
        b = self.bleed
        return self.trim.grow(b.left, b.bottom, b.right, b.top)


@dataclass(frozen=True)
class Grid:
    """Card slots in rows and columns, numbered row by row from the top left.

    ``card_width`` and ``card_height`` are the card's own (upright) size;
    turned cards take ``card_height`` across the page.
    """

    origin_x: float  # lower-left corner of the bottom-left card's trim
    origin_y: float
    card_width: float
    card_height: float
    bleed: float
    layout: Layout
    turned: bool
    columns: int
    rows: int

    @property
    def capacity(self) -> int:
        return self.columns * self.rows

    @property
    def cell_width(self) -> float:
        return self.card_height if self.turned else self.card_width

    @property
    def cell_height(self) -> float:
        return self.card_width if self.turned else self.card_height

    @property
    def gutter(self) -> float:
        return 2 * self.bleed if self.layout is Layout.BLEED else 0.0

    @property
    def width(self) -> float:
        return self.columns * self.cell_width + (self.columns - 1) * self.gutter

    @property
    def height(self) -> float:
        return self.rows * self.cell_height + (self.rows - 1) * self.gutter

    @property
    def bleed_box(self) -> Rect:
        """The grid with its outer bleed."""
        b = self.bleed
        return Rect(self.origin_x, self.origin_y, self.width, self.height).grow(b, b, b, b)

    def slot(self, index: int) -> Slot:
        """Slot ``index`` (0 = top left)."""
        column, row = index % self.columns, index // self.columns
        x = self.origin_x + column * (self.cell_width + self.gutter)
        y = self.origin_y + (self.rows - 1 - row) * (self.cell_height + self.gutter)
        trim = Rect(x, y, self.cell_width, self.cell_height)
        if self.layout is Layout.BLEED:
            return Slot(trim, Edges.even(self.bleed), self.turned)
        b = self.bleed
        edges = Edges(
            left=b if column == 0 else 0.0,
            bottom=b if row == self.rows - 1 else 0.0,
            right=b if column == self.columns - 1 else 0.0,
            top=b if row == 0 else 0.0,
        )
        return Slot(trim, edges, self.turned)

    def cut_lines(self) -> tuple[list[float], list[float]]:
        """The x positions of vertical cuts and y positions of horizontal cuts."""
        xs: set[float] = set()
        ys: set[float] = set()
        for index in range(self.capacity):
            trim = self.slot(index).trim
            xs.update((round(trim.x, 4), round(trim.right, 4)))
            ys.update((round(trim.y, 4), round(trim.top, 4)))
        return sorted(xs), sorted(ys)

    def crop_marks(self, printable: Rect) -> list[Segment]:
        """Marks extending every cut line beyond the outer bleed, inside ``printable``."""
        xs, ys = self.cut_lines()
        box = self.bleed_box
        left, right = box.x - MARK_GAP, box.right + MARK_GAP
        bottom, top = box.y - MARK_GAP, box.top + MARK_GAP
        marks: list[Segment] = []
        for x in xs:
            marks.append(Segment(x, bottom, x, max(printable.y, bottom - MARK_LENGTH)))
            marks.append(Segment(x, top, x, min(printable.top, top + MARK_LENGTH)))
        for y in ys:
            marks.append(Segment(left, y, max(printable.x, left - MARK_LENGTH), y))
            marks.append(Segment(right, y, min(printable.right, right + MARK_LENGTH), y))
        return [mark for mark in marks if mark.length >= MIN_MARK - 0.01]


def _count(length: float, cell: float, bleed: float, layout: Layout) -> int:
    """How many cells fit along ``length`` with their bleed and room for marks."""
    gutter = 2 * bleed if layout is Layout.BLEED else 0.0
    room = length - 2 * (bleed + MARK_ROOM) + gutter
    return max(0, int((room + 1e-6) // (cell + gutter)))


@dataclass(frozen=True)
class Fit:
    """The densest grid of one layout in a region: columns, rows and orientation."""

    layout: Layout
    turned: bool
    columns: int
    rows: int

    @property
    def capacity(self) -> int:
        return self.columns * self.rows


def best_fit(region: Rect, card_width: float, card_height: float, bleed: float,
             layout: Layout) -> Fit | None:  # fmt: skip
    """The grid of ``layout`` holding the most cards in ``region`` (upright on a tie)."""
    fits = []
    for turned in (False, True):
        across, up = (card_height, card_width) if turned else (card_width, card_height)
        columns = _count(region.width, across, bleed, layout)
        rows = _count(region.height, up, bleed, layout)
        if columns and rows:
            fits.append(Fit(layout, turned, columns, rows))
    return max(fits, key=lambda fit: (fit.capacity, not fit.turned), default=None)


def _placed(fit: Fit, region: Rect, card_width: float, card_height: float, bleed: float,
            caption_room: float) -> Grid:  # fmt: skip
    """``fit`` centred across ``region``; upright centred too, unless the space under
    the grid is too small for a caption plus the shortest marks, when the grid
    rises as far as the marks above it allow."""
    grid = Grid(0, 0, card_width, card_height, bleed, fit.layout, fit.turned, fit.columns, fit.rows)
    extent_x = grid.width + 2 * bleed
    extent_y = grid.height + 2 * bleed
    x = region.x + (region.width - extent_x) / 2 + bleed
    slack = region.height - extent_y
    below = max(slack / 2, min(slack - MARK_ROOM, caption_room + MARK_ROOM))
    y = region.y + below + bleed
    return Grid(x, y, card_width, card_height, bleed, fit.layout, fit.turned, fit.columns,
                fit.rows)  # fmt: skip


def mirror_slot(slot: Slot, duplex: Duplex, page: tuple[float, float]) -> Slot:
    """Where the back of ``slot`` is drawn: its mirror image across the flip (long
    edge: left to right; short edge and gutterfold's fold: top to bottom; backs
    glued on: left to right)."""
    width, height = page
    trim, bleed = slot.trim, slot.bleed
    if duplex in (Duplex.SHORT, Duplex.GUTTERFOLD):
        return Slot(Rect(trim.x, height - trim.top, trim.width, trim.height),
                    bleed.mirrored(horizontal=False), slot.turned)  # fmt: skip
    return Slot(Rect(width - trim.right, trim.y, trim.width, trim.height),
                bleed.mirrored(horizontal=True), slot.turned)  # fmt: skip


def mirror_segment(segment: Segment, duplex: Duplex, page: tuple[float, float]) -> Segment:
    width, height = page
    if duplex in (Duplex.SHORT, Duplex.GUTTERFOLD):
        return Segment(segment.x1, height - segment.y1, segment.x2, height - segment.y2)
    return Segment(width - segment.x1, segment.y1, width - segment.x2, segment.y2)


@dataclass(frozen=True)
class SheetPlan:
    """The sheets of one card size on one paper: the front grid, its marks,
    where each back goes, and a note when the layout is not the one asked for."""

    paper: str
    page_width: float
    page_height: float
    margin: float
    duplex: Duplex
    front: Grid
    asked: Layout
    note: str

    @property
    def page(self) -> tuple[float, float]:
        return self.page_width, self.page_height

    @property
    def printable(self) -> Rect:
        return Rect(0, 0, self.page_width, self.page_height).inset(self.margin)

    @property
    def capacity(self) -> int:
        return self.front.capacity

    def front_slot(self, index: int) -> Slot:
        return self.front.slot(index)

    def back_slot(self, index: int, offset: tuple[float, float] = (0.0, 0.0)) -> Slot:
        """Where the back of front slot ``index`` is drawn, shifted by ``offset``
        (page directions of the side it is drawn on)."""
        mirrored = mirror_slot(self.front.slot(index), self.duplex, self.page)
        return Slot(mirrored.trim.moved(*offset), mirrored.bleed, mirrored.turned)

    @property
    def front_region(self) -> Rect:
        """Where the fronts and their marks stay: the printable area, or its top
        half on a gutterfold sheet."""
        printable = self.printable
        if self.duplex is not Duplex.GUTTERFOLD:
            return printable
        middle = self.page_height / 2
        return Rect(printable.x, middle, printable.width, printable.top - middle)

    def front_marks(self) -> list[Segment]:
        return self.front.crop_marks(self.front_region)

    def back_marks(self, offset: tuple[float, float] = (0.0, 0.0)) -> list[Segment]:
        """The crop marks of the back side (mirrored and shifted like the backs),
        shortened to stay inside the printable area."""
        marks = []
        for mark in self.front_marks():
            moved = mirror_segment(mark, self.duplex, self.page).moved(*offset)
            clipped = _clip(moved, self.printable)
            if clipped is not None and clipped.length >= MIN_MARK - 0.01:
                marks.append(clipped)
        return marks

    @property
    def fold_line(self) -> Segment | None:
        if self.duplex is not Duplex.GUTTERFOLD:
            return None
        middle = self.page_height / 2
        return Segment(self.margin, middle, self.page_width - self.margin, middle)

    def describe(self, card_name: str = "cards") -> str:
        """'8 a sheet (2 x 4, turned)'."""
        grid = self.front
        turned = ", turned" if grid.turned else ""
        shared = ", shared cuts" if grid.layout is Layout.SHARED_CUT else ""
        return f"{grid.capacity} {card_name} a sheet ({grid.columns} x {grid.rows}{turned}{shared})"


def _clip(segment: Segment, box: Rect) -> Segment | None:
    """The part of a horizontal or vertical segment inside ``box``."""
    x1, x2 = sorted((segment.x1, segment.x2))
    y1, y2 = sorted((segment.y1, segment.y2))
    x1, x2 = max(x1, box.x), min(x2, box.right)
    y1, y2 = max(y1, box.y), min(y2, box.top)
    if x1 > x2 or y1 > y2:
        return None
    return Segment(x1, y1, x2, y2)


def _sizes(width: float, height: float) -> str:
    return f"{width / MM:g} x {height / MM:g} mm"


def plan_sheets(paper: str, card_width_mm: float, card_height_mm: float, bleed_mm: float,
                duplex: Duplex, layout: Layout = Layout.BLEED,
                margin_mm: float = DEFAULT_MARGIN_MM) -> SheetPlan:  # fmt: skip
    """Plan the sheets of one card size on ``paper``.

    The densest grid of ``layout`` wins; when it fits no card, the bleed shrinks
    by half millimetres until one fits, and :attr:`SheetPlan.note` says so.
    Raises :class:`LayoutError` when not even a card without bleed fits.
    """
    width, height = PAPERS[paper]
    card_width, card_height = card_width_mm * MM, card_height_mm * MM
    bleed, margin = bleed_mm * MM, margin_mm * MM
    printable = Rect(0, 0, width, height).inset(margin)
    if duplex is Duplex.GUTTERFOLD:
        # the fronts go in the top half and the backs, mirrored, in the bottom
        # half; the fold needs no margin, only room for the marks either side
        region = Rect(printable.x, printable.y, printable.width, height / 2 - printable.y)
    else:
        region = printable
    caption_room = CAPTION_HEIGHT + CAPTION_GAP
    size = _sizes(card_width, card_height)
    fit = best_fit(region, card_width, card_height, bleed, layout)
    note = ""
    if fit is None:
        # one card needs the same room either way; only a smaller bleed can help
        for tenths in range(round(bleed_mm * 10) - 5, -1, -5):
            fit = best_fit(region, card_width, card_height, tenths / 10 * MM, layout)
            if fit is not None:
                note = (
                    f"{size} cards do not fit {PAPER_NAMES[paper]} with {bleed_mm:g} mm bleed "
                    f"inside a {margin_mm:g} mm margin; printing them with {tenths / 10:g} mm"
                )
                bleed = tenths / 10 * MM
                break
        else:
            raise LayoutError(
                f"a {size} card does not fit on {PAPER_NAMES[paper]} inside a {margin_mm:g} mm "
                "margin, even without bleed; try a smaller --margin"
            )
    elif layout is Layout.BLEED:
        denser = best_fit(region, card_width, card_height, bleed, Layout.SHARED_CUT)
        if denser is not None and denser.capacity > fit.capacity:
            note = f"--layout shared-cut fits {denser.capacity} a sheet, with one cut between cards"
    if duplex is Duplex.GUTTERFOLD:
        # placed in the bottom half (the caption at the paper's edge), then
        # mirrored into the top half for the fronts
        bottom = _placed(fit, region, card_width, card_height, bleed, caption_room)
        top_y = height - (bottom.origin_y + bottom.height)
        grid = Grid(bottom.origin_x, top_y, card_width, card_height, bleed, fit.layout,
                    fit.turned, fit.columns, fit.rows)  # fmt: skip
    else:
        grid = _placed(fit, region, card_width, card_height, bleed, caption_room)
    return SheetPlan(paper, width, height, margin, duplex, grid, layout, note)


def place_caption(width: float, marks: Sequence[Segment], printable: Rect,
                  centre_x: float) -> tuple[Rect, list[Segment]]:  # fmt: skip
    """Where a caption ``width`` wide goes so that no mark crosses it, and the marks
    shortened to make room; raises :class:`LayoutError` when there is no room.

    Tried in order: centred at the bottom of the printable area (marks under it
    shortened, never below the shortest), then in the widest gap between the
    bottom marks, then the same at the top.
    """
    height = CAPTION_HEIGHT
    for at_top in (False, True):
        y = printable.top - height if at_top else printable.y
        centred = Rect(centre_x - width / 2, y, width, height)
        shortened = _shortened(marks, centred, at_top)
        if shortened is not None:
            return centred, shortened
        for gap in _gaps(marks, printable, centred):
            if gap[1] - gap[0] >= width + 2 * CAPTION_GAP:
                middle = (gap[0] + gap[1]) / 2
                box = Rect(middle - width / 2, y, width, height)
                if not any(mark.crosses(box.inset(-CAPTION_GAP)) for mark in marks):
                    return box, list(marks)
    raise LayoutError(f"no room for a {width / MM:.0f} mm sheet caption clear of the crop marks")


def _shortened(marks: Sequence[Segment], box: Rect, at_top: bool) -> list[Segment] | None:
    """``marks`` with the vertical ones over ``box`` cut short of it, or None when a
    mark would become too short or another mark crosses the box."""
    padded = box.inset(-CAPTION_GAP)
    result = []
    for mark in marks:
        if not mark.crosses(padded):
            result.append(mark)
            continue
        if mark.x1 != mark.x2:
            return None  # a horizontal mark in the way
        if at_top:
            low = min(mark.y1, mark.y2)
            end = padded.y
            if end - low < MIN_MARK:
                return None
            result.append(Segment(mark.x1, low, mark.x1, end))
        else:
            high = max(mark.y1, mark.y2)
            end = padded.top
            if high - end < MIN_MARK:
                return None
            result.append(Segment(mark.x1, high, mark.x1, end))
    return result


def _gaps(marks: Sequence[Segment], printable: Rect, box: Rect) -> list[tuple[float, float]]:
    """Free x intervals in the caption's band between the marks that cross it, widest first."""
    band = Rect(printable.x, box.y - CAPTION_GAP, printable.width, box.height + 2 * CAPTION_GAP)
    xs = sorted(
        x for mark in marks if mark.crosses(band) for x in (mark.x1, mark.x2)
    )  # fmt: skip
    edges = [printable.x, *xs, printable.right]
    gaps = [(a, b) for a, b in itertools.pairwise(edges) if b > a]
    return sorted(gaps, key=lambda gap: gap[0] - gap[1])
