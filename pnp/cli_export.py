"""The ``pnp export`` command (Tabletop Simulator and print-on-demand files); ``pnp.cli``
adds it to the command line and ``pnp kit`` runs it."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pnp.catalog import Catalog
from pnp.names import visible
from pnp.output import OutputError, published

DEFAULT_EXPORT_OUT = Path("dist") / "export"


def add_command(
    commands: Any,
    cards_option: Callable[[argparse.ArgumentParser], None],
    positive: Callable[[str], int],
) -> None:
    """Add ``export`` to the ``pnp`` command's subparsers."""
    from pnp.export.services import SERVICES

    names = ", ".join(known.id for known in SERVICES)
    export = commands.add_parser(
        "export",
        help="write Tabletop Simulator decks and print-on-demand files of the cards",
        description="Draw every card with the kit's own face drawings and write, into DIR: "
        "tts/<game>/ (face sheets of up to 10 x 7 cards, backs, and <game>.json, a saved "
        "object Tabletop Simulator imports) and <service>/<game>/ (one image per distinct "
        "side at the service's pixel size, bleed and colour mode, and manifest.csv, what to "
        f"order). Services: {names}. Exit status 2 for a choice that cannot be followed "
        "(an unknown game or service, a card size a named service does not print, an "
        "output folder that cannot be written), 1 when drawing fails.",
    )
    cards_option(export)
    export.add_argument(
        "--game",
        action="append",
        metavar="GAME",
        help="only this game (folder name; repeat for several; default: every game)",
    )
    export.add_argument(
        "--service",
        action="append",
        metavar="NAME",
        help=f"only this print service ({names}; repeat for several; default: all, leaving "
        "out the decks one does not print)",
    )
    export.add_argument("--no-tts", action="store_true", help="skip the Tabletop Simulator export")
    export.add_argument("--no-services", action="store_true", help="skip the print-service files")
    export.add_argument(
        "--site-url",
        metavar="URL",
        help="the address the site will be published at (default: publish.url in "
        "site/site.yaml): Tabletop Simulator image links to the site's copies, "
        "URL/downloads/tts/<game>/<file>; without an address they are file:// links that "
        "work on this computer only",
    )
    export.add_argument(
        "--base-url",
        metavar="URL",
        help="Tabletop Simulator image links under URL/<game>/ instead (where you host the "
        "tts folder's images yourself)",
    )
    export.add_argument(
        "--proof",
        action="store_true",
        help="also write proofs/<deck>/<side>.png for each service: the print file with "
        "the cut line (red) and the safe line (dashed blue) drawn on it",
    )
    export.add_argument(
        "--tts-format",
        choices=["jpeg", "png"],
        default="jpeg",
        help="image format of the Tabletop Simulator sheets (default: jpeg, smaller)",
    )
    export.add_argument(
        "--skip-unprintable",
        action="store_true",
        help="with --service, leave out the decks a named service does not print (each is "
        "said) instead of stopping",
    )
    export.add_argument(
        "--bundles",
        action="store_true",
        help="also zip each exported folder into DIR/bundles/<tts or service>-<game>.zip "
        "(the downloads the site offers)",
    )
    export.add_argument(
        "--zips-only",
        action="store_true",
        help="with --bundles, keep each service's files only in its zip, not also as a "
        "folder (pnp kit does: every file stored once); the Tabletop Simulator folder stays",
    )
    export.add_argument(
        "--jobs",
        type=positive,
        default=None,
        metavar="N",
        help="worker processes (default: one per core)",
    )
    export.add_argument(
        "--out",
        type=Path,
        default=DEFAULT_EXPORT_OUT,
        metavar="DIR",
        help="output folder (default: dist/export)",
    )


def run_export(args: argparse.Namespace, catalog: Catalog | None = None) -> int:
    from pnp.cli import _load
    from pnp.export.bundles import BUNDLES_FOLDER
    from pnp.export.run import ExportError, ExportOptions, export
    from pnp.kit.faces import FaceError
    from pnp.publish import PublishError, chosen_url

    catalog = catalog or _load(args.cards, printable=True)
    if catalog is None:
        return 1
    try:
        site_url = chosen_url(args.site_url)
    except PublishError as error:
        print(f"pnp export: {visible(error)}", file=sys.stderr)
        return 2
    options = ExportOptions(
        out=args.out,
        games=tuple(args.game) if args.game else None,
        services=() if args.no_services else (tuple(args.service) if args.service else None),
        tts=not args.no_tts,
        base_url=args.base_url,
        site_url=site_url,
        proofs=args.proof,
        tts_format=args.tts_format,
        skip_unprintable=args.skip_unprintable,
        jobs=args.jobs,
        bundles=args.bundles,
        zips_only=args.zips_only,
    )
    if args.zips_only and not args.bundles:
        print("pnp export: --zips-only keeps the zips of --bundles: give both", file=sys.stderr)
        return 2
    try:
        result = export(catalog, options)
    except (ExportError, OutputError) as error:
        print(f"pnp export: {visible(error, newlines=True)}", file=sys.stderr)
        return 2
    except FaceError as error:
        print(f"pnp export: {visible(error, newlines=True)}", file=sys.stderr)
        return 1
    except OSError as error:
        reason = visible(error.strerror or error)
        print(f"pnp export: cannot write into {visible(args.out)}: {reason}", file=sys.stderr)
        return 1
    for skip in result.skipped:
        print(f"  left out: {visible(skip.sentence)}")
    size = sum(path.stat().st_size for path in result.files)
    out = published(args.out)
    for folder in result.folders:
        print(f"  {visible(out / folder.parent.name / folder.name)}")
    if result.bundles:
        print(f"  {len(result.bundles)} bundles in {visible(out / BUNDLES_FOLDER)}")
    print(
        f"Wrote {len(result.files)} files ({size / 1_000_000:.1f} MB) in "
        f"{result.seconds:.1f} s into {visible(out)}"
    )
    return 0
