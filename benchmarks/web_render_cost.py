"""What the table page costs the browser per move: Chromium's CPU time while a whole match is played in it.

Usage::

    python benchmarks/web_render_cost.py [--preset three-of-clubs] [--seed 2024] [--motion] [--phone]
                                         [--chromium /usr/bin/chromium] [--profile]

Starts the server in this process (computer players without delay), opens the start page in headless Chromium
(through Playwright, as the browser tests do) and plays a match against three computer players: the page's seat makes
the classic computer player's moves by clicking the cards and the Play or Pass button, and closes each deal's summary.
It reports the CPU time of Chromium's processes during the match (the renderer, which runs the page, and the others),
and from the page's own counters (``Performance.getMetrics``) how often it laid the page out and recomputed styles
and how long its main thread was busy, in all and per move of the match (every player's, the page's own included).
With ``--profile`` it also lists the page's functions that took most of the main thread (a sampling profile).
Reduced motion unless ``--motion``; 1280×800 unless ``--phone`` (390×844).
"""

from __future__ import annotations

import argparse
import collections
import os
import random
import socket
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from playwright.sync_api import CDPSession, Page, sync_playwright

from president.engine import Match
from president.moves import move_str
from president.players import make_bot
from president.server import ServerConfig, create_app

LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
               "--disable-sync", "--no-first-run"]
COUNTERS = ("LayoutCount", "RecalcStyleCount", "TaskDuration", "ScriptDuration", "LayoutDuration",
            "RecalcStyleDuration")


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def chromium_cpu() -> dict[str, float]:
    """CPU seconds (user and system) of the Chromium processes running now, by process type."""
    ticks = os.sysconf("SC_CLK_TCK")
    by_type: dict[str, float] = collections.defaultdict(float)
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
            command = Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
        except OSError:
            continue
        if not stat[stat.index("(") + 1:stat.rindex(")")].startswith("chrom"):
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        # Chromium rewrites its processes' command lines: the arguments may be parted by spaces, not NULs.
        kind = next((arg.removeprefix("--type=") for arg in command.replace("\0", " ").split()
                     if arg.startswith("--type=")), "browser")
        by_type[kind] += (int(fields[11]) + int(fields[12])) / ticks
    return dict(by_type)


def metrics(cdp: CDPSession) -> dict[str, float]:
    """The page's performance counters."""
    return {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}


def until(page: Page, condition: str, arg: object = None) -> Any:
    """Wait until the JavaScript function ``condition`` (given ``arg``) returns something true, checked at once and
    after each change of the page (no polling on every animation frame, which would cost the browser frames);
    returns that."""
    return page.evaluate(f"""([arg]) => new Promise((resolve) => {{
        const condition = {condition};
        const watch = new MutationObserver(() => {{
            const value = condition(arg);
            if (value) {{ watch.disconnect(); resolve(value); }}
        }});
        const now = condition(arg);
        if (now) resolve(now);
        else watch.observe(document, {{subtree: true, childList: true, attributes: true}});
    }})""", [arg])


def game(page: Page) -> dict[str, str]:
    """The data attributes of the game screen once it is the page's turn or the match is over (closing a deal's
    summary on the way)."""
    while True:
        state: dict[str, str] | str = until(page, """() => {
            if (document.querySelector('dialog.deal-summary[open]')) return 'summary';
            const g = document.querySelector('.game');
            return g && (g.dataset.myTurn === 'true' || g.dataset.phase === 'over') ? {...g.dataset} : null;
        }""")
        if not isinstance(state, str):
            return state
        page.click("#summary-continue")


def play(page: Page, match: Match, seat: int) -> None:
    """Make the classic computer player's move for the page's seat by clicking, and wait for the page to show it."""
    move = move_str(make_bot("classic").choose(match.seat_view(seat), random.Random(0)))
    seq = page.eval_on_selector(".game", "g => g.dataset.seq")
    if move == "pass":
        page.click("#pass-button")
    else:
        for card in move.removeprefix("give ").split():
            page.click(f'.hand .card[data-card="{card}"] .corner')
        page.click("#play-button")
    until(page, "seq => document.querySelector('.game')?.dataset.seq !== seq", seq)


