"""Playing a match in the terminal against bots: one person, reading lines from standard input.

The person sees only what their seat may see: :class:`TerminalGame` draws every
screen from the seat's :class:`~president.view.SeatView` and from the events of
the engine, showing the cards of a private event (the exchange) only to the
seats it concerns. Entries are cards (``7c 7h``), numbers of the sorted hand
(``1 2``), ``pass``, ``hint``, ``why``, ``help`` or ``quit``. Colors come from rich when
the output is a terminal and rich is installed; otherwise the text is plain.
"""

from __future__ import annotations

import random
import re
import sys
from collections.abc import Sequence
from typing import IO, Any, Protocol

from .bots import Bot
from .bots.classic import ClassicBot
from .cards import JOKERS, card_rank, card_str, iter_cards
from .engine import Match
from .errors import IllegalMove
from .events import Event, Events
from .explain import Explanation
from .movegen import ORDER
from .moves import (
    CARDS_MASK,
    GIVE_FLAG,
    NAME_FLAG,
    OWED_FLAGS,
    OWED_WORDS,
    PASS_ON_FLAG,
    SALVAGE_FLAG,
    Move,
    move_str,
)
from .players import decide, make_bot
from .plays import EIGHT_WAITS, suits_text
from .rules import OPTIONS, get_rules
from .view import SeatView

HELP = """Type the cards to play, like '7c 7h' (ranks 3-10 or T J Q K A 2, suits c d h s),
or their numbers in your sorted hand, like '1 2'. Also: 'pass', 'hint' (the legal moves),
'why' (why the computer players made their moves in the last deal over), 'help' (this text),
'quit' (leave the match). During the exchange, name the cards you give back; after your play
of 7s or 10s (7-pass, 10-discard), name the cards you pass on or discard; after your play of
queens (Q-bomber), name a rank, like 'name 9' or just '9': every player, you too, discards it."""

_NUMBERS = re.compile(r"^\d+(?:[\s,]+\d+)*$")
_RED_SUITS = ("d", "h")


class LineSource(Protocol):
    """Where the person's entries come from: anything with ``readline()`` (``""`` at the end)."""

    def readline(self) -> str:
        """The next line, with its newline; ``""`` when there is no more input."""
        ...


class Screen:
    """Where the game writes: plain text, or rich colors when ``color`` is on."""

    def __init__(self, out: IO[str], color: bool) -> None:
        self.out = out
        self.console: Any = None
        if color:
            try:
                from rich.console import Console
            except ImportError:
                pass
            else:
                self.console = Console(file=out, force_terminal=True, highlight=False, soft_wrap=True)

    def say(self, text: str = "", style: str | None = None) -> None:
        """Write one line (``style`` is a rich style, ignored in plain text)."""
        if self.console is None:
            print(text, file=self.out)
        else:
            from rich.text import Text

            self.console.print(Text(text, style=style or ""))

    def cards(self, prefix: str, cards: Sequence[tuple[str, bool]]) -> None:
        """Write a line of cards; a card marked True is highlighted (green in color, ``*`` in plain text)."""
        if self.console is None:
            print(prefix + " ".join(text + ("*" if mark else "") for text, mark in cards), file=self.out)
            return
        from rich.text import Text

        line = Text(prefix)
        for i, (text, mark) in enumerate(cards):
            if i:
                line.append(" ")
            suit = text.rstrip("*")[-1:]
            style = "bold red" if suit in _RED_SUITS else "bold"
            line.append(text, style=f"{style} on green" if mark else style)
        self.console.print(line)

    def table(self, header: Sequence[str], rows: Sequence[Sequence[str]], title: str) -> None:
        """Write a table."""
        if self.console is not None:
            from rich.table import Table

            table = Table(title=title)
            for i, name in enumerate(header):
                table.add_column(name, justify="left" if i < 2 else "right")
            for row in rows:
                table.add_row(*row)
            self.console.print(table)
            return
        widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
        print(title, file=self.out)
        for row in [header, *rows]:
            cells = [c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths, strict=True))]
            print("  " + "  ".join(cells).rstrip(), file=self.out)


def sorted_hand(hand: int, revolution: bool, jokers_high: bool) -> list[int]:
    """The cards of ``hand`` weakest first in the order in force (suits break ties, clubs first)."""
    order = ORDER[(revolution, jokers_high)]
    place = {rank: i for i, rank in enumerate(order)}
    return sorted(iter_cards(hand), key=lambda c: (place[card_rank(c)], c))


