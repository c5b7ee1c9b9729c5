"""Match records as text: a few ``[Key "value"]`` headers, then one move per line.

::

    [Game "President"]
    [Rules "tavern-jack"]
    [Code "r1.tavern-jack"]
    [Players "4"]
    [Seed "1"]
    # deal 1
    2 3c 3h
    3 pass
    ...

``[Code]`` is the rule code of :mod:`president.rule_codes`: a record may carry it alone instead of
``[Rules]`` and ``[Options]``; with them, it must name the same options.

A match dealt from a secret (:mod:`president.secret_deals`, ``docs/verify.md``) has, instead of the
seed, ``[Table "ID"]``, ``[Commitments "C1 C2 ..."]`` (one per deal dealt) and, once the match is
over and never before, ``[Secret "HEX"]``. A match dealt as duplicate (every table of the same seed
or secret gives seat ``i`` the same cards) adds ``[Dealing "duplicate"]``.

A line is ``SEAT MOVE`` in the move notation of :mod:`president.moves`; ``#``
starts a comment. This module reads and writes the text only (:func:`read_record`,
:func:`write_record`); :meth:`president.Match.replay` rebuilds the match from what
it reads, checking every move, so a record that replays is a legal match, and
:meth:`president.Match.record` writes one from the match's own move log.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .cards import cards_str
from .moves import move_str
from .rule_codes import decode, encode
from .rules import ALIASES, OPTION_NAMES, OPTIONS, PRESETS, Rules, check_options, get_rules

_HEADER = re.compile(r'^\[(\w+)\s+"(.*)"\]$')


@dataclass
class RecordText:
    """What a record says: the rules, the table, how the deals came about, and the moves as text."""

    rules: Rules
    players: int
    seed: int | None = None
    """The match seed (None for a single deal from given hands)."""
    hands: list[str] | None = None
    """The hands of a single deal, as card text."""
    first_leader: int | None = None
    """The seat fixed to lead the first deal (None: by the rules)."""
    moves: list[tuple[int, int, str]] = field(default_factory=list)
    """``(line number, seat, move text)`` for each move line."""
    table: str | None = None
    """The table a match dealt from a secret was played at (None: dealt from the seed or from given hands)."""
    commitments: list[str] = field(default_factory=list)
    """The commitments shown before the deals of a match dealt from a secret."""
    secret: str | None = None
    """The secret of a match dealt from one, as hexadecimal text (None until the match is over)."""
    duplicate: bool = False
    """Dealt as duplicate (``[Dealing "duplicate"]``): seat ``i`` gets deck position ``i`` whoever leads."""


def _options_json(rules: Rules) -> str:
    return json.dumps(rules.overrides(), sort_keys=True, separators=(",", ":"))


def _options_from_json(text: str) -> dict[str, Any]:
    """Options of a record header, each checked against its declaration (lists become tuples)."""
    raw = json.loads(text)
    if not isinstance(raw, dict):
        raise ValueError("Options must be a JSON object")
    declared = {k: v for k, v in raw.items() if k in OPTION_NAMES}
    out = check_options(declared, OPTION_NAMES)
    # Settings that are not options (titles of a custom rule set): lists become tuples.
    out.update({k: tuple(v) if isinstance(v, list) else v for k, v in raw.items() if k not in OPTION_NAMES})
    return out


def write_record(
    rules: Rules, players: int, seed: int | None, hands: Sequence[int] | None, first_leader: int | None,
    moves: Sequence[tuple[int, int, int]], winners: Sequence[int] | None,
    dealt_from: tuple[str, Sequence[str], str | None] | None = None, duplicate: bool = False,
) -> str:
    """The record text of a match: ``moves`` are ``(seat, move, deal number)``; ``winners`` once it is over.

    ``hands`` (card masks) make it a single deal from given hands; ``dealt_from`` (table, commitments, secret
    or None) a match dealt from a secret; otherwise ``seed`` deals every deal. ``duplicate`` writes
    ``[Dealing "duplicate"]``.
    """
    lines = ['[Game "President"]', f'[Rules "{rules.name}"]']
    if rules.overrides() or rules.name not in PRESETS:
        lines.append(f'[Options "{_escape(_options_json(rules))}"]')
    lines.append(f'[Code "{encode(rules)}"]')
    lines.append(f'[Players "{players}"]')
    if hands is not None:
        lines.append(f'[Hands "{" | ".join(cards_str(h) for h in hands)}"]')
        if first_leader is not None:
            lines.append(f'[Leader "{first_leader}"]')
    else:
        if dealt_from is None:
            lines.append(f'[Seed "{seed}"]')
        else:
            table, commitments, secret = dealt_from
            lines += [f'[Table "{_escape(table)}"]', f'[Commitments "{" ".join(commitments)}"]']
            if secret is not None:
                lines.append(f'[Secret "{secret}"]')
        if first_leader is not None:
            lines.append(f'[FirstLeader "{first_leader}"]')
        if duplicate:
            lines.append('[Dealing "duplicate"]')
    deal = 0
    for seat, value, number in moves:
        if number != deal:
            deal = number
            lines.append(f"# deal {deal}")
        lines.append(f"{seat} {move_str(value)}")
    if winners is not None:
        lines.append("# winners: " + " ".join(str(s) for s in winners))
    return "\n".join(lines) + "\n"


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def _unescape(text: str) -> str:
    return text.replace('\\"', '"').replace("\\\\", "\\")


def _rules_of(headers: dict[str, str]) -> Rules:
    """The rules of a record's headers: ``[Rules]`` and ``[Options]``, or ``[Code]``, which must agree."""
    coded = decode(headers["Code"]) if "Code" in headers else None
    if coded is not None and "Rules" not in headers and "Options" not in headers:
        return coded
    options = _options_from_json(headers["Options"]) if "Options" in headers else {}
    name = headers.get("Rules", "tavern-jack")
    try:
        rules = get_rules(name, **options)
    except ValueError:
        if name in PRESETS or name.lower() in ALIASES:
            raise
        rules = Rules(name=name, **options)
    if coded is not None:
        differ = [s.name for s in OPTIONS if getattr(coded, s.name) != getattr(rules, s.name)]
        if differ:
            raise ValueError(f"the [Code] header {headers['Code']!r} disagrees with [Rules] and [Options] on "
                             f"{', '.join(differ)}")
    return rules