def main() -> int:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--preset", default="three-of-clubs")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--motion", action="store_true", help="animations on (reduced motion otherwise)")
    parser.add_argument("--phone", action="store_true", help="a 390x844 phone instead of a 1280x800 screen")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--profile", action="store_true", help="list the page's costliest functions")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="president-web-cost-"))
    app = create_app(ServerConfig(database_url=f"sqlite:///{folder / 'db.sqlite3'}", bot_delay=0.0, seed=args.seed))
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="on"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    url = f"http://127.0.0.1:{port}/"
    assert httpx.get(f"{url}api/health").status_code == 200
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=args.chromium, args=LAUNCH_ARGS)
        options: dict[str, Any] = {"viewport": {"width": 390, "height": 844} if args.phone
                                   else {"width": 1280, "height": 800},
                                   "reduced_motion": "no-preference" if args.motion else "reduce"}
        if args.phone:
            options.update(is_mobile=True, has_touch=True, device_scale_factor=2)
        page = browser.new_context(**options).new_page()
        page.goto(url)
        page.check(f"#preset-{args.preset}")
        page.fill("#player-name", "Ann")
        page.click("#play-bots")
        page.wait_for_selector(".game")
        table = page.url.split("table=")[1].split("&")[0]
        cdp = page.context.new_cdp_session(page)
        cdp.send("Performance.enable")
        if args.profile:
            cdp.send("Profiler.enable")
            cdp.send("Profiler.start")
        state = game(page)
        before, cpu_before, wall = metrics(cdp), chromium_cpu(), time.perf_counter()
        decisions = 0
        while state["phase"] != "over":
            play(page, app.state.hub.tables[table].match.copy(), int(state["seat"]))
            decisions += 1
            state = game(page)
        wall = time.perf_counter() - wall
        after, cpu_after = metrics(cdp), chromium_cpu()
        profile = cdp.send("Profiler.stop")["profile"] if args.profile else None
        browser.close()
    server.should_exit = True
    moves = int(state["seq"])
    cpu = {kind: cpu_after[kind] - cpu_before.get(kind, 0.0) for kind in cpu_after}
    print(f"{args.preset}, seed {args.seed}, {'phone' if args.phone else '1280x800'}, "
          f"{'motion' if args.motion else 'reduced motion'}: {moves} moves ({decisions} by the page) in {wall:.1f} s")
    print(f"Chromium CPU: {sum(cpu.values()):.2f} s, renderer {cpu.get('renderer', 0.0):.2f} s "
          f"({cpu.get('renderer', 0.0) / moves * 1000:.1f} ms per move); "
          + ", ".join(f"{kind} {seconds:.2f} s" for kind, seconds in sorted(cpu.items()) if kind != "renderer"))
    for name in COUNTERS:
        change = after.get(name, 0.0) - before.get(name, 0.0)
        unit = " s" if name.endswith("Duration") else ""
        print(f"{name}: {change:.{2 if unit else 0}f}{unit} ({change / moves * (1000 if unit else 1):.1f}"
              f"{' ms' if unit else ''} per move)")
    if profile:
        print_profile(profile)
    return 0


def print_profile(profile: dict[str, Any]) -> None:
    """The functions with the most samples of the profile (self time), as shares of all samples."""
    nodes = {node["id"]: node["callFrame"] for node in profile["nodes"]}
    counts = collections.Counter(profile["samples"])
    by_function: collections.Counter[str] = collections.Counter()
    for node, count in counts.items():
        frame = nodes[node]
        by_function[f"{frame['functionName'] or '(anonymous)'} {frame['url'].rsplit('/', 1)[-1]}:"
                    f"{frame['lineNumber'] + 1}"] += count
    total = sum(counts.values())
    for name, count in by_function.most_common(15):
        print(f"  {count / total * 100:5.1f} %  {name}")


if __name__ == "__main__":
    raise SystemExit(main())
