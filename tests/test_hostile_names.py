"""Hostile names: a folder's or a file's name, a path or a name typed on the command line
is refused with a located sentence, or printed with its control and bidirectional
characters shown as marks (``<U+001B>``, :func:`pnp.names.visible`), never as they are.

Probes of issue 33 (each of these failed before it):

- game folders named with an escape sequence, a newline, a quote, a leading ``-``, a
  space, accents, capitals, double or trailing hyphens, undecodable bytes: each refused at
  its folder by ``pnp validate``, all in one run, exit 1, the ESC shown as ``<U+001B>``;
- ``pnp export`` refuses such a folder before it writes anything;
- a YAML file in a game folder named with an escape sequence ("not listed");
- a deck file name holding a right-to-left override (a file that does not exist);
- a ``--cards`` path holding an escape sequence ("is not a folder of card data");
- ``--game`` names typed with an escape sequence (build, verify, export, sweep);
- the paths ``pnp build`` lists (``--out`` holding an escape sequence);
- the paths and sentences ``pnp export`` lists, and the table ``pnp validate`` prints
  of a game whose title holds a right-to-left override.

Probes that held before and had no test:

- a deck or table file that leads out of the game folder (``../``, an absolute path);
- YAML tags other than Python's: a local tag (``!include``), ``!!binary``, ``!!set``;
- a raw ESC byte in a YAML file, an escaped one in a card's text and in a key;
- a right-to-left override in a card's name (``pnp validate`` refuses it, named) and in a
  card's id (refused, quoted with its escape).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from pnp.catalog import CatalogError, load_catalog
from pnp.catalog.folders import BAD_FOLDER_NAME
from pnp.cli import _parser, summary_table
from pnp.cli_export import run_export
from pnp.export import run
from pnp.export.printfiles import Skipped
from pnp.names import visible
from tests.conftest import CARDS, ROOT, problems_of

pytestmark = pytest.mark.probe

Edit = Callable[[Path, str, str], None]
ESC = "\x1b"
#: Retitles the terminal and clears the screen when printed as it is.
TITLE_AND_CLEAR = "x\x1b]0;PWNED\x07\x1b[2Jy"
RLO = "\u202e"
#: Folder names that break the id rule, each with how the sentence shows it.
BAD_NAMES = {
    TITLE_AND_CLEAR: "x<U+001B>]0;PWNED<U+0007><U+001B>[2Jy",
    "two\nlines": "two<U+000A>lines",
    'say"what': 'say"what',
    "it's": "it's",
    "-rf": "-rf",
    "Mon Jeu": "Mon Jeu",
    "chinchón": "chinchón",
    "Chin-Music": "Chin-Music",
    "double--hyphen": "double--hyphen",
    "trailing-": "trailing-",
}


def pnp(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pnp", *args],
        cwd=ROOT, capture_output=True, text=True, check=False, timeout=300,
    )  # fmt: skip


def one_game(root: Path, name: str = "chin-music") -> Path:
    """``root`` holding a copy of Chin Music (the smallest game) in folder ``name``."""
    shutil.copytree(CARDS / "chin-music", root / name)
    return root


def undecodable_folder(root: Path) -> Path:
    """A game folder whose name is not UTF-8 (``caf`` and the Latin-1 byte of é)."""
    folder = Path(os.fsdecode(os.fsencode(root) + b"/caf\xe9"))
    shutil.copytree(CARDS / "chin-music", folder)
    return folder


def assert_marked(output: str) -> None:
    """No control or bidirectional character but line breaks in ``output``."""
    assert visible(output, newlines=True) == output, output


@pytest.mark.parametrize("name", sorted(BAD_NAMES))
def test_a_game_folder_whose_name_is_no_id_is_a_located_problem(tmp_path: Path, name: str) -> None:
    cards = one_game(one_game(tmp_path / "cards"), name)
    problems = problems_of(cards)
    assert [(p.file, p.line, p.message) for p in problems] == [
        ((cards / name).as_posix(), 0, BAD_FOLDER_NAME)
    ]
    assert str(problems[0]) == f"{cards.as_posix()}/{BAD_NAMES[name]}: {BAD_FOLDER_NAME}"
    assert BAD_FOLDER_NAME == (
        "a game folder's name is its id: use lowercase letters a-z, digits and single "
        "hyphens between them (like 'my-game'); rename the folder"
    )


def test_validate_refuses_every_badly_named_folder_at_once_and_prints_no_escape(
    tmp_path: Path,
) -> None:
    cards = one_game(tmp_path / "cards")
    for name in BAD_NAMES:
        one_game(cards, name)
    undecodable_folder(cards)
    result = pnp("validate", "--cards", str(cards))
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert ESC not in result.stderr + result.stdout and "\x07" not in result.stderr
    assert_marked(result.stderr)
    lines = result.stderr.splitlines()
    assert lines[0] == f"{len(BAD_NAMES) + 1} problems in the card data:"
    expected = [f"{cards.as_posix()}/{shown}: {BAD_FOLDER_NAME}" for shown in BAD_NAMES.values()]
    expected.append(f"{cards.as_posix()}/caf<U+DCE9>: {BAD_FOLDER_NAME}")
    assert sorted(line.strip() for line in lines[1:]) == sorted(expected)


def test_export_refuses_a_badly_named_folder_before_writing(tmp_path: Path) -> None:
    cards = one_game(one_game(tmp_path / "cards"), TITLE_AND_CLEAR)
    out = tmp_path / "export"
    result = pnp("export", "--cards", str(cards), "--out", str(out), "--bundles", "--jobs", "1")
    assert result.returncode == 1
    assert ESC not in result.stderr and "x<U+001B>]0;PWNED" in result.stderr
    assert not out.exists()


def test_file_names_in_problems_are_shown_with_marks(cards_copy: Path, edit: Edit) -> None:
    chin = cards_copy / "chin-music"
    (chin / f"notes{ESC}[2J.yaml").write_text("cards: []\n")
    edit(chin / "game.yaml", "file: facing.yaml", f'file: "fac{RLO}ing.yaml"')
    with pytest.raises(CatalogError) as caught:
        load_catalog(cards_copy)
    text = str(caught.value)
    assert_marked(text)
    assert "notes<U+001B>[2J.yaml is in the folder but not listed as a deck or table" in text
    assert "fac<U+202E>ing.yaml does not exist in " in text


@pytest.mark.parametrize("command", ["validate", "build", "site", "verify", "export"])
def test_a_cards_path_with_an_escape_sequence_is_shown_with_marks(
    tmp_path: Path, command: str
) -> None:
    missing = tmp_path / TITLE_AND_CLEAR
    result = pnp(command, "--cards", str(missing))
    assert result.returncode == 1
    assert ESC not in result.stderr
    assert f"{visible(missing)}: is not a folder of card data" in result.stderr


@pytest.mark.parametrize(
    "command",
    [["build", "--game"], ["verify", "--game"], ["export", "--game"], ["sweep"]],
)
def test_a_game_typed_with_an_escape_sequence_is_echoed_with_marks(
    tmp_path: Path, command: list[str]
) -> None:
    cards = one_game(tmp_path / "cards")
    result = pnp(*command, f"a{ESC}[2J{RLO}b", "--cards", str(cards), "--out", str(tmp_path))
    assert result.returncode == 2
    assert_marked(result.stderr)
    assert "a<U+001B>[2J<U+202E>b" in result.stderr, result.stderr


def test_build_lists_its_paths_with_marks(tmp_path: Path) -> None:
    cards = one_game(tmp_path / "cards")
    out = tmp_path / f"kit{ESC}]0;PWNED{ESC}\x07"
    result = pnp("build", "--cards", str(cards), "--out", str(out), "--no-images",
                 "--no-booklets", "--paper", "a4", "--jobs", "1")  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert_marked(result.stdout)
    assert f"  {visible(out)}/pnp/chin-music-a4.pdf  " in result.stdout
    assert result.stdout.rstrip().endswith(f"into {visible(out)}")


def test_export_lists_its_paths_and_sentences_with_marks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    catalog = load_catalog(CARDS)
    out = tmp_path / f"out{ESC}[2J"
    sentence = f"A service prints no such cards, so the Bout cards of Chin{RLO}Music are left out."
    done = run.ExportResult(
        files=(),
        skipped=(Skipped("a-service", "chin-music", "bout", sentence),),
        seconds=0.0,
        folders=(out / "tts" / "chin-music",),
    )
    monkeypatch.setattr(run, "export", lambda catalog, options: done)
    args = _parser().parse_args(["export", "--out", str(out), "--no-services"])
    assert run_export(args, catalog) == 0
    printed = capsys.readouterr().out
    assert_marked(printed)
    assert "Chin<U+202E>Music are left out" in printed
    assert f"  {visible(out)}/tts/chin-music\n" in printed


def test_the_summary_table_shows_a_title_with_marks(tmp_path: Path) -> None:
    cards = one_game(tmp_path / "cards")
    game = cards / "chin-music" / "game.yaml"
    game.write_text(game.read_text().replace("title: Chin Music", f'title: "Chin{RLO}Music"', 1))
    table = summary_table(load_catalog(cards))
    assert table.splitlines()[0].startswith("Chin<U+202E>Music (chin-music): ")
    assert_marked(table)


# Probes that held before.


@pytest.mark.parametrize("target", ["../chinchon/main.yaml", "/etc/passwd.yaml", "sub/x.yaml"])
def test_a_data_file_leading_out_of_the_game_folder_is_refused(
    cards_copy: Path, edit: Edit, target: str
) -> None:
    edit(cards_copy / "chin-music" / "game.yaml", "file: facing.yaml", f"file: {target}")
    messages = [p.message for p in problems_of(cards_copy) if p.field == "decks.facing.file"]
    assert messages == [f"expected a .yaml, .csv or .xlsx file name in this folder, got '{target}'"]


def test_yaml_tags_of_every_kind_are_refused(cards_copy: Path, edit: Edit) -> None:
    facing = cards_copy / "chin-music" / "facing.yaml"
    edit(facing, "    name: Chin Music\n", "    name: !include secret.yaml\n")
    edit(facing, "    name: Nothing More to Prove\n", "    name: !!binary aGk=\n")
    bout = cards_copy / "chin-music" / "bout.yaml"
    edit(bout, 'word: "Jake"', "word: !!set {a: null}")
    found = {p.message for p in problems_of(cards_copy)}
    assert found == {
        f"YAML tag {tag!r} is not allowed; write plain values"
        for tag in ("!include", "tag:yaml.org,2002:binary", "tag:yaml.org,2002:set")
    }


def test_escape_characters_in_the_data_are_refused_and_never_printed(
    cards_copy: Path, edit: Edit
) -> None:
    facing = cards_copy / "chin-music" / "facing.yaml"
    edit(facing, "    name: Chin Music\n", f"    name: Chin{ESC}[2JMusic\n")
    bout = cards_copy / "chin-music" / "bout.yaml"
    edit(bout, 'word: "Moxie"', 'word: "Mo\\e]0;PWNED\\axie"')
    edit(bout, "id: jake,", 'id: jake, "\\e[2J": 1,')
    result = pnp("validate", "--cards", str(cards_copy))
    assert result.returncode == 1
    assert ESC not in result.stderr and "\x07" not in result.stderr
    assert (
        "facing.yaml:4: invalid YAML: U+001B a control character is not allowed in card "
        "data" in result.stderr
    )
    assert "holds U+001B a control character, U+0007 a control character;" in result.stderr
    assert "holds U+001B a control character; card data is plain text" in result.stderr


def test_a_right_to_left_override_in_a_name_or_an_id_is_refused_quoted(
    cards_copy: Path, edit: Edit
) -> None:
    facing = cards_copy / "chin-music" / "facing.yaml"
    edit(facing, "    name: Chin Music\n", f'    name: "Chin{RLO}Music"\n')
    edit(facing, "id: nothing-more-to-prove", f'id: "nothing{RLO}more"')
    result = pnp("validate", "--cards", str(cards_copy))
    assert result.returncode == 1
    assert RLO not in result.stderr
    assert "name: holds the invisible character U+202E RIGHT-TO-LEFT OVERRIDE" in result.stderr
    assert "got 'nothing\\u202emore'" in result.stderr
