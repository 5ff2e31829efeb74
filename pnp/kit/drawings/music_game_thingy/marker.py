"""Play-order markers: the rank on a record label, the name and a reminder;
their own back, sized for the small marker."""

from __future__ import annotations

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import Canvas

from pnp.catalog.schemas.music_game_thingy import (
    OrderMarker,
)
from pnp.kit.drawings.colours import mix
from pnp.kit.drawings.common import motif_pattern
from pnp.kit.drawings.context import FaceContext, card_name
from pnp.kit.drawings.music_game_thingy.styles import GOLD, INK, PAPER
from pnp.kit.drawings.music_game_thingy.typesetting import (
    band,
    text_in,
)
from pnp.kit.drawings.typeset import (
    DISPLAY_CAP,
    centred_line,
    title,
)
from pnp.kit.fonts import BODY_BOLD, DISPLAY
from pnp.kit.geometry import MM, Rect


def marker_back(canvas: Canvas, card: OrderMarker, context: FaceContext, box: Rect) -> None:
    """The markers' back: the deck's pattern and its title on a panel sized for
    the small marker (the standard back's panel is too short for it)."""
    design = context.deck.spec.back
    what = f"back of deck {context.deck.id!r}"
    safe = box
    context.background(canvas, design.colour)
    panel = Rect(safe.x + 1 * MM, safe.centre[1] - 12 * MM, safe.width - 2 * MM, 24 * MM)
    motif_pattern(canvas, context, design, step=7 * MM, keep_clear=panel.inset(-2 * MM))
    canvas.setFillColor(context.fill_colour(design.colour))
    canvas.setStrokeColor(context.colour(design.ink))
    canvas.setLineWidth(1.4)
    canvas.roundRect(panel.x, panel.y, panel.width, panel.height, 3 * MM, stroke=1, fill=1)
    ink = context.ink_on(design.colour, design.ink)
    title_box = Rect(
        panel.x + 1.5 * MM, panel.y + 6 * MM, panel.width - 3 * MM, panel.height - 7.5 * MM
    )
    title(canvas, design.title, title_box, 17, what, ink, 15)
    canvas.setFillColor(ink)
    centred_line(
        canvas,
        context.game.title,
        panel.centre[0],
        panel.y + 2.6 * MM,
        BODY_BOLD,
        7,
        panel.width - 3 * MM,
        what,
    )


def marker_front(canvas: Canvas, card: OrderMarker, context: FaceContext, box: Rect) -> None:
    """A play-order marker: the rank on the label of a record, the name, a reminder."""
    design = context.deck.spec.back
    what = card_name(card)
    safe = box
    context.background(canvas, PAPER)
    band_bottom = safe.top - 29 * MM
    band(canvas, context, design.colour, band_bottom)
    on_band = context.ink_on(design.colour, design.ink)
    canvas.setFillColor(on_band)
    canvas.setFont(BODY_BOLD, 7)
    canvas.drawCentredString(safe.centre[0], safe.top - 3 * MM, design.title.upper())
    cx, cy = safe.centre[0], band_bottom + 12.5 * MM
    radius = 11 * MM
    disc = context.fill_colour("#161616") if context.options.ink_saver else HexColor("#161616")
    canvas.setFillColor(disc)
    canvas.circle(cx, cy, radius, stroke=0, fill=1)
    canvas.setStrokeColor(
        mix(disc, Color(1, 1, 1), 0.22) if not context.options.ink_saver else Color(0.6, 0.6, 0.6)
    )
    canvas.setLineWidth(0.4)
    r = radius - 1 * MM
    while r > 6.5 * MM:
        canvas.circle(cx, cy, r, stroke=1, fill=0)
        r -= 1.1 * MM
    canvas.setFillColor(context.colour(GOLD) if not context.options.ink_saver else Color(1, 1, 1))
    canvas.setStrokeColor(context.colour(INK))
    canvas.circle(cx, cy, 5.8 * MM, stroke=1 if context.options.ink_saver else 0, fill=1)
    canvas.setFillColor(context.colour(INK))
    canvas.setFont(DISPLAY, 24)
    canvas.drawCentredString(cx, cy - 24 * DISPLAY_CAP / 2, str(card.rank))
    ink = context.ink_on(PAPER, INK)
    name = Rect(safe.x + 0.5 * MM, band_bottom - 9 * MM, safe.width - 1 * MM, 7.5 * MM)
    title(canvas, card.name, name, 15, what, context.ink_on(PAPER, design.colour), 11)
    text = Rect(
        safe.x + 0.5 * MM, safe.y + 0.5 * MM, safe.width - 1 * MM, name.y - safe.y - 1.5 * MM
    )
    text_in(canvas, card.text, text, what, ink, size=10.5, valign=0.3)
