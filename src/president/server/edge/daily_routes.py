"""The REST endpoints of the deal of the day (``/api/daily``); ``docs/server.md`` describes them."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict

from ..errors import ProtocolError
from ..protocol import DisplayName
from .account_routes import current_account
from .hub import Hub


class DailyRequest(BaseModel):
    """``POST /api/daily``: play today's deal (a guest gives a name; an account plays under its own)."""

    model_config = ConfigDict(extra="forbid")

    name: DisplayName | None = None


def daily_router(hub: Hub) -> APIRouter:
    """The routes of the deal of the day of ``hub``."""
    router = APIRouter(prefix="/api/daily")

    @router.get("")
    async def board(request: Request, day: str | None = None) -> dict[str, Any]:
        """The leaderboard of a day's deal (default today), and the day's secret once it is over."""
        account = await current_account(hub, request)
        return await hub.daily.board(day, None if account is None else account.id)

    @router.post("", status_code=201)
    async def start(body: DailyRequest, request: Request) -> dict[str, Any]:
        """A table of today's deal for the caller at seat 0, not started: its token opens the seat."""
        account = await current_account(hub, request)
        if account is None and body.name is None:
            raise ProtocolError("bad_request", "a guest gives a name to play the deal of the day", 422)
        table, token, day = await hub.start_daily(body.name or "", account,
                                                  request.client.host if request.client else "")
        return {"table": table.info(), "seat": 0, "token": token, "day": day}

    return router
