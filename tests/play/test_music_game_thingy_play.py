"""``pnp play music-game-thingy`` driven through the command line with scripted answers."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from bots.core import load
from bots.games.music_game_thingy.engine import MusicGameThingy
from pnp.catalog import load_catalog
from tests.play.scripted import Result, Strategy, run

_CHOICES = re.compile(r"\(1(?:-(\d+))?[,)]")
_LEAST = re.compile(r"at least ([\d,]+); you hold ([-\d,]+)")


class Manager:
    """A label run by seeded choices: bids the least it may, offers small trades, answers
    every question; records the prompts."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.prompts: list[str] = []

    def __call__(self, prompt: str, recent: str) -> str | None:
        self.prompts.append(prompt)
        rng = self.rng
        if prompt.startswith("Bid how much"):
            found = _LEAST.search(prompt)
            assert found, prompt
            least, hold = (int(group.replace(",", "")) for group in found.groups())
            return str(least) if least <= hold else ""
        if prompt.startswith("How many years"):
            return str(rng.randint(1, 3))
        if "(y/n)" in prompt:
            return rng.choice("yn")
        if prompt.startswith("You give"):
            return rng.choice(["10000", ""])
        if prompt.startswith("You ask for"):
            return rng.choice(["5000", ""])
        if prompt.startswith("Save the game log"):
            return "n"
        found = _CHOICES.search(prompt)
        if found:
            if "Enter to finish" in prompt and rng.random() < 0.3:
                return ""
            return str(rng.randint(1, int(found.group(1) or 1)))
        raise AssertionError(f"unexpected prompt {prompt!r}")


def _rules() -> object:
    return MusicGameThingy.data_from(load_catalog("cards").game("music-game-thingy"))


@pytest.fixture(scope="module")
def whole_game(tmp_path_factory: pytest.TempPathFactory) -> tuple[Result, Manager, Path]:
    folder = tmp_path_factory.mktemp("label")
    manager = Manager(2)
    args = ["play", "music-game-thingy", "--seed", "2", "--save", "game.json"]
    result = run(pytest.MonkeyPatch(), folder, args, Strategy(manager))
    return result, manager, folder / "game.json"


def test_a_whole_game_ends_with_the_final_scores(
    whole_game: tuple[Result, Manager, Path],
) -> None:
    result, _, saved = whole_game
    assert result.status == 0, result.errors
    assert "Traceback" not in result.output + result.errors
    assert "Final scores" in result.output
    assert re.search(r"(wins|share) the game\.|You win the game!", result.output)
    state = load(json.loads(saved.read_text()), MusicGameThingy, _rules())
    assert state.is_terminal


def test_the_month_screen_and_the_revenue_table(whole_game: tuple[Result, Manager, Path]) -> None:
    result, _, _ = whole_game
    text = result.output
    assert re.search(r"── January, year 1 of 2 · your cash [\d,]+ ─", text)
    assert "This month: Nobody Buys Records in January." in text
    assert "Financial order: 1. " in text and "Rich Bastard" in text
    assert re.search(r"Your hand \(\d+ of 10 cards, \d+ of 4 Singles/EPs, \d+ of 2 Albums\)", text)
    table = text.index("── January: the dice and revenue")
    months = text[table : table + 2000]
    assert re.search(r"^  \w+: [\d,]+\n    .+ · .+ · [\d+]+ → \d+ units?: [\d,]+", months, re.M)
    assert "── End of year 1" in text and "Money announced: " in text


def test_auctions_show_the_minimum_and_the_best_bid(
    whole_game: tuple[Result, Manager, Path],
) -> None:
    result, manager, _ = whole_game
    text = result.output
    assert re.search(r"Minimum bids: 1y [\d,]+, 2y [\d,]+", text)
    assert re.search(r"Best bid: [\d,]+ for \d years?, by \w+\.", text)
    assert re.search(r"^\w+ picks? .+\.\n  Fame rolled: [3-8]\.$", text, re.MULTILINE)
    assert any(prompt.startswith("Bid how much") for prompt in manager.prompts)
    assert re.search(r"^You bid [\d,]+ for .+, \d years?\.$", text, re.MULTILINE)


def test_declaring_lists_choices_artist_by_artist(
    whole_game: tuple[Result, Manager, Path],
) -> None:
    result, _, _ = whole_game
    text = result.output
    menus = text.split("Declare your Artists' activities and play cards (one at a time):")[1:]
    assert menus
    assert all("finish declaring for this month" in menu.split("Your choice")[0] for menu in menus)
    assert any(re.search(r"\n [^\n]+:\n +1\. ", menu) for menu in menus)


def test_a_trade_is_offered_and_answered(whole_game: tuple[Result, Manager, Path]) -> None:
    result, _, _ = whole_game
    text = result.output
    assert re.search(r"^You offer \w+ a trade: .+ for .+\.$", text, re.MULTILINE)
    assert re.search(r"^\w+ (accepts|declines) the trade\.$", text, re.MULTILINE)


def test_bad_input_end_of_input_and_resume(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # Seed 5: Ben bids on the first Artist before your first prompt (pass or bid).
    answers = ["7", "x" * 300, "help", "cards", "months", "2", "9", "1", "", "2", "1", "1000"]
    answers += ["ten", ""]
    result = run(monkeypatch, tmp_path, ["play", "music-game-thingy", "--seed", "5"], answers)
    assert result.status == 0, result.errors
    text = result.output
    assert "'7' is not a choice: type a number from 1 to 2." in text
    assert "x" * 100 not in text
    assert "Type the number of your choice." in text
    assert "Mudfest:" in text  # what the cards in your hand do
    assert "Nobody Buys Records in January" in text  # the months with a rule
    assert "Contracts are 1 to 5 years: type a number from 1 to 5." in text
    flat = " ".join(text.split())
    assert re.search(
        r"You cannot bid 1,000 for .+: the minimum bid for Fame \d and 1 year is", flat
    )
    assert "Type the amount, such as" in text
    assert "The input has ended. The game stops here." in text
    assert "Saved the game to music-game-thingy-5.json." in text
    before = json.loads((tmp_path / "music-game-thingy-5.json").read_text())["actions"]
    resumed = run(
        monkeypatch, tmp_path, ["play", "--resume", "music-game-thingy-5.json"], ["1", "1", "1"]
    )
    assert resumed.status == 0, resumed.errors
    assert f"Resuming the saved game after {len(before)} moves." in resumed.output
    after = json.loads((tmp_path / "music-game-thingy-5.json").read_text())["actions"]
    assert after[: len(before)] == before and len(after) > len(before)
