"""The first sheet of every kit, written for a person holding the printed
copy: what to set in the print dialog, rulers to confirm 100 % scale, a
duplex target with signed millimetre scales, what to print for which game,
and (on the back, or a second page) the credits and provenance."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

from reportlab.lib.colors import Color, black
from reportlab.pdfgen.canvas import Canvas

from pnp.catalog.model import Game
from pnp.kit.drawings.typeset import TextBox
from pnp.kit.faces.base import TextOverflowError
from pnp.kit.fonts import BODY, BODY_BOLD, DISPLAY, FONT_CREDITS
from pnp.kit.geometry import MM, Rect
from pnp.kit.layout import PAPER_NAMES, Duplex, Layout
from pnp.kit.options import KitOptions, back_offset
from pnp.publish import load

if TYPE_CHECKING:
    from pnp.kit.sheets import DocumentPlan

INCH = 72.0
#: Height of the duplex target's centre above the printable area's bottom.
TARGET_LIFT = 42 * MM
#: Half the length of the target's signed scales.
SCALE_MM = 10
GREY = Color(0.3, 0.3, 0.3)
MINUS = "\u2212"


def _ruler_mm(canvas: Canvas, x: float, y: float) -> None:
    canvas.setLineWidth(0.6)
    canvas.line(x, y, x + 100 * MM, y)
    for tick in range(101):
        length = 5 * MM if tick % 10 == 0 else (3 * MM if tick % 5 == 0 else 1.8 * MM)
        canvas.line(x + tick * MM, y, x + tick * MM, y + length)
        if tick % 10 == 0:
            canvas.setFont(BODY, 7)
            canvas.drawCentredString(x + tick * MM, y + 6 * MM, str(tick // 10))
    canvas.setFont(BODY, 8)
    canvas.drawString(x + 101.5 * MM, y + 1, "cm (100 mm)")


def _ruler_inch(canvas: Canvas, x: float, y: float) -> None:
    canvas.setLineWidth(0.6)
    canvas.line(x, y, x + 4 * INCH, y)
    for tick in range(33):
        length = 5 * MM if tick % 8 == 0 else (3 * MM if tick % 4 == 0 else 1.8 * MM)
        canvas.line(x + tick * INCH / 8, y, x + tick * INCH / 8, y - length)
        if tick % 8 == 0:
            canvas.setFont(BODY, 7)
            canvas.drawCentredString(x + tick * INCH / 8, y - 8 * MM, str(tick // 8))
    canvas.setFont(BODY, 8)
    canvas.drawString(x + 4 * INCH + 1.5 * MM, y - 3, "inches (4 in)")


def printable_area(page: tuple[float, float], options: KitOptions) -> Rect:
    return Rect(0, 0, page[0], page[1]).inset(options.margin_mm * MM)


def target_centre(page: tuple[float, float], duplex: Duplex, back: bool,
                  margin_mm: float = 5.0) -> tuple[float, float]:  # fmt: skip
    """Where the registration target sits; on the back, mirrored as the printer flips."""
    width, height = page
    x, y = width * 0.7, margin_mm * MM + TARGET_LIFT
    if back and duplex is Duplex.LONG:
        x = width - x
    if back and duplex is Duplex.SHORT:
        y = height - y
    return x, y


def _crosshair(canvas: Canvas, x: float, y: float) -> None:
    """The back's target: a cross with a ring, easy to see through the paper."""
    canvas.setLineWidth(0.9)
    canvas.line(x - 14 * MM, y, x + 14 * MM, y)
    canvas.line(x, y - 14 * MM, x, y + 14 * MM)
    canvas.circle(x, y, 6 * MM, stroke=1, fill=0)
    canvas.circle(x, y, 1 * MM, stroke=0, fill=1)


def _signed(value: int) -> str:
    return "0" if value == 0 else f"{'+' if value > 0 else MINUS}{abs(value)}"


