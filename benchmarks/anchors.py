"""Side-by-side speed of our engine and the card-game engines people use today.

Usage::

    python benchmarks/anchors.py [--rounds 5] [--seconds 3] [--only ours,openspiel,rlcard,chefshatgym]
                                 [--skip-install] [--json out.json] [--markdown]

Each comparison package ("anchor") gets its own virtual environment under ``.bench-venvs/<name>``, created with
``python -m venv`` and pip on the first run and reused afterwards; none of them is a dependency of the project.
Every engine, ours included, runs as a subprocess worker (``benchmarks/anchor_workers/``) that plays
uniform-random self-play deals for a fixed wall time and prints its counts as JSON. Rounds are interleaved: in
each round every engine runs once, in an order that rotates from round to round, so that machine noise falls on
all engines alike. The table reports the median over the rounds of deals per second and decisions per second
(every choice counts, passes included; for OpenSpiel also without its chance steps), then our ratios against
each anchor and the project's targets. See ``docs/performance.md``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
WORKERS = Path(__file__).resolve().parent / "anchor_workers"
VENVS = ROOT / ".bench-venvs"
MARKER = "anchor-requirements.txt"


@dataclass(frozen=True)
class Anchor:
    """A comparison engine: the packages of its environment and the worker that plays it."""

    name: str
    label: str
    game: str
    requirements: tuple[str, ...]
    worker: str
    aliases: tuple[str, ...] = ()


#: The comparison engines, pinned to the releases measured in docs/performance.md.
ANCHORS: tuple[Anchor, ...] = (
    Anchor(
        "openspiel",
        "OpenSpiel",
        "Dou Dizhu, 3p",
        ("open-spiel==2.0.2",),
        "openspiel_worker.py",
        ("open-spiel", "open_spiel", "pyspiel"),
    ),
    Anchor("rlcard", "RLCard", "Dou Dizhu, 3p", ("rlcard==1.2.0",), "rlcard_worker.py"),
    # ChefsHatGym imports gym but does not declare it; it pins numpy 1.26, hence its own environment.
    Anchor(
        "chefshatgym",
        "ChefsHatGym",
        "Chef's Hat, 4p",
        ("chefshatgym==3.0.0.1", "gym==0.26.2"),
        "chefshat_worker.py",
        ("chefshat", "chefs-hat"),
    ),
)


@dataclass(frozen=True)
class Target:
    """A speed goal: one of our modes against one anchor's rate."""

    mode: str
    anchor: str
    metric: str
    factor: float

    def describe(self) -> str:
        """The goal as a sentence fragment."""
        label = next(a.label for a in ANCHORS if a.name == self.anchor)
        what = "decisions/s" if self.metric == "decisions" else "deals/s"
        mode = "public API" if self.mode == "api" else "fast rollout"
        return f"{mode} >= {self.factor:g}x {label} {what}"


#: The goals of the engine-speed work, checked against the worst preset.
TARGETS: tuple[Target, ...] = (
    Target("api", "openspiel", "decisions", 2.0),
    Target("api", "chefshatgym", "deals", 300.0),
    Target("rollout", "openspiel", "decisions", 3.5),
)


@dataclass
class Engine:
    """One row of the benchmark: an interpreter, a worker command line and the measured rounds."""

    key: str
    group: str
    label: str
    game: str
    python: str
    argv: list[str]
    env: dict[str, str]
    preset: str | None = None
    mode: str | None = None
    unavailable: str | None = None
    runs: list[dict[str, Any]] = field(default_factory=list)
    info: dict[str, Any] = field(default_factory=dict)
    clock: str = "cpu_seconds"

    def rates(self, metric: str) -> list[float]:
        """The per-round rates of ``metric`` per second."""
        return [float(run[metric]) / float(run[self.clock]) for run in self.runs if run.get(self.clock)]

    def rate(self, metric: str) -> float | None:
        """Median over the rounds of ``metric`` per second (None when nothing was measured)."""
        rates = self.rates(metric)
        return statistics.median(rates) if rates else None

    def spread(self, metric: str) -> float | None:
        """Half the range of the per-round rates, relative to the median."""
        rates = self.rates(metric)
        if len(rates) < 2:
            return None
        return (max(rates) - min(rates)) / 2 / statistics.median(rates)


