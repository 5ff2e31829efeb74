"""Joe's Bar faces: every deck is drawn by its layout (``cards/joes-bar/layouts.yaml``),
every card draws in both modes and says what it should, every glyph of the icon
language has a drawing, text that cannot fit fails naming the card, and the two player
aids draw."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from dataclasses import replace

import numpy as np
import pypdfium2 as pdfium
import pytest
from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from pnp.catalog import Game, load_catalog
from pnp.catalog.base import Card
from pnp.catalog.layouts import Frame, Named
from pnp.catalog.model import Deck
from pnp.catalog.schemas.joes_bar import (
    CATEGORY_LABEL,
    CATEGORY_SHAPE_WORDS,
    TIMING_LABEL,
    ActionCard,
    BarCard,
    Icon,
    PatronCard,
    PlayerAid,
    icon_table,
)
from pnp.kit.drawings.joes_bar.badges import CATEGORY_SHAPES
from pnp.kit.drawings.joes_bar.glyphs import GLYPHS, glyph_for
from pnp.kit.faces import FACES, FaceContext, FaceOptions, TextOverflowError, design_for
from pnp.kit.fonts import register_fonts
from pnp.kit.geometry import MM, Edges, Rect
from pnp.kit.layout_faces import layout_checks, layout_design
from tests.conftest import CARDS

Draw = Callable[[Canvas, FaceContext], None]


@pytest.fixture(scope="module")
def game() -> Game:
    return load_catalog(CARDS).game("joes-bar")


def jb_decks(game: Game) -> list[Deck]:
    return [deck for deck in game.decks if deck.spec.kind.startswith("jb-")]


def render(game: Game, deck: Deck, draw: Draw, ink_saver: bool = False,
           scale: float = 0.0) -> tuple[str, np.ndarray | None]:  # fmt: skip
    """Draw one face on a page of its own (bleed included); return the page's
    text and, when ``scale`` is given, its pixels as grey levels from 0 to 1."""
    register_fonts()
    width, height = deck.spec.size.width * MM, deck.spec.size.height * MM
    bleed = 3 * MM
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(width + 2 * bleed, height + 2 * bleed), invariant=1)
    canvas.translate(bleed, bleed)
    context = FaceContext(game, deck, FaceOptions(ink_saver=ink_saver), width, height,
                          Edges.even(bleed))  # fmt: skip
    draw(canvas, context)
    canvas.showPage()
    canvas.save()
    page = pdfium.PdfDocument(buffer.getvalue())[0]
    text = page.get_textpage().get_text_range()
    if not scale:
        return text, None
    pixels = np.asarray(page.render(scale=scale).to_pil().convert("L"), dtype=float) / 255
    return text, pixels


def front(card: Card, deck: Deck) -> Draw:
    return lambda canvas, context: design_for(context.game, deck).front(canvas, card, context)


def back(card: Card, deck: Deck) -> Draw:
    return lambda canvas, context: design_for(context.game, deck).back(canvas, card, context)


def aid_side(game: Game, side: str) -> Draw:
    """The side of the player aid that shows the aid ``side`` (icon-reference, round-phases)."""
    deck = game.deck("aid")
    (card,) = deck.cards
    assert isinstance(card, PlayerAid)
    if card.front == side:
        return front(card, deck)
    assert card.back == side
    return back(card, deck)


def inner_rule(game: Game) -> float:
    """Where the aids' frame ends, in from the cut: the inner edge of its innermost rule."""
    assert game.layouts is not None
    rules = [item.frame for item in game.layouts.layouts["jb-aid"].front if isinstance(item, Frame)]
    assert rules
    return max(rule.inset * MM + rule.width / 2 for rule in rules)


