"""Playtests: the feedback route, the file a table writes when its game ends (and again with
each answer), ``pnp replay`` reading it, and a folder of made-up games with known answers
summarised by ``pnp playtests``."""

from __future__ import annotations

import io
import json
import random
import statistics
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from pnp.catalog import load_catalog
from pnp.catalog.digest import game_digest
from pnp.cli import main
from pnp.play import replay
from pnp.registry import LoadedGame, load_game
from pnp.table.app import create_app
from pnp.table.playtests import (
    NOTE_LENGTH,
    Answer,
    Keeper,
    PlaytestError,
    playtest_data,
    read_folder,
    read_playtest,
)
from pnp.table.summary import summarise
from pnp.table.tables import Table
from pnp.verify import stats
from tests.conftest import CARDS

#: A game that is over in a few hundred moves of random play, at two players.
QUICK = "music-game-thingy"
QUICK_VARIANT = ["years=1"]


@cache
def loaded(game_id: str) -> LoadedGame:
    return load_game(load_catalog(CARDS).game(game_id))


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def finish(table: Table, seed: int) -> Table:
    """Play the human seats of ``table`` at random (seeded) until the game is over."""
    rng = random.Random(seed)
    while not table.state.is_terminal:
        seat = table.state.current_player
        assert seat in table.seats
        table.act(table.tokens[seat], str(rng.choice(table.state.legal_actions())))
    return table


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("playtests")


@pytest.fixture(scope="module")
def client(folder: Path) -> TestClient:
    return TestClient(create_app(load_catalog(CARDS), folder / "api"))


def new_table(client: TestClient, humans: Sequence[int] = (0,), seed: int = 4) -> dict[str, Any]:
    body = {"game": QUICK, "players": 2, "humans": list(humans), "seed": seed, "bot": "easy",
            "variant": QUICK_VARIANT}  # fmt: skip
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def play_out(client: TestClient, created: dict[str, Any]) -> dict[str, Any]:
    """Play a table through the interface (each human picks at random); its last view."""
    url = f"/api/tables/{created['table']}"
    tokens = created["tokens"]
    rng = random.Random(7)
    view = client.get(f"{url}/view", headers=bearer(tokens["0"])).json()
    while not view["over"]:
        mover = tokens[str(view["to_act"])]
        if view["seat"] != view["to_act"]:
            view = client.get(f"{url}/view", headers=bearer(mover)).json()
        action = rng.choice(view["legal"])["action"]
        response = client.post(f"{url}/actions", headers=bearer(mover), json={"action": action})
        assert response.status_code == 200, response.text
        view = response.json()
    return view


def files_of(folder: Path, table_id: str) -> list[Path]:
    return sorted(folder.glob(f"*-{QUICK}-{table_id}.json"))


