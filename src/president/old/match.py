"""The engine of the old game: stakes, the deal, the turned-up card, sequences, payouts and the settlement.

An :class:`OldMatch` runs every non-player step itself (stakes, dealing, the turn-up, payments, the next deal,
the settlement redeal) and stops only where a player must play a card. Where the rule text is silent:

- Nobody may pass: the holder of the next card up must play it (with ``auto_play`` the engine plays it for
  him), so the only real choice is the card that starts a sequence.
- When a player plays his last card the deal ends at once, even in the middle of a sequence; a player who
  has just played the last card of a sequence always has a card to start the next.
- A game lasts ``deals`` deals (one deal by each player unless agreed otherwise); "the end of play" is the
  end of the last of them, after which the leftover chips are shared out by the settlement redeal.
- The settlement redeal is dealt by the next dealer in turn. The holders of the A, J, Q and K of diamonds
  and of the President take the ace, jack, queen, king and president sections (the text names no card for
  the king section; the king of diamonds is the natural one). Matrimony is split between the holders of the
  K and Q of diamonds, intrigue between the Q and J; the game section is split among all players. An odd
  chip goes to the holder of the higher card (option ``odd_chip="eldest"``: to the holder nearest the
  dealer's left), and the odd chips of the game section go one each to the players from the dealer's left.
- Stakes and payments are made in full even from a player short of chips: his count goes below zero, a
  debt to the table settled after the game, so chips are conserved in every case.
- The first dealer is seat 0 unless ``first_dealer`` says otherwise; seats are numbered clockwise.
- ``deal_secret`` deals every pack, the settlement redeal's included, from a committed secret instead of the
  seed: pack ``n`` (counted from 1) is the 51 cards in card order shuffled as
  :meth:`~president.secret_deals.DealSecret.deal_order` shuffles deal ``n``, and its commitment is shown before it
  is dealt (``docs/verify.md``, *The old President*).
- When a sequence stops, its cards are turned face down: a view shows only the cards of the sequence under
  way, and how many lie face down (option ``open_record`` keeps every card of the deal face up; a finished
  game shows everything, and so may a caller that remembers every card announced, such as a bot).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from typing import Any

from president.errors import IllegalMove
from president.old.board import SECTIONS, split
from president.old.cards import (
    ACE,
    DECK,
    DIAMONDS,
    JACK,
    KING,
    MISSING,
    PRESIDENT,
    QUEEN,
    SUIT_LETTERS,
    Card,
    card_name,
    card_text,
    cards_text,
    make_card,
    rank_of,
    sort_key,
    suit_of,
)
from president.old.deal import DUMMY, check_deck, deal
from president.old.moves import Event, Play
from president.old.options import OldOptions
from president.old.record import read_record, write_record
from president.secret_deals import DealSecret

GAME_NAME = "old-president"
"""The name of the game in records, views and the arena."""

PLAYED = -2
"""Owner of a card already played this deal (the dummy, and the turned-up card on it, is ``DUMMY``)."""

OUT_OF_PACK = -3
"""Owner of the 8 of diamonds, which is not in the pack."""

HONOURS = {ACE: "ace", JACK: "jack", QUEEN: "queen", KING: "king"}
"""The sections won by playing (or turning up) the trump of each rank."""


class OldMatch:
    """A match of the 19th-century stops game President (seed 000), from the first stake to the settlement.

    ``players`` sit in seats 0 to ``players - 1`` clockwise, each starting with ``chips``. ``staking`` is
    ``"fixed"`` (4 president, 2 matrimony, 2 intrigue, 1 on each other section) or ``"equal"`` (``stake``
    chips, a multiple of 8, spread evenly). ``deals`` defaults to one deal by each player.
    ``president_turnup="board"`` lets a turned-up President win the dealer the whole board. ``decks`` gives
    the order of the pack (top card first) for the first dealings, the settlement redeal counted last; the
    rest are shuffled with ``random.Random(seed)``, or, given a ``deal_secret``, every pack is drawn from it
    (``decks`` then may not be given). See the module docstring for the choices where the rule text is silent.
    """

    def __init__(self, players: int = 4, seed: int = 0, chips: int = 100, staking: str = "fixed",
                 stake: int = 8, deals: int | None = None, first_dealer: int = 0,
                 president_turnup: str = "sections", odd_chip: str = "higher", auto_play: bool = True,
                 open_record: bool = False, decks: Sequence[Sequence[Card | str]] | None = None,
                 deal_secret: DealSecret | None = None) -> None:
        if deal_secret is not None and decks:
            raise ValueError("a match dealt from a secret cannot also be given stacked decks")
        self.options = OldOptions(
            players=players, chips=chips, staking=staking, stake=stake,
            deals=players if deals is None else deals, first_dealer=first_dealer,
            president_turnup=president_turnup, odd_chip=odd_chip, auto_play=auto_play,
            open_record=open_record,
        )
        self.seed = seed
        self.deal_secret = deal_secret
        """The secret every pack is drawn from (docs/verify.md), or None: the seed's generator shuffles them."""
        self.log: list[Event] = []
        """Every event since the first stake, in order."""
        self._rng = random.Random(seed)
        self._decks = [check_deck(deck) for deck in decks or ()]
        self._dealings = 0
        self._chips = [chips] * players
        self._board = dict.fromkeys(SECTIONS, 0)
        self._deal_number = 0
        self._dealer = first_dealer
        self._owner: list[int] = [OUT_OF_PACK] * 52
        self._counts = [0] * players
        self._turned: Card | None = None
        self._trumps: int | None = None
        self._played: list[tuple[int, Card]] = []
        self._sequence: list[tuple[int, Card]] = []
        self._phase = "lead"
        self._to_act: int | None = None
        self._next: Card | None = None
        self._moves: list[tuple[int, str]] = []
        self._last_deal: dict[str, Any] | None = None
        self._chips_by_deal: list[dict[str, Any]] = []
        self._settlement: dict[str, Any] | None = None
        events: list[Event] = []
        self._next_deal_or_end(events)
        self.log.extend(events)

    # -- what anyone may ask -------------------------------------------------------------------------

    @property
    def players(self) -> int:
        """The number of players."""
        return self.options.players

    @property
    def to_act(self) -> int | None:
        """The seat that must play a card now, or None when the game is over."""
        return self._to_act

    @property
    def phase(self) -> str:
        """``lead`` (start a sequence with any card), ``continue`` (play the next card up) or ``over``."""
        return self._phase

    @property
    def is_over(self) -> bool:
        """True once the last deal and the settlement are done."""
        return self._phase == "over"

    @property
    def deal_number(self) -> int:
        """The number of the current deal, from 1."""
        return self._deal_number

    @property
    def dealings(self) -> int:
        """How many packs were dealt so far (the deals, then the settlement redeal)."""
        return self._dealings

    def commitments(self) -> list[str]:
        """The commitments of the packs dealt so far (empty for a match dealt from its seed)."""
        return [] if self.deal_secret is None else self.deal_secret.commitments(self._dealings)

    @property
    def dealer(self) -> int:
        """The seat that dealt the current deal."""
        return self._dealer

    @property
    def chips(self) -> list[int]:
        """Every player's chips, by seat."""
        return list(self._chips)

    @property
    def board(self) -> dict[str, int]:
        """The chips on each section of the board."""
        return dict(self._board)

    @property
    def trumps(self) -> int | None:
        """The trump suit of this deal (0 clubs ... 3 spades), None when the President was turned up."""
        return self._trumps

    @property
    def turned_up(self) -> Card | None:
        """The card turned up on the dummy this deal."""
        return self._turned

    @property
    def played(self) -> list[tuple[int, Card]]:
        """The ``(seat, card)`` plays of this deal, in order."""
        return list(self._played)

    @property
    def moves(self) -> list[str]:
        """The moves made so far, in notation."""
        return [move for _, move in self._moves]

    def hand(self, seat: int) -> list[Card]:
        """The cards ``seat`` holds now, sorted (full knowledge: for the table and tests, not for players)."""
        return [card for card in DECK if self._owner[card] == seat]

    def dummy(self) -> list[Card]:
        """The dummy's face-down cards, sorted (full knowledge, like :meth:`hand`)."""
        return [card for card in DECK if self._owner[card] == DUMMY and card != self._turned]

    def legal_moves(self) -> list[Play]:
        """The cards the player to act may play: any card of his to start a sequence, else the next card up."""
        if self._to_act is None:
            return []
        if self._phase == "continue":
            assert self._next is not None
            return [Play(self._next)]
        return [Play(card) for card in sorted(self.hand(self._to_act), key=sort_key)]

    # -- playing ---------------------------------------------------------------------------------------

    def apply(self, move: Play | str, seat: int | None = None) -> list[Event]:
        """Play ``move`` (a :class:`Play` or its text) for the seat to act and return what happened.

        Passing ``seat`` checks that it is that seat's turn. Raises :class:`IllegalMove` with the reason if
        the move is not allowed, and then nothing has changed.
        """
        play = self.check(move, seat)
        actor = self._to_act
        assert actor is not None
        events: list[Event] = []
        self._moves.append((self._deal_number, str(play)))
        self._run(actor, play.card, events)
        self.log.extend(events)
        return events

    def check(self, move: Play | str, seat: int | None = None) -> Play:
        """``move`` as a :class:`Play` if the seat to act (``seat``, when given) may make it.

        Raises :class:`IllegalMove` with the reason otherwise; nothing changes either way.
        """
        if self._to_act is None:
            raise IllegalMove("the game is over: no more cards can be played")
        play = Play.coerce(move)
        if seat is not None and seat != self._to_act:
            raise IllegalMove(f"it is not your turn: seat {self._to_act} is to play")
        card = play.card
        if self._phase == "continue":
            assert self._next is not None
            if card != self._next:
                raise IllegalMove(f"the sequence goes on with the {card_name(self._next)}: you hold it and "
                                  "must play it")
            return play
        owner = self._owner[card]
        if card == MISSING:
            raise IllegalMove("the eight of diamonds is taken out of the pack in this game")
        if owner == PLAYED:
            raise IllegalMove(f"the {card_name(card)} has already been played")
        if owner != self._to_act:
            raise IllegalMove(f"you do not hold the {card_name(card)}")
        return play

    def _run(self, seat: int, card: Card, events: list[Event]) -> None:
        """Play ``card`` for ``seat``, then the forced continuations too when ``auto_play`` is on."""
        if self._phase == "lead":
            self._sequence = []
        while True:
            self._play_card(seat, card, events)
            if self._counts[seat] == 0:
                self._go_out(seat, events)
                return
            following, reason = self._successor(card)
            if reason is not None:
                events.append(Event("sequence_end", seat, {
                    "card": card_text(card), "reason": reason,
                    "next": None if following is None else card_text(following),
                }))
                self._sequence = []
                self._phase, self._to_act, self._next = "lead", seat, None
                return
            assert following is not None
            seat = self._owner[following]
            if not self.options.auto_play:
                self._phase, self._to_act, self._next = "continue", seat, following
                return
            card = following

    def _successor(self, card: Card) -> tuple[Card | None, str | None]:
        """The next card up and, if the sequence stops there, why: king, missing, dummy or played."""
        if rank_of(card) == KING:
            return None, "king"
        following = card + 1
        if following == MISSING:
            return following, "missing"
        owner = self._owner[following]
        if owner == DUMMY:
            return following, "dummy"
        if owner == PLAYED:
            return following, "played"
        return following, None

    def _play_card(self, seat: int, card: Card, events: list[Event]) -> None:
        """Move ``card`` from ``seat``'s hand to the table and pay what it earns."""
        lead = not self._sequence
        previous = None if lead else self._sequence[-1]
        self._owner[card] = PLAYED
        self._counts[seat] -= 1
        self._played.append((seat, card))
        self._sequence.append((seat, card))
        events.append(Event("play", seat, {"card": card_text(card), "name": card_name(card), "lead": lead}))
        if card == PRESIDENT:
            self._win(seat, "president", "played", card, events)
        if suit_of(card) != self._trumps:
            return
        rank = rank_of(card)
        if rank in HONOURS:
            self._win(seat, HONOURS[rank], "played", card, events)
        # A pair counts only when the same player plays both cards one after the other in this sequence.
        in_succession = previous is not None and previous[0] == seat
        if rank == QUEEN and in_succession:
            self._win(seat, "intrigue", "played", card, events)
        if rank == KING and in_succession:
            self._win(seat, "matrimony", "played", card, events)

    def _win(self, seat: int, section: str, reason: str, card: Card | None, events: list[Event],
             chips: int | None = None) -> None:
        """Give ``seat`` the chips of ``section`` (all of them unless ``chips`` says how many)."""
        amount = self._board[section] if chips is None else chips
        self._board[section] -= amount
        self._chips[seat] += amount
        events.append(Event("win", seat, {
            "section": section, "chips": amount, "reason": reason,
            "card": None if card is None else card_text(card),
        }))

    def _go_out(self, seat: int, events: list[Event]) -> None:
        """``seat`` has played his last card: the game section, a chip a card from the others, next deal."""
        events.append(Event("out", seat, {}))
        self._win(seat, "game", "going out", None, events)
        for step in range(1, self.players):
            other = (seat + step) % self.players
            if self._owner[PRESIDENT] == other:
                events.append(Event("exempt", other, {"cards": self._counts[other],
                                                      "reason": "holds the unplayed President"}))
                continue
            owed = self._counts[other]
            if owed:
                self._chips[other] -= owed
                self._chips[seat] += owed
                events.append(Event("pay", other, {"to": seat, "chips": owed, "cards": owed}))
        self._end_deal(seat, events)
        self._next_deal_or_end(events)

    # -- between deals -------------------------------------------------------------------------------

    def _next_deal_or_end(self, events: list[Event]) -> None:
        """Deal until a deal needs a player's move, or settle up after the last deal."""
        while self._deal_number < self.options.deals:
            if self._start_deal(events):
                return
        self._settle(events)

    def _next_deck(self) -> list[Card]:
        """The pack for the next dealing: a stacked one if given, else shuffled from the seed."""
        index, self._dealings = self._dealings, self._dealings + 1
        if index < len(self._decks):
            return list(self._decks[index])
        if self.deal_secret is not None:
            return self.deal_secret.deal_order(DECK, index + 1)
        deck = list(DECK)
        self._rng.shuffle(deck)
        return deck

    def _start_deal(self, events: list[Event]) -> bool:
        """Stake, deal and turn up; True if the deal goes on to play, False if a President ended it."""
        if self._deal_number:
            self._dealer = (self._dealer + 1) % self.players
        self._deal_number += 1
        dealer, players = self._dealer, self.players
        events.append(Event("deal_start", dealer, {"deal": self._deal_number, "deals": self.options.deals}))
        stake = self.options.stake_per_player
        for step in range(1, players + 1):
            seat = (dealer + step) % players
            for section, chips in stake.items():
                self._board[section] += chips
                self._chips[seat] -= chips
            events.append(Event("stake", seat, {"chips": sum(stake.values()), "sections": dict(stake)}))
        hands, dummy_cards, turned = deal(self._next_deck(), players, dealer)
        assert turned is not None
        self._owner = [OUT_OF_PACK] * 52
        for seat, hand in enumerate(hands):
            for card in hand:
                self._owner[card] = seat
        for card in [*dummy_cards, turned]:
            self._owner[card] = DUMMY
        self._counts = [len(hand) for hand in hands]
        self._turned, self._played, self._sequence, self._next = turned, [], [], None
        events.append(Event("deal", dealer, {"hand_counts": list(self._counts), "dummy_count": len(dummy_cards)}))
        if turned == PRESIDENT:
            self._trumps = None
            events.append(Event("turn_up", dealer, {"card": card_text(turned), "trumps": None}))
            won = SECTIONS if self.options.president_turnup == "board" else ("president", "game")
            for section in won:
                self._win(dealer, section, "turn-up", turned, events)
            self._end_deal(None, events)
            return False
        self._trumps = suit_of(turned)
        events.append(Event("turn_up", dealer, {"card": card_text(turned), "trumps": SUIT_LETTERS[self._trumps]}))
        if rank_of(turned) in HONOURS:
            self._win(dealer, HONOURS[rank_of(turned)], "turn-up", turned, events)
        self._phase, self._to_act, self._next = "lead", (dealer + 1) % players, None
        return True

    def _end_deal(self, winner: int | None, events: list[Event]) -> None:
        """Reveal what is left in the hands and the dummy once the deal is over."""
        summary: dict[str, Any] = {
            "deal": self._deal_number, "dealer": self._dealer, "winner": winner,
            "turned_up": None if self._turned is None else card_text(self._turned),
            "hands": [[card_text(card) for card in sorted(self.hand(seat), key=sort_key)]
                      for seat in range(self.players)],
            "dummy": [card_text(card) for card in sorted(self.dummy(), key=sort_key)],
            "chips": list(self._chips),
        }
        self._last_deal = summary
        self._chips_by_deal.append({"deal": self._deal_number, "dealer": self._dealer, "winner": winner,
                                    "chips": list(self._chips)})
        events.append(Event("deal_end", winner, copy.deepcopy(summary)))
        self._phase, self._to_act, self._next = "between", None, None

    def _settle(self, events: list[Event]) -> None:
        """Share out the chips left on the board by a face-up redeal without a dummy, then end the game."""
        self._phase, self._to_act, self._next = "over", None, None
        if any(self._board.values()):
            players = self.players
            dealer = (self._dealer + 1) % players
            hands, _, _ = deal(self._next_deck(), players, dealer, dummy=False)
            holder = {card: seat for seat, hand in enumerate(hands) for card in hand}
            shown = [[card_text(card) for card in sorted(hand, key=sort_key)] for hand in hands]
            events.append(Event("settlement_deal", dealer, {"hands": copy.deepcopy(shown)}))
            awards: list[dict[str, Any]] = []
            for section, takers in self._settlement_takers(holder, dealer).items():
                for seat, chips in split(self._board[section], takers):
                    if chips == 0:
                        continue
                    self._win(seat, section, "settlement", None, events, chips)
                    awards.append({"section": section, "seat": seat, "chips": chips})
            self._settlement = {"dealer": dealer, "hands": shown, "awards": awards}
        events.append(Event("game_end", None, {"chips": list(self._chips)}))

    def _settlement_takers(self, holder: dict[Card, int], dealer: int) -> dict[str, list[int]]:
        """Who shares each section at the settlement, in order of priority for the odd chips."""
        players = self.players

        def of(rank: int) -> int:
            return holder[make_card(rank, DIAMONDS)]

        def pair(higher: int, lower: int) -> list[int]:
            takers = [of(higher), of(lower)]
            if self.options.odd_chip == "eldest":
                takers.sort(key=lambda seat: (seat - dealer - 1) % players)
            return takers

        return {
            "ace": [of(ACE)], "jack": [of(JACK)], "intrigue": pair(QUEEN, JACK), "queen": [of(QUEEN)],
            "matrimony": pair(KING, QUEEN), "king": [of(KING)], "president": [holder[PRESIDENT]],
            "game": [(dealer + step) % players for step in range(1, players + 1)],
        }

    # -- views and records -----------------------------------------------------------------------------

    def view(self, seat: int | None, open_record: bool | None = None) -> dict[str, Any]:
        """What ``seat`` may see, as a JSON-ready dict (``None``: a spectator, who sees no hand).

        Own hand, the others' card counts, the board, everyone's chips, the turned-up card, the cards face up
        on the table (``played``: those of the sequence under way, since a stopped sequence is turned face
        down) and how many lie face down (``face_down``), the current sequence, the legal moves when it is
        this seat's turn, the revealed hands of the last finished deal, everyone's chips after each deal
        (``chips_by_deal``) and the settlement. Never another hand
        or the dummy before they are revealed. ``open_record`` (default: the match's option, and always once
        the game is over) shows every card played this deal instead, as remembered by a perfect memory.
        """
        if seat is not None and not 0 <= seat < self.players:
            raise ValueError(f"there is no seat {seat} at a table of {self.players}")
        if open_record is None:
            open_record = self.options.open_record
        face_up = self._played if open_record or self.is_over else self._sequence
        hand = [] if seat is None else [card_text(card) for card in sorted(self.hand(seat), key=sort_key)]
        return {
            "game": GAME_NAME,
            "seat": seat,
            "players": self.players,
            "phase": self._phase,
            "deal": self._deal_number,
            "deals": self.options.deals,
            "dealer": self._dealer,
            "to_act": self._to_act,
            "hand": hand,
            "hand_counts": list(self._counts),
            "dummy_count": len(self.dummy()),
            "turned_up": None if self._turned is None else card_text(self._turned),
            "trumps": None if self._trumps is None else SUIT_LETTERS[self._trumps],
            "board": dict(self._board),
            "chips": list(self._chips),
            "played": [[who, card_text(card)] for who, card in face_up],
            "face_down": len(self._played) - len(face_up),
            "sequence": [[who, card_text(card)] for who, card in self._sequence],
            "next_card": None if self._next is None else card_text(self._next),
            "legal_moves": [str(move) for move in self.legal_moves()] if seat == self._to_act else [],
            "last_deal": copy.deepcopy(self._last_deal),
            "chips_by_deal": copy.deepcopy(self._chips_by_deal),
            "settlement": copy.deepcopy(self._settlement),
            "options": self._option_dict(),
        }

    def _option_dict(self) -> dict[str, Any]:
        options = self.options
        return {
            "players": options.players, "chips": options.chips, "staking": options.staking,
            "stake": options.stake, "deals": options.deals, "first_dealer": options.first_dealer,
            "president_turnup": options.president_turnup, "odd_chip": options.odd_chip,
            "auto_play": options.auto_play, "open_record": options.open_record,
        }

    def record(self) -> str:
        """The match as text: tags with the seed and options, then the moves; see :meth:`replay`."""
        options = self.options
        secret = self.deal_secret
        drawn = [("Seed", str(self.seed))] if secret is None else [
            ("Table", secret.table), ("Commitments", " ".join(self.commitments())),
            *([("Secret", secret.hex)] if self.is_over else [])]
        tags = [
            ("Game", GAME_NAME), *drawn, ("Players", str(options.players)),
            ("Chips", str(options.chips)), ("Staking", options.staking), ("Stake", str(options.stake)),
            ("Deals", str(options.deals)), ("FirstDealer", str(options.first_dealer)),
            ("PresidentTurnup", options.president_turnup), ("OddChip", options.odd_chip),
            ("AutoPlay", "yes" if options.auto_play else "no"),
        ]
        if options.open_record:
            tags.append(("OpenRecord", "yes"))
        tags += [(f"Deck{index}", cards_text(deck)) for index, deck in enumerate(self._decks, start=1)]
        comment = "chips " + " ".join(str(chips) for chips in self._chips) if self.is_over else None
        return write_record(tags, self._moves, comment)

    @classmethod
    def replay(cls, text: str) -> OldMatch:
        """Rebuild the match a :meth:`record` describes by replaying its moves; ``ValueError`` if it cannot."""
        match, moves = cls.from_record(text)
        for deal_number, move in moves:
            match.check_deal(deal_number, move)
            match.apply(move)
        return match

    @classmethod
    def from_record(cls, text: str, auto_play: bool | None = None) -> tuple[OldMatch, list[tuple[int, str]]]:
        """The match of a :meth:`record` before its first move, and the recorded ``(deal, move)`` pairs.

        ``auto_play`` overrides the recorded option: a replay made with it off plays the cards that continue
        a sequence one at a time (a record made with it on holds only the cards that start one). Raises
        ``ValueError`` for a record that cannot be read.
        """
        tags, moves = read_record(text)
        if tags.get("Game", GAME_NAME) != GAME_NAME:
            raise ValueError(f"this record is of the game {tags['Game']!r}, not {GAME_NAME!r}")
        recorded_auto = tags.get("AutoPlay", "yes") == "yes"
        secret = None
        if "Table" in tags:
            if "Secret" not in tags:
                raise ValueError("the record has no [Secret] tag: the deals of a match dealt from a secret can be "
                                 "replayed only once it is over")
            secret = DealSecret.from_hex(tags["Secret"], tags["Table"])
        try:
            decks = [tags[f"Deck{index}"].split() for index in range(1, len(tags) + 1) if f"Deck{index}" in tags]
            match = cls(
                players=int(tags.get("Players", "4")), seed=int(tags.get("Seed", "0")),
                chips=int(tags.get("Chips", "100")), staking=tags.get("Staking", "fixed"),
                stake=int(tags.get("Stake", "8")), deals=int(tags["Deals"]) if "Deals" in tags else None,
                first_dealer=int(tags.get("FirstDealer", "0")),
                president_turnup=tags.get("PresidentTurnup", "sections"),
                odd_chip=tags.get("OddChip", "higher"),
                auto_play=recorded_auto if auto_play is None else auto_play,
                open_record=tags.get("OpenRecord", "no") == "yes", decks=decks, deal_secret=secret,
            )
        except KeyError as error:
            raise ValueError(f"the record lacks the tag {error}") from None
        return match, moves

    def check_deal(self, deal_number: int, move: str) -> None:
        """Raise ``ValueError`` unless a recorded ``move`` of deal ``deal_number`` belongs to the current deal."""
        if self._deal_number != deal_number:
            raise ValueError(f"the move {move} is recorded in deal {deal_number}, but the match is in deal "
                             f"{self._deal_number}")
