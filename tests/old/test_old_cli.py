"""Terminal play, driven through standard input."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from president.old import OldMatch
from president.old.cli import main


def _run(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], argv: list[str],
         stdin: str = "") -> tuple[int, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    status = main(argv)
    return status, capsys.readouterr().out


def test_watching_bots_play_to_the_end(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    status, out = _run(monkeypatch, capsys, ["play", "--players", "3", "--seed", "1", "--deals", "2",
                                             "--bots", "careful,random,careful"])
    assert status == 0
    assert "Deal 1 of 2" in out and "Deal 2 of 2" in out and "Game over. Final chips:" in out
    assert "start a sequence" not in out


def test_a_person_plays_by_typing_cards_and_commands(monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = tmp_path / "game.txt"
    lines = "help\nzz\n8d\nhand\nboard\nchips\nmoves\nhint\n" + "auto\n" * 200
    status, out = _run(monkeypatch, capsys, ["play", "--players", "3", "--seed", "7", "--deals", "2",
                                             "--record", str(record)], lines)
    assert status == 0 and "Game over" in out
    assert "Not allowed: 'zz' is not a card" in out and "taken out of the pack" in out
    assert "Your hand:" in out and "Board: ace" in out and "Chips: seat 0 (you)" in out
    assert "The careful bot would start with the" in out
    match = OldMatch.replay(record.read_text())
    assert match.is_over and f"Final chips: {', '.join(map(str, match.chips))}." in out


def test_a_typed_card_is_played(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # Seat 0 deals; bots play until seat 0 must start a sequence, then the person types a card.
    status, out = _run(monkeypatch, capsys, ["play", "--players", "3", "--seed", "3", "--deals", "1"],
                       "quit\n")
    assert status == 0 and "Game abandoned." in out
    hand_line = next(line for line in out.splitlines() if line.startswith("Your hand:"))
    card = hand_line.split()[2]
    status, out = _run(monkeypatch, capsys, ["play", "--players", "3", "--seed", "3", "--deals", "1"],
                       f"{card}\nquit\n")
    assert f"Seat 0 (you) starts with {card}," in out


def test_the_input_ending_early_is_reported(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    status, out = _run(monkeypatch, capsys, ["play", "--players", "4", "--seed", "2"], "")
    assert status == 1 and "The input ended before the game did." in out


def test_bad_arguments_are_refused(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["play", "--bots", "careful,genius"], ["play", "--players", "2"], ["play", "--bots", "a,b"]):
        with pytest.raises(SystemExit) as exit_info:
            _run(monkeypatch, capsys, argv)
        assert exit_info.value.code == 2
    assert _run(monkeypatch, capsys, [])[0] == 2


def test_hot_seat_with_two_people(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    status, out = _run(monkeypatch, capsys, ["play", "--players", "3", "--seed", "5", "--deals", "1",
                                             "--bots", "human,careful,human"], "auto\n" * 100)
    assert status == 0 and "Game over" in out and "(you)" not in out


def test_arena_command(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    status, out = _run(monkeypatch, capsys, ["arena", "--bots", "careful,random", "--games", "4",
                                             "--players", "3"])
    assert status == 0 and "careful" in out and "chips per game" in out


def test_suits_are_shown_in_colour_on_a_terminal() -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    from president.old.cli import Output

    screen = Terminal()
    out = Output(screen)
    out.say(f"Seat 1 plays {out.card('Qh')}.")
    assert out.card("Qh") == "Q♥" and "\x1b[" in screen.getvalue()
    assert Output(io.StringIO()).card("Qh") == "Qh"
