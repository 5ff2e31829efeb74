"""``pnp export``: every export of the chosen games, staged and then put in place.

The run is one transaction on the output folder (:mod:`pnp.output`): everything is
written into its staging folder first; only when every file of the run exists is each
finished folder (``tts/<game>``, ``<service>/<game>``) and each bundle moved into place,
replacing the previous one whole. A failed or killed run leaves the last good exports as
they were, and no file is ever half written.
"""

from __future__ import annotations

import contextlib
import shutil
import time
from collections.abc import Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field, replace
from pathlib import Path

from pnp.build import executor
from pnp.catalog import Catalog, Game
from pnp.catalog.model import Deck
from pnp.export import printfiles, tts
from pnp.export.bundles import write_bundles
from pnp.export.services import SERVICES, Product, Service, ServiceError, service
from pnp.export.tts import ImageFormat
from pnp.files import write_atomic
from pnp.kit.faces import FaceOptions
from pnp.names import visible
from pnp.output import published, transaction
from pnp.publish import PublishError, site_url, tts_base
from pnp.workers import default_jobs

TTS_FOLDER = "tts"


class ExportError(ValueError):
    """A choice of the user that the export cannot follow, in sentences."""


@dataclass(frozen=True)
class ExportOptions:
    """What to export. ``games`` and ``services`` of ``None`` mean all of them; when
    the services are named, a deck one of them cannot print stops the export unless
    ``skip_unprintable``; when they are not, such decks are left out and said."""

    out: Path
    games: tuple[str, ...] | None = None
    services: tuple[str, ...] | None = None
    tts: bool = True
    #: Where the Tabletop Simulator images are hosted (``--base-url``).
    base_url: str | None = None
    #: The published site's address: the images are the site's copies (``--site-url``).
    site_url: str | None = None
    proofs: bool = False
    tts_format: ImageFormat = "jpeg"
    faces: FaceOptions = field(default_factory=FaceOptions)
    skip_unprintable: bool = False
    #: Worker processes (None: one per core); 1 draws in this process.
    jobs: int | None = None
    #: Also zip each finished folder into ``bundles/`` (the site's downloads).
    bundles: bool = False
    #: With ``bundles``, keep only the zip of each service's folder (``pnp kit``: the
    #: files are then stored once). The Tabletop Simulator folder always stays: its
    #: saved object points at its images.
    zips_only: bool = False


@dataclass(frozen=True)
class ExportResult:
    files: tuple[Path, ...]
    skipped: tuple[printfiles.Skipped, ...]
    seconds: float
    #: The finished folders, each holding one game's export for TTS or a service.
    folders: tuple[Path, ...]
    #: The zip of each finished folder (with ``bundles``).
    bundles: tuple[Path, ...] = ()


def choose_games(catalog: Catalog, names: Sequence[str] | None) -> list[Game]:
    known = [game.id for game in catalog.games]
    unknown = [name for name in names or () if name not in known]
    if unknown:
        names = ", ".join(f"'{visible(name)}'" for name in unknown)
        raise ExportError(f"unknown game {names} (known: {', '.join(known)})")
    return [game for game in catalog.games if not names or game.id in names]


def choose_services(names: Sequence[str] | None) -> list[Service]:
    if names is None:
        return list(SERVICES)
    try:
        return [service(name) for name in dict.fromkeys(names)]
    except ServiceError as error:
        raise ExportError(str(error)) from None


def _printable(
    services: Sequence[Service], games: Sequence[Game]
) -> tuple[dict[tuple[str, str], list[tuple[Service, Product]]], list[printfiles.Skipped]]:
    """For each (game, deck) the services that print it and with which product, and
    the decks each service cannot print."""
    plan: dict[tuple[str, str], list[tuple[Service, Product]]] = {}
    skipped = []
    for chosen in services:
        for game in games:
            for deck in game.decks:
                product = chosen.product_for(deck.spec.size)
                if product is None:
                    skipped.append(printfiles.skipped(chosen, game, deck))
                else:
                    plan.setdefault((game.id, deck.id), []).append((chosen, product))
    return plan, skipped


def _export_tts(
    game: Game, index: int, staging: Path, final: Path, options: ExportOptions
) -> list[Path]:
    """One game's Tabletop Simulator folder (``index``: its place in the catalog), its
    saved object linking to the images where they will be published (``final``)."""
    plans = tts.plan_game(game, index)
    folder = staging / TTS_FOLDER / game.id
    files = [
        tts.write_deck(game, plan, folder, options.tts_format, options.faces) for plan in plans
    ]
    written = [folder / name for deck in files for name in (*deck.faces, *deck.backs)]
    base = options.base_url or (tts_base(options.site_url) if options.site_url else None)
    on_site = options.base_url is None and base is not None
    written.append(tts.write_saved_object(game, plans, files, folder, final, base))
    written.append(_write(folder / "README.txt", tts.read_me(game, base, on_site)))
    return written


