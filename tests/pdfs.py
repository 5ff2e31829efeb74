"""A small real PDF for tests that stand in for a kit's files (the downloads page draws
each PDF's first page, so a stand-in must be one PDFium reads)."""

from __future__ import annotations

import functools
import io

from reportlab.pdfgen.canvas import Canvas


@functools.cache
def blank_pdf() -> bytes:
    """One blank A4 page, the same bytes every time."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(595.28, 841.89), invariant=True)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()
