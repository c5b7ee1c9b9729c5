"""The arena's matches as Ray tasks, on a local Ray or a cluster (needs the ``dist`` extra: Ray).

Each task plays a chunk of consecutive matches with :func:`president.arena_play.play_match`,
the function the process pool runs, so a match plays the same way wherever it runs;
results come back in match order. Every machine of a cluster needs the same
version of ``president`` installed.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from .arena_play import MatchOutcome, MatchTask, play_match

LOCAL = "local"
"""The address that starts a Ray of this machine's own (the default of ``president arena --ray``)."""

_CHUNKS_PER_CPU = 4
"""Chunks of matches per CPU of the cluster in each batch: small enough to balance, large enough to amortise a task."""


def play_matches(tasks: list[MatchTask]) -> list[MatchOutcome]:
    """Play ``tasks`` in order: the body of one Ray task."""
    return [play_match(task) for task in tasks]


def _connect(address: str, workers: int) -> tuple[Any, bool]:
    """The ``ray`` module, connected; and whether this call started the connection (and so must end it)."""
    try:
        import ray
    except ImportError:
        raise ValueError("--ray needs Ray: pip install 'president[dist]'") from None
    if ray.is_initialized():
        return ray, False
    if address == LOCAL:
        ray.init(num_cpus=workers if workers > 1 else None, include_dashboard=False, logging_level=logging.WARNING,
                 log_to_driver=False)
    else:
        try:
            ray.init(address=address, logging_level=logging.WARNING, log_to_driver=False)
        except ConnectionError as exc:
            raise ValueError(f"cannot reach a Ray cluster at {address}: {exc}") from None
    return ray, True


@contextmanager
def ray_runner(address: str, workers: int) -> Iterator[Callable[[list[MatchTask]], Iterator[MatchOutcome]]]:
    """Yield ``run(batch)``, which plays a batch of matches as Ray tasks and yields their outcomes in match order.

    ``address`` is :data:`LOCAL` (start a Ray on this machine with ``workers`` CPUs,
    or all of them when ``workers`` is 1) or the address of a running cluster
    (``auto``, ``HOST:6379``, ``ray://HOST:10001``). A Ray already initialised in
    this process is used as it is, and left running.
    """
    ray, started = _connect(address, workers)
    try:
        remote = ray.remote(num_cpus=1)(play_matches)
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))

        def run(batch: list[MatchTask]) -> Iterator[MatchOutcome]:
            size = max(1, -(-len(batch) // (cpus * _CHUNKS_PER_CPU)))
            # Chunks not needed once the deals are reached are left to finish, as the process pool's are.
            pending = [remote.remote(batch[start:start + size]) for start in range(0, len(batch), size)]
            for reference in pending:
                yield from ray.get(reference)

        yield run
    finally:
        if started:
            ray.shutdown()
