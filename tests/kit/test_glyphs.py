"""The field -> font table of pnp.kit.glyphs is what the faces really draw, it
covers every text field of every kind, and the fonts with their fallbacks
draw exactly the characters the check believes they draw."""

from __future__ import annotations

import types
import typing
import unicodedata
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from pydantic import BaseModel
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.textobject import PDFTextObject

from pnp.catalog import Game, load_catalog
from pnp.catalog.base import DECK_KINDS, TABLE_KINDS
from pnp.catalog.checks import GAME_KIND
from pnp.catalog.game import GameSpec
from pnp.catalog.glossary import GLOSSARY_KIND, GlossaryTerm
from pnp.catalog.layouts import Layouts
from pnp.kit import glyphs
from pnp.kit.faces import FaceOptions
from pnp.kit.fallback import Fallback, cmap_of, extended_font, merge
from pnp.kit.fonts import BODY, BODY_BOLD, BODY_ITALIC, DISPLAY, fallbacks, register_fonts
from pnp.kit.pdf import KitOptions, game_pdf
from tests.conftest import CARDS

FONTS = (DISPLAY, BODY, BODY_BOLD, BODY_ITALIC)


def project_kinds() -> dict[str, type[BaseModel]]:
    """Every kind the project's schemas register (tests may register probes of their own)."""
    kinds = {
        name: kind.model
        for registry in (DECK_KINDS, TABLE_KINDS)
        for name, kind in registry.items()
        if kind.model.__module__.startswith("pnp.catalog.schemas")
    }
    return {GAME_KIND: GameSpec, GLOSSARY_KIND: GlossaryTerm, **kinds}


def text_fields(model: type[BaseModel]) -> set[str]:
    """The dotted patterns of every text field of ``model`` (``*`` for list items and keys)."""
    found: set[str] = set()

    def walk(annotation: Any, path: tuple[str, ...]) -> None:
        origin = typing.get_origin(annotation)
        arguments = typing.get_args(annotation)
        if origin is typing.Annotated:
            walk(arguments[0], path)
        elif annotation is str:
            found.add(".".join(path))
        elif isinstance(annotation, type) and issubclass(annotation, BaseModel):
            for name, field in annotation.model_fields.items():
                walk(field.annotation, (*path, name))
        elif origin in (tuple, list):
            for argument in arguments:
                if argument is not Ellipsis:
                    walk(argument, (*path, "*"))
        elif origin is dict:
            walk(arguments[1], (*path, "*"))
        elif origin in (typing.Union, types.UnionType):
            for argument in arguments:
                walk(argument, path)

    walk(model, ())
    return found - {"id"}


def printed_fields(game: Game | None, kind: str) -> dict[str, glyphs.Printed]:
    """How ``kind`` prints its text fields: as the game's layout says when a layout of the
    game draws it (not the numbers and choices it prints too), else as
    :data:`glyphs.PRINTED` says: what the check itself reads."""
    if game is not None and game.layouts is not None and kind in game.layouts.layouts:
        fields = text_fields(project_kinds()[kind])
        found = glyphs.printed_by_layout(game.layouts, kind).items()
        return {pattern: printed for pattern, printed in found if pattern in fields}
    return glyphs.PRINTED.get(kind, {})


def test_every_text_field_is_either_printed_or_listed_as_not_printed() -> None:
    kinds = project_kinds()
    assert set(glyphs.PRINTED) <= set(kinds) and set(glyphs.NOT_PRINTED) <= set(kinds)
    drawing = {
        kind: game
        for game in load_catalog(CARDS).games
        for kind in (game.layouts.layouts if game.layouts is not None else ())
    }
    for kind, model in kinds.items():
        printed = set(printed_fields(drawing.get(kind), kind))
        if kind in drawing:  # what PRINTED still says of a kind a layout draws, it prints
            assert set(glyphs.PRINTED.get(kind, {})) <= printed, kind
        not_printed = set(glyphs.NOT_PRINTED.get(kind, set()))
        assert not printed & not_printed, kind
        assert printed | not_printed == text_fields(model), kind


# -- what the faces draw -------------------------------------------------------------------


def _squeezed(text: str) -> str:
    return "".join(text.split())


