"""Writing output files atomically: a failed build leaves the last good file."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

#: The names of the temporary files :func:`write_atomic` writes beside its target (a run
#: killed while writing leaves one; :func:`pnp.output.recover` removes them).
TEMPORARY_PATTERN = ".*.tmp"


def write_atomic(path: Path, content: bytes | str) -> None:
    """Write ``content`` to ``path`` through a temporary file and a rename.

    Readers see either the old file or the complete new one, never a part.
    """
    data = content.encode("utf-8") if isinstance(content, str) else content
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
