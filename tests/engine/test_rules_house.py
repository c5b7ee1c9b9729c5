"""House rules, clause by clause: each option alone and with others, on hands made for the clause."""

from __future__ import annotations

import random

import pytest

from president import IllegalMove, Match
from president.moves import Move

from .driving import legal_texts, play, snapshot


def deal(hands: list[str], leader: int = 0, preset: str = "tavern-jack", **options: object) -> Match:
    return Match.from_hands(preset, hands, leader=leader, **options)


# ---------------------------------------------------------------- 8-cut

def test_eight_cut_ends_the_trick_and_the_same_player_leads() -> None:
    m = deal(["5c 8d Kc", "9c Qd Ah", "4c 6h Jd"], eight_cut=True)
    events = play(m, (0, "8d"))
    assert m.table == "" and m.to_act == 0
    assert [e.kind for e in events] == ["play", "trick_cleared"] and events[1].data["cut"] == "eight"
    play(m, (0, "5c"), (1, "9c"))
    assert m.table == "9c" and m.to_act == 2


def test_eight_cut_that_takes_the_player_out_gives_the_lead_to_the_next_player() -> None:
    m = deal(["8d", "9c Qd", "4c 6h Jd"], eight_cut=True)
    play(m, (0, "8d"))
    assert m.finished == [0] and m.to_act == 1 and m.table == ""


def test_without_eight_cut_an_eight_is_an_ordinary_card() -> None:
    m = deal(["8d Kc", "9c Qd", "4c 6h Jd"])
    play(m, (0, "8d"))
    assert m.table == "8d" and m.to_act == 1


# ---------------------------------------------------------------- runs

def test_a_run_of_one_suit_may_be_led_and_only_a_run_of_that_length_answers() -> None:
    m = deal(["5h 6h 7h 9c", "6s 7s 8s 9s 3d", "Kc"], runs=True)
    assert {"5h 6h 7h", "5h 6h 7h 9c"} & legal_texts(m) == {"5h 6h 7h"}
    play(m, (0, "5h 6h 7h"))
    assert legal_texts(m) == {"6s 7s 8s", "7s 8s 9s", "pass"}
    with pytest.raises(IllegalMove, match="run of 3 can only be beaten by a run of 3"):
        m.apply("6s 7s 8s 9s")


def test_runs_need_the_minimum_length_and_one_suit() -> None:
    m = deal(["5h 6h 7c 8h", "Kc"], runs=True, run_min=3)
    for text, words in (("5h 6h", "run needs at least 3"), ("5h 6h 7c", "set of one rank or a run of one suit")):
        with pytest.raises(IllegalMove, match=words):
            m.apply(text)
    assert not Match.from_hands("tavern-jack", ["5h 6h 7h", "Kc"]).is_legal("5h 6h 7h")


def test_a_run_wholly_above_is_needed_when_runs_answer_above() -> None:
    m = deal(["5h 6h 7h Kd", "6s 7s 8s 8c 9c 10c"], runs=True, run_answer="above")
    play(m, (0, "5h 6h 7h"))
    assert legal_texts(m) == {"8c 9c 10c", "pass"}


def test_a_long_run_is_a_revolution_when_the_rule_says_so() -> None:
    m = deal(["3h 4h 5h 6h 7h Kc", "4c Ac"], runs=True, revolution=True, run_revolution=5)
    events = play(m, (0, "3h 4h 5h 6h 7h"))
    assert m.revolution and [e.kind for e in events][:2] == ["play", "revolution"]


# ---------------------------------------------------------------- suit lock

def test_two_plays_of_the_same_suits_lock_the_trick() -> None:
    m = deal(["4h 9c", "5h 6d 7h", "8h Kh Ks"], suit_lock=True)
    play(m, (0, "4h"))
    assert m.lock == 0
    events = play(m, (1, "5h"))
    assert m.lock == 0b0100 and [e.kind for e in events] == ["play", "lock"]
    assert legal_texts(m) == {"8h", "Kh", "pass"}
    with pytest.raises(IllegalMove, match="locked to ♥"):
        m.apply("Ks")
    assert m.view(2)["lock"] == "♥"
    play(m, (2, "8h"), (0, "pass"), (1, "pass"))
    assert m.lock == 0 and m.table == ""


def test_a_lone_wild_joker_answers_a_locked_single_and_clears_the_lock() -> None:
    m = deal(["4h 9c", "5h 6d", "RJ Kh Ks"], suit_lock=True, jokers=1, wild_jokers=True)
    play(m, (0, "4h"), (1, "5h"), (2, "RJ"))
    assert m.lock == 0 and m.table == "RJ"


# ---------------------------------------------------------------- wild jokers

