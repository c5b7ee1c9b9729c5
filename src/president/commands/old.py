"""``president old ...``: the 19th-century stops game of seed 000 (see :mod:`president.old`)."""

from __future__ import annotations

import argparse
from typing import Any

PASSTHROUGH = True
"""The main command hands every argument after ``old`` to :func:`run_argv` untouched."""


def run_argv(argv: list[str]) -> int:
    """Run the old game's own command line on ``argv`` (``play ...``, ``arena ...``, ``--help``)."""
    from ..old.cli import main

    return main(argv)


def run(args: argparse.Namespace) -> int:
    """Hand the remaining arguments to the old game's own command line."""
    return run_argv(list(args.old_args))


def add_parser(sub: Any) -> None:
    """Add the ``old`` sub-command."""
    p = sub.add_parser(
        "old",
        help="the 19th-century President (a stops game with a staking board): `president old play`",
        add_help=False,
    )
    p.add_argument("old_args", nargs=argparse.REMAINDER, help="`play`, `arena` and their options")
    p.set_defaults(handler=run)
