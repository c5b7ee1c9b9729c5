"""The FastAPI application: REST for tables, the lobby, the leaderboard and records; ``/ws`` for live play.

The browser app is served from ``president/web/`` at ``/`` when that directory
exists. ``docs/server.md`` describes the endpoints, ``docs/protocol.md`` the messages.
"""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import logging
from collections.abc import AsyncIterator
from typing import Any

from fastapi import FastAPI, Request, Response, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, PlainTextResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocketDisconnect, WebSocketState

from ... import __version__
from ...old.verify import check_record
from ...players import bot_entries
from ...rules import OPTIONS, PRESETS
from ...verify import NotVerifiable
from ..config import ServerConfig
from ..errors import ProtocolError
from ..play.oldgame import OLD_BOT_TEXT, OLD_BOTS, OLD_GAME
from ..play.settings import RULE_OPTIONS
from ..protocol import (
    CreateTableRequest,
    CreateTableResponse,
    JoinRequest,
    JoinResponse,
    LeaderboardEntry,
    MatchSummary,
    TableInfo,
)
from ..store.accounts import SESSION_COOKIE
from ..store.chat_log import match_chat
from .account_routes import account_router, current_account
from .connection import Connection
from .daily_routes import daily_router
from .deflate import SOCKET_EXTENSION, LargeOnlyDeflateProtocol
from .headers import SecurityHeaders
from .hub import Hub
from .ruleset_routes import ruleset_router
from .tournament_routes import tournament_router
from .wire import SocketWire, framing_of

log = logging.getLogger("president.server")

MAX_BODY_BYTES = 16384
"""REST request bodies larger than this are refused (413)."""

SWEEP_SECONDS = 60.0
"""How often empty tables and expired tournaments are looked for, at most (more often when
``empty_table_minutes`` or ``tournament_open_minutes`` is short)."""

LOBBY_PAGE = 50
"""Tables in one page of the lobby by default."""

LOBBY_PAGE_MAX = 200
"""The largest page of the lobby a client may ask for."""

IN_FLIGHT = 8
"""Changes of one connection waiting for their commit before the server stops reading that connection."""


def _error(code: str, message: str, status: int, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status, headers=headers)


class _App(FastAPI):
    """FastAPI with :class:`SecurityHeaders` outside its whole stack, so that its answers to unexpected errors
    carry the headers too."""

    def build_middleware_stack(self) -> ASGIApp:
        """The usual stack, wrapped in the security headers."""
        return SecurityHeaders(super().build_middleware_stack(), self.docs_url)


class _BodyTooLarge(Exception):
    """Raised from ``receive`` when the body has grown past the limit."""


