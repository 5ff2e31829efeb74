"""A game's hand-written rules, read for print: each page of
``cards/<game>/pages/`` through the same Markdown extensions as the site
(tables, admonitions, tabs, attribute lists), into a small tree of HTML nodes
that :mod:`pnp.kit.booklet.flow` sets with reportlab.

One source: the booklet reads the very files the site publishes. The card
tables the site includes as snippets (``--8<-- "game/deck.md"``) are made
here from the catalog in a form that fits a page; glossary abbreviations
(the site's hover texts) are left out, and the booklet lists the game's
terms instead.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser

import markdown

from pnp.catalog.base import Card, TableRow
from pnp.catalog.model import Game
from pnp.kit.sheets import only_when

#: The hand-written pages of a game, in the order the booklet prints them.
PAGES = ("learn", "rules", "variants", "clarifications")
SNIPPET = re.compile(r'^--8<--\s+"([^"]+)"\s*$', re.MULTILINE)
EXTENSIONS = [
    "tables",
    "attr_list",
    "admonition",
    "def_list",
    "md_in_html",
    "toc",
    "pymdownx.superfences",
    "pymdownx.tabbed",
    "pymdownx.details",
]
HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}
VOID = {"br", "hr", "img", "input", "meta", "link", "wbr", "col"}


@dataclass
class Node:
    """An HTML element: its tag, attributes and children (nodes and text)."""

    tag: str
    attrs: dict[str, str] = field(default_factory=dict)
    children: list[Node | str] = field(default_factory=list)

    @property
    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())

    def elements(self) -> list[Node]:
        return [child for child in self.children if isinstance(child, Node)]

    def walk(self) -> Iterator[Node]:
        yield self
        for child in self.elements():
            yield from child.walk()

    def text(self) -> str:
        return "".join(child if isinstance(child, str) else child.text() for child in self.children)


class _TreeBuilder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("root")
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, {key: value or "" for key, value in attrs})
        self.stack[-1].children.append(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.stack[-1].children.append(Node(tag, {key: value or "" for key, value in attrs}))

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self.stack) - 1, 0, -1):
            if self.stack[depth].tag == tag:
                del self.stack[depth:]
                return

    def handle_data(self, data: str) -> None:
        self.stack[-1].children.append(data)


def parse_html(html: str) -> Node:
    builder = _TreeBuilder()
    builder.feed(html)
    builder.close()
    return builder.root


@dataclass(frozen=True)
class Page:
    """One hand-written page: its name (``rules``), its HTML tree, and the ids of
    its headings (the anchors its links and the other pages' links point to)."""

    name: str
    tree: Node
    anchors: frozenset[str]

    @property
    def title(self) -> str:
        for node in self.tree.walk():
            if node.tag == "h1":
                return node.text().strip()
        return self.name.capitalize()


def read_pages(game: Game) -> list[Page]:
    """The game's hand-written pages (those it has), in booklet order."""
    pages = []
    for name in PAGES:
        path = game.page(f"{name}.md")
        if path is None:
            continue
        text = SNIPPET.sub(lambda match: snippet(game, match.group(1)), path.read_text("utf-8"))
        converter = markdown.Markdown(
            extensions=EXTENSIONS,
            extension_configs={"pymdownx.tabbed": {"alternate_style": True}},
            output_format="html",
        )
        tree = parse_html(converter.convert(text))
        anchors = frozenset(
            node.attrs["id"] for node in tree.walk() if node.tag in HEADINGS and "id" in node.attrs
        )
        pages.append(Page(name, tree, anchors))
    return pages


# --- card tables that fit a page -----------------------------------------------------------


def _escape(text: str) -> str:
    return re.sub(r"([\\`*_{}\[\]|#<>])", r"\\\1", text).replace("\n", " ")


def snippet(game: Game, target: str) -> str:
    """Markdown for a snippet the site includes: the game's decks, a deck's cards
    as names and copies in three columns, or a table's rows with what they mean."""
    game_id, _, name = target.partition("/")
    stem = name.removesuffix(".md")
    if game_id != game.id:
        return ""
    if stem == "decks":
        lines = ["| Deck | Cards | Used |", "|---|---:|---|"]
        for deck in game.decks:
            used = only_when(game, deck.spec.only_under) if deck.spec.only_under else "always"
            lines.append(f"| {_escape(deck.spec.title)} | {deck.physical_count} | {used} |")
        return "\n".join(lines) + "\n"
    for deck in game.decks:
        if deck.id == stem:
            return _card_columns(deck.cards)
    for table in game.tables:
        if table.id == stem:
            return _rows(table.entries)
    return ""


def _card_columns(cards: tuple[Card, ...], columns: int = 3) -> str:
    """Cards as 'name, copies' pairs, ``columns`` pairs to a row."""
    cells = [(card.label(), str(card.count)) for card in cards]
    header = "| " + " | ".join(["Card", "Copies"] * columns) + " |"
    lines = [header, "|" + "---|---:|" * columns]
    for start in range(0, len(cells), columns):
        row = cells[start : start + columns]
        row += [("", "")] * (columns - len(row))
        lines.append("| " + " | ".join(f"{_escape(a)} | {b}" for a, b in row) + " |")
    return "\n".join(lines) + "\n"


def _rows(entries: tuple[TableRow, ...]) -> str:
    lines = ["| Name | What it means |", "|---|---|"]
    for entry in entries:
        name = getattr(entry, "name", None) or getattr(entry, "title", None) or entry.id
        words = next(
            (
                value
                for key in ("meaning", "summary", "text")
                if isinstance(value := getattr(entry, key, None), str)
            ),
            "",
        )
        lines.append(f"| {_escape(str(name))} | {_escape(words)} |")
    return "\n".join(lines) + "\n"
