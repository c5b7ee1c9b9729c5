"""The FastAPI application: REST for tables, the lobby, the leaderboard and records; ``/ws`` for live play.

The browser app is served from ``president/web/`` at ``/`` when that directory
exists. ``docs/server.md`` describes the endpoints, ``docs/protocol.md`` the messages.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, PlainTextResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocketDisconnect, WebSocketState

from .. import __version__
from ..bots import bot_entries
from ..rules import OPTIONS, PRESETS
from .config import ServerConfig
from .connection import Connection
from .errors import ProtocolError
from .hub import Hub
from .protocol import (
    CreateTableRequest,
    CreateTableResponse,
    JoinRequest,
    JoinResponse,
    LeaderboardEntry,
    MatchSummary,
    TableInfo,
)
from .settings import RULE_OPTIONS

log = logging.getLogger("president.server")

MAX_BODY_BYTES = 16384
"""REST request bodies larger than this are refused (413)."""

SWEEP_SECONDS = 60.0
"""How often idle tables are looked for."""


def _error(code: str, message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)


class BodyLimit:
    """ASGI middleware refusing HTTP requests whose declared body is too large."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Refuse with 413, or pass the request on."""
        if scope["type"] == "http":
            for name, value in scope.get("headers", ()):
                if name == b"content-length" and (not value.isdigit() or int(value) > self.limit):
                    response = _error("too_large", f"request bodies may hold at most {self.limit} bytes", 413)
                    await response(scope, receive, send)
                    return
        await self.app(scope, receive, send)


def _invite_url(request: Request, table_id: str) -> str:
    return f"{request.base_url}?table={table_id}"


def _preset_info() -> list[dict[str, Any]]:
    out = []
    for rules in PRESETS.values():
        out.append({
            "name": rules.name, "description": rules.description, "min_players": rules.min_players,
            "max_players": rules.max_players, "deals": rules.deals, "target_score": rules.target_score,
            "options": {name: getattr(rules, name) for name in RULE_OPTIONS},
        })
    return out


async def _sweep_forever(hub: Hub) -> None:
    while True:
        await asyncio.sleep(SWEEP_SECONDS)
        try:
            hub.sweep()
        except Exception:
            log.exception("sweeping idle tables failed")


