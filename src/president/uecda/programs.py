"""External UECda programs at our table: start each as a child process and seat it through the protocol.

A seat written ``uecda:COMMAND`` is a UECda client program. Its command line may
name the server with ``{host}`` and ``{port}``; without them ``-p PORT`` is added
(the sample clients' option for the port; their host defaults to 127.0.0.1).
Programs are started one at a time and each is seated as it connects, so every
seat gets the program it names; all of them are stopped when the match ends.
"""

from __future__ import annotations

import shlex
import socket
import subprocess
import time
from collections.abc import Sequence
from typing import TextIO

from .server import MatchResult, UecdaServer

PREFIX = "uecda:"
"""What marks a seat as an external UECda program."""


def is_program(seat: str) -> bool:
    """Whether a seat names an external UECda program."""
    return seat.startswith(PREFIX)


def command_line(seat: str, host: str, port: int) -> list[str]:
    """The argument list that starts the program of ``seat`` against ``host:port``."""
    text = seat[len(PREFIX):].strip()
    if not text:
        raise ValueError(f"{seat!r}: name the program to start, such as uecda:./client")
    if "{port}" in text or "{host}" in text:
        return shlex.split(text.format(host=host, port=port))
    return [*shlex.split(text), "-p", str(port)]


def _accept_from(listener: socket.socket, child: subprocess.Popen[bytes], argv: list[str],
                 wait: float) -> socket.socket:
    """The connection of the program just started; ``RuntimeError`` when it exits or stays away."""
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        try:
            sock, _ = listener.accept()
        except TimeoutError:
            code = child.poll()
            if code is not None:
                raise RuntimeError(f"{' '.join(argv)} exited with code {code} before connecting") from None
            continue
        return sock
    raise RuntimeError(f"{' '.join(argv)} did not connect within {wait:g} s")


def play_with_programs(
    seats: Sequence[str], games: int, *, seed: int | None = None, timeout: float = 30.0, wait: float = 20.0,
    block: int = 100, log: TextIO | None = None,
) -> MatchResult:
    """A UECda match where each ``uecda:COMMAND`` seat is that program and every other seat a bot.

    Raises ``RuntimeError`` naming the program when one cannot start or does not connect within ``wait``
    seconds.
    """
    kinds = ["external" if is_program(s) else s for s in seats]
    server = UecdaServer(kinds, games, seed=seed, timeout=timeout, fill=None, block=block, log=log)
    children: list[subprocess.Popen[bytes]] = []
    try:
        with socket.create_server(("127.0.0.1", 0)) as listener:
            listener.settimeout(0.2)
            port = listener.getsockname()[1]
            for seat in seats:
                if not is_program(seat):
                    continue
                argv = command_line(seat, "127.0.0.1", port)
                try:
                    children.append(subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                                     stderr=subprocess.DEVNULL))
                except OSError as exc:
                    raise RuntimeError(f"cannot start {' '.join(argv)}: {exc.strerror}") from None
                server.add_client(_accept_from(listener, children[-1], argv, wait))
        return server.run()
    finally:
        stop_programs(children)


def stop_programs(children: Sequence[subprocess.Popen[bytes]], grace: float = 5.0) -> None:
    """Ask every program still running to stop; kill those still there ``grace`` seconds later."""
    for child in children:
        if child.poll() is None:
            child.terminate()
    for child in children:
        try:
            child.wait(grace)
        except subprocess.TimeoutExpired:
            child.kill()
