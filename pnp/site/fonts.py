"""The kit's own fonts, served by the site itself as web fonts (no font service).

Fjalla One (titles) and Source Sans Pro (text) come from their PyPI packages, the
same files the PDFs embed. Each is repackaged as WOFF, unchanged inside, so the
SIL Open Font License lets it travel under its own name; its licence goes with it.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from pathlib import Path

import font_fjallaone
import font_source_sans_pro
from fontTools.ttLib import TTFont

from pnp.files import write_atomic


@dataclass(frozen=True)
class WebFont:
    family: str
    file: str
    weight: int
    style: str


def _sources() -> dict[str, tuple[Path, WebFont]]:
    fjalla = Path(font_fjallaone.font_directory)
    sans = Path(font_source_sans_pro.font_directory)
    return {
        "FjallaOne-Regular": (
            fjalla / "FjallaOne-Regular.ttf",
            WebFont("Fjalla One", "FjallaOne-Regular.woff", 400, "normal"),
        ),
        "SourceSansPro-Regular": (
            sans / "SourceSansPro-Regular.ttf",
            WebFont("Source Sans Pro", "SourceSansPro-Regular.woff", 400, "normal"),
        ),
        "SourceSansPro-It": (
            sans / "SourceSansPro-It.ttf",
            WebFont("Source Sans Pro", "SourceSansPro-It.woff", 400, "italic"),
        ),
        "SourceSansPro-Bold": (
            sans / "SourceSansPro-Bold.ttf",
            WebFont("Source Sans Pro", "SourceSansPro-Bold.woff", 700, "normal"),
        ),
    }


def _licence(font: TTFont, ofl: str) -> str:
    """The font's own copyright line followed by the licence text it is released under."""
    notice = font["name"].getDebugName(0) or ""
    return (
        f"{notice}\n\nThis Font Software is licensed under the SIL Open Font License, 1.1.\n\n{ofl}"
    )


def web_fonts(folder: Path) -> str:
    """Write the fonts and their licences into ``folder``; return their ``@font-face`` rules
    (URLs relative to ``folder``)."""
    licence_file = Path(font_source_sans_pro.font_directory) / "LICENSE.txt"
    licence = licence_file.read_text(encoding="utf-8")
    ofl = licence[licence.index("-" * 20) :] if "-" * 20 in licence else licence
    rules = []
    licences: dict[str, str] = {}
    for source, web in _sources().values():
        font = TTFont(source, recalcTimestamp=False)  # the same bytes on every build
        font.flavor = "woff"
        buffer = io.BytesIO()
        font.save(buffer)
        write_atomic(folder / web.file, buffer.getvalue())
        family_file = re.sub(r"\W", "", web.family) + "-LICENSE.txt"
        licences.setdefault(family_file, _licence(font, ofl))
        rules.append(
            "@font-face {\n"
            f'  font-family: "{web.family}";\n'
            f'  src: url("{web.file}") format("woff");\n'
            f"  font-weight: {web.weight};\n  font-style: {web.style};\n"
            "  font-display: swap;\n}\n"
        )
    for file, text in licences.items():
        write_atomic(folder / file, text)
    return "".join(rules)
