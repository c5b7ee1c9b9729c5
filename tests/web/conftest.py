"""Fixtures of the browser tests: a live game server in a thread, Debian's Chromium driven by Playwright.

The server is the real application (``create_app``) served by uvicorn on a free port with a
temporary SQLite database and no bot delay; tests read the authoritative match of a table
from its hub to know what the page should show. Every browser context runs with reduced
motion, so that no animation delays a click (unless a test asks for motion).
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, sync_playwright

from .live import CHROMIUM, LAUNCH_ARGS, LiveServer

if shutil.which(CHROMIUM) is None and not Path(CHROMIUM).exists():
    pytest.skip(f"the browser tests need Chromium at {CHROMIUM} (make test installs it)", allow_module_level=True)

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="session")
def server_factory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[..., LiveServer]]:
    """Start live servers (each with its own database); all are stopped at the end of the session."""
    started: list[LiveServer] = []

    def start(seed: int | None = 1, bot_delay: float = 0.0) -> LiveServer:
        folder = tmp_path_factory.mktemp("server")
        server = LiveServer(folder / "president.sqlite3", seed=seed, bot_delay=bot_delay)
        server.start()
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


@pytest.fixture(scope="session")
def live_server(server_factory: Callable[..., LiveServer]) -> LiveServer:
    """The server shared by the tests that need no particular deal."""
    return server_factory(seed=2024)


@pytest.fixture(scope="module")
def playwright_instance() -> Iterator[Playwright]:
    """Playwright, for the tests of one module.

    Not for the whole session: while Playwright runs, its event loop is the running loop of the main thread, and
    a test of another module run in the same process afterwards (two workers share out the tests) could not call
    ``asyncio.run``. A module's fixtures end before the next module's tests start.
    """
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="module")
def browser(playwright_instance: Playwright) -> Iterator[Browser]:
    """Debian's Chromium, headless."""
    browser = playwright_instance.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
    yield browser
    browser.close()


def open_context(browser: Browser, viewport: dict[str, int], locale: str = "en-US",
                 motion: bool = False) -> BrowserContext:
    """A new browser context of a screen size and language; narrower than 500 px, a phone with touch."""
    options: dict[str, object] = {"viewport": viewport, "locale": locale,
                                  "reduced_motion": "no-preference" if motion else "reduce"}
    if viewport["width"] < 500:
        options.update(is_mobile=True, has_touch=True, device_scale_factor=2)
    context = browser.new_context(**options)  # type: ignore[arg-type]
    context.set_default_timeout(15000)
    return context


@pytest.fixture
def new_context(browser: Browser) -> Iterator[Callable[..., BrowserContext]]:
    """Make browser contexts (separate storage, like separate people); closed after the test."""
    made: list[BrowserContext] = []

    def make(phone: bool = False, locale: str = "en-US", motion: bool = False) -> BrowserContext:
        context = open_context(browser, PHONE if phone else DESKTOP, locale, motion)
        made.append(context)
        return context

    yield make
    for context in made:
        context.close()


@pytest.fixture
def page(new_context: Callable[..., BrowserContext]) -> Iterator[Page]:
    """A desktop page; an uncaught script error in it fails the test."""
    page = new_context().new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    assert errors == [], f"script errors in the page: {errors}"
