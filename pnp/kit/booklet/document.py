"""Rules booklets: a game's rules set for print, in two forms per paper.

- ``rules_pdf``: pages of the paper's own size, to print one- or two-sided;
- ``booklet_pdf``: A5 (half-Letter) pages imposed two to a landscape sheet in
  saddle-stitch order, to print two-sided flipping on the short edge, fold in
  half and staple: a little rule book.

The story: a cover with the game's cards, contents, components with counts,
what else the table needs, then the game's Learn, Rules, Variants and
Clarifications pages (``cards/<game>/pages/``, as the site shows them), the game's terms
(its ``glossary.yaml``) and the credits. Built in reportlab's
invariant mode, so the same input gives the same bytes.
"""

from __future__ import annotations

import ctypes
import hashlib
import io
import re
from typing import Any

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_raw
from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    Frame,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
    TableStyle,
)
from reportlab.platypus.doctemplate import LayoutError as ReportlabLayoutError
from reportlab.platypus.tableofcontents import TableOfContents

from pnp.catalog.model import Game
from pnp.kit.booklet import parts
from pnp.kit.booklet.flow import Heading, Setter, Styles
from pnp.kit.booklet.markup import Page, read_pages
from pnp.kit.fonts import BODY, DISPLAY, register_fonts, set_page_boxes
from pnp.kit.geometry import MM
from pnp.kit.layout import PAPERS
from pnp.kit.options import KitOptions
from pnp.kit.sheets import plan_document

#: Booklet pages: half the paper, folded.
HALVES = {"a4": (148.5 * MM, 210 * MM), "letter": (139.7 * MM, 215.9 * MM)}
GREY = Color(0.35, 0.35, 0.35)


class BookletError(ValueError):
    """A booklet cannot be set (a table or a note too big for a page ...)."""


class _Document(BaseDocTemplate):
    """A document that lists its headings in the contents and the outline."""

    def __init__(self, target: io.BytesIO, title: str, **values: Any) -> None:
        # the canvas starts in the kit's font, so no base font is ever referenced
        super().__init__(target, title=title, author="pnp card game publisher",
                         creator="pnp (reportlab)", invariant=1, initialFontName=BODY,
                         initialFontSize=10, **values)  # fmt: skip
        self.running_title = title

    def handle_pageBegin(self) -> None:
        set_page_boxes(self.canv, self.pagesize)
        super().handle_pageBegin()

    def afterFlowable(self, flowable: Flowable) -> None:
        entry = getattr(flowable, "toc_entry", None)
        if not isinstance(entry, Heading):
            return
        self.canv.bookmarkPage(entry.key)
        self.canv.addOutlineEntry(entry.text, entry.key, level=entry.level, closed=True)
        self.notify("TOCEntry", (entry.level, entry.text, self.page, entry.key))


def _decorate(title: str) -> Any:
    """The running foot: the page number at the outer edge (right on odd pages, left on
    even ones, as a folded or bound booklet opens) and the title at the inner edge."""

    def draw(canvas: Canvas, document: _Document) -> None:
        width, _ = document.pagesize
        canvas.saveState()
        canvas.setFont(BODY, 7.5)
        canvas.setFillColor(GREY)
        y = document.bottomMargin * 0.45
        left, right = document.leftMargin, width - document.rightMargin
        if document.page % 2:
            canvas.drawRightString(right, y, str(document.page))
            canvas.drawString(left, y, title)
        else:
            canvas.drawString(left, y, str(document.page))
            canvas.drawRightString(right, y, title)
        canvas.restoreState()

    return draw


def _heading(text: str, key: str, styles: Styles) -> Paragraph:
    paragraph = Paragraph(f'<a name="{key}"/>{text}', styles.h1)
    paragraph.toc_entry = Heading(0, text, key)  # type: ignore[attr-defined]
    return paragraph


_READ: dict[int, tuple[Game, list[Page]]] = {}


def _pages(game: Game) -> list[Page]:
    """The game's hand-written pages, read once per process for both forms of booklet."""
    found = _READ.get(id(game))
    if found is None or found[0] is not game:
        _READ.clear()
        found = _READ[id(game)] = (game, read_pages(game))
    return found[1]


