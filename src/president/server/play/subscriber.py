"""What a table needs of whoever follows it: somewhere to send messages, and a way to close it.

A WebSocket connection is one; a client of another server process, reached through the relay, is another. The
table decides who sits where (:meth:`~president.server.play.tables.Table.seat_of_member`); a subscriber carries
no seat of its own.
"""

from __future__ import annotations

from typing import Any, Protocol


class Subscriber(Protocol):
    """A follower of a table: it receives the table's messages in the order they are sent."""

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message (a JSON-ready dict)."""

    def send_text(self, text: str) -> None:
        """Queue a message already in JSON (one text may go to many subscribers)."""

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Stop sending and close, with a WebSocket close code and a reason."""
