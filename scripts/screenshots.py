"""Refresh the screenshots of the browser app in docs/screenshots/ (desktop and phone sizes).

    .venv/bin/python scripts/screenshots.py [--out docs/screenshots] [--chromium /usr/bin/chromium]

Starts the game server in this process (a temporary database, bots without delay, a fixed
seed chosen so that the person ends the first deal as President), plays the person's seat
with the classic computer player through the page, and photographs the start screen, the
table mid-trick, the exchange and the score table; then the old President (seed 000): its table at a
lead of the person in the second deal (with the hint) and, once the game is over, its replay.
"""

from __future__ import annotations

import argparse
import random
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx
import uvicorn
from playwright.sync_api import Browser, Page, sync_playwright

from president.engine import Match
from president.moves import move_str
from president.players import make_bot
from president.server import ServerConfig, create_app

DEVICES = {
    "desktop": {"viewport": {"width": 1280, "height": 800}, "device_scale_factor": 1},
    "phone": {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True,
              "has_touch": True},
}
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
               "--disable-sync", "--no-first-run"]
DECISION = ("() => { const g = document.querySelector('.game');"
            " return document.querySelector('dialog.deal-summary[open]')"
            " || (g && (g.dataset.myTurn === 'true' || g.dataset.phase === 'over')); }")


def president_seed() -> int:
    """A server seed whose first match makes seat 0 President when every seat plays classic."""
    bot = make_bot("classic")
    for server_seed in range(1000):
        match = Match("three-of-clubs", 4, random.Random(server_seed).getrandbits(63))
        while match.deal_number == 1 and match.to_act is not None:
            match.apply(bot.choose(match.seat_view(match.to_act), random.Random(0)))
        if match.deal_results and match.deal_results[0].order[0] == 0 and match.deal_results[0].order[1] != 1:
            return server_seed
    raise SystemExit("no suitable seed")


