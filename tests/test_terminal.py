"""Terminal play, driven through standard input."""

from __future__ import annotations

import io
import random
import re

import pytest

from president import Match
from president.bots.classic import ClassicBot
from president.cards import cards_str, parse_cards
from president.cli import main
from president.moves import GIVE_FLAG, Move, move_str
from president.players import make_bot
from president.terminal import Screen, TerminalGame, play, sorted_hand

ANSI = re.compile(r"\x1b\[")


def game_from_hands(hands: list[str], lines: str, leader: int = 0, rules: str = "tavern-jack") -> tuple[
        TerminalGame, io.StringIO]:
    """A one-deal game where the person holds ``hands[0]`` and classic bots the others."""
    out = io.StringIO()
    match = Match.from_hands(rules, hands, leader=leader)
    bots = {s: make_bot("classic") for s in range(1, len(hands))}
    return TerminalGame(match, 0, bots, io.StringIO(lines), Screen(out, False), seed=1), out


class ClassicTypist:
    """Standard input that types what the classic player would play for the person."""

    def __init__(self) -> None:
        self.game: TerminalGame | None = None
        self.lines = 0

    def readline(self) -> str:
        """The classic move of the person's seat, as typed text."""
        assert self.game is not None
        self.lines += 1
        view = self.game.match.seat_view(self.game.human)
        return move_str(ClassicBot().choose(view, random.Random(0))).removeprefix("give ") + "\n"


def test_a_whole_match_typed_like_the_classic_player_ends_like_a_bot_match() -> None:
    typist = ClassicTypist()
    out = io.StringIO()
    match = Match("three-of-clubs", 4, seed=8)
    game = TerminalGame(match, 2, {s: make_bot("classic") for s in (0, 1, 3)}, typist,
                        Screen(out, False), seed=8)
    typist.game = game
    assert game.run() == 0
    reference = Match("three-of-clubs", 4, seed=8)
    bot = ClassicBot()
    while (seat := reference.to_act) is not None:
        reference.apply_fast(bot.choose(reference.seat_view(seat), random.Random(0)))
    assert match.scores == reference.scores and match.moves == reference.moves
    text = out.getvalue()
    assert text.count("Scores after deal") == 5
    assert text.count("Exchange: give back") + text.count("You give") >= 4
    assert "Match over. Winner:" in text
    assert not ANSI.search(text)


def test_the_exchange_shows_received_cards_and_hides_the_others() -> None:
    # The typist plays like the bots, so the President of deal 1 is known from a match between bots.
    reference = Match("three-of-clubs", 4, seed=1)
    bot = ClassicBot()
    while reference.deal_number == 1:
        seat = reference.to_act
        assert seat is not None
        reference.apply_fast(bot.choose(reference.seat_view(seat), random.Random(0)))
    president, clochard = reference.deal_results[0].order[0], reference.deal_results[0].order[-1]
    typist = ClassicTypist()
    out = io.StringIO()
    match = Match("three-of-clubs", 4, seed=1)
    game = TerminalGame(match, president, {s: make_bot("classic") for s in range(4) if s != president}, typist,
                        Screen(out, False), seed=1)
    typist.game = game
    assert game.run() == 0
    text = out.getvalue()
    assert re.search(r"gives you its best 2 cards: \S+\* \S+\*", text)
    assert f"Exchange: give back 2 cards of your choice to seat {clochard} (classic)." in text
    for line in text.splitlines():
        if " gives seat " in line:
            assert ":" not in line, line


def test_the_hand_is_sorted_and_numbered() -> None:
    game, out = game_from_hands(["Kd 3c 7h 7c 2s", "4s 5s"], "quit\n")
    assert game.run() == 0
    assert "Your hand (5 cards, no title yet, 0 pts): 1:3c 2:7c 3:7h 4:Kd 5:2s" in out.getvalue()


def test_the_hand_is_sorted_in_the_reversed_order_during_a_revolution() -> None:
    hand = parse_cards("3c 9d Kh 2s")
    assert [cards_str(1 << c) for c in sorted_hand(hand, True, False)] == ["2s", "Kh", "9d", "3c"]
    assert [cards_str(1 << c) for c in sorted_hand(hand | parse_cards("RJ"), True, True)][-1] == "RJ"