def test_a_joker_stands_for_a_card_and_the_notation_round_trips() -> None:
    m = deal(["5h 5s RJ 9c", "6c 6d 6h Kc"], jokers=1, wild_jokers=True)
    assert {"5h 5s RJ=5c", "5h 5s RJ=5d", "5h RJ=5c"} <= legal_texts(m)
    events = play(m, (0, "5s 5h RJ=5d"))
    assert str(Move.parse("5s 5h RJ=5d")) == "5h 5s RJ=5d" and events[0].data == {"stands": {"RJ": "5d"}}
    assert m.view(1)["table_move"] == "5h 5s RJ=5d"
    assert legal_texts(m) == {"6c 6d 6h", "pass"}
    replayed = Match.replay(m.record())
    assert replayed.table_move == m.table_move


def test_a_joker_must_say_what_it_stands_for_and_stand_for_a_card_not_played() -> None:
    m = deal(["5h 5s RJ 9c", "6c"], jokers=1, wild_jokers=True)
    before = snapshot(m)
    for text, words in (("5h RJ", "say what each joker stands for"), ("RJ=5c", "not one of the legal ways"),
                        ("5h 5s 9c RJ=5h", "cannot stand for a card played with it"),
                        ("5h RJ=6c", "same rank")):
        with pytest.raises(IllegalMove, match=words):
            m.apply(text)
    assert snapshot(m) == before


def test_a_joker_fills_a_gap_in_a_run() -> None:
    m = deal(["5h 7h RJ 9c", "6c 7c 8c"], jokers=1, wild_jokers=True, runs=True)
    assert "5h 7h RJ=6h" in legal_texts(m)
    play(m, (0, "5h 7h RJ=6h"))
    assert legal_texts(m) == {"6c 7c 8c", "pass"}


WILD_RUNS = {"jokers": 1, "wild_jokers": True, "runs": True, "run_answer": "above"}


def test_a_joker_may_close_a_run_below_the_3_or_past_the_2_with_joker_run_ends() -> None:
    m = deal(["3c 4c As 2s RJ 9d", "Kc"], joker_run_ends=True, **WILD_RUNS)
    assert {"3c 4c RJ=-c", "As 2s RJ=+s", "3c 4c RJ=5c", "As 2s RJ=Ks"} <= legal_texts(m)
    events = play(m, (0, "As 2s RJ=+s"))
    assert events[0].data == {"stands": {"RJ": "+s"}}
    assert m.view(1)["table_move"] == "As 2s RJ=+s"
    assert Match.replay(m.record()).table_move == m.table_move


def test_without_joker_run_ends_a_run_stops_at_the_3_and_the_2() -> None:
    m = deal(["3c 4c As 2s RJ 9d", "Kc"], **WILD_RUNS)
    assert not {t for t in legal_texts(m) if "-" in t or "+" in t}
    before = snapshot(m)
    with pytest.raises(IllegalMove, match="cannot go below the 3 or above the 2"):
        m.apply("3c 4c RJ=-c")
    assert snapshot(m) == before


def test_a_run_closed_past_the_2_lies_above_every_run_ending_lower() -> None:
    m = deal(["9h 10h Jh 4d", "3c 4c As 2s RJ 9d", "Qh"], joker_run_ends=True, **WILD_RUNS)
    play(m, (0, "9h 10h Jh"))
    assert legal_texts(m) == {"As 2s RJ=Ks", "As 2s RJ=+s", "pass"}
    play(m, (1, "As 2s RJ=Ks"), (2, "pass"), (0, "pass"))
    # A-2 with the joker as K does not lie wholly above K-A-2; the one closed past the 2 would have.
    m = deal(["Ks As 2s 4d", "Jc Qc RJ 9d", "Qh"], joker_run_ends=True, **WILD_RUNS)
    play(m, (0, "Ks As 2s"))
    assert legal_texts(m) == {"pass"}


def test_in_a_revolution_a_run_closed_below_the_3_answers_the_lowest_runs() -> None:
    m = deal(["5h 6h 7h 9d", "3c 4c RJ 9s", "Qh"], joker_run_ends=True, **WILD_RUNS)
    m._rev = True
    play(m, (0, "5h 6h 7h"))
    assert legal_texts(m) == {"3c 4c RJ=-c", "pass"}  # 3c 4c RJ=5c reaches the 5: not wholly below


