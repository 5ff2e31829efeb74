"""The defects a newcomer found in ``pnp play`` and ``pnp replay`` (issue 16, section 3),
each through the real command or the piece that had it."""

from __future__ import annotations

import io
import itertools
import json
import re
from pathlib import Path

import pytest

from pnp.play.terminal import Terminal, columns, printable, shown, visible_width, wrap
from tests.play.scripted import Lines, Strategy, TerminalOutput, run

_CODES = re.compile(r"\x1b\[[0-9;]*m")


# --- wrapping by visible width, at the real width -----------------------------------------


def test_colour_codes_take_no_room_when_wrapping() -> None:
    terminal = Terminal(io.StringIO(), TerminalOutput(), colour=True)
    words = [terminal.paint(f"Player{number}", "name") + f" {number}" for number in range(30)]
    coloured = wrap("Totals: " + " · ".join(words), width=60)
    plain = wrap(_CODES.sub("", "Totals: " + " · ".join(words)), width=60)
    assert [_CODES.sub("", line) for line in coloured] == plain
    assert all(visible_width(line) <= 60 for line in coloured)
    assert max(visible_width(line) for line in coloured) > 50  # not cut short by the codes


def test_text_is_wrapped_at_the_terminal_width(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    assert columns() == 99
    monkeypatch.setenv("COLUMNS", "50")
    assert columns() == 49
    result = run(monkeypatch, tmp_path, ["play", "chinchon", "--seed", "3"], ["rules"])
    assert result.status == 0
    start = result.output.index("Chinchón in brief")
    rules = result.output[start:].split("\nDraw from the stock")[0].splitlines()
    assert len(rules) > 10
    assert max(len(line) for line in rules) <= 49
    assert any(len(line) > 40 for line in rules)


# --- --save, saving over a file, the resume hint ------------------------------------------


def test_a_save_folder_that_does_not_exist_is_refused_before_the_first_move(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    result = run(monkeypatch, tmp_path, ["play", "chinchon", "--save", "nowhere/game.json"], ["s"])
    assert result.status == 2
    assert result.output == ""
    assert result.errors == "pnp play: --save nowhere/game.json: there is no folder nowhere\n"


def test_saving_over_an_existing_file_asks_first(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    taken = tmp_path / "taken.json"
    taken.write_text("keep me", encoding="utf-8")
    args = ["play", "chinchon", "--seed", "3", "--save", "taken.json"]
    refused = run(monkeypatch, tmp_path, args, ["maybe", "n"])
    assert refused.status == 2
    assert "taken.json exists. Save this game over it? (y/n)" in refused.output
    assert "Please answer y (yes) or n (no)." in refused.output
    assert "not saving over it; choose another file" in refused.errors
    assert taken.read_text(encoding="utf-8") == "keep me"
    agreed = run(monkeypatch, tmp_path, args, ["y", "s"])
    assert agreed.status == 0 and "Saved the game to taken.json." in agreed.output
    assert json.loads(taken.read_text(encoding="utf-8"))["game"] == "chinchon"
    # the save command asks too, and no is kept
    other = tmp_path / "other.json"
    other.write_text("mine", encoding="utf-8")
    typed = run(monkeypatch, tmp_path, ["play", "chinchon", "--seed", "4"], ["save other", "n"])
    assert "other.json exists. Save over it? (y/n) n\nNot saved over other.json." in typed.output
    assert other.read_text(encoding="utf-8") == "mine"


def test_the_resume_hint_is_quoted_for_the_shell(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    args = ["play", "chinchon", "--seed", "3", "--save", "my game's.json"]
    result = run(monkeypatch, tmp_path, args, ["s"])
    assert result.status == 0
    assert "Resume it with: pnp play --resume 'my game'\"'\"'s.json'" in result.output
    resumed = run(monkeypatch, tmp_path, ["play", "--resume", "my game's.json"], [])
    assert resumed.status == 0 and "Resuming the saved game" in resumed.output


# --- saves from elsewhere -----------------------------------------------------------------


def test_names_from_a_save_never_reach_the_terminal_as_control_sequences(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    run(monkeypatch, tmp_path, ["play", "chinchon", "--seed", "3", "--save", "g.json"], ["s"])
    data = json.loads((tmp_path / "g.json").read_text(encoding="utf-8"))
    data["play"]["names"][1] = "\x1b[2J\x1b]0;pwned\x07Eve\x9b" + "x" * 200
    # A save from before seals (a sealed save with edited names is refused as edited).
    del data["play"]["seal"], data["play"]["revealed"]
    (tmp_path / "g.json").write_text(json.dumps(data), encoding="utf-8")
    for args in (["play", "--resume", "g.json"], ["replay", "g.json"]):
        result = run(monkeypatch, tmp_path, args, [])
        assert result.status == 0, result.errors
        for raw in ("\x1b", "\x07", "\x9b"):
            assert raw not in result.output
        # each control character shown as its mark, the name cut to 20 characters
        assert "<U+001B>[2J<U+001B>…" in result.output and "x" * 30 not in result.output
    assert printable("a\x1b[31mb\x1b[0mc\x00") == "abc"


def test_a_long_answer_is_not_echoed_in_full() -> None:
    output = io.StringIO()
    terminal = Terminal(io.StringIO("y" * 5000 + "\n"), output)
    assert terminal.ask("Go?") == "y" * 5000
    assert output.getvalue() == "Go? " + shown("y" * 5000) + "\n"
    assert len(output.getvalue()) < 80


# --- replay --open ------------------------------------------------------------------------


def test_replay_open_names_whose_hand_and_does_not_repeat_a_table(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    args = ["play", "chin-music", "--seed", "3", "--auto", "--save", "c.json"]
    assert run(monkeypatch, tmp_path, args).status == 0
    result = run(monkeypatch, tmp_path, ["replay", "c.json", "--open"])
    assert result.status == 0, result.errors
    text = result.output
    assert "Carla's hand (they cannot see their own backs):" in text
    screens = text.split("\n\n── Bout ")[1:]  # each table with what was told after it
    assert len(screens) > 20
    for first, second in itertools.pairwise(screens):
        assert first != second, first
    # who played the stack, mid-sentence: "you", not "You"
    assert re.search(r"\(played by [^)]*\byou\b", text) and "(played by You" not in text


def test_replay_steps_are_counted_without_gaps(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    args = ["play", "chin-music", "--seed", "3", "--auto", "--save", "c.json"]
    assert run(monkeypatch, tmp_path, args).status == 0
    result = run(monkeypatch, tmp_path, ["replay", "c.json"], Lines([""] * 40, tty=True))
    counters = [int(n) for n in re.findall(r"\[(\d+)/(?:\d+)\] Enter: next", result.output)]
    assert counters[:40] == list(range(1, 41))
    total = {int(n) for n in re.findall(r"\[\d+/(\d+)\] Enter", result.output)}
    assert len(total) == 1


# --- Chinchón: a hand's result waits; a resumed game says what happened ---------------------


def test_a_hand_result_waits_for_enter_and_a_resume_tells_what_happened(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def answer(prompt: str, recent: str) -> str | None:
        if prompt.startswith("Press Enter"):
            return ""
        if prompt.startswith("Draw"):
            return "s"
        if prompt.startswith("Discard"):
            return "8"
        if prompt.startswith("Close?"):
            return "y"
        if prompt.startswith("Re-enter"):
            return "y"
        return None

    script = Strategy(answer, limit=60)
    script.tty = True
    args = ["play", "chinchon", "--seed", "2", "--players", "4", "--save", "h.json"]
    result = run(monkeypatch, tmp_path, args, script)
    assert result.status == 0, result.errors
    over = result.output.index("is over")
    assert "Press Enter to go on." in result.output[over:]
    after = result.output[over:]
    assert after.index("Press Enter to go on.") < after.index("── Hand 2 · turn")
    resumed = run(monkeypatch, tmp_path, ["play", "--resume", "h.json"], [])
    # saved after the human's draw: the table as it was left, before the prompt
    shown = resumed.output.index("The table when the game was saved:")
    assert re.search(r"Totals: You \d+ · Ana \d+", resumed.output[shown:])
    assert resumed.output.index("Discard which card") > shown
    # saved after the bots' moves: those moves are told again first
    script = Strategy(answer, limit=59)
    script.tty = True
    run(monkeypatch, tmp_path, [*args[:-1], "g.json"], script)
    resumed = run(monkeypatch, tmp_path, ["play", "--resume", "g.json"], [])
    assert "Before the game was saved, since your last move:" in resumed.output
    assert re.search(r"since your last move:\n(Ana|Ben|Carla) ", resumed.output)


def test_no_scores_after_zero_hands_and_cards_as_the_screen_shows_them(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    answers = ["s", "close 1", "q", "n"]
    result = run(monkeypatch, tmp_path, ["play", "chinchon", "--seed", "2"], answers)
    assert "Scores (no hand has been played to the end yet)" in result.output
    assert "after 0 hands" not in result.output
    refusal = next(line for line in result.lines if line.startswith("You cannot close"))
    assert refusal.startswith("You cannot close with A♥: nobody may close"), refusal
    assert "── Hand 1: You deal; Ana starts." in result.output


def test_the_level_words_read_on_each_games_own_ladder() -> None:
    from pnp.play.front import bot_name
    from pnp.registry import load_game
    from tests.data import CATALOG

    def level(game_id: str, word: str, kind: str = "heuristic") -> str:
        return bot_name(load_game(CATALOG.game(game_id)), kind, word)

    assert [level("chinchon", word) for word in ("easy", "medium", "hard")] == [
        "easy",
        "medium",
        "hard",
    ]
    assert [level("joes-bar", word) for word in ("easy", "medium", "hard")] == [
        "tipsy",
        "brawler",
        "cautious",
    ]
    assert [level("music-game-thingy", word) for word in ("easy", "medium", "hard")] == [
        "easy",
        "cautious",
        "shrewd",
    ]
    assert level("joes-bar", "hard", kind="random") == "random"
