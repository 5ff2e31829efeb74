"""The icons of a game's card icon language, as small pictures for the rules text.

Joe's Bar writes every card effect as a row of icons. The site shows the same
icons inline, taken from the kit's own drawing so the page and the card can
never disagree: from ``dist/images/<game>/icons/<icon>.png`` when the kit
writes them, otherwise cut out of the kit's icon-reference player aid, which
shows every icon of the table, in table order, as a round badge down its left
edge.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw

from pnp.catalog import Game
from pnp.catalog.schemas.joes_bar import Icon, PlayerAid, icon_table
from pnp.files import write_atomic
from pnp.site.errors import SiteError

#: Pixels of an icon picture (shown at about a line's height, so sharp at 3x).
ICON_PIXELS = 72
#: A badge pixel is a saturated, lit colour (the aid's paper and ink are neither).
_SATURATION = 110
_VALUE = 70


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


def _badges(image: Image.Image) -> list[tuple[int, int, int, int]]:
    """Boxes (left, top, right, bottom) of the round badges down the left of an aid:
    runs of rows with saturated pixels whose extent is about square."""
    width, height = image.size
    left, right = int(0.02 * width), int(0.2 * width)
    pixels = image.convert("HSV").load()
    assert pixels is not None
    runs: list[tuple[int, int, int, int]] = []
    top: int | None = None
    xs: list[int] = []
    for y in range(height + 1):
        row = (
            [x for x in range(left, right) if _lit(pixels[x, y])]  # type: ignore[arg-type]
            if y < height
            else []
        )
        if len(row) > 8:
            top = y if top is None else top
            xs += row
        elif top is not None:
            box = (min(xs), top, max(xs) + 1, y)
            side_x, side_y = box[2] - box[0], box[3] - box[1]
            if abs(side_x - side_y) <= 0.1 * max(side_x, side_y):
                runs.append(box)
            top, xs = None, []
    return runs


def _lit(pixel: tuple[int, int, int]) -> bool:
    return pixel[1] > _SATURATION and pixel[2] > _VALUE


def _round(image: Image.Image, box: tuple[int, int, int, int]) -> bytes:
    """The badge in ``box`` cut out as a disc on a transparent ground, as PNG."""
    margin = 2
    left, top, right, bottom = box
    badge = image.crop((left - margin, top - margin, right + margin, bottom + margin))
    scale = 4  # a smooth edge: draw the mask large, then shrink it
    mask = Image.new("L", (badge.width * scale, badge.height * scale), 0)
    ImageDraw.Draw(mask).ellipse((0, 0, mask.width - 1, mask.height - 1), fill=255)
    badge = badge.convert("RGBA")
    badge.putalpha(mask.resize(badge.size, Image.Resampling.LANCZOS))
    small = badge.resize((ICON_PIXELS, ICON_PIXELS), Image.Resampling.LANCZOS)
    buffer = io.BytesIO()
    small.save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()


def _reference_aid(game: Game) -> Path:
    for deck in game.decks:
        for card in deck.cards:
            if isinstance(card, PlayerAid) and card.aid == "icon-reference":
                return Path(game.id) / deck.id / f"{card.id}-front.png"
    raise IconError(f"{game.title} has an icon table but no icon-reference player aid")


def card_icons(game: Game, dist: Path, docs: Path) -> dict[str, IconPicture]:
    """Write the pictures of ``game``'s icon language into ``docs/images/<game>/icons``
    and return them by icon id (none for a game without an icon table)."""
    table = icon_table(game)
    if not table:
        return {}
    exported = dist / "images" / game.id / "icons"
    folder = docs / "images" / game.id / "icons"
    pictures: dict[str, bytes] = {}
    if all((exported / f"{icon}.png").is_file() for icon in table):
        pictures = {icon: (exported / f"{icon}.png").read_bytes() for icon in table}
    else:
        source = dist / "images" / _reference_aid(game)
        if not source.is_file():
            raise IconError(f"{source} is missing: build the kit first (pnp build)")
        with Image.open(source) as opened:
            image = opened.convert("RGB")
        badges = _badges(image)
        if len(badges) != len(table):
            raise IconError(
                f"{source} shows {len(badges)} round icon badges down its left edge, but "
                f"{game.title}'s icon table has {len(table)} icons: the site cuts the icons "
                "out of this aid, so its layout and the table must agree"
            )
        pictures = {icon: _round(image, box) for icon, box in zip(table, badges, strict=True)}
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