def test_four_of_a_kind_and_a_wild_joker_make_five_of_a_kind() -> None:
    m = deal(["7c 7d 7h 7s RJ 4c", "8c 8d 8h 8s 3d"], max_set=5, jokers=1, wild_jokers=True, revolution=True)
    assert "7c 7d 7h 7s RJ=7" in legal_texts(m)
    events = play(m, (0, "7c 7d 7h 7s RJ=7"))
    assert events[0].data == {"stands": {"RJ": "7"}} and m.revolution
    assert legal_texts(m) == {"pass"}  # only five of a kind answers five of a kind
    assert Match.replay(m.record()).table_move == m.table_move
    capped = deal(["7c 7d 7h 7s RJ 4c", "8c"], jokers=1, wild_jokers=True)  # max_set 4
    assert not {t for t in legal_texts(capped) if t.endswith("=7")}


def test_two_wild_jokers_beside_four_of_a_kind_make_six() -> None:
    m = deal(["7c 7d 7h 7s BJ RJ", "8c"], max_set=6, jokers=2, wild_jokers=True)
    assert "7c 7d 7h 7s BJ=7 RJ=7" in legal_texts(m)
    assert str(Move.parse("7s 7h 7d 7c RJ=7 BJ=7")) == "7c 7d 7h 7s BJ=7 RJ=7"


@pytest.mark.parametrize("revolution", [False, True])
def test_a_lone_wild_joker_beats_any_single_in_either_order(revolution: bool) -> None:
    m = deal(["2s 9c", "RJ 4c", "3s 5d"], jokers=1, wild_jokers=True, spade3_beats_joker=True)
    m._rev = revolution
    play(m, (0, "2s" if not revolution else "9c"))
    assert "RJ" in legal_texts(m)
    play(m, (1, "RJ"))
    assert legal_texts(m) == {"3s", "pass"}
    events = play(m, (2, "3s"))
    assert m.table == "" and m.to_act == 2 and events[-1].data["cut"] == "spade3"


@pytest.mark.parametrize(("revolution", "joker_order"), [(False, "lowest"), (True, "lowest"), (True, "highest")])
def test_the_spade_three_beats_a_plain_lone_joker_and_ends_the_trick(revolution: bool, joker_order: str) -> None:
    """The option's text has no condition on wild jokers: with plain jokers too, 3s alone beats a joker alone."""
    m = deal(["RJ 9c", "3s 5d", "4c 6h"], jokers=1, spade3_beats_joker=True, revolution=True,
             joker_in_revolution=joker_order)
    m._set_order(revolution)
    play(m, (0, "RJ"))
    assert "3s" in legal_texts(m)
    events = play(m, (1, "3s"))
    assert m.table == "" and m.to_act == 1 and events[-1].data["cut"] == "spade3"


def test_a_plain_joker_keeps_its_strength_against_everything_but_the_spade_three() -> None:
    m = deal(["RJ 9c", "3s 2d", "2c 6h"], jokers=1, spade3_beats_joker=True)
    play(m, (0, "RJ"))
    assert legal_texts(m) == {"3s", "pass"}
    with pytest.raises(IllegalMove):
        m.apply("2d")


def test_going_out_on_the_spade_three_cut_of_a_plain_joker_is_a_forbidden_finish() -> None:
    m = deal(["RJ 9c", "3s", "4c 6h"], jokers=1, spade3_beats_joker=True, forbidden_finish=("spade3",))
    play(m, (0, "RJ"), (1, "3s"))
    assert m.hands[1] == 0 and m._bottom == (1,)


def test_without_the_spade_three_rule_nothing_beats_a_lone_joker() -> None:
    m = deal(["RJ 9c", "3s 2c"], jokers=1, wild_jokers=True)
    play(m, (0, "RJ"))
    assert legal_texts(m) == {"pass"}
    with pytest.raises(IllegalMove, match="nothing beats a lone joker"):
        m.apply("3s")


# ---------------------------------------------------------------- 11-back

def test_a_jack_reverses_the_order_until_the_trick_clears() -> None:
    m = deal(["Jc 4h", "10d Qd 3c", "5s"], eleven_back=True)
    play(m, (0, "Jc"))
    assert m.eleven_back and legal_texts(m) == {"10d", "3c", "pass"}
    play(m, (1, "10d"), (2, "5s"), (0, "pass"), (1, "pass"))
    assert m.finished == [2] and m.to_act == 0 and m.table == ""
    assert not m.eleven_back


# ---------------------------------------------------------------- bombs

def test_four_of_a_kind_is_a_bomb_on_anything() -> None:
    m = deal(["Ac Ad 9c", "5c 5d 5h 5s Kc", "3c"], quad_bomb=True)
    play(m, (0, "Ac Ad"))
    assert "5c 5d 5h 5s" in legal_texts(m)
    events = play(m, (1, "5c 5d 5h 5s"))
    assert m.table == "" and m.to_act == 1 and events[-1].data["cut"] == "bomb"


