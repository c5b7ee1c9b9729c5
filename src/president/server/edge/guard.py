"""Connection guards below the application: open connections per client address, and slow request headers.

uvicorn gives an HTTP connection as long as it likes to send its request headers,
so a few hundred half-sent requests hold every file descriptor the process has.
:func:`guarded_http` makes uvicorn's HTTP protocol (either implementation) close a
connection that has not finished the headers of its next request within
``header_seconds`` (measured from the connection, then from the end of each
response), and refuse a connection from an address that already holds
``per_address`` open HTTP connections. A connection stops counting once it becomes
a WebSocket (``websockets_per_address`` bounds those). Slow request bodies are the application's:
see :class:`~president.server.edge.app.BodyLimit`.
"""

from __future__ import annotations

import asyncio
import logging
import re
from typing import Any

log = logging.getLogger("president.server")


class _Guard:
    """Mixed into a uvicorn HTTP protocol class by :func:`guarded_http`."""

    header_seconds: float = 10.0
    per_address: int = 64
    open_by_address: dict[str, int]
    # Attributes of the uvicorn protocol this is mixed into.
    client: tuple[str, int] | None
    cycle: Any
    loop: asyncio.AbstractEventLoop
    transport: asyncio.Transport

    def connection_made(self, transport: asyncio.Transport) -> None:
        super().connection_made(transport)  # type: ignore[misc]
        self._guard_address: str | None = self.client[0] if self.client else None
        self._guard_timer: asyncio.TimerHandle | None = None
        if self._guard_address is None:
            return
        count = self.open_by_address.get(self._guard_address, 0) + 1
        self.open_by_address[self._guard_address] = count
        if count > self.per_address:
            log.warning("refused a connection from %s: %d open connections at most", self._guard_address,
                        self.per_address)
            transport.close()
            return
        self._arm()

    def _arm(self) -> None:
        if self._guard_timer is not None:
            self._guard_timer.cancel()
        self._guard_timer = self.loop.call_later(self.header_seconds, self._check, self.cycle)

    def _check(self, cycle_then: Any) -> None:
        # No new request since the timer was set: its headers did not arrive in time.
        if self.cycle is cycle_then and not self.transport.is_closing():
            log.info("closed a connection from %s: no request headers within %g s", self._guard_address,
                     self.header_seconds)
            self.transport.close()

    def on_response_complete(self) -> None:
        super().on_response_complete()  # type: ignore[misc]
        if self._guard_address is not None and not self.transport.is_closing():
            self._arm()

    def _release(self) -> None:
        if self._guard_timer is not None:
            self._guard_timer.cancel()
            self._guard_timer = None
        address, self._guard_address = self._guard_address, None
        if address is not None:
            left = self.open_by_address.get(address, 1) - 1
            if left > 0:
                self.open_by_address[address] = left
            else:
                self.open_by_address.pop(address, None)

    def connection_lost(self, exc: Exception | None) -> None:
        self._release()
        super().connection_lost(exc)  # type: ignore[misc]

    def handle_websocket_upgrade(self, *args: Any) -> Any:
        self._release()
        upgraded = super().handle_websocket_upgrade(*args)  # type: ignore[misc]
        # The transport feeds the WebSocket protocol from now on and this one never hears of the connection again
        # (no connection_lost, which is where uvicorn lets go of the parser): the parser, which refers back to
        # this protocol, would keep both alive until one of the collector's rare full passes.
        if hasattr(self, "parser"):
            self.parser = None
        return upgraded


def guarded_http(header_seconds: float, per_address: int) -> type:
    """uvicorn's HTTP protocol class (httptools when installed, else h11) with the guards of this module."""
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol as base
    except ImportError:  # pragma: no cover - httptools is part of uvicorn[standard]
        from uvicorn.protocols.http.h11_impl import H11Protocol as base  # type: ignore[assignment]
    return type("GuardedHttpProtocol", (_Guard, base), {
        "header_seconds": header_seconds, "per_address": per_address, "open_by_address": {},
        "__doc__": "uvicorn's HTTP protocol with a request-header timeout and a cap of connections per address.",
    })


class OneLineClientErrors(logging.Filter):
    """Logs a client's malformed WebSocket frame (text that is not UTF-8) as one line, without a traceback.

    uvicorn answers such a frame correctly (close code 1007) but logs it with the
    traceback of the decoding error, as if the server had failed; a client can fill
    the log that way. The record keeps its level and message; only the traceback goes.
    """

    MESSAGES = frozenset({"Invalid UTF-8 sequence received from client."})

    def filter(self, record: logging.LogRecord) -> bool:
        """Strip the traceback from the client-error records, let every record through."""
        if record.msg in self.MESSAGES and record.exc_info:
            record.msg = f"{record.msg} The connection was closed (1007)."
            record.exc_info = None
            record.exc_text = None
            record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True


class HideAccountNames(logging.Filter):
    """Takes the player names out of the access log: the profile paths (``/api/players/NAME``) and the page
    addresses that name a player (``?player=NAME``) are logged with ``…`` in place of the name."""

    PATTERN = re.compile(r"(/api/players/)[^?\s]+|([?&]player=)[^&\s]+")

    def filter(self, record: logging.LogRecord) -> bool:
        """Rewrite the path argument of uvicorn's access records; let every record through."""
        args = record.args
        if isinstance(args, tuple) and len(args) >= 3 and isinstance(args[2], str) and "player" in args[2]:
            path = self.PATTERN.sub(lambda m: f"{m.group(1) or m.group(2)}…", args[2])
            record.args = (*args[:2], path, *args[3:])
        return True


def hide_account_names() -> None:
    """Install :class:`HideAccountNames` on uvicorn's access log (once)."""
    logger = logging.getLogger("uvicorn.access")
    if not any(isinstance(f, HideAccountNames) for f in logger.filters):
        logger.addFilter(HideAccountNames())


def quiet_client_errors() -> None:
    """Install :class:`OneLineClientErrors` on uvicorn's error log (once)."""
    logger = logging.getLogger("uvicorn.error")
    if not any(isinstance(f, OneLineClientErrors) for f in logger.filters):
        logger.addFilter(OneLineClientErrors())


def uvicorn_options(config: Any) -> dict[str, Any]:
    """The uvicorn settings a :class:`~president.server.config.ServerConfig` asks for: the guarded protocol, the
    WebSocket frame limit, and the proxies whose ``X-Forwarded-For`` is believed (none unless
    ``trusted_proxies`` names them: uvicorn would otherwise believe any connection from 127.0.0.1). Also makes
    uvicorn log a client's malformed frame in one line."""
    quiet_client_errors()
    hide_account_names()
    proxies = config.trusted_proxies.strip()
    return {"http": guarded_http(config.header_seconds, config.connections_per_address),
            "ws_max_size": config.max_frame_bytes, "proxy_headers": bool(proxies),
            "forwarded_allow_ips": proxies or None}
