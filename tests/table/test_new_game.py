"""A designer's new game at the table: ``pnp new --engine`` and nothing else (no code of
the table's, no built kit) gives a table that plays through the JSON interface."""

from __future__ import annotations

import random
from pathlib import Path

from starlette.testclient import TestClient

from pnp.catalog import load_catalog
from pnp.new import new_game
from pnp.table.app import app_for


def test_a_game_from_pnp_new_is_played_at_the_table(tmp_path: Path) -> None:
    cards = tmp_path / "cards"
    new_game(cards, "fireside", "Fireside", engine=True)
    client = TestClient(app_for(cards))
    games = client.get("/api/games").json()
    [entry] = [game for game in games["games"] if game["id"] == "fireside"]
    assert entry["title"] == "Fireside" and games["unavailable"] == []
    made = client.post("/api/tables", json={"game": "fireside", "humans": [0], "seed": 3})
    assert made.status_code == 201, made.text
    table, token = made.json()["table"], made.json()["tokens"]["0"]
    headers = {"Authorization": f"Bearer {token}"}
    chooser = random.Random(3)
    view = client.get(f"/api/tables/{table}/view", headers=headers).json()
    assert view["zones"] == [] and view["lines"]  # no zones of its own: the table's text
    moves = 0
    while not view["over"]:
        assert view["legal"], "a seat asked to move has a move"
        action = chooser.choice(view["legal"])["action"]
        answer = client.post(
            f"/api/tables/{table}/actions", json={"action": action}, headers=headers
        )
        assert answer.status_code == 200, answer.text
        view, moves = answer.json(), moves + 1
        assert moves < 500
    assert view["result"]["summary"] and view["events"]
    # its cards are drawn from the scaffold's data, with no kit built
    deck = load_catalog(cards).game("fireside").decks[0]
    side = next(iter(deck.sides())).name
    face = client.get(f"/api/games/fireside/cards/{deck.id}/{side}.png")
    assert face.status_code == 200 and face.content.startswith(b"\x89PNG")