def test_the_game_is_kept_when_it_ends_and_answers_are_added(
    client: TestClient, folder: Path
) -> None:
    created = new_table(client, humans=[0, 1])
    table_id, tokens = created["table"], created["tokens"]
    url = f"/api/tables/{table_id}/feedback"
    good = {"fun": 4, "length": "about right", "note": "The last year dragged."}
    early = client.post(url, headers=bearer(tokens["0"]), json=good)
    assert early.status_code == 409 and "not over" in early.json()["error"]
    view = client.get(f"/api/tables/{table_id}/view", headers=bearer(tokens["0"])).json()
    assert view["feedback"] == {"asked": False, "given": False}
    assert files_of(folder / "api", table_id) == []  # nothing is kept before the end
    last = play_out(client, created)
    assert last["feedback"] == {"asked": True, "given": False}
    spectator = client.get(f"/api/tables/{table_id}/view").json()
    assert spectator["feedback"]["asked"] is False
    [path] = files_of(folder / "api", table_id)
    written = json.loads(path.read_text(encoding="utf-8"))
    table: Table = client.app.state.tables.table(table_id)  # type: ignore[attr-defined]
    returns = list(table.state.returns())
    playtest = written["playtest"]
    assert written["actions"] == [str(action) for action in table.state.log]
    assert playtest["format"] == 1 and playtest["table"] == table_id
    assert playtest["players"] == 2 and playtest["humans"] == [0, 1] and playtest["bot"] is None
    assert playtest["variant"] == QUICK_VARIANT
    assert playtest["result"]["returns"] == returns
    assert playtest["result"]["winners"] == [s for s, v in enumerate(returns) if v == max(returns)]
    assert playtest["moves"] == len(table.state.log) and playtest["minutes"] >= 0
    assert playtest["card_data"] == game_digest(loaded(QUICK).game)
    assert playtest["answers"] == {}
    # bad values: 400 with a sentence naming each; nothing kept
    refused = {
        "fun out of range": ({**good, "fun": 6}, "'fun'"),
        "fun as text": ({**good, "fun": "4"}, "'fun'"),
        "fun as true": ({**good, "fun": True}, "'fun'"),
        "unknown length": ({**good, "length": "long"}, "'length'"),
        "no length": ({"fun": 3}, "'length'"),
        "note not text": ({**good, "note": 5}, "'note'"),
        "note too long": ({**good, "note": "x" * (NOTE_LENGTH + 1)}, "2,000"),
        "unknown key": ({**good, "stars": 5}, "'stars'"),
    }
    for name, (body, words) in refused.items():
        response = client.post(url, headers=bearer(tokens["0"]), json=body)
        assert response.status_code == 400, name
        assert words in response.json()["error"], (name, response.json())
    assert client.post(url, headers=bearer(tokens["0"]), content=b"[").status_code == 400
    # tokens: none 401, another's 403
    assert client.post(url, json=good).status_code == 401
    assert client.post(url, headers=bearer("not-a-token"), json=good).status_code == 403
    assert json.loads(path.read_text(encoding="utf-8"))["playtest"]["answers"] == {}
    # an answer: saved, written into the file, told in the view; a second one replaces it
    saved = client.post(url, headers=bearer(tokens["0"]), json=good)
    assert saved.status_code == 200 and saved.json() == {"saved": True}
    answers = json.loads(path.read_text(encoding="utf-8"))["playtest"]["answers"]
    assert set(answers) == {"0"}
    assert {key: answers["0"][key] for key in good} == good and answers["0"]["at"].endswith("Z")
    mine = client.get(f"/api/tables/{table_id}/view", headers=bearer(tokens["0"])).json()
    theirs = client.get(f"/api/tables/{table_id}/view", headers=bearer(tokens["1"])).json()
    assert mine["feedback"] == {"asked": True, "given": True}
    assert theirs["feedback"] == {"asked": True, "given": False}
    other = {"fun": 2, "length": "too long"}
    assert client.post(url, headers=bearer(tokens["1"]), json=other).status_code == 200
    again = {"fun": 5, "length": "too short", "note": ""}
    assert client.post(url, headers=bearer(tokens["0"]), json=again).status_code == 200
    answers = json.loads(path.read_text(encoding="utf-8"))["playtest"]["answers"]
    assert [(a["fun"], a["length"], a["note"]) for a in answers.values()] == [
        (5, "too short", ""),
        (2, "too long", ""),
    ]
    assert files_of(folder / "api", table_id) == [path]  # the same file, written again
    assert list((folder / "api").glob(".*.tmp")) == []
    # a table opened on the save of a game already over asks nothing and keeps nothing
    reopened = client.post("/api/tables", json={"game": QUICK, "save": written})
    assert reopened.status_code == 201
    again_id, token = reopened.json()["table"], reopened.json()["tokens"]["0"]
    view = client.get(f"/api/tables/{again_id}/view", headers=bearer(token)).json()
    assert view["over"] and view["feedback"] == {"asked": False, "given": False}
    refused_again = client.post(f"/api/tables/{again_id}/feedback", headers=bearer(token),
                                json=good)  # fmt: skip
    assert refused_again.status_code == 409 and "already over" in refused_again.json()["error"]
    assert files_of(folder / "api", again_id) == []


