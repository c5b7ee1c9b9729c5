"""Match records: headers and one move per line; replay(record()) gives the same match back."""

from __future__ import annotations

import pytest

from president import IllegalMove, Match, Rules
from president.moves import GIVE_FLAG

from .driving import finish_deal, lowest, play_match, play_to_deal, random_policy, snapshot
from .spec import PRESET_NAMES


def test_a_record_starts_with_the_game_the_rules_their_code_the_players_and_the_seed() -> None:
    record = Match("race-to-11", players=5, seed=42).record()
    assert record.splitlines() == [
        '[Game "President"]', '[Rules "race-to-11"]', '[Code "r1.race-to-11"]', '[Players "5"]', '[Seed "42"]'
    ]


def test_a_record_lists_each_move_as_seat_and_move_text_under_its_deal() -> None:
    match = Match("tavern-jack", players=4, seed=1)
    play_to_deal(match, 2)
    match.apply(min(match.legal_masks()))
    lines = match.record().splitlines()
    assert "# deal 1" in lines and "# deal 2" in lines
    moves = [line for line in lines if line and line[0].isdigit()]
    assert moves == [f"{seat} {move}" for seat, move in match.moves]
    assert moves[-1].split(" ", 1)[1].startswith("give ")


@pytest.mark.parametrize("preset", PRESET_NAMES)
@pytest.mark.parametrize("stop", ["start", "deal 2", "end"])
def test_replay_of_the_record_reproduces_the_match(preset: str, stop: str) -> None:
    match = Match(preset, players=4, seed=77)
    if stop == "deal 2":
        play_to_deal(match, 2, random_policy(77))
    elif stop == "end":
        play_match(match, random_policy(77))
    again = Match.replay(match.record())
    assert snapshot(again) == snapshot(match)
    assert again.record() == match.record()


def test_the_record_of_a_finished_match_names_the_winners() -> None:
    match = Match("three-of-clubs", players=4, seed=5)
    play_match(match, lowest)
    assert match.record().splitlines()[-1] == "# winners: " + " ".join(map(str, match.winners))


def test_the_record_keeps_options_that_differ_from_the_preset() -> None:
    match = Match("revolution", players=4, seed=3, deals=3, joker_in_revolution="highest")
    finish_deal(match)
    record = match.record()
    assert "[Options " in record
    again = Match.replay(record)
    assert again.rules == match.rules
    assert again.rules.deals == 3 and again.rules.joker_in_revolution == "highest"
    assert snapshot(again) == snapshot(match)


def test_the_record_keeps_a_given_first_leader() -> None:
    match = Match("tavern-jack", players=4, seed=3, first_leader=2)
    assert '[FirstLeader "2"]' in match.record()
    assert Match.replay(match.record()).leader == 2


def test_the_record_of_a_deal_from_given_hands_holds_the_hands() -> None:
    match = Match.from_hands("tavern-jack", ["3c 9c", "5c Kc", "6c 7c"], leader=1)
    match.apply("5c")
    record = match.record()
    assert '[Hands "3c 9c | 5c Kc | 6c 7c"]' in record and '[Leader "1"]' in record
    assert snapshot(Match.replay(record)) == snapshot(match)



def test_replay_of_a_three_of_clubs_deal_from_hands_keeps_the_first_lead_rule() -> None:
    match = Match.from_hands("three-of-clubs", ["3c 4d 5h", "3d 6c", "7c 8c", "9c 9d"])
    assert [str(m) for m in match.legal_moves()] == ["3c"]
    again = Match.replay(match.record())
    assert snapshot(again) == snapshot(match)



def test_replay_of_a_match_under_hand_made_rules() -> None:
    rules = Rules(name="house", min_players=4, max_players=5, revolution=True, pass_lockout=True)
    match = Match(rules, players=4, seed=1)
    finish_deal(match)
    again = Match.replay(match.record())
    assert again.rules == rules and snapshot(again) == snapshot(match)


def test_comments_and_blank_lines_are_ignored() -> None:
    match = Match("tavern-jack", players=4, seed=6)
    for _ in range(5):
        match.apply(lowest(match))
    lines = match.record().splitlines()
    noisy = "\n".join(line + "\n\n# a note" for line in lines)
    assert snapshot(Match.replay(noisy)) == snapshot(match)


def test_replay_checks_every_move_and_names_the_line() -> None:
    match = Match("tavern-jack", players=4, seed=6)
    for _ in range(3):
        match.apply(lowest(match))
    lines = match.record().splitlines()
    seat, _ = lines[-1].split(" ", 1)
    lines[-1] = f"{seat} 2c 3c"
    with pytest.raises(IllegalMove, match=f"line {len(lines)}"):
        Match.replay("\n".join(lines))


def test_replay_refuses_a_move_by_a_seat_that_is_not_to_act() -> None:
    match = Match("tavern-jack", players=4, seed=6)
    match.apply(lowest(match))
    lines = match.record().splitlines()
    seat, move = lines[-1].split(" ", 1)
    lines[-1] = f"{(int(seat) + 1) % 4} {move}"
    with pytest.raises(IllegalMove, match="is to act"):
        Match.replay("\n".join(lines))


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ('[Game "Chess"]\n[Players "4"]\n[Seed "1"]\n', "not a President record"),
        ('[Game "President"]\n[Seed "1"]\n', "Players"),
        ('[Game "President"]\n[Players "4"]\n', "Seed"),
        ('[Game "President"]\n[Players "4"]\n[Seed "1"]\nnonsense\n', "SEAT MOVE"),
    ],
)
def test_replay_refuses_a_record_it_cannot_read(text: str, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        Match.replay(text)


def test_the_same_seed_and_moves_give_the_same_match_byte_for_byte() -> None:
    records = []
    for _ in range(2):
        match = Match("revolution", players=6, seed=99)
        play_match(match, random_policy(99))
        records.append(match.record())
    assert records[0] == records[1]


def test_different_seeds_deal_different_hands() -> None:
    assert Match("tavern-jack", players=4, seed=1).hands != Match("tavern-jack", players=4, seed=2).hands


def test_a_gift_is_recorded_with_the_word_give() -> None:
    match = Match("race-to-11", players=4, seed=12)
    play_to_deal(match, 2)
    gift = min(match.legal_masks())
    match.apply(gift)
    assert match.record().splitlines()[-1].split(" ", 1)[1] == str(match.moves[-1][1])
    assert match.moves[-1][1] == gift and gift & GIVE_FLAG
