"""Where ``simulate`` plays its matches: this machine's processes, a Ray cluster, or an engine of one's own.

An :class:`Executor` has one method, :meth:`~Executor.map_unordered`: apply a function to every
item of a list in workers and yield the results as they come. It sends the items in batches
sized to its workers, and yields in any order: the caller puts results back in order (each
carries its index), so every executor gives the same results. Two are built in, chosen by name
(``simulate --backend NAME``):

``local`` (:class:`LocalExecutor`)
    ``workers`` processes of this machine (``multiprocessing``, any start method), or this
    process alone for one worker.
``ray`` (:class:`RayExecutor`, the ``tablegames[ray]`` extra)
    the CPUs of a Ray cluster, joined at an address or started here; a batch whose worker dies
    (the process killed, the machine lost) is played again elsewhere.

The function and the items reach the workers by value (pickled), the function by its import
path, so the workers need the same code installed: a bot or variant of one's own is imported
in the worker by the function itself (``simulate`` names its ``--plugin`` modules), never
looked up in state the parent registered at run time.

Another engine (Dask, a job queue) joins with a factory that takes the :class:`BackendSettings`
and returns an object with ``map_unordered``: registered by name (:func:`register_backend`, in
a ``--plugin`` module), through an entry point of the group ``tablegames.executors``, or named by
its import path (``--backend package.module:factory``)::

    [project.entry-points."tablegames.executors"]
    dask = "my_package.dask_backend:make_executor"

>>> from tablegames.cli.executors import register_backend, get_executor, unregister_backend
>>> from concurrent.futures import ThreadPoolExecutor
>>> class Threads:
...     def map_unordered(self, function, items):
...         with ThreadPoolExecutor(2) as pool:
...             yield from pool.map(function, items)
>>> register_backend("threads", lambda settings: Threads())
>>> sorted(get_executor("threads").map_unordered(abs, [-2, 1, -3]))
[1, 2, 3]
>>> unregister_backend("threads")
"""

from __future__ import annotations

import importlib
import math
import multiprocessing
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from importlib.metadata import entry_points
from typing import Any, Final, Protocol, TypeVar

import attrs

from tablegames.cli.errors import CommandError

__all__ = [
    "ENTRY_POINT_GROUP",
    "BackendSettings",
    "Executor",
    "ExecutorFactory",
    "LocalExecutor",
    "RayExecutor",
    "WorkerDied",
    "apply_all",
    "backend_names",
    "batch_size",
    "batches",
    "get_executor",
    "register_backend",
    "unregister_backend",
    "worker_start_method",
]

T = TypeVar("T")
R = TypeVar("R")

ENTRY_POINT_GROUP: Final = "tablegames.executors"
"""The entry-point group of executor factories installed by other packages (the name is the backend's)."""


class Executor(Protocol):
    """Something that applies a function to many items in workers: the one method a backend needs."""

    def map_unordered(self, function: Callable[[T], R], items: Sequence[T]) -> Iterator[R]:
        """``function(item)`` for every item of ``items``, each result yielded as it is ready, in any order.

        ``function`` is a module-level function or an instance of a module-level class (it
        travels by its import path) and the items are plain picklable values. The items go to
        the workers in batches (:func:`batches`, :func:`apply_all`) sized to the backend. An
        exception the function raises ends the iteration, raised again here as it is (not
        wrapped); a worker lost for good raises :class:`WorkerDied`.
        """
        ...


@attrs.frozen
class BackendSettings:
    """What the command line tells a backend's factory."""

    workers: int = 1
    """The number of workers to start (processes of ``local``, the CPUs of a Ray started here)."""
    address: str | None = None
    """The cluster to join (``ray``: ``auto``, ``HOST:PORT`` or ``ray://HOST:PORT``); ``None`` starts one here."""
    start_method: str | None = None
    """The ``multiprocessing`` start method of ``local``'s processes (``None``: the platform's)."""


ExecutorFactory = Callable[[BackendSettings], Executor]
"""What makes a backend's executor from the command line's settings."""


