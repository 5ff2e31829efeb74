"""Can the kit print every text of the card data as written?

Each text field of each kind is printed in known kit fonts (a Bout word in the
display font, an Action card's text in the body font ...): :data:`PRINTED`
says which, as data, and ``tests/kit/test_glyphs.py`` proves it against what
the faces really draw. A character is printable in a font when the font, or
its fallback (:mod:`pnp.kit.fallback`), has a glyph for it and it is not an
invisible control or formatting character; a line break only where the field
is set as a paragraph; and not a combining mark, which reportlab cannot place on its
letter (precomposed letters print). :func:`check_record` is a catalog record check
(:mod:`pnp.catalog.checks`), so ``pnp validate``, ``pnp build`` and ``pnp kit``
report unprintable text with file, line, card and field, naming the
characters and the fonts tried. A kind a game's layouts draw is printed as its
layout says (:func:`printed_by_layout`), without an entry here, but for the fields its
layout hands to named elements (drawings in Python), which keep their entries.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from pnp.catalog import Game
from pnp.catalog.base import Model
from pnp.catalog.checks import GAME_KIND, FieldIssue, RecordCheck
from pnp.catalog.glossary import GLOSSARY_KIND
from pnp.catalog.layoutcheck import merged_look
from pnp.catalog.layouts import Index, Layouts, Named, Repeat, TextElement
from pnp.catalog.messages import field_text
from pnp.catalog.templates import SPECIAL_FIELDS, TemplateError, parse_template
from pnp.catalog.yamlguard import character_name
from pnp.kit.fallback import coverage
from pnp.kit.fonts import BODY, BODY_BOLD, BODY_ITALIC, DISPLAY, FALLBACK_FILES, FONT_NAMES
from pnp.kit.fonts import fallbacks as font_fallbacks
from pnp.kit.layout_faces.look import FONTS


@dataclass(frozen=True)
class Printed:
    """How a field's text reaches the paper: the kit fonts it is drawn in, whether
    a face also draws it in capitals, and whether it is set as a paragraph (so a
    line break in it is kept)."""

    fonts: tuple[str, ...]
    capitals: bool = False
    paragraph: bool = False


TITLE = Printed((DISPLAY,))
TEXT = Printed((BODY,), paragraph=True)

#: Kind (a deck or table kind, or ``game``) -> field pattern -> how it is printed.
#: A ``*`` in a pattern stands for any list position or mapping key.
PRINTED: dict[str, dict[str, Printed]] = {
    GAME_KIND: {
        "title": Printed((DISPLAY, BODY, BODY_BOLD), capitals=True),
        "decks.*.title": Printed((BODY, BODY_ITALIC)),
        "decks.*.back.title": Printed((DISPLAY, BODY_BOLD), capitals=True),
        "decks.*.provenance.note": Printed((BODY,)),
        "credits.*.name": Printed((BODY, BODY_ITALIC)),
        "credits.*.role": Printed((BODY,)),
    },
    "bout": {"word": TITLE},
    "facing": {"name": TITLE, "text": TEXT},
    "chinchon-joker": {"name": Printed((DISPLAY,), capitals=True)},
    "chinchon-style": {
        "ranks.*.index": TITLE,
        "ranks.*.name": Printed((BODY_ITALIC,)),
        "suits.*.name": Printed((BODY_ITALIC,), capitals=True),
    },
    "jb-icon": {"name": Printed((BODY_BOLD,), capitals=True), "meaning": Printed((BODY,))},
    "mgt-action": {"name": Printed((DISPLAY, BODY_BOLD)), "text": TEXT},
    "mgt-month": {
        "name": Printed((DISPLAY,), capitals=True),
        "rule.title": TITLE,
        "rule.text": TEXT,
    },
    "mgt-year": {"name": TITLE, "text": TEXT},
    "mgt-tour": {"name": TITLE, "text": TEXT},
    "mgt-artist": {"name": Printed((DISPLAY, BODY)), "genre": Printed((BODY_ITALIC,))},
    "mgt-order-marker": {"name": TITLE, "text": TEXT},
    "mgt-money": {"name": TITLE, "text": Printed((BODY_ITALIC,), paragraph=True)},
}

#: Text fields that are not printed (identifiers, colours, words for the site
#: and the engines); with :data:`PRINTED` they cover every text field of every kind.
NOT_PRINTED: dict[str, frozenset[str]] = {
    GAME_KIND: frozenset(
        {
            "subtitle",
            "also_needed.*.only_under",
            # not yet on paper in the card PDFs (the booklets will print them)
            "also_needed.*.item",
            "also_needed.*.why",
            "also_needed.*.count",
            "summary",
            "provenance.note",
            "source.title",
            "source.file",
            "source.edition",
            "source.year",
            "decks.*.file",
            "decks.*.kind",
            "decks.*.description",
            "decks.*.only_under",
            "decks.*.back.colour",
            "decks.*.back.ink",
            "decks.*.size.name",
            "decks.*.sheet",
            "tables.*.sheet",
            "tables.*.title",
            "tables.*.file",
            "tables.*.kind",
            "tables.*.provenance.note",
            # the game's look on the site
            "site.colour",
            "site.link",
            "site.accent",
            "site.stripe.*",
            "site.cover.*",
            "site.rights",
            # the rules engine's module, a path
            "engine.module",
        }
    ),
    # on the site and in the booklets, not in the card PDFs
    GLOSSARY_KIND: frozenset({"term", "meaning"}),
    "chinchon-card": frozenset({"rank", "suit"}),
    "chinchon-joker": frozenset({"colour"}),
    "chinchon-suit": frozenset({"letter"}),
    "chinchon-rank": frozenset({"letter"}),
    "chinchon-style": frozenset(
        {
            "name",
            "description",
            "suits.*.symbol",
            "suits.*.colour",
            "suits.*.four_colour",
            # a template ("{rank} of {suit}"): never drawn as written
            "card_name",
        }
    ),
    "variant": frozenset({"name", "summary", "params.*"}),
    "jb-action": frozenset({"icons.*"}),
    "jb-bar": frozenset({"icons.*"}),
    "jb-patron": frozenset({"trait.effect.icon"}),
    "jb-aid": frozenset({"name"}),
    "jb-icon": frozenset({"only_under", "empty_glass.*"}),
    "jb-decision": frozenset(
        {
            "title",
            "beta.text",
            "beta.cards.*",
            "older_draft.text",
            "older_draft.cards.*",
            "evidence.summary",
        }
    ),
    "mgt-action": frozenset({"effect.counters.*", "effect.catches.*"}),
    # a game's own icons: drawn as pictures; their names and meanings are for the site
    "icon": frozenset({"name", "meaning"}),
}

#: Characters never printed whatever the font: controls, invisible formatting
#: characters, surrogates, private use, unassigned code points, line and
#: paragraph separators.
_NEVER = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
#: Combining marks: reportlab places glyphs one after the other and cannot put a
#: mark on its letter, so only precomposed letters (``é``, not ``e`` + U+0301) print.
_MARKS = frozenset({"Mn", "Mc", "Me"})
#: At most this many characters are named in one message.
_NAMED = 8


@cache
def glyphs_of(font: str) -> frozenset[int]:
    """The code points kit font ``font`` draws, its fallback's included."""
    return coverage(font_fallbacks()[font])


