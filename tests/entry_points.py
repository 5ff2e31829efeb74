"""Entry points without pip: a ``*.dist-info`` folder on ``sys.path`` is a distribution
to :mod:`importlib.metadata`, so a test can declare plug-ins by writing one.

The suite also uses it for this project's own games: an editable install made before
``pyproject.toml`` declared them (or from another worktree) lacks them until
``pip install -e .`` runs again (``make`` does); :func:`ensure_project_games` then
declares them from a temporary folder, for this process and the commands it starts.
"""

from __future__ import annotations

import os
import sys
import tempfile
import tomllib
from importlib.metadata import entry_points
from pathlib import Path

from pnp.engines import ENTRY_POINT_GROUP

ROOT = Path(__file__).resolve().parents[1]


def write_dist_info(
    folder: Path, name: str, groups: dict[str, dict[str, str]], version: str = "0.1"
) -> Path:
    """A distribution ``name`` declaring ``groups`` (group -> name -> ``module:object``),
    written into ``folder`` (to be put on ``sys.path``)."""
    info = folder / f"{name.replace('-', '_')}-{version}.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n", encoding="utf-8"
    )
    lines = []
    for group, points in groups.items():
        lines.append(f"[{group}]")
        lines += [f"{key} = {value}" for key, value in points.items()]
        lines.append("")
    (info / "entry_points.txt").write_text("\n".join(lines), encoding="utf-8")
    return info


def project_games() -> dict[str, str]:
    """The games ``pyproject.toml`` declares: id -> ``module:object``."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    games: dict[str, str] = project["project"]["entry-points"][ENTRY_POINT_GROUP]
    return games


def ensure_project_games() -> Path | None:
    """Declare this project's games from a temporary folder when the installed metadata
    lacks them (see the module docstring); the folder, or ``None`` when not needed."""
    wanted = project_games()
    found = {point.name: point.value for point in entry_points(group=ENTRY_POINT_GROUP)}
    if all(found.get(name) == value for name, value in wanted.items()):
        return None
    missing = {name: value for name, value in wanted.items() if found.get(name) != value}
    folder = Path(tempfile.mkdtemp(prefix="pnp-games-"))
    write_dist_info(folder, "pnp-card-games-tests", {ENTRY_POINT_GROUP: missing})
    sys.path.append(str(folder))
    paths = [str(ROOT), os.environ.get("PYTHONPATH", ""), str(folder)]
    os.environ["PYTHONPATH"] = os.pathsep.join(path for path in paths if path)
    return folder
