"""The one error the site build raises for a person to read."""

from __future__ import annotations


class SiteError(ValueError):
    """The site cannot be built (a missing input, or mkdocs failed)."""
