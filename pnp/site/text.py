"""Card text placed into the site's Markdown: escaped once, here, and nowhere else; and
the site's YAML (configuration, front matter), written by a serializer, never pasted.

Every value a template takes from the card data goes through :func:`md`. It
turns the three characters HTML gives meaning to into entities (``&`` first, so
nothing is escaped twice) and puts a backslash before each character Markdown
gives meaning to. Quotes and apostrophes are left alone: they mean nothing in
HTML text, and an entity such as ``&#x27;`` would be shown as written wherever
mkdocs takes a page's title from its first heading.
"""

from __future__ import annotations

import io
import re
import unicodedata

from ruamel.yaml import YAML

#: The sign between a card's width and height, and between dice and money.
TIMES = "\N{MULTIPLICATION SIGN}"
#: Characters Markdown reads as markup inside a line (tables, emphasis, links, attributes).
_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]|#!])")
_HTML_SPECIAL = {"&": "&amp;", "<": "&lt;", ">": "&gt;"}
#: Characters written as references in an attribute: the double quote and Markdown's.
_IN_ATTRIBUTE = re.compile(r'["\\`*_{}\[\]|#!]')
#: Wider than any line of YAML written here, so the serializer never folds a value.
_WIDTH = 1_000_000


def md(text: object) -> str:
    """``text`` made safe to place in a line of Markdown (and so of HTML): shown as written."""
    escaped = "".join(_HTML_SPECIAL.get(character, character) for character in str(text))
    return _MARKDOWN_SPECIAL.sub(r"\\\1", escaped).replace("\n", " ")


def attribute(text: object) -> str:
    """``text`` made safe for a quoted attribute of ``attr_list`` (``{ title="..." }``) or
    of raw HTML, its value then being ``text`` exactly: the HTML specials and the double
    quote become entities, and so does every character Markdown reads as markup (an
    ``attr_list`` is found in the text only after emphasis, links and code are made, so a
    ``*``, a ``[`` or a ``}`` in the value would break it and leak the rest as Markdown)."""
    return "".join(
        _HTML_SPECIAL.get(character)
        or (f"&#{ord(character)};" if _IN_ATTRIBUTE.fullmatch(character) else character)
        for character in str(text).replace("\n", " ")
    )


def html_text(text: object) -> str:
    """``text`` as HTML shows it as written, for where mkdocs and its theme place a value
    as HTML (a page's title, a navigation label, the site's description): the HTML
    specials and the double quote become entities."""
    escaped = "".join(_HTML_SPECIAL.get(character, character) for character in str(text))
    return escaped.replace('"', "&quot;")


def lightbox(text: object) -> str:
    """``text`` for the lightbox's ``data-description``, as an :func:`attribute`: the
    lightbox puts that value into the page as HTML (and takes one that begins with a
    full stop for a CSS selector), so the value is ``text`` as HTML first."""
    shown = html_text(text)
    return attribute("&#46;" + shown[1:] if shown.startswith(".") else shown)


def _serializer() -> YAML:
    serializer = YAML(typ="safe", pure=True)
    serializer.default_flow_style = False
    serializer.allow_unicode = True
    serializer.width = _WIDTH
    serializer.sort_base_mapping_type_on_output = False  # type: ignore[assignment]
    serializer.indent(mapping=2, sequence=4, offset=2)
    return serializer


def yaml_text(data: object) -> str:
    """``data`` (mappings, lists, text, numbers, true and false) as a YAML document, written
    by the serializer: keys in the order given, no value folded over lines. The document
    is YAML 1.1, as mkdocs reads it (PyYAML), so the serializer quotes the text that 1.1
    reads as something else (``yes``, ``on``, ``=``, ``1:20``)."""
    serializer = _serializer()
    serializer.version = (1, 1)
    stream = io.StringIO()
    serializer.dump(data, stream)
    return stream.getvalue()


def yaml_string(text: object) -> str:
    """``text`` as a double-quoted YAML scalar, written by the serializer (for a page's
    front matter): every quote, backslash, line break and invisible character escaped."""
    serializer = _serializer()
    serializer.default_style = '"'  # type: ignore[assignment]
    stream = io.StringIO()
    serializer.dump(str(text), stream)
    return stream.getvalue().rstrip("\n")


def slug(text: object) -> str:
    """``text`` as an anchor id: "Booze Level" -> "booze-level", "Chinchón" -> "chinchon"."""
    plain = unicodedata.normalize("NFKD", str(text)).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")
