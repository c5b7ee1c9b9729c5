"""The REST endpoints of accounts, profiles and ratings; ``docs/server.md`` and ``docs/protocol.md`` describe them."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from ..errors import ProtocolError
from ..play.pairing import leader
from ..store.accounts import (
    DEVICE_COOKIE,
    DEVICE_SECONDS,
    LIMIT_WINDOW,
    SESSION_COOKIE,
    SESSION_SECONDS,
    Account,
    Credentials,
    PasswordChange,
    count_attempt,
    find_account,
    profile,
)
from ..store.chat_log import last_lines
from ..store.duplicate_ratings import duplicate_leaderboard
from ..store.moderation import add_report, block, blocked_names, unblock
from ..store.ratings import leaderboard
from .hub import Hub

FAMILY_MAX = 40


def _address(request: Request) -> str:
    return request.client.host if request.client else ""


def _set_cookie(request: Request, response: Response, token: str) -> None:
    response.set_cookie(SESSION_COOKIE, token, max_age=int(SESSION_SECONDS), path="/", httponly=True,
                        samesite="lax", secure=request.url.scheme == "https")


def _clear_cookie(request: Request, response: Response) -> None:
    response.delete_cookie(SESSION_COOKIE, path="/", httponly=True, samesite="lax",
                           secure=request.url.scheme == "https")


async def _know_device(hub: Hub, account: Account, request: Request, response: Response) -> None:
    """Make this browser a known device of ``account`` (its sign-in attempts at the account count apart)."""
    token = await hub.accounts.new_device(account, request.cookies.get(DEVICE_COOKIE))
    response.set_cookie(DEVICE_COOKIE, token, max_age=int(DEVICE_SECONDS), path="/api/", httponly=True,
                        samesite="lax", secure=request.url.scheme == "https")


async def current_account(hub: Hub, request: Request) -> Account | None:
    """The account signed in by the request's session cookie, or None (a guest)."""
    return await hub.accounts.session(request.cookies.get(SESSION_COOKIE))