def inside_frame(game: Game, deck: Deck) -> float:
    """Where an aid's content starts, in from the cut: the box its layout gives the aids
    (clear of the frame's inner rule by over a millimetre on every side)."""
    assert game.layouts is not None
    size = deck.spec.size
    boxes = {
        item.box.in_mm(size.width, size.height)
        for item in game.layouts.layouts["jb-aid"].front
        if isinstance(item, Named) and item.element in {"jb-icon-reference", "jb-round-phases"}
        and item.box is not None
    }  # fmt: skip
    assert len(boxes) == 1, boxes
    ((x, y, width, height),) = boxes
    assert y == x and (size.width - x - width, size.height - y - height) == pytest.approx((x, x))
    return x * MM


def squash(text: str) -> str:
    """Page text without line breaks or spacing, for looking words up."""
    return "".join(text.split())


def test_every_jb_deck_is_drawn_by_its_layout(game: Game) -> None:
    kinds = {deck.spec.kind for deck in jb_decks(game)}
    assert kinds == {"jb-action", "jb-bar", "jb-patron", "jb-aid"}
    assert game.layouts is not None
    assert not kinds & set(FACES), "a Python face is left for a Joe's Bar kind"
    for deck in game.decks:
        assert design_for(game, deck) is layout_design(game.layouts, deck.spec.kind), deck.id


def test_the_layout_keeps_text_and_frames_in_the_safe_zone() -> None:
    catalog = load_catalog(CARDS, layout_checks=layout_checks())
    assert [w for w in catalog.warnings if "joes-bar" in w.file] == []


def test_every_category_the_alt_texts_name_has_a_shape() -> None:
    assert set(CATEGORY_SHAPE_WORDS) <= set(CATEGORY_SHAPES)


@pytest.mark.parametrize("ink_saver", [False, True], ids=["colour", "ink-saver"])
def test_every_card_draws_and_shows_its_name(game: Game, ink_saver: bool) -> None:
    drawn = 0
    for deck in jb_decks(game):
        for card in deck.cards:
            text, _ = render(game, deck, front(card, deck), ink_saver)
            # a player aid shows its aid's title; every other card its name
            name = AID_TITLES[card.front] if isinstance(card, PlayerAid) else card.label()
            assert squash(name).casefold() in squash(text).casefold(), f"{card.id}: {text!r}"
            drawn += 1
        text, _ = render(game, deck, back(deck.cards[0], deck), ink_saver)
        card = deck.cards[0]
        title = AID_TITLES[card.back] if isinstance(card, PlayerAid) else deck.spec.back.title
        assert squash(title).casefold() in squash(text).casefold()
    assert drawn == sum(len(deck.cards) for deck in jb_decks(game))


AID_TITLES = {"icon-reference": "THE ICON LANGUAGE", "round-phases": "A ROUND AT JOE'S"}


def test_player_aids_are_double_sided_and_keep_clear_of_the_frame(game: Game) -> None:
    deck = game.deck("aid")
    assert deck.physical_count == 5 and deck.back_varies
    (card,) = deck.cards
    assert isinstance(card, PlayerAid) and card.front != card.back
    for draw in (front(card, deck), back(card, deck)):
        page = _page(game, deck, draw)
        textpage = page.get_textpage()
        width, height = deck.spec.size.width * MM, deck.spec.size.height * MM
        inside = Rect(BLEED, BLEED, width, height).inset(inside_frame(game, deck) - 0.3 * MM)
        for index in range(textpage.count_chars()):
            if not textpage.get_text_range(index, 1).strip():
                continue
            left, bottom, right, top = textpage.get_charbox(index)
            assert inside.x <= left and right <= inside.right, textpage.get_text_range(index, 8)
            assert inside.y <= bottom and top <= inside.top
        # the glyph tokens too: nothing dark between the frame's inner rule and the rows
        pixels = np.asarray(page.render(scale=4).to_pil().convert("L"), dtype=float)
        band = pixels[
            int((BLEED + 20 * MM) * 4) : int((BLEED + height - 20 * MM) * 4),
            int((BLEED + inner_rule(game) + 0.2 * MM) * 4) : int(
                (BLEED + inside_frame(game, deck) - 0.2 * MM) * 4
            ),
        ]
        assert (band < 90).mean() < 0.01, "a token straddles the left frame"