class BodyLimit:
    """ASGI middleware refusing HTTP request bodies larger than ``limit`` bytes (413, then the connection closes).

    The declared ``Content-Length`` is checked first; the bytes actually received are counted
    too, so a body sent in chunks (no length given) is refused as soon as it passes the limit,
    without reading the rest. A body not received in full within ``seconds`` of the request's
    headers is refused with 408 (the connection closes): the time bounds the whole body, so a
    client sending a byte now and then cannot hold the request open.
    """

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY_BYTES, seconds: float = 10.0) -> None:
        self.app = app
        self.limit = limit
        self.seconds = seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Refuse with 413, or pass the request on with its body counted."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length" and (not value.isdigit() or int(value) > self.limit):
                await self._refuse(scope, receive, send)
                return
        deadline = asyncio.get_running_loop().time() + self.seconds
        received = 0
        overflow = False
        slow = False
        started = False
        complete = False

        async def counted_receive() -> Message:
            nonlocal received, overflow, slow, complete
            if complete:
                return await receive()
            try:
                left = deadline - asyncio.get_running_loop().time()
                if left <= 0:
                    raise TimeoutError
                message = await asyncio.wait_for(receive(), left)
            except TimeoutError:
                slow = overflow = True
                raise _BodyTooLarge from None
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                complete = not message.get("more_body", False)
                if received > self.limit:
                    overflow = True
                    raise _BodyTooLarge
            return message

        async def guarded_send(message: Message) -> None:
            nonlocal started
            if overflow:
                return  # whatever the application answers to the broken body, the 413 is sent instead
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        with contextlib.suppress(_BodyTooLarge):
            await self.app(scope, counted_receive, guarded_send)
        if slow and not started:
            response = _error("too_slow", f"the request body did not come within {self.seconds:g} s", 408,
                              {"connection": "close"})
            await response(scope, receive, send)
        elif overflow and not started:
            await self._refuse(scope, receive, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        # Connection: close, so that the server drops the rest of the body instead of reading it.
        response = _error("too_large", f"request bodies may hold at most {self.limit} bytes", 413,
                          {"connection": "close"})
        await response(scope, receive, send)


def _invite_url(request: Request, table_id: str) -> str:
    return f"{request.base_url}?table={table_id}"


def _preset_info() -> list[dict[str, Any]]:
    out = []
    for rules in PRESETS.values():
        out.append({
            "name": rules.name, "description": rules.description, "min_players": rules.min_players,
            "max_players": rules.max_players, "deals": rules.deals, "target_score": rules.target_score,
            "options": {name: getattr(rules, name) for name in RULE_OPTIONS},
            "sources": dict(rules.sources),
            "titles": {str(n): list(rules.titles(n)) for n in range(rules.min_players, rules.max_players + 1)},
        })
    return out


async def _sweep_forever(hub: Hub) -> None:
    minutes = min(hub.config.empty_table_minutes, hub.config.tournament_open_minutes)
    pause = max(0.05, min(SWEEP_SECONDS, minutes * 60 / 10))
    while True:
        await asyncio.sleep(pause)
        try:
            await hub.sweep()
        except Exception:
            log.exception("sweeping empty tables failed")


def _address(request: Request | WebSocket) -> str:
    """The client's address as uvicorn reports it (behind a proxy: see ``docs/server.md``)."""
    return request.client.host if request.client else ""


def make_app(config: ServerConfig, hub: Hub) -> FastAPI:
    """The server application around ``hub`` (see :func:`president.server.build.create_app`). Tables are
    restored from the database when it starts."""

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await hub.restore()
        sweeper = asyncio.create_task(_sweep_forever(hub))
        try:
            yield
        finally:
            sweeper.cancel()
            await hub.leave()
            hub.close()

    app = _App(title="President", version=__version__, lifespan=lifespan, docs_url="/api/docs",
                  redoc_url=None, openapi_url="/api/openapi.json")
    app.state.hub = hub
    app.state.config = config
    app.add_middleware(BodyLimit, seconds=config.body_seconds)

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
        health: dict[str, Any] = {"ok": True, "version": __version__, "tables": len(hub.tables)}
        health.update(hub.placement.describe())
        return health

    @app.get("/api/options")
    async def options() -> list[dict[str, Any]]:
        """Every house-rule option a table may set: name, kind, allowed values, default, description, group."""
        return [spec.to_json() for spec in OPTIONS if spec.table]

    @app.get("/api/presets")
    async def presets() -> list[dict[str, Any]]:
        """The rule presets with their options (the house rules a table may change) and their sources."""
        return _preset_info()

    @app.get("/api/bots")
    async def bots(game: str = "president") -> list[dict[str, str]]:
        """The bots a seat may be given (``?game=old-president``: those of the old game)."""
        if game == OLD_GAME:
            return [{"name": name, "description": (OLD_BOT_TEXT[name])} for name in OLD_BOTS]
        return [{"name": e.name, "description": e.description} for e in bot_entries() if e.offered]

    @app.get("/api/tables", response_model=list[TableInfo])
    async def lobby(response: Response, status: str | None = None, limit: int = LOBBY_PAGE,
                    offset: int = 0) -> list[dict[str, Any]]:
        """The lobby, a page at a time: tables open for people or with people to watch; ``X-Total-Count`` counts all."""
        if status is not None and status not in ("waiting", "playing", "finished"):
            raise ProtocolError("bad_request", "status must be waiting, playing or finished", 422)
        if not 1 <= limit <= LOBBY_PAGE_MAX or offset < 0:
            raise ProtocolError("bad_request", f"limit must be from 1 to {LOBBY_PAGE_MAX}, offset 0 or more", 422)
        page, total = await hub.lobby(status, limit, offset)
        response.headers["X-Total-Count"] = str(total)
        return page

    @app.post("/api/tables", response_model=CreateTableResponse, status_code=201)
    async def create_table(body: CreateTableRequest, request: Request) -> dict[str, Any]:
        """Create a table; with a ``name``, the creator takes the first open seat."""
        table, seat, token = await hub.create_table(body, _address(request), await current_account(hub, request))
        return {"table": table.info(), "invite_url": _invite_url(request, table.id), "seat": seat, "token": token}

    @app.get("/api/tables/{table_id}", response_model=TableInfo)
    async def get_table(table_id: str) -> dict[str, Any]:
        """One table as everyone may see it."""
        return await hub.table_call(table_id, "info")

    @app.post("/api/tables/{table_id}/join", response_model=JoinResponse)
    async def join(table_id: str, body: JoinRequest, request: Request) -> dict[str, Any]:
        """Take an open seat: the answer holds the seat token, the only key to the seat."""
        account = await current_account(hub, request)
        name, account_id = (body.name, None) if account is None else (account.name, account.id)
        joined = await hub.table_call(table_id, "join", name=name, seat=body.seat, account=account_id)
        return {**joined, "invite_url": _invite_url(request, table_id)}

    @app.get("/api/leaderboard", response_model=list[LeaderboardEntry])
    async def leaderboard(limit: int = 100) -> list[dict[str, Any]]:
        """Per player name: finished matches, wins and mean points."""
        return await hub.journal.read(hub.storage.leaderboard, max(1, min(limit, 1000)))

    @app.get("/api/matches", response_model=list[MatchSummary])
    async def matches(limit: int = 50, player: str | None = None) -> list[dict[str, Any]]:
        """The latest finished matches, of one player name when given."""
        return await hub.journal.read(hub.storage.matches, max(1, min(limit, 500)), player)

    async def check_told(match_id: int) -> None:
        """Refuse (``not_found``, 404) a match of a duplicate round whose other tables still play its cards, or
        of a deal of the day not over yet."""
        if hub.tournaments.withheld(match_id):
            raise ProtocolError("not_found", f"match {match_id} is shown once every table of its duplicate round "
                                "has finished", 404)
        if await hub.daily.withheld(match_id):
            raise ProtocolError("not_found", f"match {match_id} is a deal of the day: it is shown once the day "
                                "is over", 404)

    @app.get("/api/matches/{match_id}")
    async def match(match_id: int) -> dict[str, Any]:
        """A finished match with its record."""
        await check_told(match_id)
        found = await hub.journal.read(hub.storage.match, match_id)
        if found is None:
            raise ProtocolError("not_found", f"there is no finished match {match_id}", 404)
        return found

    @app.get("/api/matches/{match_id}/record", response_class=PlainTextResponse)
    async def match_record(match_id: int) -> str:
        """The record of a finished match as text (``Match.replay`` reads it)."""
        await check_told(match_id)
        found = await hub.journal.read(hub.storage.match, match_id)
        if found is None:
            raise ProtocolError("not_found", f"there is no finished match {match_id}", 404)
        return str(found["record"])

    @app.get("/api/matches/{match_id}/deals")
    async def match_deals(match_id: int) -> dict[str, Any]:
        """The server's check of a finished match's deals against the commitments shown before them: the secret,
        and per deal the seat dealt to first, the commitments and the hands (docs/verify.md). 422
        ``not_verifiable`` for a match not dealt from a secret."""
        await check_told(match_id)
        found = await hub.journal.read(hub.storage.match, match_id)
        if found is None:
            raise ProtocolError("not_found", f"there is no finished match {match_id}", 404)
        try:
            result = await asyncio.to_thread(check_record, str(found["record"]))
        except NotVerifiable as exc:
            raise ProtocolError("not_verifiable", str(exc), 422) from None
        return result.to_dict()

    @app.get("/api/matches/{match_id}/chat")
    async def chat(match_id: int) -> dict[str, Any]:
        """The table chat of a finished match, players' and spectators' lines apart, for its replay."""
        found = await hub.journal.read(hub.storage.match, match_id)
        if found is None:
            raise ProtocolError("not_found", f"there is no finished match {match_id}", 404)
        return await hub.journal.read(match_chat, hub.storage, found["table"], found["match_no"])

    @app.get("/api/matches/{match_id}/steps")
    async def match_steps(match_id: int, request: Request) -> Response:
        """The steps of a finished match for the replay viewer, built by the engine: at the start of each deal
        and after each move, the events and the table with every hand (``president.steps``)."""
        await check_told(match_id)
        body = await hub.replays.steps(match_id)
        headers = {"cache-control": "public, max-age=3600", "vary": "accept-encoding"}
        if "gzip" in request.headers.get("accept-encoding", ""):
            return Response(body, media_type="application/json", headers={**headers, "content-encoding": "gzip"})
        return Response(gzip.decompress(body), media_type="application/json", headers=headers)

    @app.post("/api/matches/{match_id}/analysis")
    async def start_analysis(match_id: int, request: Request, response: Response) -> dict[str, Any]:
        """Analyse a finished match (every decision judged by the search): 200 with the stored analysis, else
        202 with the progress of the analysis started or under way."""
        await check_told(match_id)
        status, stored = await hub.analyses.start(match_id, _address(request))
        response.status_code = 200 if stored else 202
        return status

    @app.get("/api/matches/{match_id}/analysis")
    async def analysis(match_id: int) -> dict[str, Any]:
        """The analysis of a finished match: done (with the analysis), queued, running, failed or none."""
        await check_told(match_id)
        return await hub.analyses.status(match_id)

    app.include_router(tournament_router(hub))
    app.include_router(daily_router(hub))
    app.include_router(account_router(hub))
    app.include_router(ruleset_router(hub))

    @app.websocket("/ws")
    async def websocket(ws: WebSocket) -> None:
        await ws.accept()
        client = ws.client
        address = client.host if client else ""
        if not await hub.admit(address):
            error = ProtocolError("too_many_connections", f"your address holds {config.websockets_per_address} "
                                  "connections to the server, as many as it may; close one first")
            with contextlib.suppress(Exception):
                await ws.send_json({"type": "error", **error.to_dict(), "ref": None})
                await ws.close(1008, "too many connections from your address")
            return
        try:
            conn = hub.connection(f"{client.host}:{client.port}" if client else "", address)
            conn.session = ws.cookies.get(SESSION_COOKIE)
            _wire_up(ws, conn)
            writer = asyncio.create_task(_write(ws, conn))
            try:
                await _read(ws, conn, hub, config)
            finally:
                hub.disconnect(conn)
                conn.close(conn.close_code if conn.closing else 1000)
                with contextlib.suppress(Exception):
                    await writer
        finally:
            await hub.release(address)

    web_dir = config.web_dir
    if web_dir is not None and web_dir.is_dir():
        app.mount("/", StaticFiles(directory=web_dir, html=True), name="web")
    else:
        @app.get("/", include_in_schema=False)
        async def no_web_app() -> JSONResponse:
            return _error("not_found", "the browser app is not installed on this server; the API is under /api/", 404)

    return app


def _wire_up(ws: WebSocket, conn: Connection) -> None:
    """Let ``conn`` write to its socket directly when the server's own WebSocket protocol carries it and the socket's
    frames can be shared (:mod:`.wire`); otherwise its messages go through its queue."""
    protocol = ws.scope.get("extensions", {}).get(SOCKET_EXTENSION)
    if protocol is None:
        return
    framing = framing_of(protocol.conn)
    if framing is not None:
        conn.use_wire(SocketWire(protocol, framing))


async def _read(ws: WebSocket, conn: Connection, hub: Hub, config: ServerConfig) -> None:
    """Feed the client's messages to the hub until it leaves or is sent away.

    Changes waiting for their commit do not hold up the reading (a ``ping`` is answered while
    a move is being stored), up to :data:`IN_FLIGHT` of them per connection. Once the client has said hello,
    on the server's own WebSocket protocol, its text messages come straight from the socket
    (:attr:`~.deflate.LargeOnlyDeflateProtocol.on_text`); this loop then waits for the end of the connection.
    """
    in_flight: set[asyncio.Task[None]] = set()
    protocol: LargeOnlyDeflateProtocol | None = ws.scope.get("extensions", {}).get(SOCKET_EXTENSION)
    if protocol is not None and not protocol.reads_directly:
        protocol = None
    paused = False  # the socket's reading, stopped here while IN_FLIGHT changes wait

    def settled(task: asyncio.Task[None]) -> None:
        nonlocal paused
        in_flight.discard(task)
        if paused and len(in_flight) < IN_FLIGHT and protocol is not None:
            paused = False
            if not protocol.read_paused:  # uvicorn resumes the reading it paused itself
                protocol.transport.resume_reading()

    def read(text: str) -> None:
        nonlocal paused
        if conn.closing or protocol is None:
            return
        task = hub.handle(conn, text)
        if task is not None:
            in_flight.add(task)
            task.add_done_callback(settled)
            if len(in_flight) >= IN_FLIGHT and not paused:
                paused = True
                protocol.transport.pause_reading()

    try:
        while not conn.closing:
            if len(in_flight) >= IN_FLIGHT:
                _, in_flight = await asyncio.wait(in_flight, return_when=asyncio.FIRST_COMPLETED)
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
            task = hub.handle(conn, text if text is not None else message.get("bytes") or b"")
            if task is not None and not conn.joined:
                # A hello looked up in the cluster (the table may be played by another process): the messages
                # after it wait for it, as they would behind a hello answered at once.
                with contextlib.suppress(Exception):
                    await task
            elif task is not None:
                in_flight.add(task)
                task.add_done_callback(settled)
            if conn.joined and protocol is not None and protocol.on_text is None:
                protocol.on_text = read
    finally:
        if protocol is not None:
            protocol.on_text = None


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

