"""The model of ``cards/<game>/game.yaml``: what a game is made of."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from pnp.catalog.base import Colour, Id, Model, PositiveInt, Text
from pnp.catalog.limits import LIMITS

#: Millimetres, as a plain number (``63`` or ``63.5``).
Millimetres = Annotated[float, Field(gt=0, le=400)]


class PlayerRange(Model):
    min: PositiveInt
    max: PositiveInt
    best: tuple[PositiveInt, ...] = ()

    @model_validator(mode="after")
    def _ordered(self) -> PlayerRange:
        if self.min > self.max:
            raise ValueError(f"min ({self.min}) is more than max ({self.max})")
        return self


class CardSize(Model):
    """Trimmed card size in millimetres (bleed is added by the kit)."""

    width: Millimetres
    height: Millimetres
    name: Text | None = None


class BackDesign(Model):
    """How a deck's back is drawn: a motif in two colours with a title."""

    title: Text
    motif: Literal["fists", "pips", "stripes", "diamonds", "records", "stars", "bottles", "plain"]
    colour: Colour
    ink: Colour


class Credit(Model):
    name: Text
    role: Text


class Source(Model):
    """The source rules this game's data was taken from."""

    title: Text
    file: Text
    edition: Text | None = None
    year: Text | None = None


class Provenance(Model):
    """Where a list comes from: the source rules, designed here, or both."""

    origin: Literal["source", "designed", "mixed"]
    note: Text


class MoreCopies(Model):
    """Print the deck ``copies`` times in all for ``players`` players or more."""

    players: PositiveInt
    copies: Annotated[int, Field(ge=2, le=4)]


class DeckSpec(Model):
    """A deck of physical cards, stored in ``file`` as records of ``kind``.

    ``file`` is a YAML file (``cards:``), a CSV file or an XLSX workbook (one row a
    card, the first row naming the fields); ``sheet`` picks a workbook's sheet
    (default: the first)."""

    title: Text
    file: Text
    kind: Text
    sheet: Text | None = None
    #: Physical cards, copies included; bounded so that a build stays finite.
    count: Annotated[int, Field(ge=1, le=LIMITS.deck_cards)]
    size: CardSize
    back: BackDesign
    provenance: Provenance
    description: Text | None = None
    #: Set for decks used only under an alternative rule (e.g. a draft rule
    #: or a variant): the id of the decision or variant that brings it in.
    only_under: Id | None = None
    #: More copies of the deck for larger tables (Chinchón: two decks for 5 to 8).
    more_copies: MoreCopies | None = None


class TableSpec(Model):
    """A table of non-card data (icons, suits, decisions ...), in YAML (``entries:``),
    CSV or XLSX as a deck is."""

    title: Text
    file: Text
    kind: Text
    sheet: Text | None = None
    provenance: Provenance


#: The printable extras the kit can make for what a table needs.
PrintedExtra = Literal["score-sheet", "dice", "track-counters", "knockout-tally"]


class Need(Model):
    """Something the table needs besides the cards: what, how many, what for, and
    which printable extra of the kit provides it (``printed``), if paper can."""

    item: Text
    why: Text
    count: Text | None = None
    printed: PrintedExtra | None = None
    #: Needed only under this variant or decision.
    only_under: Id | None = None


class EngineSpec(Model):
    """The game's rules engine as a module of its own folder (the ``engine:`` block of
    game.yaml): ``module`` is the file, relative to the folder (``engine.py``), that
    defines ``PLUGIN``, a :class:`pnp.engines.Plugin`. An installed package may name the
    game's engine instead, through the ``pnp.games`` entry points (see :mod:`pnp.engines`).
    """

    module: Text

    @model_validator(mode="after")
    def _inside_the_folder(self) -> EngineSpec:
        module = self.module
        parts = module.split("/")
        if not module.endswith(".py"):
            raise ValueError(f"module {module!r} is no Python file: name one ending in .py")
        if "\\" in module or module.startswith("/") or ".." in parts or "" in parts:
            raise ValueError(
                f"module {module!r} must be a path inside the game's folder, written with "
                "forward slashes (engine.py, rules/engine.py)"
            )
        return self


class SiteLook(Model):
    """The game's look on the rules site (the ``site:`` block of game.yaml). Every key
    may be left out: what is missing is taken from the cards (see :mod:`pnp.site.looks`)."""

    #: The header and the links (darkened for text on white where needed).
    colour: Colour | None = None
    #: The links in light mode, when the header colour is too dark to tell from text.
    link: Colour | None = None
    #: Highlights, and the links in dark mode (lightened where needed).
    accent: Colour | None = None
    #: The band of colours under the header.
    stripe: Annotated[tuple[Colour, ...], Field(min_length=1, max_length=12)] | None = None
    #: The sides fanned out on the home page and the game's page: ``<deck>/<side name>``
    #: as the kit names a side's image (``bout/applesauce-front``, ``main/back``).
    cover: Annotated[tuple[Text, ...], Field(min_length=1, max_length=4)] | None = None
    #: Who owns the design and what this kit may do with it, in our words.
    rights: Text | None = None


class GameSpec(Model):
    title: Text
    subtitle: Text | None = None
    summary: Text
    players: PlayerRange
    #: The source rules; none for an original design.
    source: Source | None = None
    credits: tuple[Credit, ...] = Field(min_length=1)
    provenance: Provenance
    decks: dict[Id, DeckSpec] = Field(min_length=1)
    tables: dict[Id, TableSpec] = Field(default_factory=dict)
    status: Literal["published", "beta"] = "published"
    #: What else the table needs ("you also need"), in the order to list it.
    also_needed: tuple[Need, ...] = ()
    #: How the game looks on the rules site.
    site: SiteLook | None = None
    #: The game's rules engine, when it is a module of the game's folder.
    engine: EngineSpec | None = None
