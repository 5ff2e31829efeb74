"""The table's cards as zones (contract 1): whole seeded games of every game played through
the JSON interface with every seat a person's, every zone of every seat's answer and of
the spectator's checked against the engine: no face-up card that the seat may not see
(by the engine's ``hidden_from``, copies counted), a face-down card shows no face, every
action a card starts is a legal action and every move a card starts is on a card; Chin
Music never shows a covered word; a sample image of every deck is a PNG."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from starlette.testclient import TestClient

from bots.core import GameState, seat_rngs
from bots.games.chin_music import CardFront
from bots.games.chinchon import Card
from bots.games.joes_bar.data import Copy, Patron
from bots.games.music_game_thingy.records import HandCard
from pnp.catalog import load_catalog
from pnp.play.front import GameFront
from pnp.table.app import create_app
from pnp.table.tables import Table
from pnp.table.zones import FACE_DOWN, spectator_zones
from tests.conftest import CARDS, GAME_IDS
from tests.table.test_api import SEED, SHORT, bearer, loaded, new_table, table_of

#: The verbs of the moves a card starts: each such legal move must be on some card.
CARD_VERBS = {
    "chinchon": {"stock", "take", "discard", "close"},
    "chin-music": {"play"},
    "joes-bar": {"hit", "fling", "dodge", "swoosh", "drink", "grab", "trick", "discard"},
    "music-game-thingy": {"play", "discard", "look", "bid", "tour"},
}
ZONE_KEYS = {"id", "name", "seat", "cards", "count"}
CARD_KEYS = {"name", "text", "image", "face_down", "actions"}


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(load_catalog(CARDS)))


# --- what a card is, by the card data's id ------------------------------------------------


def card_ids(table: Table, value: object) -> list[str]:
    """The card data's ids of a value ``hidden_from`` names (none for what is no card)."""
    state: Any = table.state
    if isinstance(value, Card):
        return ["joker-red" if value.is_joker else f"{value.rank}-{value.suit}"]
    if isinstance(value, CardFront):
        value = value.word
    if isinstance(value, Copy):
        return [value.kind.id]
    if isinstance(value, Patron):
        return [value.id]
    if isinstance(value, HandCard):
        return [value.card]
    if isinstance(value, str) and table.game.id == "chin-music":
        index = state.deck.find(value)
        return [state.deck.cards[index].id] if index is not None else [value]
    return []


def copies(table: Table) -> Counter[str]:
    """How many physical copies of each card id the game has (the cards it deals)."""
    state: Any = table.state
    game = table.game.id
    if game == "chinchon":
        cards = [*state.stock, *state.discard, *(card for hand in state.hands for card in hand)]
        return Counter(card_ids(table, card)[0] for card in cards)
    if game == "chin-music":
        return Counter(card.id for card in state.deck.cards)
    if game == "joes-bar":
        data = state.cards
        return Counter(
            [copy.kind.id for copy in data.copies] + [patron.id for patron in data.patrons]
        )
    return Counter(state.rules.copies)


def face_id(image: str) -> str:
    """``/api/games/G/cards/DECK/ID-front.png`` -> ``ID``."""
    face = image.rsplit("/", 1)[1].removesuffix(".png")
    assert face.endswith("-front"), image
    return face.removesuffix("-front")


