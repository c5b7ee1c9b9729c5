"""The REST endpoints of rule codes: a rule set explained, its balance labels, and a player's own rules.

``docs/web.md`` and ``docs/protocol.md`` describe them; the codes are :mod:`president.rule_codes`'.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from ...rule_codes import RuleCodeError, decode, differences, encode, explain
from ...rules import OPTIONS
from ..errors import ProtocolError
from .account_routes import current_account
from .hub import Hub

CODE_MAX = 400
"""The longest rule code the server reads (every option changed is far shorter)."""


class MyRules(BaseModel):
    """The body of ``PUT /api/me/rules``: a rule code, or null to forget it."""

    code: str | None = Field(default=None, max_length=CODE_MAX)


def _canonical(code: str) -> str:
    if len(code) > CODE_MAX:
        raise ProtocolError("bad_rules", f"a rule code is at most {CODE_MAX} characters", 422)
    try:
        return encode(decode(code))
    except RuleCodeError as exc:
        raise ProtocolError("bad_rules", str(exc), 422) from None


def _jsonable(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def ruleset_router(hub: Hub) -> APIRouter:
    """The routes of rule codes and of a player's own rules, on ``hub``."""
    router = APIRouter(prefix="/api")

    @router.get("/rulesets/{code}")
    async def ruleset(code: str, against: str | None = None) -> dict[str, Any]:
        """A rule code explained: its preset, each option that differs in words, every setting, the options a
        table is created with, and its balance labels when known; ``?against=CODE`` adds the differences from
        that rule set (a player's own rules)."""
        canonical = _canonical(code)
        rules = decode(canonical)
        info = explain(canonical)
        info["options"] = {s.name: _jsonable(getattr(rules, s.name)) for s in OPTIONS if s.table}
        info["deals"], info["target_score"] = rules.deals, rules.target_score
        info["min_players"], info["max_players"] = rules.min_players, rules.max_players
        info["balance"] = hub.analyses.balance(canonical)
        if against is not None:
            other = decode(_canonical(against))
            info["against"] = {"code": encode(other), "changes": differences(rules, other)}
        return info

    @router.post("/rulesets/{code}/balance")
    async def measure_balance(code: str) -> dict[str, Any]:
        """Start measuring a rule code's balance labels (in the analysis workers), or say where it stands."""
        return hub.analyses.balance(_canonical(code), start=True)

    @router.get("/me/rules")
    async def my_rules(request: Request) -> dict[str, Any]:
        """The rule code the signed-in player keeps as "my rules" (null when none is saved)."""
        account = await current_account(hub, request)
        if account is None:
            raise ProtocolError("not_signed_in", "sign in to keep your rules on your account", 401)
        return {"code": await hub.accounts.rules(account)}

    @router.put("/me/rules")
    async def save_my_rules(body: MyRules, request: Request) -> dict[str, Any]:
        """Keep a rule code as the signed-in player's own rules (written canonically), or forget them (null)."""
        account = await current_account(hub, request)
        if account is None:
            raise ProtocolError("not_signed_in", "sign in to keep your rules on your account", 401)
        code = None if body.code is None else _canonical(body.code)
        await hub.accounts.set_rules(account, code)
        return {"code": code}

    return router
