"""The other versions of the print-and-play kit the downloads page offers: Chinchón
with Spanish suits and with four-colour suits, and every game with the ink saver,
for gutterfold (single-sided printers), for printers that flip on the short edge, and
with shared cuts (cards edge to edge, for a guillotine or a paper trimmer).

Each is ``pnp build`` with other options (PDFs only, both papers), built into a
staging folder and then renamed into ``<out>/pnp/<name>-<paper>.pdf``; the PDFs
themselves are written atomically by the build.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from pnp.build import build
from pnp.catalog import Catalog
from pnp.export.downloads import ALTERNATIVES, Alternative
from pnp.kit.faces import FaceOptions
from pnp.kit.layout import Duplex, Layout
from pnp.kit.options import KitOptions

PAPERS = ("a4", "letter")


@dataclass(frozen=True)
class Choices:
    """The build options that make one alternative."""

    faces: FaceOptions = field(default_factory=FaceOptions)
    duplex: Duplex = Duplex.LONG
    layout: Layout = Layout.BLEED


CHOICES: dict[str, Choices] = {
    "chinchon-spanish": Choices(faces=FaceOptions(style="spanish")),
    "chinchon-four-colour": Choices(faces=FaceOptions(four_colour=True)),
    "kit-ink-saver": Choices(faces=FaceOptions(ink_saver=True)),
    "kit-gutterfold": Choices(duplex=Duplex.GUTTERFOLD),
    "kit-short-edge": Choices(duplex=Duplex.SHORT),
    "kit-shared-cut": Choices(layout=Layout.SHARED_CUT),
}


def _source_name(alternative: Alternative, paper: str) -> str:
    return f"{alternative.game or 'kit'}-{paper}.pdf"


def build_alternatives(
    catalog: Catalog, out: Path, jobs: int | None = None, only: tuple[str, ...] | None = None
) -> list[Path]:
    """Build every alternative (or those named in ``only``) whose game is in
    ``catalog``; the PDFs written."""
    written = []
    known = {game.id for game in catalog.games}
    for alternative in ALTERNATIVES:
        if alternative.game is not None and alternative.game not in known:
            continue
        if only is not None and alternative.name not in only:
            continue
        choices = CHOICES[alternative.name]
        games = [g for g in catalog.games if alternative.game in (None, g.id)]
        options = KitOptions(duplex=choices.duplex, faces=choices.faces, layout=choices.layout)
        (out / "pnp").mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=".alternative-", dir=out / "pnp"))
        try:
            build(
                catalog,
                games,
                PAPERS,
                options,
                staging,
                images=False,
                jobs=jobs,
                show_progress=False,
            )
            for paper in PAPERS:
                target = out / "pnp" / alternative.file(paper)
                os.replace(staging / "pnp" / _source_name(alternative, paper), target)
                written.append(target)
        finally:
            shutil.rmtree(staging, ignore_errors=True)
    return written
