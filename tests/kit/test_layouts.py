"""The generic face: every element of a layout drawn where its box says, looked at on
the rendered page (colours sampled at known places, text read back with its font)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from PIL import Image as PillowImage
from reportlab.pdfgen.canvas import Canvas

from pnp.catalog import Game
from pnp.catalog.schemas.chin_music import BoutCard
from pnp.catalog.schemas.music_game_thingy import MonthCard
from pnp.kit.faces import (
    FACES,
    FaceDesign,
    FaceError,
    FaceOptions,
    TextOverflowError,
    design_for,
)
from pnp.kit.geometry import MM, Rect
from pnp.kit.layout_faces import ELEMENTS, Scope, element, layout_design
from pnp.kit.layout_faces.draw import grid
from pnp.kit.layout_faces.look import style_look
from tests.kit.layout_pages import BLEED_MM, load_game, near, render

PALETTE = """
palette:
  paper: "#f4e9d8"
  ink: "#2a1a14"
  red: "#c0201f"
  blue: "#1f3fbf"
  green: "#1f9f3f"
  neon-hit: "#ff3b5f"
  neon-combo: "#ff8c1a"
  neon-gulp: "#ffcf3a"
  neon-utility: "#39f0b4"
  neon-swoosh: "#4cc9ff"
styles:
  title: {font: display, size: 24, min_size: 12, colour: ink, align: centre, wrap: false}
  body: {font: body, size: 10, colour: ink}
"""

SHAPES = (
    PALETTE
    + """
layouts:
  facing:
    front:
      - {fill: paper}
      - {frame: {inset: 4, stroke: blue, width: 3}}
      - {shape: rect, box: [8, 8, 10, 10], fill: green}
      - {shape: roundrect, box: [22, 8, 10, 10], fill: red, radius: 5}
      - {shape: circle, box: [36, 8, 10, 10], fill: blue, stroke: ink}
      - {shape: ellipse, box: [8, 22, 20, 8], fill: red}
      - {shape: line, box: [36, 22, 10, 10], stroke: green, width: 4}
      - {text: "{name}", box: [6, 40, 51, 12], style: title}
      - {text: "{text}", box: [6, 56, 51, 20], style: body}
"""
)


@pytest.fixture(scope="module")
def shapes(tmp_path_factory: pytest.TempPathFactory) -> Game:
    return load_game(tmp_path_factory.mktemp("shapes"), "chin-music", SHAPES)


def test_the_layout_replaces_the_python_face(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    python = FaceDesign(lambda *_: None, lambda *_: None)  # a registered face for both kinds
    monkeypatch.setitem(FACES, "facing", python)
    monkeypatch.setitem(FACES, "bout", python)
    shapes = load_game(tmp_path, "chin-music", SHAPES)  # (no stand-in: a face draws bout)
    assert shapes.layouts is not None
    assert design_for(shapes, shapes.deck("facing")) is layout_design(shapes.layouts, "facing")
    assert design_for(shapes, shapes.deck("bout")) is python  # a kind the layouts leave out


def test_fill_frame_and_shapes_stand_in_their_boxes(shapes: Game) -> None:
    page = render(shapes, "facing", "title")
    assert near(page.at(-2, -2), "#f4e9d8")  # the fill reaches into the bleed
    assert near(page.at(4, 44), "#1f3fbf")  # the frame, 4 mm in
    assert near(page.at(5.5, 44), "#f4e9d8")
    assert near(page.at(13, 13), "#1f9f3f")  # rect
    assert near(page.at(8.3, 8.3), "#1f9f3f")  # a rect's corner is filled
    assert near(page.at(27, 13), "#c0201f")  # roundrect
    assert near(page.at(22.4, 8.4), "#f4e9d8")  # its corner is round
    assert near(page.at(41, 13), "#1f3fbf")  # circle
    assert near(page.at(36.6, 8.6), "#f4e9d8")
    assert near(page.at(18, 26), "#c0201f")  # ellipse
    assert near(page.at(9, 26), "#c0201f")
    assert near(page.at(8.6, 22.6), "#f4e9d8")
    assert near(page.at(41, 27), "#1f9f3f")  # the line, top-left to bottom-right
    assert near(page.at(44, 24), "#f4e9d8")


def test_text_is_set_in_its_style(shapes: Game) -> None:
    page = render(shapes, "facing", "title")
    assert "Chin Music" in page.text()
    characters = page.characters()
    title = [c for c in characters if 40 < c.centre[1] < 52]
    body = [c for c in characters if 56 < c.centre[1] < 76]
    assert "".join(c.text for c in title) == "ChinMusic"
    assert {c.font for c in title} == {"FjallaOne-Regular"}
    assert {round(c.size) for c in title} == {24}
    middle = (min(c.centre[0] for c in title) + max(c.centre[0] for c in title)) / 2
    assert middle == pytest.approx(31.5, abs=1.5)  # centred in a box from 6 to 57 mm
    assert {c.font for c in body} == {"SourceSansPro-Regular"}
    assert min(c.centre[0] for c in body) < 8  # aligned left
    assert "A boasting brawl" in page.text()


def _game(tmp_path: Path, layouts: str, game_id: str = "chin-music") -> Game:
    return load_game(tmp_path, game_id, PALETTE + layouts)


def _bouts(game: Game) -> list[BoutCard]:
    return [card for card in game.deck("bout").cards if isinstance(card, BoutCard)]


def test_one_line_text_shrinks_to_fit_its_box(tmp_path: Path) -> None:
    game = _game(tmp_path, """
