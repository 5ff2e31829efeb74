"""Card kinds declared as data (kinds.yaml): a game with its own kind loads, every
field type refuses what it must with a located sentence, the kind's fields are listed
once when its cards get them wrong, and the cards pickle to worker processes."""

from __future__ import annotations

import multiprocessing
import os
import pickle
from pathlib import Path

import pytest

from pnp.catalog import CatalogError, Game, load_catalog
from pnp.catalog.digest import game_digest
from pnp.catalog.kinds import DataCard, DataKind
from pnp.cli import main
from tests.catalog.spell_game import FIELDS, KINDS, SPELLS, spell_game
from tests.conftest import CARDS, line_of, problems_of


def test_a_game_with_its_own_kind_loads(tmp_path: Path) -> None:
    spell_game(tmp_path)
    game = load_catalog(tmp_path).game("spells")
    assert list(game.kinds) == ["spell"]
    assert isinstance(game.kinds["spell"], DataKind)
    deck = game.deck("spells")
    assert deck.physical_count == 4
    fireball, splash, gust = deck.cards
    assert isinstance(fireball, DataCard) and type(fireball) is type(gust)
    assert (fireball.cost, fireball.school, fireball.art, fireball.count) == (  # type: ignore[attr-defined]
        3, "fire", "art/fire.png", 2,
    )  # fmt: skip
    assert splash.values() == {  # type: ignore[attr-defined]
        "id": "splash", "count": 1, "name": "Splash", "cost": 1, "school": "water",
        "effect": None, "icons": None, "art": None, "tint": "#2040a0", "rare": True, "power": 1.5,
    }  # fmt: skip
    assert gust.icons == ("wind", "wind")  # type: ignore[attr-defined]
    assert fireball.noun == "spell" and fireball.label() == "Fireball"
    assert fireball.describe() == "Fireball — cost: 3; school: fire; effect: Deal 3 damage."
    assert splash.describe() == "Splash — cost: 1; school: water; rare; power: 1.5"
    assert gust.describe() == "Gust — cost: 0; icons: wind, wind"
    with pytest.raises(ValueError, match="frozen"):
        fireball.cost = 4  # type: ignore[attr-defined]


def test_the_four_games_declare_no_kinds() -> None:
    assert all(game.kinds == {} for game in load_catalog(CARDS).games)


def test_label_defaults_to_the_first_required_text_field_then_the_id(tmp_path: Path) -> None:
    folder = spell_game(tmp_path)
    kinds = folder / "kinds.yaml"
    kinds.write_text(KINDS.replace('    label: "{name}"\n', ""))
    assert load_catalog(tmp_path).game("spells").deck("spells").cards[0].label() == "Fireball"
    kinds.write_text(KINDS.replace('"{name}"', '"{name} ({cost})"'))
    assert load_catalog(tmp_path).game("spells").deck("spells").cards[0].label() == "Fireball (3)"
    kinds.write_text(
        KINDS.replace('    label: "{name}"\n', "").replace(
            "required: true, max_length", "max_length"
        )
    )
    cards = load_catalog(tmp_path).game("spells").deck("spells").cards
    assert cards[0].label() == "fireball"
    assert cards[0].describe().startswith("fireball — name: Fireball; cost: 3")


BAD_VALUES = [
    ("name: Fireball", "name: " + "F" * 41, "name", "allows at most 40 characters"),
    ("name: Fireball", 'name: ""', "name", "must not be empty"),
    ("cost: 3", "cost: 11", "cost", "must be at most 10, got 11"),
    ("cost: 3", "cost: -1", "cost", "must be at least 0, got -1"),
    ("cost: 3", 'cost: "3"', "cost", "expected an integer, got '3'"),
    ("cost: 3", "cost: 2.5", "cost", "expected an integer, got 2.5"),
    ("school: fire", "school: earth", "school",
     "expected one of 'fire', 'water' or 'air', got 'earth'"),
    ("effect: \"Deal 3 damage.\"", "effect: 3", "effect", "expected text, got 3"),
    ("count: 2", "count: 0", "count", "must be at least 1, got 0"),
    ("count: 2", "icons: [Wind]", "icons[0]", "expected an id of lowercase letters"),
    ("count: 2", "icons: wind", "icons", "expected a list, got 'wind'"),
    ("count: 2", 'tint: "blue"', "tint", "expected a colour like '#1a2b3c', got 'blue'"),
    ("count: 2", "rare: yes", "rare", "expected true or false, got 'yes'"),
    ("count: 2", "power: 3", "power", "must be at most 2.5, got 3"),
    ("count: 2", "power: .nan", "power", "Input should be a finite number"),
    ("art: art/fire.png", "art: art/ice.png", "art",
     "art/ice.png does not exist in the game folder"),
    ("art: art/fire.png", "art: ../spells/art/fire.png", "art",
     "may not leave the game folder with '..'"),
    ("art: art/fire.png", "art: /tmp/fire.png", "art", "expected a path inside the game folder"),
    ("art: art/fire.png", 'art: "art\\\\fire.png"', "art", "write the path with / between folders"),
    ("art: art/fire.png", "art: art/fire.gif", "art", "expected a PNG, JPEG or SVG file"),
    ("art: art/fire.png", "art: art", "art", "expected a PNG, JPEG or SVG file"),
]  # fmt: skip


