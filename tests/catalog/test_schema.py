"""`pnp schema`: the JSON Schemas made from the catalog's models accept every real data
file and refuse a wrong one, and are written under stable names with stable content."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from pnp.catalog.schemafiles import SCHEMA_FOLDER, game_schemas, schema_name
from pnp.catalog.yamlsource import read_yaml
from pnp.cli import main
from tests.catalog.spell_game import SPELLS, spell_game
from tests.conftest import CARDS


def as_json(value: Any) -> Any:
    """Data as the YAML loader gives it (tuples), as JSON has it (lists)."""
    if isinstance(value, dict):
        return {key: as_json(item) for key, item in value.items()}
    if isinstance(value, (tuple, list)):
        return [as_json(item) for item in value]
    return value


def validator(folder: Path, data_file: str) -> Draft202012Validator:
    schemas, skipped = game_schemas(folder)
    assert skipped == []
    schema = schemas[schema_name(data_file)]
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def errors(folder: Path, data_file: str, data: Any) -> list[str]:
    found = validator(folder, data_file).iter_errors(as_json(data))
    return sorted(error.message for error in found)


REAL_FILES = sorted(path.relative_to(CARDS).as_posix() for path in CARDS.glob("*/*.yaml"))


@pytest.mark.parametrize("name", REAL_FILES)
def test_every_real_data_file_is_valid_by_its_schema(name: str) -> None:
    path = CARDS / name
    data, _ = read_yaml(path)
    assert errors(path.parent, path.name, data) == []


def test_every_real_data_file_has_a_schema() -> None:
    for folder in sorted(path for path in CARDS.iterdir() if path.is_dir()):
        schemas, _ = game_schemas(folder)
        always = {"kinds.json", "layouts.json", "glossary.json"}  # each game may add these files
        names = {schema_name(path.name) for path in folder.glob("*.yaml")} | always
        assert set(schemas) == names


def test_a_wrong_file_is_refused_by_its_schema() -> None:
    chin = CARDS / "chin-music"
    bout, _ = read_yaml(chin / "bout.yaml")
    card = dict(bout["cards"][0])
    wrong = [
        {**card, "boast": "3"},
        {**card, "boasts": 3},
        {k: v for k, v in card.items() if k != "word"},
    ]
    assert errors(chin, "bout.yaml", {"cards": wrong}) == [
        "'3' is not of type 'integer'",
        "'word' is a required property",
        "Additional properties are not allowed ('boasts' was unexpected)",
    ]
    assert errors(chin, "bout.yaml", {"cards": []}) == ["[] should be non-empty"]
    game, _ = read_yaml(chin / "game.yaml")
    assert errors(chin, "game.yaml", {**game, "players": {"min": 0, "max": 2}}) == [
        "0 is less than the minimum of 1"
    ]


def test_a_layout_box_is_the_list_a_layout_writes() -> None:
    chin = CARDS / "chin-music"

    def layout(box: Any) -> dict[str, Any]:
        return {"layouts": {"facing": {"front": [{"symbol": "fist", "box": box}]}}}

    assert errors(chin, "layouts.yaml", layout([18.5, 20, "40%", 26])) == []
    for wrong in ([18.5, 20, 26], {"x": 1, "y": 2, "width": 3, "height": 4}, [1, 2, "3", 4]):
        assert errors(chin, "layouts.yaml", layout(wrong)), wrong


def test_a_kind_declared_in_data_has_its_schema(tmp_path: Path) -> None:
    folder = spell_game(tmp_path)
    kinds, _ = read_yaml(folder / "kinds.yaml")
    assert errors(folder, "kinds.yaml", kinds) == []
    spells, _ = read_yaml(folder / "spells.yaml")
    assert errors(folder, "spells.yaml", spells) == []
    card = dict(spells["cards"][0])
    wrong = [{**card, "cost": 11}, {**card, "school": "earth"}, {**card, "tint": "blue"}]
    assert errors(folder, "spells.yaml", {"cards": wrong}) == [
        "'blue' is not valid under any of the given schemas",
        "'earth' is not valid under any of the given schemas",
        "11 is greater than the maximum of 10",
    ]
    bad_kind = {"kinds": {"spell": {"fields": {"cost": {"type": "int"}}}}}
    assert errors(folder, "kinds.yaml", bad_kind)
    schema = game_schemas(folder)[0]["spells.json"]
    cost = schema["$defs"]["SpellCard"]["properties"]["cost"]
    assert cost["description"] == "integer 0-10, required"


def test_pnp_schema_writes_stable_files_into_each_game_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = spell_game(tmp_path, SPELLS.replace("cost: 3", "cost: 30"))  # cards may be wrong
    (folder / "notes.yaml").write_text("cards: []\n")  # not listed: no schema
    assert main(["schema", "--cards", str(tmp_path)]) == 0
    target = folder / SCHEMA_FOLDER
    assert sorted(path.name for path in target.iterdir()) == [
        "game.json", "glossary.json", "kinds.json", "layouts.json", "spells.json",
    ]  # fmt: skip
    first = {path.name: path.read_bytes() for path in target.iterdir()}
    for text in first.values():
        schema = json.loads(text)
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        assert (
            text.decode() == json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
        )
    assert "Wrote 5 schemas for 1 game." in capsys.readouterr().out
    (target / "old-deck.json").write_text("{}")
    assert main(["schema", "--cards", str(tmp_path)]) == 0
    assert {path.name: path.read_bytes() for path in target.iterdir()} == first


def test_pnp_schema_out_and_an_output_that_cannot_be_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cards = tmp_path / "cards"
    spell_game(cards)
    out = tmp_path / "schemas"
    assert main(["schema", "--cards", str(cards), "--out", str(out)]) == 0
    assert sorted(path.name for path in (out / "spells").iterdir()) == [
        "game.json", "glossary.json", "kinds.json", "layouts.json", "spells.json",
    ]  # fmt: skip
    assert not (cards / "spells" / SCHEMA_FOLDER).exists()
    blocked = tmp_path / "file"
    blocked.write_text("")
    assert main(["schema", "--cards", str(cards), "--out", str(blocked)]) == 2
    assert "pnp schema: cannot write into " in capsys.readouterr().err
    assert main(["schema", "--cards", str(tmp_path / "none")]) == 1
