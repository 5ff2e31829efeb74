"""Card images: one PNG per card face at 300 dpi, with and without bleed.

Each face is drawn by the same function as in the PDF, onto a one-card page,
and rasterised with PDFium; the image without bleed is the same raster with
the bleed cropped off, so the two can never disagree.

Files: ``<out>/<game>/<deck>/<id>-front.png`` (trimmed) and
``<id>-front-bleed.png``; backs likewise as ``<id>-back.png`` when the back
shows something of the card (Chin Music's Ruffians), otherwise one shared
``back.png`` per deck.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from pathlib import Path

import pypdfium2 as pdfium

from pnp.catalog.model import Deck, Game, Side
from pnp.files import write_atomic
from pnp.kit.faces import FaceContext, FaceError, FaceOptions, design_for
from pnp.kit.fonts import new_canvas
from pnp.kit.geometry import MM, Edges

DPI = 300


def deck_pdf(game: Game, deck: Deck, faces: list[Side], bleed_mm: float,
             options: FaceOptions) -> bytes:  # fmt: skip
    """A PDF with one page per face, each page the card plus its bleed."""
    width, height = deck.spec.size.width * MM, deck.spec.size.height * MM
    return faces_pdf(game, deck, faces, width, height, Edges.even(bleed_mm * MM), options)


def faces_pdf(game: Game, deck: Deck, faces: Sequence[Side], width: float, height: float,
              edges: Edges, options: FaceOptions) -> bytes:  # fmt: skip
    """A PDF with one page per face: the card drawn at ``width`` x ``height`` points with
    ``edges`` of room round it (its bleed, and any margin beyond), as the PDFs draw it."""
    design = design_for(game, deck)
    buffer = io.BytesIO()
    page = (width + edges.left + edges.right, height + edges.bottom + edges.top)
    canvas = new_canvas(buffer, page)
    context = FaceContext(game, deck, options, width, height, edges)
    for face in faces:
        canvas.translate(edges.left, edges.bottom)
        draw = design.front if face.side == "front" else design.back
        try:
            draw(canvas, face.card, context)
        except FaceError as error:
            raise type(error)(f"{game.title}, {deck.spec.file}: {error}") from None
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def write_deck_images(game: Game, deck: Deck, out: Path, bleed_mm: float,
                      options: FaceOptions, progress: Callable[[str], None] = lambda _: None,
                      ) -> list[Path]:  # fmt: skip
    """Render every face of ``deck`` into ``out/<game>/<deck>/``; return the files written."""
    faces = list(deck.sides())
    document = pdfium.PdfDocument(deck_pdf(game, deck, faces, bleed_mm, options))
    folder = out / game.id / deck.id
    trim_width = round(deck.spec.size.width * DPI / 25.4)
    trim_height = round(deck.spec.size.height * DPI / 25.4)
    written: list[Path] = []
    try:
        for index, face in enumerate(faces):
            page = document[index]
            image = page.render(scale=DPI / 72).to_pil().convert("RGB")
            page.close()
            left = (image.width - trim_width) // 2
            top = (image.height - trim_height) // 2
            trimmed = image.crop((left, top, left + trim_width, top + trim_height))
            for path, picture in ((folder / f"{face.name}-bleed.png", image),
                                  (folder / f"{face.name}.png", trimmed)):  # fmt: skip
                buffer = io.BytesIO()
                picture.save(buffer, format="PNG", dpi=(DPI, DPI), optimize=False)
                write_atomic(path, buffer.getvalue())
                written.append(path)
            progress(face.name)
    finally:
        document.close()
    return written
