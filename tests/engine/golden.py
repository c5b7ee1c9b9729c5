"""Golden legal-move counts: positions kept in ``tests/data/golden/PRESET.perft``, and perft.

A file holds positions separated by blank lines; ``#`` starts a comment::

    position lead-with-a-four
    hands 3c 4c 4d 4h 4s | 5c 6c | 7c 8c
    leader 0
    options {"pass_lockout": true}
    moves 3c, pass
    legal 4
    perft 1 4
    perft 2 10

A position is a single deal from ``hands`` (with ``leader``, optional) or a match
from ``players`` and ``seed``; then the ``moves`` (comma-separated move text, on
one or more lines) are applied. ``legal`` is the number of legal moves of the
seat to act, ``perft D`` the number of move sequences of length D that stay in
the current deal (the move that ends the deal ends a sequence).

The counts are computed by the reference model; rewrite them after adding a
position (a ``perft D`` line without a count is filled in) with::

    cd tests && python -m engine.golden --write

A seeded position may say how its moves were chosen, ``made lowest-to-deal 2``
(the lowest cards, never a pass when a play exists, until deal 2 begins) or
``made random 40`` (40 uniformly random moves from ``random.Random(seed)``); if
the way a seed deals changes, ``--write --remake`` chooses those moves again.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path
from typing import Any

from president import Match
from president.moves import GIVE_FLAG, move_str

from .reference import RefDeal, from_match, mask_of, rank_of

GOLDEN_DIR = Path(__file__).resolve().parent.parent / "data" / "golden"


@dataclass
class Position:
    """One golden position and its expected counts."""

    preset: str
    name: str
    hands: list[str] | None = None
    leader: int | None = None
    players: int | None = None
    seed: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
    moves: list[str] = field(default_factory=list)
    made: str | None = None
    """How the moves of a seeded position were chosen (``lowest-to-deal N`` or ``random N``), to remake them."""
    legal: int | None = None
    perft: dict[int, int | None] = field(default_factory=dict)
    comments: list[str] = field(default_factory=list)

    def build(self) -> Match:
        """The match at this position."""
        if self.hands is not None:
            match = Match.from_hands(self.preset, self.hands, leader=self.leader, **self.options)
        else:
            assert self.players is not None and self.seed is not None, f"{self.name}: hands or players+seed"
            match = Match(self.preset, players=self.players, seed=self.seed, **self.options)
        for move in self.moves:
            match.apply(move)
        return match

    def to_text(self) -> str:
        """The position as lines of its file."""
        lines = [*self.comments, f"position {self.name}"]
        if self.hands is not None:
            lines.append("hands " + " | ".join(self.hands))
        if self.leader is not None:
            lines.append(f"leader {self.leader}")
        if self.players is not None:
            lines.append(f"players {self.players}")
        if self.seed is not None:
            lines.append(f"seed {self.seed}")
        if self.options:
            lines.append("options " + json.dumps(self.options, sort_keys=True))
        if self.made is not None:
            lines.append(f"made {self.made}")
        for start in range(0, len(self.moves), 12):
            lines.append("moves " + ", ".join(self.moves[start:start + 12]))
        if self.legal is not None:
            lines.append(f"legal {self.legal}")
        for depth, count in sorted(self.perft.items()):
            lines.append(f"perft {depth}" + ("" if count is None else f" {count}"))
        return "\n".join(lines)


def read_positions(path: Path) -> tuple[list[str], list[Position]]:
    """The header (the comment blocks before the first position) and the positions of a golden file."""
    header: list[str] = []
    positions: list[Position] = []
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        lines = [line.strip() for line in block.strip().splitlines()]
        comments = [line for line in lines if line.startswith("#")]
        fields = [line for line in lines if line and not line.startswith("#")]
        if not fields:
            if not positions and comments:
                header.append("\n".join(comments))
            continue
        key, _, name = fields[0].partition(" ")
        if key != "position":
            raise ValueError(f"{path.name}: a block must start with 'position NAME', not {fields[0]!r}")
        position = Position(path.stem, name, comments=comments)
        for line in fields[1:]:
            read_field(position, line)
        positions.append(position)
    return header, positions


def read_field(position: Position, line: str) -> None:
    """Store one ``key value`` line of a position."""
    key, _, value = line.partition(" ")
    if key == "hands":
        position.hands = [h.strip() for h in value.split("|")]
    elif key in ("leader", "players", "seed", "legal"):
        setattr(position, key, int(value))
    elif key == "options":
        position.options = json.loads(value)
    elif key == "made":
        position.made = value
    elif key == "moves":
        position.moves += [m.strip() for m in value.split(",") if m.strip()]
    elif key == "perft":
        depth, _, count = value.partition(" ")
        position.perft[int(depth)] = int(count) if count else None
    else:
        raise ValueError(f"position {position.name}: unknown key {key!r}")


def golden_files() -> list[Path]:
    """Every golden file, one per preset."""
    return sorted(GOLDEN_DIR.glob("*.perft"))


def engine_perft(match: Match, depth: int) -> int:
    """Move sequences of length ``depth`` from ``match`` within its current deal, by the engine."""
    if depth == 0:
        return 1
    moves = match.legal_masks()
    if depth == 1:
        return len(moves)
    deal = match.deal_number
    total = 0
    for move in moves:
        child = match.copy()
        child.apply_fast(move)
        if not child.is_over and child.deal_number == deal:
            total += engine_perft(child, depth - 1)
    return total


def reference_perft(deal: RefDeal, depth: int) -> int:
    """Move sequences of length ``depth`` from ``deal``, by the reference model."""
    if depth == 0:
        return 1
    moves = deal.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(reference_perft(child, depth - 1) for child in map(deal.after, moves) if not child.over)


def engine_divide(match: Match, depth: int) -> dict[str, int]:
    """Perft of ``depth`` split by first move (move text → count), by the engine."""
    out = {}
    for move in match.legal_moves():
        child = match.copy()
        child.apply_fast(move)
        ends = child.is_over or child.deal_number != match.deal_number
        out[str(move)] = (1 if depth == 1 else 0) if ends else engine_perft(child, depth - 1)
    return out


def reference_divide(deal: RefDeal, depth: int) -> dict[str, int]:
    """Perft of ``depth`` split by first move (move text → count), by the reference model."""
    out = {}
    for move in deal.legal_moves():
        child = deal.after(move)
        text = move_str(mask_of(move) | (GIVE_FLAG if deal.phase == "exchange" else 0))
        out[text] = (1 if depth == 1 else 0) if child.over else reference_perft(child, depth - 1)
    return out


def breakdown(match: Match, depth: int) -> str:
    """A per-move table of the engine's and the reference's counts, differences marked."""
    engine = engine_divide(match, depth)
    reference = reference_divide(from_match(match), depth)
    lines = [f"perft {depth} by first move: engine / reference"]
    for move in sorted(set(engine) | set(reference)):
        e, r = engine.get(move), reference.get(move)
        lines.append(f"  {move:<24} {e!s:>8} {r!s:>8}" + ("" if e == r else "   <-- differs"))
    return "\n".join(lines)


def all_subsets(cards: list[int]) -> Iterator[tuple[int, ...]]:
    """Every subset of ``cards``, the empty one first."""
    for size in range(len(cards) + 1):
        yield from combinations(cards, size)


def brute_force_legal_count(match: Match) -> int:
    """Legal moves of the seat to act, found by trying every subset of its hand against the rules.

    Independent of both the engine's tables and the reference model's pruning:
    each of the 2^k subsets of the hand (the empty one is the pass) is checked
    clause by clause.
    """
    deal = from_match(match)
    hand = sorted(deal.hands[deal.to_act])
    if deal.exchange:
        return sum(1 for cards in all_subsets(hand) if len(cards) == deal.exchange[0][2])
    return sum(1 for cards in all_subsets(hand) if legal_by_the_text(deal, cards))


def legal_by_the_text(deal: RefDeal, cards: tuple[int, ...]) -> bool:
    """Whether playing ``cards`` (empty: a pass) is allowed now, clause by clause."""
    if not cards:
        return bool(deal.table)  # the leader may not pass; on a table a pass is always allowed
    if len({rank_of(c) for c in cards}) > 1:
        return False  # one card, or several cards of one rank
    if len(cards) > deal.rules.max_set:
        return False  # no four of a kind where the preset says so
    if not deal.table:
        return deal.must_contain is None or deal.must_contain in cards
    if len(cards) != len(deal.table):
        return False  # as many cards as the last play
    weakest_first = list(range(13))  # the 3 up to the 2
    if deal.reversed_order:
        weakest_first.reverse()
    jokers_on_top = not deal.reversed_order or deal.rules.joker_in_revolution == "highest"
    order = [*weakest_first, 13] if jokers_on_top else [13, *weakest_first]
    return order.index(rank_of(cards[0])) > order.index(rank_of(min(deal.table)))  # strictly higher


def remake_moves(position: Position) -> None:
    """Choose the moves of a seeded position again, as its ``made`` line says (after a change of dealing)."""
    if position.made is None:
        return
    how, _, count = position.made.partition(" ")
    position.moves = []
    match = position.build()
    rng = random.Random(position.seed)
    if how == "lowest-to-deal":
        while match.deal_number < int(count):
            position.moves.append(move_str(min((m for m in match.legal_masks() if m), default=0)))
            match.apply(position.moves[-1])
    elif how == "random":
        for _ in range(int(count)):
            moves = sorted(match.legal_masks())
            position.moves.append(move_str(moves[rng.randrange(len(moves))]))
            match.apply(position.moves[-1])
    else:
        raise ValueError(f"position {position.name}: unknown 'made {position.made}'")


def write_counts(remake: bool = False) -> None:
    """Recompute every count of every golden file with the reference model and rewrite the files.

    With ``remake``, first choose again the moves of the seeded positions that say how they were made.
    """
    for path in golden_files():
        header, positions = read_positions(path)
        for position in positions:
            if remake:
                remake_moves(position)
            match = position.build()
            deal = from_match(match)
            position.legal = len(deal.legal_moves())
            position.perft = {d: reference_perft(deal, d) for d in position.perft}
        path.write_text("\n\n".join([*header, *(p.to_text() for p in positions)]) + "\n", encoding="utf-8")
        print(f"{path.name}: {len(positions)} positions")


if __name__ == "__main__":
    if sys.argv[1:] not in (["--write"], ["--write", "--remake"]):
        raise SystemExit("usage: cd tests && python -m engine.golden --write [--remake]")
    write_counts(remake="--remake" in sys.argv)
