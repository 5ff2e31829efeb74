"""What the site's downloads page offers besides the default kits, read from what the
kit built (no drawing code here, so that the site can import it).

:data:`ALTERNATIVES` are the other versions of the PDF kit
(:mod:`pnp.export.alternatives` builds them); :func:`bundles` finds the zips of
``pnp export --bundles``; :func:`booklets` the rules booklets of ``pnp build``.
Each offer carries the one line the page says about what it is for.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pnp.export.bundles import BUNDLES_FOLDER


@dataclass(frozen=True)
class Alternative:
    """Another version of the kit: ``<name>-<paper>.pdf`` in ``pnp/``, of one game
    (``game``) or of every game (``None``)."""

    name: str
    title: str
    purpose: str
    game: str | None = None

    def file(self, paper: str) -> str:
        return f"{self.name}-{paper}.pdf"


ALTERNATIVES: tuple[Alternative, ...] = (
    Alternative(
        "chinchon-spanish",
        "Chinchón, Spanish suits",
        "The deck with oros, copas, espadas and bastos, as the game is played in Spain.",
        "chinchon",
    ),
    Alternative(
        "chinchon-four-colour",
        "Chinchón, four colours",
        "Each suit in its own colour, so suits are told apart at a glance.",
        "chinchon",
    ),
    Alternative(
        "kit-ink-saver",
        "Every game, ink saver",
        "Greyscale with no large dark areas, for a printer low on ink.",
    ),
    Alternative(
        "kit-gutterfold",
        "Every game, gutterfold",
        "Fronts and backs side by side on one page, to fold and glue: for printers "
        "that print one side only.",
    ),
    Alternative(
        "kit-short-edge",
        "Every game, short-edge duplex",
        "Backs arranged for printers that flip the sheet on its short edge.",
    ),
    Alternative(
        "kit-shared-cut",
        "Every game, shared cuts",
        "Cards edge to edge, one straight cut between neighbours, for a guillotine or "
        "paper trimmer: 9 poker cards on A4, 8 on Letter.",
    ),
)

#: What each bundle is for, by kind (``tts`` or a service id).
BUNDLE_PURPOSES: dict[str, tuple[str, str]] = {
    "tts": (
        "Tabletop Simulator",
        "Face sheets and a saved object to play the game online in Tabletop Simulator "
        "(it loads the card images from this site).",
    ),
    "makeplayingcards": (
        "MakePlayingCards",
        "Poker-card images at 822 x 1122 px and an order list, to order a "
        "printed deck from MakePlayingCards.",
    ),
    "the-game-crafter": (
        "The Game Crafter",
        "Poker-card PNGs at 825 x 1125 px and an order list, for a deck from The Game Crafter.",
    ),
    "drivethrucards": (
        "DriveThruCards",
        "CMYK files and one PDF per deck (backs before fronts), to sell or "
        "print the deck on DriveThruCards.",
    ),
}


@dataclass(frozen=True)
class Offer:
    """One file the downloads page links: where it is, its title and its purpose."""

    path: Path
    title: str
    purpose: str


def bundles(dist: Path, game: str) -> list[Offer]:
    """The export bundles of ``game`` in ``dist/export/bundles``, Tabletop Simulator first."""
    folder = dist / "export" / BUNDLES_FOLDER
    return [
        Offer(folder / f"{kind}-{game}.zip", title, purpose)
        for kind, (title, purpose) in BUNDLE_PURPOSES.items()
        if (folder / f"{kind}-{game}.zip").is_file()
    ]
