"""How much card data the loader accepts, so that hostile data is refused fast.

Every limit is far above what a real game needs (the four games of this
project use at most a few per cent of each) and low enough that the largest
data they allow still loads in seconds. The documentation's "Safety and limits" page
lists them; ``benchmarks/validate_speed.py`` times ``pnp validate`` on data at
these limits.
"""

from __future__ import annotations

from dataclasses import dataclass

KIB = 1024


@dataclass(frozen=True)
class Limits:
    """The most the loader reads; anything beyond is a located problem."""

    #: Bytes in one YAML file (the largest real file has under 10 KiB).
    file_bytes: int = 128 * KIB
    #: Bytes of YAML in the whole cards folder (the real data has 61 KiB).
    total_bytes: int = 512 * KIB
    #: Game folders in the cards folder.
    games: int = 16
    #: YAML files in one game folder (game.yaml, decks and tables).
    files_per_game: int = 32
    #: Characters in one text value (the longest real one has 342).
    text_characters: int = 4000
    #: Levels of nesting of lists and mappings (the real data needs 6).
    depth: int = 20
    #: Uses of aliases (``*name``) in one file (the real data uses at most 50).
    aliases: int = 1000
    #: Values in one file once every alias is written out (the real data has under 700).
    values: int = 50_000
    #: Cards or entries in one deck or table file.
    records: int = 1000
    #: Physical cards in one deck, copies included (``count`` in game.yaml).
    deck_cards: int = 1000
    #: Columns of a spreadsheet deck (CSV or XLSX): the fields of one card.
    columns: int = 100
    #: Bytes of an XLSX workbook once unpacked (it is a zip of XML files; a real one
    #: packs about ten to one, so this is well above ``file_bytes`` packed).
    unpacked_bytes: int = 8 * 1024 * KIB
    #: Files inside an XLSX workbook (a real one has about a dozen).
    workbook_parts: int = 200


LIMITS = Limits()
