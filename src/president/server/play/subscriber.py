"""What a table needs of whoever follows it: somewhere to send messages, and a way to close it.

A WebSocket connection is one; a client of another server process, reached through the relay, is another. The
table decides who sits where (:meth:`~president.server.play.tables.Table.seat_of_member`); a subscriber carries
no seat of its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol


@dataclass(frozen=True, slots=True)
class Reading:
    """How a follower reads the table's views, as its ``hello`` asked.

    Version 1 sends the deal's whole ``history`` in every view. Version 2 sends it in a snapshot only; each
    ``update`` then carries the entries its move added (``history``: ``at``, ``add``) and a view without it.
    ``history=False`` (a bot that keeps no past) leaves the history out of every view and update.
    """

    version: int = 1
    history: bool = True

    @property
    def full_views(self) -> bool:
        """Whether every view carries the deal's whole history (version 1, history wanted)."""
        return self.history and self.version == 1

    @property
    def history_updates(self) -> bool:
        """Whether each update carries the entries its move added to the history."""
        return self.history and self.version >= 2


FIRST_READING = Reading()
"""Version 1 with the history: what a client that names no version gets."""


class Subscriber(Protocol):
    """A follower of a table: it receives the table's messages in the order they are sent."""

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message (a JSON-ready dict)."""

    def send_text(self, text: str) -> None:
        """Queue a message already in JSON (one text may go to many subscribers)."""

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Stop sending and close, with a WebSocket close code and a reason."""
