"""``pnp new GAME``: a small, complete game folder to start a design from.

The folder (the files of :mod:`pnp.scaffold`, ``game/``) is a game that validates, builds
and shows on the site as it is: a card kind declared in data (``kinds.yaml``), a layout
drawing its front and back (``layouts.yaml``, with an SVG from ``art/``), ten card designs
in ``cards.yaml`` and the same list as ``cards.csv``, a glossary, and rules pages to fill
in. With ``--engine`` (``engine=True``) it also holds ``engine.py``, a small playable rules
engine for those cards (a climbing game, with a bot), which game.yaml names so that
``pnp check``, ``pnp play`` and ``pnp verify`` find it. Each YAML file names its JSON
Schema on its first line, and the schemas are written into the folder's ``.schemas/``
(:mod:`pnp.catalog.schemafiles`), so an editor with a YAML language server completes keys
and marks mistakes while the designer types.

The folder is assembled beside its place and renamed into it only when complete: a game
folder is never half written, and one that exists is never touched.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from pnp.names import ID_RULE, is_hidden, is_id, visible

#: The files of the game ``pnp new`` writes.
SCAFFOLD = Path(__file__).with_name("scaffold") / "game"
#: The engine module ``pnp new --engine`` adds (its placeholders filled in).
ENGINE = Path(__file__).with_name("scaffold") / "engine" / "engine.py"
#: What ``--engine`` adds to game.yaml.
ENGINE_ENTRY = """
# The rules engine: a module of this folder (pnp check, pnp play and pnp verify use it).
engine: {module: engine.py}
"""
#: The longest title ``--title`` takes (a title is printed on the cards' backs).
TITLE_LENGTH = 40


class NewGameError(ValueError):
    """A game folder that cannot be made as asked; the message is a sentence."""


@dataclass(frozen=True)
class NewGame:
    folder: Path
    files: tuple[Path, ...]


def title_of(game_id: str) -> str:
    """The title a game id suggests: ``my-game`` → ``My Game``."""
    return " ".join(word.capitalize() for word in game_id.split("-"))


def check_title(title: str) -> str:
    """``title`` when it can be a game's title; :class:`NewGameError` otherwise."""
    title = title.strip()
    if not title:
        raise NewGameError("--title must not be empty")
    if any(is_hidden(character) for character in title):
        raise NewGameError(
            f"--title {visible(title)!r} holds a control or formatting character; "
            "write the title on one line of visible characters"
        )
    if len(title) > TITLE_LENGTH:
        raise NewGameError(f"--title is {len(title)} characters long; at most {TITLE_LENGTH}")
    return title


def new_game(
    cards: Path,
    game_id: str,
    title: str | None = None,
    designer: str = "You",
    engine: bool = False,
) -> NewGame:
    """Write the starting game ``game_id`` into ``cards``; :class:`NewGameError` for a name,
    a title or a folder that cannot be used (nothing written), ``OSError`` when the disk
    refuses."""
    if not is_id(game_id):
        raise NewGameError(
            f"{visible(game_id)!r} cannot name a game: a game's name is its folder's and its "
            f"id, in {ID_RULE}"
        )
    title = check_title(title if title is not None else title_of(game_id))
    target = cards / game_id
    if target.exists() or target.is_symlink():
        raise NewGameError(f"{visible(target)} already exists; choose another name")
    if cards.exists() and not cards.is_dir():
        raise NewGameError(f"{visible(cards)} is a file, not a folder of games")
    cards.mkdir(parents=True, exist_ok=True)
    words = {
        "@@id@@": game_id,
        "@@title@@": title,
        "@@title_yaml@@": json.dumps(title, ensure_ascii=False),
        "@@title_md@@": _markdown(title),
        "@@designer_yaml@@": json.dumps(designer, ensure_ascii=False),
    }
    # Assembled in a folder of its own name beside its place, so that what names the
    # folder (the schemas' titles) already says its name, then renamed into place.
    room = Path(tempfile.mkdtemp(prefix=f".new-{game_id}-", dir=cards))
    staging = room / game_id
    try:
        written = []
        sources = [(path, path.relative_to(SCAFFOLD)) for path in sorted(SCAFFOLD.rglob("*"))]
        if engine:
            sources.append((ENGINE, Path(ENGINE.name)))
        for source, relative in sources:
            if source.is_dir() or "__pycache__" in relative.parts:
                continue
            text = source.read_text(encoding="utf-8")
            if engine and relative == Path("game.yaml"):
                text += ENGINE_ENTRY
            for placeholder, value in words.items():
                text = text.replace(placeholder, value)
            assert "@@" not in text, f"{relative}: a placeholder of the scaffold is unknown"
            path = staging / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            written.append(target / relative)
        _check(room)
        _write_schemas(staging)
        os.rename(staging, target)
    finally:
        shutil.rmtree(room, ignore_errors=True)
    return NewGame(target, tuple(written))


def _check(room: Path) -> None:
    """Load the new game as ``pnp validate`` would, alone; :class:`NewGameError` with its
    problems (a title the kit's fonts cannot print, say) when it does not load."""
    from pnp.catalog import CatalogError, load_catalog
    from pnp.kit.layout_faces import layout_checks

    try:
        load_catalog(room, layout_checks=layout_checks())
    except CatalogError as error:
        raise NewGameError(f"the new game would not be valid:\n{error}") from None


def _write_schemas(folder: Path) -> None:
    """The folder's ``.schemas/`` (for the editor), from the very models that validate."""
    from pnp.catalog.schemafiles import SCHEMA_FOLDER, write_game_schemas

    write_game_schemas(folder, folder / SCHEMA_FOLDER)


def _markdown(text: str) -> str:
    from pnp.site.text import md

    return md(text)
