"""The rule options, the preset registry, and the clauses every preset shares (issue 2, "Common to all")."""

from __future__ import annotations

import dataclasses

import pytest

from president import PRESETS, IllegalMove, Match, Rules, get_rules, parse_cards
from president.cli import main as president_main
from president.moves import GIVE_FLAG

from .driving import (
    exchange_position,
    finish_deal,
    legal_texts,
    lowest,
    play,
    play_to_deal,
    play_until,
    pre_exchange_hands,
    random_policy,
)
from .reference import strongest
from .spec import PRESET_NAMES, TABLE_SIZES, points_table

# ------------------------------------------------------------------ the Rules value and the registry


def test_rules_value_is_frozen_and_hashable() -> None:
    rules = get_rules("tavern-jack")
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.max_set = 3  # type: ignore[misc]
    assert hash(rules) == hash(get_rules("tavern-jack"))
    assert {rules, get_rules("tavern-jack")} == {rules}


def test_rules_replace_changes_one_option_and_keeps_the_preset_name() -> None:
    rules = get_rules("tavern-jack").replace(pass_lockout=True)
    assert rules.pass_lockout and rules.name == "tavern-jack"
    assert rules.overrides() == {"pass_lockout": True}
    assert get_rules("tavern-jack").pass_lockout is False
    assert get_rules("tavern", revolution=True).revolution


def test_rules_replace_refuses_unknown_options() -> None:
    with pytest.raises(ValueError, match="no_such_option"):
        get_rules("tavern-jack").replace(no_such_option=1)


@pytest.mark.parametrize(
    ("option", "value"),
    [("jokers", 3), ("max_set", 5), ("max_set", 0), ("wild_jokers", True), ("skip_on_equal", True),
     ("min_players", 9), ("deals", 0), ("exchange", (2, -1))],
)
def test_invalid_rules_are_refused(option: str, value: object) -> None:
    with pytest.raises(ValueError, match="invalid rules"):
        Rules(**{option: value})  # type: ignore[arg-type]


def test_rules_need_a_match_length() -> None:
    with pytest.raises(ValueError, match="deals or target_score"):
        Rules(deals=None)
    with pytest.raises(ValueError, match="first_lead_card"):
        Rules(first_leader="holder")


def test_registry_holds_the_presets_by_name() -> None:
    assert list(PRESETS) == [*PRESET_NAMES, "daifugo"]
    for name, rules in PRESETS.items():
        assert rules.name == name and get_rules(name) is rules
        assert rules.description


@pytest.mark.parametrize(
    ("alias", "name"),
    [("tavern", "tavern-jack"), ("race", "race-to-11"), ("uecda", "daifugo"), ("3c", "three-of-clubs"),
     ("TAVERN-JACK", "tavern-jack")],
)
def test_aliases_and_any_case_name_the_presets(alias: str, name: str) -> None:
    assert get_rules(alias) is PRESETS[name]


def test_unknown_preset_is_refused_with_the_list_of_presets() -> None:
    with pytest.raises(ValueError) as info:
        get_rules("poker")
    for name in PRESET_NAMES:
        assert name in str(info.value)


SOURCELESS = {"name", "description", "sources", "title_names"}


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_every_preset_cites_a_source_for_every_setting_it_makes(preset: str) -> None:
    rules, default = get_rules(preset), Rules()
    made = {f.name for f in dataclasses.fields(Rules) if f.name not in SOURCELESS
            and getattr(rules, f.name) != getattr(default, f.name)}
    missing = sorted(made - set(rules.sources))
    assert not missing, f"{preset} makes these settings without a source: {missing}"
    for clause in rules.sources.values():
        assert "seed 00" in clause


def test_president_rules_lists_every_preset(capsys: pytest.CaptureFixture[str]) -> None:
    assert president_main(["rules"]) == 0
    out = capsys.readouterr().out
    for name in PRESET_NAMES:
        assert name in out
    assert "3-6 players" in out and "4 players" in out


def test_president_rules_name_explains_a_preset_with_its_sources(capsys: pytest.CaptureFixture[str]) -> None:
    assert president_main(["rules", "revolution"]) == 0
    out = capsys.readouterr().out
    assert "pass_lockout = True" in out and "jokers = 2" in out
    assert "source: seed 003" in out