def _page(game: Game, deck: Deck, draw: Draw) -> pdfium.PdfPage:
    register_fonts()
    width, height = deck.spec.size.width * MM, deck.spec.size.height * MM
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(width + 2 * BLEED, height + 2 * BLEED), invariant=1)
    canvas.translate(BLEED, BLEED)
    draw(canvas, FaceContext(game, deck, FaceOptions(), width, height, Edges.even(BLEED)))
    canvas.showPage()
    canvas.save()
    return pdfium.PdfDocument(buffer.getvalue())[0]


BLEED = 3 * MM


def test_action_and_bar_cards_name_each_icon_once_per_occurrence(game: Game) -> None:
    icons = icon_table(game)
    for deck_id in ("action", "bar", "swoosh"):
        deck = game.deck(deck_id)
        for card in deck.cards:
            assert isinstance(card, ActionCard | BarCard)
            printed = re.findall(r"[A-Za-z]+", render(game, deck, front(card, deck))[0])
            elsewhere = card.text
            if isinstance(card, ActionCard):
                elsewhere += f" {CATEGORY_LABEL[card.category]}"
                elsewhere += f" {TIMING_LABEL[card.timing]}"
            others = re.findall(r"[A-Za-z]+", elsewhere)
            for icon_id in set(card.icons):
                label = icons[icon_id].name.upper()
                under_glyphs = printed.count(label) - others.count(label)
                assert under_glyphs == card.icons.count(icon_id), (card.id, icon_id, printed)


def test_action_cards_show_category_and_timing(game: Game) -> None:
    deck = game.deck("action")
    card = deck.card("hold-my-beer")
    text, _ = render(game, deck, front(card, deck))
    assert "UTILITY" in text and "Any time" in text
    assert "OLDER DRAFT" not in text


def test_swoosh_cards_are_marked_on_the_front_and_hidden_on_the_back(game: Game) -> None:
    deck = game.deck("swoosh")
    for card in deck.cards:
        text, _ = render(game, deck, front(card, deck))
        assert text.count("OLDER DRAFT ONLY") >= 1, card.id
    # shuffled into the Action deck under the older draft: the backs must match exactly
    _, swoosh_back = render(game, deck, back(deck.cards[0], deck), scale=1.0)
    action = game.deck("action")
    _, action_back = render(game, action, back(action.cards[0], action), scale=1.0)
    assert swoosh_back is not None and action_back is not None
    assert np.array_equal(swoosh_back, action_back)


def test_patron_prints_its_booze_scale_and_start(game: Game) -> None:
    deck = game.deck("patron")
    for card in deck.cards:
        assert isinstance(card, PatronCard)
        text, _ = render(game, deck, front(card, deck))
        words = text.split()
        for level in range(1, card.booze_scale_max + 1):
            assert str(level) in words, (card.id, level)
        assert "KO" in words and "START BL" in text
        assert card.trait.name.upper() in text
        # the starting BL shows twice: on the bottle cap and on the scale
        assert words.count(str(card.booze)) >= 2


def test_ink_saver_has_no_large_dark_areas(game: Game) -> None:
    for deck_id, card_id in (("action", "bad-batch"), ("patron", "big-earl"), ("bar", "chair")):
        deck = game.deck(deck_id)
        card = deck.card(card_id)
        for draw in (front(card, deck), back(card, deck)):
            _, colour = render(game, deck, draw, ink_saver=False, scale=0.5)
            _, saver = render(game, deck, draw, ink_saver=True, scale=0.5)
            assert colour is not None and saver is not None
            dark = float((saver < 0.35).mean())
            assert dark < 0.12, f"{card_id}: {dark:.0%} of the ink-saver face is dark"
            assert saver.mean() > colour.mean()


