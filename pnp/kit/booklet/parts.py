"""The parts of a booklet the kit writes itself, from the catalog: the cover
with the game's own cards, the component checklist with counts (and where in
the kit PDF to find them), what else the table needs, the game's terms, and
the credits."""

from __future__ import annotations

import math
from xml.sax.saxutils import escape

from reportlab.lib.colors import Color
from reportlab.platypus import Flowable, Paragraph, Spacer, Table, TableStyle

from pnp.catalog.base import Card
from pnp.catalog.model import Deck, Game
from pnp.kit.booklet.flow import HEAD, NOTE_RULE, Styles, text_markup
from pnp.kit.faces import FaceContext, FaceOptions, design_for, has_design
from pnp.kit.fonts import BODY, DISPLAY, FONT_CREDITS
from pnp.kit.geometry import MM, Edges
from pnp.kit.layout import PAPER_NAMES
from pnp.kit.sheets import DocumentPlan, only_when, pages_words
from pnp.publish import load

#: Words for a deck printed several times.
TIMES = {2: "twice", 3: "three times", 4: "four times"}


def _pick(deck: Deck, count: int) -> list[Card]:
    """``count`` cards spread through the deck: its first, middle and last."""
    cards = list(deck.cards)
    if len(cards) <= count:
        return cards
    step = (len(cards) - 1) / (count - 1)
    return [cards[round(index * step)] for index in range(count)]


class CoverArt(Flowable):
    """Three of the game's own cards, fanned, at their true size."""

    def __init__(self, game: Game, width: float, faces: FaceOptions) -> None:
        super().__init__()
        self.game = game
        self.faces = faces
        self.deck = next(deck for deck in game.decks if has_design(game, deck))
        size = self.deck.spec.size
        self.card = (size.width * MM, size.height * MM)
        self.width = width
        self.height = self.card[1] * 1.12

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        canvas = self.canv
        design = design_for(self.game, self.deck)
        card_width, card_height = self.card
        context = FaceContext(self.game, self.deck, self.faces, card_width, card_height,
                              Edges.even(0))  # fmt: skip
        cards = _pick(self.deck, 3)
        turn = 7.0
        # a card turned about the middle of its foot reaches this far sideways
        reach = card_width / 2 * math.cos(math.radians(turn)) + card_height * math.sin(
            math.radians(turn)
        )
        spread = max(0.0, min(card_width * 0.62, self.width / 2 - reach - 1.5 * MM))
        for index, card in enumerate(cards):
            offset = index - (len(cards) - 1) / 2
            canvas.saveState()
            canvas.translate(self.width / 2 + offset * spread, card_height * 0.04)
            canvas.rotate(-offset * turn)
            canvas.translate(-card_width / 2, 0)
            canvas.setFillColor(Color(0, 0, 0, alpha=0.18))
            canvas.rect(1.2 * MM, -1.2 * MM, card_width, card_height, stroke=0, fill=1)
            clip = canvas.beginPath()
            clip.rect(0, 0, card_width, card_height)
            canvas.clipPath(clip, stroke=0, fill=0)
            design.front(canvas, card, context)
            canvas.restoreState()


def cover(game: Game, styles: Styles, width: float, faces: FaceOptions) -> list[Flowable]:
    title = Paragraph(text_markup(game.title, DISPLAY), styles.h1)
    parts: list[Flowable] = [Spacer(1, styles.size * 2), title]
    if game.spec.subtitle:
        parts.append(Paragraph(f"<i>{text_markup(game.spec.subtitle)}</i>", styles.body))
    players = game.spec.players
    who = "; ".join(escape(credit.name) for credit in game.spec.credits[:1])
    parts += [
        Paragraph(f"Rules booklet · {players.min} to {players.max} players · {who}", styles.body),
        Spacer(1, styles.size * 2.5),
    ]
    if any(has_design(game, deck) for deck in game.decks):
        parts.append(CoverArt(game, width, faces))
    parts += [Spacer(1, styles.size * 2), Paragraph(text_markup(game.spec.summary), styles.body)]
    return parts


def _table(rows: list[list[Paragraph]], widths: list[float]) -> Table:
    table = Table(rows, colWidths=widths, repeatRows=1, hAlign="LEFT")
    table.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, -1), BODY, 8),
        ("LINEBELOW", (0, 0), (-1, -1), 0.4, NOTE_RULE),
        ("BACKGROUND", (0, 0), (-1, 0), HEAD),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
        ("TOPPADDING", (0, 0), (-1, -1), 2.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
    ]))  # fmt: skip
    return table