@pytest.mark.parametrize(("old", "new", "field", "message"), BAD_VALUES)
def test_every_field_type_refuses_with_a_located_message(
    tmp_path: Path, old: str, new: str, field: str, message: str
) -> None:
    folder = spell_game(tmp_path, SPELLS.replace(old, new, 1))
    problems = problems_of(tmp_path)
    located = [p for p in problems if p.field == field]
    assert len(located) == 1, problems
    problem = located[0]
    assert problem.file.endswith("spells/spells.yaml")
    assert problem.line == line_of(folder / "spells.yaml", new)
    assert problem.record == "spell 'fireball'"
    assert message in problem.message
    assert str(problem).startswith(f"{problem.file}:{problem.line}: spell 'fireball': {field}: ")


def image_problem(tmp_path: Path, make: str) -> str:
    """The message about ``art/odd.png`` made as ``make`` says."""
    folder = spell_game(tmp_path, SPELLS.replace("art/fire.png", "art/odd.png"))
    odd = folder / "art" / "odd.png"
    if make == "text":
        odd.write_text("not an image")
    elif make == "jpeg":
        from PIL import Image

        Image.new("RGB", (4, 4)).save(odd, format="JPEG")
    elif make == "folder":
        odd.mkdir()
    elif make == "outside":
        outside = tmp_path / "outside.png"
        (folder / "art" / "fire.png").rename(outside)
        odd.symlink_to(outside)
    elif make == "truncated":
        odd.write_bytes((folder / "art" / "fire.png").read_bytes()[:-12])
    (problem,) = problems_of(tmp_path)
    assert (problem.record, problem.field) == ("spell 'fireball'", "art")
    return problem.message


@pytest.mark.parametrize(
    ("make", "message"),
    [
        ("text", "art/odd.png is not a PNG file (its content is no image)"),
        ("jpeg", "art/odd.png is not a PNG file (its content is JPEG)"),
        ("folder", "art/odd.png is not a regular file"),
        ("outside", "art/odd.png is a link to a file outside the game folder"),
        ("truncated", "art/odd.png cannot be read as an image"),
    ],
)
def test_an_image_must_be_a_readable_image_inside_the_folder(
    tmp_path: Path, make: str, message: str
) -> None:
    assert image_problem(tmp_path, make).startswith(message)


def test_svg_and_jpeg_images_are_accepted(tmp_path: Path) -> None:
    from PIL import Image

    folder = spell_game(tmp_path, SPELLS.replace("art/fire.png", "art/fire.svg", 1).replace(
        'tint: "#2040a0"', 'tint: "#2040a0", art: art/sea.jpeg'))  # fmt: skip
    (folder / "art" / "fire.svg").write_text(
        '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>\n'
    )
    Image.new("RGB", (4, 4)).save(folder / "art" / "sea.jpeg")
    cards = load_catalog(tmp_path).game("spells").deck("spells").cards
    assert [card.art for card in cards] == ["art/fire.svg", "art/sea.jpeg", None]  # type: ignore[attr-defined]
    (folder / "art" / "fire.svg").write_text("<html></html>")
    (problem,) = problems_of(tmp_path)
    assert problem.message == "art/fire.svg is not an SVG file (no <svg> element at its start)"


def test_an_unreadable_image_is_a_located_problem(tmp_path: Path) -> None:
    if os.geteuid() == 0:
        pytest.skip("root reads any file")
    folder = spell_game(tmp_path)
    (folder / "art" / "fire.png").chmod(0)
    (problem,) = problems_of(tmp_path)
    assert problem.message.startswith("art/fire.png cannot be read")


