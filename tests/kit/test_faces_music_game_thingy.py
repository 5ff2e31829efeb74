"""The Music Game Thingy faces, drawn card by card and read back with PDFium:
every card draws in both modes, says what it should, keeps its text inside
the safe area and at 7 pt or more, and the ink-saver mode prints only greys."""

from __future__ import annotations

import io
import re
from typing import Any

import pypdfium2 as pdfium
import pytest
from reportlab.pdfgen.canvas import Canvas

from pnp.catalog import Game, load_catalog
from pnp.catalog.base import Card
from pnp.catalog.schemas.music_game_thingy import (
    ActionCard,
    ArtistCard,
    Banknote,
    MonthCard,
    OrderMarker,
    Release,
    TourCard,
    Venue,
    YearCard,
)
from pnp.catalog.schemas.music_game_thingy_words import in_words
from pnp.kit.faces import FACES, FaceContext, FaceOptions, TextOverflowError, design_for
from pnp.kit.faces.base import MIN_TEXT_SIZE, SAFE_MARGIN
from pnp.kit.fonts import BODY, register_fonts
from pnp.kit.geometry import MM, Edges
from tests.conftest import CARDS

GAME = "music-game-thingy"
KINDS = {
    "action": "mgt-action",
    "month": "mgt-month",
    "year": "mgt-year",
    "tour": "mgt-tour",
    "artist": "mgt-artist",
    "order-marker": "mgt-order-marker",
    "money": "mgt-money",
}
BLEED = 3 * MM
#: A font change in a page's content: ``/F2+0 7.5 Tf`` (a TrueType subset at 7.5 pt).
FONT_SIZE = re.compile(rb"/F[\w+]+ ([\d.]+) Tf")
#: Glyph boxes may poke out of the safe area by a hair (rounding, overhangs).
SLACK = 0.5


@pytest.fixture(scope="module")
def game() -> Game:
    return load_catalog(CARDS).game(GAME)


def every_card() -> list[Any]:
    game = load_catalog(CARDS).game(GAME)
    return [
        pytest.param(deck.id, card.id, id=f"{deck.id}/{card.id}")
        for deck in game.decks
        for card in deck.cards
    ]


def draw(game: Game, deck_id: str, card: Card, *, back: bool = False, ink: bool = False) -> bytes:
    """One side of one card on a page of its own (trim plus bleed), uncompressed."""
    deck = game.deck(deck_id)
    width, height = deck.spec.size.width * MM, deck.spec.size.height * MM
    buffer = io.BytesIO()
    register_fonts()
    # as the kit's own canvas (the body font first, so every Tf is a face's), uncompressed
    font: dict[str, Any] = {"initialFontName": BODY, "initialFontSize": 10}
    page = (width + 2 * BLEED, height + 2 * BLEED)
    canvas = Canvas(buffer, pagesize=page, pageCompression=0, **font)
    canvas.translate(BLEED, BLEED)
    context = FaceContext(game, deck, FaceOptions(ink_saver=ink), width, height, Edges.even(BLEED))
    design = design_for(game, deck)
    (design.back if back else design.front)(canvas, card, context)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def page_text(data: bytes) -> str:
    """The page's text with every run of white space made one space."""
    text = pdfium.PdfDocument(data)[0].get_textpage().get_text_range()
    return re.sub(r"\s+", " ", text)


