"""Relaying: a connection whose table another server process plays is carried there, message by message.

The hub sends such a connection's messages on through a :class:`Relaying`, given to it when the app is built: the
cluster's placement when the server is one of several processes, else :class:`NoRelaying` (every table is here,
so no connection is ever relayed).
"""

from __future__ import annotations

from typing import Protocol

from .connection import Connection


class Relaying(Protocol):
    """Carries connections to the process that plays their table."""

    def open(self, conn: Connection, owner: str, text: str) -> None:
        """Relay ``conn`` to the process ``owner``; ``text`` is its ``hello``."""

    def forward(self, conn: Connection, text: str) -> None:
        """A message of a relayed connection, on to the process of its table."""

    def gone(self, conn: Connection) -> None:
        """A relayed connection closed here."""


class NoRelaying:
    """The only process: a connection is never relayed."""

    def open(self, conn: Connection, owner: str, text: str) -> None:
        """Never called: every table is located here."""
        raise RuntimeError(f"no server process {owner!r} to relay to")

    def forward(self, conn: Connection, text: str) -> None:
        """Never called: no connection is relayed."""
        raise RuntimeError("no connection is relayed")

    def gone(self, conn: Connection) -> None:
        """Never called: no connection is relayed."""
