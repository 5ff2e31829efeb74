"""Tables every game may have: its variants, each with the engine parameters it sets, and
its icons (named by the `icons` fields of card kinds declared in data)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, StringConstraints

from pnp.catalog.base import TableRow, Text, table_kind

#: An engine parameter's name as the data writes it (``careful_callouts``).
ParamName = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]*$")]
#: The value of an engine parameter: a JSON scalar.
ParamValue = bool | int | float | str


@table_kind("variant")
class Variant(TableRow):
    """An optional rule the table agrees on before play.

    ``params`` are the engine parameters the variant sets (``{jokers: true}``); the
    registry of games checks them against the engine's declared parameters when the
    game is loaded, so a typo is reported with this file and line.
    """

    name: Text
    summary: Text
    params: dict[ParamName, ParamValue] = Field(min_length=1)
    noun = "variant"


@table_kind("icon")
class IconEntry(TableRow):
    """An icon a game's cards name in their ``icons`` fields (kinds declared in data):
    its name and, optionally, what it means."""

    name: Text
    meaning: Text | None = None
    noun = "icon"