class WorkerDied(Exception):
    """A worker process died (killed, out of memory) before it finished its batch, and was not replaced."""


def batches(items: Sequence[T], size: int) -> list[tuple[T, ...]]:
    """``items`` cut in consecutive batches of ``size`` (the last may be shorter).

    >>> from tablegames.cli.executors import batches
    >>> batches([1, 2, 3, 4, 5], 2)
    [(1, 2), (3, 4), (5,)]
    """
    size = max(1, size)
    return [tuple(items[i : i + size]) for i in range(0, len(items), size)]


def apply_all(function: Callable[[T], R], batch: Sequence[T]) -> list[R]:
    """``function`` applied to each item of ``batch``, in order: what a worker runs for one batch.

    >>> from tablegames.cli.executors import apply_all
    >>> apply_all(abs, (-1, 2, -3))
    [1, 2, 3]
    """
    return [function(item) for item in batch]


def batch_size(count: int, workers: int, *, per_worker: int, cap: int) -> int:
    """How many items a batch holds so that each worker gets about ``per_worker`` batches, at most ``cap`` items.

    Small batches spread the work evenly, keep the progress bar moving and lose little to a
    dead worker; large ones cost less to send. The last few batches decide when a run ends.

    >>> from tablegames.cli.executors import batch_size
    >>> batch_size(2000, 2, per_worker=8, cap=100), batch_size(10, 4, per_worker=8, cap=100)
    (100, 1)
    """
    return max(1, min(cap, math.ceil(count / (max(1, workers) * per_worker))))


