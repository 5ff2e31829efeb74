"""Player aids: the icon language (every icon with its name and meaning) and
a round at Joe's (the three phases and how the game ends), written from the
icon table and the printed rules."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from pnp.catalog.schemas.joes_bar import (
    Icon,
    PlayerAid,
    dodge_words,
    game_end_words,
    icon_table,
)
from pnp.kit.drawings.colours import inked, set_ink
from pnp.kit.drawings.typeset import TextBox, centred_line, fit_line, paragraph_height
from pnp.kit.faces.base import MIN_TEXT_SIZE, FaceContext, TextOverflowError, face
from pnp.kit.faces.joes_bar.glyphs import (
    burst_path,
    draw_icon,
    glyph_fist,
    glyph_for,
)
from pnp.kit.faces.joes_bar.neon import (
    grime,
    neon_circle,
    neon_rect,
    neon_sign,
    neon_text,
    scuffed_frame,
    seed_of,
    sign_ground,
    sign_ink,
)
from pnp.kit.faces.joes_bar.palette import (
    INK,
    NEON,
    NIGHT,
    PAPER,
    SOFT_INK,
)
from pnp.kit.fonts import BODY, BODY_ITALIC, DISPLAY, register_fonts
from pnp.kit.geometry import MM, Rect


def _aid_page(canvas: Canvas, context: FaceContext, title: str, what: str,
              sign_height: float = 10 * MM) -> Rect:  # fmt: skip
    """Paper, frame and a neon title; return the area left for the rows, clear of
    the frame's inner rule on every side (the text never runs into it)."""
    context.background(canvas, PAPER)
    grime(canvas, context, seed_of(what))
    scuffed_frame(canvas, context, INK)
    safe = context.trim.inset(INSIDE_FRAME)
    sign = Rect(safe.x, safe.top - sign_height, safe.width, sign_height)
    neon_sign(canvas, context, sign, NEON["bar"], seed_of(title))
    size = fit_line(title, DISPLAY, min(15, sign_height * 0.55), sign.width - 6 * MM, what)
    neon_text(canvas, context, title, sign.centre[0], sign.centre[1] - size * 0.36, DISPLAY,
               size, NEON["bar"])  # fmt: skip
    return Rect(safe.x, safe.y, safe.width, sign.y - 1.5 * MM - safe.y)


#: Where an aid's content starts: the frame's inner rule is 2.5 mm in, so 3.9 mm
#: leaves it over a millimetre of air on every side.
INSIDE_FRAME = 3.9 * MM


@dataclass(frozen=True)
class _AidRow:
    draw: Callable[[float, float, float], None]  # (x, y, size) of the row's glyph
    text: str  # paragraph markup


def _aid_rows(canvas: Canvas, context: FaceContext, rows: Sequence[_AidRow], area: Rect,
              glyph: float, what: str, gap: float = 2.2 * MM,
              leading: float = 1.13) -> None:  # fmt: skip
    """Rows of glyph + text filling ``area`` top-down at one common text size."""
    register_fonts()
    text_x = area.x + glyph + 1.3 * MM
    text_w = area.right - text_x
    size = 9.0
    while True:
        heights = [
            max(glyph, paragraph_height(row.text, BODY, size, text_w, leading)) for row in rows
        ]
        if sum(heights) + gap * (len(rows) - 1) <= area.height:
            break
        if size <= MIN_TEXT_SIZE:
            raise TextOverflowError(
                f"{what}: {len(rows)} rows do not fit {area.width / MM:.0f} x "
                f"{area.height / MM:.0f} mm even at {MIN_TEXT_SIZE:g} pt"
            )
        size = max(MIN_TEXT_SIZE, size - 0.25)
    spare = area.height - sum(heights) - gap * (len(rows) - 1)
    gap += spare / max(len(rows) - 1, 1) * 0.5
    top = area.top
    for row, height in zip(rows, heights, strict=True):
        row.draw(area.x + glyph / 2, top - glyph / 2, glyph)
        box = Rect(text_x, top - height, text_w, height + 0.5)
        TextBox(row.text, box, font=BODY, size=size, colour=context.colour(INK), markup=True,
                leading=leading).draw(canvas, what)  # fmt: skip
        top -= height + gap


