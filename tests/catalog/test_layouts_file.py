"""layouts.yaml as the catalog reads it: every mistake a located sentence, art kept
inside the game's folder, and text near the cut a warning."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from PIL import Image as PillowImage
from ruamel.yaml import YAML

from pnp.catalog import CatalogError, Problem, load_catalog
from pnp.catalog.layouts import Layouts
from pnp.catalog.yamlsource import plain
from pnp.kit.layout_faces import layout_checks
from tests.conftest import CARDS, ROOT, line_of
from tests.kit.layout_pages import game_folder

HEAD = """palette:
  paper: "#f4e9d8"
  ink: "#2a1a14"
styles:
  title: {font: display, size: 24, colour: ink}
layouts:
  facing:
    front:
      - {fill: paper}
"""


def _problems(tmp_path: Path, elements: str, head: str = HEAD, checked: bool = True
              ) -> tuple[Path, list[Problem]]:  # fmt: skip
    cards = game_folder(tmp_path, "chin-music", head + elements)
    with pytest.raises(CatalogError) as caught:
        load_catalog(cards, layout_checks=layout_checks() if checked else None)
    return cards / "chin-music" / "layouts.yaml", list(caught.value.problems)


def _one(tmp_path: Path, elements: str, needle: str, head: str = HEAD) -> str:
    """The one problem's sentence, checked to stand on the line holding ``needle``."""
    path, problems = _problems(tmp_path, elements, head)
    assert len(problems) == 1, problems
    problem = problems[0]
    assert problem.file.endswith("chin-music/layouts.yaml")
    assert problem.line == line_of(path, needle)
    return f"{problem.field}: {problem.message}" if problem.field else problem.message


def test_a_valid_layout_is_attached_to_its_game(tmp_path: Path) -> None:
    cards = game_folder(tmp_path, "chin-music", HEAD + "      - {text: '{name}', box: [5, 5, 53, "
                        "10], style: title}\n")  # fmt: skip
    game = load_catalog(cards, layout_checks=layout_checks()).game("chin-music")
    assert game.layouts is not None and set(game.layouts.layouts) == {"bout", "facing"}
    # (the helper gave the Bout cards a plain front: every deck must be drawn)
    assert load_catalog(tmp_path / "cards").game("chin-music").layouts is not None


@pytest.mark.parametrize(
    ("element", "needle", "message"),
    [
        ("{text: '{name}', box: [5, 5, 50, 9], stlye: title}", "stlye",
         "layouts.facing.front[1].stlye: unknown key (did you mean 'style'?)"),
        ("{txet: '{name}', box: [5, 5, 50, 9]}", "txet",
         "layouts.facing.front[1]: is no element: it needs one of the keys fill, frame, shape, "
         "text, index, image, icons, symbol, repeat, element (found txet, box); did you mean "
         "'text'?"),
        ("{text: 3, box: [5, 5, 50, 9]}", "text: 3",
         "layouts.facing.front[1].text: expected text, got 3"),
        ("{text: '{name}', box: [5, 5, 50]}", "50]",
         "layouts.facing.front[1].box: expected a box [x, y, width, height], got a list of 3 "
         "items"),
        ("{text: '{name}', box: [5, 5, 50, '9mm']}", "9mm",
         "layouts.facing.front[1].box: expected millimetres or a percentage like '10%', got "
         "'9mm'"),
        ("{text: '{name}', box: [5, 5, 50, 9], style: titel}", "titel",
         "layouts.facing.front[1].style: unknown style 'titel'; did you mean 'title'?"),
        ("{text: '{nmae}', box: [5, 5, 50, 9]}", "nmae",
         "layouts.facing.front[1].text: kind 'facing' has no field 'nmae'; did you mean 'name'?"),
        ("{text: '{name', box: [5, 5, 50, 9]}", "{name'",
         "layouts.facing.front[1].text: '{' at character 1 of '{name' is never closed; write "
         "'{{' for a brace"),
        ("{shape: rect, box: [5, 5, 5, 5], fill: papper}", "papper",
         "layouts.facing.front[1].fill: unknown colour 'papper'; did you mean 'paper'?"),
        ("{shape: rect, box: [5, 5, 5, 5], when: rare}", "rare",
         "layouts.facing.front[1]: a shape needs a fill, a stroke or both"),
        ("{shape: rect, box: [5, 5, 5, 5], fill: ink, when: rare}", "rare",
         "layouts.facing.front[1].when: kind 'facing' has no field 'rare' (known fields: "
         "back.colour, back.ink, back.motif, back.title, count, deck.id, deck.only_under, "
         "deck.title, game.id, game.title, id, name, ...)"),
        ("{shape: rect, box: [5, 5, 5, 5], fill: ink, when: {nmae: Title}}", "nmae",
         "layouts.facing.front[1].when.nmae: kind 'facing' has no field 'nmae'; did you mean "
         "'name'?"),
        ("{shape: rect, box: [5, 5, 5, 5], fill: ink, unless: {}}", "unless",
         "layouts.facing.front[1].unless: expected a field name (like rare or trait.name) or a "
         "mapping of fields to the values they must have (like {rarity: rare} or {cost: [0, "
         "1]}), got an empty mapping"),
        ("{shape: rect, box: [5, 5, 5, 5], fill: ink, when: {name: {a: 1}}}", "when",
         "layouts.facing.front[1].when: name: expected a value (text, a number, true or false) "
         "or a list of values, got {'a': 1}"),
        ("{text: '{name}', box: [5, 5, 50, 9], size: 6}", "size: 6",
         "layouts.facing.front[1].size: must be at least 7, got 6"),
        ("{text: 'Hot \u2615 {name}', box: [5, 5, 50, 9]}", "Hot",
         "layouts.facing.front[1].text: cannot be printed: '\u2615' (U+2615 HOT BEVERAGE) has no "
         "glyph in the fonts tried for this field (Source Sans Pro, then Fira Sans Condensed)"),
        ("{element: pipz, box: [5, 5, 50, 9]}", "pipz",
         "layouts.facing.front[1].element: unknown element 'pipz'; did you mean 'pips'?"),
        ("{symbol: fsit, box: [5, 5, 9, 9]}", "fsit",
         "layouts.facing.front[1].symbol: unknown icon or symbol 'fsit'; did you mean 'fist'?"),
        ("{repeat: {symbol: fist}, count: lots, box: [5, 5, 9, 9]}", "lots",
         "layouts.facing.front[1].count: expected a whole number or a template like "
         "'{power}', got 'lots'"),
        ("{repeat: {symbol: fist}, count: 2, box: [5, 5, 9, 9], gap: [1, 2, 3]}", "gap",
         "layouts.facing.front[1].gap: expected millimetres, or two of them [across, down], "
         "got a list of 3 items"),
    ],
)  # fmt: skip
def test_mistakes_are_located_sentences(tmp_path: Path, element: str, needle: str,
                                        message: str) -> None:  # fmt: skip
    assert _one(tmp_path, f"      - {element}\n", needle) == message


