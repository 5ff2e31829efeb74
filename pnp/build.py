"""``pnp build``: the print-and-play PDFs and the card images of the kit."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from tqdm import tqdm

from pnp.catalog import Catalog, Game
from pnp.files import write_atomic
from pnp.kit.images import faces_of, write_deck_images
from pnp.kit.pdf import KitOptions, game_pdf, kit_pdf


@dataclass(frozen=True)
class BuildResult:
    files: tuple[Path, ...]
    pdf_seconds: float
    image_seconds: float
    card_sides: int


def pdf_name(game: str, paper: str) -> str:
    return f"{game}-{paper}.pdf"


def build(
    catalog: Catalog,
    games: Sequence[Game],
    papers: Sequence[str],
    options: KitOptions,
    out: Path,
    images: bool,
    show_progress: bool = True,
) -> BuildResult:
    """Build the PDFs (all in memory first, so a failure writes nothing) and the images."""
    pdf_jobs = [(game, paper) for paper in papers for game in games]
    combined = len(games) == len(catalog.games)
    steps = len(pdf_jobs) + (len(papers) if combined else 0)
    image_decks = [(game, deck) for game in games for deck in game.decks] if images else []
    steps += sum(len(list(faces_of(deck))) for _, deck in image_decks)
    bar = tqdm(total=steps, unit="file", disable=not show_progress, leave=False)
    started = time.perf_counter()
    documents: dict[Path, bytes] = {}
    for game, paper in pdf_jobs:
        bar.set_description(f"{game.id} {paper}")
        documents[out / "pnp" / pdf_name(game.id, paper)] = game_pdf(game, _on(options, paper))
        bar.update()
    if combined:
        for paper in papers:
            bar.set_description(f"kit {paper}")
            documents[out / "pnp" / f"kit-{paper}.pdf"] = kit_pdf(games, _on(options, paper))
            bar.update()
    for path, data in documents.items():
        write_atomic(path, data)
    pdf_seconds = time.perf_counter() - started
    started = time.perf_counter()
    written = list(documents)
    for game, deck in image_decks:
        bar.set_description(f"images {game.id}/{deck.id}")
        written += write_deck_images(
            game,
            deck,
            out / "images",
            options.bleed_mm,
            options.faces,
            progress=lambda _: _tick(bar),
        )
    bar.close()
    sides = sum(2 * card.count for game in games for deck in game.decks for card in deck.cards)
    return BuildResult(tuple(written), pdf_seconds, time.perf_counter() - started, sides)


def _tick(bar: tqdm) -> None:  # type: ignore[type-arg]
    bar.update()


def _on(options: KitOptions, paper: str) -> KitOptions:
    from dataclasses import replace

    return replace(options, paper=paper)