def test_moves_typed_as_cards() -> None:
    game, out = game_from_hands(["7c 7h 9s", "4s 5s"], "7h 7c\nquit\n")
    game.run()
    assert "you play 7c 7h" in out.getvalue()
    assert game.match.moves[0][1] == parse_cards("7c 7h")


def test_moves_typed_as_numbers() -> None:
    game, _ = game_from_hands(["7c 7h 9s", "4s 5s"], "1 2\nquit\n")
    game.run()
    assert game.match.moves[0][1] == parse_cards("7c 7h")


def test_an_illegal_entry_says_why_and_asks_again() -> None:
    game, out = game_from_hands(["Kd 3c", "7c 7h 9s"], "3c\nKd\nnonsense\n9\npass\nquit\n", leader=1)
    game.run()
    text = out.getvalue()
    assert "Not allowed: a pair can only be beaten by a pair, not by a single card. Try again." in text
    assert "Not allowed: 'nonsense' is not a card" in text
    assert "Not allowed: there is no card number 9: your cards are numbered 1 to 2" in text
    assert game.match.moves[:2] == [(1, parse_cards("7c 7h")), (0, 0)]


def test_hint_shows_the_legal_moves_and_the_classic_choice() -> None:
    game, out = game_from_hands(["4c 8c 8d Kd", "7c 7h 9s"], "hint\nquit\n", leader=1)
    game.run()
    text = out.getvalue()
    assert "Legal moves: 8c 8d | pass" in text
    assert "The classic player would play: 8c 8d" in text
    assert game.match.to_act == 0


def test_hint_says_why_the_classic_player_would_play_it() -> None:
    game, out = game_from_hands(["4c 8c 8d Kd", "7c 7h 9s"], "hint\nquit\n", leader=1)
    game.run()
    assert ("The classic player would play: 8c 8d, because it beats 7c 7h with 8c 8d, the cheapest beat that "
            "breaks no set.") in out.getvalue()


def test_why_waits_for_the_end_of_the_deal_a_reason_would_show_the_bots_cards() -> None:
    game, out = game_from_hands(["4c 8c 8d Kd", "7c 7h 9s", "5c 5d Jc"], "why\nquit\n", leader=1)
    game.run()
    text = out.getvalue()
    assert "The computer players say why once the deal is over" in text
    assert "leads its lowest combination" not in text


class WhyTypist(ClassicTypist):
    """Types what the classic player would play, and ``why`` once, at the first turn of deal 2."""

    def __init__(self) -> None:
        super().__init__()
        self.asked = False

    def readline(self) -> str:
        """``why`` at the first prompt of deal 2, else the classic move."""
        assert self.game is not None
        if not self.asked and self.game.match.deal_number == 2:
            self.asked = True
            return "why\n"
        return super().readline()


def test_why_tells_every_computer_move_of_the_last_deal_with_the_bots_own_reason() -> None:
    typist = WhyTypist()
    out = io.StringIO()
    match = Match("three-of-clubs", 4, seed=8)
    game = TerminalGame(match, 2, {s: make_bot("classic") for s in (0, 1, 3)}, typist, Screen(out, False), seed=8)
    typist.game = game
    assert game.run() == 0 and typist.asked
    text = out.getvalue()
    assert "Type 'why' at your next move" in text
    block = text.split("Why the computer players played as they did in deal 1:\n")[1]
    lines = [line for line in block.splitlines() if line.startswith("  seat ")]
    # Every bot move of deal 1, in order, with the reason the classic player gives for it again.
    replay = Match("three-of-clubs", 4, seed=8)
    expected = []
    while replay.deal_number == 1 and (seat := replay.to_act) is not None:
        decision = ClassicBot().decide(replay.seat_view(seat), random.Random(0))
        if seat != 2:
            expected.append(f"  seat {seat} (classic): {move_str(decision.move)} — {decision.why.text()}")
        replay.apply(decision.move)
    assert lines[:len(expected)] == expected and len(expected) > 20


def test_help_explains_the_entries() -> None:
    game, out = game_from_hands(["4c", "7c"], "help\nquit\n")
    game.run()
    assert "their numbers in your sorted hand" in out.getvalue()


