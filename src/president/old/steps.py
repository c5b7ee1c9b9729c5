"""The steps of a finished game of the old President for a replay viewer: each card, and the table after it.

The game is replayed from its record by the engine, one card at a time (a record made with ``auto_play`` on
holds only the cards that start a sequence: the cards that continue it are played here one by one too). There
is one step at the start of each deal (the stakes, the deal and the turned-up card), one for each card played
(with the sequence that stopped after it, the sections it won, and, for the last card of a hand, the going
out and the payments) and one for the settlement. Each step holds its events (:meth:`Event.to_dict`) and the
whole table after them with every hand and the dummy face up: a finished game hides nothing.

The board and the chips of a step are those after its events: the engine's for the last step of a move, and
worked out from the events (stakes, wins, payments) for a deal that ended within the move, before the next
deal was dealt.
"""

from __future__ import annotations

from typing import Any

from president.old.cards import card_text, parse_card, sort_key
from president.old.match import GAME_NAME, OldMatch
from president.old.moves import Event
from president.old.record import read_record

_SPLITS = ("deal_start", "settlement_deal")
"""The events that begin a step of their own within the events of one move."""


class _Table:
    """The table as the steps show it, kept up to date event by event."""

    def __init__(self, match: OldMatch) -> None:
        self.players = match.players
        self.deal = 0
        self.dealer = match.options.first_dealer
        self.hands: list[list[str]] = [[] for _ in range(self.players)]
        self.dummy: list[str] = []
        self.turned_up: str | None = None
        self.trumps: str | None = None
        self.board = dict.fromkeys(match.board, 0)
        self.chips = [match.options.chips] * self.players
        self.played: list[list[Any]] = []
        self.sequence: list[list[Any]] = []
        self.stopped: dict[str, Any] | None = None
        self.chips_by_deal: list[dict[str, Any]] = []
        self.settlement: list[list[str]] | None = None

    def take(self, event: Event, match: OldMatch) -> None:
        """Change the table by one event; ``match`` is the engine after the whole move."""
        data, seat = event.data, event.seat
        if event.type == "deal_start":
            self.deal, self.dealer = data["deal"], seat if seat is not None else self.dealer
            self.played, self.sequence, self.stopped = [], [], None
            self.turned_up = self.trumps = None
        elif event.type == "stake" and seat is not None:
            self.chips[seat] -= data["chips"]
            for section, chips in data["sections"].items():
                self.board[section] += chips
        elif event.type == "deal":
            self.hands, self.dummy = self._dealt(match)
        elif event.type == "turn_up":
            self.turned_up, self.trumps = data["card"], data["trumps"]
        elif event.type == "play" and seat is not None:
            if data["lead"]:
                self.sequence, self.stopped = [], None
            self.hands[seat].remove(data["card"])
            self.played.append([seat, data["card"]])
            self.sequence.append([seat, data["card"]])
        elif event.type == "sequence_end":
            self.stopped = {"reason": data["reason"], "next": data["next"]}
        elif event.type == "win" and seat is not None:
            self.board[data["section"]] -= data["chips"]
            self.chips[seat] += data["chips"]
        elif event.type == "pay" and seat is not None:
            self.chips[seat] -= data["chips"]
            self.chips[data["to"]] += data["chips"]
        elif event.type == "deal_end":
            self.hands = [list(hand) for hand in data["hands"]]
            self.dummy = list(data["dummy"])
            self.chips_by_deal.append({"deal": data["deal"], "dealer": data["dealer"], "winner": data["winner"],
                                       "chips": list(data["chips"])})
        elif event.type == "settlement_deal":
            self.settlement = [list(hand) for hand in data["hands"]]

    def _dealt(self, match: OldMatch) -> tuple[list[list[str]], list[str]]:
        """The hands and the dummy just dealt (the turned-up card apart), from the engine or the deal's end."""
        if match.deal_number == self.deal:
            # The engine is in this deal, so no card of it has been played yet.
            hands = [[card_text(card) for card in match.hand(seat)] for seat in range(self.players)]
            return hands, [card_text(card) for card in match.dummy()]
        ended = next(e for e in match.log if e.type == "deal_end" and e.data["deal"] == self.deal)
        return [list(hand) for hand in ended.data["hands"]], list(ended.data["dummy"])

    def state(self, match: OldMatch, last: bool) -> dict[str, Any]:
        """The table for one step; ``last``: the step ends the move, so the engine's turn and board hold."""
        if last:
            phase, to_act, next_card = match.phase, match.to_act, match.legal_moves()
            assert match.board == self.board and match.chips == self.chips, "the steps lost count of the chips"
        else:
            phase, to_act, next_card = "between", None, []
        return {
            "deal": self.deal,
            "dealer": self.dealer,
            "phase": phase,
            "to_act": to_act,
            "next_card": str(next_card[0]) if phase == "continue" else None,
            "hands": [_sorted(hand) for hand in self.hands],
            "dummy": _sorted(self.dummy),
            "turned_up": self.turned_up,
            "trumps": self.trumps,
            "board": dict(self.board),
            "chips": list(self.chips),
            "played": [list(play) for play in self.played],
            "sequence": [list(play) for play in self.sequence],
            "stopped": None if self.stopped is None else dict(self.stopped),
            "chips_by_deal": [dict(row, chips=list(row["chips"])) for row in self.chips_by_deal],
            "settlement": None if self.settlement is None else [list(hand) for hand in self.settlement],
        }


