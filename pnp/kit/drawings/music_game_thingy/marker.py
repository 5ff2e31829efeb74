"""Play-order markers' pieces: the rank on the label of a record. The layout places
the band, the name, the reminder and the back's panel."""

from __future__ import annotations

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import Canvas

from pnp.kit.drawings.colours import mix
from pnp.kit.drawings.context import FaceContext
from pnp.kit.drawings.music_game_thingy.styles import GOLD, INK
from pnp.kit.drawings.typeset import DISPLAY_CAP
from pnp.kit.fonts import DISPLAY

#: The record's vinyl.
VINYL = "#161616"
#: Grooves from the rim (less this share of the radius) in to this share, this share apart.
GROOVES = (1 / 11, 6.5 / 11, 1.1 / 11)
#: The paper label's radius as a share of the record's.
LABEL = 5.8 / 11
#: The rank's size in points.
RANK_SIZE = 24


def record_label(canvas: Canvas, context: FaceContext, cx: float, cy: float, radius: float,
                 rank: str) -> None:  # fmt: skip
    """A record of ``radius`` centred on (cx, cy), its grooves, and ``rank`` on its gold label."""
    ink_saver = context.options.ink_saver
    disc = context.fill_colour(VINYL) if ink_saver else HexColor(VINYL)
    canvas.setFillColor(disc)
    canvas.circle(cx, cy, radius, stroke=0, fill=1)
    canvas.setStrokeColor(
        mix(disc, Color(1, 1, 1), 0.22) if not ink_saver else Color(0.6, 0.6, 0.6)
    )
    canvas.setLineWidth(0.4)
    rim, inner, step = (share * radius for share in GROOVES)
    r = radius - rim
    while r > inner:
        canvas.circle(cx, cy, r, stroke=1, fill=0)
        r -= step
    canvas.setFillColor(context.colour(GOLD) if not ink_saver else Color(1, 1, 1))
    canvas.setStrokeColor(context.colour(INK))
    canvas.circle(cx, cy, radius * LABEL, stroke=1 if ink_saver else 0, fill=1)
    canvas.setFillColor(context.colour(INK))
    canvas.setFont(DISPLAY, RANK_SIZE)
    canvas.drawCentredString(cx, cy - RANK_SIZE * DISPLAY_CAP / 2, rank)
