"""Print files for the print-on-demand services (:mod:`pnp.export.services`).

Files, in ``<out>/<service>/<game>/``: ``<deck>/<card>-front.png`` (``.jpg`` in CMYK
for a service that asks CMYK) for every distinct front, ``<deck>/back.png`` for a
deck whose cards share a back or ``<deck>/<card>-back.png`` for cards with their own;
``manifest.csv`` (one row per distinct front: its file, its back's file and how many
to print); for DriveThruCards ``<deck>.pdf`` as it asks (each card's back, then its
front, copies included); with proofs, ``proofs/<deck>/<side>.png`` showing the cut
and safe lines. Services sharing a product's geometry share one rendering.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from PIL import Image
from reportlab import rl_config
from reportlab.lib.utils import ImageReader

from pnp.catalog.model import Deck, Game, Side
from pnp.export.colour import to_cmyk
from pnp.export.icc import cmyk_profile
from pnp.export.proofs import proof
from pnp.export.render import Raster, render_sides
from pnp.export.services import Product, Service
from pnp.files import write_atomic
from pnp.kit.faces import FaceOptions
from pnp.kit.fonts import new_canvas

#: JPEG quality of CMYK print files, with full colour resolution.
JPEG_QUALITY = 90
MANIFEST_COLUMNS = ("deck", "card", "name", "file", "back file", "quantity")


@dataclass(frozen=True)
class Skipped:
    """A deck a service cannot print, and why, in a sentence."""

    service: str
    game: str
    deck: str
    sentence: str


def skipped(service: Service, game: Game, deck: Deck) -> Skipped:
    size = deck.spec.size
    sentence = (
        f"{service.title} prints no {size.width:g} x {size.height:g} mm cards, so "
        f"{deck.spec.title} of {game.title} are left out of its files (it prints "
        f"{service.sizes()}); print them from the PDF kit."
    )
    return Skipped(service.id, game.id, deck.id, sentence)


def side_file(deck: Deck, side: Side, service: Service) -> str:
    """The file of a side, inside the game's folder: ``<deck>/<side>.<ext>``."""
    return f"{deck.id}/{side.name}.{service.extension}"


def encode(image: Image.Image, service: Service) -> bytes:
    buffer = io.BytesIO()
    density = (service.dpi, service.dpi)
    if service.colour == "CMYK":
        to_cmyk(image, service.ink_limit).save(
            buffer, format="JPEG", quality=JPEG_QUALITY, subsampling=0, optimize=True,
            dpi=density, icc_profile=cmyk_profile(),
        )  # fmt: skip
    else:
        image.save(buffer, format="PNG" if service.image_format == "png" else "JPEG", dpi=density)
    return buffer.getvalue()


def write_deck(
    game: Game,
    deck: Deck,
    product: Product,
    services: Sequence[Service],
    staging: Path,
    options: FaceOptions,
    proofs: bool,
) -> list[Path]:
    """Render every side of ``deck`` once for ``product`` and write each service's file
    (and proof) under ``staging/<service>/<game>/``; the files written."""
    dpi = services[0].dpi
    raster = Raster.at_dpi(*product.trim_in, product.image_pixels, dpi)
    sides = list(deck.sides())
    written = []
    for side, image in zip(sides, render_sides(game, deck, sides, raster, options), strict=True):
        for service in services:
            folder = staging / service.id / game.id
            path = folder / side_file(deck, side, service)
            write_atomic(path, encode(image, service))
            written.append(path)
            if proofs:
                target = folder / "proofs" / deck.id / f"{side.name}.png"
                buffer = io.BytesIO()
                proof(image, product, dpi).save(buffer, format="PNG", dpi=(dpi, dpi))
                write_atomic(target, buffer.getvalue())
                written.append(target)
    return written


def _back(deck: Deck, card_side: Side) -> Side:
    """The back behind ``card_side`` (the card's own, or the deck's shared back)."""
    return Side(card_side.card, "back")


def manifest(service: Service, game: Game, decks: Sequence[Deck]) -> str:
    """The CSV a person orders from: one row per distinct front."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(MANIFEST_COLUMNS)
    for deck in decks:
        for card in deck.cards:
            front = Side(card, "front")
            writer.writerow(
                (
                    deck.id,
                    card.id,
                    card.label(),
                    side_file(deck, front, service),
                    side_file(deck, _back(deck, front), service),
                    card.count,
                )
            )
    return buffer.getvalue()


def deck_pdf(service: Service, product: Product, deck: Deck, folder: Path) -> bytes:
    """One deck as DriveThruCards asks: a page per side of every physical card, each
    card's back first, the images of ``folder`` placed whole on pages of the image's
    size, with the trim and bleed boxes set."""
    points = tuple(pixels * 72 / service.dpi for pixels in product.image_pixels)
    width, height = points
    trim = (product.trim_in[0] * 72, product.trim_in[1] * 72)
    left, bottom = (width - trim[0]) / 2, (height - trim[1]) / 2
    buffer = io.BytesIO()
    binary = rl_config.useA85
    rl_config.useA85 = 0  # the JPEGs go in as they are, not a quarter larger as text
    try:
        _deck_pages(service, product, deck, folder, buffer, (width, height), (left, bottom), trim)
    finally:
        rl_config.useA85 = binary
    return buffer.getvalue()


def _deck_pages(
    service: Service,
    product: Product,
    deck: Deck,
    folder: Path,
    buffer: io.BytesIO,
    page: tuple[float, float],
    corner: tuple[float, float],
    trim: tuple[float, float],
) -> None:
    width, height = page
    left, bottom = corner
    canvas = new_canvas(buffer, (width, height))
    canvas.setTitle(f"{deck.spec.title} ({service.title})")
    canvas.setCreator("pnp export (reportlab)")
    for card in deck.cards:
        front = Side(card, "front")
        for _ in range(card.count):
            for side in (_back(deck, front), front):
                canvas.setBleedBox((0, 0, width, height))
                canvas.setTrimBox((left, bottom, left + trim[0], bottom + trim[1]))
                image = ImageReader(str(folder / side_file(deck, side, service)))
                canvas.drawImage(image, 0, 0, width, height)
                canvas.showPage()
    canvas.save()


def read_me(
    service: Service, game: Game, decks: Sequence[Deck], left_out: Sequence[Skipped]
) -> str:
    """What the folder holds and how to order from it, for its ``README.txt``."""
    lines = [
        f"{game.title}: print files for {service.title}, made by pnp export from the "
        "print-and-play kit's card drawings.",
        "",
        f"{service.title} asks for {service.asks}",
        "",
        "manifest.csv lists every distinct card front with its file, the file of its back "
        "and how many to order; the quantities add up to the decks' card counts:",
    ]
    lines += [f"  {deck.spec.title}: {deck.physical_count} cards" for deck in decks]
    if service.deck_pdfs:
        lines += [
            "",
            "Each deck is also one PDF (<deck>.pdf), each card's back then its front, "
            "copies included, as the service takes it.",
        ]
    if left_out:
        lines += ["", "Left out:"] + [f"  {skip.sentence}" for skip in left_out]
    lines += ["", "Order a single proof deck first: colours on press differ from a screen."]
    return "\n".join(lines) + "\n"