def test_drawings_are_checked_only_with_the_kits_names(tmp_path: Path) -> None:
    cards = game_folder(tmp_path, "chin-music", HEAD + "      - {element: neon-sgin}\n")
    assert load_catalog(cards).game("chin-music").layouts is not None


def test_a_layout_for_a_kind_no_deck_uses_is_an_error(tmp_path: Path) -> None:
    message = _one(tmp_path, "  facnig:\n    front:\n      - {fill: paper}\n", "facnig")
    assert message == (
        "layouts.facnig: no deck of this game is of kind 'facnig', so this layout draws "
        "nothing; did you mean 'facing'?"
    )


def test_a_shared_back_may_not_show_a_card(tmp_path: Path) -> None:
    elements = "    back:\n      - {text: '{name} of {deck.title}', box: [5, 5, 50, 9]}\n"
    message = _one(tmp_path, elements, "of {deck.title}")
    assert message == (
        "layouts.facing.back[0]: the back shows the card's {name}, but the cards of kind "
        "'facing' share one back, drawn once for the deck; a shared back may use {back.*}, "
        "{deck.*} and {game.*}"
    )


def test_a_template_is_checked_for_every_card(tmp_path: Path) -> None:
    _, problems = _problems(tmp_path, "      - {shape: rect, box: [5, 5, 5, 5], fill: '{id}'}\n")
    assert [(p.record, p.message) for p in problems] == [
        ("card 'nothing-more-to-prove'", "'{id}' gives 'nothing-more-to-prove': unknown colour "
         "'nothing-more-to-prove' (known colours: ink, paper)"),
        ("card 'title'", "'{id}' gives 'title': unknown colour 'title' (known colours: ink, "
         "paper)"),
    ]  # fmt: skip


def _art_problem(tmp_path: Path, path: str) -> str:
    return _one(tmp_path, f"      - {{image: '{path}', box: [5, 5, 20, 20]}}\n", path)


def _make_art(root: Path) -> None:
    art = root / "cards" / "chin-music" / "art"
    art.mkdir(parents=True)
    PillowImage.new("RGB", (10, 10)).save(root / "outside.png")
    os.symlink(root / "outside.png", art / "link.png")
    (art / "notes.png").write_text("not an image", encoding="utf-8")
    PillowImage.new("RGB", (10, 10)).save(art / "animated.gif")
    (art / "linked.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" '
                                    'xmlns:xlink="http://www.w3.org/1999/xlink"><image '
                                    'xlink:href="../../x.png"/></svg>')  # fmt: skip
    (art / "folder.png").mkdir()


