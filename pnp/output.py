"""Output folders written as transactions: a run publishes everything or nothing.

Every command that writes into an output folder (``pnp build``, ``verify``, ``export``,
``site``, ``kit``) does it through :func:`transaction`:

* it takes the folder's lock (``.pnp-lock``, a lock the kernel releases when the
  process dies, so a killed run never leaves it stuck); a second run into the same
  folder is refused with :class:`OutputBusy`, a sentence naming the folder and the run
  that holds it;
* it finishes what a run killed while publishing left half done (the journal, below)
  and removes what killed runs left behind: staging folders and the temporary files of
  :func:`pnp.files.write_atomic`;
* the run writes into a staging folder inside the output folder
  (:attr:`Staging.folder`), never into the published files;
* only when the run succeeded are its *units* (files, or folders replaced whole) moved
  into place: first a journal listing them is written atomically, then each unit is
  renamed over the published one, then the journal is removed. A run killed before the
  journal leaves the published output exactly as it was; one killed after it is
  finished by the next run, so the output is always the last complete run's.

A run inside another (``pnp kit`` runs ``pnp build`` into its own staging folder) is a
transaction of its own on that folder; :func:`published` maps a path in any staging
folder of this process to where it will be published (for links written into files,
and for messages).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import tempfile
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from pnp.files import TEMPORARY_PATTERN, write_atomic
from pnp.names import visible

try:
    import fcntl
except ImportError:  # not on a POSIX system: no locking, the rest still holds
    fcntl = None  # type: ignore[assignment]

LOCK_FILE = ".pnp-lock"
JOURNAL_FILE = ".pnp-journal.json"
STAGING_PREFIX = ".staging-"
#: Names in an output folder that belong to the transaction, never published.
_PRIVATE = (LOCK_FILE, JOURNAL_FILE)

#: Staging folders of this process's open transactions, and where each publishes.
_STAGED: dict[Path, Path] = {}
#: The output folders this process holds the lock of.
_LOCKED: set[Path] = set()


class OutputError(OSError):
    """An output folder that cannot be used; the message is a sentence naming it."""


class OutputBusy(OutputError):
    """Another run is writing into the same output folder."""


@dataclass
class Staging:
    """Where a transaction writes (``folder``) and what it will publish into ``root``."""

    root: Path
    folder: Path
    units: list[str] = field(default_factory=list)

    def path(self, relative: str | Path) -> Path:
        """Where to write what will be published as ``root/relative``."""
        return self.folder / relative

    def publish(self, *relatives: str | Path) -> None:
        """Publish these files or folders (relative to the staging folder) when the run
        succeeds; a folder replaces the published one whole. Without any, every entry
        at the top of the staging folder is published."""
        for relative in relatives:
            name = Path(relative).as_posix()
            if name not in self.units:
                self.units.append(name)

    def published(self, path: Path) -> Path:
        """Where ``path`` (in the staging folder) will be once published."""
        return published(path)


@contextlib.contextmanager
def transaction(root: Path, command: str) -> Iterator[Staging]:
    """Write into ``root`` as one transaction (see the module docstring). Raises
    :class:`OutputBusy` when another run holds ``root``, ``OSError`` when it cannot be
    created or written."""
    _prepare(root)
    with _locked(root, command):
        recover(root)
        folder = Path(tempfile.mkdtemp(prefix=f"{STAGING_PREFIX}{command}-", dir=root))
        staging = Staging(root, folder)
        _STAGED[folder.resolve()] = root.resolve()
        try:
            yield staging
            units = staging.units or _top_entries(folder)
            _commit(root, folder, units)
        finally:
            _STAGED.pop(folder.resolve(), None)
            shutil.rmtree(folder, ignore_errors=True)


def _prepare(root: Path) -> None:
    """Create ``root`` if needed; :class:`OutputError` when it cannot be written."""
    name = visible(root)
    if root.exists() and not root.is_dir():
        raise OutputError(f"{name} is a file, not a folder: choose another output folder")
    try:
        root.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise OutputError(
            f"cannot create the output folder {name}: a part of its path is a file"
        ) from None
    except OSError as error:
        raise OutputError(
            f"cannot create the output folder {name}: {error.strerror or error}"
        ) from None
    if not os.access(root, os.W_OK | os.X_OK):
        raise OutputError(f"cannot write into the output folder {name}: permission denied")


def published(path: Path) -> Path:
    """``path`` with every staging folder of this process replaced by where it publishes
    (a path outside any staging folder is returned as it is)."""
    resolved = path.resolve() if path.is_absolute() else path.absolute()
    changed = True
    while changed:
        changed = False
        for staging, root in _STAGED.items():
            if resolved.is_relative_to(staging):
                resolved = root / resolved.relative_to(staging)
                changed = True
    if resolved == (path.resolve() if path.is_absolute() else path.absolute()):
        return path
    return _relative_if_under_cwd(resolved)


def _relative_if_under_cwd(path: Path) -> Path:
    try:
        return path.relative_to(Path.cwd())
    except ValueError:
        return path


def _top_entries(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir())


def _commit(root: Path, folder: Path, units: list[str]) -> None:
    journal = {"staging": folder.name, "units": units}
    write_atomic(root / JOURNAL_FILE, json.dumps(journal, indent=1) + "\n")
    _apply(root, journal)


def _apply(root: Path, journal: Mapping[str, object]) -> None:
    """Move every unit of the journal's staging folder into ``root`` (again, after a run
    was killed while doing it: each step is done only when it is still to do)."""
    staging = root / str(journal["staging"])
    units = journal["units"]
    assert isinstance(units, list)
    replaced = staging / ".replaced"
    for index, unit in enumerate(units):
        new = staging / str(unit)
        target = root / str(unit)
        if not os.path.lexists(new):
            continue  # already in place
        target.parent.mkdir(parents=True, exist_ok=True)
        if target.is_dir() and not target.is_symlink():
            replaced.mkdir(exist_ok=True)
            os.rename(target, replaced / str(index))
        elif os.path.lexists(target) and new.is_dir():
            target.unlink()
        os.replace(new, target)
    shutil.rmtree(staging, ignore_errors=True)
    (root / JOURNAL_FILE).unlink(missing_ok=True)


def recover(root: Path) -> None:
    """Finish a publication a killed run left half done, and remove what killed runs
    left behind in ``root``: their staging folders and half-written files. Call it only
    holding ``root``'s lock."""
    journal_path = root / JOURNAL_FILE
    if journal_path.is_file():
        try:
            journal = json.loads(journal_path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            journal = None
        if isinstance(journal, dict) and isinstance(journal.get("units"), list):
            _apply(root, journal)
        journal_path.unlink(missing_ok=True)
    for path in root.glob(f"{STAGING_PREFIX}*"):
        if path.is_dir() and path.resolve() not in _STAGED:
            shutil.rmtree(path, ignore_errors=True)
    for path in root.rglob(TEMPORARY_PATTERN):
        if path.is_file() and not any(part.startswith(STAGING_PREFIX) for part in path.parts):
            path.unlink(missing_ok=True)


@contextlib.contextmanager
def _locked(root: Path, command: str) -> Iterator[None]:
    if fcntl is None:
        yield
        return
    # A POSIX record lock (lockf), not flock: it belongs to this process alone, so the
    # worker processes it starts do not hold it after it dies; the kernel drops it with
    # the process. Such locks do not exclude this process itself, hence the check.
    if root.resolve() in _LOCKED:
        raise OutputBusy(f"{visible(root)} is already being written by this run")
    descriptor = os.open(root / LOCK_FILE, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
    try:
        try:
            fcntl.lockf(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise OutputBusy(_busy_sentence(root, descriptor)) from None
        _LOCKED.add(root.resolve())
        os.ftruncate(descriptor, 0)
        holder = {"pid": os.getpid(), "command": command, "started": time.time()}
        os.write(descriptor, json.dumps(holder).encode())
        try:
            yield
        finally:
            _LOCKED.discard(root.resolve())
            os.ftruncate(descriptor, 0)
            fcntl.lockf(descriptor, fcntl.LOCK_UN)
    finally:
        os.close(descriptor)


def _busy_sentence(root: Path, descriptor: int) -> str:
    try:
        holder = json.loads(os.pread(descriptor, 4096, 0) or b"{}")
    except (OSError, ValueError):
        holder = {}
    who = "another pnp run"
    if isinstance(holder, dict) and isinstance(holder.get("pid"), int):
        started = holder.get("started")
        when = (
            time.strftime(" since %H:%M:%S", time.localtime(started))
            if isinstance(started, (int, float))
            else ""
        )
        command = holder.get("command")
        name = f"pnp {visible(command)}" if isinstance(command, str) else "pnp"
        who = f"another run ({name}, process {holder['pid']}{when})"
    return (
        f"{visible(root)} is being written by {who}; wait for it to finish, or choose "
        "another output folder with --out"
    )
