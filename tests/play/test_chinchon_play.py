"""``pnp play chinchon`` driven through the command line with scripted answers."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bots.core import load, play_game
from bots.games.chinchon import Chinchon, DrawStock, HeuristicPlayer, TakeDiscard
from tests.conftest import GAME_IDS
from tests.data import PACK
from tests.play.positions import (
    chinchon_position,
    human_can_close,
    human_offered_reentry,
    save,
)
from tests.play.scripted import Result, Strategy, run


class SimpleStrategy:
    """Always draws from the stock, discards the highest card, closes when it can."""

    def __call__(self, prompt: str, recent: str) -> str | None:
        if prompt.startswith("Draw from the stock"):
            return "s"
        if prompt.startswith("Discard which card"):
            options = re.findall(r"^  close (\S+):", recent, re.MULTILINE)
            if options:
                return f"close {options[0]}"
            return "close" if "You can close now" in recent else "8"
        if prompt.startswith("Close?") or "Re-enter" in prompt:
            return "y"
        if prompt.startswith("Save the game log"):
            return "n"
        raise AssertionError(f"unexpected prompt {prompt!r}")


@pytest.fixture(scope="module")
def whole_game(tmp_path_factory: pytest.TempPathFactory) -> tuple[Result, Path]:
    folder = tmp_path_factory.mktemp("whole")
    monkeypatch = pytest.MonkeyPatch()
    args = ["play", "chinchon", "--seed", "11", "--save", "game.json"]
    return run(monkeypatch, folder, args, Strategy(SimpleStrategy())), folder / "game.json"


def test_a_whole_game_ends_with_the_scores_and_a_saved_log(
    whole_game: tuple[Result, Path],
) -> None:
    result, saved = whole_game
    assert result.status == 0, result.errors
    assert "Traceback" not in result.output + result.errors
    assert "Final scores" in result.output
    assert re.search(r"^(Ana|Ben) wins the game\.$|^You win the game!$", result.output, re.M)
    assert "Saved the game log to game.json.\nWatch it with: pnp replay game.json" in (
        result.output
    )
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert data["play"]["human"] == 0 and data["play"]["names"] == ["You", "Ana", "Ben"]
    state = load(data, Chinchon, PACK)
    assert state.is_terminal
    human = [action for action in state.log if action.player == 0]
    assert any(isinstance(action, DrawStock) for action in human)
    assert not any(isinstance(action, TakeDiscard) for action in human)  # as scripted


def test_resuming_a_finished_game_only_shows_the_scores(
    monkeypatch: pytest.MonkeyPatch, whole_game: tuple[Result, Path]
) -> None:
    saved = whole_game[1]
    result = run(monkeypatch, saved.parent, ["play", "--resume", saved.name])
    assert result.status == 0, result.errors
    assert "That game is over. Watch it again with: pnp replay game.json" in result.output
    assert "Final scores" in result.output and "Save the game log" not in result.output


def test_the_bots_hidden_cards_are_never_told(whole_game: tuple[Result, Path]) -> None:
    output = whole_game[0].output
    assert re.search(r"^(Ana|Ben) draws from the stock and discards", output, re.M)
    assert not re.search(r"(Ana|Ben) draws \S+ from the stock", output)
    assert not re.search(r"(Ana|Ben) (draws|takes).* closes, putting (?!a card)", output)
    assert re.search(r"^You draw \S+ from the stock\.$", output, re.M)


def test_auto_plays_exactly_as_play_game(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    args = ["play", "chinchon", "--seed", "4", "--players", "4", "--auto", "--save", "a.json"]
    result = run(monkeypatch, tmp_path, args)
    assert result.status == 0, result.errors
    played = load(json.loads((tmp_path / "a.json").read_text(encoding="utf-8")), Chinchon, PACK)
    expected = play_game(
        Chinchon.new(PACK, 4, {"players": 4}), [HeuristicPlayer(PACK) for _ in range(4)]
    )
    assert played == expected
    too_wide = [line for line in result.lines if len(line) > 80]
    assert not too_wide, too_wide[:3]


def test_bad_input_at_the_draw_and_discard_prompts(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    answers = [
        "",
        "x",
        "help",
        "rules",
        "arrange",
        "sort",
        "table",
        "pile",
        "s",
        "9",
        "ZZ",
        "QX",
        "JK",
        "s",
        "close",
        "close 1",
        "sort",
        "quit",
        "n",
    ]
    result = run(monkeypatch, tmp_path, ["play", "chinchon", "--seed", "2"], answers)
    out = result.output
    assert result.status == 0, result.errors
    assert "Traceback" not in out + result.errors
    assert "Please type a choice (or help)." in out
    assert "'x' is not a choice here: type s to draw from the stock or d to take" in out
    assert "Start your turn by taking one card" in out and "At any prompt:" in out
    assert "Chinchón in brief" in out
    assert "Your best arrangement:" in out
    assert "(by suit)" in out
    assert "Stock: " in out and "The discard pile, bottom to top:" in out
    assert "There is no card 9 in your hand." in out
    assert "'ZZ': not a card" in out
    assert "'QX': unknown suit 'X'" in out
    assert "JK is only in play with the variant 'Jokers'" in out
    assert "You have drawn already: now discard one card" in out
    assert "You cannot close yet: nobody may close during the first round of a hand." in out
    assert "nobody may close during the first round of a hand." in out
    assert "You leave the game. The game stops here." in out
    assert "Scores (no hand has been played to the end yet)" in out and "after 0 hands" not in out
    assert out.rstrip().endswith("Not saved.")
    # every refusal asks the same question again
    prompts = [line for line in result.lines if line.startswith("Discard which card")]
    assert len(prompts) == 9


def test_closing_shows_the_melds_and_the_score_then_asks(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    state = chinchon_position(human_can_close)
    save(state, tmp_path / "close.json")

    class Closer:
        def __init__(self) -> None:
            self.said: list[str] = []

        def __call__(self, prompt: str, recent: str) -> str | None:
            if prompt.startswith("Discard which card"):
                options = re.findall(r"^  close (\S+):", recent, re.MULTILINE)
                if not self.said:
                    self.said.append("close")
                    return "close"
                if options:
                    self.said.append("first option")
                    self.option = options[0]
                    return f"close {options[0]}"
                return f"close {self.option}"
            if prompt.startswith("Close?"):
                self.said.append("answer")
                return {3: "maybe", 4: "n"}.get(len(self.said), "y")
            return None

    result = run(
        monkeypatch, tmp_path, ["play", "--resume", "close.json"], Strategy(Closer(), limit=10)
    )
    out = result.output
    assert result.status == 0, result.errors
    assert "Resuming the saved game after" in out
    assert "You can close now: type close to see how." in out
    assert "You can close by putting one of these face down:" in out
    assert re.search(r"Putting \S+ face down, you show \[", out)
    assert "Please answer y (yes) or n (no)." in out
    assert "You do not close. Choose a card to discard." in out
    assert re.search(r"^You close, putting \S+ face down\.$", out, re.MULTILINE)
    assert re.search(r"── Hand \d+ is over", out) and "Totals: You" in out


def test_reentry_is_offered_and_answered(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    state = chinchon_position(human_offered_reentry, players=4)
    save(state, tmp_path / "out.json")
    result = run(monkeypatch, tmp_path, ["play", "--resume", "out.json"], ["maybe", "y"])
    out = result.output
    assert result.status == 0, result.errors
    assert re.search(r"You are out with \d+ points\. Re-enter at \d+ points\? \(y/n\)", out)
    assert "Please answer y (yes) or n (no)." in out
    assert re.search(r"^You re-enter the game with \d+ points\.$", out, re.MULTILINE)
    assert "The input has ended, so the game is saved without asking." in out
    assert "Saved the game to out.json." in out  # a resumed game saves back to its file


def test_end_of_input_saves_and_resuming_continues_identically(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    turns = ["s", "8"] * 12
    whole = run(monkeypatch, tmp_path, ["play", "chinchon", "--seed", "21"], turns)
    assert whole.status == 0, whole.errors
    assert "The input has ended, so the game is saved without asking." in whole.output
    assert "Saved the game to chinchon-21.json.\nResume it with:" in whole.output
    uninterrupted = json.loads((tmp_path / "chinchon-21.json").read_text(encoding="utf-8"))

    first = run(monkeypatch, tmp_path, ["play", "chinchon", "--seed", "21"], turns[:9])
    assert first.status == 0 and "Saved the game to chinchon-21-2.json" in first.output
    resumed = run(monkeypatch, tmp_path, ["play", "--resume", "chinchon-21-2.json"], turns[9:])
    assert resumed.status == 0, resumed.errors
    assert "Traceback" not in resumed.output + resumed.errors
    continued = json.loads((tmp_path / "chinchon-21-2.json").read_text(encoding="utf-8"))
    assert continued["actions"] == uninterrupted["actions"]
    assert continued["play"] == uninterrupted["play"]


def test_saving_asks_for_a_file_and_retries_a_bad_one(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "taken.json").mkdir()
    answers = ["s", "save nofolder/game", "save", "quit", "taken.json", "help", "mine"]
    result = run(monkeypatch, tmp_path, ["play", "chinchon", "--seed", "3"], answers)
    assert result.status == 0
    assert "Saved the game to chinchon-3.json.\nResume it with:" in result.output
    assert "Not saved: cannot write nofolder/game.json: there is no folder nofolder." in (
        result.output
    )
    assert "Not saved: cannot write taken.json" in result.output
    assert "The log (seed, options and every move) lets you resume" in result.output
    assert "Saved the game to mine.json." in result.output
    mine = json.loads((tmp_path / "mine.json").read_text(encoding="utf-8"))
    assert mine["actions"][-1].endswith(":stock")


def test_variants_and_engine_parameters(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    args = ["play", "chinchon", "--players", "4", "--seed", "1", "--level", "hard"]
    args += ["--variant", "jokers", "--variant", "reentries=2", "--save", "v.json"]
    result = run(monkeypatch, tmp_path, args)
    assert result.status == 0, result.errors
    assert "Variants: Jokers." in result.output
    banner = " ".join(result.output.split())
    assert (
        "A player is out above 100 points; a player who goes out may re-enter at the highest "
        "total still in (twice each) while 3 or more players are still in." in banner
    )
    assert "Note:" not in result.output  # Chinchón has a hard level
    params = json.loads((tmp_path / "v.json").read_text(encoding="utf-8"))["params"]
    assert params["jokers"] is True and params["reentries"] == 2 and params["players"] == 4


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--variant", "nope"], "unknown variant 'nope' for Chinchón (variants: jokers, "),
        (["--variant", "jokers", "--variant", "diamond-ace-wild"], "cannot be combined"),
        (["--players", "9"], "parameter 'players' must be between 2 and 8, got 9"),
        (["--variant", "reentries=lots"], "parameter 'reentries' must be a whole number"),
    ],
)
def test_options_that_cannot_be_used(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, args: list[str], message: str
) -> None:
    result = run(monkeypatch, tmp_path, ["play", "chinchon", *args])
    assert result.status == 2
    assert message in result.errors
    assert result.errors.startswith("pnp play: ")
    assert result.output == ""


def test_resume_refuses_bad_files_and_clashing_options(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "junk.json").write_text("{not json", encoding="utf-8")
    good = {"format": 1, "game": "chinchon", "seed": 1, "params": {"players": 2}}
    (tmp_path / "bad.json").write_text(json.dumps({**good, "actions": ["1:fly"]}), "utf-8")
    (tmp_path / "ok.json").write_text(json.dumps({**good, "actions": []}), "utf-8")
    forged = {**good, "game": "\x1b[2Jrm -rf", "actions": []}
    (tmp_path / "forged.json").write_text(json.dumps(forged), "utf-8")
    other = {**good, "game": "chin-music", "params": {"players": 2, "jokers": True}}
    (tmp_path / "other.json").write_text(json.dumps({**other, "actions": []}), "utf-8")
    cases = [
        (["--resume", "missing.json"], 1, "missing.json: no such file"),
        (["--resume", "junk.json"], 1, "junk.json: not a saved game (invalid JSON at line 1"),
        (["--resume", "bad.json"], 1, "action 1 ('1:fly') cannot be read"),
        (["--resume", "ok.json", "--seed", "3"], 2, "--seed cannot be used with --resume"),
        (["chin-music", "--resume", "ok.json"], 1, "ok.json is a game of chinchon"),
        (["--resume", "forged.json"], 1, "forged.json is not a saved game of chin-music, "),
        (["--resume", "other.json"], 1, "other.json cannot be used: it says it is a game of "),
        (
            [],
            2,
            f"name a game ({', '.join(GAME_IDS[:-1])} or {GAME_IDS[-1]}) or --resume FILE",
        ),
    ]
    for args, status, message in cases:
        result = run(monkeypatch, tmp_path, ["play", *args])
        assert (result.status, result.output) == (status, ""), args
        assert message in result.errors, (args, result.errors)
        assert len(result.errors.splitlines()) == 1 and "\x1b" not in result.errors
    for name in ("forged.json", "other.json"):  # the same sentence from pnp replay
        replayed = run(monkeypatch, tmp_path, ["replay", name])
        assert replayed.status == 1 and replayed.output == ""
        assert replayed.errors.startswith(f"pnp replay: {name} ") and "\x1b" not in replayed.errors
        assert len(replayed.errors.splitlines()) == 1


def test_the_banner_says_what_this_tables_re_entry_rule_allows(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Re-entry needs three players still in after someone goes out: at a table of three
    it can never happen, and the banner and the rules say so instead of offering it."""
    three = run(monkeypatch, tmp_path, ["play", "chinchon", "--seed", "1"], ["rules", "quit", "n"])
    text = " ".join(three.output.split())
    assert "no re-entry at this table of 3: re-entering needs 3 players still in" in text
    assert "while three or more players are still in" not in text
    assert text.count("no re-entry at this table of 3") == 2  # the banner and the rules
    none = run(monkeypatch, tmp_path, ["play", "chinchon", "--variant", "reentries=0"], ["quit"])
    assert "there is no re-entry in this game" in " ".join(none.output.split())
