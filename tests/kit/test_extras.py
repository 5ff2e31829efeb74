"""Printable extras: each game gets what its ``also_needed`` asks paper for,
drawn from the card data (a counter for every track of every card, a score
column for every player, the printed rule's score), inside the kit PDF."""

from __future__ import annotations

import functools
import io
from collections.abc import Callable
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from reportlab.pdfgen.canvas import Canvas

from pnp.catalog import CatalogError, Game, load_catalog
from pnp.catalog.schemas.music_game_thingy import ArtistCard, YearCard
from pnp.kit.extras import EXTRAS, extras_for
from pnp.kit.extras.base import PageFrame
from pnp.kit.extras.counters import TrackCounters
from pnp.kit.extras.dice import NET
from pnp.kit.extras.tally import KnockoutTally
from pnp.kit.faces import FaceOptions
from pnp.kit.fonts import register_fonts
from pnp.kit.geometry import MM, Rect
from pnp.kit.layout import PAPERS, Duplex
from pnp.kit.options import KitOptions
from pnp.kit.pdf import game_pdf
from pnp.kit.sheets import PageKind, plan_document
from tests.conftest import CARDS


@functools.cache
def game(game_id: str) -> Game:
    return load_catalog(CARDS).game(game_id)


def page_text(extra_game: str, kind: str, back: bool = False) -> str:
    """The text of an extra drawn alone on an A4 page."""
    register_fonts()
    (extra,) = [e for e in extras_for(game(extra_game), KitOptions()) if e.need.printed == kind]
    width, height = PAPERS["a4"]
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(width, height))
    frame = PageFrame(width, height, Rect(0, 0, width, height).inset(5 * MM), FaceOptions(),
                      Duplex.LONG, back)  # fmt: skip
    extra.draw(canvas, 0, frame)
    canvas.showPage()
    canvas.save()
    return pdfium.PdfDocument(buffer.getvalue())[0].get_textpage().get_text_range()


def test_each_game_gets_the_extras_its_data_asks_for() -> None:
    asked = {
        g.id: [need.printed for need in g.spec.also_needed if need.printed]
        for g in load_catalog(CARDS).games
    }
    assert asked == {
        "chin-music": [],
        "chinchon": ["score-sheet"],
        "joes-bar": ["knockout-tally"],
        "music-game-thingy": ["dice", "track-counters"],
    }
    for game_id, kinds in asked.items():
        extras = extras_for(game(game_id), KitOptions())
        assert [extra.need.printed for extra in extras] == kinds
        assert all(kind in EXTRAS for kind in kinds)


def test_extras_are_pages_of_the_kit_with_a_back_when_printing_two_sided() -> None:
    options = KitOptions()
    plan = plan_document([game("music-game-thingy")], options)
    kinds = [page.kind for page in plan.pages if page.extra is not None]
    assert kinds == [PageKind.EXTRA, PageKind.EXTRA_BACK] * 2
    one_sided = plan_document([game("music-game-thingy")], KitOptions(duplex=Duplex.NONE))
    assert [p.kind for p in one_sided.pages if p.extra] == [PageKind.EXTRA] * 2
    document = pdfium.PdfDocument(game_pdf(game("music-game-thingy"), options))
    titles = [mark.get_title() for mark in document.get_toc()]
    assert "Dice to fold" in titles and "Counters" in titles


def test_a_counter_for_every_track_of_every_card_and_spares() -> None:
    mgt = game("music-game-thingy")
    (counters,) = [e for e in extras_for(mgt, KitOptions()) if isinstance(e, TrackCounters)]
    rows = counters.rows()
    artists = [card for _, card in mgt.cards() if isinstance(card, ArtistCard)]
    years = [card for _, card in mgt.cards() if isinstance(card, YearCard)]
    named = {row.label: [kind.label for kind in row.kinds] for row in rows}
    for artist in artists:
        assert named[artist.name] == ["Fame", "Contract"]
    for year in years:
        assert named[year.name] == ["Years"]
    assert len(named["Spare Fame"]) == len(named["Spare Contract"]) == 4
    assert len(named["Spare Years"]) == 1
    text = page_text("music-game-thingy", "track-counters")
    assert all(artist.name in text for artist in artists)
    # the back repeats the counters and says nothing (words would read backwards)
    assert not page_text("music-game-thingy", "track-counters", back=True).strip()


def test_the_score_sheet_has_a_column_pair_for_every_player() -> None:
    text = page_text("chinchon", "score-sheet")
    players = game("chinchon").spec.players.max
    # one 'points' in the instructions, then one atop each player's column
    assert text.split().count("points") == 1 + players
    assert text.split().count("total") >= players
    assert "Re-entry" in text


def test_the_knockout_tally_scores_as_the_printed_rule_says() -> None:
    jb = game("joes-bar")
    (tally,) = [e for e in extras_for(jb, KitOptions()) if isinstance(e, KnockoutTally)]
    assert (
        tally.score_words() == "Score: 10 \u2212 2 \u00d7 patrons lost \u2212 1 \u00d7 BL missing"
    )
    text = page_text("joes-bar", "knockout-tally")
    assert text.count("Knockouts round the table") == 3
    assert "equal the number of players" in " ".join(text.split())


@pytest.mark.parametrize("pips", [(0, 2), (1, 3)])
def test_dice_opposite_faces_add_up_to_seven(pips: tuple[int, int]) -> None:
    column = [NET[(1, row)] for row in range(4)]
    assert column[pips[0]] + column[pips[1]] == 7
    assert NET[(0, 1)] + NET[(2, 1)] == 7
    assert sorted(NET.values()) == [1, 2, 3, 4, 5, 6]


def test_an_unknown_printed_extra_is_refused_by_the_catalog(
    cards_copy: Path, edit: Callable[[Path, str, str], None]
) -> None:
    edit(cards_copy / "chinchon" / "game.yaml", "printed: score-sheet", "printed: abacus")
    with pytest.raises(CatalogError, match="abacus"):
        load_catalog(cards_copy)