def expected_text(card: Card) -> list[str]:
    """What a player must be able to read on the front of ``card``."""
    if isinstance(card, ActionCard):
        wanted = [card.name]
        effect = card.effect
        if isinstance(effect, (Release, Venue)):
            dice = effect.sales_dice if isinstance(effect, Release) else effect.dice
            wanted += ["1 die" if dice == 1 else f"{dice} dice", f"{effect.income_per_unit:,}"]
            wanted.append("per unit")
        if card.hand_limit is not None:
            wanted.append(f"Hand limit: {card.hand_limit.max}")
        wanted.append(
            {
                "month": "ONE USE",
                "year": "LASTS THE YEAR",
                "game": "KEEP ALL GAME",
                "until-album": "KEEP UNTIL AN ALBUM",
            }[card.lasts]
        )
        return wanted
    if isinstance(card, MonthCard):
        wanted = [card.name.upper(), f"MONTH {card.number} OF 12"]
        return wanted + ([card.rule.title] if card.rule else ["No special rule"])
    if isinstance(card, YearCard):
        return [card.name, "YEARS LEFT TO PLAY"]
    if isinstance(card, TourCard):
        return [card.name, f"{card.months} months on the road", f"{card.income_per_unit:,}"]
    if isinstance(card, ArtistCard):
        return [card.name, card.genre, "FAME", "CONTRACT", "+1 to each die", "+2 to each die"]
    if isinstance(card, OrderMarker):
        return [card.name, str(card.rank)]
    if isinstance(card, Banknote):
        return [f"{card.value:,}", in_words(card.value).upper()]
    raise AssertionError(f"no expectation for {type(card).__name__}")


# --- the registry ----------------------------------------------------------------------------


def test_every_kind_has_faces(game: Game) -> None:
    for deck_id, kind in KINDS.items():
        assert game.deck(deck_id).spec.kind == kind
        # drawn by the game's layout, front and back: no Python face is left
        assert game.layouts is not None and kind in game.layouts.layouts
        assert kind not in FACES
    # a banknote shows its value on both sides; every other deck shares one back
    assert game.deck("money").back_varies
    assert not any(game.deck(deck_id).back_varies for deck_id in KINDS if deck_id != "money")


# --- every card draws, in both modes ---------------------------------------------------------


@pytest.mark.parametrize(("deck_id", "card_id"), every_card())
@pytest.mark.parametrize("ink", [False, True], ids=["colour", "ink-saver"])
def test_every_card_draws_and_reads(game: Game, deck_id: str, card_id: str, ink: bool) -> None:
    card = game.deck(deck_id).card(card_id)
    text = page_text(draw(game, deck_id, card, ink=ink))
    for wanted in expected_text(card):
        assert wanted in text, f"{wanted!r} not on {card_id}: {text!r}"
    back = page_text(draw(game, deck_id, card, back=True, ink=ink))
    assert back.strip(), "the back prints its deck's title"


@pytest.mark.parametrize(("deck_id", "card_id"), every_card())
def test_text_is_inside_the_safe_area_and_big_enough(
    game: Game, deck_id: str, card_id: str
) -> None:
    deck = game.deck(deck_id)
    card = deck.card(card_id)
    width, height = deck.spec.size.width * MM, deck.spec.size.height * MM
    left, bottom = BLEED + SAFE_MARGIN - SLACK, BLEED + SAFE_MARGIN - SLACK
    right, top = BLEED + width - SAFE_MARGIN + SLACK, BLEED + height - SAFE_MARGIN + SLACK
    for back in (False, True):
        data = draw(game, deck_id, card, back=back)
        sizes = [float(size) for size in FONT_SIZE.findall(data)]
        assert len(sizes) > 1, "some text is drawn"
        assert min(sizes) >= MIN_TEXT_SIZE, f"text at {min(sizes)} pt"
        textpage = pdfium.PdfDocument(data)[0].get_textpage()
        text = textpage.get_text_range()
        for index, char in enumerate(text):
            if char.isspace():
                continue
            x0, y0, x1, y1 = textpage.get_charbox(index)
            assert left <= x0 and x1 <= right and bottom <= y0 and y1 <= top, (
                f"{char!r} of {text[max(0, index - 10) : index + 10]!r} at "
                f"({x0:.1f}, {y0:.1f})-({x1:.1f}, {y1:.1f}) is outside the safe area"
            )


COLOUR = re.compile(rb"(?<![\w.])([\d.]+) ([\d.]+) ([\d.]+) (rg|RG)\b")


def colours(data: bytes) -> list[tuple[float, float, float]]:
    return [(float(r), float(g), float(b)) for r, g, b, _ in COLOUR.findall(data)]