_TAKES = {"salvage": ("Salvage", "the trick ended on your 3s"), "satan": ("Satan", "you played three 6s"),
          "chestnut_picking": ("Chestnut picking", "you played 9s, a card back for each"),
          "galaxy_express": ("Galaxy Express 999", "you played three 9s and discarded two cards")}
"""Each rule that takes from the discard pile: its name and why the player at the terminal takes a card."""


def parse_entry(text: str, view: SeatView, hand: Sequence[int]) -> int:
    """The move meant by an entry of cards or numbers (``hand`` is the numbered hand, number 1 first; while a
    salvage is owed, the numbered discard pile).

    Checks only the form of the entry (raises :class:`IllegalMove` saying what is
    wrong); the engine checks the rules.
    """
    words = text.strip()
    if view.owed and view.owed[0][0] == NAME_FLAG and words.lower() not in ("pass", "p"):
        # A rank, not a card number: '9' names the 9s.
        return int(Move.parse(words if words.lower().startswith("name") else "name " + words))
    if _NUMBERS.match(words):
        numbers = [int(w) for w in re.split(r"[\s,]+", words)]
        cards = 0
        for n in numbers:
            if not 1 <= n <= len(hand):
                where = "the pile's cards" if view.owed and view.owed[0][0] == SALVAGE_FLAG else "your cards"
                raise IllegalMove(f"there is no card number {n}: {where} are numbered 1 to {len(hand)}")
            bit = 1 << hand[n - 1]
            if cards & bit:
                raise IllegalMove(f"card number {n} is given twice")
            cards |= bit
        if view.owed:
            return cards | view.owed[0][0]
        return cards | GIVE_FLAG if view.phase == "exchange" else _with_stand_in(cards, view)
    if words.lower() in ("pass", "p"):
        return 0
    move = int(Move.parse(words))
    if move & (GIVE_FLAG | OWED_FLAGS):
        return move
    if view.owed and move:
        move |= view.owed[0][0]
    elif view.phase == "exchange" and move:
        move |= GIVE_FLAG
    elif move and "=" not in words:
        move = _with_stand_in(move, view)
    return move


def _with_stand_in(cards: int, view: SeatView) -> int:
    """Cards with a wild joker, as the one legal move they make; several: ask which one (``RJ=5c``)."""
    if not cards & JOKERS or not view.rules.wild_jokers or cards.bit_count() < 2:
        return cards
    ways = [m for m in view.legal_masks() if m & CARDS_MASK == cards]
    if len(ways) == 1:
        return int(ways[0])
    if ways:
        raise IllegalMove("say what the joker stands for: " + " | ".join(move_str(m) for m in ways))
    return cards


_SPECS = {spec.name: spec for spec in OPTIONS}
"""The declaration of each rule option, by name (what :meth:`TerminalGame._explain` says of a rule that fired)."""


