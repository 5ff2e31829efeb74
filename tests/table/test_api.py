"""The table's JSON interface: whole seeded games of every game, every response checked
against the engine's view of its seat (nothing any seat may not see), tokens, refused
actions, the log and resuming it."""

from __future__ import annotations

import io
import json
from functools import cache
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops
from starlette.testclient import TestClient

from bots.core import leaked, seat_rngs
from pnp.catalog import load_catalog
from pnp.kit.drawings.context import FaceOptions
from pnp.kit.geometry import MM, Edges
from pnp.kit.images import faces_pdf
from pnp.play import PlayOptions, play, replay
from pnp.registry import LoadedGame, load_game
from pnp.table.app import create_app
from pnp.table.cards import DPI
from pnp.table.tables import HIDDEN, Table, jsonable
from tests.conftest import CARDS, GAME_IDS

#: Variants that keep a game short enough for a test of a few seconds (a game not named
#: here is played as it is).
SHORT: dict[str, list[str]] = {
    "chin-music": ["bout_limit=4"],
    "chinchon": ["shorter-game"],
    "music-game-thingy": ["years=1"],
    "joes-bar": ["round_limit=6"],
}
SEED = 5


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(load_catalog(CARDS)))


@cache
def loaded(game_id: str) -> LoadedGame:
    return load_game(load_catalog(CARDS).game(game_id))


def table_of(client: TestClient, table_id: str) -> Table:
    found: Table = client.app.state.tables.table(table_id)  # type: ignore[attr-defined]
    return found


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def new_table(client: TestClient, game_id: str, humans: list[int], **more: Any) -> dict[str, Any]:
    game = loaded(game_id)
    body = {
        "game": game_id,
        "players": game.players.start,
        "humans": humans,
        "seed": SEED,
        "variant": SHORT.get(game_id, []),
        **more,
    }
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    assert sorted(map(int, created["tokens"])) == sorted(humans)
    return created


