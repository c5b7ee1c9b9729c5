"""The messages between the server processes of a cluster: one frozen dataclass a kind, and their JSON form.

A client connected to process A whose table process B plays is named by a key (``<A's id>/<number>``). A opens it
at B (:class:`Open`, with the client's ``hello``), forwards each of its messages (:class:`Forward`) and says when it
closed (:class:`Gone`); B sends what the table says to that client (:class:`Out`, text rendered for the client's
seat alone) and may close it (:class:`Close`). A REST call about a table or a tournament of another process is a
:class:`Call`, answered by a :class:`Reply`. :func:`encode` and :func:`decode` are the only places that know the
JSON keys; a message that is not one of these is refused by :func:`decode`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import orjson


@dataclass(frozen=True, slots=True)
class Open:
    """A client of ``origin`` opens a connection to a table of the receiver (``hello`` is its first message)."""

    key: str
    origin: str
    peer: str
    hello: str


@dataclass(frozen=True, slots=True)
class Forward:
    """One more message of a relayed client, to the process of its table."""

    key: str
    text: str


@dataclass(frozen=True, slots=True)
class Gone:
    """The relayed client closed its connection."""

    key: str


@dataclass(frozen=True, slots=True)
class Out:
    """A message of the table to a relayed client, already in JSON."""

    key: str
    text: str


@dataclass(frozen=True, slots=True)
class Close:
    """The table's process closes a relayed client's connection (WebSocket close code and reason)."""

    key: str
    code: int
    reason: str


@dataclass(frozen=True, slots=True)
class Call:
    """Ask the receiver to do ``op`` with ``args`` (see ``Hub.answer``); ``origin`` waits for the reply."""

    id: str
    origin: str
    op: str
    args: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Reply:
    """The answer to :class:`Call` ``id``: its ``result``, or the ``error`` it was refused with and the status."""

    id: str
    result: dict[str, Any] | None = None
    error: dict[str, Any] | None = None
    status: int = 200


Message = Open | Forward | Gone | Out | Close | Call | Reply
"""Every message one process sends another."""


def encode(message: Message) -> str:
    """The JSON text of a message."""
    if isinstance(message, Out):
        fields: dict[str, Any] = {"k": "out", "c": message.key, "t": message.text}
    elif isinstance(message, Forward):
        fields = {"k": "msg", "c": message.key, "t": message.text}
    elif isinstance(message, Open):
        fields = {"k": "open", "c": message.key, "o": message.origin, "p": message.peer, "t": message.hello}
    elif isinstance(message, Gone):
        fields = {"k": "gone", "c": message.key}
    elif isinstance(message, Close):
        fields = {"k": "close", "c": message.key, "code": message.code, "r": message.reason}
    elif isinstance(message, Call):
        fields = {"k": "rpc", "id": message.id, "o": message.origin, "op": message.op, "a": message.args}
    else:
        fields = {"k": "reply", "id": message.id, "s": message.status}
        if message.error is not None:
            fields["e"] = message.error
        else:
            fields["r"] = message.result
    try:
        return orjson.dumps(fields, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:  # what orjson refuses (integers beyond 64 bits): the standard library writes it
        return json.dumps(fields, separators=(",", ":"))


def decode(text: str | bytes) -> Message:
    """The message of a JSON text (``ValueError``: not a message of the relay)."""
    try:
        fields = orjson.loads(text)
    except orjson.JSONDecodeError as exc:
        raise ValueError(f"a relay message is JSON: {exc}") from None
    if not isinstance(fields, dict):
        raise ValueError("a relay message is a JSON object")
    kind = fields.get("k")
    try:
        if kind == "out":
            return Out(str(fields["c"]), str(fields["t"]))
        if kind == "msg":
            return Forward(str(fields["c"]), str(fields["t"]))
        if kind == "open":
            return Open(str(fields["c"]), str(fields["o"]), str(fields.get("p", "")), str(fields["t"]))
        if kind == "gone":
            return Gone(str(fields["c"]))
        if kind == "close":
            return Close(str(fields["c"]), int(fields.get("code", 1000)), str(fields.get("r", "")))
        if kind == "rpc":
            return Call(str(fields["id"]), str(fields["o"]), str(fields["op"]), dict(fields.get("a") or {}))
        if kind == "reply":
            error = fields.get("e")
            return Reply(str(fields["id"]), None if error is not None else dict(fields.get("r") or {}),
                         dict(error) if error is not None else None, int(fields.get("s", 200)))
    except (KeyError, TypeError) as exc:
        raise ValueError(f"a relay message {kind!r} lacks a field: {exc}") from None
    raise ValueError(f"no relay message is called {str(kind)[:32]!r}")
