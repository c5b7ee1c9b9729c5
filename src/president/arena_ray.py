"""The arena's matches as Ray tasks, on a local Ray or a cluster (needs the ``dist`` extra: Ray).

Each task plays a chunk of consecutive matches with :func:`president.arena_play.play_match`,
the function the process pool runs, so a match plays the same way wherever it runs;
results come back in match order. Every machine of a cluster needs the same
version of ``president`` installed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from .arena_play import MatchOutcome, MatchTask, play_match
from .ray_cluster import cluster_cpus, ray_session

_CHUNKS_PER_CPU = 4
"""Chunks of matches per CPU of the cluster in each batch: small enough to balance, large enough to amortise a task."""


def play_matches(tasks: list[MatchTask]) -> list[MatchOutcome]:
    """Play ``tasks`` in order: the body of one Ray task."""
    return [play_match(task) for task in tasks]


@contextmanager
def ray_runner(address: str, workers: int) -> Iterator[Callable[[list[MatchTask]], Iterator[MatchOutcome]]]:
    """Yield ``run(batch)``, which plays a batch of matches as Ray tasks and yields their outcomes in match order.

    ``address`` and ``workers`` as :func:`~president.ray_cluster.ray_session` takes them.
    """
    with ray_session(address, workers) as ray:
        remote = ray.remote(num_cpus=1)(play_matches)
        cpus = cluster_cpus(ray)

        def run(batch: list[MatchTask]) -> Iterator[MatchOutcome]:
            size = max(1, -(-len(batch) // (cpus * _CHUNKS_PER_CPU)))
            # Chunks not needed once the deals are reached are left to finish, as the process pool's are.
            pending = [remote.remote(batch[start:start + size]) for start in range(0, len(batch), size)]
            for reference in pending:
                yield from ray.get(reference)

        yield run
