"""The REST endpoints of accounts, profiles and ratings; ``docs/server.md`` and ``docs/protocol.md`` describe them."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response

from ..errors import ProtocolError
from ..play.pairing import leader
from ..store.accounts import (
    DEVICE_COOKIE,
    DEVICE_SECONDS,
    SESSION_COOKIE,
    SESSION_SECONDS,
    Account,
    Credentials,
    PasswordChange,
    profile,
)
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

    @router.get("/ratings")
    async def ratings(family: str = "tavern-jack", limit: int = 100, offset: int = 0) -> dict[str, Any]:
        """The rating leaderboard of one rule family (a preset name, or ``old-president``), best first."""
        if not 1 <= limit <= 500 or offset < 0 or len(family) > FAMILY_MAX:
            raise ProtocolError("bad_request", "limit must be from 1 to 500, offset 0 or more", 422)
        return await hub.journal.read(leaderboard, hub.storage.engine, family, limit, offset)

    return router