def strings(value: Any) -> list[str]:
    """Every string in a JSON value."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for item in value.values() for text in strings(item)]
    if isinstance(value, list):
        return [text for item in value for text in strings(item)]
    return []


def check_seat(table: Table, seat: int, answer: dict[str, Any]) -> None:
    """``answer`` holds the engine's view of ``seat`` and nothing any other value hidden
    from it: not as a JSON value, and (a word of some length) not inside any text."""
    state = table.state
    hidden = [jsonable(value) for value in table.game.verify_adapter.hidden_from(state, seat)]
    assert leaked(answer, hidden) == []
    texts = strings({key: answer[key] for key in ("lines", "events")})
    words = {secret for secret in hidden if isinstance(secret, str) and len(secret) >= 5}
    assert [word for word in words if any(word in text for text in texts)] == []
    assert answer["seat"] == seat
    assert answer["view"] == jsonable(state.view(seat))
    assert answer["over"] == state.is_terminal
    if state.current_player == seat and not state.is_terminal:
        assert [choice["action"] for choice in answer["legal"]] == [
            str(action) for action in state.legal_actions()
        ]
    else:
        assert answer["legal"] == []


def check_spectator(table: Table, answer: dict[str, Any]) -> None:
    state = table.state
    hidden = [
        jsonable(value)
        for seat in range(state.num_players)
        for value in table.game.verify_adapter.hidden_from(state, seat)
    ]
    assert answer["seat"] is None and answer["legal"] == []
    assert leaked({key: answer[key] for key in ("view", "lines", "events")}, hidden) == []
    # whatever differs between two seats' views is hidden from a spectator
    views = [jsonable(state.view(seat)) for seat in range(state.num_players)]
    if any(view != views[0] for view in views):
        assert HIDDEN in list(_members(answer["view"]))


def _members(value: Any) -> list[Any]:
    if isinstance(value, dict):
        return [value, *(m for item in value.values() for m in _members(item))]
    if isinstance(value, list):
        return [value, *(m for item in value for m in _members(item))]
    return [value]


def play_through(client: TestClient, game_id: str, humans: list[int]) -> dict[str, Any]:
    """Play a whole game through the interface, each human seat choosing as the game's
    default bot would from its own view; every answer checked. The table's id and tokens."""
    created = new_table(client, game_id, humans)
    table_id, tokens = created["table"], {int(s): t for s, t in created["tokens"].items()}
    table = table_of(client, table_id)
    game = loaded(game_id)
    chooser = [game.bot(game.default_bot) for _ in range(table.state.num_players)]
    rngs = seat_rngs(99, table.state.num_players)
    moves = 0
    while True:
        spectator = client.get(f"/api/tables/{table_id}/view").json()
        if moves % 7 == 0 or spectator["over"]:
            check_spectator(table, spectator)
        if spectator["over"]:
            break
        seat = spectator["to_act"]
        assert seat in tokens, "the table waits only for a human"
        for other in tokens:
            answer = client.get(f"/api/tables/{table_id}/view", headers=bearer(tokens[other]))
            check_seat(table, other, answer.json())
        state = table.state
        action = chooser[seat].choose(state.view(seat), state.legal_actions(), rngs[seat])
        response = client.post(
            f"/api/tables/{table_id}/actions",
            headers=bearer(tokens[seat]),
            json={"action": str(action)},
        )
        assert response.status_code == 200, response.text
        check_seat(table, seat, response.json())
        moves += 1
        assert moves < 3000, "the game should end"
    for seat, token in tokens.items():
        final = client.get(f"/api/tables/{table_id}/view", headers=bearer(token)).json()
        check_seat(table, seat, final)
        assert final["result"]["returns"] == list(table.state.returns())
        assert final["result"]["summary"]
    return created


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_one_human_with_bots(client: TestClient, game_id: str) -> None:
    created = play_through(client, game_id, [0])
    table = table_of(client, created["table"])
    assert table.state.is_terminal
    # the bots moved on their own: the log holds moves of every seat
    assert {action.player for action in table.state.log} == set(range(table.state.num_players))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_seat_human(client: TestClient, game_id: str) -> None:
    players = loaded(game_id).players.start
    play_through(client, game_id, list(range(players)))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_log_replays_and_resumes(client: TestClient, game_id: str, tmp_path: Path) -> None:
    created = new_table(client, game_id, [0])
    table_id, token = created["table"], created["tokens"]["0"]
    for _ in range(3):  # a few moves of the human, the bots answering
        view = client.get(f"/api/tables/{table_id}/view", headers=bearer(token)).json()
        if view["over"]:
            break
        client.post(
            f"/api/tables/{table_id}/actions",
            headers=bearer(token),
            json={"action": view["legal"][-1]["action"]},
        )
    response = client.get(f"/api/tables/{table_id}/log", headers=bearer(token))
    assert response.status_code == 200
    save = response.json()
    original = table_of(client, table_id)
    assert save["actions"] == [str(action) for action in original.state.log]
    path = tmp_path / "table.json"
    path.write_text(json.dumps(save), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert replay(path, False, io.StringIO(""), out, err, CARDS) == 0, err.getvalue()
    assert "The log ends here" in out.getvalue() or original.state.is_terminal
    resumed = client.post("/api/tables", json={"game": game_id, "save": save})
    assert resumed.status_code == 201, resumed.text
    again = table_of(client, resumed.json()["table"])
    assert again.state == original.state
    new_token = resumed.json()["tokens"]["0"]
    assert new_token != token
    mine = client.get(f"/api/tables/{again.id}/view", headers=bearer(new_token)).json()
    theirs = client.get(f"/api/tables/{table_id}/view", headers=bearer(token)).json()
    for key in ("view", "legal", "lines", "events", "over", "to_act"):
        assert mine[key] == theirs[key], key


def test_tokens(client: TestClient) -> None:
    created = new_table(client, "chinchon", [0, 1])
    table_id = created["table"]
    table = table_of(client, table_id)
    seat = table.state.current_player
    assert seat is not None
    other = 1 - seat
    url = f"/api/tables/{table_id}"
    legal = str(table.state.legal_actions()[0])
    before = table.log()
    cases = {
        "no token": ({}, 401),
        "not bearer": ({"Authorization": f"Basic {created['tokens'][str(seat)]}"}, 401),
        "wrong token": (bearer("not-a-token"), 403),
        "another table's token": (bearer(new_table(client, "chinchon", [0])["tokens"]["0"]), 403),
    }
    for name, (headers, status) in cases.items():
        response = client.post(f"{url}/actions", headers=headers, json={"action": legal})
        assert response.status_code == status, name
        assert set(response.json()) == {"error"} and response.json()["error"], name
    assert client.get(f"{url}/view", headers=bearer("nope")).status_code == 403
    # the other seat's token cannot move for the seat to act
    response = client.post(
        f"{url}/actions", headers=bearer(created["tokens"][str(other)]), json={"action": legal}
    )
    assert response.status_code == 400
    assert "turn" in response.json()["error"]
    assert table.log() == before
    # without a token: a spectator, who sees no hand
    spectator = client.get(f"{url}/view").json()
    assert spectator["seat"] is None and spectator["legal"] == []
    check_spectator(table, spectator)


def test_refused_actions_change_nothing(client: TestClient) -> None:
    created = new_table(client, "chinchon", [0])
    table_id, token = created["table"], created["tokens"]["0"]
    table = table_of(client, table_id)
    url = f"/api/tables/{table_id}/actions"
    before = table.state.clone()
    view_before = client.get(f"/api/tables/{table_id}/view", headers=bearer(token)).json()
    # discarding before drawing is illegal; '0:zz' is no action at all; '1:stock' is a bot's
    for text, words in (
        ("0:discard:" + str(table.state.view(0).hand[0]), "cannot"),
        ("0:zz", "not a verb"),
        ("1:stock", "not yours"),
        ("", "not"),
    ):
        response = client.post(url, headers=bearer(token), json={"action": text})
        assert response.status_code == 400, text
        assert words in response.json()["error"], response.json()
        assert table.state == before
    for body in ({"move": "0:stock"}, {"action": 3}):
        response = client.post(url, headers=bearer(token), json=body)
        assert response.status_code == 400 and "action" in response.json()["error"]
    response = client.post(url, headers=bearer(token), content=b"{not json")
    assert response.status_code == 400 and response.json() == {
        "error": "the request must be a JSON object"
    }
    assert table.state == before
    after = client.get(f"/api/tables/{table_id}/view", headers=bearer(token)).json()
    assert after == view_before


def test_bad_requests(client: TestClient) -> None:
    assert client.get("/api/tables/nothing/view").status_code == 404
    assert client.get("/api/tables/nothing/log").json() == {"error": "there is no table 'nothing'"}
    assert client.get("/api/nowhere").status_code == 404
    assert "error" in client.get("/api/nowhere").json()
    refused = {
        "no game": {},
        "unknown game": {"game": "snap"},
        "too many players": {"game": "chinchon", "players": 99},
        "unknown variant": {"game": "chinchon", "variant": "moon"},
        "unknown level": {"game": "chinchon", "bot": "genius"},
        "seat out of range": {"game": "chinchon", "players": 2, "humans": [2]},
        "no human": {"game": "chinchon", "humans": []},
        "seed as text": {"game": "chinchon", "seed": "7"},
        "save not an object": {"game": "chinchon", "save": [1]},
        "bad save": {"game": "chinchon", "save": {"seed": 1, "params": {}, "actions": []}},
    }
    for name, body in refused.items():
        response = client.post("/api/tables", json=body)
        assert response.status_code == 400, name
        assert set(response.json()) == {"error"}, name


def test_games_list_every_game(client: TestClient) -> None:
    games = client.get("/api/games").json()
    assert [game["id"] for game in games["games"]] == list(GAME_IDS)
    for game in games["games"]:
        loaded_game = loaded(game["id"])
        assert game["players"]["min"] == loaded_game.players.start
        assert game["players"]["max"] == loaded_game.players.stop - 1
        assert [variant["id"] for variant in game["variants"]] == list(loaded_game.variants)
        assert set(game["bots"]) == {"random", "easy", "medium", "hard"}


def test_the_page_and_its_files_are_served(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    for name in ("table.js", "table.css"):
        assert f"/static/{name}" in page.text
        response = client.get(f"/static/{name}")
        assert response.status_code == 200 and response.text.strip()
    # the page plays only through the JSON interface
    script = client.get("/static/table.js").text
    for path in ("/api/games", "/api/tables", "/actions", "/view", "/log"):
        assert path in script


def test_card_images_are_the_kits_drawing(client: TestClient) -> None:
    """A face is drawn on demand as the kit draws it: the same picture as the kit's
    rasterised PDF page, at the deck's size; unknown decks and faces are refused."""
    catalog = load_catalog(CARDS)
    game = catalog.game("chinchon")
    deck = game.decks[0]
    side = next(iter(deck.sides()))
    url = f"/api/games/chinchon/cards/{deck.id}/{side.name}.png"
    response = client.get(url)
    assert response.status_code == 200 and response.headers["content-type"] == "image/png"
    picture = Image.open(io.BytesIO(response.content))
    width = round(deck.spec.size.width / 25.4 * DPI)
    assert abs(picture.width - width) <= 1
    size = (deck.spec.size.width * MM, deck.spec.size.height * MM)
    pdf = faces_pdf(game, deck, [side], *size, Edges.even(0), FaceOptions())
    page = pdfium.PdfDocument(pdf)[0]
    kit = page.render(scale=DPI / 72).to_pil().convert("RGB")
    assert ImageChops.difference(kit, picture.convert("RGB")).getbbox() is None
    assert client.get(url).content == response.content  # kept, not drawn again
    missing = client.get(f"/api/games/chinchon/cards/{deck.id}/nothing-front.png")
    assert missing.status_code == 404 and "no face 'nothing-front'" in missing.json()["error"]
    assert client.get("/api/games/chinchon/cards/nothing/back.png").status_code == 404
    assert client.get("/api/games/snap/cards/main/back.png").status_code == 404


def test_a_terminal_save_resumes_at_a_table(client: TestClient, tmp_path: Path) -> None:
    """A game saved by pnp play (the human draws and discards, then quits) goes on at a
    table: the same position, the human's seat waiting for its move, the others bots."""
    path = tmp_path / "saved.json"
    options = PlayOptions(game="chinchon", seed=8, save=path, cards=CARDS)
    out, err = io.StringIO(), io.StringIO()
    assert play(options, io.StringIO("s\n7\nquit\n"), out, err) == 0, err.getvalue()
    save = json.loads(path.read_text(encoding="utf-8"))
    resumed = client.post("/api/tables", json={"game": "chinchon", "save": save})
    assert resumed.status_code == 201, resumed.text
    assert list(resumed.json()["tokens"]) == [str(save["play"]["human"])]
    table = table_of(client, resumed.json()["table"])
    assert [str(action) for action in table.state.log] == save["actions"]
    assert any(text.startswith("0:") for text in save["actions"]), "the human moved"
    expected = table.game.new(save["seed"], save["params"])
    for text in save["actions"]:
        expected.apply(text)
    assert table.state == expected
    view = client.get(
        f"/api/tables/{table.id}/view", headers=bearer(resumed.json()["tokens"]["0"])
    ).json()
    check_seat(table, 0, view)
    assert view["legal"], "the human's move is next, as when the game was saved"


def test_the_log_of_a_game_in_progress_is_only_its_one_persons(client: TestClient) -> None:
    """The log holds the seed, which tells every hidden card: of a game in progress it goes
    only to the person of a one-person table; to everyone once the game is over."""
    alone = new_table(client, "chinchon", [0])
    url = f"/api/tables/{alone['table']}/log"
    assert client.get(url, headers=bearer(alone["tokens"]["0"])).status_code == 200
    watcher = client.get(url)
    assert watcher.status_code == 403 and "seed" in watcher.json()["error"]
    assert client.get(url, headers=bearer("not-a-token")).status_code == 403
    two = new_table(client, "chinchon", [0, 1])
    url = f"/api/tables/{two['table']}/log"
    for seat in ("0", "1"):
        refused = client.get(url, headers=bearer(two["tokens"][seat]))
        assert refused.status_code == 403 and "seed" in refused.json()["error"]
    finished = play_through(client, "chinchon", [0, 1])
    done = client.get(f"/api/tables/{finished['table']}/log")
    assert done.status_code == 200
    assert done.json()["play"]["humans"] == [0, 1]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_events_are_whole_sentences_whatever_the_servers_terminal(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The page wraps text itself: a sentence wrapped to the server's terminal came as
    several events ("...with two cards more" then "than your BL.")."""

    def events_at(columns: int) -> tuple[list[str], list[str]]:
        monkeypatch.setenv("COLUMNS", str(columns))
        table = Table.create(loaded(game_id), humans=(0,), seed=SEED, variants=SHORT[game_id])
        token = table.tokens[0]
        for _ in range(6):
            view = table.view(token)
            if view["over"] or not view["legal"]:
                break
            table.act(token, view["legal"][0]["action"])
        view = table.view(token)
        return view["events"], view["lines"]

    narrow, wide = events_at(40), events_at(400)
    assert narrow == wide
    assert max(len(event) for event in narrow[0]) > 40  # long sentences are told whole


@pytest.mark.parametrize("game_id", ["music-game-thingy", "joes-bar"])
def test_move_labels_name_the_cards_as_they_are_printed(game_id: str) -> None:
    game = loaded(game_id)
    ids = {card.id for deck in game.game.decks for card in deck.cards if "-" in card.id}
    table = Table.create(game, humans=(0,), seed=SEED, variants=SHORT[game_id])
    token = table.tokens[0]
    labels: list[str] = []
    for _ in range(12):
        view = table.view(token)
        if view["over"] or not view["legal"]:
            break
        labels += [choice["label"] for choice in view["legal"]]
        table.act(token, view["legal"][-1]["action"])
    named = [label for label in labels if any(card in label for card in ids)]
    assert labels and named == []
    printed = {card.name for deck in game.game.decks for card in deck.cards}
    assert any(name in label for label in labels for name in printed)


def test_a_recitation_is_written_whole_at_the_table() -> None:
    """Chin Music's one legal recite action names only the top card; the table offers the
    recitation as a written move instead, and a whole recitation is taken and told."""
    table = Table.create(loaded("chin-music"), players=3, humans=(0,), seed=SEED)
    token = table.tokens[0]
    state: Any = table.state
    for _ in range(80):
        view = table.view(token)
        if view["typed"] and len(state.stack) > 1:
            break
        assert not view["over"]
        table.act(token, view["legal"][-1]["action"])  # never calls out: the stack grows
    [typed] = view["typed"]
    assert typed["prefix"] == "0:recite:" and typed["replaces"]
    assert set(typed["replaces"]) <= {choice["action"] for choice in view["legal"]}
    assert len(state.stack) > 1  # a stack of several cards: one word is not enough
    words = [state.deck.cards[card].word for card in state.stack]
    after = table.act(token, typed["prefix"] + ", ".join(words).lower())
    assert state.recited == tuple(state.stack)  # read as the terminal reads it
    assert after["covered"]  # what the seat said is covered now, as at the terminal
    told = " ".join(table.seats[0].events).lower()  # the whole story, told at the end
    assert f"you recite: {', '.join(words)}".lower() in told


def test_chinchon_moves_name_their_card_as_the_hand_shows_it() -> None:
    table = Table.create(loaded("chinchon"), humans=(0,), seed=SEED)
    token = table.tokens[0]
    checked = 0
    for _ in range(10):
        view = table.view(token)
        if view["over"]:
            break
        cards = {
            action: card["name"]
            for zone in view["zones"]
            for card in zone["cards"]
            for action in card["actions"]
        }
        for choice in view["legal"]:
            if ":discard:" in choice["action"] and choice["action"] in cards:
                assert choice["label"] == f"discard {cards[choice['action']]}"
                checked += 1
        table.act(token, view["legal"][-1]["action"])
    assert checked > 0
