"""``president train``: train the learned policy from the search bot's decisions."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from ._progress import stage_bars

if TYPE_CHECKING:
    from ..learned.reinforce import GradientSettings


def run(args: argparse.Namespace) -> int:
    """Make or read the examples, train, save the model and print the report."""
    try:
        import numpy  # noqa: F401
    except ImportError:
        print("president train: needs numpy (pip install 'president[rl]')", file=sys.stderr)
        return 2
    from ..learned.teacher import Examples
    from ..learned.train import train
    from ..rules import get_rules

    rules = [r.strip() for r in args.rules.split(",") if r.strip()]
    try:
        for name in rules:
            rule_set = get_rules(name)
            if not rule_set.min_players <= args.players <= rule_set.max_players:
                raise ValueError(f"{name} is played by {rule_set.min_players} to {rule_set.max_players} players, "
                                 f"not {args.players}")
        examples = Examples.concat([Examples.load(path) for path in args.examples]) if args.examples else None
        if args.seconds is not None and args.seconds <= 0:
            raise ValueError("--seconds must be positive")
        if args.temperature <= 0:
            raise ValueError("--temperature must be positive")
        if args.reinforce < 0:
            raise ValueError("--reinforce must be 0 or more deals")
        gradient = _gradient(args)
        if args.start:
            return _continue(args, rules, gradient)
        with stage_bars(sys.stderr.isatty() and not args.quiet) as update:
            net, used, report = train(rules, seed=args.seed, decisions=args.decisions, worlds=args.worlds,
                                      epochs=args.epochs, rounds=args.rounds, seconds=args.seconds,
                                      workers=args.workers, examples=examples, hidden=args.hidden,
                                      temperature=args.temperature, reinforce_deals=args.reinforce,
                                      fits=args.fits, gradient=gradient, update=update, ray_address=args.ray,
                                      players=args.players)
    except (ValueError, OSError) as exc:
        print(f"president train: {exc}", file=sys.stderr)
        return 2
    net.save(args.out)
    if args.save_examples:
        used.save(args.save_examples)
    for line in report.lines():
        print(line)
    print(f"model written to {args.out}")
    return 0


def _gradient(args: argparse.Namespace) -> GradientSettings:
    """The policy gradient's settings from the command line (refused if out of range)."""
    from ..learned.reinforce import GradientSettings

    return GradientSettings(rate=args.rate, batch=args.batch, temperature=args.pg_temperature,
                            baseline=args.baseline, anchor=args.anchor)


def _continue(args: argparse.Namespace, rules: list[str], gradient: GradientSettings) -> int:
    """``--start``: the policy gradient from a saved model, without examples or fitting."""
    import time

    from ..learned.model import PolicyNet, load_model
    from ..learned.reinforce import reinforce

    if not args.reinforce:
        raise ValueError("--start continues a model by the policy gradient: give --reinforce DEALS")
    if args.examples or args.fits != 1 or args.rounds != 1:
        raise ValueError("--start fits nothing: leave out --examples, --fits and --rounds")
    net = load_model(args.start)
    if not isinstance(net, PolicyNet):
        raise ValueError(f"{args.start} holds several networks: the policy gradient trains one")
    from ..learned.features import layout_for
    from ..rules import get_rules

    if any(layout_for(get_rules(name)) != net.layout for name in rules):
        raise ValueError(f"{args.start} reads the {net.layout} feature layout: train it on rules of that layout")
    deadline = time.perf_counter() + args.seconds if args.seconds is not None else float("inf")
    with stage_bars(sys.stderr.isatty() and not args.quiet) as update:
        played, mean = reinforce(net, rules, args.seed, args.reinforce, rate=gradient.rate, batch=gradient.batch,
                                 temperature=gradient.temperature, baseline=gradient.baseline,
                                 anchor=gradient.anchor, stop=lambda: time.perf_counter() > deadline,
                                 update=(lambda done, total: update("reinforce", done, total)) if update else None,
                                 players=args.players)
    net.save(args.out)
    print(f"{played} deals of policy gradient from {args.start}: its drawn moves scored {mean:.3f} points a deal")
    print(f"model written to {args.out}")
    return 0


