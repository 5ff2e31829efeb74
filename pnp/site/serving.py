"""What ``pnp site --serve`` needs around the staged site: the address checked before
anything is staged, the mkdocs config with the live-reload hooks added, and ``mkdocs
serve`` run so that it never outlives the command."""

from __future__ import annotations

import errno
import ipaddress
import os
import shutil
import signal
import socket
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

from ruamel.yaml import YAML

from pnp.workers import end, stop_when_orphaned


def address_problem(address: str) -> str | None:
    """Why mkdocs could not serve on ``address`` (HOST:PORT, as mkdocs reads it), in a
    sentence; ``None`` when it can."""
    host, _, port_text = address.rpartition(":")
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    try:
        family = socket.AF_INET
        if host != "localhost" and ipaddress.ip_address(host).version == 6:
            family = socket.AF_INET6
        port = int(port_text)
    except ValueError:
        port = 0
    if not 0 < port < 65536:
        return (
            f"--address {address!r} is not HOST:PORT (an IP address or localhost, a colon "
            "and a port from 1 to 65535, such as 127.0.0.1:8000)"
        )
    with socket.socket(family) as probe:
        if os.name == "posix":
            # As the server will: then a port that a server stopped a moment ago left
            # waiting is free, and one that another program listens on is not.
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                return (
                    f"{address} is in use by another program; choose another with "
                    "--address HOST:PORT"
                )
            return (
                f"cannot serve on {address} ({error.strerror}); choose another with "
                "--address HOST:PORT"
            )
    return None


def add_hooks(config: Path, hooks: Path) -> None:
    """Add ``hooks`` (a module of mkdocs hooks) to the mkdocs config ``config``."""
    yaml = YAML(typ="safe")
    settings = yaml.load(config.read_text(encoding="utf-8"))
    settings["hooks"] = [str(hooks)]
    with config.open("w", encoding="utf-8") as stream:
        yaml.dump(settings, stream)


def run_mkdocs_serve(
    config: Path,
    address: str,
    watched: Sequence[Path],
    environment: Mapping[str, str],
    staging: Path,
) -> int:
    """Run ``mkdocs serve`` on ``config`` until it ends; its exit status. It runs in a
    session of its own, so that only this command passes Ctrl-C on to it, once; when
    this command stops (Ctrl-C, SIGTERM, an error) it is interrupted, and cleans up
    after itself, before this command goes on. When this command is killed, it
    interrupts itself and removes ``staging`` (the folder of ``config``) too."""
    start = (
        f"from pnp.site.serving import mkdocs_serve; mkdocs_serve({os.getpid()}, {str(staging)!r})"
    )
    command = [sys.executable, "-c", start, "serve", "-f", str(config), "-a", address]
    for folder in watched:
        command += ["-w", str(folder)]
    server = subprocess.Popen(command, env=environment, start_new_session=True)
    try:
        return server.wait()
    finally:
        end(server, signal.SIGINT)


def mkdocs_serve(parent: int, staging: str) -> None:
    """The process of ``mkdocs serve`` (its arguments in ``sys.argv``), started by the
    process ``parent`` with the site staged in ``staging``."""
    from mkdocs.__main__ import cli

    orphaned = stop_when_orphaned(parent)
    try:
        cli(prog_name="mkdocs")
    finally:
        if orphaned.is_set():
            shutil.rmtree(staging, ignore_errors=True)
