"""Worker processes: how many the commands start, and the one place they start them.

Every pool of worker processes comes from :func:`pool`, and its workers never outlive
the command:

- When the block of a pool ends with an exception (Ctrl-C, SIGTERM, an error), the pool
  does not wait for the jobs that are running: jobs not started are cancelled and the
  workers are stopped at once (SIGTERM: a running job unwinds, so its ``finally`` blocks
  remove what it was writing, and the worker exits; one that has not exited after
  :data:`GRACE_SECONDS` is killed).
- Each worker watches the process that started it, every :data:`CHECK_SECONDS`, and exits
  as soon as that process is gone, even killed by SIGKILL, which nobody can catch.
- Workers ignore Ctrl-C (SIGINT reaches the whole process group at a terminal): the
  command stops them itself, without a traceback from each.

``PR_SET_PDEATHSIG`` is not used for the last point: it fires when the *thread* that
started a worker ends, not the process, and a pool may start its workers from any
thread (with the fork start method, whichever thread submits the first job); the
watchdog thread works on every platform and start method and is quick enough.

:func:`stop_on_sigterm` turns SIGTERM into an exception in the command itself, so that
its ``finally`` blocks and context managers (these pools among them) run; :func:`end`
stops a child command (mkdocs) on the way out, and :func:`stop_when_orphaned` makes a
child command stop itself once the command that started it is gone.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import contextmanager
from functools import partial
from types import FrameType
from typing import Any, TypeVar

Result = TypeVar("Result")

#: How often a worker checks that the process that started it is still there.
CHECK_SECONDS = 0.5
#: How long stopped workers get to unwind their jobs before they are killed.
GRACE_SECONDS = 5.0
#: The exit status of a command stopped by SIGTERM (128 + 15, as a shell reports it).
SIGTERM_STATUS = 128 + signal.SIGTERM


def default_jobs() -> int:
    """Every core this process may use (for the kit's PDFs and images, and the playtest)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


#: The signals that stop a command cleanly: SIGTERM, and SIGHUP (its terminal closed).
STOPPING_SIGNALS = (
    (signal.SIGTERM, signal.SIGHUP) if hasattr(signal, "SIGHUP") else (signal.SIGTERM,)
)


class Terminated(SystemExit):
    """The command received SIGTERM (or SIGHUP): raised in its main thread, so that it
    unwinds; its code is the exit status a shell reports for the signal."""

    def __init__(self, signum: int = signal.SIGTERM) -> None:
        super().__init__(128 + signum)
        self.signal_name = signal.Signals(signum).name


def _terminate(signum: int, frame: FrameType | None) -> None:
    raise Terminated(signum)


@contextmanager
def stop_on_sigterm() -> Iterator[None]:
    """Within the block, SIGTERM and SIGHUP raise :class:`Terminated` in the main thread
    (unless the signal is ignored, or this is not the main thread); the handlers before
    are put back afterwards."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = {number: signal.getsignal(number) for number in STOPPING_SIGNALS}
    for number, handler in before.items():
        if handler != signal.SIG_IGN:  # nohup's SIGHUP stays ignored
            signal.signal(number, _terminate)
    try:
        yield
    finally:
        for number, handler in before.items():
            signal.signal(number, handler)


@contextmanager
def pool(
    workers: int,
    initializer: Callable[..., object] | None = None,
    initargs: tuple[Any, ...] = (),
) -> Iterator[ProcessPoolExecutor]:
    """A pool of ``workers`` processes, each running ``initializer(*initargs)`` first;
    stopped at once when the block ends with an exception (see the module's text)."""
    before = set(multiprocessing.active_children())
    executor = _Pool(
        max_workers=workers, initializer=_start, initargs=(os.getpid(), initializer, initargs)
    )
    try:
        yield executor
        executor.shutdown(wait=True)
    except BaseException:
        # The pool's thread that hands out jobs (private, as is its list of processes)
        manager: threading.Thread | None = getattr(executor, "_executor_manager_thread", None)
        executor.shutdown(wait=False, cancel_futures=True)
        # The children that appeared since the pool was made are its workers.
        _stop([p for p in multiprocessing.active_children() if p not in before])
        if manager is not None:
            # Its end closes the pipe it is woken by; at exit, Python wakes every pool's
            # thread through that pipe, and one closed meanwhile printed a traceback
            # (OSError: Bad file descriptor) after the command's last line.
            manager.join(GRACE_SECONDS)
        raise


class _Pool(ProcessPoolExecutor):
    """Runs every job through :func:`_job` (``map`` goes through ``submit`` too)."""

    def submit(self, fn: Callable[..., Result], /, *args: Any, **kwargs: Any) -> Future[Result]:
        return super().submit(partial(_job, fn), *args, **kwargs)


def _stop(processes: list[multiprocessing.process.BaseProcess]) -> None:
    for process in processes:
        process.terminate()
    deadline = time.monotonic() + GRACE_SECONDS
    for process in processes:
        process.join(max(0.0, deadline - time.monotonic()))
    for process in processes:
        if process.is_alive():
            process.kill()
            process.join()


def end(process: subprocess.Popen[Any], signal_number: int = signal.SIGTERM) -> None:
    """Stop a child command, if it still runs, with ``signal_number`` (SIGINT lets
    ``mkdocs serve`` clean up as after Ctrl-C), killing it if it has not ended after
    :data:`GRACE_SECONDS`; return once it has ended."""
    if process.poll() is None:
        process.send_signal(signal_number)
        try:
            process.wait(GRACE_SECONDS)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def stop_when_orphaned(parent: int) -> threading.Event:
    """In a child command: interrupt it (SIGINT, as Ctrl-C would) once its parent, the
    process ``parent``, is gone, checked every :data:`CHECK_SECONDS` by a watchdog
    thread; the event returned is set then."""
    orphaned = threading.Event()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(CHECK_SECONDS)
        orphaned.set()
        os.kill(os.getpid(), signal.SIGINT)

    threading.Thread(target=watch, name="pnp-watchdog", daemon=True).start()
    return orphaned


# What follows runs in the worker processes.

#: Set in a worker when it is asked to stop; ``_in_job`` while it runs a job.
_stopping = threading.Event()
_in_job = False


class Stopped(BaseException):
    """Raised in a worker's running job when the pool stops it."""


def _start(
    owner: int, initializer: Callable[..., object] | None, initargs: tuple[Any, ...]
) -> None:
    """A worker's initializer: the watchdog and the signals, then the caller's."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _on_sigterm)
    watchdog = threading.Thread(
        target=_watch, args=(os.getppid(), owner), name="pnp-watchdog", daemon=True
    )
    watchdog.start()
    if initializer is not None:
        initializer(*initargs)


def _on_sigterm(signum: int, frame: FrameType | None) -> None:
    _stopping.set()
    if _in_job:
        raise Stopped


def _job(function: Callable[..., Result], /, *args: Any, **kwargs: Any) -> Result:
    """Run a job; a worker asked to stop exits once the job has unwound (or ended),
    before anything is sent back."""
    global _in_job
    try:
        _in_job = True
        return function(*args, **kwargs)
    finally:
        _in_job = False
        if _stopping.is_set():
            os._exit(SIGTERM_STATUS)


def _watch(parent: int, owner: int) -> None:
    """Exit the worker when its parent changed (the parent died and the worker was
    handed to another) or the pool's owner is gone; or when it was asked to stop and
    is between jobs, once it is not in the middle of sending a result (a message cut
    short would leave the pool waiting for its end)."""
    while os.getppid() == parent and _alive(owner):
        if _stopping.wait(CHECK_SECONDS):
            if not _in_job and not _sending():
                break
            time.sleep(0.02)
    os._exit(SIGTERM_STATUS)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process now has the number
        return False
    return True


def _sending() -> bool:
    """Whether the worker's main thread is sending a result back to the pool.
    (``sys._current_frames`` is documented, if for special purposes: this is one.)"""
    frame = sys._current_frames().get(threading.main_thread().ident or 0)
    while frame is not None:
        if frame.f_code.co_name == "_sendback_result":  # concurrent.futures.process
            return True
        frame = frame.f_back
    return False
