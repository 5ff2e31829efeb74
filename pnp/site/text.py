"""Card text placed into the site's Markdown: escaped once, here, and nowhere else.

Every value a template takes from the card data goes through :func:`md`. It
turns the three characters HTML gives meaning to into entities (``&`` first, so
nothing is escaped twice) and puts a backslash before each character Markdown
gives meaning to. Quotes and apostrophes are left alone: they mean nothing in
HTML text, and an entity such as ``&#x27;`` would be shown as written wherever
mkdocs takes a page's title from its first heading.
"""

from __future__ import annotations

import re
import unicodedata

#: The sign between a card's width and height, and between dice and money.
TIMES = "\N{MULTIPLICATION SIGN}"
#: Characters Markdown reads as markup inside a line (tables, emphasis, links, attributes).
_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]|#!])")
_HTML_SPECIAL = {"&": "&amp;", "<": "&lt;", ">": "&gt;"}


def md(text: object) -> str:
    """``text`` made safe to place in a line of Markdown (and so of HTML): shown as written."""
    escaped = "".join(_HTML_SPECIAL.get(character, character) for character in str(text))
    return _MARKDOWN_SPECIAL.sub(r"\\\1", escaped).replace("\n", " ")


def attribute(text: object) -> str:
    """``text`` made safe for a quoted attribute of ``attr_list`` (``{ alt="..." }``) or
    of raw HTML: the HTML specials and the double quote become entities, and nothing
    else changes."""
    escaped = "".join(_HTML_SPECIAL.get(character, character) for character in str(text))
    return escaped.replace('"', "&quot;").replace("\n", " ")


def yaml_string(text: object) -> str:
    """``text`` as a double-quoted YAML scalar (for a page's front matter)."""
    escaped = str(text).replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")
    return f'"{escaped}"'


def slug(text: object) -> str:
    """``text`` as an anchor id: "Booze Level" -> "booze-level", "Chinchón" -> "chinchon"."""
    plain = unicodedata.normalize("NFKD", str(text)).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")
