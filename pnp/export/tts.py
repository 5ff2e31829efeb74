"""The Tabletop Simulator export: face sheets, back images and a saved object per game.

Files, in ``<out>/tts/<game>/``: ``<deck>-faces-<n>.jpg`` (or ``.png``), one per
sheet; ``<deck>-back.jpg`` where the deck's cards share a back, otherwise
``<deck>-backs-<n>.jpg``, a back sheet of the same grid; and ``<game>.json``, the saved
object (copy it into Tabletop Simulator's ``Saves/Saved Objects`` folder, or import it
from Objects > Saved Objects). Its image URLs are ``BASE/<game>/<file>`` with a base
URL: the published site's ``<site>/downloads/tts`` (``--site-url``, where the site
serves these files) or any other host (``--base-url``). Without one they are
``file://`` URLs of the files where they are finally written: a deck for this computer
only, which the site does not offer.
"""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from PIL import Image

from pnp.catalog.model import Deck, Game, Side
from pnp.export.render import Raster, render_sides
from pnp.export.tts_grid import MM_PER_INCH, TTS_DPI, DeckSheets, Sheet, card_pixels, plan_deck
from pnp.export.tts_object import DeckImages, saved_object
from pnp.files import write_atomic
from pnp.kit.faces import FaceOptions

ImageFormat = Literal["jpeg", "png"]
#: JPEG quality, with full colour resolution so small coloured text stays sharp.
JPEG_QUALITY = 90
#: The colour of a slot no card fills.
EMPTY_SLOT = (255, 255, 255)
#: Sheet keys of each game start at a multiple of this (ids stay apart between games).
KEYS_PER_GAME = 100


def extension(image_format: ImageFormat) -> str:
    return "jpg" if image_format == "jpeg" else "png"


def encode(image: Image.Image, image_format: ImageFormat, dpi: float) -> bytes:
    """The image as JPEG or PNG bytes, with its resolution recorded."""
    buffer = io.BytesIO()
    density = (round(dpi), round(dpi))
    if image_format == "jpeg":
        image.save(
            buffer, format="JPEG", quality=JPEG_QUALITY, subsampling=0, optimize=True, dpi=density
        )
    else:
        image.save(buffer, format="PNG", dpi=density)
    return buffer.getvalue()


def plan_game(game: Game, game_index: int) -> list[DeckSheets]:
    """The sheets of every deck of ``game`` (the ``game_index``-th game of the catalog)."""
    plans = []
    key = game_index * KEYS_PER_GAME + 1
    for deck in game.decks:
        plan = plan_deck(deck, key)
        plans.append(plan)
        key += len(plan.sheets)
    if key > (game_index + 1) * KEYS_PER_GAME:
        raise ValueError(f"{game.title} needs more than {KEYS_PER_GAME - 1} sheets")
    return plans


@dataclass(frozen=True)
class DeckFiles:
    """The image files of one deck, as names inside the game's folder."""

    deck: str
    faces: tuple[str, ...]
    backs: tuple[str, ...]


def _sheet_image(
    game: Game,
    deck: Deck,
    sheet: Sheet,
    sides: Sequence[Side],
    hidden: Side | None,
    options: FaceOptions,
) -> Image.Image:
    size = deck.spec.size
    raster = Raster.trimmed(size.width, size.height, sheet.card_pixels[0])
    width, height = sheet.card_pixels
    image = Image.new("RGB", sheet.pixels, EMPTY_SLOT)
    pictures = list(
        render_sides(game, deck, [*sides, *([hidden] if hidden else [])], raster, options)
    )
    slots = list(range(len(sides)))
    if hidden is not None and sheet.hidden_slot is not None:
        slots.append(sheet.hidden_slot)
    for slot, picture in zip(slots, pictures, strict=True):
        row, column = sheet.position(slot)
        image.paste(picture, (column * width, row * height))
    return image


