"""The old President dealt from a committed secret: the specification's vectors, the record, and the check of a
match (one bit of the secret changed fails it)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from president.cli import main
from president.old.cards import DECK, card_text, sort_key
from president.old.match import OldMatch
from president.old.verify import check_record, verify_old_record
from president.secret_deals import DealSecret
from president.verify import NotVerifiable

DOC = Path(__file__).resolve().parents[2] / "docs" / "verify.md"


def old_vectors() -> tuple[dict[str, Any], dict[str, Any]]:
    """The test vectors of docs/verify.md, and their part for the old game."""
    block = re.search(r"```json\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert block is not None
    vectors: dict[str, Any] = json.loads(block.group(1))
    return vectors, vectors["old"]


def played_out(secret: DealSecret, players: int = 4, deals: int = 2, rng_seed: int = 1) -> OldMatch:
    match = OldMatch(players=players, deals=deals, deal_secret=secret)
    rng = random.Random(rng_seed)
    while not match.is_over:
        match.apply(rng.choice(match.legal_moves()))
    return match


def test_the_old_packs_follow_the_vectors_of_the_specification() -> None:
    vectors, old = old_vectors()
    secret = DealSecret.from_hex(vectors["secret"], vectors["table"])
    assert old["deck"] == list(DECK) and 20 not in old["deck"]
    for case in old["orders"]:
        assert secret.deal_order(DECK, case["deal"]) == case["order"]
    first = OldMatch(players=4, deals=1, deal_secret=secret, auto_play=False)  # pack 1, dealt by seat 0
    case = old["deals"][0]
    assert [[card_text(c) for c in sorted(first.hand(s), key=sort_key)] for s in range(4)] == case["hands"]
    assert first.turned_up is not None and card_text(first.turned_up) == case["turned_up"]
    dummy = sorted([*first.dummy()], key=sort_key)
    assert [card_text(c) for c in dummy if c != first.turned_up] == case["dummy"]
    match = played_out(secret, players=3, deals=2)  # the settlement redeal of two deals is pack 3, by seat 2
    settlement = match.view(None)["settlement"]
    assert match.dealings == 3 and settlement is not None
    redeal = old["deals"][1]
    assert (settlement["dealer"], settlement["hands"]) == (redeal["dealer"], redeal["hands"])
    checked = verify_old_record(match.record())
    assert checked.ok and checked.deals[2].to_dict()["hands"] == redeal["hands"] and checked.deals[2].redeal
    assert checked.deals[0].to_dict()["turned_up"] is not None and checked.deals[0].first == 1


def test_a_finished_match_checks_out_and_its_record_replays() -> None:
    secret = DealSecret.new("t1", seed=35)
    match = played_out(secret, players=5, deals=3)
    record = match.record()
    assert f'[Secret "{secret.hex}"]' in record and "[Seed" not in record
    assert OldMatch.replay(record).chips == match.chips
    result = check_record(record)
    assert result.ok and result.secret == secret.hex and len(result.deals) == match.dealings
    assert [d.shown for d in result.deals] == secret.commitments(match.dealings)


def test_one_bit_of_the_secret_changed_fails_the_check() -> None:
    secret = DealSecret.new("t2", seed=36)
    record = played_out(secret).record()
    flipped = bytearray(secret.secret)
    flipped[random.Random(2).randrange(32)] ^= 1 << random.Random(3).randrange(8)
    other = DealSecret(bytes(flipped), secret.table)
    assert other.deal_order(DECK, 1) != secret.deal_order(DECK, 1)
    result = verify_old_record(record.replace(secret.hex, other.hex))
    assert not result.ok
    assert any("commitment shown" in p for p in result.problems)
    assert any("cannot be played on the pack" in p for p in result.problems)


def test_a_changed_commitment_fails_and_records_that_cannot_be_checked_say_why(tmp_path: Path) -> None:
    secret = DealSecret.new("t3", seed=37)
    match = played_out(secret, deals=1)
    record = match.record()
    forged = record.replace(secret.commitment(1), "0" * 64)
    assert verify_old_record(forged).problems[0].startswith("deal 1: the commitment shown")
    unfinished = OldMatch(players=4, deal_secret=secret)
    assert "[Secret" not in unfinished.record()
    with pytest.raises(NotVerifiable, match="no \\[Secret\\]"):
        verify_old_record(unfinished.record())
    with pytest.raises(ValueError, match="Secret"):
        OldMatch.replay(unfinished.record())
    with pytest.raises(NotVerifiable, match="not dealt from a committed secret"):
        check_record(OldMatch(players=4, seed=3).record())
    with pytest.raises(ValueError, match="stacked decks"):
        OldMatch(players=4, deal_secret=secret, decks=[list(DECK)])
    good, bad = tmp_path / "good.txt", tmp_path / "bad.txt"
    good.write_text(record, encoding="utf-8")
    bad.write_text(forged, encoding="utf-8")
    assert main(["verify", str(good), "--hands"]) == 0
    assert main(["verify", str(bad)]) == 1


@given(st.binary(min_size=32, max_size=32), st.integers(3, 6), st.integers(0, 255), st.integers(0, 2**16))
@settings(max_examples=25, deadline=None)
def test_any_secret_checks_out_nothing_shows_it_before_the_end_and_any_bit_changed_fails(
        secret_bytes: bytes, players: int, bit: int, rng_seed: int) -> None:
    secret = DealSecret(secret_bytes, "prop")
    match = OldMatch(players=players, deals=1, deal_secret=secret)
    rng = random.Random(rng_seed)
    while not match.is_over:
        for seat in [None, *range(players)]:  # every view, a bot's (all cards announced) too, and the record
            assert secret.hex not in json.dumps(match.view(seat, open_record=True))
        assert secret.hex not in match.record()
        match.apply(rng.choice(match.legal_moves()))
    record = match.record()
    assert verify_old_record(record).ok
    flipped = bytearray(secret_bytes)
    flipped[bit // 8] ^= 1 << bit % 8
    changed = record.replace(secret.hex, bytes(flipped).hex())
    assert not verify_old_record(changed).ok