#: A part starts a new page only when less than this share of a page is left, so that no
#: page ends mostly empty (the contents and the components share a page, a short part
#: follows the end of the one before).
NEW_PAGE_UNDER = 0.4


def story(game: Game, options: KitOptions, styles: Styles, width: float,
          height: float) -> list[Flowable]:  # fmt: skip
    """Every flowable of the booklet, cover first (``width`` x ``height``: the text frame)."""
    next_part = CondPageBreak(height * NEW_PAGE_UNDER)
    plan = plan_document([game], options)
    pages = _pages(game)
    anchors = {page.name: page.anchors for page in pages}
    flowables: list[Flowable] = parts.cover(game, styles, width, options.faces)
    flowables += [NextPageTemplate("body"), PageBreak()]
    flowables.append(Paragraph("Contents", styles.h2))
    if any(node.tag == "div" and "tabbed-set" in node.classes
           for page in pages for node in page.tree.walk()):  # fmt: skip
        flowables.append(parts.tabs_note(styles))
    contents = TableOfContents(
        dotsMinLevel=0,
        # the cells' own font, so the table never falls back to a base font
        tableStyle=TableStyle([("FONT", (0, 0), (-1, -1), BODY, styles.size),
                               ("VALIGN", (0, 0), (-1, -1), "TOP")]),
    )  # fmt: skip
    contents.levelStyles = [
        styles.body.clone("toc0", fontName=DISPLAY, fontSize=styles.size * 1.05,
                          leading=styles.size * 1.45, leftIndent=0, firstLineIndent=0,
                          spaceBefore=styles.size * 0.2, spaceAfter=0),
        styles.body.clone("toc1", fontSize=max(7.0, styles.size * 0.9),
                          leading=styles.size * 1.12, leftIndent=styles.size * 1.2,
                          firstLineIndent=0, spaceAfter=0),
    ]  # fmt: skip
    flowables.append(contents)
    flowables.append(next_part)
    flowables.append(_heading("What is in the box", "components-part", styles))
    # the contents set their entries at full length from the first pass (reportlab starts a
    # pass from the entries of the last), so the pages do not move when the page numbers
    # come in: two passes instead of three
    seeds = [
        Heading(0, "What is in the box", "components-part"),
        *_headings(pages, styles, width),
        Heading(0, "Terms and credits", "about"),
    ]
    for seed in seeds:
        contents.addEntry(seed.level, seed.text, 0, seed.key)
    flowables += parts.components(game, styles, width, plan)
    flowables += parts.also_needed(game, styles, width, plan)
    for page in pages:
        flowables.append(next_part)
        flowables += _page(page, styles, width, anchors)
    if not pages:
        flowables += [next_part, Paragraph("The rules of this game are not written yet.",
                                           styles.body)]  # fmt: skip
    flowables.append(next_part)
    flowables.append(_heading("Terms and credits", "about", styles))
    flowables += parts.terms(game, styles)
    flowables += parts.credits(game, styles)
    return flowables


def _headings(pages: list[Page], styles: Styles, width: float) -> list[Heading]:
    """The headings the contents will list, in order, before anything is set."""
    anchors = {page.name: page.anchors for page in pages}
    found: list[Heading] = []
    for page in pages:
        setter = Setter(styles, width, page.name, anchors)
        for node in page.tree.walk():
            if node.tag in ("h1", "h2"):
                setter.heading(node)
        found += setter.headings
    return found


def _page(page: Page, styles: Styles, width: float,
          anchors: dict[str, frozenset[str]]) -> list[Flowable]:  # fmt: skip
    setter = Setter(styles, width, page.name, anchors)
    return setter.blocks(page.tree)


