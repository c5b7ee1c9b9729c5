"""``president verify RECORD``: every deal checked, a clear verdict and exit status, clear refusals."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from president import Match
from president.cli import main
from president.secret_deals import DealSecret


def finished_record(secret: DealSecret) -> str:
    match = Match("tavern-jack", 4, deal_secret=secret, deals=3)
    rng = random.Random(2)
    while not match.is_over:
        match.apply(rng.choice(match.legal_moves()))
    return match.record()


def test_a_fair_record_checks_deal_by_deal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    secret = DealSecret(bytes(range(32)), "demo")
    path = tmp_path / "match.txt"
    path.write_text(finished_record(secret))
    assert main(["verify", str(path), "--hands"]) == 0
    out = capsys.readouterr().out
    for n in (1, 2, 3):
        assert f"{secret.commitment(n)}  ok" in out
    assert "seat 3: " in out and "every deal is the one committed before it was played" in out
    assert main(["verify", "--json", str(path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["ok"] and [d["deal"] for d in data["deals"]] == [1, 2, 3]


def test_a_changed_secret_fails_with_status_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    secret = DealSecret(bytes(range(32)), "demo")
    path = tmp_path / "match.txt"
    path.write_text(finished_record(secret).replace(secret.hex, "01" + secret.hex[2:]))
    assert main(["verify", str(path)]) == 1
    out = capsys.readouterr().out
    assert "FAILED" in out and "the deals do NOT match the commitments" in out


def test_records_that_cannot_be_checked_get_status_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", str(tmp_path / "missing.txt")]) == 2
    assert "cannot read" in capsys.readouterr().err
    path = tmp_path / "seeded.txt"
    path.write_text(Match("tavern-jack", 4, 3).record())
    assert main(["verify", str(path)]) == 2
    assert "not dealt from a committed secret" in capsys.readouterr().err
