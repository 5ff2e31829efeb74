"""The pages of each game, in navigation order, and what every staged page gets before
mkdocs reads it: a title that names its game (browser tabs, the header when
scrolled, search results) and the game it belongs to (its colours).

The hand-written pages (copied from each game's ``cards/<game>/pages/``), and only they,
are also read for markup of our own: the card icons written as ``:icon-hit:`` and the
suit symbols set in their ink. A page or snippet generated from the card data is never
read that way: card text reaches it through :func:`pnp.site.text.md` and is shown as
written (see :meth:`pnp.site.cards.Context.card_text`).
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from pathlib import Path

from pnp.catalog import Game
from pnp.catalog.folders import PAGE_FILES
from pnp.site.cards import Context
from pnp.site.errors import SiteError
from pnp.site.text import html_text, yaml_string

#: A game's pages: file and navigation label, in order. ``None`` is the game's own page.
GAME_PAGES: tuple[tuple[str, str | None], ...] = (
    ("index.md", None),
    ("learn.md", "Learn to play"),
    ("rules.md", "Rules reference"),
    ("variants.md", "Variants"),
    ("clarifications.md", "Clarifications"),
    ("components.md", "Components"),
    ("decisions.md", "Beta or older draft"),
    ("design.md", "Deck design"),
    ("playtest.md", "Playtest report"),
)
#: The pages for the game's designers rather than its players, which the navigation
#: gathers under :data:`DESIGNERS_HEADING` after the players' pages.
FOR_DESIGNERS = frozenset({"decisions.md", "design.md", "playtest.md"})
DESIGNERS_HEADING = "Designer's notes"
#: An icon of the game's card icon language in a hand-written page: ``:icon-<id>:``.
ICON = re.compile(r":icon-([a-z0-9]+(?:-[a-z0-9]+)*):")


class PageError(SiteError):
    """A hand-written page asks for something that does not exist."""


@dataclass(frozen=True)
class NavPage:
    file: str
    label: str

    @property
    def for_designers(self) -> bool:
        return self.file in FOR_DESIGNERS


def nav(docs: Path, game_id: str) -> list[NavPage]:
    """The pages ``game_id`` has, in order, with their navigation labels."""
    pages = []
    for file, label in GAME_PAGES:
        if (docs / game_id / file).is_file() and label is not None:
            pages.append(NavPage(file, label))
    return pages


def present(docs: Path, game_id: str) -> dict[str, bool]:
    """Which of the pages a game may have ``game_id`` has in ``docs``, by name without
    ``.md`` (``{"rules": True, "playtest": False, ...}``): what its pages may link."""
    return {Path(file).stem: (docs / game_id / file).is_file() for file, _ in GAME_PAGES}


def copy_pages(game: Game, folder: Path) -> None:
    """Copy the game's hand-written rules pages (those it has) into ``folder``."""
    for name in PAGE_FILES:
        page = game.page(name)
        if page is not None:
            folder.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(page, folder / name)


def title(label: str | None, game_title: str) -> str:
    """A page's title: ``Rules reference · Joe's Bar``, or the game's own name."""
    return game_title if label is None else f"{label} · {game_title}"


def hand_written(docs: Path) -> frozenset[Path]:
    """The pages in ``docs`` (relative to it): called once the hand-written pages are
    copied and before any page is generated, it names the pages :func:`finish` reads
    for icons and symbols."""
    return frozenset(page.relative_to(docs) for page in docs.rglob("*.md"))


def finish(docs: Path, titles: Mapping[str, str], contexts: Mapping[str, Context],
           written: Collection[Path]) -> None:  # fmt: skip
    """Give every page of every game its title and game; in the hand-written pages
    (``written``, relative to ``docs``), the icons their pictures and the suit symbols
    their ink. The generated pages are left as made: their card text stays literal."""
    labels = dict(GAME_PAGES)
    for game_id, game_title in titles.items():
        for page in sorted((docs / game_id).glob("*.md")):
            text = page.read_text(encoding="utf-8")
            if page.relative_to(docs) in written:
                text = _icons(text, contexts[game_id], page)
                text = _symbols(text, contexts[game_id].symbols)
            # the theme places a page's title into the page as HTML: given as HTML text
            page_title = html_text(title(labels.get(page.name), game_title))
            meta = {"title": page_title, "game": game_id}
            page.write_text(_front_matter(text, meta), encoding="utf-8")


def _icons(text: str, context: Context, page: Path) -> str:
    def picture(match: re.Match[str]) -> str:
        icon = match.group(1)
        if icon not in context.icons:
            known = ", ".join(sorted(context.icons)) or "none"
            raise PageError(
                f"{page.parent.name}/{page.name}: :icon-{icon}: is not an icon of "
                f"{context.game.title} (its icons: {known})"
            )
        return context.icon(icon, label=False)

    return ICON.sub(picture, text)


#: Code, which shows markup as written: fenced blocks and inline code.
_CODE = re.compile(r"(^```.*?^```$|`[^`\n]*`)", re.MULTILINE | re.DOTALL)


def _symbols(text: str, symbols: Mapping[str, str]) -> str:
    """Every card symbol in the text (not in code) wrapped in the class of its ink."""
    if not symbols:
        return text
    # (not one already in its span, as the generated tables write them)
    pattern = re.compile('(?<!">)(?:' + "|".join(re.escape(symbol) for symbol in symbols) + ")")
    parts = _CODE.split(text)
    for index in range(0, len(parts), 2):  # the even parts are outside code
        parts[index] = pattern.sub(
            lambda match: f'<span class="{symbols[match.group(0)]}">{match.group(0)}</span>',
            parts[index],
        )
    return "".join(parts)


def _front_matter(text: str, meta: Mapping[str, str]) -> str:
    """``text`` with ``meta`` added to its front matter (kept where the page sets a key)."""
    lines = [f"{key}: {yaml_string(value)}" for key, value in meta.items()]
    if text.startswith("---\n"):
        end = text.index("\n---\n", 4)
        own = text[4:end].splitlines()
        keys = {line.split(":", 1)[0].strip() for line in own if ":" in line}
        lines = own + [line for line in lines if line.split(":", 1)[0] not in keys]
        text = text[end + 5 :]
    return "---\n" + "\n".join(lines) + "\n---\n" + text
