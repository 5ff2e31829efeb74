"""The markers of the documentation's pages that the build replaces with reference made
from the code: ``<!-- pnp-reference: commands -->``, ``<!-- pnp-reference: file
game.yaml -->`` and the others of :data:`pnp.manual.datafiles.GENERATED`."""

from __future__ import annotations

import re

#: A marker is a line of its own (so a page can quote one in code).
MARKER = re.compile(r"^<!-- pnp-reference: (?P<name>[^>]+?) -->$", re.M)


class UnknownMarker(ValueError):
    """A page names a reference that does not exist."""


def reference(name: str) -> str:
    """The generated reference ``name``; :class:`UnknownMarker` for one that is not."""
    from pnp.manual.commands import commands_markdown
    from pnp.manual.datafiles import GENERATED

    if name == "commands":
        return commands_markdown()
    if name not in GENERATED:
        known = ", ".join(["commands", *GENERATED])
        raise UnknownMarker(f"no generated reference {name!r} (known: {known})")
    return GENERATED[name]()


def expand(markdown: str) -> str:
    """``markdown`` with every marker replaced by its reference."""
    return MARKER.sub(lambda match: reference(match.group("name")), markdown)
