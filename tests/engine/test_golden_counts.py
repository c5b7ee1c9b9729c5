"""Golden legal-move counts per preset (tests/data/golden/*.perft), like the perft files of chess engines.

Each position's counts must agree three ways: the number in the file, the
engine, and the reference model (with a brute-force search over every subset of
the hand for the root). A mismatch prints the counts split by first move.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .golden import (
    Position,
    breakdown,
    brute_force_legal_count,
    engine_divide,
    engine_perft,
    golden_files,
    read_positions,
    reference_perft,
)
from .reference import from_match
from .spec import PRESET_NAMES

POSITIONS: list[Position] = [p for path in golden_files() for p in read_positions(path)[1]]


def position_id(position: Position) -> str:
    """Test id: preset/name."""
    return f"{position.preset}/{position.name}"


def test_every_preset_has_a_golden_file_with_positions() -> None:
    files = {path.stem: read_positions(path)[1] for path in golden_files()}
    assert set(files) == set(PRESET_NAMES)
    for preset, positions in files.items():
        assert len(positions) >= 5, preset
        assert len({p.name for p in positions}) == len(positions), f"{preset}: two positions share a name"
        assert any(p.seed is not None for p in positions) and any(p.hands is not None for p in positions)


@pytest.mark.parametrize("position", POSITIONS, ids=position_id)
def test_legal_move_count_agrees_with_the_file_and_a_brute_force_search(position: Position) -> None:
    match = position.build()
    assert position.legal is not None, f"{position.name}: no legal count in the file"
    counts = {
        "file": position.legal,
        "engine": len(match.legal_masks()),
        "brute force": brute_force_legal_count(match),
        "reference": len(from_match(match).legal_moves()),
    }
    assert len(set(counts.values())) == 1, f"{position.name}: {counts}\n{breakdown(match, 1)}"


@pytest.mark.parametrize("position", POSITIONS, ids=position_id)
def test_perft_agrees_with_the_file_and_the_reference_model(position: Position) -> None:
    match = position.build()
    deal = from_match(match)
    assert position.perft, f"{position.name}: no perft lines"
    for depth, expected in sorted(position.perft.items()):
        engine, reference = engine_perft(match, depth), reference_perft(deal, depth)
        if not engine == reference == expected:
            pytest.fail(
                f"{position_id(position)} perft {depth}: file {expected}, engine {engine}, reference {reference}\n"
                + breakdown(match, depth)
            )


def test_the_per_move_breakdown_adds_up_to_the_perft_count() -> None:
    position = next(p for p in POSITIONS if p.preset == "revolution" and p.name == "lockout-mid-pile")
    match = position.build()
    assert sum(engine_divide(match, 3).values()) == position.perft[3]
    table = breakdown(match, 3)
    assert "differs" not in table and len(table.splitlines()) == 1 + len(match.legal_masks())


@pytest.mark.parametrize("path", golden_files(), ids=lambda p: p.name)
def test_golden_files_are_written_in_the_canonical_form(path: Path) -> None:
    header, positions = read_positions(path)
    text = "\n\n".join([*header, *(p.to_text() for p in positions)]) + "\n"
    assert text == path.read_text(encoding="utf-8")
