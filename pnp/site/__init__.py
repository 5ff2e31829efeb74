"""The rules website: generated pages, card galleries and downloads, built with mkdocs."""

from pnp.site.build import SiteError, build_site, build_sites, serve, stage

__all__ = ["SiteError", "build_site", "build_sites", "serve", "stage"]