def _escape(text: str) -> str:

    return escape(text)


def icon_token(canvas: Canvas, context: FaceContext, icon: Icon) -> Callable[[float, float, float],
                                                                         None]:  # fmt: skip
    """Draws ``icon`` on a small round sign, as on the cards."""

    def draw(x: float, y: float, size: float) -> None:
        canvas.saveState()
        canvas.setFillColor(context.fill_colour(NIGHT))
        canvas.circle(x, y, size / 2, stroke=0, fill=1)
        canvas.restoreState()
        neon_circle(canvas, context, NEON[icon.category], 0.7, x, y, size / 2 - 1)
        draw_icon(canvas, context, icon, x, y, size * 0.62)

    return draw


def icon_reference(canvas: Canvas, context: FaceContext) -> None:
    """Player aid: every icon of the icon language with its name and meaning."""
    what = "Joe's Bar icon reference card"
    area = _aid_page(canvas, context, "THE ICON LANGUAGE", what, sign_height=7 * MM)
    intro = "Read left to right. Shown twice? It happens twice."
    canvas.saveState()
    canvas.setFillColor(context.colour(SOFT_INK))
    centred_line(canvas, intro, area.centre[0], area.top - 7, BODY_ITALIC, 8, area.width, what)
    canvas.restoreState()
    intro_bottom = area.top - 9.5
    rows = []
    for icon in icon_table(context.game).values():
        glyph_for(icon)  # fail before drawing anything
        draft = " <i>(older draft only)</i>" if icon.only_under is not None else ""
        rows.append(
            _AidRow(
                icon_token(canvas, context, icon),
                f"<b>{_escape(icon.name.upper())}</b>{draft} {_escape(icon.meaning)}",
            )
        )
    if not rows:
        raise ValueError(f"{what}: the game has no icon table")
    body = Rect(area.x, area.y, area.width, intro_bottom - 1 * MM - area.y)
    _aid_rows(canvas, context, rows, body, 5.4 * MM, what, gap=0.5 * MM, leading=1.08)


def _phase_glyph(canvas: Canvas, context: FaceContext, kind: str, neon: str,
                 ) -> Callable[[float, float, float], None]:  # fmt: skip
    def draw(x: float, y: float, size: float) -> None:
        canvas.saveState()
        canvas.setFillColor(context.fill_colour(NIGHT))
        canvas.roundRect(x - size / 2, y - size / 2, size, size, size * 0.2, stroke=0, fill=1)
        canvas.restoreState()
        box = Rect(x - size / 2 + 1, y - size / 2 + 1, size - 2, size - 2)
        neon_rect(canvas, context, neon, 0.7, box, size * 0.2 - 1)
        canvas.saveState()
        set_ink(canvas, sign_ink(context, neon))
        ground = sign_ground(context)
        inner = size * 0.62
        if kind == "jukebox":
            _jukebox(canvas, x, y, inner, ground)
        elif kind == "brawl":
            glyph_fist(canvas, x, y, inner, ground)
        elif kind == "end":
            _receipt(canvas, x, y, inner, ground)
        else:  # game over: seeing stars
            burst_path(canvas, x, y, inner * 1.15, 8)
            with inked(canvas, ground):
                burst_path(canvas, x, y, inner * 0.45, 5)
        canvas.restoreState()

    return draw


