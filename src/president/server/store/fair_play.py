"""Fair play in the ratings: matches left, and groups of accounts that play together often (inside the
transaction that stores a finished match; :mod:`.moderation` holds blocks, reports and mutes).

A rated match between two to :data:`GROUP_MAX` accounts carries its *group key* (their ids in order). The
earlier rated matches of the same group within :data:`GROUP_WINDOW` make a new one count less in the ratings
(:func:`group_weight`), and ``president admin collusion`` lists the groups that reached
:data:`GROUP_FREE_MATCHES` (``docs/server.md``, *Fair play*).
"""

from __future__ import annotations

from sqlalchemy import Connection, func, insert, select

from .schema import LeaveRow, MatchRow

GROUP_MAX = 4
"""The largest group of accounts whose repeated matches are weighed and flagged."""

GROUP_FREE_MATCHES = 5
"""Rated matches of one group within :data:`GROUP_WINDOW` that count in full; the later ones count less."""

GROUP_WINDOW = 30 * 24 * 3600.0
"""How far back the matches of a group are counted (30 days)."""


def group_key(accounts: list[int | None]) -> str | None:
    """The key of a match's group of accounts: their ids in order, when there are two to :data:`GROUP_MAX`."""
    ids = sorted({a for a in accounts if a is not None})
    return ",".join(map(str, ids)) if 2 <= len(ids) <= GROUP_MAX else None


def weight_after(earlier: int) -> float:
    """The weight of a group's rated match after ``earlier`` matches of the same group in the window:
    ``min(1, F / (earlier + 1))`` with F = :data:`GROUP_FREE_MATCHES` (1 for the first F, then F/(n+1))."""
    return min(1.0, GROUP_FREE_MATCHES / (earlier + 1))


def group_weight(db: Connection, key: str | None, now: float) -> float:
    """The weight in the ratings of a new rated match of the group ``key`` (1 for no group)."""
    if key is None:
        return 1.0
    earlier = db.execute(select(func.count()).select_from(MatchRow).where(
        MatchRow.group_key == key, MatchRow.rated.is_(True), MatchRow.finished_at >= now - GROUP_WINDOW)).scalar_one()
    return weight_after(int(earlier))


def record_leaves(db: Connection, match_id: int, accounts: list[int], now: float) -> None:
    """Count a rated match as left by these accounts."""
    if accounts:
        db.execute(insert(LeaveRow), [{"account_id": a, "match_id": match_id, "at": now} for a in set(accounts)])


def matches_left(db: Connection, account_id: int) -> int:
    """How many rated matches an account left."""
    return int(db.execute(select(func.count()).select_from(LeaveRow)
                          .where(LeaveRow.account_id == account_id)).scalar_one())