def write_deck(
    game: Game, plan: DeckSheets, folder: Path, image_format: ImageFormat, options: FaceOptions
) -> DeckFiles:
    """Render and write one deck's sheets and backs into ``folder``."""
    deck = plan.deck
    suffix = extension(image_format)
    size = deck.spec.size
    faces: list[str] = []
    backs: list[str] = []
    shared_back = Side(deck.cards[0], "back")
    for sheet in plan.sheets:
        dpi = sheet.card_pixels[0] / (size.width / MM_PER_INCH)
        fronts = [Side(card, "front") for card in sheet.cards]
        hidden = None if plan.unique_backs else shared_back
        name = f"{deck.id}-faces-{sheet.number}.{suffix}"
        picture = _sheet_image(game, deck, sheet, fronts, hidden, options)
        write_atomic(folder / name, encode(picture, image_format, dpi))
        faces.append(name)
        if plan.unique_backs:
            own = [Side(card, "back") for card in sheet.cards]
            name = f"{deck.id}-backs-{sheet.number}.{suffix}"
            picture = _sheet_image(game, deck, sheet, own, None, options)
            write_atomic(folder / name, encode(picture, image_format, dpi))
            backs.append(name)
    if not plan.unique_backs:
        raster = Raster.trimmed(size.width, size.height, card_pixels(size.width, size.height)[0])
        (picture,) = render_sides(game, deck, [shared_back], raster, options)
        name = f"{deck.id}-back.{suffix}"
        write_atomic(folder / name, encode(picture, image_format, TTS_DPI))
        backs.append(name)
    return DeckFiles(deck.id, tuple(faces), tuple(backs))


def image_url(final_folder: Path, name: str, game: Game, base_url: str | None) -> str:
    """Where Tabletop Simulator finds an image: the file itself, or the hosted copy."""
    if base_url:
        return f"{base_url.rstrip('/')}/{game.id}/{name}"
    return (final_folder / name).resolve().as_uri()


def write_saved_object(
    game: Game,
    plans: Sequence[DeckSheets],
    files: Sequence[DeckFiles],
    folder: Path,
    final_folder: Path,
    base_url: str | None,
) -> Path:
    """Write ``<game>.json`` into ``folder``, its URLs pointing into ``final_folder``."""
    by_deck = {
        deck_files.deck: DeckImages(
            tuple(image_url(final_folder, name, game, base_url) for name in deck_files.faces),
            tuple(image_url(final_folder, name, game, base_url) for name in deck_files.backs),
        )
        for deck_files in files
    }
    document = saved_object(game, plans, by_deck)
    path = folder / f"{game.id}.json"
    write_atomic(path, json.dumps(document, indent=2, ensure_ascii=False) + "\n")
    return path


def read_me(game: Game, base_url: str | None, on_site: bool) -> str:
    """How to put ``game`` on the table, for the folder's ``README.txt``: where its
    images are loaded from (``base_url``; ``on_site``: the published site's copy)."""
    text = (
        f"{game.title} for Tabletop Simulator, made by pnp export from the print-and-play "
        "kit's card drawings.\n\n"
        f"{game.id}.json is a saved object holding every deck of the game. Copy it into\n"
        "Tabletop Simulator's Saves/Saved Objects folder (in Documents/My Games/Tabletop "
        "Simulator),\nthen in a game choose Objects > Saved Objects and click it.\n\n"
    )
    if base_url is None:
        return text + (
            "LOCAL COPY, for this computer only: its image links point at the files of\n"
            "this folder where pnp export wrote them (file:// links), so it works on the\n"
            "computer that made it and nowhere else. To share the game, export again with\n"
            "the address the site will be published at (--site-url https://your.site/):\n"
            "the site then serves these images and the saved object loads them from there.\n"
        )
    where = f"{base_url.rstrip('/')}/{game.id}/"
    if on_site:
        return text + (
            f"Tabletop Simulator loads its card images from the site that offers this\n"
            f"download, at {where}\n"
            "(the same images as in this folder), so every player sees the same cards.\n"
            "The site must be published at that address for the images to load.\n"
        )
    return text + (
        f"Tabletop Simulator loads its card images from {where}\n"
        "(given with --base-url): put this folder's images there, so every player loads\n"
        "the same cards.\n"
    )
