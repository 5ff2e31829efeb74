"""The icons of a game's card icon language, as small pictures for the rules text.

Joe's Bar writes every card effect as a row of icons. The site shows the same
icons inline, drawn by the kit with the same function as on the cards
(:mod:`pnp.kit.icons` writes ``dist/images/<game>/icons/<icon>.png``), so the
page and the card can never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pnp.catalog import Game
from pnp.catalog.schemas.joes_bar import Icon, icon_table
from pnp.files import write_atomic
from pnp.site.errors import SiteError


class IconError(SiteError):
    """The icons cannot be taken from the kit's images."""


@dataclass(frozen=True)
class IconPicture:
    """One icon as the site shows it; ``src`` is relative to the docs folder."""

    id: str
    name: str
    meaning: str
    src: str
    older_draft_only: bool


def card_icons(game: Game, dist: Path, docs: Path) -> dict[str, IconPicture]:
    """Write the pictures of ``game``'s icon language into ``docs/images/<game>/icons``
    and return them by icon id (none for a game without an icon table)."""
    table = icon_table(game)
    if not table:
        return {}
    exported = dist / "images" / game.id / "icons"
    folder = docs / "images" / game.id / "icons"
    missing = [icon for icon in table if not (exported / f"{icon}.png").is_file()]
    if missing:
        raise IconError(
            f"{exported / (missing[0] + '.png')} is missing: build the kit first (pnp build)"
        )
    pictures = {icon: (exported / f"{icon}.png").read_bytes() for icon in table}
    found = {}
    for icon_id, data in pictures.items():
        write_atomic(folder / f"{icon_id}.png", data)
        icon: Icon = table[icon_id]
        found[icon_id] = IconPicture(
            id=icon_id,
            name=icon.name,
            meaning=icon.meaning,
            src=f"images/{game.id}/icons/{icon_id}.png",
            older_draft_only=icon.only_under is not None,
        )
    return found
