"""Match records as text: a few ``[Key "value"]`` headers, then one move per line.

::

    [Game "President"]
    [Rules "tavern-jack"]
    [Players "4"]
    [Seed "1"]
    # deal 1
    2 3c 3h
    3 pass
    ...

A line is ``SEAT MOVE`` in the move notation of :mod:`president.moves`; ``#``
starts a comment. :func:`parse_record` replays every move through the rules, so a
record that parses is a legal match.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

from .cards import cards_str
from .errors import IllegalMove
from .moves import Move, move_str
from .rules import ALIASES, OPTION_NAMES, PRESETS, Rules, check_options, get_rules

if TYPE_CHECKING:
    from .engine import Match

_HEADER = re.compile(r'^\[(\w+)\s+"(.*)"\]$')


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


def format_record(match: Match) -> str:
    """The record text of ``match``."""
    lines = ['[Game "President"]', f'[Rules "{match.rules.name}"]']
    if match.rules.overrides() or match.rules.name not in PRESETS:
        lines.append(f'[Options "{_escape(_options_json(match.rules))}"]')
    lines.append(f'[Players "{match.players}"]')
    if match.single_deal:
        assert match._initial_hands is not None
        hands = " | ".join(cards_str(h) for h in match._initial_hands)
        lines.append(f'[Hands "{hands}"]')
        if match._first_leader is not None:
            lines.append(f'[Leader "{match._first_leader}"]')
    else:
        lines.append(f'[Seed "{match.seed}"]')
        if match._first_leader is not None:
            lines.append(f'[FirstLeader "{match._first_leader}"]')
    deal = 0
    replay = _fresh(match)
    for seat, value in match._moves():
        if replay.deal_number != deal:
            deal = replay.deal_number
            lines.append(f"# deal {deal}")
        lines.append(f"{seat} {move_str(value)}")
        replay.apply_fast(value)
    if match.is_over:
        lines.append("# winners: " + " ".join(str(s) for s in match.winners))
    return "\n".join(lines) + "\n"


def _fresh(match: Match) -> Match:
    from .engine import Match

    if match.single_deal:
        assert match._initial_hands is not None
        return Match.from_hands(match.rules, match._initial_hands, leader=match._first_leader)
    return Match(match.rules, match.players, match.seed, first_leader=match._first_leader)


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def _unescape(text: str) -> str:
    return text.replace('\\"', '"').replace("\\\\", "\\")


def parse_record(text: str) -> Match:
    """Rebuild the match of a record, checking each move.

    Raises ``ValueError`` (an :class:`IllegalMove` for a bad move) naming the line.
    """
    from .engine import Match

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
    options = _options_from_json(headers["Options"]) if "Options" in headers else {}
    name = headers.get("Rules", "tavern-jack")
    try:
        rules = get_rules(name, **options)
    except ValueError:
        if name in PRESETS or name.lower() in ALIASES:
            raise
        rules = Rules(name=name, **options)
    try:
        players = int(headers["Players"])
    except (KeyError, ValueError):
        raise ValueError("the record needs a [Players \"N\"] header") from None
    match: Match
    if "Hands" in headers:
        hands = [h.strip() for h in headers["Hands"].split("|")]
        leader = int(headers["Leader"]) if "Leader" in headers else None
        match = Match.from_hands(rules, hands, leader=leader)
    else:
        if "Seed" not in headers:
            raise ValueError('the record needs a [Seed "N"] or a [Hands "..."] header')
        first = int(headers["FirstLeader"]) if "FirstLeader" in headers else None
        match = Match(rules, players, int(headers["Seed"]), first_leader=first)
    for number, seat, move_text in moves:
        if match.to_act != seat:
            raise IllegalMove(f"line {number}: seat {seat} moves but seat {match.to_act} is to act")
        try:
            move: Move = match.parse_move(move_text)
            match.apply(move)
        except IllegalMove as exc:
            raise IllegalMove(f"line {number}: {exc}") from None
    return match
