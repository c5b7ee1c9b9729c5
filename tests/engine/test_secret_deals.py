"""Deals from a committed secret: the specification's test vectors, the record, and the check of a match."""

from __future__ import annotations

import hashlib
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from president import Match
from president.cards import cards_str
from president.secret_deals import DealSecret
from president.shuffle import _plan, _shuffle
from president.verify import NotVerifiable, verify_record

DOC = Path(__file__).resolve().parents[2] / "docs" / "verify.md"


def doc_vectors() -> dict[str, Any]:
    """The test vectors of docs/verify.md (its only JSON block)."""
    block = re.search(r"```json\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert block is not None
    vectors: dict[str, Any] = json.loads(block.group(1))
    return vectors


def deck(jokers: int) -> list[int]:
    return list(range(52)) + [52, 53][2 - jokers:] if jokers else list(range(52))


def played_out(secret: DealSecret, rules: str = "tavern-jack", players: int = 4, rng_seed: int = 1) -> Match:
    match = Match(rules, players, deal_secret=secret)
    rng = random.Random(rng_seed)
    while not match.is_over:
        match.apply(rng.choice(match.legal_moves()))
    return match


def test_the_reference_gives_the_vectors_of_the_specification() -> None:
    v = doc_vectors()
    secret = DealSecret.from_hex(v["secret"], v["table"])
    assert secret.secret == bytes(range(32))
    for n, commitment in v["commitments"]:
        assert secret.commitment(n) == commitment
        text = f"president commitment\n{v['table']}\n{n}\n{v['secret']}".encode()
        assert hashlib.sha256(text).hexdigest() == commitment  # the text as the specification writes it
    for n, digest in v["deal_digests"]:
        assert hashlib.sha512(f"president deal\n{n}\n{v['secret']}".encode()).hexdigest() == digest
    for players, seat in v["first_leaders"]:
        assert secret.first_leader(players) == seat
    for case in v["decks"]:
        assert secret.deal_order(deck(case["jokers"]), case["deal"]) == case["order"]
    for case in v["hands"]:
        masks = secret.deal_hands([1 << c for c in deck(case["jokers"])], case["players"], case["first"],
                                  case["deal"])
        assert [cards_str(m).split() for m in masks] == case["hands"]


@given(st.binary(min_size=32, max_size=32), st.integers(1, 200), st.integers(2, 54))
@settings(max_examples=200, deadline=None)
def test_the_plain_shuffle_of_the_specification_is_the_engines_chunked_one(secret: bytes, deal: int,
                                                                          size: int) -> None:
    """Two ways to spend the same 512-bit number: digit by digit (the specification), and a machine word of
    digits at a time (the engine's seeded shuffle); the same digits, the same deck."""
    dealer = DealSecret(secret, "t")
    x = int.from_bytes(hashlib.sha512(f"president deal\n{deal}\n{secret.hex()}".encode()).digest(), "big")
    chunked = list(range(size))
    _shuffle(chunked, _plan(size), x)
    assert dealer.deal_order(range(size), deal) == chunked
    assert sorted(chunked) == list(range(size))


def test_a_match_deals_from_its_secret_and_the_first_deal_from_the_drawn_seat() -> None:
    secret = DealSecret(bytes(range(32)), "demo")
    match = Match("tavern-jack", 4, deal_secret=secret)
    first = secret.first_leader(4)
    assert match.hands == secret.deal_hands([1 << c for c in range(52)], 4, first, 1)
    assert match.leader == first
    assert Match("tavern-jack", 4, deal_secret=secret).hands == match.hands
    elsewhere = DealSecret(bytes(range(32)), "demo2")
    assert Match("tavern-jack", 4, deal_secret=elsewhere).hands == match.hands  # the table is in the commitments
    assert elsewhere.commitment(1) != secret.commitment(1)


def test_one_bit_of_the_secret_changed_changes_the_deal_and_fails_the_check() -> None:
    secret = DealSecret(bytes(range(32)), "demo")
    match = played_out(secret)
    record = match.record()
    assert verify_record(record).ok
    for bit in (0, 77, 255):
        flipped = bytearray(secret.secret)
        flipped[bit // 8] ^= 1 << (bit % 8)
        other = DealSecret(bytes(flipped), "demo")
        assert Match("tavern-jack", 4, deal_secret=other).hands != Match("tavern-jack", 4, deal_secret=secret).hands
        result = verify_record(record.replace(secret.hex, other.hex))
        assert not result.ok
        assert any("deal 1: the commitment shown" in p for p in result.problems)


def test_the_record_keeps_the_secret_until_the_end() -> None:
    secret = DealSecret.new("t-9")
    match = Match("revolution", 5, deal_secret=secret)
    rng = random.Random(3)
    while not match.is_over:
        record = match.record()
        assert secret.hex not in record and "[Secret" not in record and "[Seed" not in record
        assert f'[Commitments "{" ".join(secret.commitments(match.deal_number))}"]' in record
        with pytest.raises(ValueError, match="until the match is over"):
            Match.replay(record)
        match.apply(rng.choice(match.legal_moves()))
    record = match.record()
    assert f'[Secret "{secret.hex}"]' in record
    again = Match.replay(record)
    assert again.scores == match.scores and again.deal_secret == secret
    assert match.copy().deal_secret == secret and len(match.events()) > 0


def test_a_match_deals_from_a_seed_or_a_secret_and_bad_secrets_are_refused() -> None:
    with pytest.raises(ValueError, match="not from both"):
        Match("tavern-jack", 4, 5, deal_secret=DealSecret.new("t"))
    with pytest.raises(ValueError, match="32 bytes"):
        DealSecret(b"short", "t")
    with pytest.raises(ValueError, match="printable ASCII"):
        DealSecret(bytes(32), "has space")
    with pytest.raises(ValueError, match="hexadecimal"):
        DealSecret.from_hex("AB" * 32, "t")
    assert bytes(range(32)).hex() not in repr(DealSecret(bytes(range(32)), "t"))


def test_records_that_cannot_be_checked_are_refused_with_the_reason() -> None:
    with pytest.raises(NotVerifiable, match="not dealt from a committed secret"):
        verify_record(Match("tavern-jack", 4, 1).record())
    secret = DealSecret.new("t")
    with pytest.raises(NotVerifiable, match="only when the match is over"):
        verify_record(Match("tavern-jack", 4, deal_secret=secret).record())
    with pytest.raises(NotVerifiable, match="not a match record"):
        verify_record('[Game "Chess"]\n')
    finished = played_out(secret).record()
    with pytest.raises(NotVerifiable, match="cannot be read"):
        verify_record(finished.replace(secret.hex, "z" * 64))


def test_a_changed_commitment_or_a_changed_move_fails_the_check() -> None:
    secret = DealSecret.new("t")
    record = played_out(secret, "three-of-clubs").record()
    second = secret.commitment(2)
    changed = record.replace(second, second[:-1] + ("0" if second[-1] != "0" else "1"))
    result = verify_record(changed)
    assert [p.startswith("deal 2: the commitment shown") for p in result.problems] == [True]
    assert [d.ok for d in result.deals][:3] == [True, False, True]
    dropped = verify_record(record.replace(" " + second, ""))
    assert not dropped.ok
    lines = record.splitlines()
    last = len(lines) - 2  # the last move (the final line is the winners' comment)
    lines[last] = lines[last].split()[0] + " pass"
    assert not verify_record("\n".join(lines) + "\n").ok


@given(st.binary(min_size=32, max_size=32), st.sampled_from(["tavern-jack", "revolution", "daifugo",
                                                               "race-to-11", "three-of-clubs"]),
       st.integers(0, 10**6), st.integers(0, 255))
@settings(max_examples=25, deadline=None)
def test_every_honest_match_checks_and_any_flipped_bit_fails(secret_bytes: bytes, rules: str, play: int,
                                                             bit: int) -> None:
    players = {"daifugo": 5, "race-to-11": 4, "three-of-clubs": 4}.get(rules, 4)
    match = Match(rules, players, deal_secret=DealSecret(secret_bytes, "prop"), deals=3)
    rng = random.Random(play)
    while not match.is_over:
        match.apply(rng.choice(match.legal_moves()))
    record = match.record()
    result = verify_record(record)
    assert result.ok, result.problems
    assert len(result.deals) == match.deal_number
    assert all(d.hands == d.recomputed for d in result.deals)
    flipped = bytearray(secret_bytes)
    flipped[bit // 8] ^= 1 << (bit % 8)
    assert not verify_record(record.replace(secret_bytes.hex(), bytes(flipped).hex())).ok
