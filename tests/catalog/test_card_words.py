"""What the catalog says about cards in words and look-ups, with no drawing:
each card's text alternative (``Card.describe``), the sides a deck prints,
Joe's Bar's icon table and printed rules, and The Music Game Thingy's
card-text helpers. The faces, the site, the engines and the terminal game
all use these, so they are checked here, apart from any kit code."""

from __future__ import annotations

from typing import Any

import pytest

from pnp.catalog import Game, load_catalog
from pnp.catalog.schemas import joes_bar
from pnp.catalog.schemas.joes_bar import PatronCard
from pnp.catalog.schemas.music_game_thingy import ActionCard, ArtistCard
from pnp.catalog.schemas.music_game_thingy_words import activities, in_words
from tests.conftest import CARDS

CATALOG = load_catalog(CARDS)


@pytest.fixture(scope="module")
def jb() -> Game:
    return CATALOG.game("joes-bar")


@pytest.fixture(scope="module")
def mgt() -> Game:
    return CATALOG.game("music-game-thingy")


def every_card() -> list[Any]:
    return [
        pytest.param(game.id, deck.id, card.id, id=f"{game.id}/{deck.id}/{card.id}")
        for game in CATALOG.games
        for deck in game.decks
        for card in deck.cards
    ]


# --- every card, every game -------------------------------------------------------------------


@pytest.mark.parametrize(("game_id", "deck_id", "card_id"), every_card())
def test_every_card_says_its_name_in_words(game_id: str, deck_id: str, card_id: str) -> None:
    card = CATALOG.game(game_id).deck(deck_id).card(card_id)
    words = card.describe()
    assert card.label() in words or card_id.split("-")[0].upper() in words
    assert "{" not in words and "None" not in words


def test_sides_are_each_front_and_one_shared_back_or_every_own_back() -> None:
    chin_music = CATALOG.game("chin-music")
    bout = chin_music.deck("bout")
    assert bout.back_varies
    names = [side.name for side in bout.sides()]
    assert names[:2] == [f"{bout.cards[0].id}-front", f"{bout.cards[0].id}-back"]
    assert len(names) == 2 * len(bout.cards)
    facing = chin_music.deck("facing")
    assert not facing.back_varies
    assert [side.name for side in facing.sides()] == [
        *(f"{card.id}-front" for card in facing.cards),
        "back",
    ]


def test_chin_music_and_chinchon_words() -> None:
    bully = CATALOG.game("chin-music").deck("bout").cards[0]
    assert "Boast" in bully.describe() and "Ruffians" in bully.describe()
    chinchon = CATALOG.game("chinchon")
    assert chinchon.deck("main").card("a-spades").describe() == "A of spades"
    assert "wild" in chinchon.deck("jokers").cards[0].describe()


# --- Joe's Bar ----------------------------------------------------------------------------------


def test_joes_bar_words_name_the_icons(jb: Game) -> None:
    dive = jb.deck("action").card("dive-off-the-bar")
    words = dive.describe()
    assert words.startswith("Dive off the Bar.")
    assert "COMBO card (a double starburst)" in words and "Icons: hit, hit, reach." in words
    assert "Older draft only" not in words
    swoosh = jb.deck("swoosh").card("swoosh-card").describe()
    assert "Swoosh!" in swoosh and "Older draft only." in swoosh and "Icons: swoosh." in swoosh
    pitcher = jb.deck("bar").card("beer-pitcher").describe()
    assert pitcher.startswith("Beer Pitcher.") and "Icons: gulp, hit." in pitcher
    earl = jb.deck("patron").card("big-earl")
    assert isinstance(earl, PatronCard)
    described = earl.describe()
    assert described.startswith("Big Earl.") and f"Booze Level {earl.booze}" in described
    assert earl.trait.name in described


def test_joes_bar_icon_table_and_look_ups(jb: Game) -> None:
    icons = joes_bar.icon_table(jb)
    assert list(icons) == [
        "hit", "reach", "chain", "gulp", "rob", "poison", "interrupt", "swoosh"
    ]  # fmt: skip
    assert [icon.id for icon in joes_bar.icons_of(jb, ["hit", "hit"], "x")] == ["hit", "hit"]
    with pytest.raises(ValueError, match=r"card 'x': icon 'dartboard' is not in the icon table"):
        joes_bar.icons_of(jb, ["dartboard"], "card 'x'")
    assert set(joes_bar.CATEGORY_LABEL) == set(joes_bar.CATEGORY_SHAPE_WORDS)


