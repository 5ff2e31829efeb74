"""Build or serve the tool's documentation (``docs/mkdocs.yml``) with mkdocs, in strict
mode, with Material's offline plugin: the built site opens from disk, search included."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from pnp.output import transaction

#: The project folder: ``docs/`` (the sources) is in it.
PROJECT = Path(__file__).resolve().parents[2]
CONFIG = PROJECT / "docs" / "mkdocs.yml"
DEFAULT_DOCS_OUT = Path("dist") / "docs"


class DocsError(RuntimeError):
    """The documentation could not be built; the message says why (mkdocs's own report)."""


def environment() -> dict[str, str]:
    """mkdocs's environment: this project first on the path (the hooks import ``pnp``)."""
    paths = [str(PROJECT), os.environ.get("PYTHONPATH", "")]
    return dict(
        os.environ,
        PYTHONPATH=os.pathsep.join(path for path in paths if path),
        NO_MKDOCS_2_WARNING="1",
    )


def build_docs(out: Path) -> Path:
    """Build the documentation into ``out`` as one transaction (the last good build stays
    when this one fails); the folder written. Raises :class:`DocsError`."""
    if not CONFIG.is_file():
        raise DocsError(
            f"{CONFIG} is missing: pnp docs builds the documentation from a checkout of the "
            "project, whose docs/ folder holds its sources"
        )
    out = out.absolute()
    with transaction(out.parent, "docs") as staging:
        target = staging.path(out.name)
        command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet"]
        command += ["-f", str(CONFIG), "-d", str(target)]
        done = subprocess.run(
            command, env=environment(), capture_output=True, text=True, check=False
        )
        if done.returncode != 0:
            raise DocsError((done.stderr or done.stdout).strip())
        staging.publish(out.name)
    return out


def serve_docs(address: str) -> int:
    """Serve the documentation with live reload until interrupted; the exit status."""
    from pnp.site.serving import address_problem, run_mkdocs_serve

    problem = address_problem(address)
    if problem is not None:
        print(f"pnp docs --serve: {problem}", file=sys.stderr)
        return 2
    staging = Path(tempfile.mkdtemp(prefix="pnp-docs-"))
    try:
        watched = [PROJECT / "pnp"]
        return run_mkdocs_serve(CONFIG, address, watched, environment(), staging)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
