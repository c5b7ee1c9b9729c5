"""Duplicate dealing: every table of a group gets the same cards per seat and per deal, however it plays."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from president import Match
from president.duplicate import FieldPlace, dealt_hands, field_places, par_points
from president.players import make_bot
from president.secret_deals import DealSecret


def _dealt_now(match: Match) -> list[int]:
    """The hands as dealt, read at the start of a deal: the automatic gifts of the exchange taken back."""
    view = [match.seat_view(s) for s in range(match.players)]
    return [(v.hand & ~v.received) | v.given for v in view]


def _play_group(preset: str, players: int, tables: int, seed: int | None, secret: bytes | None,
                bots: list[str], deals: int) -> list[dict[int, list[int]]]:
    """Play ``tables`` duplicate matches of one seed or secret with differing bots; each one's dealt hands by deal."""
    out = []
    for t in range(tables):
        kwargs = {"seed": seed} if secret is None else {"deal_secret": DealSecret(secret, f"t{t}")}
        match = Match(preset, players, deals=deals, duplicate=True, **kwargs)  # type: ignore[arg-type]
        seat_bots = [make_bot(bots[(t + s) % len(bots)]) for s in range(players)]
        rng = random.Random(t)
        seen = {1: _dealt_now(match)}
        while match.to_act is not None:
            seat = match.to_act
            match.apply_fast(match.verify(seat_bots[seat].choose(match.seat_view(seat), rng)))
            if match.deal_number not in seen and not match.is_over:
                seen[match.deal_number] = _dealt_now(match)
        out.append(seen)
    return out


@settings(max_examples=12)
@given(
    preset_players=st.sampled_from([("tavern-jack", 4), ("tavern-jack", 5), ("revolution", 5),
                                    ("three-of-clubs", 4), ("race-to-11", 6)]),
    seed=st.integers(0, 2**63 - 1),
    from_secret=st.booleans(),
)
def test_tables_of_a_duplicate_group_get_identical_hands_per_seat_and_per_deal(
    preset_players: tuple[str, int], seed: int, from_secret: bool,
) -> None:
    preset, players = preset_players
    secret = seed.to_bytes(32, "big") if from_secret else None
    group = _play_group(preset, players, 3, None if from_secret else seed, secret, ["random", "classic"], 3)
    for deal in range(1, 4):
        expected = dealt_hands(preset, players, deal, seed=None if from_secret else seed,
                               deal_secret=None if secret is None else DealSecret(secret, "any"))
        assert sum(expected).bit_count() == sum(h.bit_count() for h in expected)  # disjoint hands
        for table in group:
            assert table[deal] == expected


def test_the_tables_really_played_differently_and_still_got_the_same_cards() -> None:
    group = _play_group("tavern-jack", 4, 2, 11, None, ["random", "classic"], 3)
    plain = [Match("tavern-jack", 4, seed=11, deals=3) for _ in range(2)]
    assert group[0] == group[1]
    # Without duplicate dealing the deck starts at the leader: deal 1's hands are a rotation of these.
    first = dealt_hands("tavern-jack", 4, 1, seed=11)
    leader = plain[0].leader
    assert [plain[0].seat_view(s).hand for s in range(4)] == first[-leader:] + first[:-leader]


def test_a_duplicate_match_records_its_dealing_and_replays_to_the_same_match() -> None:
    match = Match("tavern-jack", 4, seed=5, deals=2, duplicate=True)
    rng = random.Random(0)
    bot = make_bot("classic")
    while match.to_act is not None:
        match.apply_fast(match.verify(bot.choose(match.seat_view(match.to_act), rng)))
    text = match.record()
    assert '[Dealing "duplicate"]' in text
    again = Match.replay(text)
    assert again.duplicate and again.scores == match.scores
    assert '[Dealing "duplicate"]' not in Match("tavern-jack", 4, seed=5).record()
    with pytest.raises(ValueError, match="Dealing"):
        Match.replay(text.replace('"duplicate"', '"sideways"'))


def test_bad_duplicate_input_is_refused_with_a_reason() -> None:
    with pytest.raises(ValueError, match="true or false"):
        Match("tavern-jack", 4, seed=1, duplicate="yes")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="exactly one"):
        dealt_hands("tavern-jack", 4, 1)
    with pytest.raises(ValueError, match="from 1"):
        dealt_hands("tavern-jack", 4, 0, seed=1)


def test_places_against_the_field_share_the_best_place_on_ties() -> None:
    assert field_places([3, 1, 3, 0, 2]) == [
        FieldPlace(1, 5), FieldPlace(4, 5), FieldPlace(1, 5), FieldPlace(5, 5), FieldPlace(3, 5)]
    with pytest.raises(ValueError, match="at least one"):
        field_places([])


def test_par_is_what_the_bots_score_from_each_seat_with_every_seat_leading_once() -> None:
    hands = dealt_hands("tavern-jack", 4, 1, seed=3)
    par = par_points("tavern-jack", hands, playouts=4)
    assert par.playouts == 4 and par.bot == "classic"
    expected = [0.0] * 4
    bots = [make_bot("classic") for _ in range(4)]
    for leader in range(4):
        match = Match.from_hands("tavern-jack", hands, leader=leader)
        rngs = [random.Random(leader * 101 + s) for s in range(4)]
        while match.to_act is not None:
            seat = match.to_act
            match.apply_fast(match.verify(bots[seat].choose(match.seat_view(seat), rngs[seat])))
        for s, value in enumerate(match.deal_results[-1].points):
            expected[s] += value / 4
    assert par.points == tuple(expected)
    assert len(set(par.points)) > 1  # the cards make a difference
    with pytest.raises(ValueError, match="at least one playout"):
        par_points("tavern-jack", hands, playouts=0)


def test_the_deals_of_a_duplicate_match_check_out_against_its_secret() -> None:
    from president.verify import verify_record

    match = Match("tavern-jack", 4, deals=3, duplicate=True, deal_secret=DealSecret(bytes(range(32)), "t1"))
    rng = random.Random(2)
    bot = make_bot("classic")
    while match.to_act is not None:
        match.apply_fast(match.verify(bot.choose(match.seat_view(match.to_act), rng)))
    result = verify_record(match.record())
    assert result.problems == ()
    assert [c.first for c in result.deals] == [0, 0, 0]
    assert list(result.deals[0].hands) == dealt_hands(
        "tavern-jack", 4, 1, deal_secret=DealSecret(bytes(range(32)), "other"))
    # Read as if dealt from the leader, the same record's hands would not be the secret's.
    plain = match.record().replace('[Dealing "duplicate"]\n', "")
    assert verify_record(plain).problems != ()
