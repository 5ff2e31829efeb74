"""The ``pnp docs`` command: the tool's own documentation site (see :mod:`pnp.manual`);
``pnp.cli`` adds it to the command line."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from pnp.names import visible


def add_command(commands: Any) -> None:
    """Add ``docs`` to the ``pnp`` command's subparsers."""
    docs = commands.add_parser(
        "docs",
        help="build this tool's documentation site (getting started, how-to, reference)",
        description="Build the tool's own documentation from docs/ with MkDocs in strict "
        "mode into DIR (default dist/docs): a site that opens from disk (index.html), "
        "search included. The command reference and the data-file reference are made from "
        "the code as it builds. With --serve, serve it locally with live reload instead. "
        "Exit status 1 when the build fails (a broken link, a missing page), 2 for an "
        "address that cannot be served.",
    )
    docs.add_argument(
        "--out",
        type=Path,
        default=Path("dist") / "docs",
        metavar="DIR",
        help="output folder (default: dist/docs)",
    )
    docs.add_argument("--serve", action="store_true", help="serve locally with live reload")
    docs.add_argument(
        "--address", default="127.0.0.1:8000", metavar="HOST:PORT", help="address for --serve"
    )


def run_docs(args: argparse.Namespace) -> int:
    from pnp.manual.build import DocsError, build_docs, serve_docs
    from pnp.output import OutputError

    if args.serve:
        return serve_docs(args.address)
    try:
        build_docs(args.out)
    except DocsError as error:
        print(f"pnp docs: the documentation did not build:\n{error}", file=sys.stderr)
        return 1
    except OutputError as error:
        print(f"pnp docs: {visible(error)}", file=sys.stderr)
        return 2
    print(f"Wrote the documentation into {visible(args.out)} (open its index.html)")
    return 0
