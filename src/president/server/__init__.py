"""The game server: tables, live play over WebSockets, and persistence that survives a crash.

>>> from president.server import ServerConfig, create_app
>>> app = create_app(ServerConfig(database_url="sqlite://", bot_delay=0))

``president serve`` runs it with uvicorn. See ``docs/server.md`` and ``docs/protocol.md``.
"""

from .build import build_hub, create_app
from .config import ServerConfig, default_data_dir, default_database_url
from .edge.hub import Hub
from .errors import ERROR_CODES, ProtocolError

__all__ = [
           "ERROR_CODES",
           "Hub",
           "ProtocolError",
           "ServerConfig",
           "build_hub",
           "create_app",
           "default_data_dir",
           "default_database_url",
]
