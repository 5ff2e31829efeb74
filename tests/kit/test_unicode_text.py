"""Generated Unicode text in every printed text field of every deck kind: the
data is refused with located problems, or the card is drawn and PDFium reads
the very same text back from it. Never a traceback, a hang or a lost character."""

from __future__ import annotations

import io
import shutil
import tempfile
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ruamel.yaml import YAML
from ruamel.yaml.scalarstring import DoubleQuotedScalarString

from pnp.catalog import CatalogError, Game, load_catalog
from pnp.catalog.base import DECK_KINDS
from pnp.catalog.model import Side
from pnp.kit import glyphs
from pnp.kit.faces import FaceOptions, TextOverflowError
from pnp.kit.images import deck_pdf
from tests.conftest import CARDS

REAL = load_catalog(CARDS)


def _targets() -> Iterator[tuple[str, str, str, int, str]]:
    """(kind, game, deck, card index, field pattern) for every printed field of every
    deck kind of the project, on the first card that has that field."""
    for game in REAL.games:
        for deck in game.decks:
            kind = deck.spec.kind
            if kind not in DECK_KINDS or not DECK_KINDS[kind].model.__module__.startswith(
                "pnp.catalog.schemas"
            ):
                continue
            for pattern in glyphs.PRINTED.get(kind, {}):
                for index, card in enumerate(deck.cards):
                    if list(glyphs._values(card.model_dump(), tuple(pattern.split(".")))):
                        yield kind, game.id, deck.id, index, pattern
                        break


TARGETS = sorted(set(_targets()))
KINDS = sorted({target[0] for target in TARGETS})

#: Characters worth trying beside random ones: scripts the fallback carries and
#: ones it does not, marks, spaces, controls and invisible formatting.
NOTABLE = list(
    "Ωμέγα Жук Tiếng ǅ ß ﬁ é e\u0301 ☕ 日本 🂡 עברית عربى \u00a0\u2009\t\n\r"
    "\u00ad\u200b\u200d\u202e\ufeff\u0085\u2028 <&>\"'\\:#-{}[]|*!%@`"
)
#: Letters, digits, punctuation and spaces of the scripts the kit's fonts carry.
PRINTABLE = [
    chr(code)
    for code in range(0x20, 0x530)
    if unicodedata.category(chr(code))[0] in "LNPSZ"
    and ord(chr(code)) in glyphs.glyphs_of("Display")
]
TEXT = st.one_of(
    st.text(st.sampled_from(PRINTABLE), min_size=2, max_size=16),
    st.text(
        st.one_of(
            st.sampled_from(NOTABLE),
            st.characters(codec="utf-8", exclude_categories=["Cs"]),
            st.sampled_from(PRINTABLE),
        ),
        min_size=1,
        max_size=14,
    ),
)
#: What became of each example, by kind: refused, too long for its box, printed.
OUTCOMES: dict[str, list[str]] = {}


def _set(data: Any, path: tuple[str | int, ...], value: str) -> None:
    for step in path[:-1]:
        data = data[step]
    data[path[-1]] = value


def _squeezed(text: str) -> str:
    return "".join(unicodedata.normalize("NFKC", text).split())


def _drawn_text(game: Game, deck_id: str, card_id: str) -> str:
    """The text PDFium reads from the faces of one card, drawn as for the kit's images."""
    deck = game.deck(deck_id)
    card = deck.card(card_id)
    faces = [Side(card, "front"), Side(card, "back")]
    document = pdfium.PdfDocument(deck_pdf(game, deck, faces, 3.0, FaceOptions()))
    try:
        text = "".join(page.get_textpage().get_text_range() for page in document)
    finally:
        document.close()
    # PDFium reports a hyphen that ends a text line as U+FFFE (its mark for a break)
    return text.replace("\ufffe", "-")


@pytest.mark.parametrize("kind", KINDS)
def test_generated_text_is_printed_intact_or_refused_with_a_location(kind: str) -> None:
    targets = [target for target in TARGETS if target[0] == kind]
    assert targets

    @settings(
        max_examples=12,
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(target=st.sampled_from(targets), text=TEXT)
    def check(target: tuple[str, str, str, int, str], text: str) -> None:
        _, game_id, deck_id, index, pattern = target
        game = REAL.game(game_id)
        deck = game.deck(deck_id)
        card = deck.cards[index]
        with tempfile.TemporaryDirectory() as folder:
            root = Path(folder) / "cards"
            shutil.copytree(CARDS / game_id, root / game_id)
            path = root / game_id / deck.spec.file
            yaml = YAML(typ="rt")
            data = yaml.load(path.read_text(encoding="utf-8"))
            field = next(glyphs._values(card.model_dump(), tuple(pattern.split("."))))[0]
            # double-quoted, so that YAML escapes whatever the text holds
            _set(data["cards"][index], field, DoubleQuotedScalarString(text))
            buffer = io.StringIO()
            yaml.dump(data, buffer)
            path.write_text(buffer.getvalue(), encoding="utf-8")
            try:
                loaded = load_catalog(root, [glyphs.check_record]).game(game_id)
            except CatalogError as error:
                assert error.problems
                for problem in error.problems:
                    assert Path(problem.file).is_relative_to(root), problem
                    assert problem.line >= 1 and problem.message.strip(), problem
                OUTCOMES.setdefault(kind, []).append("refused")
                return
            printed = glyphs.PRINTED[kind][pattern]
            value = next(glyphs._values(loaded.deck(deck_id).cards[index].model_dump(),
                                        tuple(pattern.split("."))))[1]  # fmt: skip
            try:
                drawn = _squeezed(_drawn_text(loaded, deck_id, card.id))
            except TextOverflowError as error:  # too long for its box: refused, and located
                assert card.id in str(error) and deck.spec.file in str(error), error
                OUTCOMES.setdefault(kind, []).append("too long")
                return
            forms = [_squeezed(value)] + ([_squeezed(value.upper())] if printed.capitals else [])
            assert any(form in drawn for form in forms), (value, drawn)
            OUTCOMES.setdefault(kind, []).append("printed")

    check()
    outcomes = OUTCOMES.get(kind, [])
    print(kind, {outcome: outcomes.count(outcome) for outcome in sorted(set(outcomes))})
    # both ways were taken: some text printed and read back, some refused
    assert "printed" in outcomes and "refused" in outcomes, outcomes


def test_every_deck_kind_with_printed_text_is_tried() -> None:
    kinds = {
        kind
        for kind, fields in glyphs.PRINTED.items()
        if fields and kind in DECK_KINDS and any(deck.spec.kind == kind for game in REAL.games
                                                 for deck in game.decks)
    }  # fmt: skip
    assert set(KINDS) == kinds
    fields = {(target[0], target[4]) for target in TARGETS}
    assert fields == {(kind, pattern) for kind in kinds for pattern in glyphs.PRINTED[kind]}


def test_images_are_drawn_from_the_checked_faces() -> None:
    game = REAL.game("chin-music")
    bout = game.deck("bout")
    assert bout.cards[0].back_shows_card  # the Ruffians back shows the card too
    assert {side.side for side in bout.sides()} == {"front", "back"}
