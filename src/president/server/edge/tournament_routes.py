"""The REST endpoints of tournaments (``/api/tournaments``); ``docs/server.md`` describes them."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from ..play.tournaments import (
    AddBotRequest,
    CreateTournamentRequest,
    HostRequest,
    JoinTournamentRequest,
    LeaveTournamentRequest,
)
from .account_routes import current_account
from .hub import Hub


def _address(request: Request) -> str:
    return request.client.host if request.client else ""


def tournament_router(hub: Hub) -> APIRouter:
    """The routes of the tournaments of ``hub``."""
    router = APIRouter(prefix="/api/tournaments")
    events = hub.tournaments

    @router.get("")
    async def listing() -> list[dict[str, Any]]:
        """The events open for entries or in play (newest first), then the latest finished ones."""
        return await events.listing()

    @router.post("", status_code=201)
    async def create(body: CreateTournamentRequest, request: Request) -> dict[str, Any]:
        """A new event: the answer holds the host key, the only key to adding bots and starting it."""
        t, key = await events.create(body, _address(request))
        return {"tournament": t.info(), "host_key": key}

    @router.get("/{tournament_id}")
    async def get(tournament_id: str) -> dict[str, Any]:
        """An event: settings, entrants, standings and the tables of every round; for a duplicate event, its
        results against the field (``field``)."""
        t = await events.get(tournament_id)
        info = t.info()
        field = await events.field(t)
        if field is not None:
            info["field"] = field
        return info

    @router.post("/{tournament_id}/join")
    async def join(tournament_id: str, body: JoinTournamentRequest, request: Request) -> dict[str, Any]:
        """Enter under a name (signed in: the account's): the answer holds the entry key, which opens the entrant's
        seat at each table."""
        account = await current_account(hub, request)
        if account is None:
            await hub.accounts.check_guest_name(body.name)
        args: dict[str, Any] = body.model_dump()
        if account is not None:
            args["account"] = [account.id, account.name]
        return await events.act("join", tournament_id, args)

    @router.post("/{tournament_id}/bots")
    async def add_bot(tournament_id: str, body: AddBotRequest) -> dict[str, Any]:
        """The host enters a registry bot."""
        return await events.act("bots", tournament_id, body.model_dump())

    @router.post("/{tournament_id}/leave")
    async def leave(tournament_id: str, body: LeaveTournamentRequest) -> dict[str, Any]:
        """Withdraw before the start with the entry key."""
        return await events.act("leave", tournament_id, body.model_dump())

    @router.post("/{tournament_id}/start")
    async def start(tournament_id: str, body: HostRequest) -> dict[str, Any]:
        """The host closes the entries; the first round is paired and its tables start."""
        return await events.act("start", tournament_id, body.model_dump())

    @router.post("/{tournament_id}/cancel")
    async def cancel(tournament_id: str, body: HostRequest) -> dict[str, Any]:
        """The host calls the event off before its start (its status becomes ``cancelled``)."""
        return await events.act("cancel", tournament_id, body.model_dump())

    return router
