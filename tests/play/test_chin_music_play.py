"""``pnp play chin-music`` driven through the command line with scripted answers."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bots.core import load, play_game
from bots.games.chin_music import ChinMusic, HeuristicPlayer, Recite
from tests.data import BOUT_DECK
from tests.play.scripted import Result, Strategy, run

_PLAYED = re.compile(r"^\S+ plays? (.+?) \(Boast")
_NEW_BOUT = re.compile(r"^── Bout \d+:")


class Rememberer:
    """Plays its first card, recites what it saw played (a perfect memory), never calls,
    fights when it may."""

    def __init__(self) -> None:
        self.stack: list[str] = []

    def watch(self, recent: str) -> None:
        for line in recent.splitlines():
            if _NEW_BOUT.match(line):
                self.stack = []
            played = _PLAYED.match(line)
            if played:
                self.stack.append(played.group(1))

    def __call__(self, prompt: str, recent: str) -> str | None:
        self.watch(recent)
        if prompt.startswith("Play which card"):
            return "1"
        if prompt.startswith("Recite"):
            return ", ".join(self.stack)
        if prompt.startswith("Call"):
            return "n"
        if prompt.startswith("Fight or pass"):
            return "f"
        if prompt.startswith("Save the game log"):
            return "n"
        raise AssertionError(f"unexpected prompt {prompt!r}")


@pytest.fixture(scope="module")
def whole_game(tmp_path_factory: pytest.TempPathFactory) -> tuple[Result, Path]:
    folder = tmp_path_factory.mktemp("chin")
    args = ["play", "chin-music", "--seed", "5", "--save", "game.json"]
    return run(pytest.MonkeyPatch(), folder, args, Strategy(Rememberer())), folder / "game.json"


def test_a_whole_game_ends_with_the_hand_sizes(whole_game: tuple[Result, Path]) -> None:
    result, saved = whole_game
    assert result.status == 0, result.errors
    assert "Traceback" not in result.output + result.errors
    assert "Cards dealt each bout, at the end" in result.output
    assert re.search(r"^(Ana|Ben|Carla) wins the game\.$|^You win the game!$", result.output, re.M)
    state = load(json.loads(saved.read_text(encoding="utf-8")), ChinMusic, BOUT_DECK)
    assert state.is_terminal
    recitations = [a for a in state.log if isinstance(a, Recite) and a.player == 0]
    assert recitations, "the human recited"


def test_fights_show_the_flipped_stack_boast_and_ruffians(
    whole_game: tuple[Result, Path],
) -> None:
    out = whole_game[0].output
    assert "── Fight: " in out and "The stack, flipped, bottom to top:" in out
    assert re.search(r"^ +1\. .+ Boast \d  Ruffians \d  (counts|does not count)", out, re.M)
    unwrapped = re.sub(r"\n  (?=\S)", " ", out)  # a long sum goes on over wrapped lines
    assert re.search(r"^Boast: .+ = \d+\.$", unwrapped, re.M)
    assert re.search(r"^Ruffians: [\d +]+ = \d+\.$", out, re.M)
    assert re.search(r"^\d+ (beats|does not beat) \d+: ", out, re.M)


def test_only_public_faces_are_told(whole_game: tuple[Result, Path]) -> None:
    out = whole_game[0].output
    # others' cards show their back when played; the human's own never do
    assert re.search(r"^(Ana|Ben|Carla) plays .+ \(Boast \d; its back shows \d Ruff", out, re.M)
    assert re.search(r"^You play .+ \(Boast \d\)\.$", out, re.M)
    assert not re.search(r"^You play .+its back", out, re.M)


def test_auto_plays_exactly_as_play_game(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    args = ["play", "chin-music", "--seed", "3", "--players", "3", "--level", "hard"]
    result = run(monkeypatch, tmp_path, [*args, "--auto", "--save", "a.json"])
    assert result.status == 0, result.errors
    assert "Note: --level" not in result.output
    saved = json.loads((tmp_path / "a.json").read_text(encoding="utf-8"))
    played = load(saved, ChinMusic, BOUT_DECK)
    bots = [HeuristicPlayer(BOUT_DECK, "hard") for _ in range(3)]
    expected = play_game(ChinMusic.new(BOUT_DECK, 3, {"players": 3}), bots)
    assert played == expected
    too_wide = [line for line in result.lines if len(line) > 80]
    assert not too_wide, too_wide[:3]


class Stumbler(Rememberer):
    """Answers every kind of prompt badly once, then well; recites one word per line."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: set[str] = set()
        self.lines: list[str] = []

    def once(self, kind: str, bad: list[str], good: str) -> str:
        if kind not in self.seen:
            self.lines = list(bad)
            self.seen.add(kind)
        return self.lines.pop(0) if self.lines else good

    def __call__(self, prompt: str, recent: str) -> str | None:
        self.watch(recent)
        if len(self.seen) == 4 and not self.lines and "Fight or pass" not in prompt:
            return None  # every kind of prompt was tried: end of input
        if prompt.startswith("Play which card"):
            return self.once("play", ["9", "nope", "help"], "1")
        if prompt.startswith("Recite"):
            if "recite" not in self.seen:
                self.seen.add("recite")
                self.pending = [*self.stack, ""]
                return "Not A Word, Jake"
            return self.stack[0] if self.stack else "words"
        if prompt.startswith("card "):
            return self.pending.pop(0) if len(self.pending) > 1 else ""
        if prompt.startswith("Call"):
            return self.once("call", ["maybe"], "n")
        if prompt.startswith("Fight or pass"):
            return self.once("decide", ["x"], "p")
        return None


