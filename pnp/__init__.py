"""Publishing pipeline for card games: catalog, kit, site."""

__version__ = "0.1.0"