def components(game: Game, styles: Styles, width: float, plan: DocumentPlan) -> list[Flowable]:
    """The component checklist: every deck with its count, when it is used, how many
    times to print it, and its pages in the kit PDF of this paper."""
    paper = PAPER_NAMES[plan.options.paper]
    head = [Paragraph(text, styles.head) for text in ("", "Component", "Count", "Print")]
    rows = [head]
    for deck in game.decks:
        notes = []
        if deck.spec.only_under:
            notes.append(escape(only_when(game, deck.spec.only_under)))
        more = deck.spec.more_copies
        if more is not None:
            notes.append(f"<b>print {TIMES[more.copies]} for {more.players} or more players</b>")
        pages = pages_words(plan.pages_with(game, deck))
        what = text_markup(deck.spec.title)
        if notes:
            what += f" <font size='{styles.cell.fontSize}'>({'; '.join(notes)})</font>"
        rows.append([
            Paragraph("\u2610", styles.cell),
            Paragraph(what, styles.cell),
            Paragraph(str(deck.physical_count), styles.cell),
            Paragraph(pages, styles.cell),
        ])  # fmt: skip
    for extra in plan.extras.get(game.id, []):
        pages = pages_words(plan.pages_of_extra(extra))
        rows.append([
            Paragraph("\u2610", styles.cell),
            Paragraph(text_markup(extra.title), styles.cell),
            Paragraph("", styles.cell),
            Paragraph(pages, styles.cell),
        ])  # fmt: skip
    widths = [width * 0.06, width * 0.6, width * 0.1, width * 0.24]
    return [
        Paragraph(
            f"Everything the game is played with. The page numbers are those of the kit's "
            f"{escape(paper)} PDF ({escape(game.id)}-{plan.options.paper}.pdf).",
            styles.body,
        ),
        _table(rows, widths),
        Spacer(1, styles.size),
    ]


def also_needed(game: Game, styles: Styles, width: float, plan: DocumentPlan) -> list[Flowable]:
    """What else the table needs, and which of it this kit prints."""
    needs = game.spec.also_needed
    if not needs:
        return []
    printed = {extra.need.item: extra for extra in plan.extras.get(game.id, [])}
    head = [Paragraph(text, styles.head) for text in ("You also need", "How many", "For")]
    rows = [head]
    for need in needs:
        why = text_markup(need.why)
        if need.only_under:
            why += f" ({escape(only_when(game, need.only_under))})"
        extra = printed.get(need.item)
        if extra is not None:
            pages = pages_words(plan.pages_of_extra(extra))
            why += f". <b>This kit prints {escape(extra.title.lower())}: {pages}.</b>"
        rows.append([
            Paragraph(text_markup(need.item), styles.cell),
            Paragraph(text_markup(need.count or ""), styles.cell),
            Paragraph(why, styles.cell),
        ])  # fmt: skip
    return [_table(rows, [width * 0.3, width * 0.18, width * 0.52]), Spacer(1, styles.size)]


def terms(game: Game, styles: Styles) -> list[Flowable]:
    """The game's terms from its glossary, as a list of definitions."""
    if not game.glossary:
        return []
    parts: list[Flowable] = [Paragraph('<a name="terms"/>Terms', styles.h2)]
    for entry in sorted(game.glossary, key=lambda entry: entry.term.casefold()):
        parts.append(Paragraph(
            f"<b>{text_markup(entry.term)}</b>: {text_markup(entry.meaning)}", styles.body
        ))  # fmt: skip
    return parts


def credits(game: Game, styles: Styles) -> list[Flowable]:
    parts: list[Flowable] = [Paragraph('<a name="credits"/>Credits', styles.h2)]
    for credit in game.spec.credits:
        parts.append(Paragraph(
            f"<b>{text_markup(credit.name)}</b>: {text_markup(credit.role)}", styles.body
        ))  # fmt: skip
    source = game.spec.source
    if source is not None:
        edition = f", {source.edition}" if source.edition else ""
        parts.append(Paragraph(f"<i>Source rules:</i> {text_markup(source.title + edition)}.",
                               styles.body))  # fmt: skip
    parts.append(Paragraph(text_markup(game.spec.provenance.note), styles.body))
    for deck in game.decks:
        parts.append(Paragraph(
            f"<b>{text_markup(deck.spec.title)}</b>: {text_markup(deck.spec.provenance.note)}",
            styles.small,
        ))  # fmt: skip
    parts.append(Paragraph(
        "This booklet sets the same hand-written rules as the kit's website. Fonts: "
        + escape("; ".join(FONT_CREDITS)) + ". " + escape(load().release.words()) + ".",
        styles.small,
    ))  # fmt: skip
    return parts


def tabs_note(styles: Styles) -> Paragraph:
    return Paragraph(
        "Where the website shows the same rule in tabs (the beta and the older draft, "
        "or French and Spanish suits), this booklet prints the first tab as it stands "
        "and each other tab after it, in a box under its name.",
        styles.small,
    )