layouts:
  facing:
    front:
      - {text: "{name}", box: [3, 40, 57, 14], style: title, size: 40}
""")  # fmt: skip
    characters = render(game, "facing", "nothing-more-to-prove").characters()
    sizes = {round(c.size, 1) for c in characters}
    assert len(sizes) == 1 and 12 <= sizes.pop() < 36  # narrowed to the box's width
    assert min(c.centre[0] for c in characters) > 3 and max(c.centre[0] for c in characters) < 60
    short = {round(c.size) for c in render(game, "facing", "title").characters()}
    assert short == {round((14 * MM) / (0.8838 + 0.2236))}  # as tall as the box allows


def test_a_line_on_the_baseline_keeps_it_as_it_shrinks(tmp_path: Path) -> None:
    game = _game(tmp_path, """
layouts:
  facing:
    front:
      - {text: "{name}", box: [5, 40, 53, 12], style: title, valign: baseline}
      - {text: "{name}", box: [5, 60, 53, 12], style: title, valign: bottom}
""")  # fmt: skip
    descent = -0.2236328125  # Fjalla One's, in ems

    def lines(card_id: str) -> dict[str, tuple[float, float]]:
        """Each line's size and baseline (mm from the top), by its box."""
        page = render(game, "facing", card_id).pdf
        found: dict[str, tuple[float, float]] = {}
        document = pdfium.PdfDocument(page)
        for text in document[0].get_objects(filter=(pdfium_c.FPDF_PAGEOBJ_TEXT,)):
            size = text.get_font_size() * text.get_matrix().get()[3]
            baseline = 88 + BLEED_MM - text.get_matrix().get()[5] / MM
            found["baseline" if baseline < 55 else "bottom"] = (round(size, 2), baseline)
        return found

    full, shrunk = lines("title"), lines("nothing-more-to-prove")
    assert full["baseline"][0] == full["bottom"][0] == 24  # "Chin Music": at its full size
    assert shrunk["baseline"][0] == shrunk["bottom"][0] < 24  # the long name: shrunk
    # on the baseline: where the full size stands at the bottom of the box, for both names
    assert full["baseline"][1] == pytest.approx(52 + descent * 24 / MM, abs=0.01)
    assert shrunk["baseline"][1] == pytest.approx(full["baseline"][1], abs=0.01)
    # aligned at the bottom instead, the shrunk name's descenders reach the box's foot
    assert shrunk["bottom"][1] == pytest.approx(72 + descent * shrunk["bottom"][0] / MM, abs=0.01)


def test_a_balanced_title_takes_two_even_lines_rather_than_shrink(tmp_path: Path) -> None:
    game = _game(tmp_path, """
layouts:
  facing:
    front:
      - {text: "{name}", box: [6, 10, 50, 30], font: display, size: 24, min_size: 20,
         colour: ink, align: centre, balance: true}
""")  # fmt: skip
    short = render(game, "facing", "title").characters()
    heights = [c.centre[1] for c in short]
    assert max(heights) - min(heights) < 3 and {c.size for c in short} == {24}  # one line
    assert sum(heights) / len(heights) == pytest.approx(25, abs=1.5)
    long = render(game, "facing", "nothing-more-to-prove").characters()
    assert "".join(c.text for c in long) == "NothingMoretoProve"
    assert {c.size for c in long} == {24}  # not shrunk: two lines at one size
    middle = sum(c.centre[1] for c in long) / len(long)
    lines = [[c for c in long if (c.centre[1] < middle) == upper] for upper in (True, False)]
    assert ["".join(c.text for c in line) for line in lines] == ["NothingMore", "toProve"]
    tops = [sum(c.centre[1] for c in line) / len(line) for line in lines]
    assert 8 < tops[1] - tops[0] < 12 and sum(tops) / 2 == pytest.approx(25, abs=1.5)
    for line in lines:  # each line centred in the box, from 6 to 56 mm
        assert (line[0].centre[0] + line[-1].centre[0]) / 2 == pytest.approx(31, abs=1.5)


