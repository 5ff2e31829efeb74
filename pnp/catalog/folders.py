"""Finding the game folders and their YAML files, refusing what a cards folder
must not hold: links that lead outside it, a game folder whose name is no id, a game
folder without game.yaml, more games, files or bytes than the limits allow."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pnp.catalog.limits import KIB, Limits
from pnp.catalog.yamlsource import PathKey
from pnp.names import ID_RULE, is_id

#: Reports a problem: file, line, record, field path, message.
Add = Callable[[Path, int, str, PathKey, str], None]

#: The folder of a game's hand-written rules pages, and the folder of its art: neither
#: is read as card data.
PAGES_FOLDER = "pages"
ART_FOLDER = "art"
#: The rules pages a game may write (any of them), in the order the site lists them.
PAGE_FILES = ("learn.md", "rules.md", "variants.md", "clarifications.md", "design.md")

#: Said of a game folder whose name breaks the id rule (the folder is still read, so
#: that every other problem is reported in the same run).
BAD_FOLDER_NAME = f"a game folder's name is its id: use {ID_RULE}; rename the folder"


def _outside(path: Path, folder: Path) -> bool:
    try:
        return not path.resolve().is_relative_to(folder.resolve())
    except (OSError, RuntimeError):  # a loop of links
        return True


def game_folders(root: Path, limits: Limits, add: Add) -> list[Path] | None:
    """The game folders of ``root``, in name order; None when none can be loaded."""
    if not root.is_dir():
        add(root, 0, "", (), "is not a folder of card data")
        return None
    folders: list[Path] = []
    for path in sorted(root.iterdir()):
        if path.name.startswith((".", "_")) or not path.is_dir():
            continue
        if path.is_symlink() and _outside(path, root):
            add(path, 0, "", (), "is a link to a folder outside the cards folder; skipped")
            continue
        if not is_id(path.name):
            add(path, 0, "", (), BAD_FOLDER_NAME)
        folders.append(path)
    if not folders:
        add(root, 0, "", (), "holds no game folders")
        return None
    if len(folders) > limits.games:
        add(root, 0, "", (), f"holds {len(folders)} game folders; at most {limits.games} "
            "are allowed")  # fmt: skip
        return None
    total = sum(_size(file) for folder in folders for file in folder.glob("*.yaml"))
    if total > limits.total_bytes:
        add(root, 0, "", (), f"holds {total / KIB:,.0f} KiB of YAML; at most "
            f"{limits.total_bytes / KIB:,.0f} KiB are allowed")  # fmt: skip
        return None
    return folders


def _size(path: Path) -> int:
    try:
        return path.stat().st_size if path.is_file() else 0
    except OSError:
        return 0


def yaml_files(folder: Path, game_file: str, limits: Limits, add: Add) -> list[Path] | None:
    """The YAML files of one game folder; None when the game cannot be loaded."""
    game_path = folder / game_file
    if game_path.is_symlink() and _outside(game_path, folder):
        add(game_path, 0, "", (), "is a link to a file outside the game folder")
        return None
    if game_path.is_dir():
        add(game_path, 0, "", (), "is a folder; it must be a file")
        return None
    if not game_path.exists():
        add(folder, 0, "", (), f"has no {game_file}; every game folder needs one")
        return None
    files = sorted(folder.glob("*.yaml"))
    if len(files) > limits.files_per_game:
        add(folder, 0, "", (), f"holds {len(files)} YAML files; at most "
            f"{limits.files_per_game} are allowed in one game folder")  # fmt: skip
        return None
    return files


def pages_folder(folder: Path, add: Add) -> Path | None:
    """The game's folder of rules pages; None when it has none (or it cannot be read, which
    is reported). It holds rules pages named as :data:`PAGE_FILES` says, and nothing else."""
    pages = folder / PAGES_FOLDER
    if not pages.exists() and not pages.is_symlink():
        return None
    if _outside(pages, folder):
        add(pages, 0, "", (), "is a link to a folder outside the game folder")
        return None
    if not pages.is_dir():
        add(pages, 0, "", (), "is not a folder; the rules pages go in a folder named pages")
        return None
    known = ", ".join(PAGE_FILES)
    for page in sorted(pages.iterdir()):
        if page.name.startswith("."):
            continue
        if page.name not in PAGE_FILES:
            add(page, 0, "", (), f"is not a rules page the site knows; the pages folder holds "
                f"only {known}")  # fmt: skip
        elif _outside(page, folder):
            add(page, 0, "", (), "is a link to a file outside the game folder")
        elif not page.is_file():
            add(page, 0, "", (), "is not a file")
    return pages
