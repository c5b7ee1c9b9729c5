"""Engine speed of this checkout next to another revision, side by side in one run.

    python benchmarks/compare_revisions.py --against dc1cd9b [--rounds 5] [--seconds 1.5]
                                           [--presets tavern-jack,race-to-11,revolution,three-of-clubs]

The other revision is checked out into a temporary git worktree. Each round runs,
for each preset and path, one worker process on the other revision and one on
this checkout, one after the other; each worker plays whole random matches for
about ``--seconds`` of its own CPU time (``time.process_time``, so other load on
the machine counts less) and reports deals per CPU second. The table gives the
median over the rounds and this checkout's ratio to the other revision.

Paths: ``public`` is ``legal_moves()`` then ``apply()`` with a uniform choice;
``rollout`` is ``playout("random")`` on a copy of each new deal.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

WORKER = r"""
import json, random, sys, time
from president import Match
preset, path, seconds, players = sys.argv[1], sys.argv[2], float(sys.argv[3]), int(sys.argv[4])
deals = 0
seed = 0
start = time.process_time()
while time.process_time() - start < seconds:
    match = Match(preset, players, seed=seed)
    seed += 1
    rng = random.Random(seed)
    if path == "public":
        while not match.is_over:
            moves = match.legal_moves()
            match.apply(moves[int(rng.random() * len(moves))])
        deals += len(match.deal_results)
    else:
        for _ in range(10):
            match.copy().playout("random", rng)
        deals += 10
print(json.dumps(deals / (time.process_time() - start)))
"""


def run_worker(src: Path, preset: str, path: str, seconds: float, players: int) -> float:
    """Deals per CPU second of one worker on the package under ``src``."""
    out = subprocess.run(
        [sys.executable, "-c", WORKER, preset, path, str(seconds), str(players)],
        env={"PYTHONPATH": str(src), "PATH": "/usr/bin:/bin"}, capture_output=True, text=True, check=True,
    )
    return float(json.loads(out.stdout))


def main() -> None:
    """Measure both revisions and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", required=True, help="the other revision (a commit, tag or branch)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.5, help="CPU seconds per worker")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--presets", default="tavern-jack,race-to-11,revolution,three-of-clubs")
    parser.add_argument("--paths", default="public,rollout")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        other = Path(tmp) / "other"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(other), args.against],
                       check=True, capture_output=True)
        try:
            rows = []
            for preset in args.presets.split(","):
                for path in args.paths.split(","):
                    old, new = [], []
                    for round_number in range(args.rounds):
                        print(f"\r{preset} {path}: round {round_number + 1}/{args.rounds}", end="", file=sys.stderr)
                        old.append(run_worker(other / "src", preset, path, args.seconds, args.players))
                        new.append(run_worker(ROOT / "src", preset, path, args.seconds, args.players))
                    rows.append((preset, path, statistics.median(old), statistics.median(new)))
            print(file=sys.stderr)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(other)], check=False)
    print(f"| preset | path | {args.against} deals/s | this checkout deals/s | ratio |")
    print("|---|---|--:|--:|--:|")
    for preset, path, old_rate, new_rate in rows:
        print(f"| {preset} | {path} | {old_rate:,.0f} | {new_rate:,.0f} | {new_rate / old_rate:.3f} |")


if __name__ == "__main__":
    main()
