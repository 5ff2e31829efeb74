"""Action cards (and the layout Bar cards share): category and timing, the
name, the icons lit on a neon sign, one glyph per occurrence, and the text.
SWOOSH cards carry hazard tape saying they belong to the older draft."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from pnp.catalog.schemas.joes_bar import (
    CATEGORY_LABEL,
    TIMING_LABEL,
    ActionCard,
    Icon,
    icons_of,
)
from pnp.kit.drawings.colours import tint
from pnp.kit.drawings.typeset import TextBox, fit_line
from pnp.kit.faces.base import FaceContext, card_name, face
from pnp.kit.faces.joes_bar.backs import neon_back
from pnp.kit.faces.joes_bar.glyphs import (
    draw_icon,
)
from pnp.kit.faces.joes_bar.labels import badge, footer, misprint_title
from pnp.kit.faces.joes_bar.neon import (
    glowing,
    grime,
    halo,
    neon_circle,
    neon_sign,
    scuffed_frame,
    seed_of,
    sign_ink,
    wood_grain,
)
from pnp.kit.faces.joes_bar.palette import (
    DRAFT_MARK,
    INK,
    NEON,
    PAPER,
    SOFT_INK,
    WHITE,
)
from pnp.kit.fonts import BODY, BODY_BOLD, text_width
from pnp.kit.geometry import MM, Rect


def _icon_row(canvas: Canvas, context: FaceContext, icons: Sequence[Icon], area: Rect,
              what: str) -> None:  # fmt: skip
    """The icons of a card on its sign: one glyph per occurrence, each named below."""
    count = len(icons)
    columns = min(count, 3)
    rows = math.ceil(count / columns)
    slot_w, slot_h = area.width / columns, area.height / rows
    label_size = 8.0 if columns < 3 else 7.5
    diameter = min(slot_w - 5, slot_h - label_size - 6, 25 * MM)
    for index, icon in enumerate(icons):
        row, column = divmod(index, columns)
        in_row = min(columns, count - row * columns)
        cx = area.x + area.width / 2 + (column - (in_row - 1) / 2) * slot_w
        top = area.top - row * slot_h
        cy = top - (slot_h - label_size - 3) / 2
        neon = NEON[icon.category]
        halo(canvas, context, cx, cy, diameter * 0.62, neon)
        radius = diameter / 2
        neon_circle(canvas, context, neon, 1.1, cx, cy, radius)
        draw_icon(canvas, context, icon, cx, cy, diameter * 0.64)
        label = icon.name.upper()
        used = fit_line(label, BODY_BOLD, label_size, slot_w - 2, f"{what}, icon {icon.id!r}")
        canvas.saveState()
        canvas.setFillColor(sign_ink(context, tint(neon, 0.3)))
        canvas.setFont(BODY_BOLD, used)
        canvas.drawCentredString(cx, cy - radius - used - 1.5, label)
        canvas.restoreState()


def _draft_band(canvas: Canvas, context: FaceContext, rect: Rect) -> None:
    """Hazard tape with "OLDER DRAFT ONLY" on it."""
    canvas.saveState()
    clip = canvas.beginPath()
    clip.rect(rect.x, rect.y, rect.width, rect.height)
    canvas.clipPath(clip, stroke=0, fill=0)
    canvas.setFillColor(context.fill_colour("#ffd23a"))
    canvas.rect(rect.x, rect.y, rect.width, rect.height, stroke=0, fill=1)
    canvas.setFillColor(context.fill_colour(INK) if glowing(context) else Color(0.6, 0.6, 0.6))
    step = 9.0
    x = rect.x - rect.height
    while x < rect.right:
        p = canvas.beginPath()
        p.moveTo(x, rect.y)
        p.lineTo(x + step / 2, rect.y)
        p.lineTo(x + step / 2 + rect.height, rect.top)
        p.lineTo(x + rect.height, rect.top)
        p.close()
        canvas.drawPath(p, stroke=0, fill=1)
        x += step
    canvas.restoreState()
    label_w = text_width(DRAFT_MARK, BODY_BOLD, 8.5) + 4 * MM
    cx, cy = rect.centre
    canvas.saveState()
    canvas.setFillColor(context.colour(WHITE))
    canvas.setStrokeColor(context.colour(INK))
    canvas.setLineWidth(0.8)
    canvas.rect(cx - label_w / 2, rect.y + 1.2, label_w, rect.height - 2.4, stroke=1, fill=1)
    canvas.setFillColor(context.colour(INK))
    canvas.setFont(BODY_BOLD, 8.5)
    canvas.drawCentredString(cx, cy - 3, DRAFT_MARK)
    canvas.restoreState()


def _is_draft(card: ActionCard, context: FaceContext) -> bool:
    return card.is_draft_only or context.deck.spec.only_under is not None


@dataclass(frozen=True)
class CardLayout:
    """The parts of an Action or Bar card front."""

    badge: str
    label: str
    corner: str
    neon: str
    paper: str
    footer: str
    draft: bool


def card_front(canvas: Canvas, context: FaceContext, name: str, icon_ids: Sequence[str], text: str,
           layout: CardLayout, what: str, seed: int) -> None:  # fmt: skip
    context.background(canvas, layout.paper)
    if layout.badge == "bar":
        wood_grain(canvas, context, seed)
    grime(canvas, context, seed)
    scuffed_frame(canvas, context, INK)
    safe = context.safe
    icons = icons_of(context.game, icon_ids, what)
    # top row: category (shape and word), when to play
    row_y = safe.top - 12
    right = badge(canvas, context, layout.badge, layout.label, safe.x + 1.2 * MM, row_y)
    canvas.saveState()
    canvas.setFillColor(context.colour(SOFT_INK))
    corner_room = safe.right - 1.2 * MM - right - 2 * MM
    used = fit_line(layout.corner, BODY_BOLD, 8, corner_room, what)
    canvas.setFont(BODY_BOLD, used)
    canvas.drawRightString(safe.right - 1.2 * MM, row_y, layout.corner)
    canvas.restoreState()
    # name
    misprint_title(canvas, context, name, context.width / 2, safe.top - 34, safe.width - 3 * MM,
           layout.neon, what)  # fmt: skip
    top = safe.top - 41
    if layout.draft:
        band = Rect(safe.x, top - 14, safe.width, 14)
        _draft_band(canvas, context, band)
        top = band.y - 3
    # the sign with the icons
    sign = Rect(safe.x, 33 * MM, safe.width, top - 33 * MM)
    neon_sign(canvas, context, sign, layout.neon, seed)
    _icon_row(canvas, context, icons, sign.inset(2.2 * MM, 2.4 * MM), what)
    # the text
    box = Rect(safe.x + 1.5 * MM, safe.y + 4.6 * MM, safe.width - 3 * MM,
               sign.y - 3 * MM - (safe.y + 4.6 * MM))  # fmt: skip
    TextBox(text, box, font=BODY, size=10.5, colour=context.colour(INK), centred=True,
            leading=1.2).draw(canvas, what)  # fmt: skip
    footer(canvas, context, layout.footer)


def _action_back(canvas: Canvas, card: object, context: FaceContext) -> None:
    """The Action back. Swoosh cards share it unmarked: they are shuffled into the
    Action deck under the older draft, so their backs must not give them away."""
    neon_back(canvas, context)


@face("jb-action", back=_action_back)
def action_front(canvas: Canvas, card: ActionCard, context: FaceContext) -> None:
    """An Action card: category, timing, name, the icons on a neon sign, the text."""
    draft = _is_draft(card, context)
    layout = CardLayout(
        badge=card.category,
        label=CATEGORY_LABEL[card.category],
        corner=TIMING_LABEL[card.timing],
        neon=NEON[card.category],
        paper=PAPER,
        footer=f"JOE'S BAR  ·  {DRAFT_MARK}" if draft else "JOE'S BAR",
        draft=draft,
    )
    card_front(canvas, context, card.name, card.icons, card.text, layout, card_name(card),
           seed_of(card.id))  # fmt: skip
