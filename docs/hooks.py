"""MkDocs hooks of the tool's documentation: each ``<!-- pnp-reference: NAME -->`` of a
page becomes reference made from the code at build time (see :mod:`pnp.manual`)."""

from __future__ import annotations

from typing import Any

import pnp.catalog  # noqa: F401  (registers the built-in kinds the reference lists)
from pnp.manual.generate import expand


def on_page_markdown(markdown: str, **kwargs: Any) -> str:
    return expand(markdown)
