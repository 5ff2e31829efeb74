"""Tables every game may have: its variants."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pnp.catalog.schemas.common import Variant
from pnp.site.cards import Column, Context, presents
from pnp.site.text import md


@presents(Variant)
def variants(context: Context, deck_id: str, records: Sequence[Any]) -> list[Column]:
    return [
        Column("Variant", lambda variant: f"**{md(variant.name)}**"),
        Column("What changes", lambda variant: md(variant.summary)),
    ]