def _build(game: Game, options: KitOptions, page_size: tuple[float, float],
           body_size: float, margins: tuple[float, float, float, float]) -> bytes:  # fmt: skip
    """The booklet's pages at ``page_size`` (margins: left, right, top, bottom)."""
    register_fonts()
    left, right, top, bottom = margins
    width, height = page_size
    buffer = io.BytesIO()
    title = f"{game.title}: rules"
    document = _Document(buffer, title, pagesize=page_size, leftMargin=left, rightMargin=right,
                         topMargin=top, bottomMargin=bottom,
                         subject=game.spec.summary)  # fmt: skip
    frame = Frame(left, bottom, width - left - right, height - top - bottom, id="text",
                  leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)  # fmt: skip
    document.addPageTemplates([
        PageTemplate(id="cover", frames=[frame]),
        PageTemplate(id="body", frames=[frame], onPage=_decorate(game.title)),
    ])  # fmt: skip
    styles = Styles.at(body_size)
    try:
        document.multiBuild(story(game, options, styles, width - left - right,
                                  height - top - bottom))  # fmt: skip
    except ReportlabLayoutError as error:
        raise BookletError(f"the {game.title} rules booklet cannot be set: {error}") from error
    return buffer.getvalue()


def rules_pdf(game: Game, options: KitOptions) -> bytes:
    """The rules on pages of the kit's paper."""
    margin = max(options.margin_mm, 5.0) * MM + 10 * MM
    return _build(game, options, PAPERS[options.paper], 10.5,
                  (margin + 4 * MM, margin + 4 * MM, margin, margin + 4 * MM))  # fmt: skip


def booklet_pages(game: Game, options: KitOptions) -> bytes:
    """The booklet's half-size pages, in reading order, padded to a multiple of four."""
    margin = max(options.margin_mm, 5.0) * MM + 7 * MM
    return _build(game, options, HALVES[options.paper], 9.0,
                  (margin, margin, margin, margin + 2 * MM))  # fmt: skip


def saddle_order(pages: int) -> list[int]:
    """Page indexes (from 0) in printing order for a saddle-stitched booklet of
    ``pages`` pages (a multiple of four): each sheet's front left and right, then
    its back left and right."""
    order = []
    for sheet in range(pages // 4):
        order += [pages - 1 - 2 * sheet, 2 * sheet, 2 * sheet + 1, pages - 2 - 2 * sheet]
    return order


def booklet_pdf(game: Game, options: KitOptions) -> bytes:
    """The booklet imposed two pages to a landscape sheet, in saddle-stitch order."""
    source = pdfium.PdfDocument(booklet_pages(game, options))
    width, height = HALVES[options.paper]
    count = len(source)
    padded = -(-count // 4) * 4
    for _ in range(padded - count):
        source.new_page(width, height)
    ordered = pdfium.PdfDocument.new()
    ordered.import_pages(source, pages=saddle_order(padded))
    sheet_width, sheet_height = PAPERS[options.paper][1], PAPERS[options.paper][0]
    handle = pdfium_raw.FPDF_ImportNPagesToOne(
        ordered, ctypes.c_float(sheet_width), ctypes.c_float(sheet_height), 2, 1
    )
    imposed = pdfium.PdfDocument(handle)
    for index in range(len(imposed)):  # the sheet is the finished piece (see set_page_boxes)
        sheet = imposed[index]
        sheet.set_trimbox(0, 0, sheet_width, sheet_height)
        sheet.set_bleedbox(0, 0, sheet_width, sheet_height)
    buffer = io.BytesIO()
    imposed.save(buffer)
    return _fixed_id(buffer.getvalue())


_ID = re.compile(rb"(/ID\s*\[\s*<)([0-9A-Fa-f]+)(>\s*<)([0-9A-Fa-f]+)(>)")


_DATE = re.compile(rb"/(CreationDate|ModDate)\(D:\d{14}")


def _fixed_id(data: bytes) -> bytes:
    """The PDF with the date PDFium stamps it with set to reportlab's invariant one
    and its file identifier made from its content (PDFium picks a random one), so
    the same booklet gives the same bytes; the length stays as it was."""
    data = _DATE.sub(lambda match: b"/" + match.group(1) + b"(D:20000101000000", data)
    digest = hashlib.sha256(_ID.sub(rb"\1\3\5", data)).hexdigest().upper().encode()

    def replace(match: re.Match[bytes]) -> bytes:
        first, second = match.group(2), match.group(4)
        return (match.group(1) + digest[: len(first)] + match.group(3)
                + digest[-len(second):] + match.group(5))  # fmt: skip

    return _ID.sub(replace, data, count=1)
