"""The stored chat of the tables: one row a line, kept with the match it was said in (``president_chat``)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import insert, select

from .schema import ChatRow
from .storage import Storage

PLAYERS = "players"
"""The channel of the seated players."""

SPECTATORS = "spectators"
"""The channel of the spectators (players never receive it)."""



def store_line(storage: Storage, line: dict[str, Any]) -> int:
    """Store one chat line; returns its id."""
    with storage.engine.begin() as db:
        return int(db.execute(insert(ChatRow).values(**line).returning(ChatRow.id)).scalar_one())


def read_lines(storage: Storage, table_id: str, match_no: int, channels: tuple[str, ...],
               limit: int) -> list[dict[str, Any]]:
    """The last ``limit`` lines of a match in the given channels, oldest first."""
    query = (select(ChatRow).where(ChatRow.table_id == table_id, ChatRow.match_no == match_no,
                                   ChatRow.channel.in_(channels))
             .order_by(ChatRow.id.desc()).limit(limit))
    with storage.engine.connect() as db:
        rows = list(db.execute(query))
    return [_line(row) for row in reversed(rows)]


def last_lines(storage: Storage, table_id: str, limit: int) -> list[dict[str, Any]]:
    """The last ``limit`` lines said at a table (every match, both channels), oldest first."""
    query = select(ChatRow).where(ChatRow.table_id == table_id).order_by(ChatRow.id.desc()).limit(limit)
    with storage.engine.connect() as db:
        rows = list(db.execute(query))
    return [_line(row) for row in reversed(rows)]


def _line(row: Any) -> dict[str, Any]:
    return {"id": row.id, "channel": row.channel, "match_no": row.match_no, "seat": row.seat,
            "player": row.player, "name": row.name, "text": row.text, "phrase": row.phrase, "ply": row.ply,
            "at": row.at}


def match_chat(storage: Storage, table_id: str, match_no: int, limit: int = 2000) -> dict[str, list[dict[str, Any]]]:
    """The chat of a finished match for its replay: ``{"players": [...], "spectators": [...]}``."""
    lines = read_lines(storage, table_id, match_no, (PLAYERS, SPECTATORS), limit)
    return {PLAYERS: [x for x in lines if x["channel"] == PLAYERS],
            SPECTATORS: [x for x in lines if x["channel"] == SPECTATORS]}
