"""mkdocs hooks for ``pnp site --serve``: before each rebuild, stage the site
again from the hand-written pages, the templates and the card data, so an
edit to any of them shows in the browser."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

from pnp.catalog import CatalogError, load_catalog
from pnp.site.build import SiteError, stage, sync_tree


def on_pre_build(config: Any, **_: Any) -> None:
    project = Path(os.environ["PNP_SITE_PROJECT"])
    try:
        catalog = load_catalog(os.environ["PNP_SITE_CARDS"])
        with tempfile.TemporaryDirectory() as folder:
            staged = Path(folder)
            stage(catalog, project, Path(os.environ["PNP_SITE_KIT"]), staged, staged / "site",
                  offline=False)  # fmt: skip
            sync_tree(staged / "docs", Path(config["docs_dir"]))
            sync_tree(staged / "includes", Path(config["docs_dir"]).parent / "includes")
    except (CatalogError, SiteError) as error:
        raise PluginError(str(error)) from None
