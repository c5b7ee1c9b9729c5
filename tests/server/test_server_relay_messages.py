"""The messages between server processes: each kind survives its JSON form, and nothing else is taken for one."""

from __future__ import annotations

import pytest

from president.server.cluster.messages import Call, Close, Forward, Gone, Message, Open, Out, Reply, decode, encode

EXAMPLES: list[Message] = [
    Open("a/1", "a", "10.0.0.1:5000", '{"type":"hello","table":"t1","spectate":true}'),
    Forward("a/1", '{"type":"ping"}'),
    Gone("a/1"),
    Out("a/1", '{"type":"pong"}'),
    Close("a/1", 1012, "the table moved to another server process; reconnect"),
    Call("b/7", "b", "join", {"table": "t1", "name": "Ann", "seat": None, "account": None}),
    Reply("b/7", {"seat": 0, "token": "x"}),
    Reply("b/8", error={"code": "no_seat", "message": "every seat is taken"}, status=409),
]


@pytest.mark.parametrize("message", EXAMPLES, ids=lambda m: type(m).__name__)
def test_a_message_comes_back_from_its_json_form_unchanged(message: Message) -> None:
    assert decode(encode(message)) == message


def test_each_kind_of_message_has_a_json_name_of_its_own() -> None:
    names = {type(m): encode(m).split('"k":"', 1)[1].split('"', 1)[0] for m in EXAMPLES}
    assert len(set(names.values())) == len(names) == 7


@pytest.mark.parametrize("text", ['{"k":"boom","c":"a/1"}', '{"k":"out","c":"a/1"}', "[1,2]", '{"c":"a/1"}'])
def test_a_text_that_is_no_message_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        decode(text)