def test_every_glyph_of_the_icon_table_is_drawn(game: Game) -> None:
    icons = icon_table(game)
    assert len(icons) >= 8
    for icon in icons.values():
        drawer = glyph_for(icon)
        assert drawer is GLYPHS[icon.glyph]
        buffer = io.BytesIO()
        canvas = Canvas(buffer, pagesize=(100, 100))
        drawer(canvas, 50, 50, 80, HexColor("#ffffff"))
        canvas.showPage()
        canvas.save()
        pixels = np.asarray(
            pdfium.PdfDocument(buffer.getvalue())[0].render().to_pil().convert("L"), dtype=float
        )
        inked = float((pixels < 128).mean())
        assert 0.05 < inked < 0.8, f"{icon.id}: glyph {icon.glyph!r} inks {inked:.0%}"


def test_a_glyph_without_a_drawing_fails_naming_the_icon(game: Game) -> None:
    icon = icon_table(game)["rob"]
    stranger = icon.model_copy(update={"glyph": "pint-glass"})
    with pytest.raises(ValueError, match=r"icon 'rob'.*'pint-glass'"):
        glyph_for(stranger)


@pytest.mark.parametrize(
    ("deck_id", "card_id", "update"),
    [
        ("action", "jab", {"text": "Swing it round and round the room. " * 40}),
        ("bar", "chair", {"text": "Splinters everywhere and nobody sweeps. " * 40}),
        ("action", "one-two", {"name": "The Longest Punch Ever Thrown In Joe's Bar Ever " * 3}),
    ],
)
def test_text_far_too_long_fails_naming_the_card(
    game: Game, deck_id: str, card_id: str, update: dict[str, str]
) -> None:
    deck = game.deck(deck_id)
    card = deck.card(card_id).model_copy(update=update)
    with pytest.raises(TextOverflowError, match=f"card '{card_id}'"):
        render(game, deck, front(card, deck))


def test_a_patron_trait_far_too_long_fails_naming_the_card(game: Game) -> None:
    deck = game.deck("patron")
    card = deck.card("big-earl")
    assert isinstance(card, PatronCard)
    trait = card.trait.model_copy(update={"text": "He tells you about his knees. " * 30})
    long = card.model_copy(update={"trait": trait})
    with pytest.raises(TextOverflowError, match="card 'big-earl'"):
        render(game, deck, front(long, deck))


def test_icon_reference_lists_every_icon_with_its_meaning(game: Game) -> None:
    deck = game.deck("patron")
    for ink_saver in (False, True):
        text, _ = render(game, deck, aid_side(game, "icon-reference"), ink_saver)
        flat = squash(text)
        assert "THE ICON LANGUAGE" in text
        for icon in icon_table(game).values():
            assert isinstance(icon, Icon)
            assert squash(icon.name.upper()) in flat
            assert squash(icon.meaning) in flat, icon.id
        assert "(older draft only)" in text


def test_round_phases_names_the_three_phases(game: Game) -> None:
    deck = game.deck("patron")
    for ink_saver in (False, True):
        text, _ = render(game, deck, aid_side(game, "round-phases"), ink_saver)
        positions = [text.find(phase) for phase in ("JUKEBOX", "BRAWL", "END.", "GAME OVER")]
        assert -1 not in positions and positions == sorted(positions), text
        assert "equal the number of players" in " ".join(text.split())


def test_player_aids_fail_clearly_on_an_icon_without_a_glyph(game: Game) -> None:
    table = next(t for t in game.tables if t.spec.kind == "jb-icon")
    odd = tuple(
        entry.model_copy(update={"glyph": "dartboard"}) if entry.id == "poison" else entry
        for entry in table.entries
    )
    tables = tuple(
        type(t)(t.id, t.spec, odd) if t is table else t for t in game.tables
    )  # fmt: skip
    broken = replace(game, tables=tables)
    with pytest.raises(ValueError, match="icon 'poison'"):
        render(broken, game.deck("aid"), aid_side(broken, "icon-reference"))
    deck = broken.deck("action")
    with pytest.raises(ValueError, match="icon 'poison'"):
        render(broken, deck, front(deck.card("spiked-drink"), deck))