# --------------------------------------------------------------------------------------------------------------
# Environments


def venv_python(venv: Path) -> Path:
    """The interpreter of a virtual environment."""
    return venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def ensure_venv(anchor: Anchor, skip_install: bool, say: Callable[[str], None]) -> Path:
    """Create (or reuse) the anchor's environment and return its interpreter; raise RuntimeError on failure."""
    venv = VENVS / anchor.name
    python = venv_python(venv)
    wanted = "\n".join(anchor.requirements) + "\n"
    marker = venv / MARKER
    if python.exists() and marker.exists() and marker.read_text() == wanted:
        return python
    if skip_install:
        if python.exists():
            say(f"{anchor.name}: --skip-install, using {venv} as it is")
            return python
        raise RuntimeError(f"no environment at {venv} (run once without --skip-install)")
    say(f"{anchor.name}: creating {venv} and installing {' '.join(anchor.requirements)} (once)")
    VENVS.mkdir(exist_ok=True)
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    log = venv / "install.log"
    with log.open("w") as out:
        proc = subprocess.run(
            [str(python), "-m", "pip", "install", "--disable-pip-version-check", *anchor.requirements],
            stdout=out,
            stderr=subprocess.STDOUT,
            env=clean_env(),
            check=False,
        )
    if proc.returncode != 0:
        tail = "\n".join(log.read_text().splitlines()[-15:])
        raise RuntimeError(f"pip install failed for {anchor.name} (see {log}):\n{tail}")
    marker.write_text(wanted)
    return python


def clean_env(**extra: str) -> dict[str, str]:
    """The current environment without anything that would leak our project into a worker."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    env["PYTHONHASHSEED"] = "0"
    env.update(extra)
    return env


def our_env() -> dict[str, str]:
    """The environment of our worker: this interpreter, with the working tree's ``src`` first on the path."""
    env = clean_env()
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT / "src"), os.environ.get("PYTHONPATH", "")) if p)
    return env


def our_presets() -> list[str]:
    """The preset names of the working tree's engine (raises RuntimeError when it cannot be imported)."""
    code = "import json, president; print(json.dumps(list(president.PRESETS)))"
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=our_env(), check=False
    )
    if proc.returncode != 0:
        last = (proc.stderr.strip().splitlines() or ["unknown error"])[-1]
        raise RuntimeError(f"cannot import president: {last}")
    names: list[str] = json.loads(proc.stdout)
    return names


def build_engines(only: set[str], skip_install: bool, say: Callable[[str], None]) -> list[Engine]:
    """The rows to measure: ours for every preset in both modes, then each selected anchor."""
    engines: list[Engine] = []
    if "ours" in only:
        try:
            presets = our_presets()
        except RuntimeError as exc:
            engines.append(
                Engine(
                    "ours", "ours", "president", "President, 4p", sys.executable, [], {}, unavailable=str(exc)
                )
            )
            presets = []
        for mode in ("api", "rollout"):
            for preset in presets:
                argv = [str(WORKERS / "president_worker.py"), "--preset", preset, "--mode", mode]
                label = f"president {'API' if mode == 'api' else 'rollout'}"
                engines.append(
                    Engine(
                        f"ours:{preset}:{mode}",
                        "ours",
                        label,
                        f"{preset}, 4p",
                        sys.executable,
                        argv,
                        our_env(),
                        preset=preset,
                        mode=mode,
                    )
                )
    for anchor in ANCHORS:
        if anchor.name not in only:
            continue
        engine = Engine(
            anchor.name,
            anchor.name,
            anchor.label,
            anchor.game,
            "",
            [str(WORKERS / anchor.worker)],
            clean_env(),
        )
        try:
            engine.python = str(ensure_venv(anchor, skip_install, say))
        except (RuntimeError, subprocess.CalledProcessError) as exc:
            engine.unavailable = str(exc)
        engines.append(engine)
    return engines


# --------------------------------------------------------------------------------------------------------------
# Measuring