@pytest.fixture(scope="module")
def drawn() -> dict[str, dict[str, str]]:
    """Per game, per kit font: every text the game's PDFs draw in it, run together
    (both Chinchón styles, so every style's words are drawn)."""
    register_fonts()
    catalog = load_catalog(CARDS)
    streams: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    current: list[str] = [""]
    original = PDFTextObject._formatText

    def record(self: PDFTextObject, text: str) -> Any:
        streams[current[0]][self._fontname].append(text)
        return original(self, text)

    PDFTextObject._formatText = record  # type: ignore[method-assign]
    try:
        for game in catalog.games:
            current[0] = game.id
            for style in ("french", "spanish"):
                options = KitOptions(faces=FaceOptions(style=style))
                game_pdf(game, replace(options, paper="a4"))
                if game.id != "chinchon":
                    break
    finally:
        PDFTextObject._formatText = original  # type: ignore[method-assign]
    return {
        game: {font: _squeezed("".join(parts)) for font, parts in fonts.items()}
        for game, fonts in streams.items()
    }


def _records(game: Game) -> Iterator[tuple[str, Any]]:
    yield GAME_KIND, game.spec
    for deck in game.decks:
        for card in deck.cards:
            yield deck.spec.kind, card
    for table in game.tables:
        for entry in table.entries:
            yield table.spec.kind, entry


def _values(record: Any, pattern: str) -> Iterator[str]:
    for _, text in glyphs._values(record.model_dump(), tuple(pattern.split("."))):
        if _squeezed(text):
            yield _squeezed(text)


def test_the_faces_draw_each_field_in_the_fonts_the_table_names(
    drawn: dict[str, dict[str, str]],
) -> None:
    used: dict[tuple[str, str], set[str]] = defaultdict(set)
    in_capitals: set[tuple[str, str]] = set()
    tables: dict[str, dict[str, glyphs.Printed]] = dict(glyphs.PRINTED)
    for game in load_catalog(CARDS).games:
        tables |= {kind: printed_fields(game, kind) for kind, _ in _records(game)}
        streams = drawn[game.id]
        folded = {font: text.upper() for font, text in streams.items()}
        # A deck whose cards print their own backs (Joe's Bar's two-sided aids) never
        # draws the back design's title.
        own_backs = {
            _squeezed(deck.spec.back.title)
            for deck in game.decks
            if deck.cards and all(card.back_shows_card for card in deck.cards)
        }
        fields = [
            (kind, pattern, printed, value)
            for kind, record in _records(game)
            for pattern, printed in printed_fields(game, kind).items()
            for value in _values(record, pattern)
            if not (pattern == "decks.*.back.title" and value in own_backs)
        ]
        for kind, pattern, printed, value in fields:
            exact = {font for font, text in streams.items() if value in text}
            upper = {font for font, text in folded.items() if value.upper() in text}
            where = (kind, pattern, value)
            assert (exact | upper) & set(printed.fonts), ("never drawn", where)
            if len(value) >= 10:  # long enough not to occur by chance in other text
                # the same words may be another field's too (a back titled like its game)
                others = {
                    font
                    for other_kind, other, other_printed, text in fields
                    if (other_kind, other) != (kind, pattern) and value.upper() in text.upper()
                    for font in other_printed.fonts
                }
                assert (exact | upper) - others <= set(printed.fonts), ("also drawn in", where)
            mapped = set(printed.fonts)
            used[(kind, pattern)] |= (exact | upper) & mapped
            if upper & mapped:
                in_capitals.add((kind, pattern))
            if not exact & mapped:  # drawn only in capitals
                assert printed.capitals, ("drawn in capitals", where)
    for kind, fields in tables.items():
        for pattern, printed in fields.items():
            assert used[(kind, pattern)] == set(printed.fonts), (kind, pattern)
            if printed.capitals:
                assert (kind, pattern) in in_capitals, (kind, pattern)


# -- the fonts ------------------------------------------------------------------------------


@pytest.mark.parametrize("font", FONTS)
def test_registered_fonts_draw_exactly_the_checked_characters(font: str) -> None:
    register_fonts()
    face = pdfmetrics.getFont(font).face  # type: ignore[attr-defined]
    # U+FFFF ends reportlab's reading of the cmap; it is no character, and never printed
    assert set(face.charToGlyph) - {0xFFFF} == set(glyphs.glyphs_of(font))


def test_the_fallback_covers_greek_cyrillic_and_vietnamese_but_no_emoji_or_cjk() -> None:
    for font in FONTS:
        have = glyphs.glyphs_of(font)
        for text in ("Ωμέγα", "Жук", "Tiếng Việt", "Łódź ǅ"):
            assert all(ord(c) in have for c in text), (font, text)
        assert not any(ord(c) in have for c in "☕日本🂡"), font
    assert ord("Ω") not in cmap_of(fallbacks()[DISPLAY].primary)  # Fjalla One has no Greek