def _sorted(cards: list[str]) -> list[str]:
    return [card_text(card) for card in sorted((parse_card(text) for text in cards), key=sort_key)]


def _segments(events: list[Event]) -> list[list[Event]]:
    """The events of one move cut before each new deal and before the settlement."""
    segments: list[list[Event]] = [[]]
    for event in events:
        if event.type in _SPLITS and segments[-1]:
            segments.append([])
        segments[-1].append(event)
    return [segment for segment in segments if segment]


def old_steps(record: str) -> dict[str, Any]:
    """Every step of the finished game of ``record`` (see the module's text), as JSON-ready data.

    ``steps`` lists them; each has ``index`` (the number of its move in the record, None for the start of a
    deal, the settlement, and a card the record leaves to ``auto_play``), ``seat`` (who played the card),
    ``events`` and the table after them: ``deal``, ``dealer``, ``phase``, ``to_act``, ``next_card``,
    ``hands``, ``dummy``, ``turned_up``, ``trumps``, ``board``, ``chips``, ``played`` (every card of the
    deal, as ``[seat, card]``), ``sequence`` (the sequence under way or just stopped), ``stopped`` (why it
    stopped: ``reason`` and ``next``), ``chips_by_deal`` and ``settlement`` (the hands of the settlement
    deal). At the top: ``game``, ``players``, ``options``, ``chips`` and ``chips_by_deal`` at the end, and
    ``winners``. Raises ``ValueError`` for a record that does not replay or a game that is not over.
    """
    match, moves = OldMatch.from_record(record, auto_play=False)
    recorded_auto = read_record(record)[0].get("AutoPlay", "yes") == "yes"
    table = _Table(match)
    steps: list[dict[str, Any]] = []
    _add(steps, table, match, None, None, list(match.log))
    for index, (deal_number, move) in enumerate(moves):
        match.check_deal(deal_number, move)
        seat = match.to_act
        _add(steps, table, match, index, seat, match.apply(move))
        while recorded_auto and match.phase == "continue":
            seat = match.to_act
            _add(steps, table, match, None, seat, match.apply(match.legal_moves()[0]))
    if not match.is_over:
        raise ValueError("the game of this record is not over")
    best = max(match.chips)
    options = match.view(None)["options"]
    options["auto_play"] = recorded_auto
    return {
        "game": GAME_NAME,
        "players": match.players,
        "options": options,
        "steps": steps,
        "chips": match.chips,
        "chips_by_deal": table.chips_by_deal,
        "winners": [seat for seat, chips in enumerate(match.chips) if chips == best],
    }


def _add(steps: list[dict[str, Any]], table: _Table, match: OldMatch, index: int | None, seat: int | None,
         events: list[Event]) -> None:
    """Append the steps of one move's events (several when a deal ends within them)."""
    segments = _segments(events)
    for number, segment in enumerate(segments):
        first = number == 0
        for event in segment:
            table.take(event, match)
        steps.append({"index": index if first else None, "seat": seat if first else None,
                      "events": [event.to_dict() for event in segment],
                      **table.state(match, number == len(segments) - 1)})