def create_app(config: ServerConfig | None = None, hub: Hub | None = None) -> FastAPI:
    """The server application. Tables are restored from the database when it starts."""
    config = config or ServerConfig()
    hub = hub or Hub(config)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        hub.restore()
        sweeper = asyncio.create_task(_sweep_forever(hub))
        try:
            yield
        finally:
            sweeper.cancel()
            hub.close()

    app = FastAPI(title="President", version=__version__, lifespan=lifespan, docs_url="/api/docs",
                  redoc_url=None, openapi_url="/api/openapi.json")
    app.state.hub = hub
    app.state.config = config
    app.add_middleware(BodyLimit)

    @app.exception_handler(ProtocolError)
    async def protocol_error(_request: Request, exc: ProtocolError) -> JSONResponse:
        return _error(exc.code, exc.message, exc.status)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(_request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {"loc": (), "msg": "invalid request"}
        where = ".".join(str(p) for p in first.get("loc", ())[1:]) or "body"
        return _error("bad_request", f"{where}: {first.get('msg', 'invalid')}", 422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        if exc.status_code == 404:
            return _error("not_found", "there is nothing at this address", 404)
        return _error("bad_request", str(exc.detail), exc.status_code)

    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        """Whether the server is up, and how many tables it holds."""
        return {"ok": True, "version": __version__, "tables": len(hub.tables)}

    @app.get("/api/options")
    async def options() -> list[dict[str, Any]]:
        """Every house-rule option a table may set: name, kind, allowed values, default, description, group."""
        return [spec.to_json() for spec in OPTIONS if spec.table]

    @app.get("/api/presets")
    async def presets() -> list[dict[str, Any]]:
        """The rule presets with their options (the house rules a table may change)."""
        return _preset_info()

    @app.get("/api/bots")
    async def bots() -> list[dict[str, str]]:
        """The bots a seat may be given."""
        return [{"name": e.name, "description": e.description} for e in bot_entries() if e.offered]

    @app.get("/api/tables", response_model=list[TableInfo])
    async def lobby(status: str | None = None) -> list[dict[str, Any]]:
        """The lobby: public tables waiting for players, then those in play."""
        if status is not None and status not in ("waiting", "playing", "finished"):
            raise ProtocolError("bad_request", "status must be waiting, playing or finished")
        return hub.lobby(status)

    @app.post("/api/tables", response_model=CreateTableResponse, status_code=201)
    async def create_table(body: CreateTableRequest, request: Request) -> dict[str, Any]:
        """Create a table; with a ``name``, the creator takes the first open seat."""
        table, seat, token = hub.create_table(body)
        return {"table": table.info(), "invite_url": _invite_url(request, table.id), "seat": seat, "token": token}

    @app.get("/api/tables/{table_id}", response_model=TableInfo)
    async def get_table(table_id: str) -> dict[str, Any]:
        """One table as everyone may see it."""
        return hub.table(table_id).info()

    @app.post("/api/tables/{table_id}/join", response_model=JoinResponse)
    async def join(table_id: str, body: JoinRequest, request: Request) -> dict[str, Any]:
        """Take an open seat: the answer holds the seat token, the only key to the seat."""
        table, seat, token = hub.join(table_id, body)
        return {"table": table.info(), "seat": seat, "token": token, "invite_url": _invite_url(request, table.id)}

    @app.get("/api/leaderboard", response_model=list[LeaderboardEntry])
    async def leaderboard(limit: int = 100) -> list[dict[str, Any]]:
        """Per player name: finished matches, wins and mean points."""
        return hub.storage.leaderboard(max(1, min(limit, 1000)))

    @app.get("/api/matches", response_model=list[MatchSummary])
    async def matches(limit: int = 50, player: str | None = None) -> list[dict[str, Any]]:
        """The latest finished matches, of one player name when given."""
        return hub.storage.matches(max(1, min(limit, 500)), player)

    @app.get("/api/matches/{match_id}")
    async def match(match_id: int) -> dict[str, Any]:
        """A finished match with its record."""
        found = hub.storage.match(match_id)
        if found is None:
            raise ProtocolError("not_found", f"there is no finished match {match_id}", 404)
        return found

    @app.get("/api/matches/{match_id}/record", response_class=PlainTextResponse)
    async def match_record(match_id: int) -> str:
        """The record of a finished match as text (``Match.replay`` reads it)."""
        found = hub.storage.match(match_id)
        if found is None:
            raise ProtocolError("not_found", f"there is no finished match {match_id}", 404)
        return str(found["record"])

    @app.websocket("/ws")
    async def websocket(ws: WebSocket) -> None:
        await ws.accept()
        client = ws.client
        conn = hub.connection(f"{client.host}:{client.port}" if client else "")
        writer = asyncio.create_task(_write(ws, conn))
        try:
            await _read(ws, conn, hub, config)
        finally:
            hub.disconnect(conn)
            conn.close(conn.close_code if conn.closing else 1000)
            with contextlib.suppress(Exception):
                await writer

    web_dir = config.web_dir
    if web_dir is not None and web_dir.is_dir():
        app.mount("/", StaticFiles(directory=web_dir, html=True), name="web")
    else:
        @app.get("/", include_in_schema=False)
        async def no_web_app() -> JSONResponse:
            return _error("not_found", "the browser app is not installed on this server; the API is under /api/", 404)

    return app


async def _read(ws: WebSocket, conn: Connection, hub: Hub, config: ServerConfig) -> None:
    """Feed the client's messages to the hub until it leaves or is sent away."""
    while not conn.closing:
        try:
            if conn.joined:
                message = await ws.receive()
            else:
                message = await asyncio.wait_for(ws.receive(), config.hello_timeout)
        except TimeoutError:
            hub.reject(conn, ProtocolError("hello_first", f"say hello within {config.hello_timeout:g} seconds"))
            conn.close(1008, "no hello")
            return
        except (WebSocketDisconnect, RuntimeError):
            return
        if message["type"] == "websocket.disconnect":
            return
        text = message.get("text")
        hub.handle(conn, text if text is not None else message.get("bytes") or b"")


async def _write(ws: WebSocket, conn: Connection) -> None:
    """Send the queued messages, then close the socket when the connection is closed."""
    try:
        await conn.pump(ws.send_text)
    except Exception:
        conn.closing = True
        return
    if ws.application_state == WebSocketState.CONNECTED and ws.client_state == WebSocketState.CONNECTED:
        with contextlib.suppress(Exception):
            await ws.close(conn.close_code, conn.close_reason or None)

