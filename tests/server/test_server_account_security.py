"""Accounts against hostile clients, on a real uvicorn: sign-in limits that cannot lock the owner out, changing the
password, signing out everywhere. The clients tell their address through a trusted proxy's X-Forwarded-For."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from president.server.store.accounts import PAIR_ATTEMPTS

from .support import LiveServer, make_config

pytestmark = pytest.mark.timeout(60)

PASSWORD = "the owner's password"


def browser(server: LiveServer, address: str) -> httpx.Client:
    """A client of the server from ``address`` (as the trusted proxy says)."""
    return httpx.Client(base_url=server.url, trust_env=False, timeout=10, headers={"x-forwarded-for": address})


def login(client: httpx.Client, password: str) -> httpx.Response:
    return client.post("/api/login", json={"name": "Victim", "password": password})


def test_failing_on_purpose_elsewhere_does_not_lock_the_owner_out(tmp_path: Path) -> None:
    with LiveServer(make_config(tmp_path, trusted_proxies="127.0.0.1")) as server, \
            browser(server, "10.0.0.1") as owner, browser(server, "10.0.0.66") as attacker, \
            browser(server, "10.0.0.1") as neighbour, browser(server, "10.0.0.7") as elsewhere:
        assert owner.post("/api/accounts", json={"name": "Victim", "password": PASSWORD}).status_code == 201
        for _ in range(PAIR_ATTEMPTS):
            assert login(attacker, "a wrong guess").status_code == 401
        refused = login(attacker, PASSWORD)  # the attacker's address is done with this name, right or wrong
        assert refused.status_code == 429 and refused.json()["error"]["code"] == "too_many_logins"
        assert login(elsewhere, PASSWORD).status_code == 200  # another address, no cookie of the account

        # Someone behind the owner's own address fails on purpose: the owner's browser, a known device of the
        # account, still gets in; another browser at that address does not.
        for _ in range(PAIR_ATTEMPTS):
            assert login(neighbour, "a wrong guess").status_code == 401
        assert login(neighbour, PASSWORD).status_code == 429
        assert login(owner, PASSWORD).status_code == 200
        assert owner.get("/api/me").json()["account"]["name"] == "Victim"


def test_changing_the_password_ends_the_other_sessions(tmp_path: Path) -> None:
    with LiveServer(make_config(tmp_path)) as server, browser(server, "10.0.0.1") as laptop, \
            browser(server, "10.0.0.2") as phone:
        assert laptop.post("/api/accounts", json={"name": "Victim", "password": PASSWORD}).status_code == 201
        assert login(phone, PASSWORD).status_code == 200
        wrong = laptop.post("/api/me/password", json={"password": "not it", "new_password": "a new password"})
        assert wrong.status_code == 401 and wrong.json()["error"]["code"] == "bad_login"
        short = laptop.post("/api/me/password", json={"password": PASSWORD, "new_password": "short"})
        assert short.status_code == 422
        assert phone.get("/api/me").json()["account"] is not None  # refusals change nothing
        changed = laptop.post("/api/me/password", json={"password": PASSWORD, "new_password": "a new password"})
        assert changed.status_code == 200, changed.text
        assert laptop.get("/api/me").json()["account"]["name"] == "Victim"
        assert phone.get("/api/me").json()["account"] is None
        assert login(phone, PASSWORD).status_code == 401
        assert login(phone, "a new password").status_code == 200
        phone.cookies.clear()
        assert phone.post("/api/me/password", json={"password": "a new password", "new_password": "another one"}
                          ).status_code == 401


def test_signing_out_everywhere_ends_every_session(tmp_path: Path) -> None:
    with LiveServer(make_config(tmp_path)) as server, browser(server, "10.0.0.1") as laptop, \
            browser(server, "10.0.0.2") as phone, browser(server, "10.0.0.3") as stolen:
        assert laptop.post("/api/accounts", json={"name": "Victim", "password": PASSWORD}).status_code == 201
        assert login(phone, PASSWORD).status_code == 200
        stolen.cookies.update(phone.cookies)  # a copy of the phone's cookie
        assert stolen.get("/api/me").json()["account"]["name"] == "Victim"
        ended = laptop.post("/api/me/sign-out-everywhere")
        assert ended.status_code == 200 and ended.json() == {"account": None}
        for client in (laptop, phone, stolen):
            assert client.get("/api/me").json() == {"account": None}
        assert laptop.post("/api/me/sign-out-everywhere").status_code == 401


LOOK_ALIKES = ["Victim\u034f", "Victim\ufe0f", "Victim\u3164", "Victim\u2800", "V\u0456ctim", "V\u0131ctim",
               "\uff36\uff49\uff43\uff54\uff49\uff4d", "Vict\u00edm", "Victi\u0301m", "VICTIM", "Vlctim", "V1ctim"]
"""Names that read as "Victim": invisible characters after it, a Cyrillic і, a dotless ı, fullwidth letters, an
accent (composed or combining), capitals, a small l or a digit one for the i."""


def test_a_name_that_only_looks_like_an_accounts_is_refused_to_guests_spectators_and_new_accounts(
        tmp_path: Path) -> None:
    from .support import ws_send, ws_until

    config = make_config(tmp_path, trusted_proxies="127.0.0.1", client_tables=100, client_creations_per_minute=1000.0)
    with LiveServer(config) as server, server.http() as http:
        assert http.post("/api/accounts", json={"name": "Victim", "password": PASSWORD}).status_code == 201
        http.cookies.clear()
        table = http.post("/api/tables", json={"players": 3}).json()["table"]["id"]
        for number, name in enumerate(LOOK_ALIKES):
            made = http.post("/api/tables", json={"name": name, "players": 3})
            assert made.status_code == 403 and made.json()["error"]["code"] == "name_taken", name
            joined = http.post(f"/api/tables/{table}/join", json={"name": name})
            assert joined.status_code == 403, name
            claimed = http.post("/api/accounts", json={"name": name, "password": "another password"},
                                headers={"x-forwarded-for": f"10.1.0.{number}"})  # 5 accounts an address
            assert claimed.status_code == 409 and claimed.json()["error"]["code"] == "name_taken", name
            with server.socket() as ws:
                ws_send(ws, {"type": "hello", "table": table, "spectate": True, "name": name})
                refusal = ws_until(ws, "error")
                assert refusal["code"] == "name_taken" and refusal["ref"] == "hello", name
                ws_send(ws, {"type": "hello", "table": table, "spectate": True, "name": "Watcher"})
                assert ws_until(ws, "snapshot")["seat"] is None
        blank = http.post("/api/tables", json={"name": "\u3164\u2800", "players": 3})
        assert blank.status_code == 422
        assert http.post(f"/api/tables/{table}/join", json={"name": "Victoria"}).status_code == 200


def test_a_signed_in_spectator_chats_under_the_accounts_own_name(tmp_path: Path) -> None:
    from .support import ws_send, ws_until

    with LiveServer(make_config(tmp_path)) as server, server.http() as http:
        assert http.post("/api/accounts", json={"name": "Victim", "password": PASSWORD}).status_code == 201
        table = http.post("/api/tables", json={"players": 3}).json()["table"]["id"]
        cookie = "; ".join(f"{k}={v}" for k, v in http.cookies.items())
        from websockets.sync.client import connect

        with connect(f"ws://127.0.0.1:{server.port}/ws", proxy=None, additional_headers={"Cookie": cookie}) as ws:
            ws_send(ws, {"type": "hello", "table": table, "spectate": True, "name": "victim"})
            assert ws_until(ws, "snapshot")["seat"] is None
            ws_send(ws, {"type": "chat", "text": "hello"})
            assert ws_until(ws, "chat")["name"] == "victim"
