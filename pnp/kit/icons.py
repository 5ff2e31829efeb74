"""The pictures of a game's icon language, for the site: each icon as the cards show it.

Joe's Bar's icons (its ``icons.yaml``) are drawn by the same function as on its
player aid (a round neon sign with the glyph, in the colours of the game's layout),
one icon to a square page, and rasterised with PDFium on a transparent ground into
``<out>/<game>/icons/<icon>.png``. A game without an icon table gets none.
"""

from __future__ import annotations

import io
from pathlib import Path

import pypdfium2 as pdfium

from pnp.catalog import Game
from pnp.catalog.schemas.joes_bar import icon_table
from pnp.files import write_atomic
from pnp.kit.drawings.joes_bar.aids import icon_token
from pnp.kit.drawings.joes_bar.look import Look, colours_of
from pnp.kit.faces import FaceContext, FaceError, FaceOptions
from pnp.kit.fonts import new_canvas
from pnp.kit.geometry import MM, Edges

#: The side of an icon's picture, in millimetres and in pixels.
ICON_MM = 8.0
ICON_PIXELS = 96


def write_icon_images(game: Game, out: Path, options: FaceOptions) -> list[Path]:
    """Draw every icon of ``game``'s icon table into ``out/<game>/icons/``; the files."""
    table = icon_table(game)
    if not table:
        return []
    side = ICON_MM * MM
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, (side, side))
    if game.layouts is None:
        raise FaceError(f"{game.id}: the icons take their colours from layouts.yaml, which "
                        "the game does not have")  # fmt: skip
    context = FaceContext(game, game.decks[0], options, side, side, Edges.even(0))
    look = Look(context, colours_of(game.layouts.palette))
    for icon in table.values():
        icon_token(canvas, look, icon)(side / 2, side / 2, side - 0.5)
        canvas.showPage()
    canvas.save()
    document = pdfium.PdfDocument(buffer.getvalue())
    written = []
    try:
        for index, icon_id in enumerate(table):
            page = document[index]
            image = page.render(scale=ICON_PIXELS / side, fill_color=(0, 0, 0, 0)).to_pil()
            page.close()
            target = out / game.id / "icons" / f"{icon_id}.png"
            picture = io.BytesIO()
            image.save(picture, format="PNG", optimize=False)
            write_atomic(target, picture.getvalue())
            written.append(target)
    finally:
        document.close()
    return written
