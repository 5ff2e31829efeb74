"""``pnp play joes-bar`` driven through the command line with scripted answers."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from bots.core import load
from bots.games.joes_bar import Dodge, JoesBar
from tests.play.scripted import Result, Strategy, run

_CHOICES = re.compile(r"\(1(?:-(\d+))?[,)]")


class Brawler:
    """Answers every numbered prompt with a seeded choice; records the prompts seen."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.prompts: list[str] = []

    def __call__(self, prompt: str, recent: str) -> str | None:
        self.prompts.append(prompt)
        found = _CHOICES.search(prompt)
        if found:
            return str(self.rng.randint(1, int(found.group(1) or 1)))
        if prompt.startswith("Save the game log"):
            return "n"
        raise AssertionError(f"unexpected prompt {prompt!r}")


def _whole(folder: Path, seed: int, *extra: str) -> tuple[Result, Brawler]:
    brawler = Brawler(seed)
    args = ["play", "joes-bar", "--seed", str(seed), "--save", "game.json", *extra]
    return run(pytest.MonkeyPatch(), folder, args, Strategy(brawler)), brawler


@pytest.fixture(scope="module")
def whole_game(tmp_path_factory: pytest.TempPathFactory) -> tuple[Result, Brawler, Path]:
    folder = tmp_path_factory.mktemp("bar")
    result, brawler = _whole(folder, 3)
    return result, brawler, folder / "game.json"


def test_a_whole_game_ends_with_the_standings(whole_game: tuple[Result, Brawler, Path]) -> None:
    result, _, saved = whole_game
    assert result.status == 0, result.errors
    assert "Traceback" not in result.output + result.errors
    assert "At the end" in result.output
    assert re.search(r"(wins|share) the game\.|You win the game!", result.output)
    state = load(json.loads(saved.read_text()), JoesBar, _data())
    assert state.is_terminal


def _data() -> object:
    from pnp.catalog import load_catalog

    return JoesBar.data_from(load_catalog("cards").game("joes-bar"))


def test_the_end_phase_is_a_table_and_the_bar_shows_every_patron(
    whole_game: tuple[Result, Brawler, Path],
) -> None:
    result, _, _ = whole_game
    text = result.output
    assert re.search(r"── End of round 1: the (song ends|brawl burns out) after \d+:\d\d[.;]", text)
    header = text.index("HITs  BL before  BL lost  BL left  knocked out")
    table = text[header:].splitlines()[1:5]
    assert [line.split()[0] for line in table] == ["You", "Ana", "Ben", "Carla"]
    assert "patron       BL  cards  HITs  Bar card / state" in text or "BL  cards  HITs" in text
    assert "Your hand:" in text and "Bar cards in the centre:" in text


def test_windows_ask_only_with_a_utility_card_to_play(
    whole_game: tuple[Result, Brawler, Path],
) -> None:
    result, brawler, _ = whole_game
    windows = [prompt for prompt in brawler.prompts if "Enter to pass" in prompt]
    assert windows, "a Utility window asked at least once"
    blocks = result.output.split("You may play a Utility card now")[1:]
    for block in blocks:
        menu = block.split("Your choice", 1)[0]
        assert re.search(r"\d+\. play ", menu), menu  # a card to play was offered each time


def test_a_hidden_dodge_card_is_never_named(whole_game: tuple[Result, Brawler, Path]) -> None:
    result, _, saved = whole_game
    actions = json.loads(saved.read_text())["actions"]
    bot_dodges = [a for a in actions if a.split(":")[1] == "dodge" and a[0] != "0"]
    assert bot_dodges
    assert "dodges, discarding a card face down." in result.output
    for line in result.output.splitlines():
        if "dodges" in line:
            assert line.endswith("dodges, discarding a card face down."), line
    assert isinstance(JoesBar.new(_data(), 1, {"players": 4}).parse_action(bot_dodges[0]), Dodge)


def test_the_first_hit_rule_is_given_as_the_reason(
    whole_game: tuple[Result, Brawler, Path],
) -> None:
    result, _, _ = whole_game
    text = result.output
    assert re.search(r"HIT coming at you: \w+ → you: .+\(\d+ HITs?[^)]*\)\. You may not:", text)
    reason = "no HIT has landed on you this round yet, so you must hit back"
    assert f"  - hit someone else or dodge: {reason}" in " ".join(text.split("\n    "))
    for block in text.split("You may not:")[1:]:
        assert not re.search(r"\bplayer \d", block.split("Your choice", 1)[0])


def test_a_throw_at_several_players_asks_at_whom(
    whole_game: tuple[Result, Brawler, Path],
) -> None:
    result, brawler, _ = whole_game
    assert any(prompt.startswith("At whom? (1-") for prompt in brawler.prompts)
    assert re.search(r"\d+\. hit with .+ \(at (\w+, )+\w+\)", result.output)


def test_decisions_are_played_on_either_side(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    result, _ = _whole(
        tmp_path, 4, "--decision", "swoosh-cards=draft", "--decision", "dodging=beta"
    )
    assert result.status == 0, result.errors
    assert "Older draft's rules for: swoosh cards; the beta's for the rest." in result.output
    saved = json.loads((tmp_path / "game.json").read_text())
    assert saved["play"]["variants"] == ["swoosh_cards=older-draft", "dodging=beta"]
    assert saved["params"]["swoosh_cards"] == "older-draft"
    for wrong in ("swoosh=draft", "dodging=maybe", "dodging"):
        refused = run(monkeypatch, tmp_path, ["play", "joes-bar", "--decision", wrong])
        assert refused.status == 2
        assert refused.errors.startswith(f"pnp play: --decision {wrong!r}: write ID=beta or")
        assert "gulp-cap" in refused.errors
    other = run(monkeypatch, tmp_path, ["play", "chinchon", "--decision", "dodging=beta"])
    assert other.status == 2 and "has no open design decisions" in other.errors


def test_bad_input_end_of_input_and_resume(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    answers = ["0", "99", "hit:9:jab", "x" * 500, "help", "rules", "patrons", "table"]
    answers += ["1", "", "1", "1", "1", "1"]  # a choice, back from its question, again
    result = run(monkeypatch, tmp_path, ["play", "joes-bar", "--seed", "1"], answers)
    assert result.status == 0, result.errors
    text = result.output
    assert "Your choice (1-2, Enter to pass)? 0\nThere is no choice 0: type 1 to 2." in text
    assert "There is no choice 99: type 1 to 2." in text
    assert text.count("Type a number from 1 to 2 (help explains the choices).") == 2
    assert "x" * 100 not in text  # a long line is not echoed in full
    assert "Type the number of your choice" in text
    assert "Joe's Bar in brief" in text
    assert "Iron Liver" in text
    assert "The input has ended. The game stops here." in text
    assert "Saved the game to joes-bar-1.json." in text
    before = json.loads((tmp_path / "joes-bar-1.json").read_text())["actions"]
    resumed = run(monkeypatch, tmp_path, ["play", "--resume", "joes-bar-1.json"], ["1", "1"])
    assert resumed.status == 0, resumed.errors
    assert f"Resuming the saved game after {len(before)} moves." in resumed.output
    after = json.loads((tmp_path / "joes-bar-1.json").read_text())["actions"]
    assert after[: len(before)] == before and len(after) > len(before)
