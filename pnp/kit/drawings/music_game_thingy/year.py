"""The Year card: how to use it, and a box per year for the counter."""

from __future__ import annotations

import math

from reportlab.pdfgen.canvas import Canvas

from pnp.catalog.schemas.music_game_thingy import (
    YearCard,
)
from pnp.kit.drawings.common import deck_back
from pnp.kit.drawings.shapes import star
from pnp.kit.drawings.typeset import (
    TextBox,
    title,
)
from pnp.kit.faces.base import FaceContext, card_name, face
from pnp.kit.faces.music_game_thingy.styles import GOLD, INK, PAPER
from pnp.kit.faces.music_game_thingy.typesetting import (
    band,
    boxes,
)
from pnp.kit.fonts import BODY, BODY_BOLD
from pnp.kit.geometry import MM, Rect


@face("mgt-year", back=deck_back)
def year_front(canvas: Canvas, card: YearCard, context: FaceContext) -> None:
    """The Year card: name, how to use it, and a box per year for the counter."""
    design = context.deck.spec.back
    what = card_name(card)
    safe = context.safe
    context.background(canvas, PAPER)
    band_bottom = safe.top - 20 * MM
    band(canvas, context, design.colour, band_bottom)
    on_band = context.ink_on(design.colour, design.ink)
    canvas.setFillColor(on_band)
    canvas.setFont(BODY_BOLD, 8)
    canvas.drawCentredString(safe.centre[0], safe.top - 4 * MM, "THE YEAR CARD")
    title(
        canvas,
        card.name,
        Rect(safe.x + 2 * MM, band_bottom + 2 * MM, safe.width - 4 * MM, 12 * MM),
        24,
        what,
        on_band,
    )
    values = list(range(card.track.min, card.track.max + 1))
    columns = 5 if len(values) > 6 else len(values)
    rows = math.ceil(len(values) / columns)
    track = Rect(safe.x + 1 * MM, safe.y + 1 * MM, safe.width - 2 * MM, rows * 11.5 * MM)
    ink = context.ink_on(PAPER, design.colour)
    last = min(values)
    boxes(
        canvas,
        context,
        values,
        track,
        columns,
        design.colour,
        shade=lambda v: GOLD if v == last else None,
        number_size=15,
        notes={last: "LAST"},
    )
    canvas.setFillColor(ink)
    canvas.setFont(BODY_BOLD, 7.5)
    canvas.drawCentredString(safe.centre[0], track.top + 2 * MM, "YEARS LEFT TO PLAY")
    text = Rect(
        safe.x + 2 * MM,
        track.top + 6.5 * MM,
        safe.width - 4 * MM,
        band_bottom - track.top - 9.5 * MM,
    )
    canvas.setFillColor(context.fill_colour(GOLD))
    star(canvas, safe.centre[0], band_bottom - 7 * MM, 9 * MM)
    text = Rect(text.x, text.y, text.width, text.height - 12 * MM)
    TextBox(
        card.text, text, font=BODY, size=10.5, colour=context.ink_on(PAPER, INK), centred=True
    ).draw(canvas, what)
