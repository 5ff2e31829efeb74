"""Print-and-play PDFs: a calibration page, then every deck's sheets, fronts
followed by their backs so that each back lands behind its own front.

Built in reportlab's invariant mode, so identical input gives identical bytes.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import islice

from reportlab.lib.colors import Color, black
from reportlab.pdfbase.pdfdoc import PDFResourceDictionary
from reportlab.pdfgen.canvas import Canvas

from pnp.catalog.base import Card
from pnp.catalog.model import Deck, Game
from pnp.kit import calibration
from pnp.kit.faces import FACES, FaceContext, FaceDesign, FaceOptions, TextOverflowError
from pnp.kit.fonts import BODY, new_canvas, register_fonts
from pnp.kit.geometry import MM, Edges, Rect
from pnp.kit.layout import MARK_WIDTH, PAPER_NAMES, Duplex, Grid, SheetPlan, plan_sheets


@dataclass(frozen=True)
class KitOptions:
    """The choices of ``pnp build``."""

    paper: str = "a4"
    bleed_mm: float = 3.0
    duplex: Duplex = Duplex.LONG
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    faces: FaceOptions = field(default_factory=FaceOptions)


class MissingFaceError(ValueError):
    """A deck kind has no drawing."""


class UnprintableTextError(ValueError):
    """The catalog holds text the kit's fonts cannot print (see :mod:`pnp.kit.glyphs`)."""


def design_of(deck: Deck) -> FaceDesign:
    design = FACES.get(deck.spec.kind)
    if design is None:
        raise MissingFaceError(
            f"deck {deck.id!r}: no card face is drawn for kind {deck.spec.kind!r}"
        )
    return design


def physical_cards(deck: Deck) -> list[Card]:
    """Every printed card of the deck, copies included, in data order."""
    return [card for card in deck.cards for _ in range(card.count)]


def _chunks(cards: Sequence[Card], size: int) -> Iterator[Sequence[Card]]:
    iterator = iter(cards)
    while chunk := list(islice(iterator, size)):
        yield chunk


