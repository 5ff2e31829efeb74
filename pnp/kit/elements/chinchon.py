"""Chinchón's named elements: what its playing cards show that follows the face style
(``--style``: French or Spanish suits, the ranks' indices and names, from the game's
``styles`` table) and ``--four-colour`` (the suits' inks), which a layout's data cannot
say. Each draws in the box its layout gives, in the card's suit ink; the suits' symbols
are the layout's icons ``<style>-<suit>`` (``french-hearts: {symbol: heart}``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from pnp.catalog.schemas.chinchon import PlayingCard, Rank, Style
from pnp.kit.drawings.typeset import fit_line
from pnp.kit.elements.common import pips
from pnp.kit.faces.base import FaceError
from pnp.kit.geometry import MM, Rect
from pnp.kit.layout_faces.icons import draw_icon
from pnp.kit.layout_faces.look import style_look
from pnp.kit.layout_faces.registry import element
from pnp.kit.layout_faces.scope import Scope


def card_style(scope: Scope) -> Style:
    """The face style the options name, from the game's ``styles`` table."""
    styles = scope.context.game.table("styles").entries
    for entry in styles:
        if isinstance(entry, Style) and entry.id == scope.context.options.style:
            return entry
    known = ", ".join(entry.id for entry in styles)
    raise FaceError(f"unknown Chinchón style {scope.context.options.style!r} (known: {known})")


def _card(scope: Scope) -> PlayingCard:
    if not isinstance(scope.card, PlayingCard):
        raise FaceError(f"{scope.what}: Chinchón's elements draw playing cards (a rank, a suit)")
    return scope.card


def suit_ink(scope: Scope, style: Style) -> str:
    """The card's suit ink in the style (its own ink per suit with ``--four-colour``)."""
    look = style.suits[_card(scope).suit]
    return look.four_colour if scope.context.options.four_colour else look.colour


def suit_icon(scope: Scope, style: Style) -> str:
    """The layout's icon of the card's suit in the style."""
    return f"{style.id}-{_card(scope).suit}"


def _word(scope: Scope, style: Style, word: Any) -> str:
    card = _card(scope)
    if word == "index":
        return style.ranks[card.rank].index
    if word == "name":
        return style.ranks[card.rank].name
    if word == "caption":
        return style.name_of(card.rank, card.suit)
    raise FaceError(f"{scope.what}: chinchon-word says index, name or caption, got {word!r}")


@element("chinchon-word")
def word(canvas: Canvas, box: Rect, arguments: Mapping[str, Any], scope: Scope) -> None:
    """The card's ``word`` in the face style: ``index`` (the rank's, 'A', '12'), ``name``
    (the rank's, 'Caballo') or ``caption`` (the card's, 'As de oros'); on one line in the
    layout's style ``style`` (``long``: the style of a word of two characters or more),
    standing on the bottom of the box (its baseline there, as a line stands on its
    rule), shrunk to fit the box's width; in the style's colour, else the suit's ink."""
    style = card_style(scope)
    text = _word(scope, style, arguments.get("word"))
    name = arguments.get("long" if len(text) > 1 and "long" in arguments else "style")
    look = style_look(scope.layouts, str(name))
    if look is None:
        raise FaceError(f"{scope.what}: chinchon-word names no style of the layout: {name!r}")
    if look.capitals:
        text = text.upper()
    size = fit_line(text, look.font, look.size, box.width, scope.what, look.min_size)
    canvas.setFillColor(scope.ink(look.colour or suit_ink(scope, style)))
    canvas.setFont(look.font, size)
    if look.align == "left":
        canvas.drawString(box.x, box.y, text)
    elif look.align == "right":
        canvas.drawRightString(box.right, box.y, text)
    else:
        canvas.drawCentredString(box.x + box.width / 2, box.y, text)


@element("chinchon-suit")
def suit(canvas: Canvas, box: Rect, arguments: Mapping[str, Any], scope: Scope) -> None:
    """The suit's symbol in the face style, in the suit's ink, centred in the box and as
    large as it allows (``<style>_size``: that size in millimetres for that style, as
    the slender Spanish suits are drawn larger to stay bold)."""
    style = card_style(scope)
    size = arguments.get(f"{style.id}_size")
    across = float(size) * MM if isinstance(size, (int, float)) else min(box.width, box.height)
    x, y = box.centre
    draw_icon(scope, suit_icon(scope, style), x, y, across, suit_ink(scope, style))


@element("chinchon-pips")
def suit_pips(canvas: Canvas, box: Rect, arguments: Mapping[str, Any], scope: Scope) -> None:
    """The pips of a card from A to 9 (its rank's order in the ``ranks`` table), laid out
    as the common ``pips`` element lays them out, in the suit's symbol and ink; those below
    the middle upside down in the styles ``turned`` names (comma-separated), upright in
    the others."""
    style = card_style(scope)
    rank = scope.context.game.table("ranks").entry(_card(scope).rank)
    assert isinstance(rank, Rank)
    turned = {part.strip() for part in str(arguments.get("turned", "")).split(",")}
    given = {"count": rank.order, "symbol": suit_icon(scope, style),
             "colour": suit_ink(scope, style), "upright": style.id not in turned}  # fmt: skip
    pips(canvas, box, given, scope)


@element("chinchon-frame")
def suit_frame(canvas: Canvas, box: Rect, arguments: Mapping[str, Any], scope: Scope) -> None:
    """The box's outline in the suit's ink, ``width`` points wide, its corners rounded by
    ``radius`` millimetres (a court card's panel)."""
    width, radius = arguments.get("width", 1.0), arguments.get("radius", 0)
    if not isinstance(width, (int, float)) or not isinstance(radius, (int, float)):
        raise FaceError(f"{scope.what}: chinchon-frame needs a width and a radius, as numbers")
    canvas.setStrokeColor(scope.line(suit_ink(scope, card_style(scope))))
    canvas.setLineWidth(width)
    canvas.roundRect(box.x, box.y, box.width, box.height, radius * MM, stroke=1, fill=0)