def run_worker(engine: Engine, seconds: float, warmup: float, seed: int) -> dict[str, Any]:
    """Run one timed worker process and return its JSON result (with ``error`` set when it failed)."""
    cmd = [
        engine.python,
        *engine.argv,
        "--seconds",
        str(seconds),
        "--warmup",
        str(warmup),
        "--seed",
        str(seed),
    ]
    try:
        proc = subprocess.run(
            cmd,
            capture_output=True,
            text=True,
            env=engine.env,
            cwd=str(ROOT),
            timeout=seconds + warmup + 300,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return {"error": "timed out"}
    for line in reversed(proc.stdout.strip().splitlines()):
        if line.startswith("{"):
            try:
                result: dict[str, Any] = json.loads(line)
            except json.JSONDecodeError:
                break
            return result
    tail = (proc.stderr.strip().splitlines() or [f"exit code {proc.returncode}"])[-1]
    return {"error": tail}


def rotation(engines: Sequence[Engine], round_index: int) -> list[Engine]:
    """The running order of one round: the list rotated by the round number."""
    k = round_index % len(engines) if engines else 0
    return [*engines[k:], *engines[:k]]


@contextmanager
def progress_bar(total: int, plain: bool) -> Iterator[Callable[[str, str | None], None]]:
    """Yield ``step(description, line)``: advance a rich progress bar, or print plain lines without rich."""
    try:
        if plain:
            raise ImportError
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
    except ImportError:

        def step(description: str, line: str | None) -> None:
            if line is not None:
                print(line, file=sys.stderr, flush=True)

        yield step
        return
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, transient=True, console=Console(stderr=True)) as bar:
        task = bar.add_task("starting", total=total)

        def step_rich(description: str, line: str | None) -> None:
            if line is None:
                bar.update(task, description=description)
            else:
                bar.console.print(line, highlight=False, soft_wrap=True)
                bar.advance(task)

        yield step_rich


def measure_all(
    engines: list[Engine], rounds: int, seconds: float, warmup: float, seed: int, plain: bool
) -> None:
    """Run every available engine once per round, in rotating order, and store the results on the engines."""
    live = [e for e in engines if e.unavailable is None]
    with progress_bar(rounds * len(live), plain) as step:
        for r in range(rounds):
            for engine in rotation(live, r):
                if engine.unavailable is not None:  # became unavailable in an earlier round
                    step("", f"{r + 1}/{rounds} {engine.key:<27} skipped")
                    continue
                step(f"round {r + 1}/{rounds}: {engine.key}", None)
                result = run_worker(engine, seconds, warmup, seed + r)
                if "unavailable" in result or "error" in result:
                    engine.unavailable = str(result.get("unavailable") or result.get("error"))
                    step("", f"{r + 1}/{rounds} {engine.key:<27} n/a: {engine.unavailable}")
                    continue
                engine.runs.append(result)
                engine.info = {
                    k: v
                    for k, v in result.items()
                    if k not in ("deals", "decisions", "decisions_no_chance", "seconds", "cpu_seconds")
                }
                deals = result["deals"] / result[engine.clock]
                rate = result["decisions"] / result[engine.clock]
                step("", f"{r + 1}/{rounds} {engine.key:<27} {deals:>8,.1f} deals/s {rate:>9,.0f} dec/s")


# --------------------------------------------------------------------------------------------------------------
# Reporting


def cpu_model() -> str:
    """The CPU model from /proc/cpuinfo, with its family, model number and clock when known."""
    fields: dict[str, str] = {}
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            key, _, value = line.partition(":")
            key = key.strip()
            if key in ("model name", "cpu family", "model", "cpu MHz") and key not in fields:
                fields[key] = value.strip()
    except OSError:
        pass
    name = fields.get("model name") or platform.processor() or platform.machine()
    extra = [f"family {fields['cpu family']} model {fields['model']}"] if "cpu family" in fields else []
    if "cpu MHz" in fields:
        extra.append(f"{float(fields['cpu MHz']):.0f} MHz")
    return f"{name} ({', '.join(extra)})" if extra else name