def add_parser(sub: Any) -> None:
    """Add the ``train`` sub-command."""
    p = sub.add_parser(
        "train", help="train the learned policy (the 'learned' bot) from the search bot's decisions",
        description="The search bot plays one seat against classic players and values every move it could make; "
        "a small network learns to rank the moves as the search does. Needs numpy. Without --seconds the same "
        "seed gives the same model.",
    )
    p.add_argument("--out", default="policy.npz", help="the model file to write (default: policy.npz)")
    p.add_argument("--seed", type=int, default=1, help="the training seed (default: 1)")
    p.add_argument("--seconds", type=float, help="a time budget for the whole run (default: none)")
    p.add_argument("--decisions", type=int, default=20_000,
                   help="decisions judged by the search (default: 20000)")
    p.add_argument("--worlds", type=int, default=100, help="guessed deals per judged decision (default: 100)")
    p.add_argument("--epochs", type=int, default=60, help="passes over the examples (default: 60)")
    p.add_argument("--rounds", type=int, default=1,
                   help="rounds of training; each further round adds the policy's own decisions (default: 1)")
    p.add_argument("--temperature", type=float, default=0.1,
                   help="how sharply the target prefers the search's best moves, in points (default: 0.1)")
    p.add_argument("--reinforce", type=int, default=0, metavar="DEALS",
                   help="deals of policy gradient against classic players after the fitting, each deal measured "
                   "against the same deal replayed with the policy's greedy moves (default: 0)")
    p.add_argument("--rate", type=float, default=3e-4, help="the policy gradient's step size (default: 0.0003)")
    p.add_argument("--batch", type=int, default=32, help="deals per policy-gradient update (default: 32)")
    p.add_argument("--pg-temperature", type=float, default=0.3,
                   help="the temperature the policy gradient draws its moves at, in points (default: 0.3)")
    p.add_argument("--baseline", choices=("duplicate", "mean"), default="duplicate",
                   help="what a deal's points are compared with: the same deal replayed with the greedy moves, "
                   "or the running mean (default: duplicate)")
    p.add_argument("--anchor", type=float, default=0.0,
                   help="how strongly the policy gradient keeps the policy near the fitted one (default: 0)")
    p.add_argument("--fits", type=int, default=1,
                   help="networks fitted from the seeds SEED, SEED+1, ... on the same examples and saved together; "
                   "the bot plays by the mean of their scores (default: 1)")
    p.add_argument("--start", metavar="MODEL",
                   help="continue this model file by the policy gradient (--reinforce) instead of fitting one")
    p.add_argument("--hidden", type=int, default=64, help="units of each hidden layer (default: 64)")
    p.add_argument("--rules", default="three-of-clubs,tavern-jack",
                   help="rule sets of the example matches, taken in turn (default: three-of-clubs,tavern-jack)")
    p.add_argument("--players", type=int, default=4,
                   help="players at the tables of the example and policy-gradient matches (default: 4); house rules "
                   "such as daifugo train a network of the house feature layout")
    p.add_argument("--workers", type=int, default=1,
                   help="processes making the examples (the examples do not depend on it)")
    p.add_argument("--ray", nargs="?", const="local", default=None, metavar="ADDRESS",
                   help="make the examples as Ray tasks: on a Ray started on this machine (with --workers CPUs), or "
                   "on the running cluster at ADDRESS (auto, HOST:6379, ray://HOST:10001); the examples do not "
                   "depend on it (needs president[dist])")
    p.add_argument("--examples", metavar="FILE", action="append",
                   help="train on examples saved by --save-examples instead (repeat it to join several files)")
    p.add_argument("--save-examples", metavar="FILE", help="also save the examples used (.npz)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(handler=run)