def test_unknown_and_missing_fields_teach_the_kind_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = SPELLS.replace("name: Fireball", "nam: Fireball").replace("cost: 1,", "costs: 1,")
    spell_game(tmp_path, broken.replace("name: Gust", "colour: grey"))
    with pytest.raises(CatalogError) as caught:
        load_catalog(tmp_path)
    found = {(p.record, p.field, p.message) for p in caught.value.problems}
    assert ("spell 'fireball'", "nam", "unknown key (did you mean 'name'?)") in found
    assert ("spell 'fireball'", "name", "missing (this field is required)") in found
    assert ("spell 'splash'", "costs", "unknown key (did you mean 'cost'?)") in found
    assert ("spell 'gust'", "colour", "unknown key (known keys: id, count, name, cost, school, "
            "effect, icons, art, tint, rare, power)") in found  # fmt: skip
    assert len(caught.value.problems) == 6
    kinds = (tmp_path / "spells" / "kinds.yaml").as_posix()
    assert caught.value.notes == (f"{kinds}: {FIELDS}",)
    assert main(["validate", "--cards", str(tmp_path)]) == 1
    printed = capsys.readouterr().err
    assert printed.count("fields of spell: ") == 1
    assert printed.rstrip().endswith(FIELDS)


def test_the_fields_are_not_listed_when_the_cards_are_right(tmp_path: Path) -> None:
    spell_game(tmp_path, count=5)  # a count problem, not a field problem
    with pytest.raises(CatalogError) as caught:
        load_catalog(tmp_path)
    assert caught.value.notes == ()
    assert "fields of" not in str(caught.value)


KIND_PROBLEMS = [
    ("cost:   {type: integer,", "cost:   {type: int,", "kinds.spell.fields.cost",
     "'type' must be one of 'text', 'integer', 'number', 'choice', 'icons', 'image', "
     "'colour', 'boolean', got 'int'"),
    ("{type: integer, min: 0, max: 10,", "{min: 0, max: 10,", "kinds.spell.fields.cost",
     "missing 'type' (one of 'text', 'integer', 'number', 'choice', 'icons', 'image', "
     "'colour', 'boolean')"),
    ("min: 0, max: 10", "min: 10, max: 0", "kinds.spell.fields.cost",
     "min (10) is more than max (0)"),
    ("max: 10", "maximum: 10", "kinds.spell.fields.cost.maximum",
     "unknown key (did you mean 'max'?)"),
    ("choices: [fire, water, air]", "choices: [fire, fire]", "kinds.spell.fields.school.choices",
     "each choice may appear once; 'fire' twice"),
    ("choices: [fire, water, air]", "choices: []", "kinds.spell.fields.school.choices",
     "needs at least 1 item(s), got 0"),
    ("      rare:", "      label:", "kinds.spell.fields.label",
     "'label' is a name the tool uses itself; choose another field name"),
    ("      rare:", "      count:", "kinds.spell.fields.count",
     "'count' is on every card already; declare only the kind's own fields"),
    ("      rare:", "      Rare:", "kinds.spell.fields.Rare",
     "does not match the expected form ^[a-z][a-z0-9_]*$, got 'Rare'"),
    ('"{name}"', '"{nam}"', "kinds.spell.label", "names no field 'nam'; known: id, count, name"),
    ('"{name}"', '"{name.upper}"', "kinds.spell.label", "{name.upper} is not a field name"),
    ('"{name}"', '"{name"', "kinds.spell.label", "has an unmatched brace"),
    ("    noun: spell", "    nouns: spell", "kinds.spell.nouns",
     "unknown key (did you mean 'noun'?)"),
]  # fmt: skip


@pytest.mark.parametrize(("old", "new", "field", "message"), KIND_PROBLEMS)
def test_kinds_yaml_is_validated_with_located_messages(
    tmp_path: Path, old: str, new: str, field: str, message: str
) -> None:
    folder = spell_game(tmp_path)
    kinds = folder / "kinds.yaml"
    assert KINDS.count(old) == 1
    kinds.write_text(KINDS.replace(old, new))
    (problem,) = problems_of(tmp_path)  # the deck of the broken kind is not checked too
    assert problem.file.endswith("spells/kinds.yaml")
    assert problem.field == field
    assert problem.message.startswith(message)
    changed = [
        number
        for number, (before, after) in enumerate(
            zip(KINDS.splitlines(), kinds.read_text().splitlines(), strict=True), 1
        )
        if before != after
    ]
    assert [problem.line] == changed


def test_a_well_declared_kind_is_still_used_beside_a_broken_one(tmp_path: Path) -> None:
    folder = spell_game(tmp_path, SPELLS.replace("cost: 3", "cost: 30"))
    (folder / "kinds.yaml").write_text(KINDS + "  broken:\n    fields: {x: {type: what}}\n")
    problems = problems_of(tmp_path)
    assert {(p.file.rsplit("/", 1)[-1], p.field) for p in problems} == {
        ("kinds.yaml", "kinds.broken.fields.x"),
        ("spells.yaml", "cost"),
    }