def _ticked_cross(canvas: Canvas, x: float, y: float) -> None:
    """The front's target: a cross whose arms carry millimetre ticks numbered with
    signs (right and up are +, as seen from this side), to read the back's cross on.
    Ticks rise from the horizontal arm and point right from the vertical one, so the
    numbers below and to the left stay clear of them and of each other."""
    reach = SCALE_MM + 2
    canvas.setLineWidth(0.6)
    canvas.line(x - reach * MM, y, x + reach * MM, y)
    canvas.line(x, y - reach * MM, x, y + reach * MM)
    canvas.setLineWidth(0.35)
    canvas.setFont(BODY, 7)
    for step in range(-SCALE_MM, SCALE_MM + 1):
        if step == 0:
            continue
        length = 2.4 * MM if step % 5 == 0 else 1.2 * MM
        canvas.line(x + step * MM, y, x + step * MM, y + length)
        canvas.line(x, y + step * MM, x + length, y + step * MM)
        if step % 5 == 0:
            canvas.drawCentredString(x + step * MM, y - 3.2 * MM, _signed(step))
            canvas.drawRightString(x - 0.9 * MM, y + step * MM - 2.4, _signed(step))
    canvas.setFont(BODY_BOLD, 7)
    canvas.drawString(x + (reach + 1) * MM, y - 2.4, "mm right")
    canvas.drawCentredString(x, y + (reach + 1.5) * MM, "mm up")


def _settings(options: KitOptions) -> list[str]:
    paper = PAPER_NAMES[options.paper]
    sides = {
        Duplex.LONG: "<b>Two-sided:</b> on, <b>flip on long edge</b> (sometimes called "
        "'long-edge binding').",
        Duplex.SHORT: "<b>Two-sided:</b> on, <b>flip on short edge</b> ('short-edge binding').",
        Duplex.GUTTERFOLD: "<b>Two-sided:</b> off. Fold each card sheet on its dashed line, "
        "glue the halves together, then cut.",
        Duplex.NONE: "<b>Two-sided:</b> off. Print each back sheet on its own and glue it "
        "behind its front sheet, turned over left to right, before cutting.",
    }[options.duplex]
    return [
        f"<b>Paper:</b> {paper}, the size this file was made for. Card stock of 160 to 250 "
        "g/m\u00b2 makes sturdier cards, if your printer takes it (often from the manual feed).",
        "<b>Size:</b> <b>Actual size</b> or <b>100 %</b>. Not 'Fit', 'Fit to page' or 'Shrink "
        "oversized pages': any of those makes the cards too small.",
        sides,
        "<b>Borderless:</b> off. Everything that must print stays "
        f"{options.margin_mm:g} mm inside the edge of the paper.",
    ]


#: Room between the list of what to print and the credits under it.
CREDITS_GAP = 6 * MM


def _contents_box(page: tuple[float, float], options: KitOptions) -> Rect:
    """Where the print check's front lists what to print (and the credits, when they
    fit there too): between the rulers and the duplex check, or the page's bottom."""
    area = printable_area(page, options)
    left = area.x + 6 * MM
    top = area.top - 106 * MM  # 44 mm under the rulers' heading (front_page)
    bottom = area.y
    if options.two_sided:
        _, y = target_centre(page, options.duplex, back=False, margin_mm=options.margin_mm)
        bottom = y + 32 * MM  # over the duplex check
    return Rect(left, bottom, area.width - 12 * MM, top - bottom)


def _front_and_credits(plan: DocumentPlan, page: tuple[float, float],
                       options: KitOptions) -> tuple[Rect, Rect] | None:  # fmt: skip
    """The boxes of what to print and of the credits when both fit the front at full size
    (the list in one column at 9 pt, the credits at 8 pt or more), so that the print
    check's back is not a page of its own; None when they do not."""
    box = _contents_box(page, options)
    whole = "<br/>".join(["<b>What to print</b>", *_contents_blocks(plan, options)])
    try:
        listed = TextBox(whole, box, size=9, min_size=9, markup=True, leading=1.22).fit("")[2]
        rest = Rect(box.x, box.y, box.width, box.height - listed - CREDITS_GAP)
        if rest.height <= 0:
            return None
        TextBox(_credits_markup(plan.games), rest, size=9, min_size=8, markup=True,
                leading=1.2).fit("")  # fmt: skip
    except TextOverflowError:
        return None
    return Rect(box.x, rest.top + CREDITS_GAP, box.width, listed), rest


def credits_on_front(plan: DocumentPlan, page: tuple[float, float], options: KitOptions) -> bool:
    """True when the credits share the print check's front with the list of what to print."""
    return _front_and_credits(plan, page, options) is not None


