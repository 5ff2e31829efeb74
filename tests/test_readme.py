"""The README keeps the two commands at the top, what the tool does and links to the
documentation, and every link resolves. (Its examples moved to the documentation, where
tests/docs runs every one, the Python examples of the built-in games included.)"""

from __future__ import annotations

import re
import subprocess
import sys

from tests.conftest import ROOT

README = ROOT / "README.md"
LINK = re.compile(r"\]\((?P<target>[^)\s]+)\)")


def test_the_readme_starts_with_the_two_commands() -> None:
    text = README.read_text(encoding="utf-8")
    first = re.search(r"```sh\n(.*?)```", text, re.S)
    assert first is not None and text.index("```sh") < text.index("## ")
    commands = [line.split("#")[0].strip() for line in first.group(1).splitlines()]
    assert commands == ["make kit", "make test"]


def test_the_readme_links_resolve() -> None:
    text = README.read_text(encoding="utf-8")
    targets = [match.group("target") for match in LINK.finditer(text)]
    local = [target for target in targets if not re.match(r"[a-z]+:", target)]
    assert len(local) >= 15, "the README links the documentation's pages"
    for target in local:
        path = target.split("#")[0]
        assert path and (ROOT / path).exists(), f"README links {target}, which is not there"


def test_the_readme_links_every_page_of_the_documentation() -> None:
    text = README.read_text(encoding="utf-8")
    pages = sorted((ROOT / "docs" / "pages").rglob("*.md"))
    missing = [
        str(page.relative_to(ROOT))
        for page in pages
        if page.name != "index.md" and str(page.relative_to(ROOT)) not in text
    ]
    assert not missing, f"the README does not link {missing}"


def test_the_python_examples_of_the_readme_run() -> None:
    """Any Python example the README keeps runs as written (from the project folder)."""
    text = README.read_text(encoding="utf-8")
    for block in re.findall(r"```python\n(.*?)```", text, re.S):
        done = subprocess.run(
            [sys.executable, "-c", block], cwd=ROOT, capture_output=True, text=True, check=False
        )
        assert done.returncode == 0, done.stderr[-2000:]