def test_the_table_shows_counts_titles_and_last_actions() -> None:
    game, out = game_from_hands(["4c 8c Kd", "7c 9s", "5d 10h Jc"], "4c\nquit\n")
    game.run()
    text = out.getvalue()
    assert re.search(r"seat 1 \(classic\)\s+1 cards\s+0 pts  last: 7c", text)
    assert re.search(r"seat 2 \(classic\)\s+2 cards\s+0 pts  last: 10h", text)
    assert "Table: 10h by seat 2 (classic)" in text


def test_end_of_input_stops_with_status_1() -> None:
    game, out = game_from_hands(["4c", "7c"], "")
    assert game.run() == 1
    assert "No more input" in out.getvalue()


def test_colors_only_when_asked() -> None:
    out = io.StringIO()
    screen = Screen(out, True)
    screen.cards("hand: ", [("7h", False), ("7c", True)])
    assert ANSI.search(out.getvalue())
    plain = io.StringIO()
    Screen(plain, False).cards("hand: ", [("7h", False), ("7c", True)])
    assert plain.getvalue() == "hand: 7h 7c*\n"


def test_play_fills_the_table_with_the_bots_named() -> None:
    out = io.StringIO()
    assert play("tavern-jack", ["random", "classic"], seed=3, stdin=io.StringIO("quit\n"), stdout=out) == 0
    first = out.getvalue().splitlines()[0]
    assert first.startswith("tavern-jack, 3 players, seed 3. You are seat 0; seat 1 random, seat 2 classic.")


def test_play_refuses_a_seat_off_the_table() -> None:
    with pytest.raises(ValueError, match="seat"):
        play("three-of-clubs", ["classic"], seat=4, stdin=io.StringIO(""), stdout=io.StringIO())


