"""Crawling a built site for internal links and images that lead nowhere."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlparse


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.targets: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if value and ((tag == "a" and name == "href") or (tag == "img" and name == "src")):
                self.targets.append(value)


def broken_links(site: Path) -> list[str]:
    """Every internal link or image of every page of ``site`` whose target does not
    exist, as ``page -> target``."""
    broken = []
    for page in sorted(site.rglob("*.html")):
        parser = _Links()
        parser.feed(page.read_text(encoding="utf-8"))
        for target in parser.targets:
            parsed = urlparse(target)
            if parsed.scheme or target.startswith(("#", "mailto:")):
                continue
            base = site if parsed.path.startswith("/") else page.parent
            path = (base / unquote(parsed.path).lstrip("/")).resolve()
            if path.is_dir():
                path = path / "index.html"
            if not path.exists():
                broken.append(f"{page.relative_to(site)} -> {target}")
    return broken