def test_twos_are_a_bomb_on_anything_when_the_rule_says_so() -> None:
    m = deal(["Ac Ad Ah 9c", "2c Kc", "3c"], two_bomb=True)
    play(m, (0, "Ac Ad Ah"))
    assert "2c" in legal_texts(m)
    play(m, (1, "2c"))
    assert m.table == "" and m.to_act == 1


# ---------------------------------------------------------------- equal answers and skip

def test_equal_answers_and_skip() -> None:
    m = deal(["7c 3c", "7d 4c", "9c 5c", "10c 6c"], equal_answers=True, skip_on_equal=True)
    play(m, (0, "7c"))
    assert "7d" in legal_texts(m)
    events = play(m, (1, "7d"))
    assert [e.kind for e in events] == ["play", "skip"] and events[1].seat == 2 and m.to_act == 3
    plain = deal(["7c 3c", "7d 4c"])
    play(plain, (0, "7c"))
    with pytest.raises(IllegalMove, match="does not beat"):
        plain.apply("7d")


# ---------------------------------------------------------------- forbidden finish

def test_going_out_on_a_forbidden_card_puts_the_player_last() -> None:
    m = deal(["2c", "3d 9c", "4d 10c", "5d Jc"], forbidden_finish=("2",))
    events = play(m, (0, "2c"))
    assert events[-1].kind == "out" and events[-1].data == {"place": 4, "forbidden": True, "option": "forbidden_finish"}
    while not m.is_over:
        m.apply(m.legal_moves()[0])
    assert m.deal_results[-1].order[-1] == 0


# ---------------------------------------------------------------- capital fall

def test_the_previous_president_falls_when_someone_else_goes_out_first() -> None:
    for seed in range(40):
        m = Match("tavern-jack", 4, seed=seed, capital_fall=True)
        rng = random.Random(seed)
        while m.deal_number == 1:
            m.apply(m.legal_moves()[rng.randrange(len(m.legal_moves()))])
        president = m.deal_results[-1].order[0]
        while m.deal_number == 2 and not m.finished:
            m.apply(m.legal_moves()[rng.randrange(len(m.legal_moves()))])
        if m.deal_number == 2 and m.finished[0] != president:
            assert m.hands[president] == 0 and m.seat_view(president).bottom == [president]
            while m.deal_number == 2:
                m.apply(m.legal_moves()[rng.randrange(len(m.legal_moves()))])
            assert m.deal_results[1].order[-1] == president
            return
    raise AssertionError("no seed where someone else went out first")


# ---------------------------------------------------------------- leaders and blocks

def test_the_lead_card_holder_leads_every_deal_without_having_to_play_it() -> None:
    m = Match("tavern-jack", 4, seed=2, first_leader="holder", first_lead_card=1, lead_card_every_deal=True,
              lead_card_must_play=False)
    for _ in range(3):
        deal_number = m.deal_number
        while m.phase == "exchange":
            m.apply(m.legal_moves()[0])
        assert m.hands[m.to_act] >> 1 & 1
        assert any(not mv >> 1 & 1 for mv in m.legal_moves())
        while m.deal_number == deal_number and not m.is_over:
            m.apply(m.legal_moves()[0])


def test_the_first_deal_of_each_block_has_no_exchange() -> None:
    m = Match("tavern-jack", 4, seed=1, deals=5, exchange_block=2)
    phases = []
    while not m.is_over:
        phases.append((m.deal_number, m.phase))
        m.apply(m.legal_moves()[0])
    with_exchange = sorted({d for d, p in phases if p == "exchange"})
    assert with_exchange == [2, 4]


# ---------------------------------------------------------------- the daifugo preset

def test_daifugo_deals_53_cards_to_five_and_the_diamond_three_leads() -> None:
    m = Match("daifugo", 5, seed=7)
    assert sum(h.bit_count() for h in m.hands) == 53 and sorted(m.counts()) == [10, 10, 11, 11, 11]
    assert m.hands[m.to_act] >> 1 & 1 and m.phase == "play"
    assert m.rules.points_for(5) == (5, 4, 3, 2, 1)
    assert m.rules.titles(5) == ("daifugo", "fugo", "heimin", "hinmin", "daihinmin")


def test_daifugo_random_games_keep_the_cards_and_end() -> None:
    for seed in range(4):
        m = Match("daifugo", 5, seed=seed, deals=3)
        rng = random.Random(seed)
        while not m.is_over:
            if m.phase == "play":
                assert sum(h.bit_count() for h in m.hands) + m.seat_view(0).played.bit_count() == 53
            moves = m.legal_moves()
            m.apply(moves[rng.randrange(len(moves))])
        assert [sorted(r.points) for r in m.deal_results] == [[1, 2, 3, 4, 5]] * 3
        assert Match.replay(m.record()).record() == m.record()
