"""``pnp table``: serve the web table on this computer (see :mod:`pnp.table.app`)."""

from __future__ import annotations

import argparse
import errno
import socket
import sys
import webbrowser
from collections.abc import Callable
from pathlib import Path
from typing import Any

#: The port tried first, and how many after it are tried when it is taken.
DEFAULT_PORT = 8765
PORTS_TRIED = 20
DEFAULT_HOST = "127.0.0.1"
#: Hosts that only this computer reaches.
LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})
#: The folder of playtests unless ``--playtests`` says otherwise (:mod:`pnp.table.playtests`).
DEFAULT_PLAYTESTS = Path("playtests")


def add_command(commands: Any, cards_option: Callable[[argparse.ArgumentParser], None]) -> None:
    """Add ``table`` to the ``pnp`` command's subparsers."""
    table = commands.add_parser(
        "table",
        help="serve a table in the browser for the games with engines",
        description="Start a local web server for playing the games of the card data that "
        "have a rules engine in the browser, against the bots or between people, each human "
        "seat with its own secret link. It serves on 127.0.0.1, port 8765 or the next free "
        "one, and says the address; Ctrl-C stops it. The JSON interface is under /api "
        "(GET /api/games to start). Exit status 2 for an address that cannot be served.",
    )
    cards_option(table)
    table.add_argument(
        "--host",
        default=DEFAULT_HOST,
        metavar="H",
        help="the address to serve on (default: 127.0.0.1, this computer only; another "
        "address lets anyone on the network reach the table)",
    )
    table.add_argument(
        "--port",
        type=int,
        default=None,
        metavar="P",
        help=f"the port (default: {DEFAULT_PORT} or the next free one)",
    )
    table.add_argument("--open", action="store_true", help="open the table in the browser")
    table.add_argument(
        "--playtests",
        type=Path,
        default=DEFAULT_PLAYTESTS,
        metavar="DIR",
        help="keep each finished game, with what its players answered, as a file in DIR "
        "(default: playtests; made when the first game ends); pnp playtests summarises them",
    )


def bind(host: str, port: int | None) -> socket.socket:
    """A listening socket on ``host`` at ``port``, or at the first free port from
    :data:`DEFAULT_PORT` when ``port`` is ``None``; raises ``OSError`` with a sentence."""
    ports = [port] if port is not None else range(DEFAULT_PORT, DEFAULT_PORT + PORTS_TRIED)
    try:
        infos = socket.getaddrinfo(host, None, type=socket.SOCK_STREAM)
    except socket.gaierror as error:
        raise OSError(f"cannot serve on {host!r}: {error.strerror}") from None
    family, _, _, _, address = infos[0]
    last = ""
    for number in ports:
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if family in (socket.AF_INET, socket.AF_INET6):  # answers leave at once (no Nagle wait)
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        try:
            sock.bind((address[0], number, *address[2:]))
        except OSError as error:
            sock.close()
            last = error.strerror or str(error)
            if error.errno not in (errno.EADDRINUSE, errno.EACCES) or port is not None:
                raise OSError(f"cannot serve on {host} port {number}: {last}") from None
            continue
        sock.listen(128)
        return sock
    raise OSError(
        f"cannot serve on {host}: ports {ports[0]} to {ports[-1]} are all taken ({last}); "
        "choose one with --port"
    )


def run_table(args: argparse.Namespace) -> int:
    """``pnp table``; the exit status."""
    import uvicorn

    from pnp.catalog import CatalogError, load_catalog
    from pnp.table.app import create_app

    try:
        catalog = load_catalog(args.cards)
    except CatalogError as error:
        print(f"pnp table: the card data cannot be used:\n{error}", file=sys.stderr)
        return 1
    if args.port is not None and not 0 < args.port < 65536:
        print(f"pnp table: --port must be from 1 to 65535, not {args.port}", file=sys.stderr)
        return 2
    app = create_app(catalog, args.playtests)
    try:
        app.state.tables.keeper.check()
    except OSError as error:
        print(f"pnp table: {error}", file=sys.stderr)
        return 2
    try:
        sock = bind(args.host, args.port)
    except OSError as error:
        print(f"pnp table: {error}", file=sys.stderr)
        return 2
    port = sock.getsockname()[1]
    shown = f"[{args.host}]" if ":" in args.host else args.host
    url = f"http://{shown}:{port}/"
    if args.host not in LOCAL_HOSTS:
        print(
            f"Warning: serving on {args.host}, so anyone on the network who can reach this "
            "computer can open the table (each seat's moves still need its secret link).",
            file=sys.stderr,
        )
    print(f"The table is at {url} (the JSON interface at {url}api/games). Ctrl-C stops it.")
    print(f"Finished games are kept in {args.playtests}/ (pnp playtests summarises them).")
    sys.stdout.flush()
    try:
        config = uvicorn.Config(app, log_level="warning", lifespan="off")
        if args.open:
            webbrowser.open(url)
        uvicorn.Server(config).run(sockets=[sock])
    except KeyboardInterrupt:
        pass  # uvicorn stops on Ctrl-C by itself; before it runs, this stops here
    finally:
        sock.close()
    print("The table is closed.")
    return 0