def read_record(text: str) -> RecordText:
    """What a record's text says, checked for its form (not its moves); ``ValueError`` names the problem."""
    headers: dict[str, str] = {}
    moves: list[tuple[int, int, str]] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        header = _HEADER.match(line)
        if header:
            headers[header.group(1)] = _unescape(header.group(2))
            continue
        seat_text, _, move_text = line.partition(" ")
        if not seat_text.isdigit() or not move_text:
            raise ValueError(f"line {number}: expected 'SEAT MOVE', got {line!r}")
        moves.append((number, int(seat_text), move_text))
    if headers.get("Game", "President") != "President":
        raise ValueError(f"not a President record: Game is {headers['Game']!r}")
    rules = _rules_of(headers)
    try:
        players = int(headers["Players"])
    except (KeyError, ValueError):
        raise ValueError("the record needs a [Players \"N\"] header") from None
    if "Hands" in headers:
        hands = [h.strip() for h in headers["Hands"].split("|")]
        leader = int(headers["Leader"]) if "Leader" in headers else None
        return RecordText(rules, players, None, hands, leader, moves)
    first = int(headers["FirstLeader"]) if "FirstLeader" in headers else None
    dealing = headers.get("Dealing", "from the leader")
    if dealing not in ("from the leader", "duplicate"):
        raise ValueError(f'[Dealing] is "duplicate" or absent, not {dealing!r}')
    duplicate = dealing == "duplicate"
    if "Table" in headers:
        commitments = headers.get("Commitments", "").split()
        return RecordText(rules, players, None, None, first, moves, headers["Table"], commitments,
                          headers.get("Secret"), duplicate)
    if "Seed" not in headers:
        raise ValueError('the record needs a [Seed "N"], a [Table "ID"] or a [Hands "..."] header')
    return RecordText(rules, players, int(headers["Seed"]), None, first, moves, duplicate=duplicate)