def test_wrapped_text_shrinks_to_fit_its_box(tmp_path: Path) -> None:
    game = _game(tmp_path, """
layouts:
  facing:
    front:
      - {text: "{text}", box: [10, 10, 30, 12], style: body, size: 30}
""")  # fmt: skip
    characters = render(game, "facing", "title").characters()
    size = {round(c.size, 1) for c in characters}
    assert len(size) == 1 and 7 <= size.pop() < 30
    assert all(10 <= c.centre[0] <= 40 and 10 <= c.centre[1] <= 22 for c in characters)


def test_valign_may_be_a_share_of_the_room_left_in_the_box(tmp_path: Path) -> None:
    def heights(valign: str) -> tuple[float, float]:
        """Where the paragraph and the one-line title stand (their letters' mean height)."""
        game = _game(tmp_path / valign, f"""
layouts:
  facing:
    front:
      - {{text: "{{text}}", box: [6, 10, 51, 40], style: body, valign: {valign}}}
      - {{text: "{{name}}", box: [6, 55, 51, 25], style: title, size: 12, valign: {valign}}}
""")  # fmt: skip
        characters = render(game, "facing", "title").characters()
        body = [c.centre[1] for c in characters if c.centre[1] < 52]
        title = [c.centre[1] for c in characters if c.centre[1] > 52]
        return sum(body) / len(body), sum(title) / len(title)

    top, bottom, share = heights("top"), heights("bottom"), heights("0.4")
    assert heights("0") == pytest.approx(top) and heights("1") == pytest.approx(bottom)
    for at_top, at_bottom, at_share in zip(top, bottom, share, strict=True):
        assert at_bottom - at_top > 10  # room to move
        assert at_share == pytest.approx(at_top + 0.4 * (at_bottom - at_top), abs=0.05)


def test_text_that_cannot_fit_stops_the_build_naming_the_card(tmp_path: Path) -> None:
    game = _game(tmp_path, """
layouts:
  facing:
    front:
      - {text: "{name}", box: [6, 40, 12, 10], style: title, min_size: 20}
      - {text: "{text}", box: [6, 60, 12, 5], style: body}
""")  # fmt: skip
    with pytest.raises(TextOverflowError, match=r"facing\.yaml: card 'nothing-more-to-prove'"):
        render(game, "facing", "nothing-more-to-prove")


def test_when_and_unless_follow_a_field(tmp_path: Path) -> None:
    game = _game(tmp_path, """
layouts:
  mgt-month:
    front:
      - {fill: paper}
      - {shape: rect, box: [5, 20, 10, 10], fill: red, when: rule}
      - {shape: rect, box: [20, 20, 10, 10], fill: blue, unless: rule}
      - {text: "{rule.title}", box: [5, 35, 53, 10], style: body, when: rule}
""", "music-game-thingy")  # fmt: skip
    months = [card for card in game.deck("month").cards if isinstance(card, MonthCard)]
    with_rule = next(card for card in months if card.rule is not None)
    without = next(card for card in months if card.rule is None)
    ruled = render(game, "month", with_rule.id)
    assert near(ruled.at(10, 25), "#c0201f") and near(ruled.at(25, 25), "#f4e9d8")
    assert with_rule.rule is not None and with_rule.rule.title in ruled.text()
    plain = render(game, "month", without.id)
    assert near(plain.at(10, 25), "#f4e9d8") and near(plain.at(25, 25), "#1f3fbf")
    assert plain.text().strip() == ""


