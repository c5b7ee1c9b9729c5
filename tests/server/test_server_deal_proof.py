"""Deals anyone can check, at the server: commitments before each deal, the secret at the end and never before."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from president.old.verify import check_record
from president.secret_deals import DealSecret
from president.server import create_app
from president.server.play import games as games_module
from president.verify import verify_record

from .support import create_table, hello, make_config, receive, send, until

pytestmark = pytest.mark.timeout(90)


def play_out(client: TestClient, ws: Any, first: dict[str, Any]) -> list[dict[str, Any]]:
    """Play seat 0 (its last legal move each turn; in the old game, the table plays the forced cards) until the match
    is over; every message received, in order."""
    messages = [first]
    last = first
    sent = -1
    while last["view"]["phase"] != "over":
        view = last["view"]
        if view["to_act"] == 0 and view["legal_moves"] and view["phase"] != "continue" and sent != last["seq"]:
            send(ws, {"type": "move", "move": last["view"]["legal_moves"][-1], "seq": last["seq"]})
            sent = last["seq"]
        message = receive(ws)
        assert message["type"] != "error", message
        messages.append(message)
        if message["type"] in ("update", "snapshot"):
            last = message
    return messages


@contextlib.contextmanager
def started(client: TestClient, **table: Any) -> Iterator[tuple[str, Any, dict[str, Any]]]:
    """A table of one person (seat 0) and bots, its match started: the table id, the person's socket and the
    snapshot of the start."""
    made = create_table(client, **table)
    table_id = made["table"]["id"]
    with client.websocket_connect("/ws") as socket:
        hello(socket, table_id, made["token"])
        send(socket, {"type": "start"})
        yield table_id, socket, until(socket, "snapshot")


def test_commitments_come_before_each_deal_and_the_secret_only_at_the_end(client: TestClient) -> None:
    with started(client, rules="tavern-jack", players=3, seats=[None, "classic", "random"], deals=3,
                 name="Ann") as (table_id, socket, first):
        assert first["secret"] is None and len(first["commitments"]) == 1
        during = client.get(f"/api/tables/{table_id}").text
        messages = play_out(client, socket, first)
        send(socket, {"type": "sync"})
        after = until(socket, "snapshot")
    table = client.app.state.hub.tables[table_id]  # type: ignore[attr-defined]
    secret: DealSecret = table.deal_secret
    assert secret is not None and secret.table == table_id
    final = messages[-1]
    assert final["type"] == "update" and final["view"]["phase"] == "over" and final["secret"] == secret.hex
    assert after["secret"] == secret.hex and after["commitments"] == secret.commitments(3)
    assert secret.hex not in during
    for message in messages[:-1]:
        assert secret.hex not in json.dumps(message), message["type"]
    shown = {n + 1: c for m in messages if m.get("commitments") for n, c in enumerate(m["commitments"])}
    assert shown == {n: secret.commitment(n) for n in (1, 2, 3)}
    for message in messages:  # a deal's commitment is shown with the deal, at the latest
        if message["type"] == "update" and any(e["type"] == "deal" for e in message["events"]):
            assert len(message["commitments"]) == message["view"]["deal_number"]
    match_id = after["table"]["match_id"]
    record = client.get(f"/api/matches/{match_id}/record").text
    assert f'[Secret "{secret.hex}"]' in record and verify_record(record).ok
    deals = client.get(f"/api/matches/{match_id}/deals").json()
    assert deals["ok"] and deals["secret"] == secret.hex and [d["shown"] for d in deals["deals"]] == shown_list(shown)


def shown_list(shown: dict[int, str]) -> list[str]:
    return [shown[n] for n in sorted(shown)]


def test_bots_are_never_given_the_secret(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    given: list[str] = []
    real_decide, real_choose = games_module.decide_move, games_module.choose

    def spying_decide(name: str, view: Any, seed: int, ply: int) -> tuple[int, dict[str, Any] | None]:
        given.append(repr((name, view, seed, ply)))
        return real_decide(name, view, seed, ply)

    def spying_choose(name: str, view: Any, seed: int, ply: int) -> int:
        given.append(repr((name, view, seed, ply)))
        return real_choose(name, view, seed, ply)

    # The quick bots choose in the event loop (``choose``); the others decide with their reasons (``decide_move``).
    monkeypatch.setattr(games_module, "decide_move", spying_decide)
    monkeypatch.setattr(games_module, "choose", spying_choose)
    with started(client, rules="revolution", players=4, seats=[None, "classic", "random", "classic"], deals=2,
                 name="Ann") as (table_id, socket, first):
        play_out(client, socket, first)
    secret = client.app.state.hub.tables[table_id].deal_secret  # type: ignore[attr-defined]
    assert len(given) > 20
    assert not any(secret.hex in text or str(int(secret.hex, 16)) in text for text in given)


def test_a_restarted_server_deals_on_from_the_same_secret(tmp_path: Path) -> None:
    with TestClient(create_app(make_config(tmp_path))) as client:
        with started(client, rules="tavern-jack", players=3, seats=[None, "random", "random"], deals=2,
                     name="Ann") as (table_id, _, first):
            pass
        secret_before = client.app.state.hub.tables[table_id].deal_secret  # type: ignore[attr-defined]
    with TestClient(create_app(make_config(tmp_path))) as client:
        secret_after = client.app.state.hub.tables[table_id].deal_secret  # type: ignore[attr-defined]
    assert secret_before == secret_after
    assert first["commitments"] == [secret_after.commitment(1)]


def test_the_old_games_packs_are_committed_before_they_are_dealt_and_check_out(client: TestClient) -> None:
    with started(client, game="old-president", players=3, seats=[None, "careful", "careful"], deals=2,
                 name="Ann") as (table_id, socket, first):
        assert first["secret"] is None and len(first["commitments"]) == 1
        messages = play_out(client, socket, first)
        send(socket, {"type": "sync"})
        after = until(socket, "snapshot")
    secret: DealSecret = client.app.state.hub.tables[table_id].deal_secret  # type: ignore[attr-defined]
    assert messages[-1]["secret"] == secret.hex
    for message in messages[:-1]:
        assert secret.hex not in json.dumps(message), message["type"]
    for message in messages:  # each pack's commitment comes with the update that deals it
        if message["type"] == "update":
            starts = [e for e in message["events"] if e["type"] == "deal_start"]
            if starts:
                assert len(message["commitments"]) >= starts[-1]["deal"]
    packs = len(after["commitments"])
    assert packs in (2, 3) and after["commitments"] == secret.commitments(packs)  # two deals, maybe the redeal
    record = client.get(f"/api/matches/{after['table']['match_id']}/record").text
    assert '[Game "old-president"]' in record and f'[Secret "{secret.hex}"]' in record and "[Seed" not in record
    assert check_record(record).ok
    deals = client.get(f"/api/matches/{after['table']['match_id']}/deals").json()
    assert deals["ok"] and deals["game"] == "old-president" and len(deals["deals"]) == packs
    assert [d["shown"] for d in deals["deals"]] == after["commitments"]
    assert client.get("/api/matches/999/deals").status_code == 404