def fonts_tried(font: str) -> str:
    """``Fjalla One, then Fira Sans Condensed SemiBold``."""
    return f"{FONT_NAMES[font]}, then {FALLBACK_FILES[font][1]}"


def _values(data: Any, pattern: tuple[str, ...], path: tuple[str | int, ...] = ()) -> Iterator[
    tuple[tuple[str | int, ...], str]
]:  # fmt: skip
    if not pattern:
        if isinstance(data, str):
            yield path, data
        return
    head, rest = pattern[0], pattern[1:]
    if head == "*":
        if isinstance(data, Mapping):
            for key, value in data.items():
                yield from _values(value, rest, (*path, key))
        elif isinstance(data, (list, tuple)):
            for index, value in enumerate(data):
                yield from _values(value, rest, (*path, index))
    elif isinstance(data, Mapping) and head in data:
        yield from _values(data[head], rest, (*path, head))


def _shown(character: str) -> str:
    """A character as named in a message: itself when visible, then its name."""
    visible = unicodedata.category(character)[0] in "LNPS"
    return f"{character!r} ({character_name(character)})" if visible else character_name(character)


def _listed(characters: list[str]) -> str:
    named = [_shown(c) for c in characters[:_NAMED]]
    if len(characters) > _NAMED:
        named.append(f"{len(characters) - _NAMED} more")
    return named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]


def problems(text: str, printed: Printed) -> list[str]:
    """Sentences saying what in ``text`` the kit cannot print as ``printed`` says."""
    forms = [text, text.upper()] if printed.capitals else [text]
    found: list[str] = []
    seen = "".join(forms)
    if "\n" in seen and not printed.paragraph:
        found.append("holds a line break, but this field is printed on one line")
    never = sorted(
        {c for c in seen if c != "\n" and unicodedata.category(c) in _NEVER}, key=seen.index
    )
    if never:
        noun = "character" if len(never) == 1 else "characters"
        found.append(f"holds the invisible {noun} {_listed(never)}, which the kit does not print")
    marks = sorted({c for c in seen if unicodedata.category(c) in _MARKS}, key=seen.index)
    if marks:
        noun = "mark" if len(marks) == 1 else "marks"
        found.append(
            f"holds the combining {noun} {_listed(marks)}: the kit draws a mark beside its "
            "letter, not on it"
        )
    never += marks
    lacking: dict[str, list[str]] = {}
    for font in printed.fonts:
        have = glyphs_of(font)
        for character in dict.fromkeys(seen):
            if character == "\n" or character in never or ord(character) in have:
                continue
            lacking.setdefault(character, []).append(font)
    by_fonts: dict[tuple[str, ...], list[str]] = {}
    for character, lacked in lacking.items():
        by_fonts.setdefault(tuple(lacked), []).append(character)
    for fonts, characters in by_fonts.items():
        tried = "; ".join(fonts_tried(font) for font in fonts)
        verb = "has" if len(characters) == 1 else "have"
        found.append(
            f"cannot be printed: {_listed(characters)} {verb} no glyph in the fonts tried "
            f"for this field ({tried})"
        )
    if found and unicodedata.normalize("NFC", text) != text:
        composed = unicodedata.normalize("NFC", text)
        if not problems(composed, printed):
            found.append(f"written with composed characters (Unicode NFC), {composed!r}, it can be")
    return found


