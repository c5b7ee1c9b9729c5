"""Golden legal-move counts under house rules (tests/data/golden-house/*.perft): file, engine and model agree.

The counts were computed by the house reference model; rewrite them after adding a position with::

    cd tests && python -m engine.test_golden_house --write
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from president import Match

from .golden import Position, engine_perft, read_positions
from .house_reference import HouseDeal, from_match

HOUSE_DIR = Path(__file__).resolve().parent.parent / "data" / "golden-house"


def house_files() -> list[Path]:
    """Every golden file of house-rule positions, one per preset."""
    return sorted(HOUSE_DIR.glob("*.perft"))


def model_perft(deal: HouseDeal, depth: int) -> int:
    """Move sequences of length ``depth`` within the deal, by the house reference model."""
    if depth == 0:
        return 1
    moves = deal.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(model_perft(child, depth - 1) for child in map(deal.after, moves) if not child.over)


def build(position: Position) -> Match:
    """The position's match, its seeded random moves made first when the file does not list them yet."""
    if position.made and position.made.startswith("random") and not position.moves:
        match = position.build()
        rng = random.Random(position.seed)
        for _ in range(int(position.made.split()[1])):
            moves = match.legal_moves()
            move = moves[rng.randrange(len(moves))]
            if match.phase != "play":
                break
            position.moves.append(str(move))
            match.apply(move)
    return position.build()


POSITIONS = [p for path in house_files() for p in read_positions(path)[1]]


@pytest.mark.parametrize("position", POSITIONS, ids=lambda p: f"{p.preset}/{p.name}")
def test_house_counts_agree_with_the_file_the_engine_and_the_model(position: Position) -> None:
    match = build(position)
    assert match.rules.house and match.phase == "play"
    assert position.legal is not None and position.perft, f"{position.name}: no counts in the file"
    model = from_match(match)
    assert len(match.legal_masks()) == len(model.legal_moves()) == position.legal
    for depth, count in sorted(position.perft.items()):
        assert engine_perft(match, depth) == count, f"{position.name}: engine perft {depth}"
        if depth <= 2:
            assert model_perft(model, depth) == count, f"{position.name}: model perft {depth}"


def write() -> None:
    """Fill in every count (and the moves of seeded positions) from the house reference model."""
    for path in house_files():
        header, positions = read_positions(path)
        for position in positions:
            match = build(position)
            deal = from_match(match)
            position.legal = len(deal.legal_moves())
            for depth in position.perft:
                position.perft[depth] = model_perft(deal, depth)
        path.write_text("\n\n".join([*header, *(p.to_text() for p in positions)]) + "\n", encoding="utf-8")
        print(f"wrote {path}")


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        write()
    else:
        print(__doc__)
