"""Moderation in the store: blocks, reports, server-wide mutes, recent leaves and the groups flagged to the operator
(``docs/server.md``, *Fair play*)."""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from .fair_play import GROUP_FREE_MATCHES, GROUP_WINDOW, weight_after
from .schema import AccountRow, BlockRow, LeaveRow, MatchRow, ReportRow
from .storage import Storage


def recent_leaves(storage: Storage, account_id: int, since: float) -> list[float]:
    """When the account left rated matches since ``since``, latest first."""
    with storage.engine.connect() as db:
        return [at for (at,) in db.execute(select(LeaveRow.at).where(LeaveRow.account_id == account_id,
                                                                      LeaveRow.at >= since)
                                           .order_by(LeaveRow.at.desc()))]


# ----------------------------------------------------------------- blocks


def block(storage: Storage, blocker: int, blocked: int) -> None:
    """``blocker`` blocks ``blocked`` (again: nothing changes)."""
    try:
        with storage.engine.begin() as db:
            db.execute(insert(BlockRow).values(blocker_id=blocker, blocked_id=blocked, at=time.time()))
    except IntegrityError:
        pass


def unblock(storage: Storage, blocker: int, blocked: int) -> None:
    """``blocker`` no longer blocks ``blocked``."""
    with storage.engine.begin() as db:
        db.execute(delete(BlockRow).where(BlockRow.blocker_id == blocker, BlockRow.blocked_id == blocked))


def blocked_names(storage: Storage, blocker: int) -> list[str]:
    """The names an account blocks, in order."""
    with storage.engine.connect() as db:
        return [n for (n,) in db.execute(select(AccountRow.name).join(BlockRow, BlockRow.blocked_id == AccountRow.id)
                                         .where(BlockRow.blocker_id == blocker).order_by(AccountRow.name))]


def blocks_among(storage: Storage, accounts: list[int]) -> set[tuple[int, int]]:
    """The blocks (blocker, blocked) between these accounts."""
    if len(accounts) < 2:
        return set()
    with storage.engine.connect() as db:
        return {(a, b) for a, b in db.execute(select(BlockRow.blocker_id, BlockRow.blocked_id).where(
            BlockRow.blocker_id.in_(accounts), BlockRow.blocked_id.in_(accounts)))}


# ----------------------------------------------------------------- mutes and reports


def set_muted(storage: Storage, name_key: str, muted: bool) -> str | None:
    """Mute (or unmute) the account of this name key server-wide; its name, or None when there is none."""
    with storage.engine.begin() as db:
        row = db.execute(select(AccountRow.id, AccountRow.name).where(AccountRow.name_key == name_key)).first()
        if row is None:
            return None
        db.execute(update(AccountRow).where(AccountRow.id == row.id).values(muted=muted))
    return str(row.name)


def muted(storage: Storage, account_id: int) -> bool:
    """Whether an operator muted this account."""
    with storage.engine.connect() as db:
        return bool(db.execute(select(AccountRow.muted).where(AccountRow.id == account_id)).scalar())


def add_report(storage: Storage, report: dict[str, Any]) -> int:
    """Store a report (reporter_id, reported, reported_id, table_id, message, chat); returns its id."""
    with storage.engine.begin() as db:
        return int(db.execute(insert(ReportRow).values(**report, at=time.time())
                              .returning(ReportRow.id)).scalar_one())


def reports(storage: Storage, limit: int = 50) -> list[dict[str, Any]]:
    """The latest reports, newest first, with the reporter's name."""
    with storage.engine.connect() as db:
        rows = db.execute(select(ReportRow.id, AccountRow.name, ReportRow.reported, ReportRow.table_id,
                                 ReportRow.message, ReportRow.chat, ReportRow.at)
                          .join(AccountRow, AccountRow.id == ReportRow.reporter_id)
                          .order_by(ReportRow.id.desc()).limit(limit)).all()
    return [{"id": i, "reporter": by, "reported": about, "table": table, "message": message, "chat": list(chat),
             "at": at} for i, by, about, table, message, chat, at in rows]


def collusion(storage: Storage, now: float | None = None) -> list[dict[str, Any]]:
    """The groups of accounts with :data:`GROUP_FREE_MATCHES` or more rated matches together within
    :data:`GROUP_WINDOW`, most matches first: their names, matches and the weight of their next one."""
    now = time.time() if now is None else now
    with storage.engine.connect() as db:
        groups = db.execute(select(MatchRow.group_key, func.count(), func.max(MatchRow.finished_at))
                            .where(MatchRow.group_key.is_not(None), MatchRow.rated.is_(True),
                                   MatchRow.finished_at >= now - GROUP_WINDOW)
                            .group_by(MatchRow.group_key).having(func.count() >= GROUP_FREE_MATCHES)
                            .order_by(func.count().desc())).all()
        ids = {int(i) for key, _, _ in groups for i in str(key).split(",")}
        names = {i: n for i, n in db.execute(select(AccountRow.id, AccountRow.name).where(AccountRow.id.in_(ids)))}
    return [{"accounts": [names.get(int(i), f"#{i}") for i in str(key).split(",")], "matches": int(count),
             "last": last, "next_weight": round(weight_after(int(count)), 3)} for key, count, last in groups]
