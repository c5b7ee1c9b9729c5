"""Terminal play of the old game: ``president old play`` and ``president old arena``.

Moves are read one line at a time from standard input, so a game can be played by hand or from a script.
Output is plain text; when ``rich`` is installed and the output is a terminal, suits are shown in colour.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from president.errors import IllegalMove
from president.old.board import SECTIONS
from president.old.bots import BOTS, CarefulBot, OldBot, make_bot
from president.old.cards import SUIT_NAMES, SUIT_SYMBOLS, card_name, parse_card
from president.old.match import OldMatch
from president.old.moves import Event
from president.old.options import MAX_PLAYERS, MIN_PLAYERS

HUMAN = "human"
"""The name that puts a person in a seat in ``--bots``."""

HELP = """Type a card to start a sequence with it: 5h, 10s, Qd, K♠ (rank then suit c d h s).
Other commands: hand, board, chips, moves, hint (the careful bot's choice), auto (let it play for you),
record, help, quit. The holder of the next card up always plays it; the game does that for you."""


class Output:
    """Writes lines of text, in colour through ``rich`` when it is installed and the stream is a terminal."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stdout
        self._print: Callable[[str], None] | None = None
        if self.stream.isatty():
            try:
                from rich.console import Console
                from rich.text import Text
            except ImportError:
                pass
            else:
                console = Console(file=self.stream, highlight=False)

                def show(text: str) -> None:
                    line = Text(text)
                    line.highlight_regex(r"\S+[♦♥]", "bold red")
                    line.highlight_regex(r"\S+[♣♠]", "bold")
                    console.print(line)

                self._print = show
        self.fancy = self._print is not None

    def say(self, text: str = "") -> None:
        """Write one line (or several, separated by newlines)."""
        if self._print is not None:
            self._print(text)
        else:
            print(text, file=self.stream, flush=True)

    def card(self, text: str) -> str:
        """A card for display: with its suit symbol on a terminal, as notation otherwise."""
        if not self.fancy:
            return text
        return text[:-1] + SUIT_SYMBOLS["cdhs".index(text[-1])]

    def cards(self, texts: Sequence[str]) -> str:
        """Several cards for display, space-separated ("none" when there are none)."""
        return " ".join(self.card(text) for text in texts) or "none"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="president old", description="The 19th-century stops game President.")
    commands = parser.add_subparsers(dest="command")
    play = commands.add_parser("play", help="play at the terminal against bots (or watch bots play)")
    play.add_argument("--players", type=int, default=4, help=f"{MIN_PLAYERS} to {MAX_PLAYERS} (default 4)")
    play.add_argument("--seed", type=int, default=None, help="seed of the shuffles (default: a random one)")
    play.add_argument("--bots", default="careful",
                      help="bots for seats 1 and up, comma-separated, or one name per seat (human included); "
                           f"names: {', '.join(sorted(BOTS))}, {HUMAN} (default careful)")
    play.add_argument("--deals", type=int, default=None, help="number of deals (default: one per player)")
    play.add_argument("--chips", type=int, default=100, help="chips each player starts with (default 100)")
    play.add_argument("--staking", choices=("fixed", "equal"), default="fixed", help="staking method")
    play.add_argument("--stake", type=int, default=8, help="chips each player stakes with equal staking")
    play.add_argument("--president-takes-board", action="store_true",
                      help="a turned-up President wins the dealer the whole board")
    play.add_argument("--record", metavar="FILE", help="write the record of the game to FILE")
    arena = commands.add_parser("arena", help="bots against bots: mean chips won per game")
    arena.add_argument("--bots", default="careful,random", help="comma-separated bot names, seated in turn")
    arena.add_argument("--games", type=int, default=100)
    arena.add_argument("--seed", type=int, default=0)
    arena.add_argument("--players", type=int, default=4)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run ``president old ...`` with ``argv`` (default: the command line); returns the exit status."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command == "arena":
        from president.old.arena import play_old_games

        try:
            means = play_old_games(args.bots.split(","), args.games, args.seed, args.players)
        except ValueError as error:
            parser.error(str(error))
        for name, mean in sorted(means.items(), key=lambda item: -item[1]):
            print(f"{name:>10}  {mean:+.2f} chips per game")
        return 0
    if args.command != "play":
        parser.print_help()
        return 2
    try:
        seats = _seats(args.bots.split(","), args.players)
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
        match = OldMatch(players=args.players, seed=seed, chips=args.chips, staking=args.staking,
                         stake=args.stake, deals=args.deals,
                         president_turnup="board" if args.president_takes_board else "sections")
    except ValueError as error:
        parser.error(str(error))
    status = Table(match, seats, Output()).play(sys.stdin)
    if args.record:
        with open(args.record, "w", encoding="utf-8") as file:
            file.write(match.record())
    return status


