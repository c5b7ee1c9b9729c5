"""The stored tournaments: events, their entrants and the tables of their rounds (``president_tournaments``,
``..._entries``, ``..._boards``). The functions run in the journal's threads."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Literal

from sqlalchemy import delete, insert, select, update

from .schema import BoardRow, EntryRow, MatchRow, TournamentRow
from .storage import Storage

Status = Literal["registering", "playing", "finished", "cancelled"]
"""Where an event stands."""


@dataclass
class Entry:
    """An entrant: a person (identity, name, hashed key) or a registry bot."""

    entry: int
    player: str
    """The entrant's identity: a display name today (an account id once accounts exist)."""
    name: str
    bot: str | None = None
    token_hash: str | None = None
    joined_at: float = 0.0
    account_id: int | None = None
    """The entrant's account when it entered signed in: its seats and results are the account's."""

    def public(self) -> dict[str, Any]:
        """What everyone may see."""
        return {"entry": self.entry, "name": self.name, "bot": self.bot}


@dataclass
class Board:
    """One table of one round, and its result once it is over."""

    round: int
    board: int
    table_id: str
    entries: list[int | None]
    match_id: int | None = None
    scores: list[int] | None = None


@dataclass
class StoredTournament:
    """One event as stored: settings, entrants, the tables of each round."""

    id: str
    settings: dict[str, Any]
    host_hash: str
    status: Status = "registering"
    round: int = 0
    created_at: float = 0.0
    entries: list[Entry] = field(default_factory=list)
    boards: list[Board] = field(default_factory=list)



def store_tournament(storage: Storage, t: StoredTournament) -> None:
    """Store a new event."""
    with storage.engine.begin() as db:
        db.execute(insert(TournamentRow).values(id=t.id, settings=t.settings, host_hash=t.host_hash, status=t.status,
                                                round=t.round, created_at=t.created_at, updated_at=t.created_at))


def store_entry(storage: Storage, tournament_id: str, e: Entry) -> None:
    """Store a new entrant."""
    with storage.engine.begin() as db:
        db.execute(insert(EntryRow).values(tournament_id=tournament_id, entry=e.entry, player=e.player, name=e.name,
                                           bot=e.bot, token_hash=e.token_hash, joined_at=e.joined_at,
                                           account_id=e.account_id))


def remove_entry(storage: Storage, tournament_id: str, entry: int) -> None:
    """Remove an entrant (before the start)."""
    with storage.engine.begin() as db:
        db.execute(delete(EntryRow).where(EntryRow.tournament_id == tournament_id, EntryRow.entry == entry))


def store_round(storage: Storage, tournament_id: str, round_no: int, boards: list[Board]) -> None:
    """Store the tables of a new round and make it the event's current round, in one transaction."""
    with storage.engine.begin() as db:
        db.execute(insert(BoardRow), [
            {"tournament_id": tournament_id, "round": b.round, "board": b.board, "table_id": b.table_id,
             "entries": b.entries, "match_id": None, "scores": None} for b in boards])
        db.execute(update(TournamentRow).where(TournamentRow.id == tournament_id)
                   .values(status="playing", round=round_no, updated_at=time.time()))


def store_result(storage: Storage, tournament_id: str, board: Board, finished: bool) -> None:
    """Store a table's result (and the end of the event when it was the last one), in one transaction."""
    with storage.engine.begin() as db:
        db.execute(update(BoardRow).where(BoardRow.tournament_id == tournament_id, BoardRow.round == board.round,
                                          BoardRow.board == board.board)
                   .values(match_id=board.match_id, scores=board.scores))
        if finished:
            db.execute(update(TournamentRow).where(TournamentRow.id == tournament_id)
                       .values(status="finished", updated_at=time.time()))


def cancel_tournament(storage: Storage, tournament_id: str) -> bool:
    """Cancel an event not started (by its host, or because nobody started it in time); False when it had started
    or was cancelled already."""
    with storage.engine.begin() as db:
        done = db.execute(update(TournamentRow).where(TournamentRow.id == tournament_id,
                                                      TournamentRow.status == "registering")
                          .values(status="cancelled", updated_at=time.time()))
    return bool(done.rowcount)


def load_tournaments(storage: Storage, tournament_id: str | None = None,
                     statuses: tuple[str, ...] = ("registering", "playing")) -> list[StoredTournament]:
    """The events with one of ``statuses`` (or the one with this id, whatever its status), complete."""
    query = select(TournamentRow)
    query = (query.where(TournamentRow.id == tournament_id) if tournament_id is not None
             else query.where(TournamentRow.status.in_(statuses)))
    with storage.engine.connect() as db:
        found = {r.id: StoredTournament(id=r.id, settings=dict(r.settings), host_hash=r.host_hash, status=r.status,
                                  round=r.round, created_at=r.created_at)
                 for r in db.execute(query.order_by(TournamentRow.created_at))}
        if not found:
            return []
        ids = list(found)
        for r in db.execute(select(EntryRow).where(EntryRow.tournament_id.in_(ids)).order_by(EntryRow.entry)):
            found[r.tournament_id].entries.append(Entry(r.entry, r.player, r.name, r.bot, r.token_hash, r.joined_at,
                                                        r.account_id))
        boards = select(BoardRow).where(BoardRow.tournament_id.in_(ids)).order_by(BoardRow.round, BoardRow.board)
        for b in db.execute(boards):
            found[b.tournament_id].boards.append(Board(b.round, b.board, b.table_id, list(b.entries), b.match_id,
                                                       list(b.scores) if b.scores is not None else None))
    return list(found.values())


def finished_tournaments(storage: Storage, limit: int) -> list[StoredTournament]:
    """The latest finished events, newest first."""
    with storage.engine.connect() as db:
        rows = list(db.execute(select(TournamentRow.id).where(TournamentRow.status == "finished")
                               .order_by(TournamentRow.updated_at.desc()).limit(limit)))
    return [t for (tournament_id,) in rows for t in load_tournaments(storage, tournament_id)]


def round_tables(storage: Storage, table_ids: list[str]) -> dict[str, str]:
    """Of these tables, the round tables of a tournament whose result is not recorded: their tournament's id."""
    with storage.engine.connect() as db:
        rows = db.execute(select(BoardRow.table_id, BoardRow.tournament_id)
                          .where(BoardRow.table_id.in_(table_ids), BoardRow.match_id.is_(None)))
        return {str(r[0]): str(r[1]) for r in rows}


def first_match_of(storage: Storage, table_id: str) -> tuple[int, list[int]] | None:
    """The id and scores of the first finished match of a table, if there is one."""
    with storage.engine.connect() as db:
        row = db.execute(select(MatchRow.id, MatchRow.scores).where(MatchRow.table_id == table_id)
                         .order_by(MatchRow.id).limit(1)).first()
    return None if row is None else (int(row[0]), list(row[1]))
