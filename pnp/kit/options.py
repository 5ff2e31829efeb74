"""The choices of ``pnp build``, shared by the sheets, the PDFs, the extras and
the booklets."""

from __future__ import annotations

from dataclasses import dataclass, field

from pnp.kit.faces import FaceOptions
from pnp.kit.geometry import MM
from pnp.kit.layout import DEFAULT_MARGIN_MM, Duplex, Layout


@dataclass(frozen=True)
class KitOptions:
    """The choices of ``pnp build``."""

    paper: str = "a4"
    bleed_mm: float = 3.0
    duplex: Duplex = Duplex.LONG
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    faces: FaceOptions = field(default_factory=FaceOptions)
    #: Unprinted band at the paper's edge: nothing that must print goes there.
    margin_mm: float = DEFAULT_MARGIN_MM
    layout: Layout = Layout.BLEED

    @property
    def two_sided(self) -> bool:
        """True when the printer prints both sides (long or short edge)."""
        return self.duplex in (Duplex.LONG, Duplex.SHORT)


def back_offset(options: KitOptions) -> tuple[float, float]:
    """``--back-offset`` (millimetres right and up, as seen from the front holding
    the sheet to the light) in the drawing directions of the back page."""
    x, y = options.back_offset_mm[0] * MM, options.back_offset_mm[1] * MM
    if options.duplex is Duplex.LONG:
        return -x, y
    if options.duplex is Duplex.SHORT:
        return x, -y
    return 0.0, 0.0
