"""Building the server: the one place that chooses between one process and a cluster of several.

>>> from president.server import ServerConfig, create_app
>>> app = create_app(ServerConfig(database_url="sqlite://", bot_delay=0))
"""

from __future__ import annotations

from fastapi import FastAPI

from .config import ServerConfig
from .edge.app import make_app
from .edge.hub import Hub
from .store.storage import Storage


def build_hub(config: ServerConfig) -> Hub:
    """The hub of ``config``: alone, or, when the configuration names Redis, with the cluster's placement and
    relaying."""
    if config.redis_url is None:
        return Hub(config)
    from .cluster.placement import ClusterPlacement  # needs the ``scale`` extra (redis)

    storage = Storage(config.database_url, config.sqlite_synchronous)
    placement = ClusterPlacement(config, storage)
    hub = Hub(config, storage, placement, placement)
    placement.attach(hub)
    return hub


def create_app(config: ServerConfig | None = None, hub: Hub | None = None) -> FastAPI:
    """The server application (``hub``: one built already, else :func:`build_hub`)."""
    config = config or ServerConfig()
    return make_app(config, hub or build_hub(config))
