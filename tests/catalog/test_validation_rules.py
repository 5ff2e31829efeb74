"""One test per validation rule: each breaks a copy of the real data in one
place and checks that the message names the right file, line and field."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pnp.catalog import Problem
from tests.conftest import line_of, problems_of

Edit = Callable[[Path, str, str], None]


def only(problems: tuple[Problem, ...]) -> Problem:
    assert len(problems) == 1, "\n".join(map(str, problems))
    return problems[0]


def test_wrong_type_names_file_line_card_and_field(cards_copy: Path, edit: Edit) -> None:
    bout = cards_copy / "chin-music" / "bout.yaml"
    edit(bout, 'word: "Moxie", boast: ', 'word: "Moxie", boast: x, old: ')
    edit(bout, "old: ", "ruffians_: ")
    problems = problems_of(cards_copy)
    line = line_of(bout, '"Moxie"')
    texts = [str(p) for p in problems]
    assert any(
        t.endswith(f"bout.yaml:{line}: card 'moxie': boast: expected an integer, got 'x'")
        for t in texts
    ), texts
    assert all(p.line == line and p.record == "card 'moxie'" for p in problems)


def test_string_number_is_not_silently_converted(cards_copy: Path, edit: Edit) -> None:
    bout = cards_copy / "chin-music" / "bout.yaml"
    text = bout.read_text()
    target = next(line for line in text.splitlines() if "id: jake" in line)
    edit(bout, target, target.replace("ruffians: ", 'ruffians: "').replace("}", '"}'))
    problem = only(problems_of(cards_copy))
    assert (problem.record, problem.field) == ("card 'jake'", "ruffians")
    assert problem.message.startswith("expected an integer, got '")
    assert problem.line == line_of(bout, "id: jake")


def test_unknown_key_suggests_the_closest_known_key(cards_copy: Path, edit: Edit) -> None:
    game = cards_copy / "chin-music" / "game.yaml"
    edit(game, "summary: >-", "sumary: >-")
    problems = problems_of(cards_copy)
    unknown = [p for p in problems if p.field == "sumary"]
    assert len(unknown) == 1
    assert unknown[0].message == "unknown key (did you mean 'summary'?)"
    assert unknown[0].line == line_of(game, "sumary:")
    missing = [p for p in problems if p.field == "summary"]
    assert missing and missing[0].message.startswith("missing")


def test_missing_field_points_at_the_record(cards_copy: Path, edit: Edit) -> None:
    facing = cards_copy / "chin-music" / "facing.yaml"
    edit(facing, "    name: Nothing More to Prove\n", "")
    problem = only(problems_of(cards_copy))
    assert problem.file.endswith("chin-music/facing.yaml")
    assert (problem.record, problem.field) == ("card 'nothing-more-to-prove'", "name")
    assert problem.message == "missing (this field is required)"
    assert problem.line == line_of(facing, "id: nothing-more-to-prove")


def test_nested_field_path_is_dotted(cards_copy: Path, edit: Edit) -> None:
    game = cards_copy / "chin-music" / "game.yaml"
    edit(
        game,
        'back: {title: Ruffians, motif: fists, colour: "#7a1f1f"',
        'back: {title: Ruffians, motif: fists, colour: "red"',
    )
    problem = only(problems_of(cards_copy))
    assert problem.field == "decks.bout.back.colour"
    assert problem.message == "expected a colour like '#1a2b3c', got 'red'"
    assert problem.line == line_of(game, 'colour: "red"')


def test_a_broken_deck_leaves_the_layouts_kinds_alone(cards_copy: Path, edit: Edit) -> None:
    folder = cards_copy / "chin-music"
    white = "{front: [{fill: '#ffffff'}]}"
    (folder / "layouts.yaml").write_text(
        f"layouts:\n  bout: {white}\n  facing: {white}\n  jb-bar: {white}\n"
    )
    game = folder / "game.yaml"
    fists = 'motif: fists, colour: "#7a1f1f"'
    edit(game, fists, 'motif: fists, colour: "red"')  # the Bout deck is not read
    assert only(problems_of(cards_copy)).field == "decks.bout.back.colour"
    edit(game, 'motif: fists, colour: "red"', fists)
    edit(game, "kind: facing", "kind: facings")  # a kind no one knows
    assert only(problems_of(cards_copy)).field == "decks.facing.kind"
    edit(game, "kind: facings", "kind: facing")  # every deck read: a layout that draws nothing
    problem = only(problems_of(cards_copy))
    assert problem.field == "layouts.jb-bar"
    assert problem.message.startswith("no deck of this game is of kind 'jb-bar'")


def test_bad_id_form(cards_copy: Path, edit: Edit) -> None:
    bout = cards_copy / "chin-music" / "bout.yaml"
    edit(bout, "{id: hooch,", "{id: Hooch Time,")
    problem = only(problems_of(cards_copy))
    assert problem.field == "id"
    assert "lowercase letters, digits and hyphens" in problem.message
    assert problem.line == line_of(bout, "Hooch Time")


def test_duplicate_id_names_both_places(cards_copy: Path, edit: Edit) -> None:
    facing = cards_copy / "chin-music" / "facing.yaml"
    edit(facing, "id: nothing-more-to-prove", "id: scram")
    problem = only(problems_of(cards_copy))
    bout = cards_copy / "chin-music" / "bout.yaml"
    assert problem.file.endswith("chin-music/facing.yaml")
    assert (problem.record, problem.field) == ("card 'scram'", "id")
    assert problem.line == line_of(facing, "id: scram")
    assert problem.message.endswith(f"bout.yaml:{line_of(bout, 'id: scram')}")


def test_undefined_reference(cards_copy: Path, edit: Edit) -> None:
    main = cards_copy / "chinchon" / "main.yaml"
    edit(main, '{id: 5-hearts, rank: "5", suit: hearts}', '{id: 5-hearts, rank: "5", suit: heart}')
    problems = problems_of(cards_copy)
    reference = [p for p in problems if p.field == "suit"]
    assert len(reference) == 1
    assert reference[0].record == "card '5-hearts'"
    assert reference[0].line == line_of(main, "suit: heart}")
    assert reference[0].message == "refers to an undefined suit 'heart'; did you mean 'hearts'?"


def test_deck_count_disagreeing_with_game_yaml(cards_copy: Path, edit: Edit) -> None:
    bout = cards_copy / "chin-music" / "bout.yaml"
    edit(bout, "{id: hooch,", "{id: hooch, count: 2,")
    problem = only(problems_of(cards_copy))
    game = cards_copy / "chin-music" / "game.yaml"
    assert problem.file.endswith("chin-music/game.yaml")
    assert (problem.record, problem.field) == ("deck 'bout'", "count")
    assert problem.line == line_of(game, "count: 36")
    assert problem.message == "game.yaml says 36 cards but bout.yaml has 37 (counting copies)"


def test_words_that_sound_alike_are_rejected(cards_copy: Path, edit: Edit) -> None:
    bout = cards_copy / "chin-music" / "bout.yaml"
    edit(bout, 'word: "Swell!"', 'word: "bully"')
    problem = only(problems_of(cards_copy))
    assert (problem.record, problem.field) == ("card 'swell'", "word")
    assert problem.line == line_of(bout, "id: swell")
    assert problem.message == "'bully' is also on card 'bully'; it must differ"


def test_deck_rule_check_missing_suit(cards_copy: Path, edit: Edit) -> None:
    extension = cards_copy / "chinchon" / "extension-48.yaml"
    edit(extension, '  - {id: 9-clubs, rank: "9", suit: clubs}\n', "")
    edit(cards_copy / "chinchon" / "game.yaml", "count: 8\n", "count: 7\n")
    problem = only(problems_of(cards_copy))
    assert problem.record == "deck 'extension-48'"
    assert problem.line == line_of(extension, "cards:")
    assert problem.message.startswith("rank 9 is missing in clubs")


def test_rank_in_the_wrong_deck(cards_copy: Path, edit: Edit) -> None:
    main = cards_copy / "chinchon" / "main.yaml"
    edit(main, '{id: 7-spades, rank: "7",', '{id: 7-spades, rank: "8",')
    problems = problems_of(cards_copy)
    messages = {(p.record, p.field, p.message) for p in problems}
    assert ("card '7-spades'", "rank", "rank 8 belongs in the 48-card extension") in messages


def test_yaml_syntax_error_has_a_line(cards_copy: Path, edit: Edit) -> None:
    facing = cards_copy / "chin-music" / "facing.yaml"
    edit(facing, "  - id: title\n", "  - id: [title\n")
    problem = only(problems_of(cards_copy))
    assert problem.file.endswith("facing.yaml")
    assert problem.line >= line_of(facing, "[title")
    assert problem.message.startswith("invalid YAML")


def test_duplicate_key_is_an_error(cards_copy: Path, edit: Edit) -> None:
    facing = cards_copy / "chin-music" / "facing.yaml"
    edit(facing, "    name: Chin Music\n", "    name: Chin Music\n    name: Again\n")
    problem = only(problems_of(cards_copy))
    assert problem.line == line_of(facing, "name: Again")
    assert "duplicate key" in problem.message


def test_yaml_tags_never_construct_objects(cards_copy: Path, edit: Edit) -> None:
    facing = cards_copy / "chin-music" / "facing.yaml"
    edit(facing, "    name: Chin Music\n", '    name: !!python/object/apply:os.system ["false"]\n')
    problem = only(problems_of(cards_copy))
    assert problem.line == line_of(facing, "!!python")
    assert "tag" in problem.message and "not allowed" in problem.message


def test_not_utf8(cards_copy: Path) -> None:
    facing = cards_copy / "chin-music" / "facing.yaml"
    facing.write_bytes(facing.read_bytes().replace(b"Chin Music\n", b"Chin \xff Music\n", 1))
    problem = only(problems_of(cards_copy))
    lines = facing.read_bytes().split(b"\n")
    assert problem.line == next(i for i, line in enumerate(lines, 1) if b"\xff" in line)
    assert problem.message.startswith("not UTF-8")


def test_file_shape_must_be_one_list(cards_copy: Path) -> None:
    facing = cards_copy / "chin-music" / "facing.yaml"
    facing.write_text("cards: []\nextra: 1\n")
    problems = problems_of(cards_copy)
    assert [(p.file.rsplit("/", 1)[-1], p.line, p.field, p.message) for p in problems] == [
        ("facing.yaml", 1, "cards", "expected a non-empty list, got an empty list"),
        ("facing.yaml", 2, "", "unknown key 'extra'; this file holds one key, 'cards'"),
    ]
    facing.write_text("entries:\n  - {id: a}\n")
    problem = only(problems_of(cards_copy))
    assert problem.message == "expected one key, 'cards', holding a list; found keys entries"


def test_empty_card_list(cards_copy: Path) -> None:
    facing = cards_copy / "chin-music" / "facing.yaml"
    facing.write_text("cards: []\n")
    problem = only(problems_of(cards_copy))
    assert (problem.line, problem.field) == (1, "cards")
    assert problem.message == "expected a non-empty list, got an empty list"


def test_unknown_deck_kind(cards_copy: Path, edit: Edit) -> None:
    game = cards_copy / "chin-music" / "game.yaml"
    edit(game, "kind: facing", "kind: facings")
    problem = only(problems_of(cards_copy))
    assert problem.field == "decks.facing.kind"
    assert problem.line == line_of(game, "kind: facings")
    assert problem.message.startswith("unknown kind 'facings' (known kinds: ")


def test_missing_deck_file(cards_copy: Path, edit: Edit) -> None:
    game = cards_copy / "chin-music" / "game.yaml"
    (cards_copy / "chin-music" / "facing.yaml").unlink()
    problem = only(problems_of(cards_copy))
    assert problem.field == "decks.facing.file"
    assert problem.line == line_of(game, "file: facing.yaml")
    assert problem.message.startswith("facing.yaml does not exist")


def test_unlisted_data_file(cards_copy: Path) -> None:
    (cards_copy / "chin-music" / "extra.yaml").write_text("cards: []\n")
    problem = only(problems_of(cards_copy))
    game = cards_copy / "chin-music" / "game.yaml"
    assert problem.file.endswith("chin-music/game.yaml")
    assert problem.line == line_of(game, "decks:")
    assert problem.message == "extra.yaml is in the folder but not listed as a deck or table"


def test_game_folder_without_game_yaml(cards_copy: Path) -> None:
    (cards_copy / "new-game").mkdir()
    problem = only(problems_of(cards_copy))
    assert problem.file.endswith("new-game")
    assert problem.message.startswith("has no game.yaml")


def test_player_range_must_be_ordered(cards_copy: Path, edit: Edit) -> None:
    game = cards_copy / "chin-music" / "game.yaml"
    edit(game, "players: {min: 2, max: 6", "players: {min: 7, max: 6")
    problem = only(problems_of(cards_copy))
    assert problem.field == "players"
    assert problem.message == "min (7) is more than max (6)"
    assert problem.line == line_of(game, "players:")


def test_every_problem_is_reported_at_once(cards_copy: Path, edit: Edit) -> None:
    edit(cards_copy / "chin-music" / "bout.yaml", "{id: hooch,", "{id: hooch, colour: red,")
    edit(
        cards_copy / "chinchon" / "jokers.yaml",
        'points: 25, colour: "#c0262d"',
        'points: -1, colour: "#c0262d"',
    )
    edit(cards_copy / "chinchon" / "game.yaml", "best: [3, 4]", "best: [three]")
    problems = problems_of(cards_copy)
    files = {p.file.rsplit("/", 1)[-1] for p in problems}
    assert files == {"bout.yaml", "jokers.yaml", "game.yaml"}, problems
    assert len(problems) == 3


def test_optional_deck_must_name_a_known_variant(cards_copy: Path, edit: Edit) -> None:
    game = cards_copy / "chinchon" / "game.yaml"
    edit(game, "only_under: jokers", "only_under: jokerz")
    problem = only(problems_of(cards_copy))
    assert problem.field == "decks.jokers.only_under"
    assert problem.line == line_of(game, "only_under: jokerz")
    assert problem.message == "names 'jokerz', which is no variant or decision of this game"
