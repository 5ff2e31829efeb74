"""Joe's Bar told in the order things happen, each effect with its cause.

Seeded games are played through ``pnp play`` (a wide terminal, so no sentence is wrapped)
and their transcripts read line by line, keeping the table as a reader would: the HITs in
flight and whom they are aimed at, every player's BL. Each effect must follow its cause:
a HIT lands only after it was thrown (and after it was passed on to whom it lands on);
every BL change is told with a cause that was told before it and starts from the BL the
reader last saw; no HIT is left in flight when a round ends; the End table adds up.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from bots.games.joes_bar import JoesBar
from tests.play.scripted import Result, Strategy, run
from tests.play.test_joes_bar_play import Brawler

_NAME = r"(?:You|Ana|Ben|Carla)"
_OPENING = re.compile(rf"^  ({_NAME}): .+, BL (\d+)\. ")
_HIT = re.compile(rf"^({_NAME}) hits? ({_NAME}|you) with (.+)\.$")
_FLING = re.compile(rf"^({_NAME}) flings? the (.+?)(?: with (.+))? at ({_NAME}|you)\.$")
_PASSES = re.compile(rf"^The HIT passes to ({_NAME}|you)\.$")
_LANDS = re.compile(
    rf"^({_NAME}'s|Your) (.+) lands on ({_NAME}|you): (\d+) HITs? in front of (you|them)\.$"
)
_BL = re.compile(rf"^({_NAME}'s|Your) BL: (\d+) → (\d+) \((.+)\)\.$")
_STAYS = re.compile(rf"^({_NAME}'s|Your) BL stays at (\d+) \((.+)\)\.$")
_PLAYS = re.compile(rf"^({_NAME}) plays? (.+?): (.+)\.$")
_DRINKS = re.compile(rf"^({_NAME}) drinks? (.+)\.$")
_END = re.compile(r"^── End of round (\d+): (the song ends|the brawl burns out) after \d+:\d\d")
_ROUND = re.compile(r"^── Round (\d+): the song starts")
_ROW = re.compile(rf"^  ({_NAME}) +(\d+) +(\d+) +(\d+) +(\d+)(  yes)?$")
_NEW = re.compile(rf"^({_NAME}'s|Your) new patron: .+ \(BL (\d+);")


def _who(word: str) -> str:
    """``Ana's``, ``Your``, ``you`` as the name at the table."""
    word = word.removesuffix("'s")
    return "You" if word.lower() in ("you", "your") else word


def _play(folder: Path, seed: int) -> Result:
    brawler = Brawler(seed)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("COLUMNS", "300")
        args = ["play", "joes-bar", "--seed", str(seed), "--save", "game.json"]
        return run(patch, folder, args, Strategy(brawler))


SEEDS = (1, 3, 4)


@pytest.fixture(scope="module")
def transcripts(tmp_path_factory: pytest.TempPathFactory) -> dict[int, str]:
    """Whole seeded games, the human's seat played by a seeded chooser."""
    found = {}
    for seed in SEEDS:
        result = _play(tmp_path_factory.mktemp("order"), seed)
        assert result.status == 0, result.errors
        assert "At the end" in result.output
        found[seed] = result.output
    return found


