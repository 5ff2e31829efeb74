"""The site's ``mkdocs.yml``, built as data and written by a YAML serializer.

No text from the card data is pasted into YAML: a game's title goes into the
configuration as a value, and the serializer quotes and escapes it as YAML needs
(quotes, backslashes, colons, ``#``, line breaks and the rest). mkdocs and its theme
place the navigation labels and the description into the pages as HTML, so those are
given as HTML text (:func:`pnp.site.text.html_text`): shown as written.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnp.publish import TTS_PATH
from pnp.site.pages import DESIGNERS_HEADING, NavPage
from pnp.site.text import html_text, yaml_text

#: The first line of every generated configuration.
HEADER = "# Made by `pnp site`; edit pnp/site/config.py instead.\n"


@dataclass(frozen=True)
class NavGame:
    """A game in the navigation: its id (its folder in the docs), title and pages."""

    id: str
    title: str
    pages: Sequence[NavPage]


def mkdocs_config(games: Sequence[NavGame], offline: bool, site_dir: str, includes: str,
                  overrides: str, site_url: str | None = None) -> dict[str, Any]:  # fmt: skip
    """The mkdocs configuration of the site (``offline``: the copy that opens from disk).
    ``site_url``: the public address (canonical links and the sitemap); without one the
    configuration names none, so no page and no sitemap names an address at all."""
    titles = ", ".join(game.title for game in games)
    config: dict[str, Any] = {
        "site_name": "Print & play card games",
        "site_description": html_text(f"Rules, card lists and print-and-play kits for {titles}."),
    }
    if not offline and site_url:
        config["site_url"] = site_url
    config |= {
        "docs_dir": "docs",
        "site_dir": site_dir,
        "strict": True,
        "use_directory_urls": not offline,
        "theme": _theme(offline, overrides),
        "plugins": _plugins(offline),
    }
    if offline:
        # opened from disk, the search runs in a frame instead of a worker (our own shim;
        # the offline plugin would otherwise load one from the internet)
        config["extra"] = {"polyfills": ["assets/javascripts/iframe-worker-offline.js"]}
        # the Tabletop Simulator images are for the published site to serve, not this copy
        config["exclude_docs"] = f"/{TTS_PATH}/\n"
    config |= {
        "markdown_extensions": _markdown_extensions(includes),
        "extra_css": [
            "assets/fonts/fonts.css",
            "assets/stylesheets/games.css",
            "assets/extra.css",
        ],
        "extra_javascript": ["assets/javascripts/tables.js"],
        "nav": _nav(games),
    }
    return config


def _theme(offline: bool, overrides: str) -> dict[str, Any]:
    features = ["navigation.instant"] if not offline else []
    features += [
        "navigation.tabs",
        "navigation.sections",
        "navigation.top",
        "navigation.indexes",
        "search.highlight",
        "search.suggest",
        "content.tabs.link",
        "content.tooltips",
        "toc.follow",
    ]
    return {
        "name": "material",
        "custom_dir": overrides,
        "language": "en",
        "font": False,
        "icon": {"logo": "material/cards-playing-outline"},
        "palette": [
            _palette("light", "default", "material/weather-night", "dark"),
            _palette("dark", "slate", "material/weather-sunny", "light"),
        ],
        "features": features,
    }


def _palette(media: str, scheme: str, icon: str, other: str) -> dict[str, Any]:
    return {
        "media": f"(prefers-color-scheme: {media})",
        "scheme": scheme,
        "primary": "custom",
        "accent": "custom",
        "toggle": {"icon": icon, "name": f"Switch to {other} mode"},
    }


def _plugins(offline: bool) -> list[Any]:
    lightbox = {
        "touchNavigation": True,
        "loop": False,
        "effect": "zoom",
        "width": "auto",
        "height": "auto",
        "zoomable": False,
        "draggable": False,
        "auto_caption": False,
        "background": "none",
        "skip_classes": ["card-icon"],
    }
    return ["search", *(["offline"] if offline else []), {"glightbox": lightbox}]


def _markdown_extensions(includes: str) -> list[Any]:
    return [
        "abbr",
        "admonition",
        "attr_list",
        "md_in_html",
        "tables",
        "def_list",
        {"toc": {"permalink": True}},
        "pymdownx.details",
        "pymdownx.superfences",
        {"pymdownx.tabbed": {"alternate_style": True}},
        {
            "pymdownx.snippets": {
                "base_path": [includes],
                "check_paths": True,
                "auto_append": ["abbreviations.md"],
            }
        },
    ]


def _nav(games: Sequence[NavGame]) -> list[Any]:
    nav: list[Any] = [{"Home": "index.md"}]
    for game in games:
        pages: list[Any] = [f"{game.id}/index.md"]
        pages += [{html_text(page.label): f"{game.id}/{page.file}"}
                  for page in game.pages if not page.for_designers]  # fmt: skip
        notes = [{html_text(page.label): f"{game.id}/{page.file}"}
                 for page in game.pages if page.for_designers]  # fmt: skip
        if notes:
            pages.append({html_text(DESIGNERS_HEADING): notes})
        nav.append({html_text(game.title): pages})
    return [*nav, {"Downloads": "downloads.md"}, {"Glossary": "glossary.md"}]


def write_config(path: Path, config: dict[str, Any]) -> None:
    """Write ``config`` to ``path`` as YAML, under :data:`HEADER`."""
    path.write_text(HEADER + yaml_text(config), encoding="utf-8")
