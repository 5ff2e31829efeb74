"""Bar cards: a piece of furniture to fling, drawn with the Action layout on
warmer, wood-grained paper."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from pnp.catalog.schemas.joes_bar import (
    BarCard,
)
from pnp.kit.faces.base import FaceContext, card_name, face
from pnp.kit.faces.joes_bar.action import CardLayout, card_front
from pnp.kit.faces.joes_bar.backs import neon_back
from pnp.kit.faces.joes_bar.neon import seed_of
from pnp.kit.faces.joes_bar.palette import (
    NEON,
    WOOD_PAPER,
)


def _bar_back(canvas: Canvas, card: object, context: FaceContext) -> None:
    neon_back(canvas, context)


@face("jb-bar", back=_bar_back)
def bar_front(canvas: Canvas, card: BarCard, context: FaceContext) -> None:
    """A Bar card: a piece of furniture, its icons on the sign, the text."""
    layout = CardLayout(
        badge="bar",
        label="BAR CARD",
        corner="Fling it, then it's smashed",
        neon=NEON["bar"],
        paper=WOOD_PAPER,
        footer="JOE'S BAR  ·  FURNITURE",
        draft=False,
    )
    card_front(canvas, context, card.name, card.icons, card.text, layout, card_name(card),
           seed_of(card.id))  # fmt: skip
