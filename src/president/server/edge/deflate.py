"""WebSocket compression for the large messages only: a move's update goes as it is, a snapshot compressed.

uvicorn's WebSocket protocol offers permessage-deflate and then compresses every message. Compressing an update
of a few hundred bytes costs more server time than anything else about sending it, and gains no packet: the
message fits one TCP segment either way. RFC 7692 lets a sender leave any message uncompressed (its first frame
without the RSV1 bit), so :class:`LargeOnlyDeflate` compresses a message only from :data:`COMPRESS_FROM` bytes
on. The server agrees to permessage-deflate only without context takeover on its side (each message compressed
alone, ``server_no_context_takeover``): a compressed message then depends on no earlier one, so one frame serves
every socket of the same window (:mod:`.wire`), and no socket keeps a compressor between messages.

:class:`LargeOnlyDeflateProtocol` also lets the application write frames to the socket itself: it puts itself
in the connection's ASGI scope (``scope["extensions"][SOCKET_EXTENSION]``) and calls back when the socket's
buffer has drained. The application may take the client's text messages the same way, each handed to it as it
is read (:attr:`LargeOnlyDeflateProtocol.on_text`), rather than through the ASGI ``receive`` (a queue, a pause
and a resumption of the socket's reading, and every layer of the application woken for each message).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.extensions.base import Extension
from websockets.extensions.permessage_deflate import PerMessageDeflate, ServerPerMessageDeflateFactory
from websockets.frames import BINARY, TEXT, Frame
from websockets.http11 import Request
from websockets.typing import ExtensionParameter

COMPRESS_FROM = 1400
"""The size in bytes from which a message is compressed: below it, it fits one TCP segment as it is."""

WINDOW_BITS = 12
COMPRESS_SETTINGS = {"memLevel": 5}
"""The window and memory uvicorn's own WebSocket protocol compresses with (4 KiB windows, lighter on memory)."""

SOCKET_EXTENSION = "president.socket"
"""The key of the ASGI scope's ``extensions`` under which :class:`LargeOnlyDeflateProtocol` puts itself."""


class LargeOnlyDeflate(PerMessageDeflate):
    """permessage-deflate that sends a message shorter than :data:`COMPRESS_FROM` bytes uncompressed."""

    def encode(self, frame: Frame) -> Frame:
        """The frame as it is when it is a whole short message; compressed otherwise."""
        if frame.opcode in (TEXT, BINARY) and frame.fin and len(frame.data) < COMPRESS_FROM:
            return frame
        return super().encode(frame)


class LargeOnlyDeflateFactory(ServerPerMessageDeflateFactory):
    """Agrees on permessage-deflate as uvicorn does, with :class:`LargeOnlyDeflate` as the extension."""

    def process_request_params(
        self, params: Sequence[ExtensionParameter], accepted_extensions: Sequence[Extension],
    ) -> tuple[list[ExtensionParameter], PerMessageDeflate]:
        """The agreed parameters, and the extension that compresses only the large messages."""
        response, agreed = super().process_request_params(params, accepted_extensions)
        return response, LargeOnlyDeflate(
            agreed.remote_no_context_takeover, agreed.local_no_context_takeover, agreed.remote_max_window_bits,
            agreed.local_max_window_bits, self.compress_settings,
        )


UVICORN_READING_PARTS = ("frames", "curr_msg_data_type", "close_sent", "queue", "read_paused", "transport")
"""What the direct reading (:attr:`LargeOnlyDeflateProtocol.on_text`) uses of uvicorn's protocol beside its
``send_receive_event_to_app``: none of it is uvicorn's public interface, so a uvicorn without one of them reads
every message through ``receive`` (slower, the same in effect)."""


def missing_reading_parts(protocol: object) -> list[str]:
    """The parts of uvicorn's protocol the direct reading needs that ``protocol`` lacks (empty: it can read
    directly)."""
    missing = [name for name in UVICORN_READING_PARTS if not hasattr(protocol, name)]
    if not callable(getattr(WebSocketsSansIOProtocol, "send_receive_event_to_app", None)):
        missing.append("send_receive_event_to_app")
    return missing


class LargeOnlyDeflateProtocol(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol (on the ``websockets`` library) compressing only the large messages, each
    alone, and open to the application's own writes."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.on_drained: Callable[[], None] | None = None
        """Called when the socket's buffer, having grown past the transport's high mark, drained below its low."""
        self.on_text: Callable[[str], None] | None = None
        """Called with each whole text message the client sends, instead of its going to the application's
        ``receive``, while nothing waits there before it (the messages keep their order); the others (binary,
        the close) still go there."""
        self.reads_directly = not missing_reading_parts(self)
        """Whether this uvicorn has what :attr:`on_text` needs (else the application reads through ``receive``)."""
        if self.config.ws_per_message_deflate:
            self.conn.available_extensions = [LargeOnlyDeflateFactory(
                server_no_context_takeover=True, server_max_window_bits=WINDOW_BITS,
                client_max_window_bits=WINDOW_BITS, compress_settings=COMPRESS_SETTINGS,
            )]

    def handle_connect(self, event: Request) -> None:
        """uvicorn's handshake, and this protocol put in the scope for the application."""
        super().handle_connect(event)
        scope = getattr(self, "scope", None)
        if scope is not None:
            scope["extensions"][SOCKET_EXTENSION] = self

    def send_receive_event_to_app(self) -> None:
        """A whole message was read: a text handed to :attr:`on_text` if it is set and nothing waits in the queue
        before it; uvicorn's own way otherwise (queued for ``receive``, and the reading paused until taken)."""
        on_text = self.on_text
        if on_text is None or self.curr_msg_data_type != "text" or self.close_sent or not self.queue.empty():
            super().send_receive_event_to_app()
            return
        data = self.frames[0] if len(self.frames) == 1 else b"".join(self.frames)
        try:
            text = data.decode()
        except UnicodeDecodeError:  # uvicorn refuses it (1007)
            super().send_receive_event_to_app()
            return
        self.frames = []
        on_text(text)

    def resume_writing(self) -> None:
        """The transport's buffer drained: sends may go on, and the application hears of it."""
        super().resume_writing()
        if self.on_drained is not None:
            self.on_drained()

    def connection_lost(self, exc: Exception | None) -> None:
        """The socket is gone: nothing is called back any more."""
        self.on_drained = None
        super().connection_lost(exc)