def test_bad_input_at_every_prompt_and_a_recitation_line_by_line(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    for seed in range(5, 25):  # the first deal that brings every kind of prompt
        stumbler = Stumbler()
        args = ["play", "chin-music", "--seed", str(seed), "--save", "s.json"]
        result = run(monkeypatch, tmp_path, args, Strategy(stumbler, limit=200))
        if "decide" in stumbler.seen:
            break
    out = result.output
    assert result.status == 0, result.errors
    assert "Traceback" not in out + result.errors
    assert stumbler.seen == {"play", "recite", "call", "decide"}
    assert re.search(r"There is no card 9: type 1 to \d\.", out)
    assert "'nope' is not in your hand" in out
    assert "Play one of your cards onto the stack" in out
    assert "'Not A Word' is not a word of the Bout deck (type words to list them)." in out
    assert "Please answer y (yes) or n (no)." in out
    assert "Type f to fight or p to pass." in out
    # the recitation typed one word per line was taken as one recitation
    assert re.search(r"^  card 2 \(empty line to end\):", out, re.M)
    saved = json.loads((tmp_path / "s.json").read_text(encoding="utf-8"))
    said = [a for a in saved["actions"] if a.startswith("0:recite:")]
    assert said and "Not A Word" not in said[0]


def test_the_screen_is_covered_before_each_of_your_prompts(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def answer(prompt: str, recent: str) -> str | None:
        top: list[str] = re.findall(r"on top: (.+?) \(Boast", recent)
        if prompt.startswith("Recite"):
            return top[-1]
        return {"Play": "1", "Call": "n", "Press": "", "card": "", "Fight": "p"}.get(
            prompt.split()[0]
        )

    script = Strategy(answer, limit=30)
    script.tty = True
    args = ["play", "chin-music", "--seed", "2", "--players", "3"]
    result = run(monkeypatch, tmp_path, args, script, terminal_output=True)
    assert result.status == 0, result.errors
    clear = "\x1b[H\x1b[2J\x1b[3J"
    assert result.output.count(clear) >= 10
    # the opening is held; every prompt of yours comes after a cleared screen that first
    # tells again what the others did since your last move (never your own cards)
    opening, *screens = result.output.split(clear)
    assert opening.rstrip().endswith("Press Enter to go on.")
    recaps = 0
    for screen in screens:
        recap, table = screen.split("\n── Bout ", 1)
        if recap:
            recaps += 1
            assert recap.startswith("Since your last move:\n")
            assert "You play" not in recap and "You recite" not in recap
        assert "Your hand" in table or "Recite" in table or "Call " in table or "Fight" in table
        # a fight told after your prompt is held until Enter is pressed, then covered
        live = table.split("? ", 1)[-1]
        if "── Fight: " in live and screen is not screens[-1]:
            assert live.rindex("Press Enter to go on.") > live.index("── Fight: ")
    assert recaps >= 5
    assert re.search(
        r"Since your last move:\n(.+\n)*\w+ plays .+its back shows \d Ruffian", (result.output)
    )


def test_variants_and_options(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    args = ["play", "chin-music", "--players", "3", "--seed", "1", "--auto", "--save", "v.json"]
    args += ["--variant", "careful-call-outs", "--variant", "hand-size=3"]
    result = run(monkeypatch, tmp_path, args)
    assert result.status == 0, result.errors
    assert "Variant: careful call-outs" in result.output
    assert "Everyone is dealt 3 cards a bout" in result.output
    params = json.loads((tmp_path / "v.json").read_text(encoding="utf-8"))["params"]
    assert params == {
        "players": 3,
        "hand_size": 3,
        "careful_callouts": True,
        "generous_callouts": False,
        "bout_limit": 0,
    }
    bad = run(monkeypatch, tmp_path, ["play", "chin-music", "--variant", "jokers"])
    assert bad.status == 2
    assert "unknown variant 'jokers' for Chin Music (variants: careful-call-outs" in bad.errors
