"""The project's real card data loads, with exactly the component counts of
the rules (and of the designs made here)."""

from __future__ import annotations

import pytest

from pnp.catalog import Catalog, load_catalog
from pnp.catalog.schemas.chin_music import BoutCard
from pnp.catalog.schemas.chinchon import PlayingCard, Rank
from tests.conftest import CARDS

EXPECTED = {
    "chin-music": {"bout": 36, "facing": 2},
    "chinchon": {"main": 40, "jokers": 2, "extension-48": 8},
    "music-game-thingy": {
        "action": 113,
        "month": 12,
        "year": 1,
        "tour": 4,
        "artist": 25,
        "order-marker": 5,
        "money": 140,
    },
    "joes-bar": {"action": 110, "swoosh": 6, "bar": 12, "patron": 10, "aid": 5},
}


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog(CARDS)


def test_every_game_has_exactly_the_expected_physical_counts(catalog: Catalog) -> None:
    assert {game: counts["decks"] for game, counts in catalog.counts().items()} == EXPECTED


def test_models_are_frozen(catalog: Catalog) -> None:
    card = catalog.game("chin-music").deck("bout").cards[0]
    with pytest.raises(ValueError, match="frozen"):
        card.boast = 9  # type: ignore[misc]


def test_chin_music_words_are_distinct_and_values_in_range(catalog: Catalog) -> None:
    bout = [c for c in catalog.game("chin-music").deck("bout").cards if isinstance(c, BoutCard)]
    assert len(bout) == 36
    assert len({card.word.casefold() for card in bout}) == 36
    assert {card.boast for card in bout} <= {1, 2, 3}
    # Ruffians 1 to 5, as the Learn page and the clarifications say (every card at least
    # one, so a wrong caller, who names no card, can never win their fight).
    assert {card.ruffians for card in bout} <= {1, 2, 3, 4, 5}


def test_chinchon_points_and_run_order_follow_the_source(catalog: Catalog) -> None:
    game = catalog.game("chinchon")
    ranks = {r.id: r for r in game.table("ranks").entries if isinstance(r, Rank)}
    assert [ranks[r].points for r in ["a", "2", "3", "4", "5", "6", "7", "j", "q", "k"]] == [
        1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]  # fmt: skip
    assert [ranks[r].points_48 for r in ["8", "9", "j", "q", "k"]] == [8, 9, 10, 11, 12]
    forty = sorted((r for r in ranks.values() if not r.only_48), key=lambda r: r.order)
    assert [r.letter for r in forty] == ["A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"]
    main = [c for c in game.deck("main").cards if isinstance(c, PlayingCard)]
    assert len({(c.rank, c.suit) for c in main}) == 40
    styles = {s.id for s in game.table("styles").entries}
    assert styles == {"french", "spanish"}


def test_every_deck_names_its_size_back_and_provenance(catalog: Catalog) -> None:
    for game in catalog.games:
        assert game.spec.credits, game.id
        for deck in game.decks:
            assert deck.spec.size.width > 0 and deck.spec.size.height > 0
            assert deck.spec.provenance.note
            assert deck.spec.back.title