def test_a_data_kind_wins_over_a_built_in_kind_of_the_same_name(tmp_path: Path) -> None:
    folder = spell_game(tmp_path)
    (folder / "kinds.yaml").write_text(KINDS.replace("  spell:\n", "  facing:\n"))
    game_yaml = folder / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("kind: spell", "kind: facing"))
    card = load_catalog(tmp_path).game("spells").deck("spells").cards[0]
    assert isinstance(card, DataCard) and card.kind_id == "facing"
    # the built-in kind is untouched in the other games
    assert not isinstance(load_catalog(CARDS).game("chin-music").deck("facing").cards[0], DataCard)


def test_an_unknown_kind_names_the_data_kinds_too(tmp_path: Path) -> None:
    folder = spell_game(tmp_path)
    game_yaml = folder / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("kind: spell", "kind: spel"))
    (problem,) = problems_of(tmp_path)
    assert problem.field == "decks.spells.kind"
    assert problem.message.startswith("unknown kind 'spel' (known kinds: ")
    assert problem.message.endswith(", spell)")


ICONS = """entries:
  - {id: wind, name: Wind}
  - {id: fire, name: Fire, meaning: Burns.}
"""


def test_icons_are_checked_against_the_icon_table_when_the_game_has_one(tmp_path: Path) -> None:
    folder = spell_game(tmp_path, SPELLS.replace("icons: [wind, wind]", "icons: [wind, wnd]"))
    assert load_catalog(tmp_path).game("spells").deck("spells").cards[2].icons == ("wind", "wnd")  # type: ignore[attr-defined]
    (folder / "icons.yaml").write_text(ICONS)
    game_yaml = folder / "game.yaml"
    game_yaml.write_text(
        game_yaml.read_text()
        + "tables:\n  icons:\n    title: Icons\n    file: icons.yaml\n    kind: icon\n"
        + "    provenance: {origin: designed, note: Made by the tests.}\n"
    )
    (problem,) = problems_of(tmp_path)
    assert (problem.record, problem.field) == ("spell 'gust'", "icons[1]")
    assert problem.message == "refers to an undefined icon 'wnd'; did you mean 'wind'?"


def test_kinds_yaml_is_a_special_file_not_an_unlisted_deck(tmp_path: Path) -> None:
    folder = spell_game(tmp_path)
    (folder / "layouts.yaml").write_text('layouts: {spell: {front: [{fill: "#ffffff"}]}}\n')
    (folder / "glossary.yaml").write_text("terms: [{term: Spell, meaning: A card.}]\n")
    load_catalog(tmp_path)
    (folder / "layouts.yaml").unlink()  # (it would draw the kind removed below)
    (folder / "kinds.yaml").write_text("kinds: {}\n")
    found = {(p.file.rsplit("/", 1)[-1], p.field, p.message) for p in problems_of(tmp_path)}
    assert ("kinds.yaml", "kinds", "needs at least 1 item(s), got 0") in found
    assert len(found) == 2  # and the deck's kind, unknown now
    (folder / "kinds.yaml").write_text("kinds: [spell]\n")
    (problem,) = problems_of(tmp_path)  # the kinds cannot be read: no guess about the deck's
    assert (problem.field, problem.message) == (
        "kinds",
        "expected a mapping of keys to values, got a list",
    )


def _labels(game: Game) -> list[str]:
    return [card.label() + "|" + card.describe() for card in game.deck("spells").cards]


def test_cards_of_a_data_kind_pickle_and_reach_a_worker_process(tmp_path: Path) -> None:
    spell_game(tmp_path)
    game = load_catalog(tmp_path).game("spells")
    again = pickle.loads(pickle.dumps(game))
    assert again.deck("spells").cards == game.deck("spells").cards
    assert type(again.deck("spells").cards[0]) is type(game.deck("spells").cards[0])
    assert again.kinds == game.kinds
    # a fresh interpreter has no class of the kind: it is made again from the spec
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        assert pool.apply(_labels, (game,)) == _labels(game)


def test_the_digest_covers_the_kinds_of_a_game_that_declares_some(tmp_path: Path) -> None:
    folder = spell_game(tmp_path)
    before = game_digest(load_catalog(tmp_path).game("spells"))
    (folder / "kinds.yaml").write_text(KINDS.replace("noun: spell", "noun: charm"))
    assert game_digest(load_catalog(tmp_path).game("spells")) != before
