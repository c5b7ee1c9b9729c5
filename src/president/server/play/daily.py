"""The deal of the day: one person against the same computer players, on the same cards as everyone that day.

Every table of a day deals from one secret, ``HMAC-SHA256(key, "president deal of the day\\n" + day)`` of the
server's key (``ServerConfig.daily_key``, else a key drawn once and stored): the person sits at seat 0 and gets
the same cards for each deal at every table of the day (a duplicate match, :mod:`president.duplicate`), against
the same computer players. The secret is told once the day (UTC) is over, and not before: a table of the day
keeps it to itself, and its finished match (record, replay, deals, analysis) is withheld until then; after, the
day's deals check out against it as any match's (``docs/verify.md``).

A signed-in account has one try a day, ranked on the day's leaderboard by its points, with its luck-adjusted
score: per deal, its points less the mean points of the others who played the same cards. A guest may play the
deal too, unranked.
"""

from __future__ import annotations

import datetime
import hashlib
import hmac
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any

from ..config import ServerConfig
from ..errors import ProtocolError
from ..store.daily_log import (
    daily_results,
    day_of_match,
    days_of_tables,
    server_key,
    store_daily_table,
    table_of_try,
)
from ..store.journal import Journal
from .settings import TableSettings
from .tables import Table, hash_token

DAILY_RULES = "tavern-jack"
DAILY_DEALS = 3
DAILY_BOTS: tuple[str, ...] = ("classic", "classic", "classic")
"""The computer players of seats 1 to 3; the person plays seat 0."""

KEY_NAME = "daily"
"""The name of the stored key the days' secrets come from (when the configuration gives none)."""

NewTable = Callable[[TableSettings, list[str | None], dict[int, tuple[str, str, int | None]]], Awaitable[Table]]
"""Makes a new table of this process (:meth:`~president.server.edge.hub.Hub.new_table`)."""


def day_of(at: float) -> str:
    """The UTC day of the time ``at`` (seconds), ``YYYY-MM-DD``."""
    return datetime.datetime.fromtimestamp(at, datetime.UTC).date().isoformat()


def check_day(day: str) -> str:
    """``day`` when it is a date written ``YYYY-MM-DD``; ``bad_request`` otherwise."""
    try:
        if datetime.date.fromisoformat(day).isoformat() == day:
            return day
    except (TypeError, ValueError):
        pass
    raise ProtocolError("bad_request", f"a day is written YYYY-MM-DD, not {str(day)[:20]!r}", 422)


def day_secret(key: bytes, day: str) -> bytes:
    """The secret every table of ``day`` deals from."""
    return hmac.new(key, f"president deal of the day\n{day}".encode("ascii"), hashlib.sha256).digest()


def field_scores(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The day's leaderboard from its tries (:func:`~president.server.store.daily_log.daily_results`): each with its
    total points and luck-adjusted score (per deal, its points less the mean of the others' on the same cards),
    ranked by points, best first (equal totals share a rank)."""
    lines = []
    for mine in results:
        adjusted = 0.0
        for deal, points in enumerate(mine["points"]):
            others = [r["points"][deal] for r in results if r is not mine and deal < len(r["points"])]
            if others:
                adjusted += points - sum(others) / len(others)
        lines.append({"name": mine["name"], "points": sum(mine["points"]), "adjusted": round(adjusted, 2),
                      "deals": list(mine["points"]), "match_id": mine["match_id"]})
    lines.sort(key=lambda line: (-line["points"], -line["adjusted"], line["name"]))
    for line in lines:
        line["rank"] = 1 + sum(other["points"] > line["points"] for other in lines)
    return lines


class Daily:
    """The deal of the day of a hub: its tables, its secret (told only once the day is over), its leaderboard."""

    def __init__(self, config: ServerConfig, journal: Journal, tables: dict[str, Table], new_table: NewTable,
                 now: Callable[[], float] = time.time) -> None:
        self.config = config
        self.journal = journal
        self.storage = journal.storage
        self.tables = tables
        self.new_table = new_table
        self.now = now
        """The clock the day is read from (a test moves it)."""
        self._key: bytes | None = None

    def today(self) -> str:
        """The UTC day now."""
        return day_of(self.now())

    async def secret(self, day: str) -> bytes:
        """The secret of ``day``'s deals (never to be told before the day is over)."""
        if self._key is None:
            text = self.config.daily_key
            if text is None:
                text = await self.journal.write(server_key, self.storage, KEY_NAME)
            self._key = text.encode("utf-8")
        return day_secret(self._key, day)

    @staticmethod
    def settings() -> TableSettings:
        """The settings of every table of the deal of the day."""
        return TableSettings(rules=DAILY_RULES, players=1 + len(DAILY_BOTS), deals=DAILY_DEALS, public=False,
                             duplicate=True)

    async def start(self, name: str, account_id: int | None) -> tuple[Table, str, str]:
        """A table of today's deal for this person (seat 0, not started): the table, the seat token and the day.
        An account that has tried today's deal already is refused (``daily_played``)."""
        day = self.today()
        if account_id is not None:
            played = await self.journal.read(table_of_try, self.storage, day, account_id)
            if played is not None:
                raise ProtocolError("daily_played", f"you have played the deal of {day} (one try a day); its "
                                    "leaderboard is open", 409)
        token = secrets.token_urlsafe(24)
        table = await self.new_table(self.settings(), [None, *DAILY_BOTS], {0: (name, hash_token(token), account_id)})
        table.shared_secret = await self.secret(day)
        table.one_match = True
        if not await self.journal.write(store_daily_table, self.storage, table.id, day, name, account_id):
            table.close()
            self.tables.pop(table.id, None)
            raise ProtocolError("daily_played", f"you have played the deal of {day} (one try a day)", 409)
        return table, token, day

    async def mark(self, tables: list[Table]) -> None:
        """Tables restored from storage (before their timers start): those of the deal of the day deal from their
        day's secret again and play one match, unwatched."""
        days = await self.journal.read(days_of_tables, self.storage, [t.id for t in tables])
        for table in tables:
            day = days.get(table.id)
            if day is not None:
                table.shared_secret = await self.secret(day)
                table.one_match = True

    async def board(self, day: str | None = None, account_id: int | None = None) -> dict[str, Any]:
        """The leaderboard of ``day`` (default today): the field of the accounts that played it, with the secret
        once the day is over; ``played`` tells whether ``account_id`` has tried it (and its table)."""
        today = self.today()
        day = today if day is None else check_day(day)
        if day > today:
            raise ProtocolError("not_found", f"the deal of {day} is not dealt yet", 404)
        results = await self.journal.write(daily_results, self.storage, day)
        over = day < today
        mine = None if account_id is None else await self.journal.read(table_of_try, self.storage, day, account_id)
        return {"day": day, "today": today, "over": over, "rules": DAILY_RULES, "deals": DAILY_DEALS,
                "bots": list(DAILY_BOTS), "secret": (await self.secret(day)).hex() if over else None,
                "field": field_scores(results), "played": mine is not None, "table": mine}

    async def withheld(self, match_id: int) -> bool:
        """Whether the finished match ``match_id`` is a deal of the day not over yet (its record shows the cards
        everyone else plays that day)."""
        day = await self.journal.read(day_of_match, self.storage, match_id)
        return day is not None and day >= self.today()

