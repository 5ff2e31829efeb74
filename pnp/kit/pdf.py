"""Print-and-play PDFs: the print check, then every game's sheets (fronts
followed by their backs, so each back lands behind its own front) and its
printable extras, as :mod:`pnp.kit.sheets` plans them.

Built in reportlab's invariant mode, so identical input gives identical bytes.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from reportlab.lib.colors import Color, black
from reportlab.pdfbase.pdfdoc import PDFResourceDictionary
from reportlab.pdfgen.canvas import Canvas

from pnp.catalog.base import Card
from pnp.catalog.model import Deck, Game
from pnp.kit import calibration
from pnp.kit.extras import PageFrame
from pnp.kit.faces import FaceContext, FaceError, MissingFaceError, design_for
from pnp.kit.fonts import BODY, new_canvas, register_fonts, text_width
from pnp.kit.geometry import MM, Edges, Rect
from pnp.kit.layout import (
    CAPTION_HEIGHT,
    CAPTION_SIZE,
    MARK_WIDTH,
    PAPER_NAMES,
    PAPERS,
    Duplex,
    LayoutError,
    Segment,
    Slot,
    place_caption,
)
from pnp.kit.options import KitOptions, back_offset
from pnp.kit.sheets import DocumentPlan, Page, PageKind, SheetGroup, plan_document

__all__ = ["KitOptions", "MissingFaceError", "count_pages", "game_pdf", "kit_pdf"]

CAPTION_GREY = Color(0.3, 0.3, 0.3)


class UnprintableTextError(ValueError):
    """The catalog holds text the kit's fonts cannot print (see :mod:`pnp.kit.glyphs`)."""