class TerminalGame:
    """A match between one person at seat ``human`` and bots at the other seats."""

    def __init__(
        self,
        match: Match,
        human: int,
        bots: dict[int, Bot],
        stdin: LineSource,
        screen: Screen,
        seed: int,
    ) -> None:
        self.match = match
        self.human = human
        self.bots = bots
        self.stdin = stdin
        self.screen = screen
        self.rngs = {seat: random.Random(f"{seed}/{seat}") for seat in bots}
        self.names = ["you" if s == human else f"seat {s} ({bots[s].name})" for s in range(match.players)]
        self.coach = ClassicBot()
        self.reasons: list[tuple[int, int, int, Explanation]] = []
        """The bots' moves and why they made them: deal, seat, move, explanation (``why`` shows those of the
        last deal over: during a deal, a reason would show the bot's cards)."""
        self.partner: int | None = None
        """The seat that gave its best cards to the person in this deal's exchange."""
        self.explained: set[str] = set()
        """The house rules whose firing this deal has already been explained (each is explained the first time)."""

    # ------------------------------------------------------------------ the loop

    def run(self) -> int:
        """Play until the match ends (status 0), the person quits (0) or the input ends (1)."""
        match = self.match
        self._deal_header()
        while True:
            seat = match.to_act
            if seat is None:
                return 0
            if seat == self.human:
                move = self._ask()
                if move is None:
                    return self._stopped
            else:
                decision = decide(self.bots[seat], match.seat_view(seat), self.rngs[seat])
                move = decision.move
                self.reasons.append((match.deal_number, seat, move, decision.why))
            self._narrate(match.apply(move))

    _stopped = 0

    def _ask(self) -> int | None:
        view = self.match.seat_view(self.human)
        self._show(view)
        salvage = bool(view.owed) and view.owed[0][0] == SALVAGE_FLAG
        # While a salvage is owed, numbers pick cards of the discard pile.
        hand = sorted_hand(view.salvageable if salvage else view.hand, view.revolution,
                           view.rules.joker_in_revolution == "highest")
        while True:
            prompt = ("Give back (cards, numbers" if view.phase == "exchange" else
                      "Name (a rank: 3-10, J, Q, K, A, 2" if view.owed and view.owed[0][0] == NAME_FLAG else
                      "Salvage (a card of the pile, its number" if salvage else
                      f"{OWED_WORDS[view.owed[0][0]].capitalize()} (cards, numbers" if view.owed else
                      "Your move (cards, numbers, pass")
            self.screen.say(f"{prompt}, hint, why, help, quit):", style="bold cyan")
            line = self.stdin.readline()
            if not line:
                self.screen.say("No more input: the match is left unfinished.")
                self._stopped = 1
                return None
            entry = line.strip()
            word = entry.lower()
            if not entry:
                continue
            if word in ("quit", "exit", "q"):
                self.screen.say("You left the match.")
                self._stopped = 0
                return None
            if word in ("help", "?"):
                self.screen.say(HELP)
                continue
            if word in ("hint", "h"):
                self._hint(view)
                continue
            if word in ("why", "w"):
                self._why()
                continue
            try:
                return self.match.verify(parse_entry(entry, view, hand))
            except IllegalMove as exc:
                self.screen.say(f"Not allowed: {exc}. Try again.", style="red")

    # ------------------------------------------------------------------ what is shown

    def _title(self, seat: int) -> str:
        key = self.match.titles[seat]
        return self.match.rules.title_name(key) if key else ""

    def _deal_header(self) -> None:
        match = self.match
        self.partner = None
        self.screen.say()
        self.screen.say(f"=== Deal {match.deal_number} of {match.rules.name} — {self.names[match.leader]} "
                        f"{'lead' if match.leader == self.human else 'leads'} ===", style="bold")

    def _show(self, view: SeatView) -> None:
        screen = self.screen
        screen.say()
        last: dict[int, int] = {}
        for seat, move in view.history:
            last[seat] = move
        for seat in range(view.players):
            if seat == self.human:
                continue
            count = view.counts[seat]
            done = f"out, place {view.finished.index(seat) + 1}" if seat in view.finished else f"{count} cards"
            title = self._title(seat)
            action = f"last: {move_str(last[seat])}" if seat in last else ""
            score = f"{view.scores[seat]} pts"
            screen.say(f"  {self.names[seat]:<20} {done:<14} {title:<15} {score:>7}  {action}".rstrip())
        if view.revolution:
            screen.say("  Revolution: the order of the ranks is reversed.", style="magenta")
        if view.eleven_back:
            screen.say("  11-back: a jack has reversed the order until the trick ends.", style="magenta")
        if view.backwards:
            screen.say("  Play goes counter-clockwise: each player is followed by the one listed above him.",
                       style="magenta")
        if view.lock & 15:
            screen.say(f"  Locked to {suits_text(view.lock)}: only {suits_text(view.lock)} may follow.",
                       style="magenta")
        if view.lock & EIGHT_WAITS:
            screen.say("  The 8-cut waits: only a pair of 4s stops it; when everyone passes, the 8 ends the trick.",
                       style="magenta")
        if view.phase == "exchange":
            to = f" to {self.names[self.partner]}" if self.partner is not None else ""
            screen.say(f"Exchange: give back {view.give_count} card{'s' if view.give_count > 1 else ''} "
                       f"of your choice{to}.", style="yellow")
        elif view.owed and view.to_act == self.human and view.owed[0][0] == NAME_FLAG:
            screen.say("Q-bomber: name a rank; every player, you too, discards every card of it he holds, face up.",
                       style="yellow")
        elif view.owed and view.to_act == self.human and view.owed[0][0] == SALVAGE_FLAG:
            count = min(view.owed[0][1], view.salvageable.bit_count())
            name, why = _TAKES[view.owed[0][3]]
            more = f" ({count} to take, one at a time)" if count > 1 else ""
            screen.say(f"{name}: {why}; take one card of the discard pile back into your hand{more}.",
                       style="yellow")
            pile = sorted_hand(view.salvageable, view.revolution, view.rules.joker_in_revolution == "highest")
            screen.say(f"Discard pile: {move_str(view.pile)} (not the cards of your play that owes it)")
            screen.cards("You may take: ", [(f"{i}:{card_str(c)}", False) for i, c in enumerate(pile, 1)])
        elif view.owed and view.to_act == self.human:
            flag, count, to_seat, option = view.owed[0]
            count = min(count, view.counts[self.human])
            cards = f"{count} card{'s' if count > 1 else ''} of your choice"
            screen.say(f"7-pass: pass {cards} on to {self.names[to_seat]}." if flag == PASS_ON_FLAG else
                       f"Galaxy Express 999: discard {cards}, face up; then take two back from the discard pile."
                       if option == "galaxy_express" else f"10-discard: discard {cards}, face up.", style="yellow")
        elif view.table:
            screen.say(f"Table: {move_str(view.table_move)} by {self.names[view.owner]}", style="yellow")
        else:
            lead = "Table: empty, you lead"
            if view.must_contain:
                lead += f" (your lead must contain {card_str(view.must_contain.bit_length() - 1)})"
            screen.say(lead, style="yellow")
        hand = sorted_hand(view.hand, view.revolution, view.rules.joker_in_revolution == "highest")
        # Cards received in the exchange stand out until the person's first play of the deal.
        marked = 0 if any(seat == self.human for seat, _ in view.history) else view.received
        title = self._title(self.human) or "no title yet"
        screen.cards(f"Your hand ({len(hand)} cards, {title}, {view.scores[self.human]} pts): ",
                     [(f"{i}:{card_str(c)}", bool(marked >> c & 1)) for i, c in enumerate(hand, 1)])

    def _hint(self, view: SeatView) -> None:
        advice = self.coach.decide(view, random.Random(0))
        if view.phase == "exchange":
            self.screen.say(f"Give back any {view.give_count} of your cards; "
                            f"the classic player would give {move_str(advice.move & CARDS_MASK)}: it "
                            f"{advice.why.text()}.")
            return
        if view.owed and view.owed[0][0] == NAME_FLAG:
            self.screen.say(f"Name any rank; the classic player would {move_str(advice.move)}: it "
                            f"{advice.why.text()}.")
            return
        if view.owed and view.owed[0][0] == SALVAGE_FLAG:
            self.screen.say(f"Take any card of the discard pile; the classic player would {move_str(advice.move)}: "
                            f"it {advice.why.text()}.")
            return
        if view.owed:
            flag, count, _to, _option = view.owed[0]
            self.screen.say(f"{OWED_WORDS[flag].capitalize()} any {min(count, len(list(iter_cards(view.hand))))} of "
                            f"your cards; the classic player would {move_str(advice.move)}: it {advice.why.text()}.")
            return
        moves = view.legal_masks()
        self.screen.say("Legal moves: " + " | ".join(move_str(m) for m in moves))
        self.screen.say(f"The classic player would play: {move_str(advice.move)}, because it {advice.why.text()}.")

    def _why(self) -> None:
        """Why the computer players made their moves in the last deal that is over."""
        current = self.match.deal_number
        done = [r for r in self.reasons if r[0] < current]
        if not done:
            self.screen.say("The computer players say why once the deal is over: their reasons would show their "
                            "cards.")
            return
        deal = done[-1][0]
        self.screen.say(f"Why the computer players played as they did in deal {deal}:")
        for _deal, seat, move, why in (r for r in done if r[0] == deal):
            self.screen.say(f"  {self.names[seat]}: {move_str(move)} — {why.text(self.names)}")
        self.reasons = [r for r in self.reasons if r[0] >= deal]

    def _narrate(self, events: Events) -> None:
        screen = self.screen
        for event in events:
            kind, seat = event.kind, event.seat
            who = self.names[seat] if seat is not None else ""
            if kind == "play":
                shown = move_str(event.cards)
                for joker, card in event.data.get("stands", {}).items():
                    shown = shown.replace(joker, f"{joker}={card}")
                screen.say(f"  {who} {'play' if seat == self.human else 'plays'} {shown}")
            elif kind == "pass":
                screen.say(f"  {who} {'pass' if seat == self.human else 'passes'}", style="dim")
            elif kind == "revolution":
                by = {"coup": "Coup (three 9s)! ", "omen": "Omen (three 6s), no more revolutions this deal! ",
                      "great_revolution": "Great revolution (four 2s)! ",
                      "emperor": "Emperor (four ranks in a row, one of each suit)! ",
                      }.get(event.data.get("option", ""), "")
                line = ("Revolution! The order of the ranks is reversed." if event.data.get("on") else
                        "Counter-revolution! The normal order is back.")
                screen.say(f"  {by}{line}", style="bold magenta")
            elif kind == "trick_cleared":
                cut = {"eight": " (an 8 cuts it)", "spade3": " (the 3 of spades beats the joker)",
                       "bomb": " (a bomb)", "nine_pair": " (ambulance: a pair of 9s)",
                       "nine_many": " (9-giri: three or four 9s)",
                       "six_pair": " (rokurokubi: a pair of 6s)",
                       "spade3_alone": " (the lone 3 of spades)",
                       "unbeatable": " (nothing could answer it)"}.get(event.data.get("cut", ""), "")
                screen.say(f"  -- the trick is over{cut}; {self.names[event.data['leader']]} "
                           f"{'lead' if event.data['leader'] == self.human else 'leads'}", style="dim")
            elif kind == "out":
                note = " (a forbidden finish: placed at the bottom)" if event.data.get("forbidden") else \
                    " at once, by the great revolution" if event.data.get("option") == "great_revolution" else \
                    " at once: a lucky seven (the trick ended on three 7s)" \
                    if event.data.get("option") == "lucky_seven" else ""
                screen.say(f"  {who} {'are' if seat == self.human else 'is'} out, place {event.data['place']}{note}",
                           style="bold")
            elif kind == "cut_waits":
                screen.say("  4-stop: the 8-cut waits; a pair of 4s may stop it", style="magenta")
            elif kind == "stop":
                screen.say(f"  4-stop! {who} {'stop' if seat == self.human else 'stops'} the 8-cut with a pair of 4s",
                           style="bold magenta")
            elif kind == "lock":
                screen.say("  Stair lock: each answer must be the next rank!" if event.data.get("stair") else
                           f"  Locked to {event.data['suits']}!", style="magenta")
            elif kind == "eleven_back":
                screen.say("  11-back! The order is reversed until the trick ends." if event.data.get("on") else
                           "  11-back again: the order is back.", style="magenta")
            elif kind == "skip":
                why = " by the 5" if event.data.get("option") == "five_skip" else ""
                screen.say(f"  {who} {'are' if seat == self.human else 'is'} skipped{why}", style="dim")
            elif kind == "reverse":
                way = "counter-clockwise" if event.data.get("backwards") else "clockwise again"
                card = "9" if event.data.get("option") == "nine_reverse" else "6"
                screen.say(f"  The {card} reverses the direction: play now goes {way}.", style="magenta")
            elif kind == "gekokujo":
                screen.say(f"  Gekokujo! {who}, last in the previous deal, {'go' if seat == self.human else 'goes'} "
                           "out first: every title is reversed.", style="bold magenta")
            elif kind == "spared":
                screen.say(f"  Tenpen-chii: {who} {'hold' if seat == self.human else 'holds'} nothing above a 10 "
                           f"and {'skip' if seat == self.human else 'skips'} the exchange.", style="magenta")
            elif kind == "fall":
                screen.say(f"  {who} {'fall' if seat == self.human else 'falls'} from power: out, place "
                           f"{event.data['place']}", style="bold")
            elif kind == "passed_on":
                assert event.to is not None
                count = event.cards.bit_count()
                if self.human in (seat, event.to):
                    giver = "You pass" if seat == self.human else f"{who} passes"
                    receiver = "you" if event.to == self.human else self.names[event.to]
                    screen.say(f"  7-pass: {giver} {receiver} {move_str(event.cards)}", style="magenta")
                else:
                    screen.say(f"  7-pass: {who} passes {self.names[event.to]} {count} card"
                               f"{'s' if count > 1 else ''}", style="magenta")
            elif kind == "name":
                screen.say(f"  Q-bomber: {who} {'name' if seat == self.human else 'names'} the "
                           f"{event.data['rank']}s: every player discards them.", style="bold magenta")
            elif kind == "discard" and event.data.get("option") == "queen_bomber":
                screen.say(f"  Q-bomber: {who} {'discard' if seat == self.human else 'discards'} "
                           f"{move_str(event.cards)}", style="magenta")
            elif kind == "salvage":
                screen.say(f"  {_TAKES[event.data.get('option', 'salvage')][0]}: {who} "
                           f"{'take' if seat == self.human else 'takes'} {move_str(event.cards)} "
                           "back from the discard pile", style="magenta")
            elif kind == "discard":
                rule = "Galaxy Express 999" if event.data.get("option") == "galaxy_express" else "10-discard"
                screen.say(f"  {rule}: {who} {'discard' if seat == self.human else 'discards'} "
                           f"{move_str(event.cards)}", style="magenta")
            elif kind in ("gift", "return"):
                self._narrate_exchange(event)
            elif kind == "deal_over":
                self._scores(event.data["deal"])
            elif kind == "match_over":
                winners = ", ".join(self.names[s] for s in event.data["winners"])
                screen.say(f"Match over. Winner: {winners}. Final scores: "
                           + ", ".join(f"{self.names[s]} {p}" for s, p in enumerate(event.data["scores"])),
                           style="bold green")
            elif kind == "deal":
                self.explained = set()
                self._deal_header()
            self._explain(event)

    def _explain(self, event: Event) -> None:
        """The first time in a deal a house rule fires, what the rule says (its declared description), as the
        browser does."""
        option = event.data.get("option")
        if not option or option in self.explained:
            return
        self.explained.add(option)
        spec = _SPECS.get(option)
        if spec is not None:
            self.screen.say(f"    Why: {option} — {spec.description}", style="dim")

    def _narrate_exchange(self, event: Event) -> None:
        assert event.seat is not None and event.to is not None
        giver, receiver = self.names[event.seat], self.names[event.to]
        count = event.cards.bit_count()
        what = f"{count} card{'s' if count > 1 else ''}"
        what = f"its best {what}" if event.kind == "gift" else f"back {what}"
        if self.human == event.to:
            if event.kind == "gift":
                self.partner = event.seat
            self.screen.cards(f"  {giver} gives you {what}: ", [(card_str(c), True) for c in iter_cards(event.cards)])
        elif self.human == event.seat:
            self.screen.say(f"  You give {receiver} {what.replace('its', 'your')}: {move_str(event.cards)}")
        else:
            self.screen.say(f"  {giver} gives {receiver} {what}")

    def _scores(self, deal: int) -> None:
        match = self.match
        titles = match.rules.titles(match.players)
        header = ["seat", "player", *(f"deal {r.deal}" for r in match.deal_results), "total"]
        rows = []
        for seat in range(match.players):
            cells = [str(seat), "you" if seat == self.human else self.bots[seat].name]
            for result in match.deal_results:
                place = result.order.index(seat)
                cells.append(f"{match.rules.title_name(titles[place])} {result.points[seat]}")
            cells.append(str(match.scores[seat]))
            rows.append(cells)
        self.screen.say()
        self.screen.table(header, rows, title=f"Scores after deal {deal}")
        if not match.is_over:
            self.screen.say("Type 'why' at your next move to see why the computer players played as they did.")


