"""``pnp build``: the print-and-play PDFs, the rules booklets and the card
images of the kit.

PDFs are built in worker processes (one job per game and paper, plus the
combined kits, and two per game and paper for the booklets), kept in memory
until all succeeded, then written atomically: a failed build writes no PDF at
all. Images follow, one job per deck.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, as_completed
from contextlib import AbstractContextManager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from tqdm import tqdm

from pnp.catalog import Catalog, Game
from pnp.files import write_atomic
from pnp.kit import glyphs
from pnp.kit.booklet import booklet_pdf, rules_pdf
from pnp.kit.icons import write_icon_images
from pnp.kit.images import write_deck_images
from pnp.kit.layout_faces.resolution import low_resolution
from pnp.kit.pdf import KitOptions, UnprintableTextError, game_pdf, kit_pdf
from pnp.kit.sheets import plan_document, summary_lines
from pnp.workers import default_jobs, pool


@dataclass(frozen=True)
class BuildResult:
    files: tuple[Path, ...]
    pdf_seconds: float
    image_seconds: float
    card_sides: int
    #: What the sheets hold: cards a sheet per card size, sheets per deck.
    summary: tuple[str, ...] = ()
    #: What the build made, relative to its folder: each PDF, and each game's images
    #: folder (published whole, see :mod:`pnp.output`).
    units: tuple[str, ...] = ()
    #: What is worth a look though it did not stop the build (art below 300 dpi).
    warnings: tuple[str, ...] = ()


class _Inline(Executor):
    """Runs jobs in this process (for --jobs 1 and in tests)."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:

        future: Future[Any] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as error:  # handed back to the caller through the future
            future.set_exception(error)
        return future


def executor(jobs: int) -> AbstractContextManager[Executor]:
    """A pool of ``jobs`` processes (:func:`pnp.workers.pool`: stopped at once when the
    build fails or is interrupted), or this process itself for one job."""
    return _Inline() if jobs <= 1 else pool(jobs)


def _pdf_job(games: tuple[Game, ...], options: KitOptions, combined: bool) -> bytes:
    return kit_pdf(games, options) if combined else game_pdf(games[0], options)


def _booklet_job(game: Game, options: KitOptions) -> tuple[bytes, bytes]:
    """Both forms of a game's booklet, in one process so the rules are read once."""
    return rules_pdf(game, options), booklet_pdf(game, options)


def build(
    catalog: Catalog,
    games: Sequence[Game],
    papers: Sequence[str],
    options: KitOptions,
    out: Path,
    images: bool,
    jobs: int | None = None,
    show_progress: bool = True,
    booklets: bool = False,
) -> BuildResult:
    """Build the PDFs (all in memory first, so a failure writes nothing), the rules
    booklets when ``booklets`` (from each game's hand-written rules) and the images.

    Raises :class:`UnprintableTextError` before drawing anything when a text of
    ``games`` cannot be printed by the kit's fonts (``pnp build`` reports that,
    located, while loading the data)."""
    unprintable = [text for game in games for text in glyphs.unprintable_in(game)]
    if unprintable:
        raise UnprintableTextError(
            "text the kit's fonts cannot print:\n" + "\n".join(f"  {t}" for t in unprintable)
        )
    warnings = tuple(warning for game in games for warning in low_resolution(game))
    jobs = jobs or default_jobs()
    pdfs: dict[Path, tuple[tuple[Game, ...], KitOptions, bool]] = {}
    for paper in papers:
        on_paper = replace(options, paper=paper)
        for game in games:
            pdfs[out / "pnp" / f"{game.id}-{paper}.pdf"] = ((game,), on_paper, False)
        if len(games) == len(catalog.games):
            pdfs[out / "pnp" / f"kit-{paper}.pdf"] = (tuple(games), on_paper, True)
    rules: dict[tuple[Path, Path], tuple[Game, KitOptions]] = {}
    if booklets:
        for paper in papers:
            on_paper = replace(options, paper=paper)
            for game in games:
                names = (out / "pnp" / f"{game.id}-rules-{paper}.pdf",
                         out / "pnp" / f"{game.id}-booklet-{paper}.pdf")  # fmt: skip
                rules[names] = (game, on_paper)
    decks = [(game, deck) for game in games for deck in game.decks] if images else []
    total = len(pdfs) + len(rules) + len(decks) + (len(games) if images else 0)
    bar = tqdm(total=total, unit="file", disable=not show_progress, leave=False)
    started = time.perf_counter()
    documents: dict[Path, bytes] = {}
    with executor(jobs) as pool:
        futures: dict[Future[Any], tuple[Path, ...]] = {
            pool.submit(_pdf_job, *job): (path,) for path, job in pdfs.items()
        }
        for names, booklet in rules.items():  # a pair of PDFs from each booklet job
            futures[pool.submit(_booklet_job, *booklet)] = names
        for future in as_completed(futures):
            result = future.result()
            for path, data in zip(futures[future], (result,) if isinstance(result, bytes)
                                  else result, strict=True):  # fmt: skip
                documents[path] = data
            bar.update()
        written = [*pdfs, *(path for names in rules for path in names)]
        for path in written:  # in a fixed order, once every PDF succeeded
            write_atomic(path, documents[path])
        pdf_seconds = time.perf_counter() - started
        started = time.perf_counter()
        image_jobs = [
            pool.submit(
                write_deck_images, game, deck, out / "images", options.bleed_mm, options.faces
            )
            for game, deck in decks
        ]
        if images:
            image_jobs += [
                pool.submit(write_icon_images, game, out / "images", options.faces)
                for game in games
            ]
        for image_job in as_completed(image_jobs):
            written += image_job.result()
            bar.update()
    bar.close()
    sides = sum(2 * card.count for game in games for deck in game.decks for card in deck.cards)
    summary = [
        line
        for paper in papers
        for game in games
        for line in summary_lines(plan_document([game], replace(options, paper=paper)))
    ]
    units = [path.relative_to(out).as_posix() for path in documents]
    if images:
        units += [f"images/{game.id}" for game in games]
    return BuildResult(
        tuple(written), pdf_seconds, time.perf_counter() - started, sides, tuple(summary),
        tuple(units), warnings,
    )  # fmt: skip