def test_the_merged_font_is_the_same_bytes_every_time(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    fallback: Fallback = fallbacks()[DISPLAY]
    once = merge(fallback.primary.read_bytes(), fallback.fallback.read_bytes(), fallback.width)
    again = merge(fallback.primary.read_bytes(), fallback.fallback.read_bytes(), fallback.width)
    assert once == again
    monkeypatch.setenv("PNP_FONT_CACHE", str(tmp_path))
    assert extended_font(fallback) == once  # merged and cached
    assert len(list(tmp_path.iterdir())) == 1
    assert extended_font(fallback) == once  # read back from the cache


def test_messages_name_the_characters_and_the_fonts_tried() -> None:
    assert glyphs.problems("Bully☕ Ωmega 日本", glyphs.TITLE) == [
        "cannot be printed: '☕' (U+2615 HOT BEVERAGE), '日' (U+65E5 CJK UNIFIED IDEOGRAPH-65E5) "
        "and '本' (U+672C CJK UNIFIED IDEOGRAPH-672C) have no glyph in the fonts tried for this "
        "field (Fjalla One, then Fira Sans Condensed SemiBold)"
    ]
    assert glyphs.problems("two\nlines", glyphs.TITLE) == [
        "holds a line break, but this field is printed on one line"
    ]
    assert glyphs.problems("two\nlines", glyphs.TEXT) == []
    assert glyphs.problems("a\u202eb\u00ad", glyphs.TEXT) == [
        "holds the invisible characters U+202E RIGHT-TO-LEFT OVERRIDE and U+00AD SOFT HYPHEN, "
        "which the kit does not print"
    ]
    both = glyphs.Printed((DISPLAY, BODY_ITALIC))
    assert glyphs.problems("Ḇ☕", both) == [
        "cannot be printed: 'Ḇ' (U+1E06 LATIN CAPITAL LETTER B WITH LINE BELOW) has no glyph in "
        "the fonts tried for this field (Fjalla One, then Fira Sans Condensed SemiBold)",
        "cannot be printed: '☕' (U+2615 HOT BEVERAGE) has no glyph in the fonts tried for this "
        "field (Fjalla One, then Fira Sans Condensed SemiBold; Source Sans Pro Italic, then Fira "
        "Sans Condensed Italic)",
    ]
    decomposed = unicodedata.normalize("NFD", "Café ἁ")  # letters and combining marks
    assert glyphs.problems(decomposed, glyphs.TEXT) == [
        "holds the combining marks U+0301 COMBINING ACUTE ACCENT and U+0314 COMBINING "
        "REVERSED COMMA ABOVE: the kit draws a mark beside its letter, not on it",
        "written with composed characters (Unicode NFC), 'Café ἁ', it can be",
    ]
    assert glyphs.problems("q\u0303", glyphs.TEXT) == [  # no composed q with tilde exists
        "holds the combining mark U+0303 COMBINING TILDE: the kit draws a mark beside its "
        "letter, not on it"
    ]


def test_a_field_handed_to_a_named_element_is_checked_as_the_table_says() -> None:
    def layouts(*front: dict[str, Any]) -> Layouts:
        return Layouts.model_validate({"layouts": {"bout": {"front": front}}})

    word = glyphs.PRINTED["bout"]["word"]
    handed = layouts({"element": "speech", "with": {"text": "{word}", "size": 26}},
                     {"text": "{boast}", "box": (1, 1, 9, 9)})  # fmt: skip
    assert glyphs.printed_by_layout(handed, "bout") == {"word": word, "boast": glyphs.TEXT}
    both = layouts({"element": "speech", "with": {"text": "{word}"}},
                   {"text": "{word}", "box": (1, 1, 9, 9), "font": "body-bold"})  # fmt: skip
    assert glyphs.printed_by_layout(both, "bout")["word"] == glyphs.Printed((DISPLAY, BODY_BOLD))
    bully = load_catalog(CARDS).game("chin-music").deck("bout").cards[0]
    hot = bully.model_copy(update={"word": "Bully☕"})
    (issue,) = glyphs.record_check(handed)("bout", hot)
    assert issue.field == ("word",) and "'☕' (U+2615 HOT BEVERAGE)" in issue.message
    assert list(glyphs.record_check(layouts({"fill": "#ffffff"}))("bout", hot)) == []  # unprinted