def test_president_rules_unknown_name_fails(capsys: pytest.CaptureFixture[str]) -> None:
    assert president_main(["rules", "poker"]) == 2
    assert "poker" in capsys.readouterr().err


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_match_refuses_a_table_size_the_preset_does_not_allow(preset: str) -> None:
    sizes = TABLE_SIZES[preset]
    for players in (sizes.start - 1, sizes.stop):
        with pytest.raises(ValueError, match="players"):
            Match(preset, players=players, seed=1)
    for players in sizes:
        assert Match(preset, players=players, seed=1).players == players


def test_match_refuses_a_first_leader_that_is_not_a_seat() -> None:
    with pytest.raises(ValueError, match="first_leader"):
        Match("tavern-jack", players=4, seed=1, first_leader=4)


# ------------------------------------------------------------------ play clauses shared by every preset


def four_hands(preset: str, hands: list[str]) -> Match:
    """A single deal with seat 0 leading (also in three-of-clubs, where no 3c lead is demanded then)."""
    return Match.from_hands(preset, hands, leader=0)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_next_player_clockwise_acts(preset: str) -> None:
    match = four_hands(preset, ["3c 9c Kd", "4c 10c Kh", "5c Jc Ks", "6c Qc Kc"])
    seen = []
    for _ in range(8):
        seat = match.to_act
        assert seat is not None
        seen.append(seat)
        match.apply(lowest(match))
    assert seen == [0, 1, 2, 3, 0, 1, 2, 3]


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_players_without_cards_are_skipped(preset: str) -> None:
    match = four_hands(preset, ["3c 9c", "4c", "5c 8c", "6c 7c"])
    play(match, (0, "3c"), (1, "4c"))
    assert match.finished == [1]
    play(match, (2, "5c"), (3, "6c"))
    assert match.to_act == 0
    play(match, (0, "9c"), (2, "pass"), (3, "pass"))
    assert match.to_act == 2, "seat 1 holds no cards: the next player to the left of seat 0 with cards leads"


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_seat_holding_cards_is_asked_even_when_pass_is_its_only_move(preset: str) -> None:
    match = four_hands(preset, ["2s 3c", "4c 5c", "6c 7c", "8c 9c"])
    play(match, (0, "2s"))
    for seat in (1, 2, 3):
        assert match.to_act == seat
        assert legal_texts(match) == {"pass"}
        match.apply("pass")
    assert match.to_act == 0 and match.table == ""


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_unbeatable_two_does_not_clear_the_trick_by_itself(preset: str) -> None:
    match = four_hands(preset, ["2s 3c", "4c 5c", "6c 7c", "8c 9c"])
    assert [e.kind for e in match.apply("2s")] == ["play"]
    assert match.table == "2s" and match.to_act == 1
    assert "trick_cleared" not in [e.kind for e in play(match, (1, "pass"), (2, "pass"))]
    assert [e.kind for e in match.apply("pass")] == ["pass", "trick_cleared"]


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_trick_cleared_when_everyone_else_passed_and_its_owner_leads_anything(preset: str) -> None:
    match = four_hands(preset, ["5c 5d 3h 9s", "6c 6d 4h", "7c 7d 8h", "Jc Jd 10h"])
    play(match, (0, "5c 5d"), (1, "6c 6d"), (2, "pass"), (3, "pass"), (0, "pass"))
    assert match.table == "" and match.table_owner is None
    assert match.to_act == 1
    assert legal_texts(match) == {"4h"}, "a new trick may be led with a single after pairs"
    play(match, (1, "4h"))
    assert match.table == "4h"


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_owner_gone_out_the_next_player_to_his_left_with_cards_leads(preset: str) -> None:
    match = four_hands(preset, ["3c Ac", "4c", "5c 6c", "7c 8c"])
    play(match, (0, "3c"), (1, "4c"))
    assert match.finished == [1]
    play(match, (2, "5c"), (3, "7c"), (0, "Ac"))
    assert match.finished == [1, 0]
    events = play(match, (2, "pass"), (3, "pass"))
    assert events[-1].kind == "trick_cleared" and events[-1].data["leader"] == 2
    assert match.to_act == 2 and match.table == ""


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_the_last_combination_of_a_player_going_out_may_still_be_beaten(preset: str) -> None:
    match = four_hands(preset, ["3c 5c", "4c", "6c 6d", "7c Kd"])
    play(match, (0, "3c"), (1, "4c"))
    assert match.finished == [1] and match.table == "4c"
    assert match.to_act == 2 and "6c" in legal_texts(match)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_deal_ends_when_one_player_holds_cards_and_he_is_last(preset: str) -> None:
    match = four_hands(preset, ["3c", "4c", "5c", "6c 7c"])
    play(match, (0, "3c"), (1, "4c"), (2, "5c"))
    assert match.is_over
    result = match.deal_results[-1]
    assert result.order == (0, 1, 2, 3)
    assert match.hands[3] == parse_cards("6c 7c"), "the last player keeps his cards; he does not play again"
    assert result.points == points_table(preset, 4)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_a_player_may_play_part_of_the_cards_he_holds_of_one_rank(preset: str) -> None:
    match = four_hands(preset, ["9c 9d 9h 3c", "10c 10d 10h 10s", "Jc Jd", "Qc Qd Kh"])
    assert {"9c", "9d", "9h", "9c 9d", "9c 9h", "9d 9h", "9c 9d 9h", "3c"} == legal_texts(match)
    play(match, (0, "9c 9h"))
    assert {"10c 10d", "10c 10h", "10c 10s", "10d 10h", "10d 10s", "10h 10s", "pass"} == legal_texts(match)
    play(match, (1, "10d 10s"))
    assert match.hand(1) == "10c 10h"


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_the_leader_cannot_pass(preset: str) -> None:
    match = four_hands(preset, ["3c 9c", "4c", "5c", "6c"])
    assert "pass" not in legal_texts(match)
    with pytest.raises(IllegalMove, match="cannot pass"):
        match.apply("pass")


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_an_answer_has_the_same_number_of_cards_and_a_strictly_higher_rank(preset: str) -> None:
    match = four_hands(preset, ["8c 8d 3c", "9c 9d Ah Kc Kd Ks 8h 8s", "4c", "5c"])
    play(match, (0, "8c 8d"))
    assert legal_texts(match) == {"9c 9d", "Kc Kd", "Kc Ks", "Kd Ks", "pass"}
    with pytest.raises(IllegalMove, match="pair"):
        match.apply("Ah")
    with pytest.raises(IllegalMove, match="pair"):
        match.apply("Kc Kd Ks")
    with pytest.raises(IllegalMove, match="does not beat"):
        match.apply("8h 8s")


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_cards_played_together_must_share_one_rank(preset: str) -> None:
    match = four_hands(preset, ["8c 9c 3c", "4c", "5c", "6c"])
    with pytest.raises(IllegalMove, match="same rank"):
        match.apply("8c 9c")


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_a_player_cannot_play_cards_he_does_not_hold(preset: str) -> None:
    match = four_hands(preset, ["8c 9c 3c", "4c", "5c", "6c"])
    with pytest.raises(IllegalMove, match="do not hold 4c"):
        match.apply("4c")


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_a_pass_is_allowed_while_holding_a_play_that_beats(preset: str) -> None:
    match = four_hands(preset, ["3c 4d", "Ac 5c", "5d 6d", "6c 7c"])
    play(match, (0, "3c"))
    assert "Ac" in legal_texts(match) and "pass" in legal_texts(match)
    play(match, (1, "pass"))
    assert match.to_act == 2


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_the_match_refuses_moves_once_it_is_over(preset: str) -> None:
    match = four_hands(preset, ["3c", "4c", "5c", "6c 7c"])
    play(match, (0, "3c"), (1, "4c"), (2, "5c"))
    assert match.is_over and match.to_act is None and match.legal_moves() == ()
    with pytest.raises(IllegalMove, match="over"):
        match.apply("6c")