@dataclass
class PdfBuilder:
    """Draws a planned document onto one canvas; ``progress`` is called once per page."""

    options: KitOptions
    title: str
    subject: str
    progress: Callable[[str], None] = lambda _: None
    buffer: io.BytesIO = field(default_factory=io.BytesIO)
    forms: dict[tuple[str, str, str, str], str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        register_fonts()
        self.page_size = PAPERS[self.options.paper]
        self.canvas = new_canvas(self.buffer, self.page_size)
        self.canvas.setTitle(self.title)
        self.canvas.setAuthor("pnp card game publisher")
        self.canvas.setSubject(self.subject)
        self.canvas.setCreator("pnp (reportlab)")
        self.canvas.setKeywords("print and play, cards")
        self.canvas.setViewerPreference("PrintScaling", "None")
        self.canvas.setViewerPreference("DisplayDocTitle", "true")

    def build(self, plan: DocumentPlan, per_game_outline: bool) -> bytes:
        bookmarked: set[tuple[str, str]] = set()
        for page in plan.pages:
            self._outline(page, plan, per_game_outline, bookmarked)
            self._draw(page, plan)
            self.canvas.showPage()
            self.progress(page.kind.value)
        self.canvas.save()
        return self.buffer.getvalue()

    # outline ----------------------------------------------------------------
    def _bookmark(self, page: Page, title: str, level: int) -> None:
        key = f"p{page.number}-{level}-{title}"
        self.canvas.bookmarkPage(key)
        self.canvas.addOutlineEntry(title, key, level=level, closed=False)

    def _outline(self, page: Page, plan: DocumentPlan, per_game: bool,
                 done: set[tuple[str, str]]) -> None:  # fmt: skip
        if page.kind is PageKind.CHECK:
            self._bookmark(page, "Print check and credits", 0)
            return
        game = page.game
        if game is None:
            return
        level = 1 if per_game else 0
        if per_game and (game.id, "") not in done:
            done.add((game.id, ""))
            self._bookmark(page, game.title, 0)
        entries: list[tuple[str, str]] = []
        if page.sheet is not None and page.kind in (PageKind.FRONTS, PageKind.FOLDED):
            entries = [(deck.id, _deck_title(deck)) for deck in page.sheet.decks]
        elif page.extra is not None and page.kind is PageKind.EXTRA:
            entries = [(f"extra:{page.extra.title}", page.extra.title)]
        for key, title in entries:
            if (game.id, key) not in done:
                done.add((game.id, key))
                self._bookmark(page, title, level)

    # pages ------------------------------------------------------------------
    def _draw(self, page: Page, plan: DocumentPlan) -> None:
        canvas = self.canvas
        if page.kind is PageKind.CHECK:
            calibration.front_page(canvas, self.page_size, plan, self.options)
        elif page.kind is PageKind.CHECK_BACK:
            calibration.back_page(canvas, self.page_size, plan, self.options)
        elif page.kind is PageKind.EXTRA or page.kind is PageKind.EXTRA_BACK:
            assert page.extra is not None
            width, height = self.page_size
            printable = Rect(0, 0, width, height).inset(self.options.margin_mm * MM)
            frame = PageFrame(width, height, printable, self.options.faces, self.options.duplex,
                              back=page.kind is PageKind.EXTRA_BACK)  # fmt: skip
            page.extra.draw(canvas, page.part, frame)
        else:
            self._sheet_page(page)

    def _sheet_page(self, page: Page) -> None:
        group = page.group
        assert group is not None and page.game is not None
        sheet_plan = group.plan
        duplex = self.options.duplex
        marks: list[Segment] = []
        if page.kind in (PageKind.FRONTS, PageKind.FOLDED):
            assert page.sheet is not None
            for index, (deck, card) in enumerate(page.sheet.cards):
                self._place(
                    self._form(page.game, deck, card, "front"), sheet_plan.front_slot(index)
                )
            marks += sheet_plan.front_marks()
        if page.kind in (PageKind.BACKS, PageKind.FOLDED):
            offset = back_offset(self.options) if page.kind is PageKind.BACKS else (0.0, 0.0)
            cards = (
                page.sheet.cards
                if page.sheet is not None
                else tuple((group.decks[0], group.decks[0].cards[0]) for _ in range(
                    sheet_plan.capacity))
            )  # fmt: skip
            for index, (deck, card) in enumerate(cards):
                self._place(self._form(page.game, deck, card, "back"),
                            sheet_plan.back_slot(index, offset))  # fmt: skip
            marks += sheet_plan.back_marks(offset)
        if page.kind is PageKind.FOLDED:
            self._fold_line(sheet_plan.fold_line)
        self._marks_and_caption(marks, self._captions(page, group, duplex), sheet_plan.printable)

    def _captions(self, page: Page, group: SheetGroup, duplex: Duplex) -> list[str]:
        """The sheet's caption, then shorter versions in case the long one finds no room."""
        assert page.game is not None
        count = len(group.sheets)
        if page.sheet is None:  # the one back sheet of a deck whose backs are alike
            deck = group.decks[0]
            copies = f"print {count} {'copy' if count == 1 else 'copies'}"
            what = f"backs of {deck.spec.title}: {copies}, glue each behind a front sheet"
            short = f"backs: {copies}"
        else:
            # numbered per deck, as the print check counts each deck's sheets
            places = group.deck_sheets(page.sheet)
            decks = " + ".join(
                f"{_deck_title(deck)} · sheet {place} of {total}" for deck, place, total in places
            )
            sheet = " + ".join(f"sheet {place} of {total}" for _, place, total in places)
            side = {
                PageKind.FRONTS: "fronts",
                PageKind.BACKS: "backs",
                PageKind.FOLDED: "fold on the dashed line, glue, then cut",
            }[page.kind]
            if duplex is Duplex.NONE and page.kind is PageKind.BACKS:
                side = "backs: glue behind the fronts, turned over left to right"
            what = f"{decks} · {side}"
            short = f"{sheet} · {side}"
        number = f"page {page.number}"
        return [
            f"{page.game.title} · {what} · {number}",
            f"{what} · {number}",
            f"{short} · {number}",
            number,
        ]

    def _marks_and_caption(self, marks: list[Segment], captions: Sequence[str],
                           printable: Rect) -> None:  # fmt: skip
        centre = self.page_size[0] / 2
        for text in captions:
            width = text_width(text, BODY, CAPTION_SIZE)
            if width > printable.width:
                continue
            try:
                box, marks_left = place_caption(width, marks, printable, centre)
            except LayoutError:
                continue
            self._crop_marks(marks_left)
            self._caption(text, box.x, box.y)
            return
        raise LayoutError(f"no room for any sheet caption clear of the crop marks: {captions[0]!r}")

    # drawing ----------------------------------------------------------------
    def _form(self, game: Game, deck: Deck, card: Card, side: str) -> str:
        """The name of a PDF form holding this face, drawn once with full bleed.

        Every copy of a card, and every card sharing a back, reuses the form:
        the face is drawn once per document however often it is printed.
        """
        design = design_for(game, deck)
        shared_back = side == "back" and not deck.back_varies
        key = (game.id, deck.id, "" if shared_back else card.id, side)
        name = self.forms.get(key)
        if name is None:
            name = f"face{len(self.forms)}"
            self.forms[key] = name
            size = deck.spec.size
            width, height = size.width * MM, size.height * MM
            bleed = self.options.bleed_mm * MM
            context = FaceContext(game, deck, self.options.faces, width, height, Edges.even(bleed))
            canvas = self.canvas
            canvas.beginForm(name, -bleed, -bleed, width + bleed, height + bleed)  # type: ignore[arg-type]
            draw = design.front if side == "front" else design.back
            try:
                draw(canvas, card, context)
            except FaceError as error:
                raise type(error)(f"{game.title}, {deck.spec.file}: {error}") from None
            canvas.endForm(Resources=_form_resources(canvas))
        return name

    def _place(self, form: str, slot: Slot) -> None:
        """Draw a face form in ``slot``, clipped to the slot's own bleed, turned a
        quarter (top to the page's left) when the slot is turned."""
        canvas = self.canvas
        canvas.saveState()
        box = slot.bleed_box
        clip = canvas.beginPath()
        clip.rect(box.x, box.y, box.width, box.height)
        canvas.clipPath(clip, stroke=0, fill=0)
        trim = slot.trim
        if slot.turned:
            canvas.translate(trim.right, trim.y)
            canvas.rotate(90)
        else:
            canvas.translate(trim.x, trim.y)
        canvas.doForm(form)
        canvas.restoreState()

    def _crop_marks(self, marks: Sequence[Segment]) -> None:
        canvas = self.canvas
        canvas.saveState()
        canvas.setStrokeColor(black)
        canvas.setLineWidth(MARK_WIDTH)
        for mark in marks:
            canvas.line(mark.x1, mark.y1, mark.x2, mark.y2)
        canvas.restoreState()

    def _fold_line(self, line: Segment | None) -> None:
        if line is None:
            return
        canvas = self.canvas
        canvas.saveState()
        canvas.setStrokeColor(Color(0.35, 0.35, 0.35))
        canvas.setLineWidth(0.8)
        canvas.setDash(4, 3)
        canvas.line(line.x1 + 1 * MM, line.y1, line.x2 - 1 * MM, line.y2)
        canvas.restoreState()

    def _caption(self, text: str, x: float, y: float) -> None:
        canvas = self.canvas
        canvas.saveState()
        canvas.setFont(BODY, CAPTION_SIZE)
        canvas.setFillColor(CAPTION_GREY)
        # the box is the line's height; the baseline sits its descent above the bottom
        canvas.drawString(x, y + CAPTION_HEIGHT * 0.25, text)
        canvas.restoreState()


def _deck_title(deck: Deck) -> str:
    return f"{deck.spec.title} (optional)" if deck.spec.only_under else deck.spec.title


def _form_resources(canvas: Canvas) -> PDFResourceDictionary:
    """Resources for a form XObject, transparency states and images included.

    reportlab's forms list only fonts and procedure sets, so an alpha set inside
    a form would refer to a state the form does not define (viewers then draw it
    opaque), and an image placed in it (a layout's art) to an object it does not
    name. The faces draw no shadings, so fonts, procedure sets, the graphics states
    and the images are all a face form needs.
    """
    resources = PDFResourceDictionary()
    resources.basicFonts()
    resources.allProcs()
    states = getattr(canvas, "_extgstate").getState()  # noqa: B009  (private: the form's states)
    if states:
        setattr(resources, "ExtGState", states)  # noqa: B010  (missing from reportlab's stubs)
    images = getattr(canvas, "_formsinuse")  # noqa: B009  (private: the XObjects drawn)
    if images:
        document = getattr(canvas, "_doc")  # noqa: B009  (private: the PDF being made)
        setattr(resources, "XObject", document.xobjDict(images))  # noqa: B010
    return resources


def game_pdf(
    game: Game, options: KitOptions, progress: Callable[[str], None] = lambda _: None
) -> bytes:
    """The kit of one game on one paper size."""
    builder = PdfBuilder(
        options,
        title=f"{game.title} print-and-play kit ({PAPER_NAMES[options.paper]})",
        subject=game.spec.summary,
        progress=progress,
    )
    return builder.build(plan_document([game], options), per_game_outline=False)


def kit_pdf(games: Iterable[Game], options: KitOptions,
            progress: Callable[[str], None] = lambda _: None) -> bytes:  # fmt: skip
    """Every game's kit in one file."""
    games = list(games)
    builder = PdfBuilder(
        options,
        title=f"Print-and-play kit ({PAPER_NAMES[options.paper]}): "
        + ", ".join(game.title for game in games),
        subject="Print-and-play card games",
        progress=progress,
    )
    return builder.build(plan_document(games, options), per_game_outline=True)


def count_pages(game: Game, options: KitOptions) -> int:
    """Pages ``game_pdf`` produces."""
    return len(plan_document([game], options).pages)
