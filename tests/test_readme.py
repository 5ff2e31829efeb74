"""The README's Python example runs as written (from the project folder)."""

from __future__ import annotations

import re
import subprocess
import sys

from tests.conftest import ROOT


def test_the_python_examples_of_the_readme_run() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert blocks, "the README has a Python example"
    for block in blocks:
        done = subprocess.run(
            [sys.executable, "-c", block], cwd=ROOT, capture_output=True, text=True, check=False
        )
        assert done.returncode == 0, done.stderr[-2000:]
        if "best_arrangement" in block:
            assert "[5D 6D 7D] [QS QH QC] | 3H (3 points)" in done.stdout
