"""The bot worker processes of a real ``president serve`` die with it, even when it is killed with SIGKILL."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import time
from pathlib import Path

import pytest

from .test_server_crash import Server

pytestmark = [pytest.mark.timeout(90), pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc")]


def alive_children(parent: int) -> set[int]:
    """The processes whose parent is ``parent`` and that are not zombies (read from /proc)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        if int(fields[1]) == parent and fields[0] != "Z":
            found.add(int(entry.name))
    return found


def alive(pid: int) -> bool:
    """Whether ``pid`` is a running process (a zombie counts as gone)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2] != "Z"


def test_bot_workers_and_the_resource_tracker_die_with_a_killed_server(tmp_path: Path) -> None:
    server = Server(tmp_path, f"sqlite:///{tmp_path / 'workers.sqlite3'}")
    children: set[int] = set()
    try:
        made = server.http.post("/api/tables", json={"players": 3, "seats": [None, "easy", "easy"],
                                                     "name": "Ann", "turn_seconds": 0.05}).json()
        client = server.seat(made["table"]["id"], made["token"])
        client.send({"type": "start"})
        while True:
            update = client.wait("update")
            if update["by"] == "bot":
                break
        client.close()
        children = alive_children(server.process.pid)
        assert len(children) >= 2, "expected a bot worker and the resource tracker"
        server.kill()
        deadline = time.monotonic() + 5
        while any(alive(pid) for pid in children) and time.monotonic() < deadline:
            time.sleep(0.05)
        left = {pid for pid in children if alive(pid)}
        assert not left, f"processes of the killed server still running: {sorted(left)}"
    finally:
        if server.process.poll() is None:
            server.kill()
        for pid in children:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
