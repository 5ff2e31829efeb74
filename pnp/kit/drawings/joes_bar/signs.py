"""What Action and Bar cards show on and around their neon sign: the icons lit on it,
one glyph per occurrence, each named below; and the hazard tape that marks the cards
of the older draft."""

from __future__ import annotations

import math
from collections.abc import Sequence

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from pnp.catalog.schemas.joes_bar import Icon
from pnp.kit.drawings.colours import tint
from pnp.kit.drawings.joes_bar.glyphs import draw_icon
from pnp.kit.drawings.joes_bar.look import Look
from pnp.kit.drawings.joes_bar.neon import halo, neon_circle
from pnp.kit.drawings.typeset import fit_line
from pnp.kit.fonts import BODY_BOLD
from pnp.kit.geometry import Rect

#: At most this many icons a row.
ICONS_A_ROW = 3
#: The size of an icon's name under its glyph, in points: in rows of fewer icons, of three.
LABEL_SIZE = 8.0
LABEL_SIZE_FULL_ROW = 7.5
#: The ring of an icon: its tube's width (points), the glyph's size and the halo's radius
#: as shares of the ring's diameter.
RING_WIDTH = 1.1
GLYPH_SHARE = 0.64
HALO_SHARE = 0.62
#: The stripes of the hazard tape, one black and one yellow, in points.
STRIPE_STEP = 9.0
#: The grey of the tape's stripes in ink-saver mode.
PALE_STRIPE = Color(0.6, 0.6, 0.6)


def icon_signs(canvas: Canvas, look: Look, icons: Sequence[Icon], area: Rect, largest: float,
               what: str) -> None:  # fmt: skip
    """The icons of a card on its sign, in ``area``: one glyph per occurrence in a ring
    of neon at most ``largest`` across, in rows of three at most, each named below."""
    count = len(icons)
    if not count:
        return
    columns = min(count, ICONS_A_ROW)
    rows = math.ceil(count / columns)
    slot_w, slot_h = area.width / columns, area.height / rows
    label_size = LABEL_SIZE if columns < ICONS_A_ROW else LABEL_SIZE_FULL_ROW
    diameter = min(slot_w - 5, slot_h - label_size - 6, largest)
    for index, icon in enumerate(icons):
        row, column = divmod(index, columns)
        in_row = min(columns, count - row * columns)
        cx = area.x + area.width / 2 + (column - (in_row - 1) / 2) * slot_w
        top = area.top - row * slot_h
        cy = top - (slot_h - label_size - 3) / 2
        neon = look.colours.neon(icon.category)
        halo(canvas, look, cx, cy, diameter * HALO_SHARE, neon)
        radius = diameter / 2
        neon_circle(canvas, look, neon, RING_WIDTH, cx, cy, radius)
        draw_icon(canvas, look, icon, cx, cy, diameter * GLYPH_SHARE)
        label = icon.name.upper()
        used = fit_line(label, BODY_BOLD, label_size, slot_w - 2, f"{what}, icon {icon.id!r}")
        canvas.saveState()
        canvas.setFillColor(look.sign_ink(tint(neon, 0.3)))
        canvas.setFont(BODY_BOLD, used)
        canvas.drawCentredString(cx, cy - radius - used - 1.5, label)
        canvas.restoreState()


def hazard_tape(canvas: Canvas, look: Look, rect: Rect) -> None:
    """Hazard tape across ``rect``: slanting stripes of ink on the hazard yellow (grey
    on a pale ground in ink-saver mode)."""
    context = look.context
    canvas.saveState()
    clip = canvas.beginPath()
    clip.rect(rect.x, rect.y, rect.width, rect.height)
    canvas.clipPath(clip, stroke=0, fill=0)
    canvas.setFillColor(context.fill_colour(look.colours.hazard))
    canvas.rect(rect.x, rect.y, rect.width, rect.height, stroke=0, fill=1)
    canvas.setFillColor(context.fill_colour(look.colours.ink) if look.glowing else PALE_STRIPE)
    x = rect.x - rect.height
    while x < rect.right:
        p = canvas.beginPath()
        p.moveTo(x, rect.y)
        p.lineTo(x + STRIPE_STEP / 2, rect.y)
        p.lineTo(x + STRIPE_STEP / 2 + rect.height, rect.top)
        p.lineTo(x + rect.height, rect.top)
        p.close()
        canvas.drawPath(p, stroke=0, fill=1)
        x += STRIPE_STEP
    canvas.restoreState()