def git_revision() -> str:
    """The working tree's commit, marked ``+dirty`` when src/ differs from it (read-only, takes no locks)."""
    env = dict(os.environ, GIT_OPTIONAL_LOCKS="0")
    try:
        rev = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            env=env,
            check=True,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--", "src"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            env=env,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return rev + ("+dirty" if dirty else "")


def machine_info() -> dict[str, Any]:
    """Facts about the machine and the interpreter that ran the benchmark."""
    return {
        "cpu": cpu_model(),
        "logical_cpus": os.cpu_count(),
        "platform": platform.platform(),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "revision": git_revision(),
        "date": time.strftime("%Y-%m-%d %H:%M %Z"),
    }


def fmt_rate(value: float | None) -> str:
    """A rate with thousands separators (one decimal below 100)."""
    if value is None:
        return "n/a"
    return f"{value:,.1f}" if value < 100 else f"{value:,.0f}"


def fmt_ratio(value: float | None) -> str:
    """A ratio such as ``2.35x`` or ``312x``."""
    if value is None:
        return "n/a"
    return f"{value:,.2f}x" if value < 10 else f"{value:,.0f}x"


def version_of(engine: Engine) -> str:
    """The engine's package version as its worker reported it."""
    versions: dict[str, str] = engine.info.get("versions", {})
    main = {"ours": "president", "openspiel": "open_spiel"}.get(engine.group, engine.group)
    return str(versions.get(main, ""))


def results_table(engines: list[Engine]) -> tuple[list[str], list[list[str]]]:
    """Header and rows of the main table (the reasons for "n/a" are listed by :func:`report`)."""
    header = [
        "engine",
        "game",
        "deals/s",
        "decisions/s",
        "decisions/s\nw/o chance",
        "decisions\nper deal",
        "spread",
    ]
    rows = []
    for e in engines:
        name = f"{e.label} {version_of(e)}".strip()
        if not e.runs:
            rows.append([name, e.game, "n/a", "n/a", "", "", ""])
            continue
        deals, decisions = e.rate("deals"), e.rate("decisions")
        no_chance = e.rate("decisions_no_chance")
        per_deal = decisions / deals if decisions and deals else None
        mark = "~" if e.info.get("decisions_estimated") else ""
        spread = e.spread("decisions")
        rows.append(
            [
                name,
                e.game,
                fmt_rate(deals),
                mark + fmt_rate(decisions),
                fmt_rate(no_chance) if e.group == "openspiel" else "",
                (mark + f"{per_deal:.1f}") if per_deal else "n/a",
                f"±{spread:.0%}" if spread is not None else "",
            ]
        )
    return header, rows


def ratio(ours: Engine, anchor: Engine, metric: str) -> float | None:
    """Our median rate divided by the anchor's."""
    a, b = ours.rate(metric), anchor.rate(metric)
    return a / b if a is not None and b else None


def ratios_table(engines: list[Engine]) -> tuple[list[str], list[list[str]]]:
    """Header and rows of our ratios: for each of our rows, decisions/s and deals/s against each anchor."""
    anchors = [e for e in engines if e.group != "ours" and e.runs]
    ours = [e for e in engines if e.group == "ours" and e.runs]
    header = ["ours", "game"]
    for a in anchors:
        header += [f"{a.label}\ndecisions/s", f"{a.label}\ndeals/s"]
    rows = []
    for o in ours:
        row = [o.label, o.game]
        for a in anchors:
            row += [fmt_ratio(ratio(o, a, "decisions")), fmt_ratio(ratio(o, a, "deals"))]
        rows.append(row)
    return header, rows


def house_presets() -> set[str]:
    """The presets the general engine plays (house rules): the targets are the fast engine's, so they are left out."""
    code = "import json, president; print(json.dumps([n for n, r in president.PRESETS.items() if r.house]))"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=our_env(), check=False)
    return set(json.loads(proc.stdout)) if proc.returncode == 0 else set()


