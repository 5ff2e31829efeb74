"""The Year card's track: a box per year for the counter, the last year gold."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from pnp.catalog.schemas.music_game_thingy import (
    YearCard,
)
from pnp.kit.drawings.context import FaceContext
from pnp.kit.drawings.music_game_thingy.styles import GOLD
from pnp.kit.drawings.music_game_thingy.typesetting import boxes
from pnp.kit.geometry import Rect

#: Years in a row when there are more than six.
COLUMNS = 5
#: The years' numbers, in points.
NUMBER_SIZE = 15


def year_track(canvas: Canvas, card: YearCard, context: FaceContext, box: Rect) -> None:
    """A box per year in ``box``, rows of five when there are more than six; the last
    year gold and marked LAST."""
    values = list(range(card.track.min, card.track.max + 1))
    columns = COLUMNS if len(values) > 6 else len(values)
    last = min(values)
    boxes(
        canvas,
        context,
        values,
        box,
        columns,
        context.deck.spec.back.colour,
        shade=lambda v: GOLD if v == last else None,
        number_size=NUMBER_SIZE,
        notes={last: "LAST"},
    )