def _ignore_interrupt() -> None:
    """In a worker: leave Ctrl-C to the parent (no traceback per worker)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def worker_start_method(requested: str | None) -> str | None:
    """The start method of worker processes: ``requested``, else ``"spawn"`` if JAX is imported, else the platform's.

    JAX runs threads of its own, and a process forked after it started them can hang (a plug-in
    bot that plays on the array games imports it in the parent): with JAX in ``sys.modules``
    and no method asked for, the workers are spawned instead, which this platform always offers.

    >>> from tablegames.cli.executors import worker_start_method
    >>> worker_start_method("forkserver")
    'forkserver'
    """
    if requested is None and "jax" in sys.modules:
        return "spawn"
    return requested


@attrs.frozen
class LocalExecutor:
    """``workers`` processes of this machine; one worker plays in this process, in order.

    The batches (up to 20 items, about 8 per process) go to a process pool, at most two per
    process waiting at once. A process that dies (killed, out of memory) breaks the pool: a new
    one is started and the batches not finished are sent again, up to ``max_retries`` times,
    then :class:`WorkerDied` is raised.

    Args:
        workers: how many processes.
        start_method: how they start (``"fork"``, ``"spawn"``, ``"forkserver"``; ``None``: the
            platform's, or ``"spawn"`` once JAX is imported, see :func:`worker_start_method`).
            Under each the function imports what it needs itself, so every start method gives
            the same results.
        max_retries: how many times a pool broken by a dead process is started again.
    """

    workers: int = 1
    """How many processes."""
    start_method: str | None = attrs.field(default=None, kw_only=True)
    """The ``multiprocessing`` start method (``None``: the platform's)."""
    max_retries: int = attrs.field(default=3, kw_only=True)
    """How many times a pool broken by a dead process is started again."""

    @classmethod
    def from_settings(cls, settings: BackendSettings) -> LocalExecutor:
        """The ``local`` backend's factory.

        Raises:
            CommandError: for an address (there is no cluster to join) or an unknown start method.
        """
        if settings.address is not None:
            raise CommandError(f"--address {settings.address!r} is for --backend ray: the local backend joins nothing")
        methods = multiprocessing.get_all_start_methods()
        if settings.start_method is not None and settings.start_method not in methods:
            known = ", ".join(methods)
            raise CommandError(f"unknown start method {settings.start_method!r}: this platform has {known}")
        return cls(settings.workers, start_method=settings.start_method)

    def map_unordered(self, function: Callable[[T], R], items: Sequence[T]) -> Iterator[R]:
        """See :meth:`Executor.map_unordered`."""
        if self.workers <= 1 or len(items) <= 1:
            yield from map(function, items)
            return
        size = batch_size(len(items), self.workers, per_worker=8, cap=20)
        todo = list(enumerate(batches(items, size)))  # (number, batch), the next to send last
        todo.reverse()
        context = multiprocessing.get_context(worker_start_method(self.start_method))
        broken = 0
        while todo:
            pool = ProcessPoolExecutor(self.workers, mp_context=context, initializer=_ignore_interrupt)
            running: dict[Future[list[R]], tuple[int, tuple[T, ...]]] = {}
            ended = False
            try:
                while todo or running:
                    while todo and len(running) < 2 * self.workers:
                        number, batch = todo.pop()
                        running[pool.submit(apply_all, function, batch)] = (number, batch)
                    done, _ = wait(running, return_when=FIRST_COMPLETED)
                    if any(isinstance(f.exception(), BrokenProcessPool) for f in done):
                        break
                    for future in done:
                        del running[future]
                        yield from future.result()
                else:
                    ended = True
                    continue
                # a process died: keep what finished, send the rest again (in order) to a new pool
                wait(running)
                again = []
                for future, entry in running.items():
                    if isinstance(future.exception(), BrokenProcessPool):
                        again.append(entry)
                    else:
                        yield from future.result()
                broken += 1
                if broken > self.max_retries:
                    raise WorkerDied(f"a worker process died (killed, or out of memory) {broken} times")
                todo.extend(sorted(again, reverse=True))
            finally:
                if not ended:
                    _terminate(pool)
                pool.shutdown(wait=ended, cancel_futures=True)


def _terminate(pool: ProcessPoolExecutor) -> None:
    """End a pool's processes now (Ctrl-C, an error): not wait for their batches."""
    processes: dict[int, Any] = getattr(pool, "_processes", None) or {}
    for process in list(processes.values()):
        process.terminate()


def _ray_batch(function: Callable[[T], R], batch: Sequence[T], path: Sequence[str]) -> list[R]:
    """In a Ray worker: the driver's module path first (a Ray started here), then the batch."""
    sys.path.extend(p for p in path if p not in sys.path)
    return apply_all(function, batch)


@attrs.frozen
class RayExecutor:
    """The CPUs of a Ray cluster: batches sent as Ray tasks, results taken as each batch ends.

    Ray is imported when the first batch is sent. Unless Ray is already connected, a cluster is
    joined at ``address``, or, without one, a Ray of ``workers`` CPUs is started here, and left
    (stopped, if started here) when the run ends. Batches hold about an eighth of a CPU's share
    of the items, at most ``max_batch``; at most ``4 * CPUs`` batches are out at once, the next
    sent as one ends, so the driver holds little whatever the run's size. A batch whose worker
    dies is run again, up to ``max_retries`` times (Ray's task retries); an exception of the
    function is not retried (it would fail again), but raised here.

    Args:
        workers: the CPUs of a Ray started here.
        address: the cluster to join (``None``: start one here).
        max_batch: the most items in a batch.
        max_retries: how many times a batch whose worker died is run again.
    """

    workers: int = 1
    """The CPUs of a Ray started here."""
    address: str | None = attrs.field(default=None, kw_only=True)
    """The cluster to join (``None``: start one here)."""
    max_batch: int = attrs.field(default=100, kw_only=True)
    """The most items in a batch."""
    max_retries: int = attrs.field(default=3, kw_only=True)
    """How many times a batch whose worker died is run again."""

    @classmethod
    def from_settings(cls, settings: BackendSettings) -> RayExecutor:
        """The ``ray`` backend's factory.

        Raises:
            CommandError: if Ray is not installed.
        """
        _import_ray()
        return cls(settings.workers, address=settings.address)

    def map_unordered(self, function: Callable[[T], R], items: Sequence[T]) -> Iterator[R]:
        """See :meth:`Executor.map_unordered`."""
        ray = _import_ray()
        exceptions = importlib.import_module("ray.exceptions")
        RayError, RayTaskError = exceptions.RayError, exceptions.RayTaskError

        started = not ray.is_initialized()
        if started:
            if self.address is not None:
                ray.init(address=self.address, logging_level="WARNING")
            else:
                ray.init(num_cpus=self.workers, include_dashboard=False, logging_level="WARNING")
        try:
            cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
            # a Ray started here sees this process's module path, as a spawned process would
            path = tuple(p for p in sys.path if p) if started and self.address is None else ()
            task = ray.remote(max_retries=self.max_retries, retry_exceptions=False)(_ray_batch)
            size = batch_size(len(items), cpus, per_worker=8, cap=self.max_batch)
            waiting = iter(batches(items, size))
            out: list[Any] = []
            function_ref = ray.put(function)

            def send() -> bool:
                batch = next(waiting, None)
                if batch is not None:
                    out.append(task.remote(function_ref, batch, path))
                return batch is not None

            while len(out) < 4 * cpus and send():
                pass
            while out:
                ready, rest = ray.wait(out, num_returns=1)
                out[:] = rest
                try:
                    results = ray.get(ready[0])
                except RayTaskError as exc:  # the function's own exception, as it was raised
                    cause = exc.cause
                    raise (cause if isinstance(cause, Exception) else exc) from None
                except RayError as exc:  # the worker died more than max_retries times, or its node
                    raise WorkerDied(f"a Ray worker was lost for good: {exc}") from None
                send()
                yield from results
        finally:
            if started:
                ray.shutdown()


def _import_ray() -> Any:
    try:  # an optional dependency (the ray extra), needed only for this backend
        return importlib.import_module("ray")
    except ImportError:
        raise CommandError("the ray backend needs Ray, which is not installed: pip install 'tablegames[ray]'") from None


_BACKENDS: dict[str, ExecutorFactory] = {
    "local": LocalExecutor.from_settings,
    "ray": RayExecutor.from_settings,
}
_BUILT_IN: Final = frozenset(_BACKENDS)


def register_backend(name: str, factory: ExecutorFactory) -> None:
    """Offer ``factory``'s executors as the backend ``name`` (``simulate --backend NAME``).

    Raises:
        ValueError: for a built-in backend's name.
    """
    if name in _BUILT_IN:
        raise ValueError(f"backend {name!r} is built in: choose another name")
    _BACKENDS[name] = factory


def unregister_backend(name: str) -> None:
    """Forget the backend ``name`` registered by :func:`register_backend` (nothing if there is none)."""
    if name not in _BUILT_IN:
        _BACKENDS.pop(name, None)


def backend_names() -> list[str]:
    """The backends known by name: the built-in ones, then those registered or installed, sorted.

    >>> from tablegames.cli.executors import backend_names
    >>> backend_names()[:2]
    ['local', 'ray']
    """
    installed = {ep.name for ep in entry_points(group=ENTRY_POINT_GROUP)}
    others = sorted((set(_BACKENDS) | installed) - _BUILT_IN)
    return ["local", "ray", *others]


def _factory(backend: str) -> ExecutorFactory:
    if backend in _BACKENDS:
        return _BACKENDS[backend]
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        if ep.name == backend:
            loaded: ExecutorFactory = ep.load()
            return loaded
    module, colon, attribute = backend.partition(":")
    if not colon or not module or not attribute:
        raise CommandError(
            f"unknown backend {backend!r}: known backends are {', '.join(backend_names())}, "
            "or name a factory as package.module:function"
        )
    try:
        found: ExecutorFactory = getattr(importlib.import_module(module), attribute)
    except Exception as exc:  # whatever the module's import raises, in one line
        raise CommandError(f"cannot load backend {backend!r}: {type(exc).__name__}: {exc}") from None
    return found


def get_executor(backend: str = "local", settings: BackendSettings | None = None) -> Executor:
    """The executor of ``backend``: a name (built in, registered, or an entry point), or ``module:factory``.

    Raises:
        CommandError: for an unknown backend, one that cannot be loaded, or settings it refuses.
    """
    return _factory(backend)(settings if settings is not None else BackendSettings())
