"""A designer's own game, from data alone: ``pnp new`` writes one, and a game made only of
data (its own card kind, a layout, a CSV deck, an SVG) goes through validate, build, site
and kit, its cards drawn as its layout says."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from pnp.catalog import load_catalog

#: Far above what these take; only there so that a hang fails the test.
HANG = 600


def pnp(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pnp", *args],
        cwd=cwd, capture_output=True, text=True, check=False, timeout=HANG,
    )  # fmt: skip


def test_pnp_new_writes_a_game_that_validates_without_a_warning(tmp_path: Path) -> None:
    made = pnp("new", "moon-climb", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    assert made.stdout.startswith("Made cards/moon-climb: a card kind and its layout")
    folder = tmp_path / "cards" / "moon-climb"
    assert sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()) == [
        ".schemas/cards.json", ".schemas/game.json", ".schemas/glossary.json",
        ".schemas/kinds.json", ".schemas/layouts.json", "README.md", "art/emblem.svg",
        "cards.csv", "cards.yaml", "game.yaml", "glossary.yaml", "kinds.yaml", "layouts.yaml",
        "pages/learn.md", "pages/rules.md",
    ]  # fmt: skip
    for data in folder.glob("*.yaml"):  # each names its schema, which exists
        first = data.read_text(encoding="utf-8").splitlines()[0]
        schema = first.removeprefix("# yaml-language-server: $schema=")
        assert schema != first and (folder / schema).is_file(), data.name
    checked = pnp("validate", cwd=tmp_path)
    assert checked.returncode == 0, checked.stderr
    assert checked.stderr == ""  # no warning either (the safe zone)
    assert "Moon Climb (moon-climb): 30 cards, 2-4 players" in checked.stdout
    game = load_catalog(tmp_path / "cards").game("moon-climb")
    assert [card.label() for card in game.deck("cards").cards][:3] == ["Spark", "Ember", "Flare"]


def test_the_csv_beside_it_is_the_same_card_list(tmp_path: Path) -> None:
    assert pnp("new", "moon-climb", cwd=tmp_path).returncode == 0
    folder = tmp_path / "cards" / "moon-climb"
    from_yaml = load_catalog(tmp_path / "cards").game("moon-climb").deck("cards").cards
    game_file = folder / "game.yaml"
    text = game_file.read_text(encoding="utf-8")
    game_file.write_text(text.replace("file: cards.yaml", "file: cards.csv"), encoding="utf-8")
    (folder / "cards.yaml").unlink()
    from_csv = load_catalog(tmp_path / "cards").game("moon-climb").deck("cards").cards
    assert from_csv == from_yaml


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["Moon"], "'Moon' cannot name a game: a game's name is its folder's and its id"),
        (["moon", "--title", "a\x1b]0;x\x07b"], "holds a control or formatting character"),
        (["moon", "--title", "x" * 41], "--title is 41 characters long; at most 40"),
        (["moon", "--title", "Moon 月"], "the new game would not be valid:"),
    ],
)
def test_pnp_new_refuses_what_it_cannot_make_and_writes_nothing(
    tmp_path: Path, args: list[str], message: str
) -> None:
    result = pnp("new", *args, cwd=tmp_path)
    assert result.returncode == 2
    assert message in result.stderr, result.stderr
    assert "Traceback" not in result.stderr and "\x1b" not in result.stderr
    assert not (tmp_path / "cards").exists() or not list((tmp_path / "cards").iterdir())


def test_pnp_new_never_touches_a_folder_that_exists(tmp_path: Path) -> None:
    (tmp_path / "cards" / "moon").mkdir(parents=True)
    (tmp_path / "cards" / "moon" / "mine.txt").write_text("my notes")
    result = pnp("new", "moon", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.strip() == "pnp new: cards/moon already exists; choose another name"
    assert [p.name for p in (tmp_path / "cards" / "moon").iterdir()] == ["mine.txt"]
    assert [p.name for p in (tmp_path / "cards").iterdir()] == ["moon"]  # no staging left


def test_a_title_with_quotes_and_backslashes_is_written_as_data(tmp_path: Path) -> None:
    title = 'Moon "Climb" \\ #1: yes'
    assert pnp("new", "moon", "--title", title, cwd=tmp_path).returncode == 0
    assert load_catalog(tmp_path / "cards").game("moon").title == title


def test_a_game_made_only_of_data_goes_through_validate_build_site_and_kit(
    tmp_path: Path,
) -> None:
    """Its own kind, a layout, a CSV deck and an SVG: the kit's cards are drawn in the
    layout's colours with the card list's words, and the site shows the game."""
    assert pnp("new", "moon-climb", cwd=tmp_path).returncode == 0
    folder = tmp_path / "cards" / "moon-climb"
    game_file = folder / "game.yaml"
    text = game_file.read_text(encoding="utf-8").replace("file: cards.yaml", "file: cards.csv")
    game_file.write_text(text, encoding="utf-8")
    (folder / "cards.yaml").unlink()
    layouts = folder / "layouts.yaml"  # a colour of our own, to find on the printed card
    layouts.write_text(layouts.read_text().replace('gold: "#f2c14e"', 'gold: "#12ab34"'))
    checked = pnp("validate", cwd=tmp_path)
    assert checked.returncode == 0, checked.stderr
    light = ["--verify-games", "1", "--ratings", "0", "--evidence", "0", "--no-export",
             "--no-alternatives"]  # fmt: skip
    kit = pnp("kit", *light, cwd=tmp_path)
    assert kit.returncode == 0, kit.stderr
    dist = tmp_path / "dist"
    images = dist / "images" / "moon-climb" / "cards"
    assert sorted(p.name for p in images.glob("*-front.png"))[:2] == [
        "beacon-front.png", "blaze-front.png",
    ]  # fmt: skip
    document = pdfium.PdfDocument(dist / "pnp" / "moon-climb-a4.pdf")
    try:
        words = "".join(page.get_textpage().get_text_range() for page in document)
        assert all(name in words for name in ("Spark", "Inferno", "Nothing climbs higher"))
        front = next(
            document[index] for index in range(len(document))
            if "Spark" in document[index].get_textpage().get_text_range()
        )  # fmt: skip
        image = front.render(scale=2).to_pil().convert("RGB")
        colours = {colour for _, colour in image.getcolors(maxcolors=1 << 24) or []}
        assert (0x12, 0xAB, 0x34) in colours  # the layout's gold, as the data set it
        assert (0xFB, 0xF6, 0xEA) in colours  # its paper
    finally:
        document.close()
    card = json.loads((dist / "catalog.json").read_text())["games"]["moon-climb"]
    assert card == {"decks": {"cards": 30}}
    home = (dist / "site" / "index.html").read_text(encoding="utf-8")
    assert "Moon Climb" in home
    components = (dist / "site" / "moon-climb" / "components" / "index.html").read_text()
    assert "Nothing climbs higher than the Sun." in components
    assert (dist / "site" / "moon-climb" / "learn" / "index.html").is_file()
