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


class SharedChromium:
    """One Playwright and one Chromium for the browser tests a test process runs in a row.

    While Playwright runs, its event loop is the running loop of the main thread: a test of another directory run
    in the same process (two workers share out the tests) could not call ``asyncio.run``. So the browser is closed
    after the last browser test of a row (see ``pytest_runtest_teardown``), and started again if more come.
    """

    def __init__(self) -> None:
        self.playwright: Playwright | None = None
        self.browser: Browser | None = None

    def get(self) -> Browser:
        """The browser, started if it is not running."""
        if self.browser is None or not self.browser.is_connected():
            self.close()
            self.playwright = sync_playwright().start()
            self.browser = self.playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        return self.browser

    def close(self) -> None:
        """Close the browser and stop Playwright (nothing when they are not running)."""
        browser, playwright = self.browser, self.playwright
        self.browser = self.playwright = None
        if browser is not None and browser.is_connected():
            browser.close()
        if playwright is not None:
            playwright.stop()


CHROMIUM_RUNNING = SharedChromium()
WEB_TESTS = Path(__file__).parent


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    """After a browser test whose process runs no browser test next, close the browser (once the test's pages are)."""
    if nextitem is None or WEB_TESTS not in nextitem.path.parents:
        CHROMIUM_RUNNING.close()


@pytest.fixture(scope="module")
def browser() -> Browser:
    """Debian's Chromium, headless; shared by the browser test files run one after another."""
    return CHROMIUM_RUNNING.get()


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