def test_when_and_unless_follow_the_values_of_fields(tmp_path: Path) -> None:
    game = _game(tmp_path, """
layouts:
  mgt-month:
    front:
      - {fill: paper}
      - {shape: rect, box: [5, 20, 10, 10], fill: red, when: {number: 3}}
      - {shape: rect, box: [20, 20, 10, 10], fill: blue, when: {number: [1, 2], name: January}}
      - {shape: rect, box: [35, 20, 10, 10], fill: green, unless: {rule.effect.type: levy}}
      - {shape: rect, box: [50, 20, 10, 10], fill: ink, when: rule, unless: {number: [1, 4]}}
""", "music-game-thingy")  # fmt: skip
    red, blue, green, ink, paper = "#c0201f", "#1f3fbf", "#1f9f3f", "#2a1a14", "#f4e9d8"
    expected = {  # january has a chart rule, february a roll rule, march none, april a levy
        "january": (paper, blue, green, paper),
        "february": (paper, paper, green, ink),
        "march": (red, paper, green, paper),
        "april": (paper, paper, paper, paper),
    }
    for month, colours in expected.items():
        page = render(game, "month", month)
        shown = [near(page.at(x, 25), colour)
                 for x, colour in zip((10, 25, 40, 55), colours, strict=True)]  # fmt: skip
        assert shown == [True] * 4, month


def test_an_index_is_in_its_corner_and_turned_in_the_opposite_one(tmp_path: Path) -> None:
    game = _game(tmp_path, """
layouts:
  bout:
    front:
      - {index: "{boast}", box: [4, 4, 8, 8], style: title}
      - {index: "W", box: [4, 20, 8, 8], style: title,
         corners: [top-left, top-right, bottom-left, bottom-right]}
""")  # fmt: skip
    card = _bouts(game)[0]
    characters = render(game, "bout", card.id).characters()
    boast = [c for c in characters if c.text == str(card.boast)]
    placed = sorted((round(c.centre[0]), round(c.centre[1]), round(c.angle, 2)) for c in boast)
    assert placed == [(8, 8, 0.0), (55, 80, round(math.pi, 2))]
    corners = sorted((round(c.centre[0]), round(c.centre[1]), round(c.angle, 2))
                     for c in characters if c.text == "W")  # fmt: skip
    turned = round(math.pi, 2)
    assert corners == [(8, 24, 0.0), (8, 64, turned), (55, 24, 0.0), (55, 64, turned)]


def test_rotate_turns_an_element_about_its_box(tmp_path: Path) -> None:
    game = _game(tmp_path, """
layouts:
  facing:
    front:
      - {text: "TURNED", box: [50, 20, 8, 50], style: title, size: 14, rotate: 90}
""")  # fmt: skip
    characters = render(game, "facing", "title").characters()
    assert {round(c.angle, 2) for c in characters} == {round(math.pi / 2, 2)}
    assert all(50 <= c.centre[0] <= 58 and 20 <= c.centre[1] <= 70 for c in characters)
    first, last = characters[0], characters[-1]
    assert first.centre[1] < last.centre[1]  # a quarter turn clockwise: read downwards


def test_repeat_draws_a_symbol_once_per_count(tmp_path: Path) -> None:
    game = _game(tmp_path, """
layouts:
  bout:
    front:
      - {fill: paper}
    back:
      - {fill: red}
      - {repeat: {symbol: star}, count: "{ruffians}", box: [10, 20, 43, 50], columns: 2,
         colour: paper}
""")  # fmt: skip
    box = Rect(10 * MM, (88 - 70) * MM, 43 * MM, 50 * MM)
    for ruffians in (1, 2, 3):
        card = next(c for c in _bouts(game) if c.ruffians == ruffians)
        page = render(game, "bout", card.id, side="back")
        cells = grid(ruffians, 2, box, 1.5 * MM, None)
        assert len(cells) == ruffians
        for x, y, _ in cells:
            assert near(page.at(x / MM, 88 - y / MM), "#f4e9d8")
        if ruffians < 3:  # one star in the middle of the box; two, either side of it
            assert near(page.at(31.5, 45), "#f4e9d8" if ruffians == 1 else "#c0201f")


