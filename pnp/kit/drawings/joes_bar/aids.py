"""Player aids: the icon language (every icon with its name and meaning) and a round
at Joe's (the three phases and how the game ends), written from the icon table and
the printed rules, under a neon sign with the aid's title. Each fills the area it is
given, the page inside the card's frame."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape

from reportlab.pdfgen.canvas import Canvas

from pnp.catalog.schemas.joes_bar import Icon, dodge_words, game_end_words, icon_table
from pnp.kit.drawings.colours import inked, set_ink
from pnp.kit.drawings.context import MIN_TEXT_SIZE, TextOverflowError
from pnp.kit.drawings.joes_bar.glyphs import (
    burst_path,
    draw_icon,
    glyph_fist,
    glyph_for,
    jukebox,
    receipt,
)
from pnp.kit.drawings.joes_bar.look import Look
from pnp.kit.drawings.joes_bar.neon import neon_circle, neon_rect, neon_sign, neon_text, seed_of
from pnp.kit.drawings.typeset import TextBox, centred_line, fit_line, paragraph_height
from pnp.kit.fonts import BODY, BODY_ITALIC, DISPLAY, register_fonts
from pnp.kit.geometry import MM, Rect

#: The sign's corners, in millimetres.
SIGN_RADIUS_MM = 3.0
#: The title on the sign: at most this size (points) and this share of the sign's
#: height; the room it leaves either side, in millimetres.
TITLE_SIZE = 15.0
TITLE_SHARE = 0.55
TITLE_MARGIN_MM = 3.0
#: The room between the sign and the rows, in millimetres.
UNDER_SIGN_MM = 1.5
#: The room between a row's glyph and its text, in millimetres.
GLYPH_GAP_MM = 1.3
#: The rows' text starts at this size and shrinks by steps of this much to fit (points).
ROW_SIZE = 9.0
ROW_STEP = 0.25
#: The icon reference's introduction: its size, its baseline below the top of the rows'
#: area and where the rows start below that top (points).
INTRO = "Read left to right. Shown twice? It happens twice."
INTRO_SIZE = 8.0
INTRO_BASELINE = 7.0
INTRO_ROOM = 9.5
#: Millimetres between the introduction's room and the first row.
UNDER_INTRO_MM = 1.0


@dataclass(frozen=True)
class AidRow:
    """A row of an aid: its glyph, drawn at (x, y) ``size`` across, and its text (markup)."""

    draw: Callable[[float, float, float], None]
    text: str


@dataclass(frozen=True)
class AidLook:
    """How an aid is laid out: its title and the height of its sign (points), the size
    of a row's glyph and the room between rows (points), and the rows' leading."""

    title: str
    sign_height: float
    glyph: float
    gap: float
    leading: float


def aid_sign(canvas: Canvas, look: Look, area: Rect, title: str, sign_height: float, neon: str,
             what: str) -> Rect:  # fmt: skip
    """A neon sign at the top of ``area`` with the aid's title lit on it; return the
    area left for the rows."""
    sign = Rect(area.x, area.top - sign_height, area.width, sign_height)
    neon_sign(canvas, look, sign, neon, seed_of(title), SIGN_RADIUS_MM * MM)
    width = sign.width - 2 * TITLE_MARGIN_MM * MM
    size = fit_line(title, DISPLAY, min(TITLE_SIZE, sign_height * TITLE_SHARE), width, what)
    neon_text(canvas, look, title, sign.centre[0], sign.centre[1] - size * 0.36, DISPLAY, size,
              neon)  # fmt: skip
    return Rect(area.x, area.y, area.width, sign.y - UNDER_SIGN_MM * MM - area.y)


def aid_rows(canvas: Canvas, look: Look, rows: Sequence[AidRow], area: Rect, glyph: float,
             what: str, gap: float, leading: float) -> None:  # fmt: skip
    """Rows of glyph + text filling ``area`` top-down at one common text size."""
    register_fonts()
    text_x = area.x + glyph + GLYPH_GAP_MM * MM
    text_w = area.right - text_x
    size = ROW_SIZE
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
        size = max(MIN_TEXT_SIZE, size - ROW_STEP)
    spare = area.height - sum(heights) - gap * (len(rows) - 1)
    gap += spare / max(len(rows) - 1, 1) * 0.5
    top = area.top
    ink = look.context.colour(look.colours.ink)
    for row, height in zip(rows, heights, strict=True):
        row.draw(area.x + glyph / 2, top - glyph / 2, glyph)
        box = Rect(text_x, top - height, text_w, height + 0.5)
        TextBox(row.text, box, font=BODY, size=size, colour=ink, markup=True,
                leading=leading).draw(canvas, what)  # fmt: skip
        top -= height + gap


def icon_token(canvas: Canvas, look: Look, icon: Icon) -> Callable[[float, float, float], None]:
    """Draws ``icon`` on a small round sign, as on the cards (also the site's icons)."""
    context = look.context

    def draw(x: float, y: float, size: float) -> None:
        canvas.saveState()
        canvas.setFillColor(context.fill_colour(look.colours.night))
        canvas.circle(x, y, size / 2, stroke=0, fill=1)
        canvas.restoreState()
        neon_circle(canvas, look, look.colours.neon(icon.category), 0.7, x, y, size / 2 - 1)
        draw_icon(canvas, look, icon, x, y, size * 0.62)

    return draw


def icon_reference(canvas: Canvas, look: Look, area: Rect, aid: AidLook, neon: str,
                   what: str) -> None:  # fmt: skip
    """Every icon of the icon language with its name and meaning."""
    context = look.context
    rows = []
    for icon in icon_table(context.game).values():
        glyph_for(icon)  # fail before drawing anything
        draft = " <i>(older draft only)</i>" if icon.only_under is not None else ""
        rows.append(
            AidRow(
                icon_token(canvas, look, icon),
                f"<b>{escape(icon.name.upper())}</b>{draft} {escape(icon.meaning)}",
            )
        )
    if not rows:
        raise ValueError(f"{what}: the game has no icon table")
    area = aid_sign(canvas, look, area, aid.title, aid.sign_height, neon, what)
    canvas.saveState()
    canvas.setFillColor(context.colour(look.colours.soft_ink))
    centred_line(canvas, INTRO, area.centre[0], area.top - INTRO_BASELINE, BODY_ITALIC,
                 INTRO_SIZE, area.width, what)  # fmt: skip
    canvas.restoreState()
    intro_bottom = area.top - INTRO_ROOM
    body = Rect(area.x, area.y, area.width, intro_bottom - UNDER_INTRO_MM * MM - area.y)
    aid_rows(canvas, look, rows, body, aid.glyph, what, aid.gap, aid.leading)


#: The phases of a round: the glyph of each and the category whose neon lights it.
PHASES = (("jukebox", "gulp"), ("brawl", "hit"), ("end", "utility"), ("over", "swoosh"))


def _phase_texts(look: Look) -> list[str]:
    game = look.context.game
    return [
        "<b>1 · JUKEBOX.</b> Pick a song: when it stops, so does the round. Put the Bar "
        "cards back out, shuffle the discards into the Action deck and reseed the discard "
        "pile. Knocked out? Take a new patron. Round one: just pick the song.",
        "<b>2 · BRAWL.</b> On your turn, HIT a neighbour or anyone already in your brawl. "
        "The target hits back (no choice on their first hit of the round), hits someone "
        f"else in the brawl, or may {escape(dodge_words(game))}. Utility cards can cut in "
        "at any moment.",
        "<b>3 · END.</b> Count the HIT cards in front of you. Fewest (ties too): lose 1 BL. "
        "None at all: lose nothing. Everyone else: lose 2 BL. At 0 BL your patron is "
        "knocked out.",
        f"<b>GAME OVER.</b> {escape(game_end_words(game))}",
    ]


def _phase_glyph(canvas: Canvas, look: Look, kind: str, neon: str,
                 ) -> Callable[[float, float, float], None]:  # fmt: skip
    context = look.context

    def draw(x: float, y: float, size: float) -> None:
        canvas.saveState()
        canvas.setFillColor(context.fill_colour(look.colours.night))
        canvas.roundRect(x - size / 2, y - size / 2, size, size, size * 0.2, stroke=0, fill=1)
        canvas.restoreState()
        box = Rect(x - size / 2 + 1, y - size / 2 + 1, size - 2, size - 2)
        neon_rect(canvas, look, neon, 0.7, box, size * 0.2 - 1)
        canvas.saveState()
        set_ink(canvas, look.sign_ink(neon))
        ground = look.sign_ground
        inner = size * 0.62
        if kind == "jukebox":
            jukebox(canvas, x, y, inner, ground)
        elif kind == "brawl":
            glyph_fist(canvas, x, y, inner, ground)
        elif kind == "end":
            receipt(canvas, x, y, inner, ground)
        else:  # game over: seeing stars
            burst_path(canvas, x, y, inner * 1.15, 8)
            with inked(canvas, ground):
                burst_path(canvas, x, y, inner * 0.45, 5)
        canvas.restoreState()

    return draw


def round_phases(canvas: Canvas, look: Look, area: Rect, aid: AidLook, neon: str,
                 what: str) -> None:  # fmt: skip
    """The three phases of a round, in a few lines each, and how the game ends."""
    area = aid_sign(canvas, look, area, aid.title, aid.sign_height, neon, what)
    rows = [
        AidRow(_phase_glyph(canvas, look, kind, look.colours.neon(category)), text)
        for (kind, category), text in zip(PHASES, _phase_texts(look), strict=True)
    ]
    aid_rows(canvas, look, rows, area, aid.glyph, what, aid.gap, aid.leading)
