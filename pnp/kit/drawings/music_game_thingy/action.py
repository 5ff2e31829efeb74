"""Action cards: the type pill and name in a coloured band, the numbers, the
rule text, then how long the card lasts and its hand limit."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from pnp.catalog.schemas.music_game_thingy import (
    ActionCard,
    Release,
    Venue,
)
from pnp.catalog.schemas.music_game_thingy_words import (
    PER_UNIT,
    dice_words,
    money,
)
from pnp.kit.drawings.colours import set_ink
from pnp.kit.drawings.context import FaceContext, card_name
from pnp.kit.drawings.music_game_thingy.styles import INK, LASTS, PAPER, STYLES, TypeStyle
from pnp.kit.drawings.music_game_thingy.symbols import clock, hand, single
from pnp.kit.drawings.music_game_thingy.typesetting import (
    band,
    band_height,
    dice,
    pill,
    stat_line,
    text_in,
)
from pnp.kit.drawings.shapes import star
from pnp.kit.drawings.typeset import (
    TextBox,
    centred_line,
    fit_line,
    title,
)
from pnp.kit.fonts import BODY, BODY_BOLD, DISPLAY, text_width
from pnp.kit.geometry import MM, Rect


def _action_stats(
    canvas: Canvas, card: ActionCard, context: FaceContext, safe: Rect, top: float, style: TypeStyle
) -> float:
    """The typed numbers of an Action card below ``top``; return where they end."""
    effect = card.effect
    what = card_name(card)
    cx = safe.centre[0]
    ink = style.on_paper
    big = 15.0
    if isinstance(effect, (Release, Venue)):
        count = effect.sales_dice if isinstance(effect, Release) else effect.dice
        size = 7 * MM if count <= 4 else 6 * MM
        dice(canvas, context, count, cx, top - size / 2, size, ink)
        y = top - size - 1.2 * MM
        y = stat_line(
            canvas,
            context,
            safe,
            y,
            [
                (f"{dice_words(count)}  ", BODY_BOLD, 10),
                ("\u00d7 ", BODY_BOLD, 10),
                (money(effect.income_per_unit), DISPLAY, big),
                (f" {PER_UNIT}", BODY_BOLD, 10),
            ],
            what,
            hex_ink=ink,
        )
        if isinstance(effect, Release):
            chart = "Singles" if effect.chart == "singles" else "Albums"
            y = stat_line(
                canvas,
                context,
                safe,
                y - 0.6 * MM,
                [
                    (f"Top of the {chart} chart: ", BODY, 8.5),
                    (f"+{effect.chart_fame} Fame", BODY_BOLD, 8.5),
                ],
                what,
                icon=star,
            )
            if effect.needs_single:
                y = stat_line(
                    canvas,
                    context,
                    safe,
                    y - 0.2 * MM,
                    [("Needs a Single or EP under the Artist", BODY_BOLD, 8)],
                    what,
                    icon=single,
                )
        elif effect.min_fame > 0:
            y = stat_line(
                canvas,
                context,
                safe,
                y - 0.6 * MM,
                [("Needs Fame ", BODY_BOLD, 9), (f"{effect.min_fame}+", DISPLAY, 11)],
                what,
                icon=star,
            )
        return y
    headline, caption = card.headline(context.deck.cards)
    symbol_size = 12 * MM
    set_ink(canvas, context.icon_on(PAPER, ink))
    style.symbol(
        canvas, safe.x + 4 * MM + symbol_size / 2, top - symbol_size / 2 - 0.5 * MM, symbol_size
    )
    text_left = safe.x + 8 * MM + symbol_size
    width = safe.right - text_left - 1 * MM
    text_cx = text_left + width / 2
    colour = context.ink_on(PAPER, ink)
    canvas.setFillColor(colour)
    used = centred_line(canvas, headline, text_cx, top - 6 * MM, DISPLAY, 17, width, what)
    del used
    TextBox(
        caption,
        Rect(text_left, top - 13.5 * MM, width, 6.5 * MM),
        font=BODY_BOLD,
        size=8.5,
        colour=context.ink_on(PAPER, INK),
        centred=True,
    ).draw(canvas, what)
    return top - max(symbol_size + 1 * MM, 13.5 * MM)


def _action_footer(
    canvas: Canvas, card: ActionCard, context: FaceContext, safe: Rect, style: TypeStyle
) -> float:
    """How long the card lasts, who may play it when, and its hand limit; return
    the top of the footer."""
    what = card_name(card)
    ink = context.ink_on(PAPER, INK)
    label, icon = LASTS[card.lasts]
    row = safe.y + 0.5 * MM
    height = 5.5 * MM
    canvas.setStrokeColor(context.colour(style.on_paper))
    canvas.setLineWidth(0.6)
    canvas.line(safe.x + 1 * MM, row + height + 1 * MM, safe.right - 1 * MM, row + height + 1 * MM)
    set_ink(canvas, ink)
    icon(canvas, safe.x + 3.2 * MM, row + height / 2, 3.8 * MM)
    set_ink(canvas, ink)
    size = fit_line(label.upper(), BODY_BOLD, 7.5, safe.width / 2, what)
    canvas.setFont(BODY_BOLD, size)
    canvas.drawString(safe.x + 6.2 * MM, row + height / 2 - 2.6, label.upper())
    if card.out_of_turn:
        text = "PLAY ANY TIME"
        width = text_width(text, BODY_BOLD, 7.5)
        right = safe.right - 1 * MM
        canvas.drawString(right - width, row + height / 2 - 2.6, text)
        clock(canvas, right - width - 2.6 * MM, row + height / 2, 3.6 * MM)
    top = row + height + 1 * MM
    limit = card.hand_limit.words() if card.hand_limit is not None else None
    if limit is not None:
        strip = Rect(safe.x + 1 * MM, top + 1.2 * MM, safe.width - 2 * MM, 6 * MM)
        canvas.setFillColor(context.fill_colour(style.colour))
        canvas.roundRect(strip.x, strip.y, strip.width, strip.height, 1.5 * MM, stroke=0, fill=1)
        on_strip = context.ink_on(style.colour, style.ink)
        set_ink(canvas, on_strip)
        hand(
            canvas, strip.x + 3.5 * MM, strip.centre[1], 3.8 * MM, context.fill_colour(style.colour)
        )
        set_ink(canvas, on_strip)
        room = strip.width - 8 * MM
        used = fit_line(limit, BODY_BOLD, 9, room, what)
        canvas.setFont(BODY_BOLD, used)
        canvas.drawString(strip.x + 7 * MM, strip.centre[1] - used * 0.34, limit)
        top = strip.top
    return top


def action_front(canvas: Canvas, card: ActionCard, context: FaceContext, box: Rect) -> None:
    """An Action card: type pill and name in a coloured band, the numbers, the
    rule text, then how long it lasts and its hand limit."""
    style = STYLES[card.effect.type]
    what = card_name(card)
    safe = box
    band_bottom = safe.top - band_height(card.name, safe.width - 2 * MM)
    band(canvas, context, style.colour, band_bottom)
    label = pill(
        canvas,
        context,
        safe.x + 1 * MM,
        safe.top - 7 * MM,
        style.label,
        style.symbol,
        style.on_paper,
        what,
    )
    name_box = Rect(
        safe.x + 1 * MM,
        band_bottom + 1.5 * MM,
        safe.width - 2 * MM,
        label.y - band_bottom - 2.5 * MM,
    )
    title(canvas, card.name, name_box, 20, what, context.ink_on(style.colour, style.ink))
    stats_bottom = _action_stats(canvas, card, context, safe, band_bottom - 2.5 * MM, style)
    footer_top = _action_footer(canvas, card, context, safe, style)
    text_box = Rect(
        safe.x + 1.5 * MM,
        footer_top + 1.5 * MM,
        safe.width - 3 * MM,
        stats_bottom - footer_top - 3.5 * MM,
    )
    text_in(canvas, card.text, text_box, what, context.ink_on(PAPER, INK), size=10.5, valign=0.4)