def play(
    rules: str = "three-of-clubs",
    bots: Sequence[str] = ("classic",),
    *,
    players: int | None = None,
    seat: int = 0,
    seed: int | None = None,
    deals: int | None = None,
    stdin: LineSource | None = None,
    stdout: IO[str] | None = None,
    color: bool | None = None,
) -> int:
    """Play a match in the terminal; returns the exit status.

    ``bots`` names the bots of the other seats in seat order, repeated to fill
    the table; ``players`` defaults to one more than the bots named (or the
    smallest table of the rules when a single bot is named). ``color`` None
    means: colors when ``stdout`` is a terminal. Raises ``ValueError`` for bad
    arguments.
    """
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    names = [b.strip() for b in bots if b.strip()] or ["classic"]
    if players is None:
        preset = get_rules(rules)
        players = len(names) + 1 if len(names) > 1 else max(preset.min_players, min(4, preset.max_players))
    seed = random.SystemRandom().randrange(1 << 31) if seed is None else seed
    match = Match(rules, players, seed=seed, deals=deals)
    if not 0 <= seat < players:
        raise ValueError(f"the seat must be from 0 to {players - 1}")
    others = [s for s in range(players) if s != seat]
    table = {s: make_bot(names[i % len(names)]) for i, s in enumerate(others)}
    screen = Screen(stdout, stdout.isatty() if color is None else color)
    screen.say(f"{match.rules.name}, {players} players, seed {seed}. You are seat {seat}; "
               + ", ".join(f"seat {s} {b.name}" for s, b in table.items()) + ". Type 'help' for help.")
    return TerminalGame(match, seat, table, stdin, screen, seed).run()