def check_targets(engines: list[Engine]) -> list[dict[str, Any]]:
    """Each target with our worst ratio over the seed presets (the fast engine's) and whether it is met."""
    out = []
    house = house_presets()
    for t in TARGETS:
        anchor = next((e for e in engines if e.group == t.anchor and e.runs), None)
        ours = [e for e in engines if e.group == "ours" and e.mode == t.mode and e.runs and e.preset not in house]
        entry: dict[str, Any] = {
            "target": t.describe(),
            "factor": t.factor,
            "worst": None,
            "preset": None,
            "met": None,
        }
        if anchor is not None and ours:
            worst = min(ours, key=lambda e: ratio(e, anchor, t.metric) or 0.0)
            value = ratio(worst, anchor, t.metric)
            entry.update(worst=value, preset=worst.preset, met=value is not None and value >= t.factor)
        out.append(entry)
    return out


def render(title: str, header: list[str], rows: list[list[str]], style: str) -> None:
    """Print one table as rich, plain text or Markdown."""
    if style == "rich":
        from rich.console import Console
        from rich.table import Table

        console = Console()
        if not console.is_terminal:
            console = Console(width=150)
        table = Table(title=title, title_justify="left")
        for i, name in enumerate(header):
            table.add_column(name, justify="left" if i < 2 else "right")
        for row in rows:
            table.add_row(*row)
        console.print(table)
        return
    header = [h.replace("\n", " ") for h in header]
    if style == "markdown":
        print(f"\n**{title}**\n")
        print("| " + " | ".join(header) + " |")
        print("|" + "|".join("---" if i < 2 else "--:" for i in range(len(header))) + "|")
        for row in rows:
            print("| " + " | ".join(row) + " |")
        return
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(header)]
    print(f"\n{title}")
    print("  ".join(h.ljust(w) for h, w in zip(header, widths, strict=True)))
    for row in rows:
        print(
            "  ".join(
                c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths, strict=True))
            )
        )


def report(engines: list[Engine], machine: dict[str, Any], settings: dict[str, Any], style: str) -> None:
    """Print the machine, the results, our ratios and the targets."""
    pythons = sorted({str(e.info.get("python")) for e in engines if e.info.get("python")})
    print(f"\nmachine: {machine['cpu']}, {machine['logical_cpus']} logical CPUs, {machine['platform']}")
    print(
        f"python: {machine['python']} (workers: {', '.join(pythons) or 'n/a'}); revision {machine['revision']}"
    )
    print(
        f"median of {settings['rounds']} interleaved rounds of {settings['seconds']:g} s per engine; "
        "uniform-random self-play of full deals; rates per "
        + ("CPU second of the worker" if settings["clock"] == "cpu" else "wall-clock second")
    )
    shares = [r["cpu_seconds"] / r["seconds"] for e in engines for r in e.runs if r.get("seconds")]
    if shares:
        share = statistics.median(shares)
        busy = (
            " (the machine was busy: per-wall-second rates would be lower and noisier)" if share < 0.9 else ""
        )
        print(f"workers got a median {share:.0%} of a CPU while timed{busy}")
    render("Results", *results_table(engines), style)
    reasons: dict[str, list[str]] = {}
    for e in engines:
        if not e.runs and e.unavailable is not None:
            reasons.setdefault(e.unavailable, []).append(f"{e.label} ({e.preset})" if e.preset else e.label)
    for reason, names in reasons.items():
        print(f"n/a: {', '.join(dict.fromkeys(names))}: {reason}")
    if any(e.info.get("decisions_estimated") for e in engines):
        print("~ rollout decisions are estimated from the mean decisions per deal of public-API random play")
    header, rows = ratios_table(engines)
    if rows and len(header) > 2:
        render("Our ratios (our rate / anchor's rate)", header, rows, style)
    for t in check_targets(engines):
        if t["worst"] is None:
            print(f"target {t['target']}: not measured")
        else:
            verdict = "met" if t["met"] else "NOT met"
            print(f"target {t['target']}: worst {fmt_ratio(t['worst'])} ({t['preset']}) -> {verdict}")