class Server:
    """The game server on a free port in a background thread."""

    def __init__(self, folder: Path, seed: int) -> None:
        config = ServerConfig(database_url=f"sqlite:///{folder / 'shots.sqlite3'}", bot_delay=0.0, seed=seed)
        self.app = create_app(config)
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port = int(sock.getsockname()[1])
        self.url = f"http://127.0.0.1:{self.port}/"
        self.server = uvicorn.Server(uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        for _ in range(200):
            try:
                httpx.get(f"{self.url}api/health", timeout=1)
                return
            except httpx.HTTPError:
                time.sleep(0.05)
        raise SystemExit("the server did not start")

    def match(self, table: str) -> Match:
        """A copy of the match in play at a table."""
        match: Match | None = self.app.state.hub.tables[table].match
        assert match is not None
        return match.copy()

    def stop(self) -> None:
        """Stop the server."""
        self.server.should_exit = True
        self.thread.join(timeout=10)


def wait_for_decision(page: Page) -> None:
    """Wait until it is the person's turn (or the match is over), closing the summary of a deal on the way."""
    while True:
        page.wait_for_function(DECISION)
        if not page.locator("dialog.deal-summary[open]").count():
            return
        page.click("#summary-continue")


def select(page: Page, cards: list[str]) -> None:
    """Select cards of the hand by clicking their corner (the part of a card a fan leaves visible)."""
    for card in cards:
        page.locator(f'.hand .card[data-card="{card}"] .corner').first.click()


def decide(page: Page, server: Server, table: str) -> None:
    """Make the classic player's move for seat 0 through the page."""
    move = move_str(make_bot("classic").choose(server.match(table).seat_view(0), random.Random(0)))
    seq = page.eval_on_selector(".game", "g => g.dataset.seq")
    if move == "pass":
        page.click("#pass-button")
    else:
        select(page, move.removeprefix("give ").split())
        page.click("#play-button")
    page.wait_for_function("seq => document.querySelector('.game').dataset.seq !== seq", arg=seq)


def shoot(browser: Browser, device: str, seed: int, out: Path, folder: Path) -> None:
    """Take the four screenshots at one screen size."""
    server = Server(folder / device, seed)
    context = browser.new_context(reduced_motion="reduce", locale="en-US", **DEVICES[device])  # type: ignore[arg-type]
    page = context.new_page()
    try:
        page.goto(server.url)
        page.wait_for_selector("#player-name")
        page.fill("#player-name", "Ann")
        page.evaluate("() => { document.activeElement.blur(); window.scrollTo(0, 0); }")  # the page from its top
        page.screenshot(path=out / f"start-{device}.png")
        page.click("#play-bots")
        page.wait_for_selector(".game")
        table = page.url.split("table=")[1]
        while True:
            wait_for_decision(page)
            match = server.match(table)
            if match.table and any(m for m in match.legal_moves() if m):
                move = move_str(make_bot("classic").choose(match.seat_view(0), random.Random(0)))
                if move != "pass":
                    select(page, move.split()[:1])
                    break
            decide(page, server, table)
        page.screenshot(path=out / f"table-{device}.png")
        page.keyboard.press("Escape")
        while page.eval_on_selector(".game", "g => g.dataset.phase") != "exchange":
            decide(page, server, table)
            wait_for_decision(page)
        select(page, [page.eval_on_selector(".hand .card:not(.received)", "c => c.dataset.card")])
        page.screenshot(path=out / f"exchange-{device}.png")
        page.keyboard.press("Escape")
        while int(page.eval_on_selector(".game", "g => g.dataset.deal")) < 4:
            decide(page, server, table)
            wait_for_decision(page)
        page.click("#scores-button")
        page.wait_for_selector("dialog.scores")
        page.screenshot(path=out / f"scores-{device}.png")
    finally:
        context.close()
        server.stop()


OLD_TURN = ("() => { const g = document.querySelector('.game.old');"
            " return g && (g.dataset.myTurn === 'true' || g.dataset.phase === 'over'); }")


def shoot_old(browser: Browser, device: str, out: Path, folder: Path) -> None:
    """The old President at one screen size: the table in the second deal, and the replay of the game."""
    server = Server(folder / f"old-{device}", 11)
    context = browser.new_context(reduced_motion="reduce", locale="en-US", **DEVICES[device])  # type: ignore[arg-type]
    page = context.new_page()
    try:
        page.goto(server.url)
        page.check("#preset-old-president")
        page.fill("#player-name", "Ann")
        page.click("#play-bots")
        page.wait_for_selector(".game.old")
        shot = False
        while True:
            page.wait_for_function(OLD_TURN)
            game = page.eval_on_selector(".game.old", "g => ({...g.dataset})")
            if game["phase"] == "over":
                break
            if not shot and game["deal"] == "2":
                page.keyboard.press("h")
                page.wait_for_selector(".old-hand .card.hinted")
                page.screenshot(path=out / f"old-table-{device}.png")
                shot = True
            page.locator(".old-hand button.card").first.click()
            page.wait_for_function("seq => document.querySelector('.game.old').dataset.seq !== seq", arg=game["seq"])
        page.locator("#replay-button").click()
        page.wait_for_selector(".old-replay")
        # A step where a sequence stopped after winning a section, in the first deal if there is one.
        index = page.evaluate("""async () => {
          const id = new URLSearchParams(location.search).get('replay');
          const steps = (await (await fetch(`/api/matches/${id}/steps`)).json()).steps;
          const good = steps.findIndex((s) => s.stopped && s.played.length > 6
            && s.events.some((e) => e.type === 'win'));
          return good < 0 ? Math.floor(steps.length / 3) : good;
        }""")
        page.evaluate("() => window.scrollTo(0, 0)")
        for _ in range(index):
            page.keyboard.press("ArrowRight")
        page.wait_for_function(f"() => document.querySelector('.old-replay').dataset.step === '{index}'")
        page.screenshot(path=out / f"old-replay-{device}.png")
    finally:
        context.close()
        server.stop()


def main() -> int:
    """Refresh every screenshot."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(Path(__file__).resolve().parent.parent / "docs" / "screenshots"))
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    seed = president_seed()
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=args.chromium, args=LAUNCH_ARGS)
        try:
            for device in DEVICES:
                (Path(tmp) / device).mkdir()
                shoot(browser, device, seed, out, Path(tmp))
                print(f"{device}: start, table, exchange and scores saved in {out}")
                shoot_old(browser, device, out, Path(tmp))
                print(f"{device}: the old President's table and replay saved in {out}")
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
