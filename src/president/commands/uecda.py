"""``president uecda``: our bots in UECda matches (``client``), UECda programs at our match server (``server``)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..bots import Bot
from ..players import bot_names

ADAPT = "adapt"
"""The ``--opponents`` value that picks each player's model from its plays over the match."""


def add_parser(sub: Any) -> None:
    """Add ``uecda client`` and ``uecda server``."""
    parser = sub.add_parser("uecda", help="play the UECda computer-Daifugo protocol (docs/uecda.md)",
                            description="The UECda protocol: join a UECda match server, or run one.")
    inner = parser.add_subparsers(dest="uecda_command", metavar="client|server")
    parser.set_defaults(handler=lambda a: (parser.print_help(), 2)[1])

    client = inner.add_parser("client", help="join a UECda match server with one of our bots")
    client.add_argument("--host", default="127.0.0.1")
    client.add_argument("--port", type=int, default=42485)
    client.add_argument("--bot", default="expert", choices=bot_names(offered_only=False),
                        help="one of our bots, those kept for measurements too (expert-house-plain, ...)")
    client.add_argument("--name", default=None, help="the name sent to the server (9 ASCII characters kept)")
    client.add_argument("--timeout", type=float, default=120.0, help="seconds to wait for each message")
    client.add_argument("--seconds", type=float, default=None,
                        help="a search bot's time budget per decision (UECda servers wait; default: the bot's own)")
    client.add_argument("--worlds", type=int, default=None,
                        help="a search bot's most guesses of the hidden hands per decision (default: the bot's own)")
    client.add_argument("--opponents", default=None, metavar="MODEL",
                        help="how a search bot expects the other players to play: classic (its default), "
                             "uecda-default (the UECda sample client), or adapt (per player, the model that has "
                             "agreed most with its plays so far in the match)")
    client.add_argument("--block", type=int, default=100,
                        help="the server's games per exchange block (a block's first game has no exchange)")
    client.add_argument("--games", type=int, default=None,
                        help="the match's games, if known: a place is worth only the games left to play")
    client.add_argument("--seed", type=int, default=None)
    client.add_argument("--json", action="store_true", help="print the points as JSON")
    client.set_defaults(handler=run_client)

    server = inner.add_parser("server", help="run a UECda match server with our rules")
    server.add_argument("--host", default="127.0.0.1", help="the address to listen on (loopback by default)")
    server.add_argument("--port", type=int, default=42485)
    server.add_argument("--games", type=int, default=100)
    server.add_argument("--seats", default="external,external,external,external,external",
                        help="5 comma-separated players: a bot name, or 'external' for a UECda client")
    server.add_argument("--block", type=int, default=100, help="games per block; no exchange in a block's first")
    server.add_argument("--seat-change", type=int, default=3, help="reshuffle the seats every N games")
    server.add_argument("--timeout", type=float, default=30.0, help="seconds a client has for each answer")
    server.add_argument("--wait", type=float, default=120.0, help="seconds to wait for the clients to join")
    server.add_argument("--fill", default="classic",
                        help="the bot that takes over a failing client, or 'none' to end the match")
    server.add_argument("--seed", type=int, default=None)
    server.add_argument("--log", default=None, help="file for the game log (a record per game)")
    server.add_argument("--results", default=None, help="file for the results as JSON")
    server.set_defaults(handler=run_server)


def client_bot(name: str, seconds: float | None = None, worlds: int | None = None,
               opponents: str | None = None) -> Bot:
    """The bot ``name`` with the client's budget (``--seconds``, ``--worlds``) and model of the other players
    (``--opponents``; ``adapt`` starts from ``classic``) when given.

    Raises ``ValueError`` for a budget that is not positive, an unknown model, a bot that takes none (only the
    search bots do), or a bot that plays on the true hands (the measurements' ``cheater``).
    """
    from ..players import make_bot
    from ..search.opponents import model_names

    budget: dict[str, float] = {key: value for key, value in (("seconds", seconds), ("worlds", worlds))
                                if value is not None}
    bad = [f"--{key} {value:g}" for key, value in budget.items() if value <= 0]
    if bad:
        raise ValueError(f"{', '.join(bad)}: a budget must be positive")
    params: dict[str, object] = dict(budget)
    if opponents is not None:
        if opponents != ADAPT and opponents not in model_names():
            raise ValueError(f"--opponents {opponents}: the models are {', '.join(model_names())} and {ADAPT}")
        params["opponents"] = "classic" if opponents == ADAPT else opponents
    try:
        bot = make_bot(name, **params)
    except TypeError:
        options = "--seconds or --worlds" if opponents is None else "--seconds, --worlds or --opponents"
        raise ValueError(f"the bot {name!r} takes no {options} (only the search bots do)") from None
    if getattr(bot, "cheat", False):
        raise ValueError(f"the bot {name!r} plays on the true hands, which a UECda client does not see")
    return bot


def run_client(args: argparse.Namespace) -> int:
    """``president uecda client``."""
    from ..uecda.client import ClientError, connect, play_match

    name = args.name or args.bot
    bad = [f"--{key} {value}" for key, value in (("block", args.block), ("games", args.games))
           if value is not None and value < 1]
    if bad:
        print(f"president uecda client: {', '.join(bad)}: must be at least 1", file=sys.stderr)
        return 2
    try:
        bot = client_bot(args.bot, args.seconds, args.worlds, args.opponents)
    except ValueError as exc:
        print(f"president uecda client: {exc}", file=sys.stderr)
        return 2
    try:
        sock = connect(args.host, args.port, args.timeout)
        with sock:
            def show(game: int, points: int) -> None:
                if not args.json:
                    print(f"game {game}: {points} points", flush=True)

            result = play_match(sock, bot, name, seed=args.seed, timeout=args.timeout,
                                on_game=show, adapt=args.opponents == ADAPT, block=args.block, games=args.games)
    except ClientError as exc:
        print(f"president uecda client: {exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps({"player": result.player, "name": name, "bot": args.bot, "points": result.points,
                          "total": result.total, "rejected": result.rejected}))
    else:
        print(f"total: {result.total} points in {len(result.points)} games, {result.rejected} plays rejected")
    return 0


def run_server(args: argparse.Namespace) -> int:
    """``president uecda server``."""
    from ..uecda.server import results_json, serve

    seats = [s.strip() for s in args.seats.split(",")]
    known = set(bot_names()) | {"external"}
    bad = [s for s in seats if s not in known]
    if len(seats) != 5 or bad:
        print(f"president uecda server: --seats needs 5 of {', '.join(sorted(known))}", file=sys.stderr)
        return 2
    fill = None if args.fill == "none" else args.fill
    log = open(args.log, "w", encoding="utf-8") if args.log else None  # noqa: SIM115
    try:
        result = serve(seats, args.games, host=args.host, port=args.port, wait=args.wait, seed=args.seed,
                       block=args.block, seat_change=args.seat_change, timeout=args.timeout, fill=fill,
                       game_log=log)
    except (TimeoutError, OSError) as exc:
        print(f"president uecda server: {exc}", file=sys.stderr)
        return 1
    finally:
        if log is not None:
            log.close()
    print(result.table())
    if args.results:
        with open(args.results, "w", encoding="utf-8") as out:
            out.write(results_json(result) + "\n")
    if result.ended_early:
        print(f"the match ended early: {result.ended_early}", file=sys.stderr)
        return 1
    return 0
