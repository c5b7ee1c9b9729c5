"""A connection to Ray for work spread over processes or machines (needs the ``dist`` extra: Ray).

The arena's matches (:mod:`president.arena_ray`) and the training examples of
:mod:`president.learned.teacher` run as Ray tasks through :func:`ray_session`.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

LOCAL = "local"
"""The address that starts a Ray of this machine's own (the default of ``--ray`` without an address)."""


def _connect(address: str, workers: int, feature: str) -> tuple[Any, bool]:
    """The ``ray`` module, connected; and whether this call started the connection (and so must end it)."""
    try:
        import ray
    except ImportError:
        raise ValueError(f"{feature} needs Ray: pip install 'president[dist]'") from None
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
def ray_session(address: str, workers: int, feature: str = "--ray") -> Iterator[Any]:
    """Yield the ``ray`` module connected to ``address``, and end the connection after if this call made it.

    ``address`` is :data:`LOCAL` (start a Ray on this machine with ``workers`` CPUs,
    or all of them when ``workers`` is 1) or the address of a running cluster
    (``auto``, ``HOST:6379``, ``ray://HOST:10001``). A Ray already initialised in
    this process is used as it is, and left running. ``feature`` names what needs
    Ray in the error given when it is not installed.
    """
    ray, started = _connect(address, workers, feature)
    try:
        yield ray
    finally:
        if started:
            ray.shutdown()


def cluster_cpus(ray: Any) -> int:
    """The CPUs of the connected cluster (at least 1)."""
    return max(1, int(ray.cluster_resources().get("CPU", 1)))
