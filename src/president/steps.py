"""The steps of a finished match for a replay viewer: what happened at each move, and the whole table after it.

A match is replayed from its record by the engine itself. There is one step at the start of each deal (the deal
and the automatic gifts of the exchange) and one for each move of the record (a give back, a play or a pass),
holding the events that move caused (:meth:`~president.engine.Match.apply`) and the state of the table after
it with every hand face up. Put end to end, the events of the steps are :meth:`Match.events`.

The move that ends a deal also deals the next one: its step shows the table as the deal ended (the last
player's cards still in his hand), and the next deal's own step begins with its ``deal`` event.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from .cards import cards_list
from .engine import Match
from .events import Event
from .moves import CARDS_MASK, move_str
from .plays import suits_text

_cards = lru_cache(maxsize=4096)(cards_list)
"""``cards_list`` remembered: from one step to the next only the mover's hand changes."""


def _received(match: Match) -> list[list[str]]:
    """The cards each seat received in the exchange of the current deal."""
    return [list(_cards(match.seat_view(s, history=False).received)) for s in range(match.players)]


def _state(match: Match, received: list[list[str]]) -> dict[str, Any]:
    """The table with every hand face up: what a viewer draws for one step."""
    view = match.seat_view(0, reveal=True, history=False)
    players = match.players
    places: list[int | None] = [None] * players
    for place, seat in enumerate(view.finished, 1):
        places[seat] = place
    for fallen, seat in enumerate(view.bottom):
        places[seat] = players - fallen
    if match.phase == "over":
        for place, seat in enumerate(view.deal_results[-1].order, 1):
            places[seat] = place
    assert view.all_hands is not None
    return {
        "deal": view.deal_number,
        "phase": view.phase,
        "to_act": view.to_act,
        "hands": [list(_cards(hand)) for hand in view.all_hands],
        "table": cards_list(view.table),
        "table_move": move_str(view.table_move) if view.table else "",
        "table_owner": view.owner if view.table else None,
        "passed": [s for s in range(players) if view.passed >> s & 1],
        "places": places,
        "revolution": view.revolution,
        "eleven_back": view.eleven_back,
        "direction": "counterclockwise" if view.backwards else "clockwise",
        "rank_order": list(view.rank_order()),
        "lock": suits_text(view.lock),
        "titles": list(view.titles),
        "scores": list(view.scores),
        "deals_done": len(view.deal_results),
        "received": received,
    }


def _deal_end(match: Match, move: int) -> dict[str, Any]:
    """The table just after ``move`` ends the current deal of ``match``, before the next deal is dealt.

    The move is made on a copy told that this deal is the last, so the copy stops where the deal ends.
    """
    end = match.copy()
    end.single_deal = True
    end.apply(move)
    return _state(end, _received(end))


def _actions(events: list[Event], actions: dict[int, str]) -> None:
    """Keep, per seat, what it did last in the current trick (``pass`` or its cards); cleared with the trick.

    At the end of a deal the last trick stays until the next deal."""
    for event in events:
        if event.kind in ("deal", "trick_cleared"):
            actions.clear()
        elif event.kind == "pass" and event.seat is not None:
            actions[event.seat] = "pass"
        elif event.kind == "play" and event.seat is not None:
            actions[event.seat] = " ".join(cards_list(event.cards))


def match_steps(record: str) -> dict[str, Any]:
    """Every step of the match of ``record`` (see the module's text), as JSON-ready data.

    ``steps`` lists them; each has ``index`` (the number of its move in the record, None at the start of a
    deal), ``seat`` (who moved), ``events`` (as :meth:`Event.to_dict` gives them, every card shown),
    ``actions`` (each seat's last play or pass in the trick on the table) and the state of the table.
    ``results`` are the deal results of the whole match, ``winners`` its winners. Raises ``ValueError``
    for a record that does not replay.
    """
    finished = Match.replay(record)
    match = Match.replay(record, moves=0)
    actions: dict[int, str] = {}
    received = _received(match)
    steps = [_step(None, None, list(match.events()), _state(match, received), actions)]
    for index, (seat, move, _deal) in enumerate(finished.move_log()):
        # Only a play that empties the mover's hand can end the deal: keep the position before it.
        goes_out = match.phase == "play" and bool(move) and not match.hands[seat] & ~(int(move) & CARDS_MASK)
        before = match.copy() if goes_out else None
        events = list(match.apply(move))
        if any(e.kind in ("gift", "return") for e in events):
            received = _received(match)
        if before is not None and match.phase != "over" and any(e.kind == "deal_over" for e in events):
            split = next(i for i, e in enumerate(events) if e.kind == "deal")
            steps.append(_step(index, seat, events[:split], _deal_end(before, move), actions))
            received = _received(match)
            steps.append(_step(None, None, events[split:], _state(match, received), actions))
        else:
            steps.append(_step(index, seat, events, _state(match, received), actions))
    return {
        "players": finished.players,
        "rules": finished.rules.name,
        "steps": steps,
        "results": [r.to_dict() for r in finished.deal_results],
        "winners": list(finished.winners),
    }


def _step(index: int | None, seat: int | None, events: list[Event], state: dict[str, Any],
          actions: dict[int, str]) -> dict[str, Any]:
    _actions(events, actions)
    return {"index": index, "seat": seat, "events": [e.to_dict() for e in events],
            "actions": {str(s): a for s, a in sorted(actions.items())}, **state}
