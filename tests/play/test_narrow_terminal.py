"""Play at a narrow terminal (60 columns): no line is wider than the screen, so the terminal
never breaks a table's row, a heading's rule or a prompt in the middle; and replay's prompt
line holds only the prompt and the answer."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from pnp.play.terminal import visible_width
from tests.play.scripted import Lines, Strategy, run
from tests.play.test_joes_bar_play import Brawler
from tests.play.test_music_game_thingy_play import Manager


def _anyone(seed: int) -> Strategy:
    """Answers Chinchón's and Chin Music's prompts with seeded choices."""
    rng = random.Random(seed)

    def answer(prompt: str, recent: str) -> str | None:
        found = re.search(r"\(1(?:-(\d+))?[,) ]", prompt)
        if "or n:" in prompt:
            return "n"
        if "(y/n)" in prompt:
            return rng.choice("yn")
        if found:
            return str(rng.randint(1, int(found.group(1) or 1)))
        if "words):" in prompt:
            return "Swell"
        if "stock" in prompt:
            return "s"
        return ""

    return Strategy(answer, limit=300)


@pytest.mark.parametrize("game", ["joes-bar", "chinchon", "music-game-thingy", "chin-music"])
def test_nothing_is_wider_than_a_60_column_terminal(
    game: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    strategy = {"joes-bar": Brawler(2), "music-game-thingy": Manager(2)}.get(game)
    script = Strategy(strategy, limit=300) if strategy is not None else _anyone(2)
    with monkeypatch.context() as patch:
        patch.setenv("COLUMNS", "60")
        result = run(patch, tmp_path, ["play", game, "--seed", "2"], script)
    assert result.status == 0, result.errors
    lines = result.output.splitlines()
    assert len(lines) > 200
    wide = [line for line in lines if visible_width(line) > 59]
    assert not wide, wide[:5]
    assert any(line.startswith("──") and line.endswith("─") for line in lines)


def test_replay_into_a_file_keeps_the_next_step_off_the_prompt_line(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Typed at a terminal, printed into a file (``pnp replay LOG > file``): the terminal
    echoes the Enter on the screen, not in the file, so the replay ends the prompt's line
    itself."""
    args = ["play", "joes-bar", "--seed", "2", "--auto", "--save", "j.json"]
    assert run(monkeypatch, tmp_path, args).status == 0
    result = run(monkeypatch, tmp_path, ["replay", "j.json"], Lines(["", "", "", "q"], tty=True))
    prompts = [line for line in result.output.splitlines() if "Enter: next" in line]
    assert len(prompts) == 4
    for line in prompts:
        assert re.fullmatch(r"\[\d+/\d+\] Enter: next · a: all · q: quit ?q?", line), line
