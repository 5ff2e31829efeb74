"""The rules' HTML set with reportlab: headings, paragraphs, lists, tables,
boxed notes (the site's admonitions and collapsible tips) and tabs, in the
kit's own fonts.

Tabs become print: the first tab's text as it stands (the beta rules of
Joe's Bar, the French suits of Chinchón), each other tab after it in a box
under its own label ("Older draft"). Links between the rules' pages become
links within the booklet; links to pages it does not carry become text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib.colors import HexColor
from reportlab.lib.enums import TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import (
    CondPageBreak,
    Flowable,
    Indenter,
    ListFlowable,
    ListItem,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.flowables import FrameBG, HRFlowable

from pnp.kit.booklet.markup import Node
from pnp.kit.fonts import BODY, BODY_BOLD, DISPLAY, SYMBOLS, register_fonts

INK = HexColor("#1c1a19")
LINK = HexColor("#1d4f7a")
NOTE = HexColor("#f1ede4")
NOTE_RULE = HexColor("#9a8a6a")
HEAD = HexColor("#e7e1d3")
#: Pages of the site this booklet carries, by file name; links to others become text.
CARRIED = ("learn", "rules", "variants", "clarifications")


@dataclass(frozen=True)
class Styles:
    """The paragraph styles of a booklet, scaled from one body size."""

    size: float
    body: ParagraphStyle
    h1: ParagraphStyle
    h2: ParagraphStyle
    h3: ParagraphStyle
    h4: ParagraphStyle
    cell: ParagraphStyle
    head: ParagraphStyle
    label: ParagraphStyle
    small: ParagraphStyle

    @classmethod
    def at(cls, size: float) -> Styles:
        register_fonts()
        body = ParagraphStyle(
            "body",
            fontName=BODY,
            fontSize=size,
            leading=size * 1.3,
            textColor=INK,
            spaceAfter=size * 0.5,
            alignment=TA_LEFT,
        )

        def heading(name: str, scale: float, font: str = DISPLAY) -> ParagraphStyle:
            return ParagraphStyle(
                name,
                parent=body,
                fontName=font,
                fontSize=size * scale,
                leading=size * scale * 1.18,
                spaceBefore=size * 0.9,
                spaceAfter=size * 0.35,
                keepWithNext=True,
            )

        cell_size = max(7.0, size - 1.5)
        return cls(
            size=size,
            body=body,
            h1=heading("h1", 2.1),
            h2=heading("h2", 1.45),
            h3=heading("h3", 1.15, BODY_BOLD),
            h4=heading("h4", 1.0, BODY_BOLD),
            cell=ParagraphStyle(
                "cell", parent=body, fontSize=cell_size, leading=cell_size * 1.22, spaceAfter=0
            ),
            head=ParagraphStyle(
                "head",
                parent=body,
                fontName=BODY_BOLD,
                fontSize=cell_size,
                leading=cell_size * 1.22,
                spaceAfter=0,
            ),
            label=ParagraphStyle(
                "label",
                parent=body,
                fontName=BODY_BOLD,
                fontSize=size,
                spaceAfter=size * 0.2,
                keepWithNext=True,
            ),
            small=ParagraphStyle(
                "small", parent=body, fontSize=max(7.0, size - 1), leading=max(7.0, size - 1) * 1.25
            ),
        )


@cache
def _covered(font: str) -> frozenset[int]:
    register_fonts()
    face = pdfmetrics.getFont(font).face  # type: ignore[attr-defined]
    return frozenset(face.charToGlyph)


def text_markup(text: str, font: str = BODY) -> str:
    """``text`` escaped for a paragraph, characters ``font`` lacks set in the symbol font."""
    covered = _covered(font)
    parts = []
    for char in text:
        escaped = escape(char)
        if ord(char) > 127 and ord(char) not in covered:
            escaped = f'<font name="{SYMBOLS}">{escaped}</font>'
        parts.append(escaped)
    return "".join(parts)


@dataclass
class Heading:
    """A heading as the contents and the outline list it."""

    level: int
    text: str
    key: str


@dataclass
class Setter:
    """Sets one page of the rules: ``page`` is its name (``rules``), ``anchors``
    every heading id of every carried page by page, ``width`` the column width."""

    styles: Styles
    width: float
    page: str
    anchors: dict[str, frozenset[str]]
    headings: list[Heading] = field(default_factory=list)
    #: A heading that no table should follow (the hand-written component table
    #: the booklet replaces with its own checklist).
    skip_tables_under: frozenset[str] = frozenset({"what-you-need"})
    _section: str = ""

    # inline ---------------------------------------------------------------------------
    def inline(self, node: Node | str, font: str = BODY) -> str:
        if isinstance(node, str):
            return text_markup(node, font)
        inner = "".join(self.inline(child, font) for child in node.children)
        tag = node.tag
        if tag in ("strong", "b"):
            return f"<b>{inner}</b>"
        if tag in ("em", "i"):
            return f"<i>{inner}</i>"
        if tag == "code":
            return f"<b>{inner}</b>"
        if tag == "br":
            return "<br/>"
        if tag == "sup":
            return f"<super>{inner}</super>"
        if tag == "sub":
            return f"<sub>{inner}</sub>"
        if tag in ("del", "s"):
            return f"<strike>{inner}</strike>"
        if tag == "a":
            target = self.anchor(node.attrs.get("href", ""))
            if target is None:
                return inner
            return f'<a href="#{target}" color="{LINK.hexval()}">{inner}</a>'
        if tag in ("img", "input"):
            return ""
        return inner

    def anchor(self, href: str) -> str | None:
        """The booklet anchor a link points to, or None when the booklet lacks it."""
        if href.startswith(("http:", "https:", "mailto:")) or "/" in href:
            return None
        file, _, fragment = href.partition("#")
        page = file.removesuffix(".md") if file else self.page
        if page not in self.anchors:
            return None
        if not fragment:
            return page
        return f"{page}-{fragment}" if fragment in self.anchors[page] else page

    # blocks ---------------------------------------------------------------------------
    def blocks(self, node: Node) -> list[Flowable]:
        flowables: list[Flowable] = []
        loose: list[Node | str] = []

        def flush() -> None:
            text = "".join(self.inline(part) for part in loose).strip()
            if text:
                flowables.append(Paragraph(text, self.styles.body))
            loose.clear()

        for child in node.children:
            if isinstance(child, str) or child.tag in INLINE:
                loose.append(child)
                continue
            flush()
            flowables += self.block(child)
        flush()
        return flowables

    def block(self, node: Node) -> list[Flowable]:
        tag = node.tag
        styles = self.styles
        if tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
            # a heading never ends a page alone: start a new page when little is left
            room = styles.size * (9 if tag in ("h2", "h3") else 5)
            return [CondPageBreak(room), self.heading(node)]
        if tag == "p":
            text = "".join(self.inline(child) for child in node.children).strip()
            return [Paragraph(text, styles.body)] if text else []
        if tag in ("ul", "ol"):
            return [self.listing(node)]
        if tag == "table":
            if self._section in self.skip_tables_under:
                return []
            return [self.table(node), Spacer(1, styles.size * 0.6)]
        if tag == "hr":
            return [
                HRFlowable(
                    width="100%", thickness=0.5, color=NOTE_RULE, spaceBefore=4, spaceAfter=6
                )
            ]
        if tag == "div" and "admonition" in node.classes:
            title = next(
                (child for child in node.elements() if "admonition-title" in child.classes), None
            )
            body = Node("div", children=[c for c in node.children if c is not title])
            return self.note(title.text().strip() if title else "", self.blocks(body))
        if tag == "details":
            summary = next((child for child in node.elements() if child.tag == "summary"), None)
            body = Node("div", children=[c for c in node.children if c is not summary])
            return self.note(summary.text().strip() if summary else "", self.blocks(body))
        if tag == "div" and "tabbed-set" in node.classes:
            return self.tabs(node)
        if tag == "blockquote":
            indent = styles.size * 1.5
            return [Indenter(left=indent), *self.blocks(node), Indenter(left=-indent)]
        if tag == "dl":
            return self.definitions(node)
        if tag in ("input", "img", "script", "style"):
            return []
        return self.blocks(node)

    def heading(self, node: Node) -> Paragraph:
        level = int(node.tag[1])
        styles = self.styles
        style = {1: styles.h1, 2: styles.h2, 3: styles.h3}.get(level, styles.h4)
        ident = node.attrs.get("id", "")
        if level <= 2:
            self._section = ident
        key = self.page if level == 1 else f"{self.page}-{ident}"
        font = style.fontName
        text = "".join(self.inline(child, font) for child in node.children).strip()
        paragraph = Paragraph(f'<a name="{key}"/>{text}', style)
        if level <= 2:
            plain = node.text().strip()
            paragraph.toc_entry = Heading(level - 1, plain, key)  # type: ignore[attr-defined]
            self.headings.append(Heading(level - 1, plain, key))
        return paragraph

    def listing(self, node: Node) -> ListFlowable:
        ordered = node.tag == "ol"
        items = []
        for item in node.elements():
            if item.tag != "li":
                continue
            content = self.blocks(item) or [Paragraph("", self.styles.body)]
            items.append(ListItem(content))
        return ListFlowable(
            items,  # type: ignore[arg-type]
            bulletType="1" if ordered else "bullet",
            start="1" if ordered else "\u2022",
            bulletFontName=BODY_BOLD if ordered else BODY,
            bulletFontSize=self.styles.size,
            leftIndent=self.styles.size * 1.5,
            bulletDedent="auto",
        )

    def note(self, title: str, content: list[Flowable], label: str = "") -> list[Flowable]:
        """A boxed note: a tinted ground behind it, a rule down its left side."""
        styles = self.styles
        pad = styles.size * 0.7
        head = label or title
        body: list[Flowable] = []
        if head:
            body.append(Paragraph(text_markup(head, BODY_BOLD), styles.label))
        body += content
        return [
            Spacer(1, styles.size * 0.3),
            FrameBG(start=True, color=NOTE, left=0, right=0),
            Spacer(1, pad * 0.6),
            Indenter(left=pad, right=pad),
            *body,
            Indenter(left=-pad, right=-pad),
            Spacer(1, pad * 0.2),
            FrameBG(start=False),
            Spacer(1, styles.size * 0.6),
        ]

    def tabs(self, node: Node) -> list[Flowable]:
        labels = [label.text().strip() for label in node.walk() if label.tag == "label"]
        blocks = [block for block in node.walk() if "tabbed-block" in block.classes]
        flowables: list[Flowable] = []
        for index, block in enumerate(blocks):
            label = labels[index] if index < len(labels) else ""
            content = self.blocks(block)
            if index == 0:
                if label:
                    flowables.append(Paragraph(text_markup(label, BODY_BOLD), self.styles.label))
                flowables += content
            else:
                flowables += self.note("", content, label=label)
        return flowables

    def definitions(self, node: Node) -> list[Flowable]:
        flowables: list[Flowable] = []
        indent = self.styles.size * 1.5
        for child in node.elements():
            if child.tag == "dt":
                text = "".join(self.inline(part) for part in child.children).strip()
                flowables.append(Paragraph(f"<b>{text}</b>", self.styles.label))
            elif child.tag == "dd":
                flowables += [Indenter(left=indent), *self.blocks(child), Indenter(left=-indent)]
        return flowables

    def table(self, node: Node) -> Table:
        styles = self.styles
        rows: list[list[Paragraph]] = []
        texts: list[list[str]] = []
        cells: list[Node]
        header_rows = 0
        for tr in (n for n in node.walk() if n.tag == "tr"):
            cells = [cell for cell in tr.elements() if cell.tag in ("th", "td")]
            is_head = all(cell.tag == "th" for cell in cells)
            header_rows += is_head and not rows
            style = styles.head if is_head else styles.cell
            rows.append([Paragraph(self.inline(cell).strip(), style) for cell in cells])
            texts.append([cell.text().strip() for cell in cells])
        columns = max(len(row) for row in rows)
        for cells_of_row in rows:
            cells_of_row += [Paragraph("", styles.cell)] * (columns - len(cells_of_row))
        widths = _column_widths(texts, columns, self.width)
        table = Table(rows, colWidths=widths, repeatRows=min(header_rows, 1), hAlign="LEFT")
        commands: list[Any] = [
            ("FONT", (0, 0), (-1, -1), BODY, styles.cell.fontSize),
            ("GRID", (0, 0), (-1, -1), 0.4, NOTE_RULE),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (-1, -1), 3),
            ("RIGHTPADDING", (0, 0), (-1, -1), 3),
            ("TOPPADDING", (0, 0), (-1, -1), 2),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5),
        ]
        if header_rows:
            commands.append(("BACKGROUND", (0, 0), (-1, 0), HEAD))
        table.setStyle(TableStyle(commands))
        return table


INLINE = {
    "a",
    "abbr",
    "b",
    "br",
    "code",
    "del",
    "em",
    "i",
    "img",
    "kbd",
    "mark",
    "s",
    "small",
    "span",
    "strong",
    "sub",
    "sup",
    "u",
}


def _column_widths(texts: list[list[str]], columns: int, width: float) -> list[float]:
    """Widths sharing ``width`` by how much each column has to say (short columns
    get what they need, long ones share the rest)."""
    longest = [4] * columns
    for row in texts:
        for index, text in enumerate(row):
            longest[index] = max(longest[index], min(len(text), 60))
    total = sum(longest)
    return [width * length / total for length in longest]
