"""Card faces: one drawing per deck kind, shared by the PDFs and the images.

:func:`design_for` gives a deck its game's layout of the deck's kind (``layouts.yaml``,
drawn by :mod:`pnp.kit.layout_faces`), else a face registered in Python for the kind
(:data:`FACES`, ``@face("kind")``). The four games of the project are all drawn by their
layouts; what data cannot say is a named element (:mod:`pnp.kit.elements`).
"""

from pnp.kit.faces.base import (
    FACES,
    FaceContext,
    FaceDesign,
    FaceError,
    FaceOptions,
    MissingFaceError,
    TextOverflowError,
    design_for,
    has_design,
)

__all__ = [
    "FACES",
    "FaceContext",
    "FaceDesign",
    "FaceError",
    "FaceOptions",
    "MissingFaceError",
    "TextOverflowError",
    "design_for",
    "has_design",
]