def test_play_command_reads_standard_input(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # A person who tries the weakest card, then the two weakest, then passes: the match always moves on.
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n1 2\npass\n" * 400))
    status = main(["play", "--rules", "three-of-clubs", "--bots", "classic,classic,classic", "--seed", "4"])
    text = capsys.readouterr().out
    assert status == 0
    assert text.count("Scores after deal") == 5 and "Match over" in text
    assert not ANSI.search(text)


def test_play_command_reports_bad_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--rules", "three-of-clubs", "--players", "6"]) == 2
    assert "4 to 4 players" in capsys.readouterr().err


def test_cards_are_given_back_by_number_during_the_exchange() -> None:
    match = Match("three-of-clubs", 4, seed=2)
    bot = ClassicBot()
    while match.phase != "exchange":
        seat = match.to_act
        assert seat is not None
        match.apply_fast(bot.choose(match.seat_view(seat), random.Random(0)))
    human = match.to_act
    assert human is not None
    view = match.seat_view(human)
    weakest = sum(1 << c for c in sorted_hand(view.hand, False, False)[:2])
    out = io.StringIO()
    game = TerminalGame(match, human, {s: make_bot("classic") for s in range(4) if s != human},
                        io.StringIO("pass\nhint\n1 2\nquit\n"), Screen(out, False), seed=2)
    assert game.run() == 0
    text = out.getvalue()
    assert "Not allowed: you cannot pass during the exchange: give back 2 cards" in text
    assert f"Give back any 2 of your cards; the classic player would give {cards_str(weakest)}" in text
    assert (human, GIVE_FLAG | weakest) in match.moves


def test_a_wild_joker_typed_without_its_card_is_asked_about_then_played() -> None:
    out = io.StringIO()
    match = Match.from_hands("daifugo", ["5h 5s RJ 9c", "6c 6d 6h Kc", "3c 4c", "4d 7d", "8s 9s"], leader=0)
    bots = {s: make_bot("classic") for s in range(1, 5)}
    game = TerminalGame(match, 0, bots, io.StringIO("5h 5s RJ\n5h 5s RJ=5d\nquit\n"), Screen(out, False), seed=1)
    game.run()
    text = out.getvalue()
    assert "say what the joker stands for: 5h 5s RJ=5c | 5h 5s RJ=5d" in text
    assert match.moves[0] == (0, Move.parse("5h 5s RJ=5d")) and "you play 5h 5s RJ=5d" in text


def test_the_lock_and_the_cut_are_told() -> None:
    out = io.StringIO()
    match = Match.from_hands("tavern-jack", ["4h 9c Qc", "5h 6d 7d", "8h Kh Ks"], leader=2, suit_lock=True,
                             eight_cut=True)
    bots = {1: make_bot("classic"), 2: make_bot("classic")}
    game = TerminalGame(match, 0, bots, io.StringIO("quit\n"), Screen(out, False), seed=1)
    game.run()
    assert "the trick is over (an 8 cuts it)" in out.getvalue()
    out = io.StringIO()
    match = Match.from_hands("tavern-jack", ["4h 9c Qc", "5h 6d 7d", "8h Kh Ks"], leader=1, suit_lock=True)
    game = TerminalGame(match, 0, bots, io.StringIO("quit\n"), Screen(out, False), seed=1)
    game.run()
    text = out.getvalue()
    assert "seat 1 (classic) plays 5h" in text and "Locked to ♥!" in text
    assert "Locked to ♥: only ♥ may follow." in text


def test_a_reverse_is_told_and_the_direction_is_shown() -> None:
    out = io.StringIO()
    match = Match.from_hands("tavern-jack", ["4h Qc Kc 3c", "9d 5h 5d 3d", "8h Ah As 4c", "6c 7c Jd 4d"], leader=1,
                             nine_reverse=True)
    bots = {s: make_bot("classic") for s in (1, 2, 3)}
    game = TerminalGame(match, 0, bots, io.StringIO("pass\npass\nquit\n"), Screen(out, False), seed=1)
    game.run()
    text = out.getvalue()
    before, after = text.split("The 9 reverses the direction: play now goes counter-clockwise.")
    assert "counter-clockwise" not in before and "seat 1 (classic) plays 9d" in before
    assert "Play goes counter-clockwise" in after and "seat 3 (classic) plays Jd" in after


def test_the_first_firing_of_a_house_rule_in_a_deal_is_explained_once() -> None:
    out = io.StringIO()
    match = Match.from_hands("tavern-jack", ["4h 9c Qc", "8d 5h 6d 7d", "8h 8c Kh Ks"], leader=1, eight_cut=True)
    bots = {1: make_bot("classic"), 2: make_bot("classic")}
    game = TerminalGame(match, 0, bots, io.StringIO("quit\n"), Screen(out, False), seed=1)
    game.run()
    text = out.getvalue()
    cuts = text.count("the trick is over (an 8 cuts it)")
    why = "Why: eight_cut — A play containing an 8 ends the trick; the same player leads again."
    assert cuts >= 2 and text.count(why) == 1
    assert text.index("(an 8 cuts it)") < text.index(why)


def test_an_unbeatable_play_is_told_with_its_rule() -> None:
    out = io.StringIO()
    match = Match.from_hands("tavern-jack", ["4h 9c Qc", "2d", "8h Kh Ks"], leader=1, unbeatable_clears=True)
    bots = {1: make_bot("classic"), 2: make_bot("classic")}
    game = TerminalGame(match, 0, bots, io.StringIO("quit\n"), Screen(out, False), seed=1)
    game.run()
    text = out.getvalue()
    assert "plays 2d" in text and "the trick is over (nothing could answer it)" in text
    assert "Why: unbeatable_clears" in text


def test_the_person_passes_on_and_discards_after_a_play_of_sevens_and_tens() -> None:
    out = io.StringIO()
    match = Match.from_hands("tavern-jack", ["7c 7h 10s 3c 4d Kd", "5s 6s", "5d 6d"], leader=0, seven_pass=True,
                             ten_discard=True)
    bots = {s: make_bot("classic") for s in (1, 2)}
    game = TerminalGame(match, 0, bots, io.StringIO("7c 7h\nhint\n3c\n1 2\n"), Screen(out, False), seed=1)
    game.run()
    text = out.getvalue()
    assert "7-pass: pass 2 cards of your choice on to" in text and "Pass-on (cards, numbers" in text
    assert "Pass-on any 2 of your cards; the classic player would pass-on 3c 4d" in text
    assert "Not allowed: pass-on exactly 2 cards, not 1. Try again." in text
    assert "7-pass: You pass seat 1 (classic) 3c 4d" in text
    assert match.moves[1] == (0, Move.pass_on(parse_cards("3c 4d")))


def test_the_person_names_a_rank_after_a_play_of_queens_and_every_player_discards_it() -> None:
    out = io.StringIO()
    match = Match.from_hands("tavern-jack", ["Qc 5c 9h Ah", "5s 6s Kd", "5d 6d Ks"], leader=0, queen_bomber=True)
    bots = {s: make_bot("classic") for s in (1, 2)}
    game = TerminalGame(match, 0, bots, io.StringIO("Qc\nhint\n11\n5\n"), Screen(out, False), seed=1)
    game.run()
    text = out.getvalue()
    assert "Q-bomber: name a rank; every player, you too, discards" in text and "Name (a rank: 3-10" in text
    assert "Name any rank; the classic player would name 2: it names the 2s, strong cards" in text
    assert "the others may still hold 4 of them, it holds 0: name 2." in text
    assert "Not allowed: '11' is not a rank" in text
    assert "Q-bomber: you name the 5s: every player discards them" in text
    assert "Q-bomber: seat 2 (classic) discards 5d" in text
    assert text.index("seat 1 (classic) discards 5s") < text.index("Q-bomber: you discard 5c")
    assert match.moves[1] == (0, Move.name_rank(2))


def test_the_person_takes_a_card_back_from_the_numbered_discard_pile_after_a_trick_ends_on_his_three() -> None:
    out = io.StringIO()
    match = Match.from_hands("tavern-jack", ["3s 9h Ah", "5s 6s Kd", "5d 6d Ks"], leader=0, salvage=True,
                             spade3_cut=True)
    for text in ("9h", "pass", "pass"):
        match.apply(text)
    bots = {s: make_bot("classic") for s in (1, 2)}
    game = TerminalGame(match, 0, bots, io.StringIO("3s\nhint\n5\n1\n"), Screen(out, False), seed=1)
    game.run()
    text = out.getvalue()
    assert "Salvage: the trick ended on your 3s; take one card of the discard pile" in text
    assert "Discard pile: 3s 9h (not the cards of your play that owes it)" in text and "You may take: 1:9h" in text
    assert "Salvage (a card of the pile, its number" in text
    assert "the classic player would salvage 9h: it takes back the strongest card of the discard pile" in text
    assert "Not allowed: there is no card number 5: the pile's cards are numbered 1 to 1" in text
    assert "Salvage: you take 9h back from the discard pile" in text
    assert match.moves[-1] == (0, Move.salvage(parse_cards("9h"))) and match.hand(0) == "9h Ah"


def test_the_person_is_told_which_rule_owes_a_discard_and_the_takes_after_his_three_nines() -> None:
    out = io.StringIO()
    match = Match.from_hands("tavern-jack", ["5s 9c 9d 9h Qd Kd 2c", "4c 6s Ac", "4d 6d Ks"], leader=0,
                             galaxy_express=True)
    for text in ("5s", "pass", "pass"):
        match.apply(text)
    bots = {s: make_bot("classic") for s in (1, 2)}
    game = TerminalGame(match, 0, bots, io.StringIO("9c 9d 9h\nQd Kd\n2\n1\nquit\n"), Screen(out, False), seed=1)
    game.run()
    text = out.getvalue()
    assert "Galaxy Express 999: discard 2 cards of your choice, face up; then take two back" in text
    assert "Galaxy Express 999: you discard Qd Kd" in text
    assert ("Galaxy Express 999: you played three 9s and discarded two cards; take one card of the discard pile "
            "back into your hand (2 to take, one at a time).") in text
    assert "Galaxy Express 999: you take" in text and match.hand(0).count(" ") == 2


def test_the_person_is_told_he_goes_out_by_a_lucky_seven() -> None:
    out = io.StringIO()
    match = Match.from_hands("tavern-jack", ["7c 7d 7h 4s Kd", "4c 6c Ac", "4d 6d 2s"], leader=0, lucky_seven=True)
    bots = {s: make_bot("classic") for s in (1, 2)}
    TerminalGame(match, 0, bots, io.StringIO("7c 7d 7h\n"), Screen(out, False), seed=1).run()
    assert "you are out, place 1 at once: a lucky seven (the trick ended on three 7s)" in out.getvalue()
    assert match.finished[:1] == [0] and match.is_over