def test_repeat_spaces_across_and_down_by_their_own_gaps(tmp_path: Path) -> None:
    game = _game(tmp_path, """
layouts:
  bout:
    front:
      - {fill: paper}
    back:
      - {fill: red}
      - {repeat: {symbol: fist}, count: "{ruffians}", box: [10, 14, 43, 60], columns: 2,
         size: 12, gap: [9, 3], colour: paper}
""")  # fmt: skip
    cells = grid(4, 2, Rect(10 * MM, 14 * MM, 43 * MM, 60 * MM), (9 * MM, 3 * MM), 12 * MM)
    centres = sorted((round(x / MM, 6), round(y / MM, 6)) for x, y, _ in cells)
    # 12 mm fists, 21 mm apart across (12 + 9) and 15 mm down (12 + 3), centred in the box
    assert centres == [(21.0, 36.5), (21.0, 51.5), (42.0, 36.5), (42.0, 51.5)]
    card = next(c for c in _bouts(game) if c.ruffians == 4)
    page = render(game, "bout", card.id, side="back")
    for x, y in centres:  # (the grid's y runs up from the card's foot: 88 - y from the top)
        assert near(page.at(x, 88 - y + 4), "#f4e9d8")  # the palm of each fist
    assert near(page.at(31.5, 44), "#c0201f")  # the gap across, between the columns
    assert grid(4, 2, Rect(0, 0, 43, 60), 3.0, 12) == grid(4, 2, Rect(0, 0, 43, 60), (3.0, 3.0), 12)


def test_icons_draw_a_list_field_and_colours_follow_a_field(tmp_path: Path) -> None:
    folder = tmp_path / "cards" / "joes-bar" / "art"
    folder.mkdir(parents=True)
    PillowImage.new("RGB", (120, 120), (31, 159, 63)).save(folder / "reach.png")
    layouts = """
icons:
  hit: {symbol: star, colour: blue}
  reach: {image: art/reach.png}
  chain: {symbol: heart}
  gulp: {symbol: bottle}
  rob: {symbol: coin}
  poison: {symbol: cup}
  interrupt: {symbol: sword}
  swoosh: {symbol: die}
layouts:
  jb-action:
    front:
      - {fill: "neon-{category}"}
      - {icons: "{icons}", box: [10, 30, 43, 10], gap: 3}
"""
    game = load_game(tmp_path, "joes-bar", PALETTE + layouts)
    page = render(game, "action", "thrown-glass")  # icons: [hit, reach]
    assert near(page.at(2, 2), "#ff3b5f")  # neon-{category}: neon-hit
    # two icons as tall as the box (10 mm), 3 mm apart, centred in it: from 20 to 43 mm
    assert near(page.at(25, 35), "#1f3fbf")  # the star (hit), in the icon's own colour
    assert near(page.at(38, 35), "#1f9f3f")  # the image (reach)
    assert near(page.at(31.5, 35), "#ff3b5f")  # the gap between them
    assert near(render(game, "action", "one-two").at(2, 2), "#ff8c1a")  # neon-combo


def test_inline_icons_stand_in_the_text(tmp_path: Path) -> None:
    game = _game(tmp_path, """
layouts:
  facing:
    front:
      - {fill: paper}
      - {text: "Punch :star: now", box: [10, 10, 43, 10], style: body, size: 20,
         colour: red, icons: true, wrap: false}
""")  # fmt: skip
    page = render(game, "facing", "title")
    characters = page.characters()
    assert "".join(c.text for c in characters) == "Punchnow"
    punch = max(c.centre[0] for c in characters if c.text == "h")
    now = min(c.centre[0] for c in characters if c.text == "n" and c.centre[0] > punch)
    middle = (punch + now) / 2
    top = characters[0].centre[1]
    assert near(page.at(middle, top), "#c0201f")  # the star, in the text's colour
    assert now - punch > 20 * 0.9 / 72 * 25.4  # room for an icon one em wide


def test_when_asks_whether_the_deck_is_played_only_under_a_decision(tmp_path: Path) -> None:
    game = _game(tmp_path, """
layouts:
  jb-action:
    front:
      - {fill: paper}
      - {shape: rect, box: [10, 10, 20, 20], fill: red, when: deck.only_under}
      - {shape: rect, box: [10, 40, 20, 20], fill: blue, unless: deck.only_under}
      - {text: "{deck.only_under}", box: [10, 70, 43, 8], style: body}
""", "joes-bar")  # fmt: skip
    swoosh = render(game, "swoosh", "swoosh-card")  # the deck has only_under: swoosh-cards
    assert near(swoosh.at(20, 20), "#c0201f") and near(swoosh.at(20, 50), "#f4e9d8")
    assert "swoosh-cards" in swoosh.text()
    action = render(game, "action", "jab")  # a deck always played
    assert near(action.at(20, 20), "#f4e9d8") and near(action.at(20, 50), "#1f3fbf")
    assert "swoosh" not in action.text()