def to_json(engines: list[Engine], machine: dict[str, Any], settings: dict[str, Any]) -> dict[str, Any]:
    """Everything measured, as one JSON-ready dict."""
    rows = []
    for e in engines:
        rows.append(
            {
                "key": e.key,
                "engine": e.label,
                "game": e.game,
                "preset": e.preset,
                "mode": e.mode,
                "python_executable": e.python,
                "unavailable": e.unavailable,
                "info": e.info,
                "runs": e.runs,
                "median": {m + "_per_s": e.rate(m) for m in ("deals", "decisions", "decisions_no_chance")},
                "clock": e.clock,
            }
        )
    anchors = [e for e in engines if e.group != "ours" and e.runs]
    ratios = [
        {"ours": o.key, "anchor": a.key, "decisions": ratio(o, a, "decisions"), "deals": ratio(o, a, "deals")}
        for o in engines
        if o.group == "ours" and o.runs
        for a in anchors
    ]
    return {
        "machine": machine,
        "settings": settings,
        "engines": rows,
        "ratios": ratios,
        "targets": check_targets(engines),
    }


# --------------------------------------------------------------------------------------------------------------


def parse_only(text: str | None) -> set[str]:
    """The set of engine groups named by ``--only`` (all when empty)."""
    names = {"ours", *(a.name for a in ANCHORS)}
    if not text:
        return names
    lookup = {"ours": "ours", "president": "ours"}
    for a in ANCHORS:
        lookup[a.name] = a.name
        lookup.update({alias: a.name for alias in a.aliases})
    chosen = set()
    for word in text.split(","):
        word = word.strip().lower()
        if word not in lookup:
            raise SystemExit(f"--only: unknown engine {word!r}; choose from {', '.join(sorted(names))}")
        chosen.add(lookup[word])
    return chosen


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--rounds", type=int, default=5, help="interleaved rounds; the median is reported (5)"
    )
    parser.add_argument("--seconds", type=float, default=3.0, help="timed seconds per engine per round (3)")
    parser.add_argument("--warmup", type=float, default=0.5, help="untimed warm-up per run (0.5)")
    parser.add_argument(
        "--clock",
        choices=("wall", "cpu"),
        default="cpu",
        help="rates per CPU second of the worker process (default; steady when other work shares the "
        "machine) or per wall-clock second; on an idle machine the two agree",
    )
    parser.add_argument("--only", help="comma-separated subset: ours,openspiel,rlcard,chefshatgym")
    parser.add_argument("--skip-install", action="store_true", help="use the environments as they are")
    parser.add_argument("--seed", type=int, default=1, help="base seed; round r uses seed + r")
    parser.add_argument("--json", type=Path, help="also write all results to this file")
    parser.add_argument("--markdown", action="store_true", help="print the tables as Markdown")
    parser.add_argument("--plain", action="store_true", help="no rich output even if rich is installed")
    args = parser.parse_args(argv)
    if args.rounds < 5:
        print(f"note: {args.rounds} rounds; the published numbers use at least 5", file=sys.stderr)

    def say(text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    engines = build_engines(parse_only(args.only), args.skip_install, say)
    for e in engines:
        e.clock = "cpu_seconds" if args.clock == "cpu" else "seconds"
    for e in engines:
        if e.unavailable is not None:
            say(f"{e.key}: n/a: {e.unavailable}")
    live = [e for e in engines if e.unavailable is None]
    eta = args.rounds * len(live) * (args.seconds + args.warmup + 1.5)
    say(f"{len(live)} engines x {args.rounds} rounds, about {eta / 60:.1f} min")
    measure_all(engines, args.rounds, args.seconds, args.warmup, args.seed, args.plain)

    machine = machine_info()
    settings = {
        "rounds": args.rounds,
        "seconds": args.seconds,
        "warmup": args.warmup,
        "clock": args.clock,
        "seed": args.seed,
        "requirements": {a.name: list(a.requirements) for a in ANCHORS},
    }
    style = "markdown" if args.markdown else "plain"
    if style == "plain" and not args.plain:
        try:
            import rich  # noqa: F401

            style = "rich"
        except ImportError:
            pass
    report(engines, machine, settings, style)
    if args.json is not None:
        args.json.write_text(json.dumps(to_json(engines, machine, settings), indent=2) + "\n")
        say(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