def test_pnp_replay_and_resume_read_a_playtest(client: TestClient, folder: Path) -> None:
    created = new_table(client, seed=11)
    last = play_out(client, created)
    [path] = files_of(folder / "api", created["table"])
    out, err = io.StringIO(), io.StringIO()
    assert replay(path, False, io.StringIO(""), out, err, CARDS) == 0, err.getvalue()
    # the table tells whole lines (the page wraps them), the terminal wraps to its width
    told = " ".join(out.getvalue().split())
    summary = [" ".join(line.split()) for line in last["result"]["summary"]]
    assert summary and all(line in told for line in summary)
    data = json.loads(path.read_text(encoding="utf-8"))
    table = Table.resume(loaded(QUICK), data)
    assert [str(action) for action in table.state.log] == data["actions"]
    assert table.state.is_terminal and not table.asks_feedback  # over already: not kept again
    # a table that goes on from a save of a game in progress keeps it, marked as resumed
    half = {**data, "actions": data["actions"][: len(data["actions"]) // 2]}
    del half["playtest"]
    again = finish(Table.resume(loaded(QUICK), half), 3)
    assert again.asks_feedback
    written = playtest_data(again)["playtest"]
    assert written["resumed"] is True and written["moves"] == len(again.state.log)


#: The made-up folder: (bot level or None for people only, seed, answers by seat).
GAMES: list[tuple[str | None, int, dict[int, tuple[int, str, str]]]] = [
    ("easy", 1, {0: (5, "about right", "Loved the\nlast round.")}),
    ("easy", 2, {0: (4, "too long", "")}),
    ("easy", 3, {}),
    ("random", 4, {0: (2, "too short", "Over before it began.")}),
    ("random", 5, {0: (3, "about right", "")}),
    (None, 6, {0: (4, "about right", ""), 1: (1, "too long", "Seat two was bored.")}),
]


@pytest.fixture(scope="module")
def made_up(folder: Path) -> tuple[Path, list[Table]]:
    """Six finished games of the quick game with known answers, kept by the keeper, and a
    file that is no playtest; the tables."""
    keeper = Keeper(folder / "made-up")
    tables = []
    for bot, seed, answers in GAMES:
        humans = [0] if bot is not None else [0, 1]
        table = Table.create(loaded(QUICK), players=2, humans=humans, bot=bot or "easy",
                             seed=seed, variants=QUICK_VARIANT)  # fmt: skip
        finish(table, seed)
        assert keeper.after_move(table) is not None
        for seat, (fun, length, note) in answers.items():
            table.answers[seat] = Answer(fun, length, note, "2026-12-04T10:00:00Z")
        keeper.answered(table)
        tables.append(table)
    (folder / "made-up" / "notes.json").write_text("{not json", encoding="utf-8")
    return folder / "made-up", tables


def test_a_folder_of_playtests_is_summarised(made_up: tuple[Path, list[Table]]) -> None:
    path, tables = made_up
    found, problems = read_folder(path)
    assert len(found) == len(GAMES)
    assert len(problems) == 1 and "notes.json" in problems[0]
    [summary] = summarise(found)
    assert summary["name"] == f"{loaded(QUICK).title}, years=1, 2 players"
    assert summary["games"] == 6 and summary["human_seats"] == 7 and summary["answered"] == 6
    assert summary["people_only"] == 1 and summary["fair_share"] == 0.5

    def wins(level: str) -> float:
        total = 0.0
        for (bot, _, _), table in zip(GAMES, tables, strict=True):
            returns = table.state.returns()
            winners = [seat for seat, value in enumerate(returns) if value == max(returns)]
            if bot == level and 0 in winners:
                total += 1 / len(winners)
        return total

    rows = {row["bot"]: row["rate"] for row in summary["wins"]}
    assert list(rows) == ["random", "easy"]  # a game of people only has no bots to beat
    assert rows["easy"] == stats.proportion(wins("easy"), 3)
    assert rows["random"] == stats.proportion(wins("random"), 2)
    assert summary["moves"] == statistics.median(len(table.state.log) for table in tables)
    ratings = [5, 4, 2, 3, 4, 1]
    assert summary["fun"]["value"] == pytest.approx(sum(ratings) / 6) and summary["fun"]["n"] == 6
    assert 1 <= summary["fun"]["low"] < summary["fun"]["value"] < summary["fun"]["high"] <= 5
    t_interval = stats.mean([float(rating) for rating in ratings])
    assert summary["fun"]["low"] == max(1.0, t_interval["low"])
    assert summary["fun"]["high"] == min(5.0, t_interval["high"])
    assert summary["fun_counts"] == {"1": 1, "2": 1, "3": 1, "4": 2, "5": 1}
    assert summary["length_felt"] == {"too short": 1, "about right": 3, "too long": 2}
    assert sorted(note["note"] for note in summary["notes"]) == [  # in the order played
        "Loved the\nlast round.",
        "Over before it began.",
        "Seat two was bored.",
    ]
    assert all(note["date"] == found[0].date for note in summary["notes"])


def test_pnp_playtests_prints_the_summary(
    made_up: tuple[Path, list[Table]], capsys: pytest.CaptureFixture[str]
) -> None:
    path, _ = made_up
    assert main(["playtests", str(path)]) == 0
    out, err = capsys.readouterr()
    assert "notes.json" in err and "left out" in err
    lines = out.splitlines()
    assert lines[0].startswith(f"{loaded(QUICK).title}, years=1, 2 players: 6 games (")
    assert "  Human seats: 7, of which 6 answered" in lines
    assert any(line.startswith("  Human wins against easy bots: ") and "n=3" in line
               and line.endswith("; fair share 50%") for line in lines)  # fmt: skip
    assert "  Games of people only: 1 (no bots to measure against)" in lines
    assert any(line.startswith("  Fun (1 to 5): 3.2 (") and "1: 1, 2: 1, 3: 1, 4: 2, 5: 1"
               in line for line in lines)  # fmt: skip
    assert "  Length felt: too short 1, about right 3, too long 2" in lines
    assert any(line.endswith("(fun 5, about right): Loved the last round.") for line in lines)
    assert main(["playtests", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["tables"] == summarise(read_folder(path)[0])
    assert len(data["left_out"]) == 1
    assert main(["playtests", str(path), "--game", "chinchon"]) == 1
    assert "no playtests of chinchon" in capsys.readouterr().err


def test_pnp_playtests_says_what_is_wrong_with_a_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["playtests", str(tmp_path / "nowhere")]) == 1
    assert "there is no playtests folder" in capsys.readouterr().err
    assert main(["playtests", str(tmp_path)]) == 0
    assert capsys.readouterr().out.startswith(f"No playtests in {tmp_path} yet")
    (tmp_path / "a.json").write_text('{"game": "x"}', encoding="utf-8")
    (tmp_path / "b.json").write_bytes(b"\xff")
    assert main(["playtests", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "a.json" in err and "b.json" in err and "could be read" in err
    with pytest.raises(ValueError, match=r"a\.json"):
        read_playtest(tmp_path / "a.json")


def test_a_playtests_folder_that_cannot_be_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """pnp table refuses a --playtests that is a file before it serves; a folder that cannot
    be written when a game ends is said on the server's error output, the game goes on, and
    an answer then gets a sentence (500)."""
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    assert main(["table", "--cards", str(CARDS), "--playtests", str(blocker)]) == 2
    assert "is a file, not a folder" in capsys.readouterr().err
    client = TestClient(create_app(load_catalog(CARDS), blocker / "playtests"))
    created = new_table(client)
    last = play_out(client, created)
    assert last["over"] and "cannot write the playtest" in capsys.readouterr().err
    url = f"/api/tables/{created['table']}/feedback"
    body = {"fun": 3, "length": "too long"}
    answer = client.post(url, headers=bearer(created["tokens"]["0"]), json=body)
    assert answer.status_code == 500 and "could not be written" in answer.json()["error"]


def test_a_damaged_playtest_is_a_sentence(
    made_up: tuple[Path, list[Table]], tmp_path: Path
) -> None:
    """Whatever is wrong in a playtest file, reading it says so naming the file (never a
    traceback); the files of the made-up folder are read back as they were written."""
    folder, tables = made_up
    [path] = folder.glob(f"*-{tables[0].id}.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    good = data["playtest"]
    damaged: dict[str, Any] = {
        "no playtest": {},
        "playtest not an object": {"playtest": [1]},
        "other format": {"playtest": {**good, "format": 2}},
        "no players": {"playtest": {k: v for k, v in good.items() if k != "players"}},
        "players as text": {"playtest": {**good, "players": "2"}},
        "returns not a list": {"playtest": {**good, "result": {"returns": 3, "winners": []}}},
        "seat out of range": {"playtest": {**good, "humans": [5]}},
        "answers a list": {"playtest": {**good, "answers": [1]}},
        "answer not an object": {"playtest": {**good, "answers": {"0": 5}}},
        "answer of a bot's seat": {"playtest": {**good, "humans": [0], "answers": {"1": {}}}},
        "bad fun": {
            "playtest": {**good, "answers": {"0": {"fun": 9, "length": "too long", "at": "x"}}}
        },
        "minutes negative": {"playtest": {**good, "minutes": -1}},
    }
    for name, change in damaged.items():
        broken = tmp_path / f"{name}.json"
        whole = {k: v for k, v in data.items() if k != "playtest"}
        broken.write_text(json.dumps({**whole, **change}), encoding="utf-8")
        with pytest.raises(PlaytestError) as refused:
            read_playtest(broken)
        assert str(refused.value).startswith(str(broken)), (name, str(refused.value))
    assert read_playtest(path).answers == {
        seat: Answer(fun, length, note, "2026-12-04T10:00:00Z")
        for seat, (fun, length, note) in GAMES[0][2].items()
    }
