"""The style sheets the build writes beside the hand-written ``extra.css``: each game's
colours (from each game's look, :mod:`pnp.site.looks`), the suits' inks, and the kit's fonts."""

from __future__ import annotations

from pathlib import Path

from pnp.catalog import Catalog
from pnp.files import write_atomic
from pnp.site.fonts import web_fonts
from pnp.site.looks import Looks, style_sheet
from pnp.site.presenters.chinchon import suit_inks


def theme_assets(catalog: Catalog, looks: Looks, assets: Path) -> None:
    """Write ``stylesheets/games.css`` and ``fonts/`` (with ``fonts/fonts.css``) into ``assets``."""
    inks = "".join(suit_inks(game) for game in catalog.games)
    write_atomic(assets / "stylesheets" / "games.css", style_sheet(looks) + "\n" + inks)
    write_atomic(assets / "fonts" / "fonts.css", web_fonts(assets / "fonts"))
