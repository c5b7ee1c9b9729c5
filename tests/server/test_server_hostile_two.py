"""Hostile clients, round two, on a real uvicorn: security headers, revoked API tokens, abandoned tournaments, slow
bodies."""

from __future__ import annotations

from pathlib import Path

import pytest

from president.server.config import WEB_DIR

from .support import LiveServer, make_config

pytestmark = pytest.mark.timeout(60)


def test_every_response_forbids_framing_sniffing_and_foreign_content(tmp_path: Path) -> None:
    with LiveServer(make_config(tmp_path, web_dir=WEB_DIR)) as server, server.http() as http:
        answers = {
            "page": http.get("/"),
            "script": http.get("/js/main.js"),
            "api": http.get("/api/health"),
            "missing": http.get("/api/nothing-here"),
            "invalid": http.post("/api/tables", json={"players": "many"}),
            "too large": http.post("/api/tables", content=b"{" * 20000,
                                   headers={"content-type": "application/json"}),
            "api docs": http.get("/api/docs"),
        }
    assert [answers[k].status_code for k in answers] == [200, 200, 200, 404, 422, 413, 200]
    for what, answer in answers.items():
        assert answer.headers.get("x-content-type-options") == "nosniff", what
        assert answer.headers.get("x-frame-options") == "DENY", what
        policy = answer.headers.get("content-security-policy", "")
        directives = {d.split()[0]: d.split()[1:] for d in policy.split(";") if d.strip()}
        assert directives.get("frame-ancestors") == ["'none'"], what
        assert directives.get("object-src") == ["'none'"], what
        if what != "api docs":  # the app's own pages run nothing but its own scripts
            assert directives.get("script-src") == ["'self'"], what
            assert directives.get("default-src") == ["'self'"], what

