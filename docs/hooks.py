"""MkDocs hooks of the tool's documentation: each ``<!-- pnp-reference: NAME -->`` of a
page becomes reference made from the code at build time, and the JSON Schemas of the
data files are added as downloads (``schemas/*.json``), with the rules site's search shim
for pages opened from disk (one file, ``site/docs/assets/javascripts``); see
:mod:`pnp.manual`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

import pnp.catalog  # noqa: F401  (registers the built-in kinds the reference lists)
from pnp.manual.datafiles import schema_documents
from pnp.manual.generate import expand

#: The search shim both sites load (mkdocs.yml's ``extra.polyfills``).
SHIM = "assets/javascripts/iframe-worker-offline.js"
RULES_SITE = Path(__file__).resolve().parents[1] / "site" / "docs"


def on_files(files: Files, config: MkDocsConfig, **kwargs: Any) -> Files:
    for name, text in schema_documents().items():
        files.append(File.generated(config, f"schemas/{name}", content=text))
    files.append(File.generated(config, SHIM, abs_src_path=str(RULES_SITE / SHIM)))
    return files


def on_page_markdown(markdown: str, **kwargs: Any) -> str:
    return expand(markdown)
