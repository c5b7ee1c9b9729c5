"""The text record of a match: tag lines with the seed and options, then the moves deal by deal.

::

    [Game "old-president"]
    [Seed "7"]
    [Players "4"]
    ...

    1. 3h Qs 7c
    2. Ad 10s
    ; chips 112 96 87 105

Lines starting with ``;`` are comments. A deal in which nobody moved (a President turned up) has no line.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_TAG = re.compile(r'^\[(\w+) "([^"]*)"\]$')
_DEAL = re.compile(r"^(\d+)\.$")


def write_record(tags: Sequence[tuple[str, str]], moves: Sequence[tuple[int, str]],
                 comment: str | None = None) -> str:
    """Format tags, ``(deal, move)`` pairs and an optional closing comment as record text."""
    lines = [f'[{name} "{value}"]' for name, value in tags]
    lines.append("")
    current: list[str] = []
    for index, (deal, move) in enumerate(moves):
        if index == 0 or moves[index - 1][0] != deal:
            current = [f"{deal}."]
            lines.append("")
        current.append(move)
        lines[-1] = " ".join(current)
    if comment:
        lines.append(f"; {comment}")
    return "\n".join(lines) + "\n"


def read_record(text: str) -> tuple[dict[str, str], list[tuple[int, str]]]:
    """Parse record text into its tags and ``(deal, move)`` pairs; raises ``ValueError`` on a malformed line."""
    tags: dict[str, str] = {}
    moves: list[tuple[int, str]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith(";"):
            continue
        tag = _TAG.match(line)
        if tag:
            tags[tag.group(1)] = tag.group(2)
            continue
        first, *rest = line.split()
        deal = _DEAL.match(first)
        if not deal:
            raise ValueError(f"line {number} of the record is neither a tag nor a deal's moves: {line!r}")
        moves.extend((int(deal.group(1)), move) for move in rest)
    return tags, moves
