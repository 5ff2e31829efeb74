"""Patron cards: a regular's portrait on a neon sign, the starting Booze Level
on a bottle cap, the trait, and the Booze Level scale a face-down Patron
slides over to track the current BL."""

from __future__ import annotations

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from pnp.catalog.schemas.joes_bar import (
    PatronCard,
    icons_of,
)
from pnp.kit.drawings.colours import inked, set_ink, tint
from pnp.kit.drawings.shapes import ring_path
from pnp.kit.drawings.typeset import TextBox, fit_line
from pnp.kit.faces.base import FaceContext, card_name, face
from pnp.kit.faces.joes_bar.backs import neon_back
from pnp.kit.faces.joes_bar.glyphs import (
    glyph_for,
    glyph_skull,
)
from pnp.kit.faces.joes_bar.labels import badge, misprint_title
from pnp.kit.faces.joes_bar.neon import (
    grime,
    halo,
    neon_sign,
    neon_tube,
    scuffed_frame,
    seed_of,
    sign_ground,
    sign_ink,
)
from pnp.kit.faces.joes_bar.palette import (
    CAP,
    INK,
    NEON,
    NIGHT,
    PAPER,
    SOFT_INK,
)
from pnp.kit.fonts import BODY, BODY_BOLD, DISPLAY
from pnp.kit.geometry import MM, Rect


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


def _booze_scale(canvas: Canvas, context: FaceContext, card: PatronCard, band_x: float) -> None:
    """The Booze Level scale: a dark band bleeding off the right edge, numbered from
    KO at the bottom to ``booze_scale_max`` at the top. A face-down Patron laid over
    the top of the band covers the levels above the current one, so the highest
    number still showing is the BL."""
    safe = context.safe
    box = context.bleed_box
    neon = NEON["patron"]
    canvas.saveState()
    canvas.setFillColor(context.fill_colour(NIGHT))
    canvas.rect(band_x, box.y, box.right - band_x, box.height, stroke=0, fill=1)
    canvas.restoreState()
    edge = band_x + 1.6

    def tube() -> None:
        canvas.line(edge, box.y, edge, box.top)

    neon_tube(canvas, context, neon, 1.0, tube)
    levels = card.booze_scale_max + 1
    cell = safe.height / levels
    left, right = edge + 2, safe.right
    cx = (left + right) / 2
    for level in range(levels):
        bottom = safe.y + level * cell
        mid = bottom + cell / 2
        if level > 0:
            canvas.saveState()
            canvas.setStrokeColor(sign_ink(context, tint(neon, 0.2)))
            canvas.setLineWidth(0.5)
            canvas.setDash(1.5, 1.5)
            canvas.line(left, bottom, right, bottom)
            canvas.restoreState()
        if level == 0:
            canvas.saveState()
            set_ink(canvas, sign_ink(context, NEON["hit"]))
            glyph_skull(canvas, cx - 5, mid, min(cell * 0.7, 12), sign_ground(context))
            canvas.setFont(BODY_BOLD, 7.5)
            canvas.drawString(cx + 1.5, mid - 2.7, "KO")
            canvas.restoreState()
            continue
        label = str(level)
        canvas.saveState()
        if level == card.booze:
            canvas.setFillColor(context.colour(CAP))
            canvas.setStrokeColor(context.colour(INK))
            canvas.setLineWidth(0.6)
            bottle_cap(canvas, cx, mid, min(cell * 0.5, (right - left) * 0.42))
            canvas.setFillColor(context.colour(INK))
        else:
            canvas.setFillColor(sign_ink(context, tint(neon, 0.25)))
        canvas.setFont(DISPLAY, 13)
        canvas.drawCentredString(cx, mid - 4.6, label)
        canvas.restoreState()
        if level == card.booze:  # a pointer in the gutter, left of the band
            canvas.saveState()
            canvas.setFillColor(context.colour(INK))
            p = canvas.beginPath()
            p.moveTo(band_x - 0.8, mid)
            p.lineTo(band_x - 4.6, mid + 3.4)
            p.lineTo(band_x - 4.6, mid - 3.4)
            p.close()
            canvas.drawPath(p, stroke=0, fill=1)
            canvas.restoreState()


def _patron_back(canvas: Canvas, card: object, context: FaceContext) -> None:
    neon_back(canvas, context)


