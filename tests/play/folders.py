"""Folders this process really cannot write, for the tests of saves that cannot be written.

Made read-only with ``chmod 0o555``; but root writes into such a folder all the same (and
the tests may run as root), so for root the folder is made immutable instead (``chattr +i``:
no one, root included, may create, rename or remove a file in it). Where neither can be
done (root without the capability, a file system without the flag), the test is skipped,
saying why, rather than pretending that a writable folder is not.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

#: A folder that exists and that root cannot write either: the kernel's sysfs refuses to
#: create a file in it (EACCES) whoever asks.
SYSFS = Path("/sys")


@contextmanager
def unwritable(folder: Path) -> Iterator[Path]:
    """``folder`` (made if needed), unwritable for this process until the block ends."""
    folder.mkdir(exist_ok=True)
    if os.geteuid() != 0:
        folder.chmod(0o555)
        try:
            yield folder
        finally:
            folder.chmod(0o755)
        return
    chattr = shutil.which("chattr")
    if chattr is None:
        pytest.skip("running as root, and there is no chattr to make a folder immutable")
    made = subprocess.run([chattr, "+i", str(folder)], capture_output=True, text=True)
    if made.returncode != 0:
        pytest.skip(f"running as root, and chattr +i is refused: {made.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run([chattr, "-i", str(folder)], check=True)
