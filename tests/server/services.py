"""Throwaway PostgreSQL and Redis servers for the tests of several server processes.

Each runs from Debian's packages (``scripts/ensure-packages.sh`` installs them) on a free
loopback port, with its data in a temporary directory made here and removed at the end
of the test session. PostgreSQL refuses to run as root: then the directory is given to
the ``postgres`` user and the server runs as that user. Each test gets a database of
its own (:meth:`Postgres.fresh_database`) and an emptied Redis.
"""

from __future__ import annotations

import glob
import itertools
import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest


def free_port() -> int:
    """A TCP port nobody listens on now (loopback)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _pg_bin(name: str) -> str | None:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return found[-1] if found else shutil.which(name)


def _as_owner(command: list[str]) -> list[str]:
    """Run as the ``postgres`` user when we are root (PostgreSQL refuses root)."""
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *command]
    return command


class Postgres:
    """A PostgreSQL server of the test session."""

    def __init__(self) -> None:
        initdb, pg_ctl = _pg_bin("initdb"), _pg_bin("pg_ctl")
        if initdb is None or pg_ctl is None:
            pytest.skip("PostgreSQL is not installed (scripts/ensure-packages.sh installs it)")
        self.pg_ctl = pg_ctl
        self.folder = Path(tempfile.mkdtemp(prefix="president-pg-"))
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres", "postgres")
        self.data = self.folder / "data"
        self.port = free_port()
        self._names = itertools.count(1)
        subprocess.run(_as_owner([initdb, "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8",
                                  "--no-sync"]), check=True, stdout=subprocess.DEVNULL)
        options = (f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c max_connections=200 "
                   "-c fsync=on -c synchronous_commit=on")
        self.start(options)
        self._options = options

    def start(self, options: str | None = None) -> None:
        """Start the server (again) and wait until it accepts connections."""
        subprocess.run(_as_owner([self.pg_ctl, "-D", str(self.data), "-o", options or self._options, "-w",
                                  "-l", str(self.folder / "log"), "start"]), check=True, stdout=subprocess.DEVNULL)

    def stop(self, mode: str = "fast") -> None:
        """Stop the server (``immediate``: as if it crashed)."""
        subprocess.run(_as_owner([self.pg_ctl, "-D", str(self.data), "-m", mode, "-w", "stop"]),
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)

    def url(self, database: str = "postgres") -> str:
        """The SQLAlchemy URL of a database of this server."""
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{database}"

    def fresh_database(self) -> str:
        """A new empty database; its URL."""
        import psycopg

        name = f"president_{os.getpid()}_{next(self._names)}"
        with psycopg.connect(f"host=127.0.0.1 port={self.port} user=postgres dbname=postgres",
                             autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def close(self) -> None:
        """Stop the server and remove its directory."""
        self.stop("immediate")
        shutil.rmtree(self.folder, ignore_errors=True)


class Redis:
    """A Redis server of the test session (no persistence)."""

    def __init__(self) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            pytest.skip("redis-server is not installed (scripts/ensure-packages.sh installs it)")
        self.binary = binary
        self.folder = Path(tempfile.mkdtemp(prefix="president-redis-"))
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.start()

    @property
    def url(self) -> str:
        """The ``redis://`` URL of this server."""
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        """Start the server (again) and wait until it answers."""
        self.process = subprocess.Popen(
            [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--dir", str(self.folder)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as s:
                    s.sendall(b"PING\r\n")
                    if s.recv(16).startswith(b"+PONG"):
                        return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def flush(self) -> None:
        """Forget every key."""
        with socket.create_connection(("127.0.0.1", self.port), timeout=2) as s:
            s.sendall(b"FLUSHALL\r\n")
            s.recv(16)

    def stop(self) -> None:
        """Kill the server."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()

    def close(self) -> None:
        """Stop the server and remove its directory."""
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[Postgres]:
    """One PostgreSQL server for the whole test session."""
    server = Postgres()
    try:
        yield server
    finally:
        server.close()


@pytest.fixture(scope="session")
def redis_server() -> Iterator[Redis]:
    """One Redis server for the whole test session."""
    server = Redis()
    try:
        yield server
    finally:
        server.close()


@pytest.fixture
def database_url(postgres_server: Postgres) -> str:
    """A fresh PostgreSQL database for one test."""
    return postgres_server.fresh_database()


@pytest.fixture
def redis_url(redis_server: Redis) -> str:
    """The test Redis, emptied for one test."""
    redis_server.flush()
    return redis_server.url
