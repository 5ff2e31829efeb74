"""Hostile card data is refused fast, before anything is expanded, with a
located sentence, and every other problem is still reported in the same run."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pnp.catalog import CatalogError, Problem, load_catalog
from pnp.catalog.limits import LIMITS, Limits
from tests.conftest import line_of, problems_of

pytestmark = pytest.mark.probe

ACTION = Path("joes-bar") / "action.yaml"


def nested_aliases(levels: int) -> str:
    """The probe: anchors each holding nine references to the one before."""
    lines = ['a0: &a0 "lol"']
    for level in range(1, levels + 1):
        refs = ", ".join([f"*a{level - 1}"] * 9)
        lines.append(f"a{level}: &a{level} [{refs}]")
    return "\n".join(lines) + "\n"


def prepend(path: Path, text: str) -> None:
    path.write_text(text + path.read_text(encoding="utf-8"), encoding="utf-8")


def messages(problems: tuple[Problem, ...], name: str) -> list[tuple[int, str]]:
    return [(p.line, p.message) for p in problems if p.file.endswith(name)]


@pytest.mark.parametrize("levels", [5, 9])
def test_nested_aliases_are_refused_before_expansion(cards_copy: Path, levels: int) -> None:
    prepend(cards_copy / ACTION, nested_aliases(levels))
    bout = cards_copy / "chin-music" / "bout.yaml"
    bout.write_text(bout.read_text().replace("boast: 1, ruffians: 2}", "boast: x, ruffians: 2}", 1))
    problems = problems_of(cards_copy)
    found = messages(problems, "action.yaml")
    # anchor k written out is a list of 9 copies of anchor k-1, so it holds 1 + 9 + ... + 9**k
    probe = sum(sum(9**j for j in range(k + 1)) for k in range(levels + 1)) + levels + 1
    assert found[0][0] == 1
    assert found[0][1].startswith("holds ") and "once its aliases are written out" in found[0][1]
    total = int(found[0][1].split()[1].replace(",", ""))
    assert total > LIMITS.values
    assert probe <= total < probe + 1000  # the probe and the file's real cards
    unknown = [(line, text) for line, text in found[1:]]
    assert unknown == [
        (level + 1, f"unknown key 'a{level}'; this file holds one key, 'cards'")
        for level in range(levels + 1)
    ]
    # the rest of the data was still checked in the same run
    assert any(p.file.endswith("bout.yaml") and p.field == "boast" for p in problems)


def test_four_levels_of_aliases_load_and_the_keys_are_named(cards_copy: Path) -> None:
    prepend(cards_copy / ACTION, nested_aliases(4))
    found = messages(problems_of(cards_copy), "action.yaml")
    assert found == [
        (level + 1, f"unknown key 'a{level}'; this file holds one key, 'cards'")
        for level in range(5)
    ]


def test_the_real_aliases_are_allowed() -> None:
    text = (Path(__file__).parents[2] / "cards" / "music-game-thingy" / "artist.yaml").read_text()
    assert "*fame" in text  # the real data shares its tracks through aliases
    load_catalog(Path(__file__).parents[2] / "cards")


def test_too_many_values_without_aliases(cards_copy: Path) -> None:
    (cards_copy / "chinchon" / "jokers.yaml").write_text(
        "cards: [" + ",".join(["1"] * 60_000) + "]\n"
    )
    assert messages(problems_of(cards_copy), "jokers.yaml") == [
        (1, "holds 60,003 values; at most 50,000 are allowed in one file")
    ]


def test_many_unknown_keys_are_counted_after_the_first_twenty(cards_copy: Path) -> None:
    keys = "".join(f"key{number}: 1\n" for number in range(30)) + "k" * 50 + ": 1\n"
    prepend(cards_copy / "chinchon" / "jokers.yaml", keys)
    found = messages(problems_of(cards_copy), "jokers.yaml")
    assert found[:20] == [
        (n + 1, f"unknown key 'key{n}'; this file holds one key, 'cards'") for n in range(20)
    ]
    assert found[20:] == [(21, "and 11 more unknown keys")]
    prepend(cards_copy / "chinchon" / "jokers.yaml", "loop: &loop [*loop]\n")
    found = messages(problems_of(cards_copy), "jokers.yaml")
    assert (1, "an alias refers to the value that contains it") in found
    assert (21, "and 12 more unknown keys") in found  # after loop, key0 ... key18


def test_an_alias_inside_its_own_value(cards_copy: Path) -> None:
    prepend(cards_copy / ACTION, "loop: &loop [1, *loop]\n")
    assert (1, "an alias refers to the value that contains it") in messages(
        problems_of(cards_copy), "action.yaml"
    )


def test_too_many_aliases(cards_copy: Path) -> None:
    prepend(cards_copy / ACTION, "x: &x 1\nmany: [" + ", ".join(["*x"] * 11) + "]\n")
    with pytest.raises(CatalogError) as caught:
        load_catalog(cards_copy, limits=Limits(aliases=10))
    found = messages(caught.value.problems, "action.yaml")
    assert (1, "more than 10 uses of aliases (*name) in one file; write the values out") in found
    assert (2, "unknown key 'many'; this file holds one key, 'cards'") in found


def test_depth(cards_copy: Path) -> None:
    prepend(cards_copy / ACTION, "deep: " + "[" * 30 + "]" * 30 + "\n")
    assert messages(problems_of(cards_copy), "action.yaml") == [
        (1, f"nested more than {LIMITS.depth} levels deep")
    ]
    deeper = cards_copy / "chin-music" / "facing.yaml"
    deeper.write_text("cards: " + "[" * 50_000 + "]" * 50_000 + "\n")
    assert messages(problems_of(cards_copy), "facing.yaml") == [
        (1, f"nested more than {LIMITS.depth} levels deep")
    ]


def test_long_text_and_control_characters(cards_copy: Path, edit) -> None:  # type: ignore[no-untyped-def]
    bout = cards_copy / "chin-music" / "bout.yaml"
    edit(bout, 'word: "Jake"', 'word: "' + "J" * 5000 + '"')
    edit(bout, 'word: "Moxie"', 'word: "Mo\\u0000xie\\u0007"')
    found = messages(problems_of(cards_copy), "bout.yaml")
    assert found == sorted(
        [
            (line_of(bout, "id: jake"), "a value of 5,000 characters; at most 4,000 are allowed"),
            (
                line_of(bout, "id: moxie"),
                "holds U+0000 a control character, U+0007 a control character; card data is "
                "plain text (a line break is the only control character allowed)",
            ),
        ]
    )


def test_tags_and_impossible_dates(cards_copy: Path, edit) -> None:  # type: ignore[no-untyped-def]
    bout = cards_copy / "chin-music" / "bout.yaml"
    edit(bout, 'word: "Jake"', "word: !!python/object/apply:os.system ['false']")
    game = cards_copy / "chinchon" / "game.yaml"
    edit(game, "subtitle: Spanish rummy", "subtitle: Spanish rummy\nreleased: 2026-13-45")
    problems = problems_of(cards_copy)
    assert messages(problems, "bout.yaml") == [
        (
            line_of(bout, "id: jake"),
            "YAML tag 'tag:yaml.org,2002:python/object/apply:os.system' is not allowed; "
            "write plain values",
        )
    ]
    assert messages(problems, "game.yaml") == [
        (3, "'2026-13-45' is not a valid value: month must be in 1..12")
    ]


def test_sizes_and_counts(cards_copy: Path) -> None:
    size = (cards_copy / "music-game-thingy" / "action.yaml").stat().st_size
    small = Limits(file_bytes=size - 1024, records=30)  # a KiB short of the largest file
    with pytest.raises(CatalogError) as caught:
        load_catalog(cards_copy, limits=small)
    found = [(p.file.split("cards/", 1)[1], p.message) for p in caught.value.problems]
    assert ("music-game-thingy/action.yaml", f"has {size / 1024:,.0f} KiB; a card data file "
            f"may have at most {(size - 1024) / 1024:,.0f} KiB") in found  # fmt: skip
    assert ("chin-music/bout.yaml", "holds 36 records; at most 30 are allowed in one file") in found
    most = max(len(list(folder.glob("*.yaml"))) for folder in cards_copy.iterdir())
    for limits, message in (
        (Limits(games=3), "holds 4 game folders; at most 3 are allowed"),
        (
            Limits(files_per_game=most - 1),
            f"holds {most} YAML files; at most {most - 1} are allowed in one game folder",
        ),
        (Limits(total_bytes=50 * 1024), "KiB of YAML; at most 50 KiB are allowed"),
    ):
        with pytest.raises(CatalogError) as caught:
            load_catalog(cards_copy, limits=limits)
        assert any(message in p.message for p in caught.value.problems), caught.value


def test_a_deck_count_beyond_the_limit(cards_copy: Path, edit) -> None:  # type: ignore[no-untyped-def]
    game = cards_copy / "chin-music" / "game.yaml"
    edit(game, "count: 36", "count: 36000000")
    found = messages(problems_of(cards_copy), "game.yaml")
    assert (line_of(game, "count: 36000000"), "must be at most 1000, got 36000000") in found


def test_folder_problems_each_get_one_sentence(
    cards_copy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    chin = cards_copy / "chin-music"
    (chin / "facing.yaml").unlink()
    (chin / "facing.yaml").mkdir()  # a file that is a folder
    secret = tmp_path / "secret.yaml"
    secret.write_text("cards: []\n")
    chinchon = cards_copy / "chinchon"
    (chinchon / "jokers.yaml").unlink()
    (chinchon / "jokers.yaml").symlink_to(secret)  # a link leading outside
    bar = cards_copy / "joes-bar"
    (bar / "patron.yaml").write_bytes(b"cards:\n  - {id: caf\xe9}\n")  # not UTF-8
    thingy = cards_copy / "music-game-thingy"
    unreadable = thingy / "year.yaml"
    empty = cards_copy / "no-game"
    empty.mkdir()
    (empty / "notes.yaml").write_text("a: 1\n")
    real_open = Path.open

    def refuse(self: Path, *args, **kwargs):  # type: ignore[no-untyped-def]
        if self == unreadable:
            raise PermissionError(13, "Permission denied")
        return real_open(self, *args, **kwargs)

    monkeypatch.setattr(Path, "open", refuse)
    problems = problems_of(cards_copy)
    texts = [str(p).split("cards/", 1)[1] for p in problems]
    game = line_of(chin / "game.yaml", "file: facing.yaml")
    jokers = line_of(chinchon / "game.yaml", "file: jokers.yaml")
    assert (
        f"chin-music/game.yaml:{game}: decks.facing.file: facing.yaml is a folder, not a file"
        in texts
    )
    assert any(
        t.startswith(f"chinchon/game.yaml:{jokers}: decks.jokers.file: jokers.yaml is a link to ")
        and t.endswith("secret.yaml, outside the game folder")
        for t in texts
    ), texts
    assert "joes-bar/patron.yaml:2: not UTF-8 text (byte 19 cannot be decoded)" in texts
    assert "music-game-thingy/year.yaml: cannot be read: Permission denied" in texts
    assert "no-game: has no game.yaml; every game folder needs one" in texts
    assert len(texts) == 5, texts


def test_game_yaml_that_is_a_folder_or_a_link_outside(cards_copy: Path, tmp_path: Path) -> None:
    chin = cards_copy / "chin-music" / "game.yaml"
    chin.unlink()
    chin.mkdir()
    outside = tmp_path / "game.yaml"
    outside.write_text((cards_copy / "chinchon" / "game.yaml").read_text())
    (cards_copy / "chinchon" / "game.yaml").unlink()
    (cards_copy / "chinchon" / "game.yaml").symlink_to(outside)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    os.symlink(elsewhere, cards_copy / "linked-game")
    texts = [str(p).split("cards/", 1)[1] for p in problems_of(cards_copy)]
    assert texts == [
        "chin-music/game.yaml: is a folder; it must be a file",
        "chinchon/game.yaml: is a link to a file outside the game folder",
        "linked-game: is a link to a folder outside the cards folder; skipped",
    ]
