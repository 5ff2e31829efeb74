"""Card faces: one drawing per deck kind, shared by the PDFs and the images.

Importing this package registers every game's faces.
"""

from pnp.kit.faces import chin_music, joes_bar, music_game_thingy
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
    "chin_music",
    "design_for",
    "has_design",
    "joes_bar",
    "music_game_thingy",
]