class BlockRequest(BaseModel):
    """``POST /api/me/blocks``: block an account by its name."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=24)


class ReportRequest(BaseModel):
    """``POST /api/reports``: report a player (the table's last chat lines are kept with the report)."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=64)
    table: str | None = Field(default=None, min_length=1, max_length=32)
    message: str = Field(min_length=1, max_length=1000)


async def _signed_in(hub: Hub, request: Request, what: str) -> Account:
    account = await current_account(hub, request)
    if account is None:
        raise ProtocolError("not_signed_in", f"sign in to {what}", 401)
    return account


def account_router(hub: Hub) -> APIRouter:
    """The routes of accounts, profiles and the rating leaderboard of ``hub``."""
    router = APIRouter(prefix="/api")
    accounts = hub.accounts

    @router.post("/accounts", status_code=201)
    async def register(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
        """Claim a name with a password; the answer signs the browser in (session cookie)."""
        account, token = await accounts.register(body, _address(request))
        _set_cookie(request, response, token)
        await _know_device(hub, account, request, response)
        return {"account": account.public()}

    @router.post("/login")
    async def login(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
        """Sign in with a name and password (session cookie)."""
        account, token = await accounts.login(body, _address(request), request.cookies.get(DEVICE_COOKIE))
        _set_cookie(request, response, token)
        await _know_device(hub, account, request, response)
        return {"account": account.public()}

    @router.post("/logout")
    async def logout(request: Request, response: Response) -> dict[str, Any]:
        """Sign out: the session ends and its cookie is cleared."""
        await accounts.logout(request.cookies.get(SESSION_COOKIE))
        _clear_cookie(request, response)
        return {"account": None}

    @router.post("/me/password")
    async def change_password(body: PasswordChange, request: Request) -> dict[str, Any]:
        """Change the signed-in account's password (the current one is asked); its other sessions end."""
        account = await current_account(hub, request)
        if account is None:
            raise ProtocolError("not_signed_in", "sign in to change your password", 401)
        await accounts.change_password(account, body, request.cookies.get(SESSION_COOKIE), _address(request),
                                       request.cookies.get(DEVICE_COOKIE))
        return {"account": account.public()}

    @router.post("/me/sign-out-everywhere")
    async def sign_out_everywhere(request: Request, response: Response) -> dict[str, Any]:
        """End every session of the signed-in account, in every browser, this one included."""
        account = await current_account(hub, request)
        if account is None:
            raise ProtocolError("not_signed_in", "sign in first", 401)
        await accounts.sign_out_everywhere(account)
        _clear_cookie(request, response)
        return {"account": None}

    @router.get("/me")
    async def me(request: Request) -> dict[str, Any]:
        """The account this browser is signed in as, or null."""
        account = await current_account(hub, request)
        return {"account": account.public() if account is not None else None}

    @router.post("/me/bot-token")
    async def bot_token(request: Request) -> dict[str, Any]:
        """Make the signed-in account a bot account and give it a new API token (shown once; the earlier one
        stops working, and its listening connections are closed)."""
        account = await current_account(hub, request)
        if account is None:
            raise ProtocolError("not_signed_in", "sign in to the account that will be a bot", 401)
        token = await accounts.new_api_token(account)
        await hub.bots.revoke(account.id)  # the connections listening with the earlier token stop at once
        return {"account": {"name": account.name, "bot": True}, "token": token}

    @router.get("/players/{name}")
    async def player(name: str) -> dict[str, Any]:
        """A player's profile: finished matches, titles won, ratings with their history."""
        if not 1 <= len(name) <= 24:
            raise ProtocolError("not_found", "there is no account by this name", 404)
        found = await hub.journal.read(profile, hub.storage, name, leader)
        if found is None:
            raise ProtocolError("not_found", "there is no account by this name", 404)
        return found

    @router.get("/me/blocks")
    async def blocks(request: Request) -> dict[str, Any]:
        """The names the signed-in account blocks."""
        account = await _signed_in(hub, request, "see whom you block")
        return {"blocked": await hub.journal.read(blocked_names, hub.storage, account.id)}

    @router.post("/me/blocks")
    async def add_block(body: BlockRequest, request: Request) -> dict[str, Any]:
        """Block an account: its chat is hidden from you, and you are never seated together at public tables."""
        account = await _signed_in(hub, request, "block a player")
        found = await hub.journal.read(find_account, hub.storage, body.name)
        if found is None:
            raise ProtocolError("not_found", "there is no account by this name (a guest cannot be blocked)", 404)
        if found[0].id == account.id:
            raise ProtocolError("bad_request", "you cannot block yourself", 422)
        await hub.journal.write(block, hub.storage, account.id, found[0].id)
        return {"blocked": await hub.journal.read(blocked_names, hub.storage, account.id)}

    @router.delete("/me/blocks/{name}")
    async def remove_block(name: str, request: Request) -> dict[str, Any]:
        """Block an account no more."""
        account = await _signed_in(hub, request, "unblock a player")
        found = await hub.journal.read(find_account, hub.storage, name[:24])
        if found is not None:
            await hub.journal.write(unblock, hub.storage, account.id, found[0].id)
        return {"blocked": await hub.journal.read(blocked_names, hub.storage, account.id)}

    @router.post("/reports", status_code=201)
    async def report(body: ReportRequest, request: Request) -> dict[str, Any]:
        """Report a player to the operators, with the table's last chat lines (``president admin reports``)."""
        account = await _signed_in(hub, request, "report a player")
        config = hub.config
        counts = await hub.journal.write(count_attempt, hub.storage, [f"report:account:{account.id}",
                                                                     f"report:address:{_address(request)}"],
                                         LIMIT_WINDOW)
        if counts[0] > config.reports_per_account or counts[1] > config.reports_per_address:
            raise ProtocolError("too_many_reports", f"at most {config.reports_per_account} reports from an account "
                                f"and {config.reports_per_address} from an address within 15 minutes: wait a while",
                                429)
        found = await hub.journal.read(find_account, hub.storage, body.name[:24])
        chat = [] if body.table is None else await hub.journal.read(last_lines, hub.storage, body.table,
                                                                    hub.config.report_chat_lines)
        report_id = await hub.journal.write(add_report, hub.storage, {
            "reporter_id": account.id, "reported": body.name, "reported_id": None if found is None else found[0].id,
            "table_id": body.table, "message": body.message, "chat": chat})
        return {"report": report_id}

    @router.get("/ratings")
    async def ratings(family: str = "tavern-jack", limit: int = 100, offset: int = 0,
                      duplicate: str | None = None) -> dict[str, Any]:
        """The rating leaderboard of one rule family (a preset name, or ``old-president``), best first; with
        ``duplicate`` (any value, or none), the duplicate ratings from the luck-adjusted results of duplicate
        events instead."""
        if not 1 <= limit <= 500 or offset < 0 or len(family) > FAMILY_MAX:
            raise ProtocolError("bad_request", "limit must be from 1 to 500, offset 0 or more", 422)
        if duplicate is not None:
            return await hub.journal.read(duplicate_leaderboard, hub.storage.engine, family, limit, offset,
                                          hub.config.leaderboard_min_matches)
        return await hub.journal.read(leaderboard, hub.storage.engine, family, limit, offset,
                                      hub.config.leaderboard_min_matches)

    return router