def front_page(canvas: Canvas, page: tuple[float, float], plan: DocumentPlan,
               options: KitOptions) -> None:  # fmt: skip
    """The print check: settings, rulers, the duplex target and what to print (and the
    credits, when they fit)."""
    width, height = page
    area = printable_area(page, options)
    left = area.x + 6 * MM
    column = area.width - 12 * MM
    shared = _front_and_credits(plan, page, options)
    canvas.setFillColor(black)
    canvas.setFont(DISPLAY, 22)
    canvas.drawString(left, area.top - 12 * MM, "Print check")
    canvas.setFont(BODY, 9.5)
    first = "Print this page first, check it, then print the rest with the same settings."
    if not options.two_sided and shared is None:
        first += " Page 2 holds the credits: it need not be printed."
    canvas.drawString(left, area.top - 19 * MM, first)
    settings = "<br/>".join(f"\u2022 {line}" for line in _settings(options))
    box = Rect(left, area.top - 57 * MM, column, 35 * MM)
    TextBox(f"<b>In your print dialog</b><br/>{settings}", box, size=9, markup=True,
            leading=1.25).draw(canvas, "the print check")  # fmt: skip
    rulers_top = area.top - 62 * MM
    canvas.setFont(BODY_BOLD, 9)
    canvas.drawString(left, rulers_top, "Measure these bars")
    TextBox(
        "They must be exactly 100 mm and 4 inches long. If they are not, the printer is "
        "scaling the page: check 'Size' above, or the cards will come out the wrong size.",
        Rect(left, rulers_top - 10 * MM, column, 8.5 * MM), size=8.5,
    ).draw(canvas, "the print check")  # fmt: skip
    _ruler_mm(canvas, left, rulers_top - 20 * MM)
    _ruler_inch(canvas, left, rulers_top - 30 * MM)
    if options.two_sided:
        x, ty = target_centre(page, options.duplex, back=False, margin_mm=options.margin_mm)
        canvas.setStrokeColor(black)
        canvas.setFillColor(black)
        _ticked_cross(canvas, x, ty)
        canvas.setFont(BODY_BOLD, 9)
        band_top = ty + 30 * MM
        canvas.drawString(left, band_top - 4 * MM, "Duplex check")
        TextBox(
            _duplex_words(options),
            Rect(left, area.y + 2 * MM, x - 24 * MM - left, band_top - 6 * MM - area.y - 2 * MM),
            size=8.5, markup=True, leading=1.2,
        ).draw(canvas, "the duplex check")  # fmt: skip
    if shared is not None:
        listed, credits = shared
        canvas.setFillColor(black)
        whole = "<br/>".join(["<b>What to print</b>", *_contents_blocks(plan, options)])
        TextBox(whole, listed, size=9, markup=True, leading=1.22).draw(canvas, "the print check")
        TextBox(_credits_markup(plan.games), credits, size=9, min_size=8, markup=True,
                leading=1.2).draw(canvas, "the credits")  # fmt: skip
    else:
        _what_to_print(canvas, plan, options, _contents_box(page, options))
    del width, height


def _what_to_print(canvas: Canvas, plan: DocumentPlan, options: KitOptions, box: Rect) -> None:
    """The list of what to print in ``box``: one column when it fits at a size easy
    to read, else two columns, the games shared between them."""
    what = "the print check's list of what to print"
    blocks = _contents_blocks(plan, options)
    whole = "<br/>".join(["<b>What to print</b>", *blocks])
    try:
        paragraph_size = TextBox(whole, box, size=9, markup=True, leading=1.22).fit(what)[1]
    except TextOverflowError:
        paragraph_size = 0.0
    if paragraph_size >= 8:
        TextBox(whole, box, size=9, markup=True, leading=1.22).draw(canvas, what)
        return
    gap = 5 * MM
    half = (box.width - gap) / 2
    lengths = [block.count("<br/>") + 1 for block in blocks]
    split = min(range(1, len(blocks) + 1),
                key=lambda n: abs(sum(lengths[:n]) - sum(lengths[n:])))  # fmt: skip
    columns = [
        "<br/>".join(["<b>What to print</b>", *blocks[:split]]),
        "<br/>".join(blocks[split:]),
    ]
    for index, text in enumerate(columns):
        if text:
            column = Rect(box.x + index * (half + gap), box.y, half, box.height)
            TextBox(text, column, size=9, markup=True, leading=1.22).draw(canvas, what)


def _duplex_words(options: KitOptions) -> str:
    edge = "long" if options.duplex is Duplex.LONG else "short"
    return (
        "Hold this sheet up to a window or a lamp, this side towards you: the cross printed "
        "on the back shows through. If it sits on the cross here, both sides line up and the "
        "backs will land behind their fronts. If not, read on the ticks where the centre of "
        "the back's cross sits, for example 2 mm right (+2) and 1 mm down (\u22121).<br/>"
        "Up to 1 mm is hidden by the bleed around each card. For more, look in your printer's "
        f"settings for a back-side or duplex alignment, and check you chose to flip on the {edge} "
        "edge. If you build the kit yourself, "
        "<b>pnp build --back-offset X,Y</b> moves every back by X mm right and Y mm up as seen "
        "from this side: give the reading with its signs turned round (here "
        "<b>--back-offset -2,1</b>) and print again."
    )