@face("jb-patron", back=_patron_back)
def patron_front(canvas: Canvas, card: PatronCard, context: FaceContext) -> None:
    """A Patron: name, portrait, starting BL, trait, and the Booze Level scale."""
    what = card_name(card)
    seed = seed_of(card.id)
    context.background(canvas, PAPER)
    grime(canvas, context, seed)
    scuffed_frame(canvas, context, INK)
    safe = context.safe
    band_x = safe.right - 12 * MM
    _booze_scale(canvas, context, card, band_x)
    left = Rect(safe.x + 0.8 * MM, safe.y, band_x - 2.6 * MM - safe.x - 0.8 * MM, safe.height)
    neon = NEON["patron"]
    row_y = safe.top - 12
    badge(canvas, context, "patron", "PATRON", left.x + 0.4 * MM, row_y)
    misprint_title(canvas, context, card.name, left.x + left.width / 2, safe.top - 34,
                   left.width, neon, what, size=19)  # fmt: skip
    # the portrait, with the starting BL on a bottle cap
    portrait = Rect(left.x, safe.top - 104, left.width, 62)
    neon_sign(canvas, context, portrait, neon, seed)
    face_x = portrait.x + portrait.width * 0.34
    halo(canvas, context, face_x, portrait.y + 30, 30, neon)
    canvas.saveState()
    set_ink(canvas, sign_ink(context, neon))
    _silhouette(canvas, face_x, portrait.y + 28, 48, sign_ground(context), seed)
    canvas.restoreState()
    cap_x, cap_y = portrait.right - 21, portrait.y + 36
    canvas.saveState()
    canvas.setFillColor(context.colour(CAP))
    canvas.setStrokeColor(context.colour(INK))
    canvas.setLineWidth(0.8)
    bottle_cap(canvas, cap_x, cap_y, 14.5)
    canvas.setFillColor(context.colour(INK))
    canvas.setFont(DISPLAY, 19)
    canvas.drawCentredString(cap_x, cap_y - 7, str(card.booze))
    canvas.restoreState()
    canvas.saveState()
    canvas.setFillColor(sign_ink(context, tint(neon, 0.3)))
    canvas.setFont(BODY_BOLD, 7)
    canvas.drawCentredString(cap_x, portrait.y + 6.5, "START BL")
    canvas.restoreState()
    # the trait: its name (with the icon it concerns, if any) and its words
    trait_top = portrait.y - 6
    icon_id = card.trait.icon
    name_x = left.x
    if icon_id is not None:
        (icon,) = icons_of(context.game, [icon_id], what)
        canvas.saveState()
        canvas.setFillColor(context.colour(NEON[icon.category]))
        canvas.setStrokeColor(context.colour(INK))
        canvas.setLineWidth(0.6)
        canvas.circle(left.x + 7.5, trait_top - 7, 7.5, stroke=1, fill=1)
        set_ink(canvas, context.colour(INK))
        glyph_for(icon)(canvas, left.x + 7.5, trait_top - 7, 10,
                        context.colour(NEON[icon.category]))  # fmt: skip
        canvas.restoreState()
        name_x = left.x + 19
    canvas.saveState()
    canvas.setFillColor(context.colour(INK))
    trait_name = card.trait.name.upper()
    size = fit_line(trait_name, BODY_BOLD, 10.5, left.right - name_x, what)
    canvas.setFont(BODY_BOLD, size)
    canvas.drawString(name_x, trait_top - 10.5, trait_name)
    canvas.restoreState()
    help_box = Rect(left.x, safe.y + 1.5, left.width, 29)
    trait_box = Rect(left.x, help_box.top + 5, left.width, trait_top - 19 - (help_box.top + 5))
    TextBox(card.trait.text, trait_box, font=BODY, size=11, colour=context.colour(INK),
            leading=1.18).draw(canvas, what)  # fmt: skip
    canvas.saveState()
    canvas.setStrokeColor(context.colour(SOFT_INK))
    canvas.setLineWidth(0.5)
    canvas.line(left.x, help_box.top + 2, left.right, help_box.top + 2)
    canvas.restoreState()
    TextBox(
        "<b>Booze Level:</b> lay a face-down Patron over the scale from the top. "
        "The highest number showing is your BL.",
        help_box, font=BODY, size=7.5, colour=context.colour(SOFT_INK), markup=True,
        leading=1.12,
    ).draw(canvas, what)  # fmt: skip
