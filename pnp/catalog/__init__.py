"""The card catalog: the only way any part of the project reads ``cards/``.

>>> from pnp.catalog import load_catalog
>>> catalog = load_catalog("cards")            # doctest: +SKIP
>>> catalog.game("chin-music").deck("bout").physical_count   # doctest: +SKIP
36
"""

from pnp.catalog.errors import CatalogError, Problem
from pnp.catalog.loader import load_catalog
from pnp.catalog.model import Catalog, Deck, Game, Table

__all__ = ["Catalog", "CatalogError", "Deck", "Game", "Problem", "Table", "load_catalog"]
