"""The results of a duplicate event against the field: each seat's deal ranked among every table's, and par.

Every table of a round of a duplicate event deals the same cards to the same seat. A deal's results are told
only once every table of the round has finished that deal, so that nobody still playing those cards learns
anything from another table; par (what a field of bots scores from the seat with those cards,
:func:`president.duplicate.par_points`) is added when the analysis workers have computed it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...duplicate import field_places
from ..store.ratings import account_subject, bot_subject
from ..store.tournament_log import Board, Entry

DealPoints = Sequence[Sequence[int]]
"""The points of each finished deal of one table, by seat (deal 1 first)."""


@dataclass
class EntryTotal:
    """One entrant's duplicate totals over the deals told so far."""

    entry: int
    points: int = 0
    field_points: float = 0.0
    """Per deal: one point per table that scored less from the same seat, a half per table that scored the same."""
    adjusted: float = 0.0
    """The sum of ``points - par`` over the deals whose par is known."""
    deals: int = 0


def complete_deals(boards: Sequence[Board], results: Mapping[str, DealPoints]) -> int:
    """How many deals every table of these boards (one round) has finished."""
    return min((len(results.get(b.table_id, ())) for b in boards), default=0)


def field_report(
    rounds: Mapping[int, Sequence[Board]], results: Mapping[str, DealPoints],
    pars: Mapping[tuple[int, int], Sequence[float]],
) -> dict[str, Any]:
    """The event's results against the field, as JSON: by round, deal and seat, each table's entrant, points,
    place among the tables (``place`` of ``of``) and points less par; and each entrant's totals (best first).

    ``rounds`` holds the boards of each round, ``results`` each table's deal points, ``pars`` the par of
    each seat by (round, deal) where it is known. Only the deals every table of a round has finished are told.
    """
    totals: dict[int, EntryTotal] = {}
    out_rounds = []
    for round_no in sorted(rounds):
        boards = sorted(rounds[round_no], key=lambda b: b.board)
        told = complete_deals(boards, results)
        deals = []
        for deal in range(1, told + 1):
            par = pars.get((round_no, deal))
            seats = []
            for seat in range(len(boards[0].entries)):
                points = [results[b.table_id][deal - 1][seat] for b in boards]
                places = field_places(points)
                rows = []
                for b, mine, place in zip(boards, points, places, strict=True):
                    entry = b.entries[seat]
                    adjusted = None if par is None else round(mine - par[seat], 2)
                    rows.append({"board": b.board, "entry": entry, "points": mine, "place": place.place,
                                 "of": place.of, "adjusted": adjusted})
                    if entry is None:
                        continue
                    total = totals.setdefault(entry, EntryTotal(entry))
                    total.points += mine
                    total.field_points += sum(1.0 if other < mine else 0.5 if other == mine else 0.0
                                              for other in points) - 0.5
                    total.deals += 1
                    if adjusted is not None:
                        total.adjusted += mine - par[seat]  # type: ignore[index]
                seats.append({"seat": seat, "par": None if par is None else round(par[seat], 2), "results": rows})
            deals.append({"deal": deal, "seats": seats})
        out_rounds.append({"round": round_no, "deals": deals, "tables": len(boards)})
    ranked = sorted(totals.values(), key=lambda t: (-t.adjusted, -t.field_points, t.entry))
    return {
        "rounds": out_rounds,
        "totals": [{"entry": t.entry, "points": t.points, "field_points": t.field_points,
                    "adjusted": round(t.adjusted, 2), "deals": t.deals} for t in ranked],
    }


def adjusted_by_subject(totals: Sequence[Mapping[str, Any]], entries: Sequence[Entry]) -> dict[str, float]:
    """The rating subject of each entrant of ``totals`` (a :func:`field_report`'s) with its adjusted total: an
    account's entrant as the account, a registry bot as the bot (by its best entrant when it entered twice);
    guests have no subject and are left out."""
    by_entry = {e.entry: e for e in entries}
    out: dict[str, float] = {}
    for total in totals:
        who = by_entry.get(total["entry"])
        if who is None:
            continue
        if who.account_id is not None:
            subject = account_subject(who.account_id)
        elif who.bot is not None:
            subject = bot_subject(who.bot)
        else:
            continue
        out[subject] = max(float(total["adjusted"]), out.get(subject, float("-inf")))
    return out
