"""Steps per second of the RL environment ``president_v0`` next to RLCard's and Chef's Hat's environments.

Usage::

    python benchmarks/env_speed.py [--rounds 5] [--seconds 3] [--skip-install] [--markdown]

Every environment runs as a subprocess worker of ``benchmarks/anchor_workers/`` (the same harness and the same
per-anchor virtual environments as ``benchmarks/anchors.py``), in interleaved rounds, each for a fixed wall time;
rates are per CPU second of the worker, median over the rounds. Each is driven by its leanest correct loop:

* ours (``president_env_worker.py``): the AEC loop ``env.last()`` / ``env.step(action)`` with the action drawn
  uniformly from the observation's ``action_mask``; bare ``raw_env`` and with PettingZoo's usual wrappers;
  tavern-jack at four players and daifugo at five; a step is one ``env.step`` with an action.
* ours, vectorised (``--vector 128``): ``VectorEnv`` with 128 games, one action each per batched ``step``, drawn
  uniformly from each row of the batched mask by numpy; a step is one game's action.
* RLCard ``doudizhu`` (``rlcard_worker.py``): ``env.step`` with an action drawn from the state's legal actions.
* Chef's Hat (``chefshat_worker.py``): ``env.step`` with an action drawn from the observation's mask, plus the
  two exchange choices per deal.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from anchors import (
    ANCHORS,
    WORKERS,
    Engine,
    clean_env,
    ensure_venv,
    measure_all,
    our_env,
)

OURS = (
    ("tavern-jack", 4, False, 0),
    ("tavern-jack", 4, True, 0),
    ("daifugo", 5, False, 0),
    ("tavern-jack", 4, False, 128),
    ("daifugo", 5, False, 128),
)


def engines(skip_install: bool) -> list[Engine]:
    """Our environment in each configuration, then RLCard and Chef's Hat."""
    out = []
    for rules, players, wrapped, vector in OURS:
        argv = [str(WORKERS / "president_env_worker.py"), "--rules", rules, "--players", str(players)]
        if wrapped:
            argv.append("--wrapped")
        if vector:
            argv += ["--vector", str(vector)]
        label = f"VectorEnv({vector})" if vector else "president_v0" + (" + wrappers" if wrapped else "")
        kind = f"vector{vector}" if vector else "wrapped" if wrapped else "raw"
        out.append(Engine(f"ours:{rules}:{kind}", "ours", label, f"{rules}, {players}p",
                          sys.executable, argv, our_env()))
    for anchor in ANCHORS:
        if anchor.name not in ("rlcard", "chefshatgym"):
            continue
        engine = Engine(anchor.name, anchor.name, anchor.label, anchor.game, "", [str(WORKERS / anchor.worker)],
                        clean_env())
        try:
            engine.python = str(ensure_venv(anchor, skip_install, lambda text: print(text, file=sys.stderr)))
        except RuntimeError as exc:
            engine.unavailable = str(exc)
        out.append(engine)
    return out


def main() -> int:
    """Measure and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--warmup", type=float, default=0.5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--skip-install", action="store_true", help="use the anchor environments as they are")
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    args = parser.parse_args()
    rows = engines(args.skip_install)
    measure_all(rows, args.rounds, args.seconds, args.warmup, args.seed, plain=not sys.stderr.isatty())
    rates = {e.key: e.rate("decisions") for e in rows}
    anchors = {key: rates.get(key) for key in ("rlcard", "chefshatgym")}
    print("| environment | game | steps/s | × Chef's Hat | × RLCard |")
    print("|---|---|--:|--:|--:|")
    for engine in rows:
        rate = rates[engine.key]
        if rate is None:
            print(f"| {engine.label} | {engine.game} | n/a ({engine.unavailable}) | | |")
            continue
        ratios = [f"{rate / a:.1f}×" if a else "n/a" for a in (anchors["chefshatgym"], anchors["rlcard"])]
        spread = statistics.pstdev(engine.rates("decisions")) / rate if len(engine.runs) > 1 else 0.0
        print(f"| {engine.label} | {engine.game} | {rate:,.0f} (±{spread:.0%}) | {ratios[0]} | {ratios[1]} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
