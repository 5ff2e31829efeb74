"""MkDocs hooks of the tool's documentation: each ``<!-- pnp-reference: NAME -->`` of a
page becomes reference made from the code at build time, and the JSON Schemas of the
data files are added as downloads (``schemas/*.json``); see :mod:`pnp.manual`."""

from __future__ import annotations

from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

import pnp.catalog  # noqa: F401  (registers the built-in kinds the reference lists)
from pnp.manual.datafiles import schema_documents
from pnp.manual.generate import expand


def on_files(files: Files, config: MkDocsConfig, **kwargs: Any) -> Files:
    for name, text in schema_documents().items():
        files.append(File.generated(config, f"schemas/{name}", content=text))
    return files


def on_page_markdown(markdown: str, **kwargs: Any) -> str:
    return expand(markdown)