@pytest.mark.parametrize(("deck_id", "card_id"), every_card())
def test_ink_saver_prints_only_greys(game: Game, deck_id: str, card_id: str) -> None:
    card = game.deck(deck_id).card(card_id)
    for back in (False, True):
        used = colours(draw(game, deck_id, card, back=back, ink=True))
        assert used
        tinted = [c for c in used if max(c) - min(c) > 0.002]
        assert not tinted, f"colours in ink-saver mode: {tinted[:3]}"


def test_the_colour_check_sees_colour(game: Game) -> None:
    """The regular faces do use colour, so the ink-saver check above means something."""
    single = game.deck("action").card("single")
    assert any(max(c) - min(c) > 0.1 for c in colours(draw(game, "action", single)))


# --- what each card shows -------------------------------------------------------------------


def test_minimum_fame_only_where_a_venue_has_one(game: Game) -> None:
    deck = game.deck("action")
    assert "Needs Fame 5+" in page_text(draw(game, "action", deck.card("the-corn-exchange")))
    assert "Needs Fame" not in page_text(draw(game, "action", deck.card("the-pig-and-whistle")))


def test_hand_limit_reminders(game: Game) -> None:
    deck = game.deck("action")
    for card_id in ("single", "ep"):
        assert "Hand limit: 4 Singles & EPs" in page_text(draw(game, "action", deck.card(card_id)))
    for card_id in ("album", "double-album"):
        text = page_text(draw(game, "action", deck.card(card_id)))
        assert "Hand limit: 2 Albums & Double albums" in text
    assert "Hand limit" not in page_text(draw(game, "action", deck.card("the-corn-exchange")))


def test_lawyers_may_be_played_any_time(game: Game) -> None:
    deck = game.deck("action")
    assert "PLAY ANY TIME" in page_text(draw(game, "action", deck.card("lawyers")))
    assert "PLAY ANY TIME" not in page_text(draw(game, "action", deck.card("hype")))


def test_artist_tracks_print_every_box(game: Game) -> None:
    artist = game.deck("artist").card("dire-haircuts")
    assert isinstance(artist, ArtistCard)
    numbers = re.findall(r"\b\d+\b", page_text(draw(game, "artist", artist)))
    fame = [str(n) for n in range(artist.fame_track.min, artist.fame_track.max + 1)]
    contract = [str(n) for n in range(artist.contract_track.min, artist.contract_track.max + 1)]
    for number in fame + contract:
        assert number in numbers, f"no box {number}"


def test_year_track_prints_every_year(game: Game) -> None:
    year = game.deck("year").card("years-to-go")
    assert isinstance(year, YearCard)
    numbers = re.findall(r"\b\d+\b", page_text(draw(game, "year", year)))
    assert [str(n) for n in range(year.track.min, year.track.max + 1)] == sorted(
        set(numbers), key=int
    )


# --- text that cannot fit --------------------------------------------------------------------

LONG = "An outrageously long rule that nobody could print on a card. " * 30


@pytest.mark.parametrize(
    ("deck_id", "card_id"),
    [
        ("action", "single"),
        ("action", "lawyers"),
        ("tour", "the-toilet-circuit"),
        ("order-marker", "rich-bastard"),
        ("money", "note-1000"),
        ("year", "years-to-go"),
    ],
)
def test_text_far_too_long_names_the_card(game: Game, deck_id: str, card_id: str) -> None:
    card = game.deck(deck_id).card(card_id)
    too_long = card.model_copy(update={"text": LONG})
    with pytest.raises(TextOverflowError, match=f"card '{card_id}'"):
        draw(game, deck_id, too_long)


def test_month_rule_far_too_long_names_the_card(game: Game) -> None:
    january = game.deck("month").card("january")
    assert isinstance(january, MonthCard) and january.rule is not None
    rule = january.rule.model_copy(update={"text": LONG})
    with pytest.raises(TextOverflowError, match="card 'january'"):
        draw(game, "month", january.model_copy(update={"rule": rule}))
