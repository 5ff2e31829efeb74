"""Patron cards' drawings: a regular's portrait on a neon sign, the bottle cap that
marks a starting Booze Level, the icon a trait is about, and the Booze Level scale a
face-down Patron slides over to track the current BL."""

from __future__ import annotations

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from pnp.catalog.schemas.joes_bar import Icon
from pnp.kit.drawings.colours import inked, set_ink, tint
from pnp.kit.drawings.joes_bar.glyphs import glyph_for, glyph_skull
from pnp.kit.drawings.joes_bar.look import Look
from pnp.kit.drawings.joes_bar.neon import halo, neon_tube
from pnp.kit.drawings.shapes import ring_path
from pnp.kit.fonts import BODY_BOLD, DISPLAY
from pnp.kit.geometry import Rect

#: The portrait's halo: how far above the figure's middle, and its radius, as shares
#: of the figure's size.
HALO_RISE = 2 / 48
HALO_RADIUS = 30 / 48
#: The outline of a bottle cap, in points: on the portrait, on the scale.
CAP_LINE = 0.8
SCALE_CAP_LINE = 0.6
#: A trait's icon: its disc's outline (points) and the glyph's size as a share of the disc.
TRAIT_ICON_LINE = 0.6
TRAIT_GLYPH_SHARE = 10 / 15
#: The scale's tube runs this far inside the band's left edge, in points; the levels
#: start this far right of the tube.
SCALE_TUBE_INSET = 1.6
SCALE_LEVELS_INSET = 2.0


def bottle_cap(canvas: Canvas, x: float, y: float, radius: float, crimps: int = 21) -> None:
    """A crimped bottle cap."""
    crimped = ring_path(canvas, x, y, [radius, radius * 0.9] * crimps, 0.0)
    canvas.drawPath(crimped, stroke=1, fill=1)