def face_up(zones: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [card for zone in zones for card in zone["cards"] if not card["face_down"]]


# --- the checks ---------------------------------------------------------------------------


def check_shape(zones: list[dict[str, Any]]) -> None:
    for zone in zones:
        assert set(zone) == ZONE_KEYS, zone
        assert zone["count"] >= len(zone["cards"]), zone
        for card in zone["cards"]:
            assert set(card) == CARD_KEYS, card
            assert card["name"] and card["text"]
            if card["face_down"]:
                # a face-down card shows no face: no name, and the deck's common back or none
                assert card["name"] == FACE_DOWN
                assert card["image"] is None or card["image"].endswith("/back.png"), card
            elif card["image"] is not None:
                face_id(card["image"])


def check_hidden(table: Table, seats: list[int], zones: list[dict[str, Any]]) -> None:
    """No face-up card more often than the copies the seats may see (each of ``seats``)."""
    state: GameState[Any, Any] = table.state
    total = copies(table)
    shown = Counter(face_id(card["image"]) for card in face_up(zones) if card["image"])
    texts = [f"{card['name']} {card['text']}" for card in face_up(zones)]
    for seat in seats:
        values = list(table.game.verify_adapter.hidden_from(state, seat))
        hidden = Counter(card_id for value in values for card_id in card_ids(table, value))
        for card_id, count in hidden.items():
            seen = shown[card_id]
            assert seen <= total[card_id] - count, f"{card_id} shown to seat {seat}"
        words = {
            value.word if isinstance(value, CardFront) else value
            for value in values
            if isinstance(value, CardFront | str)
        }
        assert [w for w in words if len(w) >= 5 and any(w in text for text in texts)] == []


def check_actions(game_id: str, answer: dict[str, Any]) -> None:
    """Every action on a card is legal, and every legal move a card starts is on one."""
    legal = [choice["action"] for choice in answer["legal"]]
    on_cards = {
        action for zone in answer["zones"] for c in zone["cards"] for action in c["actions"]
    }
    assert on_cards <= set(legal)
    card_moves = {action for action in legal if action.split(":")[1] in CARD_VERBS[game_id]}
    assert card_moves <= on_cards, card_moves - on_cards


def check_covered(table: Table, answer: dict[str, Any]) -> None:
    """Chin Music: below the top, no stack word is ever shown face up."""
    state: Any = table.state
    below = {state.deck.cards[index].word for index in state.stack[:-1]}
    assert not below & {card["name"] for card in face_up(answer["zones"])}


def play_checked(game_id: str) -> dict[str, Any]:
    """A whole seeded game at a table (as the JSON interface answers, without HTTP), every
    seat a person's choosing as the default bot would; every answer's zones checked. What
    was seen: an image URL of every deck and back, and the moves taken from cards."""
    game = loaded(game_id)
    players = game.players.start
    table = Table.create(game, players, list(range(players)), seed=SEED, variants=SHORT[game_id])
    tokens = table.tokens
    chooser = [game.bot(game.default_bot) for _ in range(players)]
    rngs = seat_rngs(99, players)
    images: dict[str, str] = {}
    taken_from_cards = 0
    for _ in range(3000):
        spectator = table.view(None)
        check_shape(spectator["zones"])
        check_hidden(table, list(range(players)), spectator["zones"])
        assert not any(c["actions"] for zone in spectator["zones"] for c in zone["cards"])
        answers = {seat: table.view(token) for seat, token in tokens.items()}
        for seat, answer in answers.items():
            check_shape(answer["zones"])
            check_hidden(table, [seat], answer["zones"])
            check_actions(game_id, answer)
            if game_id == "chin-music":
                check_covered(table, answer)
            for card in (c for zone in answer["zones"] for c in zone["cards"]):
                if card["image"]:
                    key = card["image"] if card["face_down"] else card["image"].split("/")[-2]
                    images.setdefault(key, card["image"])
        if spectator["over"]:
            break
        seat = spectator["to_act"]
        state = table.state
        action = str(chooser[seat].choose(state.view(seat), state.legal_actions(), rngs[seat]))
        zones = answers[seat]["zones"]
        taken_from_cards += any(action in card["actions"] for z in zones for card in z["cards"])
        table.act(tokens[seat], action)
    else:
        pytest.fail("the game should end")
    return {"images": images, "taken_from_cards": taken_from_cards}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_zones_of_a_whole_game(client: TestClient, game_id: str) -> None:
    seen = play_checked(game_id)
    assert seen["taken_from_cards"] > 0, "some moves are taken by a click on a card"
    # one sample image of every deck seen (and every back) is the deck's PNG
    for url in seen["images"].values():
        response = client.get(url)
        assert response.status_code == 200, url
        assert response.headers["content-type"] == "image/png"
        assert response.content.startswith(b"\x89PNG\r\n\x1a\n")


def test_every_game_gives_zones_and_scores(client: TestClient) -> None:
    """A seat's view has its hand, the others' hands (count only where they are seen as
    backs) and a score for every seat; a game whose front gives no zones sends none."""
    for game_id in GAME_IDS:
        created = new_table(client, game_id, [0])
        table = table_of(client, created["table"])
        view = client.get(
            f"/api/tables/{created['table']}/view", headers=bearer(created["tokens"]["0"])
        ).json()
        ids = [zone["id"] for zone in view["zones"]]
        assert "hand" in ids, game_id
        players = table.state.num_players
        assert {f"hand-{seat}" for seat in range(1, players)} <= set(ids), game_id
        assert [score["seat"] for score in view["scores"]] == list(range(players))
        hand = next(zone for zone in view["zones"] if zone["id"] == "hand")
        assert hand["seat"] == 0 and all(not card["face_down"] for card in hand["cards"])
    assert GameFront.zones(None, None, ()) == []  # type: ignore[arg-type]
    assert GameFront.scores(None, None) == []  # type: ignore[arg-type]


def test_a_spectator_sees_what_every_other_seat_sees_alike() -> None:
    """A seat's zone is shown as every other seat sees it (its owner sees more); where the
    seats see the same number of cards but not the same cards, only the number."""
    from pnp.play.front import CardShown, Zone

    ace = CardShown("A♠", "Ace of spades", "/api/games/g/cards/main/a-spades-front.png")
    back = CardShown(FACE_DOWN, "A face-down card", "/api/games/g/cards/main/back.png", True)
    mine = Zone("hand", "Your hand", 0, (ace,))
    theirs = Zone("hand-0", "Ana's hand", 0, (back,))
    pile_0 = Zone("stack", "Stack", None, (CardShown(FACE_DOWN, "yours", None, True),))
    pile_1 = Zone("stack", "Stack", None, (CardShown(FACE_DOWN, "Ana's", None, True),))
    shown = spectator_zones([[mine, pile_0], [theirs, pile_1], [theirs, pile_1]])
    assert [zone["id"] for zone in shown] == ["stack", "hand-0"]
    assert shown[0]["cards"] == [] and shown[0]["count"] == 1
    assert shown[1]["cards"] == [back.to_json()]