def _contents_blocks(plan: DocumentPlan, options: KitOptions) -> list[str]:
    """What to print for each game, a block of lines each."""
    return [_game_block(plan, options, game) for game in plan.games]


def _game_block(plan: DocumentPlan, options: KitOptions, game: Game) -> str:
    from pnp.kit.sheets import only_when, pages_words

    lines = [f"<b>{escape(game.title)}</b>"]
    for group in plan.groups[game.id]:
        width, height = group.size_mm
        cut = (
            "one cut between neighbours"
            if group.plan.front.layout is Layout.SHARED_CUT
            else f"{group.plan.front.bleed / MM:g} mm bleed on every edge"
        )
        lines.append(
            f"&nbsp;&nbsp;{width:g} \u00d7 {height:g} mm: {escape(group.plan.describe())}, {cut}."
        )
        for deck in group.decks:
            sheets = len(group.sheets_of(deck))
            pages = pages_words(plan.pages_with(game, deck))
            note = []
            if deck.spec.only_under:
                note.append(escape(only_when(game, deck.spec.only_under)))
            more = deck.spec.more_copies
            if more is not None:
                times = {2: "twice", 3: "three times", 4: "four times"}[more.copies]
                note.append(f"<b>print {times} for {more.players} or more players</b>")
            extra = f" ({'; '.join(note)})" if note else ""
            lines.append(
                f"&nbsp;&nbsp;&nbsp;&nbsp;\u2610 {escape(deck.spec.title)}: "
                f"{deck.physical_count} card{'s' * (deck.physical_count != 1)} on {sheets} "
                f"sheet{'s' * (sheets != 1)}, "
                f"{pages}{extra}"
            )
    for printed in plan.extras.get(game.id, []):
        pages = pages_words(plan.pages_of_extra(printed))
        lines.append(f"&nbsp;&nbsp;&nbsp;&nbsp;\u2610 {escape(printed.title)}: {pages}")
    return "<br/>".join(lines)


def back_page(canvas: Canvas, page: tuple[float, float], plan: DocumentPlan,
              options: KitOptions) -> None:  # fmt: skip
    """The back of the print check (or its second page when printing one-sided):
    the back's cross and the credits and provenance of everything printed."""
    area = printable_area(page, options)
    credits = Rect(area.x + 6 * MM, area.y + 4 * MM, area.width - 12 * MM, area.height - 8 * MM)
    if options.two_sided:
        x, y = target_centre(page, options.duplex, back=True, margin_mm=options.margin_mm)
        dx, dy = back_offset(options)
        canvas.setFillColor(black)
        canvas.setStrokeColor(black)
        _crosshair(canvas, x + dx, y + dy)
        canvas.setFillColor(GREY)
        canvas.setFont(BODY, 8)
        canvas.drawCentredString(x + dx, y + dy + 16 * MM, "back of the print check")
        # the credits keep clear of the cross: above it, or below it when it is high up
        band_bottom, band_top = y - 20 * MM, y + 22 * MM
        if area.top - band_top >= band_bottom - area.y:
            credits = Rect(credits.x, band_top, credits.width, area.top - 4 * MM - band_top)
        else:
            credits = Rect(credits.x, area.y + 4 * MM, credits.width, band_bottom - area.y - 4 * MM)
    if credits_on_front(plan, page, options):
        return  # the front holds them; this side is the duplex check's cross
    canvas.setFillColor(black)
    TextBox(_credits_markup(plan.games), credits, size=9, markup=True, leading=1.2).draw(
        canvas, "the credits page"
    )


def _credits_markup(games: Sequence[Game]) -> str:
    parts = ["<font name='Display' size='14'>About this kit</font>", ""]
    parts += [f"{escape(load().release.words())}.", ""]
    for game in games:
        credits = "; ".join(f"{escape(c.name)} ({escape(c.role)})" for c in game.spec.credits)
        parts.append(f"<b>{escape(game.title)}</b>: {credits}.")
        parts.append(f"<i>{escape(game.spec.provenance.note)}</i>")
        for deck in game.decks:
            parts.append(
                f"&nbsp;&nbsp;{escape(deck.spec.title)}: {escape(deck.spec.provenance.note)}"
            )
        parts.append("")
    parts.append("Fonts: " + "; ".join(FONT_CREDITS) + ".")
    return "<br/>".join(parts)