def test_a_field_some_members_of_a_union_have_can_be_asked(tmp_path: Path) -> None:
    # a trait's effect is one of several kinds; only some of them name an icon
    game = _game(tmp_path, """
layouts:
  jb-patron:
    front:
      - {fill: paper}
      - {shape: rect, box: [10, 10, 20, 20], fill: red, when: trait.effect.icon}
      - {text: "{trait.effect.icon}", box: [10, 40, 43, 8], style: body}
""", "joes-bar")  # fmt: skip
    immune = render(game, "patron", "lady-lou")  # effect: {type: immune, icon: poison}
    assert near(immune.at(20, 20), "#c0201f") and "poison" in immune.text()
    soak = render(game, "patron", "big-earl")  # effect: {type: soak, hits: 1}
    assert near(soak.at(20, 20), "#f4e9d8") and soak.text().strip() == ""


@element("test-probe")
def _probe(canvas: Canvas, box: Rect, arguments: Mapping[str, Any], scope: Scope) -> None:
    canvas.setFillColor(scope.area(str(arguments["colour"])))
    canvas.rect(box.x, box.y, box.width * float(arguments["share"]), box.height, stroke=0, fill=1)


def test_named_elements_draw_in_their_box_with_their_arguments(tmp_path: Path) -> None:
    assert "test-probe" in ELEMENTS and "pips" in ELEMENTS and "deck-back" in ELEMENTS
    game = _game(tmp_path, """
layouts:
  bout:
    front:
      - {fill: paper}
      - {element: test-probe, box: [10, 10, 40, 10], with: {colour: green, share: 0.5}}
      - {element: pips, box: [10, 30, 43, 50], with: {count: "{boast}", symbol: star,
                                                        colour: blue}}
    back:
      - {element: deck-back}
""")  # fmt: skip
    card = next(c for c in _bouts(game) if c.boast == 1)
    page = render(game, "bout", card.id)
    assert near(page.at(15, 15), "#1f9f3f") and near(page.at(45, 15), "#f4e9d8")
    assert near(page.at(31.5, 55), "#1f3fbf")  # one pip, in the middle
    back = render(game, "bout", card.id, side="back")
    assert near(back.at(-2, -2), game.deck("bout").spec.back.colour)
    assert "Ruffians" in back.text()


def test_a_named_element_may_set_its_text_in_a_style_of_the_layout(shapes: Game) -> None:
    assert shapes.layouts is not None
    title = style_look(shapes.layouts, "title")
    assert title is not None and title is style_look(shapes.layouts, "title")  # made once
    assert (title.font, title.size, title.min_size, title.colour) == ("Display", 24, 12, "ink")
    assert (title.align, title.wrap) == ("centre", False)
    body = style_look(shapes.layouts, "body")  # what the style leaves out: an index's defaults
    assert body is not None
    assert (body.font, body.size, body.align, body.valign, body.wrap) == (
        "Body", 10, "centre", "middle", False)  # fmt: skip
    assert style_look(shapes.layouts, "titel") is None


def test_an_unknown_icon_at_draw_time_names_the_card(tmp_path: Path) -> None:
    layouts = """
layouts:
  facing:
    front:
      - {symbol: "{name}", box: [10, 10, 20, 20]}
"""
    game = load_game(tmp_path, "chin-music", PALETTE + layouts, checked=False)
    with pytest.raises(FaceError, match=r"card 'title': there is no icon or symbol 'Chin Music'"):
        render(game, "facing", "title")


def test_ink_saver_makes_fills_pale_and_light_text_dark(tmp_path: Path) -> None:
    game = _game(tmp_path, """
layouts:
  facing:
    front:
      - {fill: red}
      - {shape: rect, box: [5, 5, 20, 20], fill: ink}
      - {text: "{name}", box: [6, 40, 51, 12], style: title, colour: paper}
""")  # fmt: skip
    normal = render(game, "facing", "title")
    saver = render(game, "facing", "title", options=FaceOptions(ink_saver=True))
    assert near(normal.at(2, 2), "#c0201f")
    red, green, blue = saver.at(2, 2)
    assert red == green == blue and red > 0.85 * 255  # a pale grey, not red
    assert min(saver.at(15, 15)) > 0.85 * 255  # a large dark area turns pale too
    characters = saver.characters()
    assert characters and {c.font for c in characters} == {"FjallaOne-Regular"}
    darkest = min(sum(saver.at(x / 2, y / 2)) for x in range(16, 112) for y in range(84, 104))
    assert darkest < 120  # paper-coloured text turns dark on the pale fill