def _seats(names: list[str], players: int) -> list[OldBot | None]:
    """A bot (or None for a person) for every seat: seat 0 is the person unless every seat is named."""
    names = [name.strip() for name in names if name.strip()]
    if len(names) == 1:
        names = [HUMAN] + names * (players - 1)
    elif len(names) == players - 1:
        names = [HUMAN, *names]
    elif len(names) != players:
        raise ValueError(f"--bots names one bot, one for each other seat ({players - 1}), or one for every "
                         f"seat ({players}), not {len(names)}")
    return [None if name == HUMAN else make_bot(name) for name in names]


class Table:
    """One game at the terminal: bots move by themselves, people type their moves."""

    def __init__(self, match: OldMatch, seats: list[OldBot | None], out: Output) -> None:
        self.match = match
        self.seats = seats
        self.out = out
        self.humans = [seat for seat, bot in enumerate(seats) if bot is None]
        self.rng = random.Random(f"old-president bots {match.seed}")
        self.adviser = CarefulBot()

    def who(self, seat: int | None) -> str:
        """How a seat is named in the running commentary."""
        if seat is None:
            return "Nobody"
        return f"Seat {seat} (you)" if self.humans == [seat] else f"Seat {seat}"

    def play(self, stdin: TextIO) -> int:
        """Play to the end; 0 when the game is over or the player quits, 1 if the input ends first."""
        match, out = self.match, self.out
        options = match.options
        out.say(f"Old President: {options.players} players, seed {match.seed}, {options.deals} deals, "
                f"{options.staking} staking, {options.chips} chips each.")
        if self.humans:
            out.say("Type 'help' for the commands.")
        self.tell(match.log)
        while match.to_act is not None:
            seat = match.to_act
            bot = self.seats[seat]
            if bot is not None:
                self.tell(match.apply(bot.choose(match.view(seat, open_record=True), self.rng)))
                continue
            result = self.ask(seat, stdin)
            if result is not None:
                return result
        return 0

    def ask(self, seat: int, stdin: TextIO) -> int | None:
        """Read commands from ``seat``'s person until he makes a move; an exit status if he leaves."""
        match, out = self.match, self.out
        self.show_hand(seat)
        while True:
            print(f"{self.who(seat)}, start a sequence: ", end="", file=out.stream, flush=True)
            line = stdin.readline()
            if not line:
                out.say("")
                out.say("The input ended before the game did.")
                return 1
            command = line.strip()
            if not stdin.isatty():
                out.say(command)
            view = match.view(seat)
            if command.lower() in ("quit", "exit", "q"):
                out.say("Game abandoned.")
                return 0
            if not command or command.lower() in ("help", "?"):
                out.say(HELP)
            elif command.lower() == "hand":
                self.show_hand(seat)
            elif command.lower() == "board":
                out.say(self.board_line(view))
            elif command.lower() == "chips":
                out.say(self.chips_line(view))
            elif command.lower() == "moves":
                out.say("You may start with: " + out.cards(view["legal_moves"]))
            elif command.lower() == "record":
                out.say(match.record())
            elif command.lower() == "hint":
                hint = self.adviser.choose(match.view(seat, open_record=True), self.rng)
                out.say(f"The careful bot would start with the {card_name(parse_card(hint))}.")
            else:
                move = (self.adviser.choose(match.view(seat, open_record=True), self.rng)
                        if command.lower() == "auto" else command)
                try:
                    events = match.apply(move, seat=seat)
                except IllegalMove as error:
                    out.say(f"Not allowed: {error}.")
                    continue
                self.tell(events)
                return None

    def show_hand(self, seat: int) -> None:
        """Show the person's hand, the trumps and the board."""
        view = self.match.view(seat)
        trumps = view["trumps"]
        trump_text = "no trumps" if trumps is None else f"{SUIT_NAMES['cdhs'.index(trumps)]} are trumps"
        self.out.say(f"Your hand: {self.out.cards(view['hand'])}  ({trump_text}; turned up "
                     f"{self.out.card(view['turned_up'])})")
        self.out.say(self.board_line(view))

    def board_line(self, view: dict[str, Any]) -> str:
        """The chips on each section of the board."""
        return "Board: " + ", ".join(f"{section} {view['board'][section]}" for section in SECTIONS)

    def chips_line(self, view: dict[str, Any]) -> str:
        """Every player's chips."""
        return "Chips: " + ", ".join(f"{self.who(seat).lower()} {chips}" for seat, chips in enumerate(view["chips"]))

    def tell(self, events: Sequence[Event]) -> None:
        """Describe events in words, one line each (stakes summed up in one line)."""
        for index, event in enumerate(events):
            if event.type == "stake" and index and events[index - 1].type == "stake":
                continue
            self.out.say(self.describe(event))

    def describe(self, event: Event) -> str:
        """One event as a sentence."""
        data, who, card = event.data, self.who(event.seat), self.out.card
        match event.type:
            case "deal_start":
                return f"\n-- Deal {data['deal']} of {data['deals']}: {who.lower()} deals. --"
            case "stake":
                return f"Everyone stakes {_chips(data['chips'])} on the board."
            case "deal":
                return f"Cards dealt: {', '.join(map(str, data['hand_counts']))} to the players, " \
                       f"{data['dummy_count']} to the dummy."
            case "turn_up":
                if data["trumps"] is None:
                    return f"Turned up on the dummy: {card(data['card'])}, the President! The deal ends."
                return f"Turned up on the dummy: {card(data['card'])}; " \
                       f"{SUIT_NAMES['cdhs'.index(data['trumps'])]} are trumps."
            case "play":
                verb = "starts with" if data["lead"] else "plays"
                return f"{who} {verb} {card(data['card'])}, the {data['name']}."
            case "win":
                how = {"turn-up": " (turned up)", "played": "", "going out": " for going out",
                       "settlement": " at the settlement"}[data["reason"]]
                return f"{who} wins the {data['section']} section{how}: {_chips(data['chips'])}."
            case "sequence_end":
                following = data["next"]
                why = {
                    "king": "it reached the king",
                    "missing": "the 8 of diamonds is out of the pack",
                    "dummy": f"the {following and card(following)} is in the dummy",
                    "played": f"the {following and card(following)} has been played",
                }[data["reason"]]
                return f"The sequence stops: {why}. {who} starts the next one."
            case "out":
                return f"{who} has played every card!"
            case "pay":
                return f"{who} pays {self.who(data['to']).lower()} {_chips(data['chips'])} for cards left."
            case "exempt":
                return f"{who} holds the unplayed President and pays nothing."
            case "deal_end":
                chips = ", ".join(f"{self.who(seat).lower()} {count}" for seat, count in enumerate(data["chips"]))
                return f"The dummy held {self.out.cards(data['dummy'])}. Chips: {chips}."
            case "settlement_deal":
                return f"\nThe chips left on the board are shared out: {who.lower()} deals the cards face up."
            case "game_end":
                chips = data["chips"]
                best = max(chips)
                winners = " and ".join(self.who(seat).lower() for seat, count in enumerate(chips) if count == best)
                return f"Game over. Final chips: {', '.join(map(str, chips))}. Most chips: {winners}."
        return f"{event.type}: {data}"


def _chips(count: int) -> str:
    return f"{count} chip" if count == 1 else f"{count} chips"
