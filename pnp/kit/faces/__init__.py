"""Card faces: one drawing per deck kind, shared by the PDFs and the images.

Importing this package registers every game's faces.
"""

from pnp.kit.faces import chinchon
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
    "chinchon",
    "design_for",
    "has_design",
]