def _write(path: Path, text: str) -> Path:
    write_atomic(path, text)
    return path


def _export_services(
    game: Game,
    services: Sequence[Service],
    staging: Path,
    options: ExportOptions,
    plan: dict[tuple[str, str], list[tuple[Service, Product]]],
    skipped: Sequence[printfiles.Skipped],
) -> list[Path]:
    """One game's folder for each of ``services``."""
    written = []
    printed: dict[str, list[Deck]] = {}
    for deck in game.decks:
        by_product: dict[tuple[Product, int], list[Service]] = {}
        for each, product in plan.get((game.id, deck.id), []):
            by_product.setdefault((product, each.dpi), []).append(each)
            printed.setdefault(each.id, []).append(deck)
        for (product, _), sharing in by_product.items():
            written += printfiles.write_deck(
                game, deck, product, sharing, staging, options.faces, options.proofs
            )
    for each in services:
        folder = staging / each.id / game.id
        decks = printed.get(each.id, [])
        left_out = [s for s in skipped if s.service == each.id and s.game == game.id]
        if not decks and not left_out:
            continue
        written.append(_write(folder / "manifest.csv", printfiles.manifest(each, game, decks)))
        written.append(
            _write(folder / "README.txt", printfiles.read_me(each, game, decks, left_out))
        )
        if each.deck_pdfs:
            for deck in decks:
                printed_on = each.product_for(deck.spec.size)
                assert printed_on is not None  # the deck is printed by this service
                path = folder / f"{deck.id}.pdf"
                write_atomic(path, printfiles.deck_pdf(each, printed_on, deck, folder))
                written.append(path)
    return written


def _units(staging: Path) -> list[str]:
    """Every finished ``<kind>/<game>`` folder of ``staging`` (each published whole)."""
    return [
        f"{kind.name}/{folder.name}"
        for kind in sorted(path for path in staging.iterdir() if path.is_dir())
        for folder in sorted(path for path in kind.iterdir() if path.is_dir())
    ]


def export(catalog: Catalog, options: ExportOptions) -> ExportResult:
    """Write the exports of ``options`` (raises :class:`ExportError` for a choice it
    cannot follow, before writing anything; ``OSError`` when the disk refuses)."""
    started = time.perf_counter()
    games = choose_games(catalog, options.games)
    services = choose_services(options.services)
    plan, skipped = _printable(services, games)
    if skipped and options.services is not None and not options.skip_unprintable:
        raise ExportError(
            "\n".join(s.sentence for s in skipped)
            + "\n(--skip-unprintable leaves such decks out instead)"
        )
    if options.base_url is not None and "://" not in options.base_url:
        raise ExportError(
            f"--base-url must be a whole URL such as https://example.org/tts, "
            f"not {options.base_url!r}"
        )
    if options.site_url is not None:
        try:
            options = replace(options, site_url=site_url(options.site_url))
        except PublishError as error:
            raise ExportError(str(error)) from None
    out = options.out.resolve()
    with transaction(out, "export") as staging:
        folder = staging.folder
        with executor(options.jobs or default_jobs()) as pool:
            futures: list[Future[list[Path]]] = []
            for game in games:
                if options.tts:
                    index = catalog.games.index(game)
                    final = published(out / TTS_FOLDER / game.id).absolute()
                    futures.append(pool.submit(_export_tts, game, index, folder, final, options))
                if services:
                    futures.append(
                        pool.submit(
                            _export_services, game, services, folder, options, plan, skipped
                        )
                    )
            written = [path for future in futures for path in future.result()]
        units = _units(folder)
        folders = [out / unit for unit in units]
        zips: list[Path] = []
        zipped_away: list[str] = []
        if options.bundles:
            bundles = write_bundles(folder, [folder / unit for unit in units])
            zips = [out / bundle.path.relative_to(folder) for bundle in bundles]
            if options.zips_only:
                zipped_away = [unit for unit in units if not unit.startswith(f"{TTS_FOLDER}/")]
                for unit in zipped_away:
                    shutil.rmtree(folder / unit)
                units = [unit for unit in units if unit not in zipped_away]
                folders = [out / unit for unit in units]
                written = [path for path in written if path.exists()]
            units += [bundle.path.relative_to(folder).as_posix() for bundle in bundles]
        staging.publish(*units)
    for unit in zipped_away:  # a folder an earlier export left, now only in its zip
        shutil.rmtree(out / unit, ignore_errors=True)
        with contextlib.suppress(OSError):  # the service's folder, when now empty
            (out / unit).parent.rmdir()
    finals = [out / path.relative_to(folder) for path in written]
    finals += zips if options.zips_only else []
    return ExportResult(
        tuple(finals), tuple(skipped), time.perf_counter() - started, tuple(folders), tuple(zips)
    )