@dataclass
class PdfBuilder:
    """Draws pages onto one canvas; ``progress`` is called once per page."""

    options: KitOptions
    title: str
    subject: str
    progress: Callable[[str], None] = lambda _: None
    buffer: io.BytesIO = field(default_factory=io.BytesIO)
    pages: int = 0
    forms: dict[tuple[str, str, str, str], str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        register_fonts()
        from pnp.kit.layout import PAPERS

        self.page_size = PAPERS[self.options.paper]
        self.canvas = new_canvas(self.buffer, self.page_size)
        self.canvas.setTitle(self.title)
        self.canvas.setAuthor("pnp card game publisher")
        self.canvas.setSubject(self.subject)
        self.canvas.setCreator("pnp (reportlab)")
        self.canvas.setKeywords("print and play, cards")
        self.canvas.setViewerPreference("PrintScaling", "None")
        self.canvas.setViewerPreference("DisplayDocTitle", "true")

    # pages ----------------------------------------------------------------
    def end_page(self, label: str) -> None:
        self.canvas.showPage()
        self.pages += 1
        self.progress(label)

    def bookmark(self, title: str, level: int) -> None:
        key = f"p{self.pages}-{level}-{title}"
        self.canvas.bookmarkPage(key)
        self.canvas.addOutlineEntry(title, key, level=level, closed=False)

    def add_calibration(self, games: Sequence[Game]) -> None:
        self.bookmark("Print check and credits", 0)
        calibration.front_page(self.canvas, self.page_size, games, self.options)
        self.end_page("calibration")
        if self.options.duplex in (Duplex.LONG, Duplex.SHORT):
            calibration.back_page(self.canvas, self.page_size, self.options)
            self.end_page("calibration back")

    def add_deck(self, game: Game, deck: Deck, level: int) -> int:
        """Add the sheets of ``deck``; return the number of sheets."""
        design = design_of(deck)
        size = deck.spec.size
        plan = plan_sheets(self.options.paper, size.width, size.height, self.options.bleed_mm,
                           self.options.duplex)  # fmt: skip
        cards = physical_cards(deck)
        sheets = list(_chunks(cards, plan.capacity))
        optional = f" (optional: {deck.spec.only_under})" if deck.spec.only_under else ""
        self.bookmark(f"{deck.spec.title}{optional}", level)
        caption = f"{game.title} · {deck.spec.title}{optional}"
        duplex = self.options.duplex
        for number, sheet in enumerate(sheets, 1):
            where = f"{caption} · sheet {number} of {len(sheets)}"
            self._fronts(game, deck, plan.front, sheet)
            if duplex is Duplex.GUTTERFOLD:
                self._backs(game, deck, plan, sheet)
                self._fold_line(plan)
                self._caption(f"{where} · fold on the dashed line, then cut")
                self.end_page(where)
                continue
            self._caption(f"{where} · fronts")
            self.end_page(where)
            if duplex is not Duplex.NONE:
                self._backs(game, deck, plan, sheet)
                self._caption(f"{where} · backs")
                self.end_page(where + " backs")
        if duplex is Duplex.NONE:
            backs = sheets if design.back_varies else [[cards[0]] * plan.capacity]
            for number, sheet in enumerate(backs, 1):
                self._backs(game, deck, plan, sheet)
                self._caption(
                    f"{caption} · backs {number} of {len(backs)} (print on card, glue behind)"
                )
                self.end_page(f"{caption} backs")
        return len(sheets)

    def finish(self) -> bytes:
        self.canvas.save()
        return self.buffer.getvalue()

    # drawing ----------------------------------------------------------------
    def _form(self, game: Game, deck: Deck, card: Card, side: str) -> str:
        """The name of a PDF form holding this face, drawn once with full bleed.

        Every copy of a card, and every card sharing a back, reuses the form:
        the face is drawn once per document however often it is printed.
        """
        design = design_of(deck)
        shared_back = side == "back" and not design.back_varies
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
            except TextOverflowError as error:
                raise TextOverflowError(f"{game.title}, {deck.spec.file}: {error}") from None
            canvas.endForm(Resources=_form_resources(canvas))
        return name

    def _place(self, form: str, trim: Rect, bleed: Edges) -> None:
        """Draw a face form at ``trim``, clipped to the slot's own bleed."""
        canvas = self.canvas
        canvas.saveState()
        canvas.translate(trim.x, trim.y)
        clip = canvas.beginPath()
        clip.rect(-bleed.left, -bleed.bottom, trim.width + bleed.left + bleed.right,
                  trim.height + bleed.bottom + bleed.top)  # fmt: skip
        canvas.clipPath(clip, stroke=0, fill=0)
        canvas.doForm(form)
        canvas.restoreState()

    def _fronts(self, game: Game, deck: Deck, grid: Grid, sheet: Sequence[Card]) -> None:
        for index, card in enumerate(sheet):
            self._place(
                self._form(game, deck, card, "front"), grid.slot(index), grid.bleed_at(index)
            )
        self._crop_marks(grid, (0.0, 0.0))

    def _backs(self, game: Game, deck: Deck, plan: SheetPlan, sheet: Sequence[Card]) -> None:
        offset = (self.options.back_offset_mm[0] * MM, self.options.back_offset_mm[1] * MM)
        if self.options.duplex in (Duplex.GUTTERFOLD, Duplex.NONE):
            offset = (0.0, 0.0)
        for index, card in enumerate(sheet):
            grid, target, trim = plan.back_slot(index, offset)
            self._place(self._form(game, deck, card, "back"), trim, grid.bleed_at(target))
        self._crop_marks(plan.back, offset)

    def _crop_marks(self, grid: Grid, offset: tuple[float, float]) -> None:
        canvas = self.canvas
        canvas.saveState()
        canvas.setStrokeColor(black)
        canvas.setLineWidth(MARK_WIDTH)
        for mark in grid.crop_marks():
            canvas.line(mark.x1 + offset[0], mark.y1 + offset[1], mark.x2 + offset[0],
                        mark.y2 + offset[1])  # fmt: skip
        canvas.restoreState()

    def _fold_line(self, plan: SheetPlan) -> None:
        line = plan.fold_line
        if line is None:
            return
        canvas = self.canvas
        canvas.saveState()
        canvas.setStrokeColor(Color(0.35, 0.35, 0.35))
        canvas.setLineWidth(0.8)
        canvas.setDash(4, 3)
        canvas.line(line.x1 + 8 * MM, line.y1, line.x2 - 8 * MM, line.y2)
        canvas.setFont(BODY, 7)
        canvas.setFillColor(Color(0.35, 0.35, 0.35))
        canvas.drawString(line.x1 + 8 * MM, line.y1 + 1.5 * MM, "fold")
        canvas.restoreState()

    def _caption(self, text: str) -> None:
        canvas = self.canvas
        canvas.saveState()
        canvas.setFont(BODY, 7)
        canvas.setFillColor(Color(0.3, 0.3, 0.3))
        canvas.drawCentredString(self.page_size[0] / 2, 1.6 * MM, text)
        canvas.restoreState()


def _form_resources(canvas: Canvas) -> PDFResourceDictionary:
    """Resources for a form XObject, transparency states included.

    reportlab's forms list only fonts and procedure sets, so an alpha set inside
    a form would refer to a state the form does not define (viewers then draw it
    opaque). The faces draw no images or shadings, so fonts, procedure sets and
    the graphics states are all a face form needs.
    """
    resources = PDFResourceDictionary()
    resources.basicFonts()
    resources.allProcs()
    states = getattr(canvas, "_extgstate").getState()  # noqa: B009  (private: the form's states)
    if states:
        setattr(resources, "ExtGState", states)  # noqa: B010  (missing from reportlab's stubs)
    return resources


def _ordered_decks(game: Game) -> list[Deck]:
    """Decks always in play first, then the optional ones."""
    return sorted(game.decks, key=lambda deck: deck.spec.only_under is not None)


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
    builder.add_calibration([game])
    for deck in _ordered_decks(game):
        builder.add_deck(game, deck, level=0)
    return builder.finish()


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
    builder.add_calibration(games)
    for game in games:
        builder.bookmark(game.title, 0)
        for deck in _ordered_decks(game):
            builder.add_deck(game, deck, level=1)
    return builder.finish()


def count_pages(game: Game, options: KitOptions) -> int:
    """Pages ``game_pdf`` produces: calibration plus sheets (times two in duplex)."""
    calibration_pages = 2 if options.duplex in (Duplex.LONG, Duplex.SHORT) else 1
    total = calibration_pages
    for deck in game.decks:
        size = deck.spec.size
        plan = plan_sheets(options.paper, size.width, size.height, options.bleed_mm, options.duplex)
        sheets = -(-sum(card.count for card in deck.cards) // plan.capacity)
        if options.duplex in (Duplex.LONG, Duplex.SHORT):
            total += 2 * sheets
        elif options.duplex is Duplex.GUTTERFOLD:
            total += sheets
        else:
            total += sheets + (sheets if design_of(deck).back_varies else 1)
    return total
