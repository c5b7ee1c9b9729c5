"""The stored deal of the day: the server's key its secrets come from, and the tables of each day (an account's one
try, or a guest's). The functions run in the journal's threads."""

from __future__ import annotations

import secrets
import time
from typing import Any

from sqlalchemy import insert, select, update
from sqlalchemy.exc import IntegrityError

from ...engine import Match
from .ratings import insert_for
from .schema import DailyTableRow, MatchRow, ServerKeyRow
from .storage import Storage


def server_key(storage: Storage, name: str) -> str:
    """The server's secret key ``name`` (64 hexadecimal digits), drawn the first time it is asked for and the same
    for every process after."""
    with storage.engine.begin() as db:
        db.execute(insert_for(db)(ServerKeyRow).values(name=name, value=secrets.token_hex(32), created_at=time.time())
                   .on_conflict_do_nothing(index_elements=["name"]))
        return str(db.execute(select(ServerKeyRow.value).where(ServerKeyRow.name == name)).scalar_one())


def table_of_try(storage: Storage, day: str, account_id: int) -> str | None:
    """The table of the account's try at the day's deal, or None when it has not tried."""
    with storage.engine.connect() as db:
        return db.execute(select(DailyTableRow.table_id).where(DailyTableRow.day == day,
                                                               DailyTableRow.account_id == account_id)).scalar()


def store_daily_table(storage: Storage, table_id: str, day: str, name: str, account_id: int | None) -> bool:
    """Store a table of the day's deal; False (nothing stored) when the account has a try of that day already."""
    try:
        with storage.engine.begin() as db:
            db.execute(insert(DailyTableRow).values(
                table_id=table_id, day=day, account_id=account_id, name=name, started_at=time.time()))
    except IntegrityError:
        return False
    return True


def days_of_tables(storage: Storage, table_ids: list[str]) -> dict[str, str]:
    """The day of each of these tables that is a table of the deal of the day."""
    if not table_ids:
        return {}
    with storage.engine.connect() as db:
        return {t: d for t, d in db.execute(select(DailyTableRow.table_id, DailyTableRow.day)
                                            .where(DailyTableRow.table_id.in_(table_ids)))}


def day_of_match(storage: Storage, match_id: int) -> str | None:
    """The day whose deal the finished match ``match_id`` was dealt from (None: not a match of the deal of the
    day)."""
    with storage.engine.connect() as db:
        return db.execute(select(DailyTableRow.day).join(MatchRow, MatchRow.table_id == DailyTableRow.table_id)
                          .where(MatchRow.id == match_id)).scalar()


def daily_results(storage: Storage, day: str) -> list[dict[str, Any]]:
    """The accounts' finished tries at the day's deal: ``name``, ``account``, ``match_id`` and ``points`` (the
    person's, seat 0, by deal), in the order they started. A try whose match ended since the last reading has
    its points read from the match's record (its first match: a table of the deal of the day plays one) and
    kept."""
    with storage.engine.begin() as db:
        rows = list(db.execute(select(DailyTableRow).where(DailyTableRow.day == day,
                                                           DailyTableRow.account_id.is_not(None))
                               .order_by(DailyTableRow.started_at, DailyTableRow.table_id)))
        out = []
        for row in rows:
            match_id, points = row.match_id, row.points
            if points is None:
                found = db.execute(select(MatchRow.id, MatchRow.record).where(MatchRow.table_id == row.table_id)
                                   .order_by(MatchRow.id).limit(1)).first()
                if found is None:
                    continue
                match = Match.replay(str(found.record))
                match_id, points = found.id, [r.points[0] for r in match.deal_results]
                db.execute(update(DailyTableRow).where(DailyTableRow.table_id == row.table_id)
                           .values(match_id=match_id, points=points))
            out.append({"name": row.name, "account": row.account_id, "match_id": match_id, "points": list(points)})
    return out