@pytest.mark.parametrize(
    ("path", "message"),
    [
        ("../outside.png", "'../outside.png' leads out of the game's folder ('..')"),
        ("/etc/passwd", "'/etc/passwd' is an absolute path; write it from the game's folder, "
         "like 'art/fire.png'"),
        ("art/link.png", "'art/link.png' is a link to "),
        ("art/missing.png", "'art/missing.png' does not exist in "),
        ("art/notes.png", "'art/notes.png' is not an image the kit can place (PNG, JPEG or SVG)"),
        ("art/animated.gif", "'art/animated.gif' is a GIF image; the kit places PNG, JPEG and "
         "SVG"),
        ("art/linked.svg", "'art/linked.svg' refers to another file or embeds an image "
         "('../../x.png'); the kit draws SVG art made of vectors only, in one file"),
        ("art/folder.png", "'art/folder.png' is a folder, not an image file"),
    ],
)  # fmt: skip
def test_art_paths_stay_inside_the_games_folder(tmp_path: Path, path: str, message: str) -> None:
    _make_art(tmp_path)
    found = _art_problem(tmp_path, path)
    assert found.startswith("layouts.facing.front[1].image: " + message), found
    if path == "art/link.png":
        assert found.endswith("outside.png, outside the game's folder")


def test_per_card_art_names_the_card_without_a_file(tmp_path: Path) -> None:
    art = tmp_path / "cards" / "chin-music" / "art"
    art.mkdir(parents=True)
    PillowImage.new("RGB", (10, 10)).save(art / "title.png")
    _, problems = _problems(tmp_path, "      - {image: 'art/{id}.png', box: [5, 5, 20, 20]}\n")
    assert len(problems) == 1
    assert problems[0].record == "card 'nothing-more-to-prove'"
    assert "'art/{id}.png' gives 'art/nothing-more-to-prove.png' does not exist in" in (
        problems[0].message
    )


def test_text_and_frames_near_the_cut_are_warnings(tmp_path: Path) -> None:
    elements = (
        "      - {frame: {inset: 2, stroke: ink}}\n"
        "      - {text: '{name}', box: [1.5, 10, 50, 9]}\n"
        "      - {text: '{text}', box: [5, 10, 53, 9]}\n"
        "      - {shape: rect, box: [0, 0, 63, 5], fill: ink}\n"
    )
    cards = game_folder(tmp_path, "chin-music", HEAD + elements)
    catalog = load_catalog(cards, layout_checks=layout_checks())
    path = cards / "chin-music" / "layouts.yaml"
    found = [(w.line, w.field, w.message) for w in catalog.warnings]
    keep = "keep text and frames 3 mm inside the cut (the safe zone), where a cut a little off"
    assert found == [
        (line_of(path, "inset: 2"), "layouts.facing.front[1]",
         f"the frame comes 1.8 mm from the cut at the left on 63 x 88 mm cards; {keep} cannot "
         "reach them"),
        (line_of(path, "1.5, 10"), "layouts.facing.front[2]",
         f"the text comes 1.5 mm from the cut at the left on 63 x 88 mm cards; {keep} cannot "
         "reach them"),
    ]  # fmt: skip


def test_layouts_yaml_is_no_deck_file(tmp_path: Path) -> None:
    cards = game_folder(tmp_path, "chin-music", HEAD)
    game_yaml = cards / "chin-music" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("file: facing.yaml", "file: layouts.yaml"))
    with pytest.raises(CatalogError, match=r"layouts\.yaml is a file of its own in a game folder"):
        load_catalog(cards)


def test_broken_yaml_is_located(tmp_path: Path) -> None:
    _, problems = _problems(tmp_path, "      - {fill: paper\n")
    assert len(problems) == 1 and "invalid YAML" in problems[0].message
    assert problems[0].file.endswith("layouts.yaml")


def test_the_documented_example_is_a_valid_layouts_file() -> None:
    """The complete example of the layout language's page (tests/docs also draws it)."""
    text = (ROOT / "docs" / "pages" / "reference" / "layouts.md").read_text(encoding="utf-8")
    start = text.index('```yaml title="cards/moon-climb/layouts.yaml"\n')
    section = text[text.index("\n", start) + 1 :]
    example = section[: section.index("```\n")]
    layouts = Layouts.model_validate(plain(YAML(typ="rt").load(example)))
    assert set(layouts.layouts) == {"card"} and len(layouts.layouts["card"].front) == 12
    kinds = {type(element).__name__ for element in layouts.layouts["card"].front}
    assert len(kinds) >= 9, kinds


def test_a_deck_nothing_draws_is_a_located_sentence(tmp_path: Path) -> None:
    """A game borrowing a kind borrows no look with it: without a layout of the kind (and
    no face in Python), validate names the deck's kind in game.yaml and says what to do."""
    cards = tmp_path / "cards"
    shutil.copytree(CARDS / "chin-music", cards / "chin-music")
    (cards / "chin-music" / "layouts.yaml").unlink()
    with pytest.raises(CatalogError) as caught:
        load_catalog(cards, layout_checks=layout_checks())
    game_yaml = cards / "chin-music" / "game.yaml"
    found = [(p.line, p.field, p.message) for p in caught.value.problems]
    assert found == [
        (line_of(game_yaml, f"kind: {kind}"), f"decks.{deck}.kind",
         f"nothing draws the cards of kind {kind!r}: give the kind a layout in layouts.yaml "
         f"(layouts: {kind}: front: [...]), as `pnp new` writes one")
        for deck, kind in (("bout", "bout"), ("facing", "facing"))
    ]  # fmt: skip
    assert load_catalog(cards).game("chin-music")  # (without the kit: the site reads it)