def _check(text: str) -> dict[str, int]:
    """Read the transcript line by line; an AssertionError names the first line out of
    order. Returns how often each kind of effect was seen (so a test can ask that the
    seeds show them)."""
    seen = dict.fromkeys(("lands", "bl", "poison", "draw", "drink", "song", "end"), 0)
    bl: dict[str, int] = {}
    flying: list[list[str]] = []  # [attacker, what lands, current target]
    hits: dict[str, int] = {}
    played: list[tuple[str, str]] = []  # Utility cards played since the last pause ended
    lines = text.splitlines()
    for number, line in enumerate(lines):
        where = f"line {number + 1}: {line!r}"
        previous = lines[number - 1] if number else ""
        assert "You's" not in line and "you's" not in line, where
        if found := _OPENING.match(line):
            bl[found[1]] = int(found[2])
        elif found := _HIT.match(line):
            flying.append([found[1], found[3], _who(found[2])])
        elif found := _FLING.match(line):
            made = [*found[3].split(" + ")] if found[3] else []
            flying.append([found[1], " + ".join([*made, found[2]]), _who(found[4])])
        elif found := _PASSES.match(line):
            assert flying, f"a HIT passes on with none in flight, {where}"
            flying[-1][2] = _who(found[1])
        elif found := _LANDS.match(line):
            attack = [_who(found[1]), found[2], _who(found[3])]
            assert attack in flying, f"a HIT lands that was not thrown at them, {where}"
            answered = _HIT.match(previous) or _FLING.match(previous)
            assert (
                (answered and _who(answered[1]) == attack[2])
                or re.search(r"(takes? the HIT|sand timer run out|no HIT card)\.$", previous)
                or "the HIT in flight lands" in previous
            ), f"a HIT lands before what makes it land, {where}"
            flying.remove(attack)
            assert len(flying) <= 1, f"two HITs left in flight, {where}"
            target = attack[2]
            assert int(found[4]) > hits.get(target, 0), where
            hits[target] = int(found[4])
            seen["lands"] += 1
        elif found := _BL.match(line):
            who, was, now, cause = _who(found[1]), int(found[2]), int(found[3]), found[4]
            assert bl.get(who) == was, f"{who}'s BL was {bl.get(who)}, told {was}, {where}"
            bl[who] = now
            seen["bl"] += 1
            if cause.startswith("poison from "):
                seen["poison"] += 1
                source = cause.removeprefix("poison from ").split(", with ")[0]
                owner, card = source.split(" ", 1)
                owner = _who(owner)
                assert (owner, card) in played or (
                    _LANDS.match(previous) and card in previous and "lands on" in previous
                ), f"poison from a card not played, {where}"
                assert now < was, where
            elif cause == "a failed last-resort draw costs 1":
                seen["draw"] += 1
                assert "no HIT card." in "\n".join(lines[max(0, number - 3) : number]), where
                assert was - now == 1 or now == 0, where
            elif _DRINKS.match(previous):
                seen["drink"] += 1
                drunk = _DRINKS.match(previous)
                assert drunk is not None and _who(drunk[1]) == who, where
                assert cause.startswith(drunk[2]), where
                assert now >= was, where
            else:
                assert "gulp" in cause or "sand timer" in cause, (
                    f"a BL change without cause {where}"
                )
        elif found := _STAYS.match(line):
            assert bl.get(_who(found[1])) == int(found[2]), where
        elif found := _PLAYS.match(line):
            played.append((found[1], found[2]))
        elif line.startswith("The Utility pause resolves"):
            pass
        elif found := _END.match(line):
            seen["end"] += 1
            seen["song"] += found[2] == "the song ends"
            if "the HIT in flight lands" in line:
                assert len(flying) == 1, where
                assert _LANDS.match(lines[number + 1]), f"the last HIT is not said to land, {where}"
            else:
                assert not flying, f"a HIT left in flight at the round's end, {where}"
        elif found := _ROW.match(line):
            who, before, lost, left = found[1], *map(int, found.groups()[2:5])
            assert bl.get(who) == before, f"{who}'s BL was {bl.get(who)}, {where}"
            assert before - lost == left, where
            assert bool(found[6]) == (left == 0), f"knocked out without BL 0, or not, {where}"
            bl[who] = left
        elif found := _NEW.match(line):
            bl[_who(found[1])] = int(found[2])
        elif found := _ROUND.match(line):
            assert not flying, f"a HIT still in flight when a round starts, {where}"
            hits = {}
            played = []
    return seen


def test_every_effect_is_told_after_its_cause(transcripts: dict[int, str]) -> None:
    total: dict[str, int] = {}
    for text in transcripts.values():
        for kind, count in _check(text).items():
            total[kind] = total.get(kind, 0) + count
    # the seeds show every kind of effect (else they no longer test it)
    for kind in ("lands", "poison", "draw", "drink", "song", "end"):
        assert total[kind], f"no {kind} seen"
    assert any("Your new patron: " in text for text in transcripts.values())


def test_the_check_fails_on_the_old_order(transcripts: dict[int, str]) -> None:
    """The check itself catches a HIT told to land before the answer that makes it land,
    and a BL change told with no cause."""
    lines = transcripts[SEEDS[0]].splitlines()
    _check("\n".join(lines))
    land = next(
        i for i, line in enumerate(lines) if _LANDS.match(line) and _HIT.match(lines[i - 1])
    )
    swapped = [*lines]
    swapped[land - 1], swapped[land] = lines[land], lines[land - 1]
    with pytest.raises(AssertionError, match="before what makes it land"):
        _check("\n".join(swapped))
    change = next(i for i, line in enumerate(lines) if _BL.match(line) and "poison" in line)
    bare = [*lines]
    bare[change] = re.sub(r" \(.+\)\.$", " (a mystery).", lines[change])
    with pytest.raises(AssertionError, match="without cause"):
        _check("\n".join(bare))
    hidden = [line for line in lines if not _BL.match(line)]
    with pytest.raises(AssertionError, match="BL was"):
        _check("\n".join(hidden))


def test_the_events_change_nothing_in_the_game() -> None:
    """Keeping the events for the narration leaves the game as it was (the same moves,
    the same dice); the simulations keep none."""
    from tests.bots.joes_bar_positions import card_data

    data = card_data()
    plain = JoesBar.new(data, 7, {"players": 4})
    told = JoesBar.new(data, 7, {"players": 4})
    assert plain.events is None
    told.events = []
    rng = random.Random(7)
    while not plain.is_terminal:
        action = rng.choice(list(plain.legal_actions()))
        plain.apply(action)
        told.apply(action)
        assert told.legal_actions() == plain.legal_actions()
    assert told.is_terminal and told == plain
    assert told.events and {event.kind for event in told.events} >= {"land", "bl", "end"}
