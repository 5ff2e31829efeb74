"""``pnp play music-game-thingy`` driven through the command line with scripted answers."""

from __future__ import annotations

import json
import random
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bots.core import load, seat_rngs
from bots.games.music_game_thingy.engine import MusicGameThingy
from pnp.catalog import load_catalog
from pnp.registry import load_game
from tests.play.positions import save
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


@pytest.fixture(scope="module")
def positions(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Saves that stop where you answer a bot's trade offer, may play Lawyers, or are over a
    hand limit (the bots played every seat up to there)."""
    folder = tmp_path_factory.mktemp("positions")
    game = load_game(load_catalog("cards").game("music-game-thingy"))
    wanted: dict[str, Callable[[Any], bool]] = {
        "answer": lambda state: state.phase == "answer",
        "lawyers": lambda state: (
            state.phase == "lawyers"
            and any(str(action).endswith(":lawyers") for action in state.legal_actions())
        ),
        "limits": lambda state: state.phase == "limits",
    }
    found: dict[str, Path] = {}
    for seed in range(60):
        state = game.new(seed, {"players": 4})
        bots = [game.bot("random") for _ in range(4)]  # random bots offer trades
        rngs = seat_rngs(seed, 4)
        while not state.is_terminal and len(found) < len(wanted):
            if state.current_player == 0:
                for name, stop in wanted.items():
                    if name not in found and stop(state):
                        found[name] = save(state, folder / f"{name}.json")
            seat = state.current_player
            assert seat is not None
            state.apply(bots[seat].choose(state.view(seat), state.legal_actions(), rngs[seat]))
        if len(found) == len(wanted):
            return found
    raise AssertionError(f"positions not reached: {set(wanted) - set(found)}")


def test_a_bots_offer_is_a_question(
    monkeypatch: pytest.MonkeyPatch, positions: dict[str, Path], tmp_path: Path
) -> None:
    path = tmp_path / "answer.json"
    shutil.copy(positions["answer"], path)
    result = run(monkeypatch, tmp_path, ["play", "--resume", path.name], ["maybe", "n"])
    assert result.status == 0, result.errors
    assert re.search(r"^\w+ offers you a trade: .+ for .+\.$", result.output, re.MULTILINE)
    assert "Accept the trade? (y/n) maybe\nPlease answer y (yes) or n (no)." in result.output
    assert re.search(r"^You decline the trade\.$", result.output, re.MULTILINE)


def test_lawyers_are_offered_when_a_contract_card_is_played(
    monkeypatch: pytest.MonkeyPatch, positions: dict[str, Path], tmp_path: Path
) -> None:
    path = tmp_path / "lawyers.json"
    shutil.copy(positions["lawyers"], path)
    result = run(monkeypatch, tmp_path, ["play", "--resume", path.name], ["2"])
    assert result.status == 0, result.errors
    text = result.output
    flat = " ".join(text.split())
    assert re.search(r"\w+ plays Contract (Exchange|Waiver) on \w+'s .+?\. 1\. let it", flat)
    assert "play Lawyers and cancel it" in text and "let it stand" in text
    assert "Play Lawyers? (1-2) 2" in text
    assert "You play Lawyers: the card is cancelled." in text


def test_over_a_hand_limit_you_discard(
    monkeypatch: pytest.MonkeyPatch, positions: dict[str, Path], tmp_path: Path
) -> None:
    path = tmp_path / "limits.json"
    shutil.copy(positions["limits"], path)
    result = run(monkeypatch, tmp_path, ["play", "--resume", path.name], ["0", "1"])
    assert result.status == 0, result.errors
    text = result.output
    assert "You are over a hand limit: discard, or offer a trade" in text
    assert re.search(r"Which card \(1-\d+\)\? 0\n'0' is not a choice", text)
    assert re.search(r"^You discard .+\.$", text, re.MULTILINE)


_PART = re.compile(
    r"^  (\w+): cash ([\d,]+) \+ Fame (\d+) x 5,000 = ([\d,]+) \((\d+) Artists?\)"
    r"(?: \+ (\d+) Sports Cars? ([\d,]+))? = ([\d,]+)\.$"
)


def _number(text: str) -> int:
    return int(text.replace(",", ""))


def _ending(text: str) -> list[str]:
    """From the last month's dice to the winner, with the wrapped lines joined."""
    start = text.rindex("── December: the dice and revenue")
    lines: list[str] = []
    for line in text[start:].splitlines():
        if line.startswith("    ") and lines and ": cash " in lines[-1]:
            lines[-1] += " " + line.strip()
        else:
            lines.append(line)
    return lines


def test_the_last_december_and_the_final_scoring_are_told(
    whole_game: tuple[Result, Manager, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """After the last declarations: December's dice and revenue, then each label's money
    made up of its cash, its Fame at 5,000 a point and its Sports Cars, adding up to the
    final scores; in play and in replay alike."""
    result, _, saved = whole_game
    ending = _ending(result.output)
    assert ending.index("The final scoring") < ending.index("Final scores")
    assert "Declare" not in "\n".join(ending)  # nothing asked between the dice and the end
    parts = {}
    for line in ending:
        if found := _PART.match(line):
            name, cash, fame, fame_money, _, cars, car_money, total = found.groups()
            assert _number(fame) * 5000 == _number(fame_money)
            cars_money = _number(car_money) if cars else 0
            assert _number(cash) + _number(fame_money) + cars_money == _number(total), line
            parts[name] = (_number(total), int(fame))
    assert sorted(parts) == ["Ana", "Ben", "Carla", "You"]
    table = ending[ending.index("Final scores") + 2 : ending.index("Final scores") + 6]
    for row in table:
        name, total, fame, _ = row.split()
        assert parts[name] == (_number(total), int(fame))
    assert any("Sports Car" in line for line in ending)  # this seed has one to count
    replayed = run(monkeypatch, saved.parent, ["replay", saved.name])
    assert replayed.status == 0, replayed.errors
    assert _ending(replayed.output)[: len(ending) - 3] == ending[: len(ending) - 3]


def test_choices_show_their_cost_and_what_is_left_out_says_why(
    whole_game: tuple[Result, Manager, Path],
) -> None:
    """A Tour's fee, dice and months are in its menu entry; Tours and cards the list
    leaves out are named with the engine's reason; Contract Exchange is one entry asked in
    two steps (yours, then theirs), never a line for every pair."""
    result, manager, _ = whole_game
    text = re.sub(r"\n +", " ", result.output)  # wrapped lines joined
    assert re.search(
        r"go on The Toilet Circuit \(fee [\d,]+ now; 1 die x [\d,]+ a unit a month for up "
        r"to \d+ months?",
        text,
    )
    assert re.search(r"play Student Union Bar \(1 die x 4,000 a unit\)", text)
    not_open = re.findall(r"Not open now: (.+?)\.\n", text)
    assert not_open
    assert any("(the Tour needs Fame " in reasons for reasons in not_open)
    assert not re.search(r"^ +\d+\. play Contract Exchange: give", result.output, re.M)
    assert re.search(r"play Contract Exchange: swap one of your Artists for a rival's \(\d+", text)
    gives = [prompt for prompt in manager.prompts if prompt.startswith("Give which of your")]
    takes = [prompt for prompt in manager.prompts if prompt.startswith("Take which rival's")]
    assert gives and takes


def test_cards_says_what_each_card_does(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """``cards`` gives a card's effect (its dice, its headline), not only its flavour."""
    answers = ["2", "1", "40000", "cards", "quit", "n"]
    result = run(monkeypatch, tmp_path, ["play", "music-game-thingy", "--seed", "5"], answers)
    assert result.status == 0, result.errors
    listed = re.sub(r"\n +", " ", result.output)
    assert "Contract Exchange: Swap Artists, Lawyers can stop this." in listed
    assert re.search(r"Mudfest: 4 dice x 5,000 per unit\. Needs Fame 8\.", listed)