def _jukebox(canvas: Canvas, x: float, y: float, size: float, ground: Color) -> None:
    """An arched jukebox with a record behind glass."""
    s = size / 2
    p = canvas.beginPath()
    p.moveTo(x - 0.7 * s, y - s)
    p.lineTo(x - 0.7 * s, y + 0.3 * s)
    p.curveTo(x - 0.7 * s, y + 1.05 * s, x + 0.7 * s, y + 1.05 * s, x + 0.7 * s, y + 0.3 * s)
    p.lineTo(x + 0.7 * s, y - s)
    p.close()
    canvas.drawPath(p, stroke=0, fill=1)
    with inked(canvas, ground):
        canvas.circle(x, y + 0.28 * s, 0.4 * s, stroke=0, fill=1)
    canvas.circle(x, y + 0.28 * s, 0.3 * s, stroke=0, fill=1)
    with inked(canvas, ground):
        canvas.circle(x, y + 0.28 * s, 0.07 * s, stroke=0, fill=1)
        for row in range(3):
            canvas.rect(x - 0.45 * s, y - 0.85 * s + row * 0.22 * s, 0.9 * s, 0.09 * s, stroke=0,
                        fill=1)  # fmt: skip


def _receipt(canvas: Canvas, x: float, y: float, size: float, ground: Color) -> None:
    """The bar tab that arrives when the song stops."""
    s = size / 2
    p = canvas.beginPath()
    p.moveTo(x - 0.6 * s, y + s)
    p.lineTo(x + 0.6 * s, y + s)
    p.lineTo(x + 0.6 * s, y - 0.85 * s)
    teeth = 6
    for index in range(teeth):
        x0 = x + 0.6 * s - index * 1.2 * s / teeth
        p.lineTo(x0 - 0.6 * s / teeth, y - s)
        p.lineTo(x0 - 1.2 * s / teeth, y - 0.85 * s)
    p.close()
    canvas.drawPath(p, stroke=0, fill=1)
    with inked(canvas, ground):
        for row in range(4):
            width = 0.8 if row < 3 else 0.45
            canvas.rect(x - 0.4 * s, y + 0.62 * s - row * 0.32 * s, width * s, 0.1 * s,
                        stroke=0, fill=1)  # fmt: skip


def round_phases(canvas: Canvas, context: FaceContext) -> None:
    """Player aid: the three phases of a round, in a few lines each."""
    what = "Joe's Bar round phases card"
    area = _aid_page(canvas, context, "A ROUND AT JOE'S", what)
    game = context.game
    phases = [
        (
            "jukebox",
            NEON["gulp"],
            "<b>1 · JUKEBOX.</b> Pick a song: when it stops, so does the round. Put the Bar "
            "cards back out, shuffle the discards into the Action deck and reseed the discard "
            "pile. Knocked out? Take a new patron. Round one: just pick the song.",
        ),
        (
            "brawl",
            NEON["hit"],
            "<b>2 · BRAWL.</b> On your turn, HIT a neighbour or anyone already in your brawl. "
            "The target hits back (no choice on their first hit of the round), hits someone "
            f"else in the brawl, or may {_escape(dodge_words(game))}. Utility cards can cut in "
            "at any moment.",
        ),
        (
            "end",
            NEON["utility"],
            "<b>3 · END.</b> Count the HIT cards in front of you. Fewest (ties too): lose 1 BL. "
            "None at all: lose nothing. Everyone else: lose 2 BL. At 0 BL your patron is "
            "knocked out.",
        ),
    ]
    phases.append(("over", NEON["swoosh"], f"<b>GAME OVER.</b> {_escape(game_end_words(game))}"))
    rows = [_AidRow(_phase_glyph(canvas, context, kind, neon), text) for kind, neon, text in phases]
    _aid_rows(canvas, context, rows, area, 8 * MM, what, gap=1.6 * MM)


AIDS: dict[str, Callable[[Canvas, FaceContext], None]] = {
    "icon-reference": icon_reference,
    "round-phases": round_phases,
}


def aid_back(canvas: Canvas, card: PlayerAid, context: FaceContext) -> None:
    """The other side of a player aid: its own back, another aid."""
    AIDS[card.back](canvas, context)


@face("jb-aid", back=aid_back)
def aid_front(canvas: Canvas, card: PlayerAid, context: FaceContext) -> None:
    """A player aid, printed on both sides: one aid in front, another on the back."""
    AIDS[card.front](canvas, context)
