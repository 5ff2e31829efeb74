"""Playing ``pnp verify``, ``pnp compare`` and ``pnp sweep`` games on a Dask cluster.

Dask's ``distributed`` is an optional extra (``pip install '.[cluster]'``); nothing
else in the project needs it. ``cluster`` is ``local:N`` (a local cluster of N worker
processes started here and stopped afterwards, one thread each) or the address of a
running scheduler (``tcp://10.0.0.5:8786``): start one with ``dask scheduler`` on one
machine and ``dask worker tcp://10.0.0.5:8786 --nthreads 1`` on each machine that has
this project installed (the same version and the same card data do not need to be
there: the catalog's games travel with the work, once per worker).

The games are scattered to every worker once; each job (a chunk of seeded games of one
table) is a task, and the outcomes come back in the order of the jobs, so the report
is the same byte for byte whatever the backend and the number of workers.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bots.core.verify import Outcome
    from pnp.catalog import Game
    from pnp.verify.run import Job

#: The prefix of a local cluster's address.
LOCAL = "local:"
#: How long to wait for a scheduler to answer.
CONNECT_TIMEOUT = "10s"


class ClusterError(RuntimeError):
    """The cluster cannot be used; the message says why and what to do."""


def _distributed() -> Any:
    try:
        import distributed
    except ImportError:
        raise ClusterError(
            "--cluster needs Dask's distributed package, an optional extra: "
            "pip install '.[cluster]' (or .venv/bin/pip install 'distributed>=2024.1')"
        ) from None
    return distributed


def local_workers(cluster: str) -> int | None:
    """The number of workers of ``local:N``, or ``None`` for a scheduler's address."""
    if not cluster.startswith(LOCAL):
        return None
    text = cluster[len(LOCAL) :]
    if not text.isdigit() or int(text) < 1:
        raise ClusterError(f"--cluster {cluster!r}: write local:N with N workers, as local:2")
    return int(text)


def run_on_cluster(
    cluster: str, games: Mapping[str, Game], jobs: Sequence[Job]
) -> Iterator[list[Outcome]]:
    """The outcomes of each job, in order, played on ``cluster``."""
    distributed = _distributed()
    from pnp.verify.run import play_job_with

    workers = local_workers(cluster)
    local = None
    try:
        if workers is not None:
            local = distributed.LocalCluster(
                n_workers=workers,
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
                silence_logs=40,
            )
            client = distributed.Client(local)
        else:
            try:
                client = distributed.Client(cluster, timeout=CONNECT_TIMEOUT)
            except OSError as error:
                raise ClusterError(
                    f"--cluster {cluster!r}: no Dask scheduler answers there ({error})"
                ) from None
        with client:
            shared = client.scatter(dict(games), broadcast=True)
            futures = [client.submit(play_job_with, shared, job, pure=False) for job in jobs]
            for future in futures:
                found: list[Outcome] = future.result()
                yield found
    finally:
        if local is not None:
            local.close()
