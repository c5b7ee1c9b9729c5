"""Bot accounts listening for invitations: their connections on this process, and seating one at a table.

A bot account's program connects, says ``listen`` with its API token, and waits. A host who invites it (or a
player who challenges it) seats it: the table gives the seat a token, and one of the account's listening
connections receives it in an ``invitation``, in turn. A bot listening on another process is reached through
the placement.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from ..errors import ProtocolError
from ..play.placement import Placement
from ..play.tables import Table
from ..protocol import ListenMessage
from ..store.accounts import Account, Accounts, account_by_id, find_account
from ..store.journal import Journal
from .connection import Connection

log = logging.getLogger("president.server")

MAX_LISTENERS = 4
"""Connections one bot account may hold listening for invitations at once."""


class BotListeners:
    """The listening connections of the bot accounts on this process."""

    def __init__(self, journal: Journal, accounts: Accounts, placement: Placement) -> None:
        self.journal = journal
        self.accounts = accounts
        self.placement = placement
        self.listeners: dict[int, list[Connection]] = {}
        """The listening connections of each bot account (by account id), the next to be invited first."""
        self.revoked: dict[int, float] = {}
        """When each bot account's API token was last replaced here (``time.monotonic``), against a ``listen``
        whose token was read before it."""

    async def listen(self, conn: Connection, message: ListenMessage) -> None:
        """A bot account's connection starts waiting for invitations."""
        asked = time.monotonic()
        try:
            account = await self.accounts.bot_of_token(message.token)
            if account is None or self.revoked.get(account.id, asked) > asked:
                raise ProtocolError("bad_token", "this API token opens no bot account")
            if conn.joined:
                raise ProtocolError("already_joined", "this connection has said hello or listen already")
            held = len(self.listeners.get(account.id, []))
            if held < MAX_LISTENERS:
                held += sum((await self.placement.listening_elsewhere(account.id)).values())
            if held >= MAX_LISTENERS:
                raise ProtocolError("server_full", f"this bot account has {MAX_LISTENERS} listening connections "
                                                   "already")
        except ProtocolError as exc:
            conn.send({"type": "error", **exc.to_dict(), "ref": "listen"})
            return
        except Exception:
            log.exception("unexpected error on a listen message")
            conn.send({"type": "error", **ProtocolError("internal").to_dict(), "ref": "listen"})
            return
        if conn.closing:
            return
        if self.revoked.get(account.id, asked) > asked:  # the token was replaced while it was looked up
            conn.send({"type": "error", **ProtocolError("bad_token", "this API token was replaced").to_dict(),
                       "ref": "listen"})
            return
        listening = self.listeners.setdefault(account.id, [])
        if len(listening) >= MAX_LISTENERS:  # others came while the count was read
            conn.send({"type": "error", "code": "server_full", "ref": "listen",
                       "message": f"this bot account has {MAX_LISTENERS} listening connections already"})
            return
        conn.listening = account.id
        conn.name = account.name
        listening.append(conn)
        await self.placement.publish_listeners(account.id)  # once "listening" is sent, every process finds it
        conn.send({"type": "listening", "account": account.name})

    async def listening_account(self, name: str) -> Account:
        """The bot account of this name, if it has a connection listening (here or, in a cluster, on another
        process) (``no_account``, ``bot_offline``)."""
        found = await self.journal.read(find_account, self.journal.storage, name)
        if found is None or not found[0].bot:
            raise ProtocolError("no_account", f"there is no bot account called {name!r}")
        if not await self.is_listening(found[0].id):
            raise ProtocolError("bot_offline", f"{found[0].name} is not listening for invitations now")
        return found[0]

    async def is_bot_account(self, account: int) -> bool:
        """Whether the account with this id is a bot account."""
        found = await self.journal.read(account_by_id, self.journal.storage, account)
        return found is not None and found.bot

    async def mark_seats(self, table: Table) -> None:
        """After a restore: mark the seats of ``table`` held by bot accounts (who invited them is not stored)."""
        for seat in table.seats:
            if seat.kind == "person" and seat.account_id is not None and await self.is_bot_account(seat.account_id):
                seat.bot_account = True

    async def is_listening(self, account: int) -> bool:
        """Whether a connection of this bot account listens, here or on another process."""
        if self.listeners.get(account):
            return True
        return bool(await self.placement.listening_elsewhere(account))

    async def seat(self, table: Table, seat: int, account: Account, host: int | None) -> None:
        """Seat a listening bot account at ``seat`` and hand its seat token to one of its connections (the
        invitation names the ``host`` seat's player); the seat opens again when none takes it (``bot_offline``)."""
        if not await self.is_listening(account.id):
            raise ProtocolError("bot_offline", f"{account.name} is not listening for invitations now")
        token = await table.invite(seat, account.name, account.id)
        invitation = {"type": "invitation", "table": table.id, "seat": seat, "token": token,
                      "from": table.seats[host].name if host is not None else None, "info": table.info()}
        if not self.deliver(account.id, invitation) and not await self.placement.deliver(account.id, invitation):
            await table.uninvite(seat, account.id)  # it stopped listening meanwhile: the seat is open again
            raise ProtocolError("bot_offline", f"{account.name} is not listening for invitations now")
        log.info("table %s: bot account %d invited to seat %d", table.id, account.id, seat)

    def deliver(self, account: int, invitation: dict[str, Any]) -> bool:
        """Hand an invitation to one connection of this bot account listening on this process, in turn (False:
        none listens here)."""
        listening = self.listeners.get(account)
        if not listening:
            return False
        bot_conn = listening.pop(0)
        listening.append(bot_conn)  # the next invitation goes to another of its connections
        bot_conn.send(invitation)
        return True

    def forget(self, conn: Connection, account: int) -> None:
        """A listening connection of ``account`` is gone."""
        left = [c for c in self.listeners.get(account, []) if c is not conn]
        if left:
            self.listeners[account] = left
        else:
            self.listeners.pop(account, None)
        self.placement.listeners_changed(account)

    async def revoke(self, account: int) -> None:
        """The API token of ``account`` was replaced: close its listening connections here and on the other
        processes (1008), so that none gets another invitation; the new token may listen at once."""
        self.close_listeners(account)
        for process in await self.placement.listening_elsewhere(account):
            try:
                await self.placement.call(process, "revoke", account=account)
            except ProtocolError as exc:
                log.warning("the listeners of bot account %d on %s were not closed: %s", account, process[:32],
                            exc.message)

    def close_listeners(self, account: int) -> None:
        """Close the connections of ``account`` listening on this process (its API token was replaced)."""
        self.revoked[account] = time.monotonic()
        closing = self.listeners.pop(account, [])
        for conn in closing:
            conn.send({"type": "error", "ref": None,
                       **ProtocolError("bad_token", "this API token was replaced").to_dict()})
            conn.close(1008, "API token replaced")
        if closing:
            self.placement.listeners_changed(account)
            log.info("closed %d listening connections of bot account %d: its API token was replaced",
                     len(closing), account)
