"""Chinchón: suited cards in the French or the Spanish style, with pips for
A to 9, framed court cards (J, Q, K / sota, caballo, rey) and the jokers."""

from __future__ import annotations

from collections.abc import Callable

from reportlab.pdfgen.canvas import Canvas

from pnp.catalog.schemas.chinchon import Joker, PlayingCard, Rank, Style
from pnp.kit.drawings.common import deck_back, frame
from pnp.kit.drawings.pips import PIPS
from pnp.kit.drawings.shapes import SUIT_SHAPES, star
from pnp.kit.drawings.typeset import centred_line
from pnp.kit.faces.base import FaceContext, card_name, face
from pnp.kit.fonts import BODY_BOLD, BODY_ITALIC, DISPLAY
from pnp.kit.geometry import MM, Rect

PAPER = "#fffdf7"
EDGE = "#8c1c24"


def _style(context: FaceContext) -> Style:
    for entry in context.game.table("styles").entries:
        if isinstance(entry, Style) and entry.id == context.options.style:
            return entry
    known = ", ".join(entry.id for entry in context.game.table("styles").entries)
    raise ValueError(f"unknown Chinchón style {context.options.style!r} (known: {known})")


def _rank(context: FaceContext, rank_id: str) -> Rank:
    entry = context.game.table("ranks").entry(rank_id)
    assert isinstance(entry, Rank)
    return entry


def _suit_ink(context: FaceContext, style: Style, suit: str) -> str:
    look = style.suits[suit]
    return look.four_colour if context.options.four_colour else look.colour


def _pip(canvas: Canvas, shape: Callable[[Canvas, float, float, float], None], x: float,
         y: float, size: float, upside_down: bool) -> None:  # fmt: skip
    if upside_down:
        canvas.saveState()
        canvas.translate(x, y)
        canvas.rotate(180)
        shape(canvas, 0, 0, size)
        canvas.restoreState()
    else:
        shape(canvas, x, y, size)


def _corner(canvas: Canvas, context: FaceContext, index: str, shape: Callable[..., None],
            what: str, pip: float = 4.2 * MM) -> None:  # fmt: skip
    """Rank index and a small pip in the top-left corner, and again turned in the bottom-right."""
    for turned in (False, True):
        canvas.saveState()
        if turned:
            canvas.translate(context.width, context.height)
            canvas.rotate(180)
        x = context.safe.x + 3.2 * MM
        top = context.safe.top
        size = 15 if len(index) == 1 else 12.5
        centred_line(canvas, index, x, top - 5 * MM, DISPLAY, size, 7 * MM, what)
        shape(canvas, x, top - 9.7 * MM, pip)
        canvas.restoreState()


@face("chinchon-card", back=deck_back)
def playing_card_front(canvas: Canvas, card: PlayingCard, context: FaceContext) -> None:
    style = _style(context)
    rank = _rank(context, card.rank)
    look = style.ranks[card.rank]
    shape = SUIT_SHAPES[context.options.style if context.options.style in SUIT_SHAPES
                        else "french"][card.suit]  # fmt: skip
    ink = context.colour(_suit_ink(context, style, card.suit))
    what = card_name(card)
    context.background(canvas, PAPER)
    frame(canvas, context, "#b9a77a", width=0.8)
    canvas.setFillColor(ink)
    canvas.setStrokeColor(ink)
    # the Spanish suits are slender shapes: a larger corner pip keeps them bold
    pip = 5.2 * MM if context.options.style == "spanish" else 4.2 * MM
    _corner(canvas, context, look.index, shape, what, pip)
    area = Rect(context.safe.x + 8.5 * MM, context.safe.y + 7 * MM,
                context.safe.width - 17 * MM, context.safe.height - 14 * MM)  # fmt: skip
    if rank.order <= 9:
        count = rank.order
        pip = 15 * MM if count == 1 else (9 * MM if count <= 6 else 8 * MM)
        inner = area.inset(pip * 0.25, pip * 0.55)
        for px, py in PIPS[count]:
            x = inner.x + px * inner.width
            y = inner.y + py * inner.height
            turned = py < 0.5 and context.options.style == "french"
            _pip(canvas, shape, x, y, pip, upside_down=turned)
    else:
        _court(canvas, context, area, look.index, look.name, shape, what)
    canvas.setFillColor(context.colour("#5a5a5a"))
    canvas.setFont(BODY_ITALIC, 7.5)
    canvas.drawCentredString(context.width / 2, context.safe.y + 1.2 * MM,
                             style.name_of(card.rank, card.suit))  # fmt: skip


def _court(canvas: Canvas, context: FaceContext, area: Rect, index: str, name: str,
           shape: Callable[..., None], what: str) -> None:  # fmt: skip
    """A court card: a framed panel with the rank large, its name and the suit."""
    canvas.saveState()
    canvas.setLineWidth(1.2)
    canvas.roundRect(area.x, area.y, area.width, area.height, 2.5 * MM, stroke=1, fill=0)
    inner = area.inset(1.5 * MM)
    canvas.setLineWidth(0.5)
    canvas.roundRect(inner.x, inner.y, inner.width, inner.height, 2 * MM, stroke=1, fill=0)
    cx = area.x + area.width / 2
    centred_line(canvas, index, cx, area.top - 20 * MM, DISPLAY, 40, area.width - 6 * MM, what)
    shape(canvas, cx, area.y + area.height * 0.4, 16 * MM)
    canvas.restoreState()
    centred_line(canvas, name.upper(), cx, area.y + 5 * MM, BODY_BOLD, 11,
                 area.width - 6 * MM, what)  # fmt: skip


def _joker_corner(canvas: Canvas, context: FaceContext) -> None:
    """The joker's index, as on the other cards' corners so it shows in a fanned
    hand: JOKER read downwards and a star, top left and again turned bottom right."""
    for turned in (False, True):
        canvas.saveState()
        if turned:
            canvas.translate(context.width, context.height)
            canvas.rotate(180)
        x = context.safe.x + 3.2 * MM
        y = context.safe.top - 3.6 * MM
        canvas.setFont(DISPLAY, 9)
        for letter in "JOKER":
            canvas.drawCentredString(x, y, letter)
            y -= 3.3 * MM
        star(canvas, x, y + 0.6 * MM, 4 * MM)
        canvas.restoreState()


@face("chinchon-joker", back=deck_back)
def joker_front(canvas: Canvas, card: Joker, context: FaceContext) -> None:
    what = card_name(card)
    context.background(canvas, PAPER)
    frame(canvas, context, EDGE, width=0.8)
    canvas.setFillColor(context.colour(card.colour))
    _joker_corner(canvas, context)
    cx = context.width / 2
    star(canvas, cx, context.height * 0.52, 30 * MM)
    for turned in (False, True):
        canvas.saveState()
        if turned:
            canvas.translate(context.width, context.height)
            canvas.rotate(180)
        centred_line(canvas, card.name.upper(), cx, context.safe.top - 9 * MM, DISPLAY, 22,
                     context.safe.width - 6 * MM, what)  # fmt: skip
        canvas.restoreState()
    canvas.setFont(BODY_BOLD, 8)
    canvas.drawCentredString(cx, context.height * 0.52 - 22 * MM, "WILD")
