"""External UECda programs seated by the arena: real child processes speaking the protocol."""

from __future__ import annotations

import shlex
import sys

import pytest

from president.cli import main
from president.uecda.programs import command_line, play_with_programs

CLIENT = f"{shlex.quote(sys.executable)} -m president uecda client --port {{port}}"


def test_the_arena_seats_external_programs_as_players(capsys: pytest.CaptureFixture[str]) -> None:
    bots = f"classic,uecda:{CLIENT} --bot classic,random,uecda:{CLIENT} --bot random,classic"
    assert main(["arena", "--deals", "2", "--seed", "3", "--bots", bots]) == 0
    out = capsys.readouterr().out
    lines = [line.split() for line in out.splitlines() if line[:1].isdigit() and len(line.split()) >= 4]
    assert [row[1] for row in lines] == ["classic", "classic", "random", "random", "classic"]
    assert sum(int(row[2]) for row in lines) == 2 * 15  # 5+4+3+2+1 points in each of the 2 games


def test_a_program_that_never_connects_is_named_in_the_error() -> None:
    seats = ["classic", f"uecda:{shlex.quote(sys.executable)} -c 'import time; time.sleep(30)'", "classic",
             "classic", "classic"]
    with pytest.raises(RuntimeError, match="did not connect within 1 s"):
        play_with_programs(seats, 1, wait=1)


def test_the_port_goes_where_the_command_says_or_at_the_end() -> None:
    assert command_line("uecda:./client -h {host} -p {port}", "127.0.0.1", 5) == ["./client", "-h", "127.0.0.1",
                                                                                  "-p", "5"]
    assert command_line("uecda:./client", "127.0.0.1", 5) == ["./client", "-p", "5"]
    with pytest.raises(ValueError, match="name the program"):
        command_line("uecda:", "127.0.0.1", 5)


def test_the_arena_refuses_the_options_a_uecda_match_cannot_honour(capsys: pytest.CaptureFixture[str]) -> None:
    bots = "classic,uecda:./never-started,classic,classic,classic"
    assert main(["arena", "--deals", "2", "--bots", bots, "--out", "deals.csv", "--timing"]) == 2
    assert "--out, --timing cannot be used with external UECda programs" in capsys.readouterr().err
