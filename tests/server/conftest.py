"""Fixtures of the server tests: an app on a fresh database, and a client running it."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI

HTTPX_NOTICE = "Using `httpx` with `starlette.testclient`"
warnings.filterwarnings("ignore", message=HTTPX_NOTICE)

from starlette.testclient import TestClient  # noqa: E402

from president.server import create_app  # noqa: E402

from .services import database_url, postgres_server, redis_server, redis_url  # noqa: E402, F401
from .support import make_config  # noqa: E402


def pytest_configure(config: pytest.Config) -> None:
    """Silence Starlette's notice about its test client's HTTP library (it is not ours to act on)."""
    config.addinivalue_line("filterwarnings", f"ignore:{HTTPX_NOTICE}")


@pytest.fixture
def app(tmp_path: Path) -> FastAPI:
    """The server on a fresh SQLite file, bots moving at once."""
    return create_app(make_config(tmp_path))


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    """A test client with the app started (tables restored, timers running)."""
    with TestClient(app) as test_client:
        yield test_client
