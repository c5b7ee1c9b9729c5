"""The ``president`` command: finds its sub-commands in :mod:`president.commands`."""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import sys
from collections.abc import Callable, Sequence

from . import commands

Handler = Callable[[argparse.Namespace], int]


def _command_modules() -> list[str]:
    names = [m.name for m in pkgutil.iter_modules(commands.__path__) if not m.name.startswith("_")]
    rank = {name: i for i, name in enumerate(commands.ORDER)}
    return sorted(names, key=lambda n: (rank.get(n, len(rank)), n))


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``president`` command, with every sub-command."""
    parser = argparse.ArgumentParser(
        prog="president",
        description="President, Daifugo, Scum and friends: play, study and build bots.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in _command_modules():
        module = importlib.import_module(f"{commands.__name__}.{name}")
        module.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``president`` command; returns the exit status.

    Output piped into a program that stops reading (``| head``) ends quietly.
    """
    try:
        return _main(argv)
    except BrokenPipeError:
        # Point stdout at nothing so that the interpreter's final flush does not fail again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130


def _main(argv: Sequence[str] | None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    if args_list and not args_list[0].startswith("-") and args_list[0] in _command_modules():
        module = importlib.import_module(f"{commands.__name__}.{args_list[0]}")
        if getattr(module, "PASSTHROUGH", False):
            status: int = module.run_argv(args_list[1:])
            return status
    parser = build_parser()
    args = parser.parse_args(args_list)
    handler: Handler | None = getattr(args, "handler", None)
    if handler is None:
        parser.print_help()
        return 0
    return handler(args)


if __name__ == "__main__":
    sys.exit(main())
