"""Every text and control of every page of the built site can be read in both colour
schemes: WCAG 2 AA contrast (4.5:1, 3:1 for large text and for an icon that is a
control), judged in Chromium by :data:`tests.site.contrast.CHECK`."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.site.contrast import CHECK

#: mkdocs-material's schemes, by the system setting that picks them on a first visit.
SCHEMES = {"light": "default", "dark": "slate"}


def _pages(site: Path) -> list[str]:
    """Every page of the built site, as a path under its address."""
    return sorted(str(page.relative_to(site)) for page in site.rglob("*.html"))


@pytest.fixture(scope="module", params=sorted(SCHEMES))
def scheme(browser: object, request: pytest.FixtureRequest) -> Iterator[tuple[str, object]]:
    context = browser.new_context(  # type: ignore[attr-defined]
        viewport={"width": 1280, "height": 900}, color_scheme=request.param
    )
    yield request.param, context.new_page()
    context.close()


def test_every_page_is_readable_in_both_schemes(
    kit: Path, served: str, scheme: tuple[str, object]
) -> None:
    name, page = scheme
    pages = _pages(kit / "site")
    assert len(pages) >= 25 and "index.html" in pages and "downloads/index.html" in pages
    failures = []
    for path in pages:
        page.goto(served + path)  # type: ignore[attr-defined]
        shown = page.evaluate("document.body.dataset.mdColorScheme")  # type: ignore[attr-defined]
        assert shown == SCHEMES[name], (path, shown)
        for found in page.evaluate(CHECK):  # type: ignore[attr-defined]
            failures.append(
                f"{path}: {found['text']!r} {found['colour']} on {found['background']} is "
                f"{found['ratio']}:1, needs {found['needed']}:1 ({found['what'][-80:]})"
            )
    assert failures == [], "\n".join(failures[:40])


#: What the check must catch, and what it must let pass: the home page's outline button
#: of the dark scheme before it was mended (dark red on the tile's dark brown), a colour
#: made faint by an ancestor's opacity or its own alpha, large text at 3:1, an icon.
SAMPLES = """
<body style="background: #262130; color: #ffffff; font: 16px sans-serif; margin: 0">
  <div style="background: #352727; padding: 8px">
    <a id="button" style="color: #7a1f1f; border: 2px solid #7a1f1f">Rules</a>
  </div>
  <p id="faded" style="opacity: 0.3">faded by its opacity</p>
  <p id="alpha" style="color: rgba(255, 255, 255, 0.3)">faded by its alpha</p>
  <p id="over" style="background: rgba(255, 255, 255, 0.9); color: #555555">on a veil</p>
  <h1 id="large" style="font-size: 32px; color: #8a7a7a">large, 3.9:1</h1>
  <p id="small" style="color: #8a7a7a">small, 3.9:1</p>
  <a id="icon" href="#" aria-label="Search"><svg width="20" height="20"
    style="fill: #3a3050"><rect width="20" height="20"/></svg></a>
  <p id="fine" style="color: #f0e6d8">fine</p>
  <details><summary id="summary">How this was measured</summary>
    <p id="inside" style="color: #303030">hidden until opened</p></details>
  <p hidden style="color: #262130">not shown</p>
</body>
"""


def test_the_check_finds_what_fails_and_only_that(browser: object) -> None:
    page = browser.new_page()  # type: ignore[attr-defined]
    try:
        page.set_content(SAMPLES)
        found = {failure["what"].split("#")[-1].split(".")[0].split(" ")[0]: failure
                 for failure in page.evaluate(CHECK)}  # fmt: skip
    finally:
        page.close()
    assert set(found) == {"button", "faded", "alpha", "small", "icon", "inside"}, found
    assert found["button"]["ratio"] == pytest.approx(1.39, abs=0.01)
    assert found["button"]["background"] == "#352727"  # the tile, not the page behind it
    assert found["small"]["needed"] == 4.5 and found["icon"]["needed"] == 3