# ------------------------------------------------------------------ single deals from given hands


def test_from_hands_plays_a_single_deal_and_the_match_is_over_when_it_ends() -> None:
    match = Match.from_hands("tavern-jack", ["3c 4c", "5c 6c", "7c 8c"], leader=0)
    assert match.deal_number == 1 and match.phase == "play"
    play(match, (0, "3c"), (1, "5c"), (2, "7c"), (0, "pass"), (1, "pass"), (2, "8c"))
    assert match.finished == [2] and not match.is_over
    play(match, (0, "pass"), (1, "pass"), (0, "4c"))
    assert match.is_over and match.deal_number == 1
    assert match.deal_results[-1].order == (2, 0, 1)
    assert match.winners == [2]
    assert match.scores == [1, 0, 2]


@pytest.mark.parametrize(
    ("hands", "problem"),
    [
        (["3c 4c", "4c 5c"], "repeats"),
        (["3c", ""], "empty"),
        (["3c"], "at least 2"),
        (["3c RJ", "4c"], "jokers"),
    ],
)
def test_from_hands_refuses_impossible_hands(hands: list[str], problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        Match.from_hands("tavern-jack", hands)


def test_from_hands_refuses_a_leader_who_is_not_a_seat() -> None:
    with pytest.raises(ValueError, match="leader"):
        Match.from_hands("tavern-jack", ["3c", "4c"], leader=2)


def test_from_hands_takes_masks_as_well_as_text() -> None:
    by_text = Match.from_hands("tavern-jack", ["3c 4c", "5c"], leader=1)
    by_mask = Match.from_hands("tavern-jack", [parse_cards("3c 4c"), parse_cards("5c")], leader=1)
    assert by_text.hands == by_mask.hands and by_text.to_act == by_mask.to_act == 1


# ------------------------------------------------------------------ deal bookkeeping and the exchange


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_deal_number_counts_from_one_and_counts_the_new_deal_during_its_exchange(preset: str) -> None:
    match = Match(preset, players=4, seed=21)
    assert match.deal_number == 1
    play_to_deal(match, 2)
    assert match.phase == "exchange" and match.deal_number == 2
    assert len(match.deal_results) == 1
    play_until(match, lambda m: m.is_over, lowest, limit=200_000)
    assert match.deal_number == len(match.deal_results) == match.deal_results[-1].deal


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_deal_results_list_each_finishing_order_with_the_last_player_and_the_points(preset: str) -> None:
    match = Match(preset, players=4, seed=4)
    policy = random_policy(4)
    for number in (1, 2, 3):
        finish_deal(match, policy)
        result = match.deal_results[-1]
        assert result.deal == number
        assert sorted(result.order) == [0, 1, 2, 3]
        assert [result.points[s] for s in result.order] == list(points_table(preset, 4))
    assert match.scores == [sum(r.points[s] for r in match.deal_results) for s in range(4)]


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_automatic_gift_breaks_rank_ties_by_suit_with_spades_highest(preset: str) -> None:
    def tie_at_the_cut(match: Match, pre: list[int]) -> bool:
        giver = match.deal_results[-1].order[-1]
        ranks = sorted(((c // 4) for c in range(54) if pre[giver] >> c & 1), reverse=True)
        return ranks[1] == ranks[2]

    match = exchange_position(preset, 4, tie_at_the_cut)
    order = match.deal_results[-1].order
    giver, receiver = order[-1], order[0]
    pre = pre_exchange_hands(match)[giver]
    gift = match.seat_view(giver).given
    expected = strongest([c for c in range(54) if pre >> c & 1], 2 if preset != "race-to-11" else 1)
    assert gift == sum(1 << c for c in expected)
    assert match.seat_view(receiver).received == gift


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_the_receiver_may_give_back_a_card_he_has_just_received(preset: str) -> None:
    match = Match(preset, players=4, seed=2)
    play_to_deal(match, 2)
    receiver = match.to_act
    assert receiver is not None
    received = match.seat_view(receiver).received
    card = received & -received
    moves = [m for m in match.legal_masks() if m & card]
    assert moves
    giver = match.deal_results[-1].order[-1]
    match.apply(moves[0])
    assert match.hands[giver] & card and not match.hands[receiver] & card
    assert match.seat_view(giver).received == moves[0] & ~GIVE_FLAG