def _silhouette(canvas: Canvas, x: float, y: float, size: float, ground: Color,
                seed: int) -> None:  # fmt: skip
    """A regular at the bar, head and shoulders; the hat, the neckwear and the eyes vary."""
    s = size / 2
    hat = ("none", "fedora", "bowler", "cap", "hair", "top")[seed % 6]
    neck = ("bow", "tie", "collar")[seed // 6 % 3]
    extra = ("none", "glasses", "eyepatch")[seed // 18 % 3]
    p = canvas.beginPath()  # shoulders
    p.moveTo(x - 0.95 * s, y - s)
    p.curveTo(x - 0.95 * s, y - 0.35 * s, x - 0.6 * s, y - 0.18 * s, x - 0.2 * s, y - 0.15 * s)
    p.lineTo(x + 0.2 * s, y - 0.15 * s)
    p.curveTo(x + 0.6 * s, y - 0.18 * s, x + 0.95 * s, y - 0.35 * s, x + 0.95 * s, y - s)
    p.close()
    canvas.drawPath(p, stroke=0, fill=1)
    canvas.roundRect(x - 0.14 * s, y - 0.3 * s, 0.28 * s, 0.3 * s, 0.05 * s, stroke=0, fill=1)
    canvas.ellipse(x - 0.32 * s, y - 0.1 * s, x + 0.32 * s, y + 0.68 * s, stroke=0, fill=1)
    with inked(canvas, ground):
        _neckwear(canvas, x, y, s, neck)
        if extra == "glasses":
            canvas.setLineWidth(0.045 * s)
            for side in (-1, 1):
                canvas.circle(x + side * 0.14 * s, y + 0.3 * s, 0.1 * s, stroke=1, fill=0)
            canvas.line(x - 0.04 * s, y + 0.31 * s, x + 0.04 * s, y + 0.31 * s)
        elif extra == "eyepatch":  # a souvenir of an earlier round
            canvas.setLineWidth(0.04 * s)
            canvas.line(x - 0.31 * s, y + 0.42 * s, x + 0.3 * s, y + 0.2 * s)
            canvas.ellipse(x + 0.05 * s, y + 0.22 * s, x + 0.25 * s, y + 0.38 * s, stroke=0,
                           fill=1)  # fmt: skip
    _hat(canvas, x, y, s, hat, ground)


def _neckwear(canvas: Canvas, x: float, y: float, s: float, neck: str) -> None:
    if neck == "bow":
        for side in (-1, 1):
            bow = canvas.beginPath()
            bow.moveTo(x, y - 0.3 * s)
            bow.lineTo(x + side * 0.2 * s, y - 0.2 * s)
            bow.lineTo(x + side * 0.2 * s, y - 0.4 * s)
            bow.close()
            canvas.drawPath(bow, stroke=0, fill=1)
    elif neck == "tie":
        tie = canvas.beginPath()
        tie.moveTo(x - 0.06 * s, y - 0.26 * s)
        tie.lineTo(x + 0.06 * s, y - 0.26 * s)
        tie.lineTo(x + 0.1 * s, y - 0.8 * s)
        tie.lineTo(x, y - 0.92 * s)
        tie.lineTo(x - 0.1 * s, y - 0.8 * s)
        tie.close()
        canvas.drawPath(tie, stroke=0, fill=1)
    else:
        canvas.setLineWidth(0.05 * s)
        canvas.line(x - 0.2 * s, y - 0.2 * s, x, y - 0.45 * s)
        canvas.line(x + 0.2 * s, y - 0.2 * s, x, y - 0.45 * s)


def _hat(canvas: Canvas, x: float, y: float, s: float, hat: str, ground: Color) -> None:
    if hat == "fedora":
        canvas.ellipse(x - 0.55 * s, y + 0.46 * s, x + 0.55 * s, y + 0.6 * s, stroke=0, fill=1)
        canvas.roundRect(x - 0.3 * s, y + 0.5 * s, 0.6 * s, 0.38 * s, 0.1 * s, stroke=0, fill=1)
        with inked(canvas, ground):
            canvas.rect(x - 0.3 * s, y + 0.56 * s, 0.6 * s, 0.06 * s, stroke=0, fill=1)
    elif hat == "bowler":
        canvas.ellipse(x - 0.45 * s, y + 0.48 * s, x + 0.45 * s, y + 0.58 * s, stroke=0, fill=1)
        canvas.wedge(x - 0.3 * s, y + 0.3 * s, x + 0.3 * s, y + 0.9 * s, 0, 180, stroke=0, fill=1)
    elif hat == "cap":
        canvas.wedge(x - 0.33 * s, y + 0.35 * s, x + 0.33 * s, y + 0.85 * s, 0, 180, stroke=0,
                     fill=1)  # fmt: skip
        canvas.roundRect(x, y + 0.56 * s, 0.55 * s, 0.07 * s, 0.03 * s, stroke=0, fill=1)
    elif hat == "top":
        canvas.ellipse(x - 0.48 * s, y + 0.5 * s, x + 0.48 * s, y + 0.62 * s, stroke=0, fill=1)
        canvas.rect(x - 0.27 * s, y + 0.55 * s, 0.54 * s, 0.45 * s, stroke=0, fill=1)
        with inked(canvas, ground):
            canvas.rect(x - 0.27 * s, y + 0.62 * s, 0.54 * s, 0.07 * s, stroke=0, fill=1)
    elif hat == "hair":
        canvas.circle(x, y + 0.78 * s, 0.24 * s, stroke=0, fill=1)
        canvas.ellipse(x - 0.38 * s, y + 0.2 * s, x + 0.38 * s, y + 0.72 * s, stroke=0, fill=1)


def portrait(canvas: Canvas, look: Look, box: Rect, neon: str, seed: int) -> None:
    """A regular at the bar in the middle of ``box`` (as tall as the box), lit in
    ``neon`` with a halo behind; ``seed`` picks the hat, the neckwear and the eyes."""
    size = box.height
    cx, cy = box.centre
    halo(canvas, look, cx, cy + HALO_RISE * size, HALO_RADIUS * size, neon)
    canvas.saveState()
    set_ink(canvas, look.sign_ink(neon))
    _silhouette(canvas, cx, cy, size, look.sign_ground, seed)
    canvas.restoreState()


def starting_cap(canvas: Canvas, look: Look, box: Rect) -> None:
    """The bottle cap that carries a patron's starting BL, filling ``box``."""
    context = look.context
    x, y = box.centre
    canvas.saveState()
    canvas.setFillColor(context.colour(look.colours.cap))
    canvas.setStrokeColor(context.colour(look.colours.ink))
    canvas.setLineWidth(CAP_LINE)
    bottle_cap(canvas, x, y, min(box.width, box.height) / 2)
    canvas.restoreState()


def trait_icon(canvas: Canvas, look: Look, icon: Icon, box: Rect) -> None:
    """The icon a trait is about: its glyph in ink on a disc of its neon, filling ``box``."""
    context = look.context
    drawer = glyph_for(icon)
    neon = look.colours.neon(icon.category)
    x, y = box.centre
    size = min(box.width, box.height)
    canvas.saveState()
    canvas.setFillColor(context.colour(neon))
    canvas.setStrokeColor(context.colour(look.colours.ink))
    canvas.setLineWidth(TRAIT_ICON_LINE)
    canvas.circle(x, y, size / 2, stroke=1, fill=1)
    set_ink(canvas, context.colour(look.colours.ink))
    drawer(canvas, x, y, size * TRAIT_GLYPH_SHARE, context.colour(neon))
    canvas.restoreState()


def booze_scale(canvas: Canvas, look: Look, scale: Rect, booze: int, top_level: int) -> None:
    """The Booze Level scale in ``scale``: a dark band from its left edge off the right
    edge of the card (bleed included), numbered from KO at the bottom to ``top_level``
    at the top, ``booze`` on a bottle cap with a pointer left of the band. A face-down
    Patron laid over the top of the band covers the levels above the current one, so
    the highest number still showing is the BL."""
    context = look.context
    box = context.bleed_box
    band_x = scale.x
    neon = look.colours.neon("patron")
    canvas.saveState()
    canvas.setFillColor(context.fill_colour(look.colours.night))
    canvas.rect(band_x, box.y, box.right - band_x, box.height, stroke=0, fill=1)
    canvas.restoreState()
    edge = band_x + SCALE_TUBE_INSET

    def tube() -> None:
        canvas.line(edge, box.y, edge, box.top)

    neon_tube(canvas, look, neon, 1.0, tube)
    levels = top_level + 1
    cell = scale.height / levels
    left, right = edge + SCALE_LEVELS_INSET, scale.right
    cx = (left + right) / 2
    for level in range(levels):
        bottom = scale.y + level * cell
        mid = bottom + cell / 2
        if level > 0:
            canvas.saveState()
            canvas.setStrokeColor(look.sign_ink(tint(neon, 0.2)))
            canvas.setLineWidth(0.5)
            canvas.setDash(1.5, 1.5)
            canvas.line(left, bottom, right, bottom)
            canvas.restoreState()
        if level == 0:
            canvas.saveState()
            set_ink(canvas, look.sign_ink(look.colours.neon("hit")))
            glyph_skull(canvas, cx - 5, mid, min(cell * 0.7, 12), look.sign_ground)
            canvas.setFont(BODY_BOLD, 7.5)
            canvas.drawString(cx + 1.5, mid - 2.7, "KO")
            canvas.restoreState()
            continue
        label = str(level)
        canvas.saveState()
        if level == booze:
            canvas.setFillColor(context.colour(look.colours.cap))
            canvas.setStrokeColor(context.colour(look.colours.ink))
            canvas.setLineWidth(SCALE_CAP_LINE)
            bottle_cap(canvas, cx, mid, min(cell * 0.5, (right - left) * 0.42))
            canvas.setFillColor(context.colour(look.colours.ink))
        else:
            canvas.setFillColor(look.sign_ink(tint(neon, 0.25)))
        canvas.setFont(DISPLAY, 13)
        canvas.drawCentredString(cx, mid - 4.6, label)
        canvas.restoreState()
        if level == booze:  # a pointer in the gutter, left of the band
            canvas.saveState()
            canvas.setFillColor(context.colour(look.colours.ink))
            p = canvas.beginPath()
            p.moveTo(band_x - 0.8, mid)
            p.lineTo(band_x - 4.6, mid + 3.4)
            p.lineTo(band_x - 4.6, mid - 3.4)
            p.close()
            canvas.drawPath(p, stroke=0, fill=1)
            canvas.restoreState()
