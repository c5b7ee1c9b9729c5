"""Writing a table's messages straight to the WebSockets that follow it, each message encoded once for all of them.

A table sends one text to every follower that reads the table the same way (the spectators, most often). Each
text is made into a WebSocket frame once, and that frame's bytes are written to every socket that agreed on the
same framing: no compression, or permessage-deflate without context takeover on the server's side
(:mod:`.deflate` asks every client for it) and the same window. Such a compressed message depends on no earlier
one, so the same bytes are valid on every socket. A frame is written to the socket's transport at once: no task,
queue or encoding per socket.

A follower that does not read fills its socket's buffer. Past :attr:`SocketWire.backlog_limit` bytes unsent it is
*behind*: the messages meant for it are dropped instead of piling up, and once its buffer has drained it is sent a
fresh snapshot (see :class:`~president.server.edge.connection.Connection`). The memory a follower holds is then
bounded, and a crowd of them costs the table one encoding per message.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Protocol

from websockets.extensions.base import Extension
from websockets.extensions.permessage_deflate import PerMessageDeflate
from websockets.frames import Frame, Opcode
from websockets.protocol import State
from websockets.server import ServerProtocol

from .deflate import COMPRESS_FROM, COMPRESS_SETTINGS, LargeOnlyDeflate

PLAIN = 0
"""The framing of a socket without compression (else the framing is the window bits of its compressed frames)."""


class SocketProtocol(Protocol):
    """What a wire needs of uvicorn's WebSocket protocol object (:class:`~.deflate.LargeOnlyDeflateProtocol`)."""

    transport: asyncio.Transport
    conn: ServerProtocol
    close_sent: bool
    on_drained: Callable[[], None] | None


class FrameCache:
    """The frames of the text being sent now, one per framing: the text is encoded once however many sockets
    it goes to (a table sends one text to its followers one after the other).

    Safe when event loops in several threads share it: a text's frames are kept with the text, so a race costs an
    encoding more, never a wrong frame."""

    def __init__(self) -> None:
        self._now: tuple[str | None, dict[int, bytes]] = (None, {})

    def frame(self, text: str, framing: int) -> bytes:
        """The bytes of the frame that carries ``text`` on a socket of ``framing``."""
        now = self._now
        if now[0] is not text:
            now = self._now = (text, {})
        frame = now[1].get(framing)
        if frame is None:
            frame = now[1][framing] = self._encode(text, framing)
        return frame

    def _encode(self, text: str, framing: int) -> bytes:
        data = text.encode()
        if framing == PLAIN or len(data) < COMPRESS_FROM:
            # Sent as it is (most messages, every move's update): no extension to make and ask.
            return plain_text_frame(data)
        # Without context takeover the extension keeps nothing between messages: a new one is as good as a kept one.
        extensions: list[Extension] = [LargeOnlyDeflate(True, True, framing, framing, COMPRESS_SETTINGS)]
        return Frame(Opcode.TEXT, data).serialize(mask=False, extensions=extensions)


def plain_text_frame(data: bytes) -> bytes:
    """A whole text message ``data`` (UTF-8) as one unmasked, uncompressed WebSocket frame (RFC 6455, 5.2): FIN
    and the text opcode, then the payload's length in 7 bits, or 126 and 16 bits, or 127 and 64 bits."""
    size = len(data)
    if size < 126:
        return bytes((0x81, size)) + data
    if size < 1 << 16:
        return b"\x81\x7e" + size.to_bytes(2, "big") + data
    return b"\x81\x7f" + size.to_bytes(8, "big") + data


FRAMES = FrameCache()
"""The frames of this process's event loop (it sends one message at a time)."""


def framing_of(conn: ServerProtocol) -> int | None:
    """The framing of a socket whose frames can be shared: :data:`PLAIN`, or the window bits of permessage-deflate
    without context takeover on the server's side; None when its frames depend on the ones before."""
    extensions = conn.extensions
    if not extensions:
        return PLAIN
    if len(extensions) == 1 and isinstance(extensions[0], PerMessageDeflate) \
            and extensions[0].local_no_context_takeover:
        return extensions[0].local_max_window_bits
    return None


class SocketWire:
    """One accepted WebSocket, written to directly."""

    def __init__(self, protocol: SocketProtocol, framing: int) -> None:
        self.protocol = protocol
        self.framing = framing

    @property
    def open(self) -> bool:
        """Whether frames may still be written (no close sent, the transport not closing)."""
        p = self.protocol
        return not p.close_sent and p.conn.state is State.OPEN and not p.transport.is_closing()

    def backlog(self) -> int:
        """Bytes written and not yet sent to the client."""
        return self.protocol.transport.get_write_buffer_size()

    def write(self, text: str) -> None:
        """Write ``text`` as one frame (encoded once for every socket of the same framing)."""
        if self.open:
            self.protocol.transport.write(FRAMES.frame(text, self.framing))

    def write_within(self, text: str, limit: int) -> bool:
        """:meth:`write` ``text`` unless more than ``limit`` bytes are unsent: then False, and nothing written."""
        p = self.protocol
        transport = p.transport
        if transport.get_write_buffer_size() > limit:
            return False
        if not p.close_sent and p.conn.state is State.OPEN and not transport.is_closing():
            transport.write(FRAMES.frame(text, self.framing))
        return True

    def when_drained(self, callback: Callable[[], None] | None, backlog_limit: int = 0) -> None:
        """Call ``callback`` each time the socket's buffer, having grown past the transport's high mark, has
        drained below its low mark; with ``backlog_limit``, the high mark is half of it (so a buffer past the limit
        was past the high mark, and its draining will be heard of) and the low mark a quarter of that."""
        self.protocol.on_drained = callback
        if backlog_limit:
            self.protocol.transport.set_write_buffer_limits(high=max(2, backlog_limit // 2))
