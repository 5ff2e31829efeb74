"""How many worker processes the commands start by default."""

from __future__ import annotations

import os


def default_jobs() -> int:
    """Every core this process may use (for the kit's PDFs and images, and the playtest)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)
