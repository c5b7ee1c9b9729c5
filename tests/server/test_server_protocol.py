"""Client messages are validated strictly, and every refusal names its code and the field at fault."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from president.server.errors import ERROR_CODES, ProtocolError
from president.server.protocol import CLIENT_TYPES, Hello, MoveMessage, SeatMessage, parse_client_message

DOCS = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"


def refusal(text: str) -> ProtocolError:
    with pytest.raises(ProtocolError) as caught:
        parse_client_message(text)
    return caught.value


def test_a_move_with_its_seq_is_read() -> None:
    message = parse_client_message('{"type": "move", "move": "7c 7h", "seq": 12}')
    assert isinstance(message, MoveMessage)
    assert (message.move, message.seq) == ("7c 7h", 12)


def test_hello_as_spectator_and_seat_with_a_null_bot_are_read() -> None:
    assert isinstance(parse_client_message('{"type": "hello", "table": "t1", "spectate": true}'), Hello)
    seat = parse_client_message('{"type": "seat", "seat": 2, "bot": null}')
    assert isinstance(seat, SeatMessage) and seat.bot is None


@pytest.mark.parametrize(("text", "code", "words"), [
    ("{not json", "bad_json", "not valid JSON"),
    ("[1, 2]", "bad_json", "JSON object"),
    ('"move"', "bad_json", "JSON object"),
    ("{}", "bad_message", "type"),
    ('{"type": 5}', "bad_message", "type"),
    ('{"type": "teleport"}', "unknown_type", "teleport"),
    ('{"type": "move"}', "bad_message", "'move' is missing"),
    ('{"type": "move", "move": "7c", "seat": 1}', "bad_message", "unknown field 'seat'"),
    ('{"type": "move", "move": 7}', "bad_message", "'move'"),
    ('{"type": "move", "move": "7c", "seq": "3"}', "bad_message", "'seq'"),
    ('{"type": "move", "move": "7c", "seq": -1}', "bad_message", "'seq'"),
    ('{"type": "move", "move": ""}', "bad_message", "'move'"),
    ('{"type": "seat", "seat": true, "bot": null}', "bad_message", "'seat'"),
    ('{"type": "seat", "seat": 10, "bot": "classic"}', "bad_message", "'seat'"),
    ('{"type": "hello", "table": "t", "spectate": "yes"}', "bad_message", "'spectate'"),
    ('{"type": "start", "now": true}', "bad_message", "unknown field 'now'"),
])
def test_malformed_messages_are_refused_with_a_code_and_a_reason(text: str, code: str, words: str) -> None:
    error = refusal(text)
    assert error.code == code
    assert words in error.message


def test_deeply_nested_json_is_refused_not_crashing() -> None:
    assert refusal("[" * 100000 + "]" * 100000).code == "bad_json"


def test_an_unknown_error_code_cannot_be_raised() -> None:
    with pytest.raises(ValueError, match="unknown error code"):
        ProtocolError("no_such_code")


def test_the_protocol_reference_documents_every_message_and_error() -> None:
    text = DOCS.read_text(encoding="utf-8")
    for code in ERROR_CODES:
        assert f"`{code}`" in text, f"error {code} is not in docs/protocol.md"
    for kind in (*CLIENT_TYPES, "snapshot", "update", "table", "error", "pong"):
        assert f'"type": "{kind}"' in text, f"message {kind} has no example in docs/protocol.md"


def test_every_example_in_the_protocol_reference_is_valid_json() -> None:
    text = DOCS.read_text(encoding="utf-8")
    blocks = text.split("```json")[1:]
    assert blocks
    for block in blocks:
        json.loads(block.split("```")[0])