def printed_by_layout(layouts: Layouts, kind: str) -> dict[str, Printed]:
    """How a kind drawn by a layout prints its fields: each field a text or an index
    shows, in the fonts of their styles, in capitals if one of them says so, as a
    paragraph only when every one of them wraps; and each field handed to a named element
    (``with: {text: "{word}"}``) as :data:`PRINTED` says for the kind, when it says (the
    drawing in Python knows its fonts, the layout does not). The deck's and the game's
    names (``{back.title}``) are checked with game.yaml."""
    found: dict[str, Printed] = {}
    layout = layouts.layouts[kind]
    for element in (*layout.front, *(layout.back or ())):
        if isinstance(element, (Named, Repeat)):
            arguments = element.arguments if isinstance(element, Named) else (
                element.repeat.arguments)  # fmt: skip
            for value in arguments.values():
                for name in _fields(value) if isinstance(value, str) else ():
                    if name in PRINTED.get(kind, {}):
                        _add(found, name, PRINTED[kind][name])
            continue
        if not isinstance(element, (TextElement, Index)):
            continue
        look = merged_look(element, layouts)
        index = isinstance(element, Index)
        font = FONTS[look.font or ("display" if index else "body")]
        wraps = look.wrap if look.wrap is not None else not (index or look.balance)
        for name in _fields(element.text if isinstance(element, TextElement) else element.index):
            if name not in SPECIAL_FIELDS:
                _add(found, name, Printed((font,), bool(look.capitals), wraps))
    return found


def _fields(template: str) -> tuple[str, ...]:
    try:
        return parse_template(template).fields
    except TemplateError:
        return ()  # (the layouts check says so)


def _add(found: dict[str, Printed], name: str, printed: Printed) -> None:
    """``name`` printed as ``printed`` too: in its fonts as well, in capitals if either
    says so, as a paragraph only if both do."""
    before = found.get(name)
    if before is None:
        found[name] = printed
        return
    fonts = (*before.fonts, *(font for font in printed.fonts if font not in before.fonts))
    found[name] = Printed(fonts, before.capitals or printed.capitals,
                          before.paragraph and printed.paragraph)  # fmt: skip


def record_check(layouts: Layouts | None) -> RecordCheck:
    """The record check of a game with ``layouts``: a kind its layouts draw is checked
    against the fonts of the layout (:func:`printed_by_layout`), any other against
    :data:`PRINTED`."""
    drawn = {kind: printed_by_layout(layouts, kind) for kind in layouts.layouts} if layouts else {}

    def check(kind: str, record: Model) -> Iterator[FieldIssue]:
        fields = drawn[kind] if kind in drawn else PRINTED.get(kind)
        if not fields:
            return
        data = _data(record)
        for pattern, printed in fields.items():
            for path, text in _values(data, tuple(pattern.split("."))):
                found = problems(text, printed)
                if found:
                    yield FieldIssue(path, "; ".join(found))

    return check


def _data(record: Model) -> Any:
    values = getattr(record, "values", None)  # a card of a kind declared as data
    return dict(values()) if callable(values) else record.model_dump()


def layout_words(text: str, font: str, capitals: bool, paragraph: bool) -> list[str]:
    """What the kit cannot print of ``text``, a layout's own words set in the layout's
    ``font`` (``display``, ``body`` ...): sentences, none when every character prints."""
    return problems(text, Printed((FONTS[font],), capitals, paragraph))


#: The record check of a game without layouts: every text as :data:`PRINTED` says.
check_record = record_check(None)


def unprintable_in(game: Game) -> list[str]:
    """Every unprintable text of a loaded game, named by file, record and field
    (for callers that loaded it without :func:`record_check`)."""
    check = record_check(game.layouts)
    found = [
        f"{game.id}/game.yaml: {field_text(issue.field)}: {issue.message}"
        for issue in check(GAME_KIND, game.spec)
    ]
    parts: list[tuple[str, str, tuple[Any, ...]]] = [
        (deck.spec.kind, deck.spec.file, deck.cards) for deck in game.decks
    ] + [(table.spec.kind, table.spec.file, table.entries) for table in game.tables]
    for kind, file, records in parts:
        for record in records:
            for issue in check(kind, record):
                where = f"{game.id}/{file}: {record.noun} {record.id!r}"
                found.append(f"{where}: {field_text(issue.field)}: {issue.message}")
    return found