def test_joes_bar_printed_rules_in_words(jb: Game) -> None:
    dodging = joes_bar.decision(jb, "dodging")
    assert dodging is not None and dodging.printed == "beta"
    rule = joes_bar.printed_rule(jb, "dodging")
    assert isinstance(rule, joes_bar.Dodge) and rule.max_per_hit is None
    assert joes_bar.dodge_words(jb) == "discard any card to pass the HIT to the next player"
    assert joes_bar.decision(jb, "no-such-subject") is None
    once = rule.model_copy(update={"max_per_hit": 1})
    assert once.words().endswith("(a HIT can be passed on only once)")
    ending = joes_bar.game_end_words(jb)
    assert ending.startswith("The game ends when the knockouts around the table equal")
    assert "most points wins" in ending


def test_a_patron_trait_names_its_icon(jb: Game) -> None:
    traits = {
        card.id: card.trait.icon for card in jb.deck("patron").cards if isinstance(card, PatronCard)
    }
    icons = joes_bar.icon_table(jb)
    assert any(icon is not None for icon in traits.values())
    assert all(icon is None or icon in icons for icon in traits.values())


# --- The Music Game Thingy -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("deck_id", "card_id", "wanted"),
    [
        (
            "action",
            "the-corn-exchange",
            ["The Corn Exchange", "Venue", "3 dice", "5,000 per unit", "Needs Fame 5", "One use"],
        ),
        (
            "action",
            "single",
            ["Single", "1 die", "10,000", "Hand limit: 4 Singles & EPs", "Keep until an Album"],
        ),
        ("action", "double-album", ["Hand limit: 2 Albums & Double albums"]),
        ("action", "lawyers", ["Lawyers", "Play any time"]),
        ("action", "hype", ["Lasts the year"]),
        ("month", "january", ["Month 1 of 12", "January", "Nobody Buys Records in January"]),
        ("month", "march", ["March", "No special rule"]),
        ("year", "years-to-go", ["Years to Go", "1 to 10"]),
        (
            "tour",
            "the-motorway-services-tour",
            ["3 months", "2 dice", "2,000", "Fame 5", "fee 15,000", "+2 Fame"],
        ),
        (
            "artist",
            "dire-haircuts",
            [
                "Dire Haircuts",
                "Mullet rock",
                "0 to 20",
                "+1 to each die from Fame 10",
                "+2 to each die from Fame 20",
                "1 to 5 years",
            ],
        ),
        ("order-marker", "rich-bastard", ["Play order 1", "Rich Bastard"]),
        ("money", "note-100000", ["100,000", "one hundred thousand", "A Hundred Grand"]),
    ],
)
def test_music_game_thingy_words_give_the_key_values(
    mgt: Game, deck_id: str, card_id: str, wanted: list[str]
) -> None:
    text = mgt.deck(deck_id).card(card_id).describe()
    for part in wanted:
        assert part in text, f"{part!r} not in {text!r}"


def test_headlines_name_the_cards_they_refer_to(mgt: Game) -> None:
    deck = mgt.deck("action")

    def headline(card_id: str) -> tuple[str, str]:
        card = deck.card(card_id)
        assert isinstance(card, ActionCard)
        return card.headline(deck.cards)

    lawyers_name = deck.card("lawyers").label()
    assert headline("lawyers")[0] == "Objection!"
    assert "Contract Exchange" in headline("lawyers")[1]
    assert headline("contract-exchange") == ("Swap Artists", f"{lawyers_name} can stop this")
    assert headline("road-crew") == ("+1 to the total", "at every Venue or Tour")
    assert headline("hype") == ("+3 Fame", "on any Artist")
    assert headline("stage-lights")[0] == "+1 to each die"
    single = deck.card("single")
    assert isinstance(single, ActionCard) and single.revenue == (1, 10_000)
    assert single.hand_limit is not None
    assert single.hand_limit.words() == "Hand limit: 4 Singles & EPs"


def test_artist_die_bonus_by_fame(mgt: Game) -> None:
    artist = mgt.deck("artist").card("dire-haircuts")
    assert isinstance(artist, ArtistCard)
    assert [artist.bonus_at(fame) for fame in (0, 9, 10, 19, 20)] == [0, 0, 1, 1, 2]


def test_activities_in_words() -> None:
    assert activities(["venue", "tour"]) == "Venue or Tour"
    assert activities(["single", "ep", "album", "double-album", "venue", "tour"]) == (
        "record or concert"
    )
    assert activities(["single"]) == "Single"


@pytest.mark.parametrize(
    ("value", "words"),
    [
        (1000, "one thousand"),
        (5000, "five thousand"),
        (25000, "twenty-five thousand"),
        (100000, "one hundred thousand"),
        (3_925_000, "three million nine hundred and twenty-five thousand"),
        (1001, "one thousand one"),
        (0, "nothing"),
    ],
)
def test_in_words(value: int, words: str) -> None:
    assert in_words(value) == words


def test_the_swoosh_cards_word_their_one_effect_alike(jb: Game) -> None:
    rules = {card.text.split(". ", 1)[1] for card in jb.deck("swoosh").cards}
    assert rules == {"The attack misses: its cards, combo and all, are discarded and the "
                     "Action Chain ends."}  # fmt: skip
