"""Card tables generated from the catalog, for the components pages and for
the hand-written rules pages, which include them as snippets
(``--8<-- "joes-bar/patron.md"``) instead of copying card data by hand.

Columns come from the cards' own fields: every short value, flattened
(``effect.dice`` becomes a "Dice" column), so a new field shows up by itself.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from pnp.catalog import Game
from pnp.catalog.base import Card, TableRow

#: Fields never shown as columns: the card's id, copies (own column), its
#: display name (first column) and long prose.
HIDDEN = {"id", "count", "name", "word", "text", "summary", "description", "flavour"}
#: Values longer than this are prose: left to the card picture.
LONGEST = 90


def _leaves(value: Any, prefix: str = "") -> dict[str, str]:
    if isinstance(value, dict):
        leaves: dict[str, str] = {}
        for key, inner in value.items():
            if key in HIDDEN and not prefix:
                continue
            leaves.update(_leaves(inner, f"{prefix}.{key}" if prefix else key))
        return leaves
    if value is None or value in ((), []):
        return {}
    if isinstance(value, (list, tuple)):
        if all(not isinstance(item, (dict, list, tuple)) for item in value):
            return {prefix: ", ".join(str(item) for item in value)}
        return {}
    if isinstance(value, bool):
        return {prefix: "yes" if value else "no"}
    if isinstance(value, int) and value >= 10000:
        return {prefix: f"{value:,}"}
    return {prefix: str(value)}


def heading(path: str) -> str:
    """``effect.income_per_unit`` → ``Income per unit``."""
    parts = path.split(".")
    last = parts[-1]
    if len(parts) > 1 and last == "type":
        last = parts[-2]
    elif len(parts) > 1 and last in {"name", "text"}:
        last = f"{parts[-2]} {last}"
    return last.replace("_", " ").capitalize()


def _escape(text: str) -> str:
    from pnp.site.build import md

    return md(text)


def table(records: Sequence[Card | TableRow], counted: bool = True) -> str:
    """A Markdown table of ``records``: name, every short field, and copies."""
    rows = []
    columns: list[str] = []
    for record in records:
        leaves = {
            key: text for key, text in _leaves(record.model_dump()).items() if len(text) <= LONGEST
        }
        for key in leaves:
            if key not in columns:
                columns.append(key)
        rows.append((record, leaves))
    headers = ["Card" if counted else "Name", *(heading(c) for c in columns)]
    if counted:
        headers.append("Copies")
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    for record, leaves in rows:
        cells = [_escape(_label(record)), *(_escape(leaves.get(c, "")) for c in columns)]
        if counted:
            cells.append(str(getattr(record, "count", 1)))
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def _label(record: Card | TableRow) -> str:
    if isinstance(record, Card):
        return record.label()
    name = getattr(record, "name", None) or getattr(record, "title", None)
    return name if isinstance(name, str) else record.id


def deck_summary(game: Game) -> str:
    """Every deck of the game with its physical count."""
    lines = ["| Deck | Cards | Used |", "|---|---:|---|"]
    for deck in game.decks:
        used = f"only with `{deck.spec.only_under}`" if deck.spec.only_under else "always"
        lines.append(f"| {_escape(deck.spec.title)} | {deck.physical_count} | {used} |")
    return "\n".join(lines) + "\n"


def snippets(game: Game) -> Iterable[tuple[str, str]]:
    """(file name, Markdown) of every generated table of ``game``."""
    yield "decks.md", deck_summary(game)
    for deck in game.decks:
        yield f"{deck.id}.md", table(deck.cards)
    for part in game.tables:
        yield f"{part.id}.md", table(part.entries, counted=False)
