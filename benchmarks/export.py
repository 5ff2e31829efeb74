"""Benchmark: ``pnp export`` of all four games (Tabletop Simulator and the three print
services, no proofs), then its bundles: seconds of wall clock and, with ``--cpu``,
processor seconds of this process and its workers; files and megabytes per part
(tts and each service), and the bundles' size.

Run by hand: ``.venv/bin/python benchmarks/export.py [--jobs N] [--repeat N] [--proofs]``.
Prints figures; asserts nothing. On a machine shared with other work the wall-clock
figures are noisy: say so when quoting them.
"""

from __future__ import annotations

import argparse
import resource
import tempfile
import time
from pathlib import Path

from pnp.catalog import load_catalog
from pnp.export.bundles import write_bundles
from pnp.export.run import ExportOptions, export

ROOT = Path(__file__).resolve().parents[1]


def processor_seconds() -> float:
    """Processor seconds of this process and its finished workers."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def megabytes(paths: list[Path]) -> float:
    return sum(path.stat().st_size for path in paths) / 1_000_000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--jobs", type=int, default=None, help="worker processes (default: cores)")
    parser.add_argument("--repeat", type=int, default=1, help="runs; the best is reported")
    parser.add_argument("--proofs", action="store_true", help="also draw the proofs")
    args = parser.parse_args()
    catalog = load_catalog(ROOT / "cards")
    best_wall = best_cpu = float("inf")
    for _ in range(args.repeat):
        with tempfile.TemporaryDirectory() as folder:
            out = Path(folder)
            options = ExportOptions(out=out, proofs=args.proofs, jobs=args.jobs)
            wall, cpu = time.perf_counter(), processor_seconds()
            result = export(catalog, options)
            export_wall, export_cpu = time.perf_counter() - wall, processor_seconds() - cpu
            wall = time.perf_counter()
            bundles = write_bundles(out, result.folders)
            bundle_wall = time.perf_counter() - wall
            if export_wall < best_wall:
                best_wall, best_cpu = export_wall, export_cpu
                parts: dict[str, list[Path]] = {}
                for path in result.files:
                    parts.setdefault(path.relative_to(out).parts[0], []).append(path)
                lines = [
                    f"  {part:<18} {len(paths):>5} files {megabytes(paths):>7.1f} MB"
                    for part, paths in sorted(parts.items())
                ]
                bundle_line = (
                    f"  bundles            {len(bundles):>5} zips  "
                    f"{megabytes([b.path for b in bundles]):>7.1f} MB in {bundle_wall:.1f} s"
                )
    sides = sum(len(list(deck.sides())) for game in catalog.games for deck in game.decks)
    print(f"pnp export, 4 games ({sides} distinct card sides), best of {args.repeat}:")
    print(f"  {best_wall:.1f} s wall clock, {best_cpu:.1f} processor seconds")
    print("\n".join(lines))
    print(bundle_line)


if __name__ == "__main__":
    main()
