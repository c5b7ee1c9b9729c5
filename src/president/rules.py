"""The rule options of President, and the named presets built from the seed texts.

One frozen :class:`Rules` value holds every option; a preset is a named
``Rules``. House rules are options that combine: ``rules.replace(pass_lockout=True)``
or ``get_rules("tavern-jack", eight_cut=True, runs=True)``.

Every option is declared once, as a field of :class:`Rules` made by :func:`option`
(its type, allowed values, default, one-line description and group); :data:`OPTIONS`
is that declaration read back, and ``president rules``, the record format, the
server's checking of table settings, ``/api/presets`` and the web start page all
derive from it.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple

FirstLeader = Literal["random", "holder"]
LaterLeader = Literal["last", "first"]
TieBreak = Literal["share", "last_deal", "play_on"]
JokerInRevolution = Literal["lowest", "highest"]
FinishCard = Literal["2", "joker", "8", "spade3"]
RunAnswer = Literal["lowest", "above"]
ForbiddenInRevolution = Literal["2", "3"]

TITLE_NAMES: dict[str, str] = {
    "president": "President",
    "vice-president": "Vice-President",
    "prime-minister": "Prime Minister",
    "citizen": "Citizen",
    "vice-beggar": "Vice-Beggar",
    "peasant": "Peasant",
    "beggar": "Beggar",
    "last": "Last",
    "daifugo": "Daifugō",
    "fugo": "Fugō",
    "heimin": "Heimin",
    "hinmin": "Hinmin",
    "daihinmin": "Daihinmin",
}
"""English display names of the title keys used by the presets."""

FINISH_CARDS: tuple[str, ...] = ("2", "joker", "8", "spade3")
"""The cards :attr:`Rules.forbidden_finish` may name: any 2, a joker, an 8, the ♠3 played on a lone joker."""


class OptionSpec(NamedTuple):
    """The declaration of one rule option, read from its field of :class:`Rules`."""

    name: str
    kind: str
    """``flag``, ``int``, ``choice``, ``card`` (a card number or None), ``count`` (a whole number or None),
    ``ints`` (a list of whole numbers), ``choices`` (a list of allowed words)."""
    default: Any
    description: str
    group: str
    """``table`` (players, leader, match), ``trick`` (what may be played), ``special`` (cards that cut, bomb,
    reverse), ``deal`` (exchange, finishing, points)."""
    choices: tuple[Any, ...] = ()
    """Allowed values of a ``choice`` option, or of each item of a ``choices`` option."""
    low: int | None = None
    high: int | None = None
    """Bounds of an ``int``, ``count`` or ``ints`` option (each item)."""
    most: int | None = None
    """The most items of an ``ints`` option."""
    table: bool = True
    """Whether a table of the server may set it."""

    def check(self, value: Any) -> Any:
        """``value`` in engine form (lists become tuples), or ``ValueError`` saying what is allowed."""
        def whole(v: Any) -> bool:
            return isinstance(v, int) and not isinstance(v, bool)

        def in_range(v: Any) -> bool:
            return whole(v) and (self.low is None or v >= self.low) and (self.high is None or v <= self.high)

        span = f"from {self.low} to {self.high}"
        if self.kind == "flag":
            if not isinstance(value, bool):
                raise ValueError(f"{self.name} must be true or false")
        elif self.kind == "int":
            if not in_range(value):
                raise ValueError(f"{self.name} must be a whole number {span}")
        elif self.kind == "count":
            if value is not None and not in_range(value):
                raise ValueError(f"{self.name} must be a whole number {span}, or null")
        elif self.kind == "card":
            if value is not None and not (whole(value) and 0 <= value <= 53):
                raise ValueError(f"{self.name} must be a card number from 0 to 53, or null")
        elif self.kind == "choice":
            if value not in self.choices:
                raise ValueError(f"{self.name} must be one of {', '.join(map(str, self.choices))}")
        elif self.kind == "ints":
            if value is None and self.default is None:
                return None
            if not isinstance(value, (list, tuple)) or len(value) > (self.most or 99) or not all(
                in_range(v) for v in value
            ):
                raise ValueError(f"{self.name} must be a list of at most {self.most} whole numbers {span}")
            return tuple(value)
        elif self.kind == "choices":
            if not isinstance(value, (list, tuple)) or not all(v in self.choices for v in value):
                raise ValueError(f"{self.name} must be a list of items among {', '.join(self.choices)}")
            return tuple(dict.fromkeys(value))
        return value

    def to_json(self) -> dict[str, Any]:
        """JSON form (for ``/api/presets`` and the start page)."""
        out: dict[str, Any] = {
            "name": self.name, "kind": self.kind, "default": _jsonable(self.default),
            "description": self.description, "group": self.group,
        }
        if self.choices:
            out["choices"] = list(self.choices)
        if self.low is not None:
            out["low"], out["high"] = self.low, self.high
        if self.most is not None:
            out["most"] = self.most
        return out


def _jsonable(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def option(
    default: Any, description: str, *, kind: str, group: str, choices: tuple[Any, ...] = (),
    low: int | None = None, high: int | None = None, most: int | None = None, table: bool = True,
) -> Any:
    """A field of :class:`Rules` carrying its declaration (see :class:`OptionSpec`)."""
    meta = {"spec": dict(kind=kind, group=group, description=description, choices=choices, low=low, high=high,
                         most=most, table=table)}
    return field(default=default, metadata=meta)


_HOUSE_DEFAULTS: dict[str, Any] = {}
"""Filled below: the house rules, each with the value that turns it off."""


@dataclass(frozen=True)
class Rules:
    """Every option of a game of President. Instances are immutable and hashable.

    The defaults are the common core of the family; presets override what their
    source text says. See :data:`PRESETS`, :data:`OPTIONS` and ``president rules NAME``.
    """

    name: str = "custom"
    """Preset name, or ``custom``."""
    description: str = ""
    """One line for menus."""
    min_players: int = option(3, "Fewest players at a table.", kind="int", group="table", low=2, high=8,
                              table=False)
    max_players: int = option(7, "Most players at a table.", kind="int", group="table", low=2, high=8,
                              table=False)
    jokers: int = option(0, "Jokers in the deck (0, 1 or 2); a plain joker ranks above the 2.",
                         kind="int", group="trick", low=0, high=2)
    wild_jokers: bool = option(False, "A joker may stand for any card in a set or a run; alone it beats any "
                               "single card.", kind="flag", group="trick")
    max_set: int = option(4, "Largest set of one rank that may be played (3 forbids four of a kind; wild "
                          "jokers may make it 5 or 6).", kind="int", group="trick", low=1, high=6)
    runs: bool = option(False, "Three or more cards of one suit in a row (5h 6h 7h) may be played as one move.",
                        kind="flag", group="trick")
    run_min: int = option(3, "Shortest run.", kind="int", group="trick", low=2, high=13)
    run_answer: RunAnswer = option(
        "lowest", "What a run must do to beat a run of its length: start higher (lowest), or lie wholly above "
        "it (above); mirrored under a revolution.", kind="choice", group="trick", choices=("lowest", "above"))
    joker_run_ends: bool = option(False, "A wild joker may close a run past the end of the ranks, below the 3 "
                                  "or above the 2 (-c 3c 4c, Ks As 2s +s).", kind="flag", group="trick")
    pass_lockout: bool = option(False, "A pass takes the player out of the current trick until it is cleared.",
                                kind="flag", group="trick")
    equal_answers: bool = option(False, "A play of the same rank and size may answer (otherwise it must be "
                                 "higher).", kind="flag", group="trick")
    down_number: bool = option(False, "Down number: a single card may also be answered by the card of the same "
                               "suit one rank below it (above it during a revolution).", kind="flag", group="trick")
    sandstorm: bool = option(False, "Sandstorm: three 3s may answer any play, and only three 3s answer them.",
                             kind="flag", group="trick")
    wild_joker_pair: bool = option(False, "With wild jokers, the two jokers played together may stand as a pair of "
                                   "their own, above the 2s (otherwise they must stand for a pair of some rank).",
                                   kind="flag", group="trick")
    skip_on_equal: bool = option(False, "An equal answer skips the next player.", kind="flag", group="trick")
    suit_lock: bool = option(False, "A play with exactly the suits of the play it answers locks the trick to "
                             "those suits until it clears.", kind="flag", group="trick")
    stair_lock: bool = option(False, "Stair lock: a set answered by a set of the next rank up locks the trick: "
                              "each answer must then be the next rank up again, until the trick clears.",
                              kind="flag", group="trick")
    suit_lock_at_once: bool = option(False, "The suit lock starts on one play: the suits of a trick's lead bind every "
                                     "answer (otherwise two plays in a row with the same suits start it).",
                                     kind="flag", group="trick")
    joker_keeps_lock: bool = option(False, "A lone joker leaves the lock of the trick on (otherwise it lifts it): the "
                                    "3 of spades answering it must then follow the locked suits.", kind="flag",
                                    group="trick")
    joker_starts_no_lock: bool = option(False, "A play holding a wild joker starts no suit lock, nor does a play "
                                        "answering one (it still follows a lock already on).", kind="flag",
                                        group="trick")
    revolution: bool = option(False, "Four (or more) of a kind reverses the order of all ranks; another one "
                              "restores it.", kind="flag", group="special")
    run_revolution: int = option(0, "A run this long or longer also starts or ends a revolution (0: never).",
                                 kind="int", group="special", low=0, high=13)
    coup: bool = option(False, "Coup: three 9s start or end a revolution too.", kind="flag", group="special")
    emperor: bool = option(False, "Emperor: four cards of consecutive ranks, one of each suit (5c 6d 7h 8s), may be "
                           "played as one move, answered only by a higher emperor; it starts or ends a revolution.",
                           kind="flag", group="special")
    omen: bool = option(False, "Omen: three 6s start or end a revolution, and after it no revolution happens for "
                        "the rest of the deal.", kind="flag", group="special")
    great_revolution: bool = option(False, "Great revolution: four 2s start or end a revolution and their player "
                                    "goes out at once, the rest of his hand discarded unseen.", kind="flag",
                                    group="special")
    twos_no_revolution: bool = option(False, "Four (or more) 2s start no revolution (a great revolution still "
                                      "may).", kind="flag", group="special")
    joker_in_revolution: JokerInRevolution = option(
        "lowest", "Where plain jokers stand during a revolution: reversed with the rest, or still on top.",
        kind="choice", group="special", choices=("lowest", "highest"))
    eight_cut: bool = option(False, "A play containing an 8 ends the trick; the same player leads again.",
                             kind="flag", group="special")
    nine_pair_cut: bool = option(False, "Ambulance: a pair of 9s ends the trick; the same player leads again.",
                                 kind="flag", group="special")
    nine_cut_many: bool = option(False, "With nine_pair_cut: three or four 9s end the trick too (9-giri: any set of "
                                 "two 9s or more).", kind="flag", group="special")
    six_pair_cut: bool = option(False, "Rokurokubi: a pair of 6s ends the trick; the same player leads again.",
                                kind="flag", group="special")
    spade3_cut: bool = option(False, "The 3 of spades played alone ends the trick whenever it is played; the same "
                              "player leads again.", kind="flag", group="special")
    four_stop: bool = option(False, "4-stop: an 8-cut waits for the others to pass: a pair of 4s answers the 8 and "
                             "stops the cut (the trick goes on from the 4s); when everyone passes, the 8 ends the "
                             "trick.", kind="flag", group="special")
    eight_out_no_cut: bool = option(False, "Going out on an 8 does not end the trick: the next players may answer "
                                    "the 8 (otherwise the 8-cut ends it and the next player leads).", kind="flag",
                                    group="special")
    real_cards_fire: bool = option(False, "Only real cards fire a card's rule: a wild joker standing for an 8, a jack "
                                   "or a 2 neither cuts (8-cut), nor reverses (11-back), nor makes a forbidden "
                                   "finish.", kind="flag", group="special")
    unbeatable_clears: bool = option(False, "A play that nothing in the deck could answer (a lone 2 without jokers, "
                                     "a lone joker …) ends the trick at once; its player leads again.",
                                     kind="flag", group="special")
    eleven_back: bool = option(False, "A play containing a jack reverses the order of ranks until the trick "
                               "clears.", kind="flag", group="special")
    eleven_back_once: bool = option(False, "11-back happens once a trick: a later jack does not cancel it "
                                    "(otherwise each play with a jack reverses the order again).", kind="flag",
                                    group="special")
    eleven_back_odd: bool = option(False, "Only a play with an odd number of jacks reverses the order (a pair of "
                                   "jacks does not).", kind="flag", group="special")
    spade3_beats_joker: bool = option(False, "The 3 of spades played alone beats a lone joker and ends the "
                                      "trick.", kind="flag", group="special")
    quad_bomb: bool = option(False, "Four of a kind may be played on anything and ends the trick.",
                             kind="flag", group="special")
    two_bomb: bool = option(False, "2s (any number of them) may be played on anything and end the trick.",
                            kind="flag", group="special")
    bomb_passes_lead: bool = option(False, "After a bomb ends the trick, the next player leads (otherwise the "
                                    "bomber leads again).", kind="flag", group="special")
    bomb_lead_plain: bool = option(False, "A bomb that leads a trick is an ordinary set: it ends the trick only "
                                   "when it answers a play.", kind="flag", group="special")
    five_skip: bool = option(False, "Each 5 in a play skips the next player who may answer it (a joker standing for "
                             "a 5 counts); skipping everyone ends the trick.", kind="flag", group="special")
    nine_reverse: bool = option(False, "A play with a 9 reverses the direction of play for the rest of the deal.",
                                kind="flag", group="special")
    six_reverse: bool = option(False, "A play with a 6 reverses the direction of play for the rest of the deal.",
                               kind="flag", group="special")
    seven_pass: bool = option(False, "7-pass: after a play holding 7s, its player gives as many cards of his choice "
                              "as it holds 7s to the next player in the direction of play.", kind="flag",
                              group="special")
    ten_discard: bool = option(False, "10-discard: after a play holding 10s, its player discards as many cards of "
                               "his choice as it holds 10s, face up.", kind="flag", group="special")
    queen_bomber: bool = option(False, "Q-bomber: after a play holding queens, its player names a rank, and every "
                                "player, himself too, discards every card of that rank he holds, face up.",
                                kind="flag", group="special")
    salvage: bool = option(False, "Salvage: when a trick ends with a play holding a 3 on the table, its player (if "
                           "still in the deal) takes one card of his choice back from the discard pile.",
                           kind="flag", group="special")
    satan: bool = option(False, "Satan: after a play of three 6s, its player (if still in the deal) takes one card of "
                         "his choice back from the discard pile.", kind="flag", group="special")
    chestnut_picking: bool = option(False, "Chestnut picking: after a play holding 9s, its player (if still in the "
                                    "deal) takes as many cards of his choice back from the discard pile as it holds "
                                    "9s, one at a time.", kind="flag", group="special")
    galaxy_express: bool = option(False, "Galaxy Express 999: after a play of three 9s, its player (if he still "
                                  "holds two cards) discards two cards of his choice face up, then takes two back "
                                  "from the discard pile, one at a time.", kind="flag", group="special")
    lucky_seven: bool = option(False, "Lucky seven: when a trick ends with a play of three 7s on the table, its "
                               "player (if he still holds cards) goes out at once, in the next place from the top; "
                               "the rest of his hand is discarded unseen.", kind="flag", group="special")
    first_leader: FirstLeader = option(
        "random", "Who leads the first deal: a seat drawn from the seed, or the holder of the lead card.",
        kind="choice", group="table", choices=("random", "holder"))
    first_lead_card: int | None = option(
        None, "The lead card (a card number: 0 is the 3 of clubs, 1 the 3 of diamonds), or none.",
        kind="card", group="table")
    lead_card_every_deal: bool = option(False, "The holder of the lead card leads every deal, not only the "
                                        "first.", kind="flag", group="table")
    lead_card_must_play: bool = option(True, "The lead of a deal led by the lead card's holder must contain "
                                       "that card.", kind="flag", group="table")
    next_ace: bool = option(False, "Next ace: the last player in a deal to take a trick with aces (a set of aces "
                            "on the table when it ends) leads the next deal, whoever finished where.", kind="flag",
                            group="table")
    later_leader: LaterLeader = option(
        "last", "Who leads later deals: the previous last player, or the previous first.",
        kind="choice", group="table", choices=("last", "first"))
    exchange: tuple[int, ...] = option(
        (2, 1), "Cards exchanged per pair from deal 2: first with last, second with second-last …; the lower "
        "gives his best cards, the higher returns cards of his choice.", kind="ints", group="deal", low=0,
        high=4, most=4)
    exchange_block: int | None = option(
        None, "Deals per block: the first deal of each block has no exchange (none: only deal 1).",
        kind="count", group="deal", low=1, high=1000)
    forbidden_finish: tuple[FinishCard, ...] = option(
        (), "Going out with any of these cards puts the player below everyone who finishes normally.",
        kind="choices", group="deal", choices=FINISH_CARDS)
    revolution_forbidden: ForbiddenInRevolution = option(
        "2", "Under a revolution the forbidden finish on a 2 stays on the 2s, or falls on the 3s, the top rank "
        "then.", kind="choice", group="deal", choices=("2", "3"))
    capital_fall: bool = option(False, "When someone else goes out first, the previous President drops out "
                                "at once and finishes last.", kind="flag", group="deal")
    capital_fall_by_last: bool = option(False, "Capital fall fires only when the previous last player is the one "
                                        "who goes out first.", kind="flag", group="deal")
    gekokujo: bool = option(False, "When the previous last player goes out first, the deal ends at once and every "
                            "title of the previous deal is reversed.", kind="flag", group="deal")
    tenpen_chii: bool = option(False, "A player who must give his best cards but holds nothing above a 10 (no jack, "
                               "queen, king, ace, 2 or joker) is spared that exchange.", kind="flag", group="deal")
    spade3_kept: bool = option(False, "A player who must give his best cards keeps the 3 of spades: it is never "
                               "among the cards he gives.", kind="flag", group="deal")
    points: tuple[int, ...] | None = option(
        None, "Points by place, first place first (none: one point per player finishing below you).",
        kind="ints", group="deal", low=-100, high=100, most=8)
    deals: int | None = option(5, "Deals in a match (none: play to the target score).", kind="count",
                               group="deal", low=1, high=1000, table=False)
    target_score: int | None = option(None, "After a complete deal, a total this high ends the match.",
                                      kind="count", group="deal", low=1, high=10000, table=False)
    tie_break: TieBreak = option(
        "share", "A tie at the top: shared, won by the better place in the last deal, or another deal.",
        kind="choice", group="deal", choices=("share", "last_deal", "play_on"))
    titles_top: tuple[str, ...] = ("president", "vice-president")
    titles_bottom: tuple[str, ...] = ("vice-beggar", "beggar")
    """Bottom titles, last place last."""
    title_middle: str = "citizen"
    title_names: dict[str, str] = field(default_factory=lambda: dict(TITLE_NAMES), compare=False, hash=False)
    """Display names of the title keys."""
    sources: dict[str, str] = field(default_factory=dict, compare=False, hash=False)
    """For each setting, the clause of the source text it comes from."""
    answers_beyond_rank: bool = field(default=False, init=False, compare=False, hash=False, repr=False)
    """True when an option changes what may answer a play beyond its shape and rank (down number, sandstorm, stair
    lock; set from the options): the engine's lookup tables then get the answers these rules add, and under the suit
    lock step aside for its general path."""
    house: bool = field(default=False, init=False, compare=False, hash=False, repr=False)
    """True when a house rule is on: an option beyond the seed texts' trick of sets of one rank (runs, wild jokers,
    8-cut, suit lock …; set from the options). The seed rules' bots, playout kernel and learned policy play the
    others."""

    def __post_init__(self) -> None:
        problems = []
        for spec in OPTIONS:
            try:
                value = spec.check(getattr(self, spec.name))
            except ValueError as exc:
                problems.append(str(exc))
                continue
            if value != getattr(self, spec.name) or type(value) is not type(getattr(self, spec.name)):
                object.__setattr__(self, spec.name, value)
        if problems:
            raise ValueError("invalid rules: " + "; ".join(problems))
        if not 2 <= self.min_players <= self.max_players:
            problems.append("min_players must be at least 2 and at most max_players")
        most = 4 + (self.jokers if self.wild_jokers else 0)
        if self.max_set > most:
            problems.append(f"max_set must be at most {most} (4 of a rank" +
                            (f" and {self.jokers} wild joker(s))" if self.wild_jokers else "; wild jokers allow more)"))
        if self.first_leader == "holder" and self.first_lead_card is None:
            problems.append('first_leader="holder" needs a first_lead_card')
        if self.lead_card_every_deal and self.first_lead_card is None:
            problems.append("lead_card_every_deal needs a first_lead_card")
        if self.first_lead_card is not None and self.first_lead_card >= 52 + self.jokers:
            problems.append("first_lead_card must be a card of the deck")
        if self.deals is None and self.target_score is None:
            problems.append("set deals or target_score")
        for name in ("wild_jokers", "spade3_beats_joker"):
            if getattr(self, name) and not self.jokers:
                problems.append(f"{name} needs jokers")
        if self.wild_joker_pair and not self.wild_jokers:
            problems.append("wild_joker_pair needs wild_jokers")
        for name in ("eleven_back_once", "eleven_back_odd"):
            if getattr(self, name) and not self.eleven_back:
                problems.append(f"{name} needs eleven_back")
        if self.joker_run_ends and not (self.runs and self.wild_jokers):
            problems.append("joker_run_ends needs runs and wild_jokers")
        for name, needed in (("suit_lock_at_once", "suit_lock"), ("joker_starts_no_lock", "suit_lock"),
                             ("twos_no_revolution", "revolution"), ("eight_out_no_cut", "eight_cut"),
                             ("four_stop", "eight_cut"),
                             ("real_cards_fire", "wild_jokers"), ("joker_starts_no_lock", "wild_jokers"),
                             ("capital_fall_by_last", "capital_fall"), ("nine_cut_many", "nine_pair_cut")):
            if getattr(self, name) and not getattr(self, needed):
                problems.append(f"{name} needs {needed}")
        if self.next_ace and self.lead_card_every_deal:
            problems.append("next_ace and lead_card_every_deal cannot both choose who leads")
        if self.joker_keeps_lock and not (self.suit_lock or self.stair_lock):
            problems.append("joker_keeps_lock needs suit_lock or stair_lock")
        for name in ("bomb_passes_lead", "bomb_lead_plain"):
            if getattr(self, name) and not (self.quad_bomb or self.two_bomb):
                problems.append(f"{name} needs quad_bomb or two_bomb")
        if self.revolution_forbidden == "3" and "2" not in self.forbidden_finish:
            problems.append('revolution_forbidden="3" needs "2" in forbidden_finish')
        if self.skip_on_equal and not self.equal_answers:
            problems.append("skip_on_equal needs equal_answers")
        if self.run_revolution and not (self.runs and self.revolution):
            problems.append("run_revolution needs runs and revolution")
        if self.run_revolution and self.run_revolution < self.run_min:
            problems.append("run_revolution must be 0 or at least run_min")
        if problems:
            raise ValueError("invalid rules: " + "; ".join(problems))
        house = any(getattr(self, k) != v for k, v in _HOUSE_DEFAULTS.items())
        object.__setattr__(self, "house", house)
        object.__setattr__(self, "answers_beyond_rank", self.down_number or self.sandstorm or self.stair_lock)

    def replace(self, **changes: Any) -> Rules:
        """A copy with some options changed (the name stays unless given)."""
        unknown = set(changes) - {f.name for f in dataclasses.fields(self) if f.init}
        if unknown:
            raise ValueError(f"unknown rule option(s): {', '.join(sorted(unknown))}; "
                             f"the options are: {', '.join(OPTION_NAMES)}")
        if "name" not in changes and changes:
            changes["name"] = self.name
        return dataclasses.replace(self, **changes)

    def overrides(self) -> dict[str, Any]:
        """The options that differ from the preset this rule set is named after.

        For a rule set that is not named after a preset, the options that differ
        from the defaults of :class:`Rules`.
        """
        base = PRESETS.get(self.name) or Rules()
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            if f.compare and f.name != "name" and getattr(self, f.name) != getattr(base, f.name):
                out[f.name] = getattr(self, f.name)
        return out

    def titles(self, players: int) -> tuple[str, ...]:
        """Title keys by place for a table of ``players``, first place first."""
        top = self.titles_top[: players // 2]
        bottom = self.titles_bottom[len(self.titles_bottom) - min(len(self.titles_bottom), players // 2):]
        middle = (self.title_middle,) * (players - len(top) - len(bottom))
        return top + middle + bottom

    def points_for(self, players: int) -> tuple[int, ...]:
        """Points by place for a table of ``players``, first place first."""
        if self.points is None:
            return tuple(players - 1 - place for place in range(players))
        return tuple(self.points[p] if p < len(self.points) else 0 for p in range(players))

    def exchange_pairs(self, players: int) -> tuple[int, ...]:
        """Cards exchanged per pair at this table size (outermost pair first)."""
        return tuple(n for n in self.exchange[: players // 2] if n > 0)

    def title_name(self, key: str) -> str:
        """Display name of a title key."""
        return self.title_names.get(key, key)

    def explain(self) -> str:
        """A readable summary of the options, what each means, and their sources."""
        lines = [f"{self.name}: {self.description}".rstrip(": "), ""]
        group = ""
        for spec in OPTIONS:
            if spec.group != group:
                group = spec.group
                lines.append(f"[{GROUP_TITLES[group]}]")
            value = getattr(self, spec.name)
            mark = "" if value == spec.default else "  *"
            lines.append(f"  {spec.name} = {_jsonable(value)!r}{mark}")
            lines.append(f"      {spec.description}")
            source = self.sources.get(spec.name)
            if source:
                lines.append(f"      source: {source}")
        lines.append("")
        lines.append("  * differs from the default")
        return "\n".join(lines)


GROUP_TITLES: dict[str, str] = {
    "table": "players and leaders",
    "trick": "what may be played",
    "special": "cards that reverse, cut and bomb",
    "deal": "exchange, finishing and points",
}
"""Headings of the option groups, in the order options are shown."""


def _specs() -> tuple[OptionSpec, ...]:
    out = []
    for f in dataclasses.fields(Rules):
        spec = f.metadata.get("spec")
        if spec is not None:
            out.append(OptionSpec(name=f.name, default=f.default, **spec))
    order = list(GROUP_TITLES)
    return tuple(sorted(out, key=lambda s: order.index(s.group)))


OPTIONS: tuple[OptionSpec, ...] = _specs()
"""Every rule option's declaration, grouped (see :class:`OptionSpec`)."""
OPTION_NAMES: tuple[str, ...] = tuple(s.name for s in OPTIONS)
"""The names of the options."""
TABLE_OPTIONS: tuple[str, ...] = tuple(s.name for s in OPTIONS if s.table)
"""The options a table of the server may set (match length and table size have fields of their own)."""
_OPTION_BY_NAME = {s.name: s for s in OPTIONS}
_HOUSE_DEFAULTS.update(
    wild_jokers=False, runs=False, run_answer="lowest", joker_run_ends=False, equal_answers=False, suit_lock=False,
    run_revolution=0, eight_cut=False, nine_pair_cut=False, nine_cut_many=False, six_pair_cut=False, spade3_cut=False,
    coup=False,
    omen=False, great_revolution=False, down_number=False, sandstorm=False, wild_joker_pair=False, stair_lock=False,
    eleven_back=False, eleven_back_once=False, eleven_back_odd=False, spade3_beats_joker=False, quad_bomb=False,
    two_bomb=False, lead_card_every_deal=False,
    exchange_block=None, forbidden_finish=(), capital_fall=False,
    five_skip=False, nine_reverse=False, six_reverse=False, gekokujo=False, tenpen_chii=False,
    suit_lock_at_once=False, joker_keeps_lock=False, joker_starts_no_lock=False, twos_no_revolution=False,
    eight_out_no_cut=False, real_cards_fire=False, unbeatable_clears=False, bomb_passes_lead=False,
    bomb_lead_plain=False, revolution_forbidden="2", capital_fall_by_last=False, spade3_kept=False, next_ace=False,
    seven_pass=False, ten_discard=False, queen_bomber=False, salvage=False, four_stop=False, emperor=False,
    satan=False, chestnut_picking=False, galaxy_express=False, lucky_seven=False,
)


def check_options(raw: dict[str, Any], allowed: tuple[str, ...] = TABLE_OPTIONS) -> dict[str, Any]:
    """Options from JSON checked against their declarations, in engine form; ``ValueError`` names the first bad one."""
    out: dict[str, Any] = {}
    for name, value in raw.items():
        spec = _OPTION_BY_NAME.get(name) if name in allowed else None
        if spec is None:
            raise ValueError(f"unknown rule option {str(name)[:40]!r}; options: {', '.join(allowed)}")
        out[name] = spec.check(value)
    return out


def _preset(**kwargs: Any) -> Rules:
    return Rules(**kwargs)


TAVERN_JACK = _preset(
    name="tavern-jack",
    description="Online President: 3-6 players, 2s high and unbeatable, Beggar gives 2 best cards, 5 deals.",
    min_players=3,
    max_players=6,
    first_leader="random",
    later_leader="last",
    exchange=(2, 1),
    points=None,
    deals=5,
    tie_break="share",
    sources={
        "min_players": "seed 001, titles: 'titles depend on the number of players' (3 to 6 listed)",
        "max_players": "seed 001, titles: 6 players is the largest table listed",
        "jokers": "seed 001, house rules: 'we play with 52 cards' (no jokers)",
        "max_set": "seed 001, lead: 'one card or several of one rank: a pair, three or four'",
        "pass_lockout": "seed 001: 'a player who passed may re-enter the same trick'",
        "first_leader": "seed 001: 'who starts the first round rotates from match to match' "
        "(a seat drawn from the match seed, or given as first_leader=)",
        "later_leader": "seed 001: 'from the second round the Beggar of the previous round always starts'",
        "exchange": "seed 001, exchange: Beggar gives his 2 highest to the President who returns any 2; "
        "with 4+ players Vice-beggar and Vice-president exchange one card the same way",
        "points": "seed 001, points: 'last gets 0, each place higher one point more'",
        "deals": "seed 001: 'after five rounds the one with most points wins'",
        "tie_break": "seed 001: 'if points are equal after five rounds, several players share the win'",
        "titles_top": "seed 001, titles: President, Vice-president",
        "titles_bottom": "seed 001, titles: Vice-beggar, Beggar",
        "title_middle": "seed 001, titles: Citizen",
    },
)
"""Seed 001 (Tavern Jack).

Deal one at a time starting with the leader, so with 3 players the leader has 18
cards. A 2 cannot be beaten (it is the highest rank) but the trick is only cleared
when everyone else has passed. Any card may finish. Silent points, chosen: the
first leader of a match is a seat drawn from the seed unless given explicitly.
"""

RACE_TO_11 = _preset(
    name="race-to-11",
    description="Base profile for 4-7 players: one-card exchange, 2 points to first, 1 to second, first to 11.",
    min_players=4,
    max_players=7,
    first_leader="random",
    later_leader="first",
    exchange=(1,),
    points=(2, 1),
    deals=None,
    target_score=11,
    tie_break="play_on",
    titles_top=("president", "vice-president"),
    titles_bottom=("last",),
    title_middle="citizen",
    sources={
        "min_players": "seed 002, 01: 'a base profile for 4-7 people'",
        "max_players": "seed 002, 01: 'a base profile for 4-7 people'",
        "jokers": "seed 002, 01: 'use 52 cards, no jokers'",
        "max_set": "seed 002, 03: sets of one rank; part of a set may be played",
        "pass_lockout": "seed 002, 03: 'a pass does not forbid coming back later'",
        "revolution": "seed 002, 01: 'no special bombs or reversal of ranks'",
        "first_leader": "seed 002, 02: random first dealer; the player left of the dealer leads "
        "(the deal starts with him)",
        "later_leader": "seed 002, 02: 'later deals are dealt by the previous last starting with the "
        "president ... only then the president starts'",
        "exchange": "seed 002, 02: 'the last gives the president his highest card; the president returns "
        "any unwanted one'",
        "points": "seed 002, 04: '2 points to the first, 1 to the second, 0 to the others'",
        "deals": "seed 002, 04: the series has no fixed number of deals: it ends on the score",
        "target_score": "seed 002, 04: 'after a complete deal, reaching 11 or more ends the series'",
        "tie_break": "seed 002, 04: 'the higher total wins; with equal maxima continue'",
        "titles_top": "seed 002, 04: 'first is president, second vice-president, the others in order'",
        "titles_bottom": "seed 002, 02/04: the last player",
    },
)
"""Seed 002 (the base profile).

The first dealer is drawn from the seed and the player on his left leads; the
deal starts with that player. Later deals are dealt by the previous last
starting with the President, who leads after the exchange. Titles beyond the
second place are not named by the text: they are Citizens, and the last is Last.
"""

REVOLUTION = _preset(
    name="revolution",
    description="4-8 players with two jokers; a pass holds you out of the pile; four of a kind is a revolution.",
    min_players=4,
    max_players=8,
    jokers=2,
    pass_lockout=True,
    revolution=True,
    joker_in_revolution="lowest",
    first_leader="random",
    later_leader="last",
    exchange=(2, 1),
    points=None,
    deals=5,
    tie_break="share",
    titles_top=("president", "prime-minister"),
    titles_bottom=("peasant", "beggar"),
    title_middle="citizen",
    sources={
        "min_players": "seed 003: 'number of players: 4 - 8'",
        "max_players": "seed 003: 'number of players: 4 - 8'",
        "jokers": "seed 003: '52 cards and 2 jokers', order 'Joker, 2, A, K, ... 3'",
        "max_set": "seed 003: single, pair, three or four of the same rank",
        "pass_lockout": "seed 003: 'or pass even if he can play, but then he cannot play again in this pile'",
        "revolution": "seed 003, Revolution: 'four cards of the same rank invert the hierarchy of all "
        "cards; another revolution restores it'",
        "joker_in_revolution": "seed 003: 'the hierarchy of all cards is inverted', so the joker becomes the "
        "lowest card while a revolution is on (option: 'highest')",
        "first_leader": "seed 003 is silent on the first deal: a seat drawn from the seed leads "
        "and is dealt to first",
        "later_leader": "seed 003: 'the Beggar will be the first player at the start of the next round'",
        "exchange": "seed 003: Beggar gives his two highest to the President who returns 2 of his choice; "
        "Peasant gives his highest to the Prime Minister who returns 1",
        "points": "seed 003 names no points: one point per player finishing below you",
        "deals": "seed 003 names no match length: 5 deals by default (set deals=)",
        "titles_top": "seed 003: President, Prime Minister",
        "titles_bottom": "seed 003: Peasant, Beggar",
        "title_middle": "seed 003: 'any other players are neutral and become Citizens'",
    },
)
"""Seed 003 (board-game-site help page).

A revolution takes effect at once: the four of a kind on the table can then only
be beaten by a four of a kind higher in the new order (a counter-revolution).
Every new deal starts in the normal order. Jokers are a rank of their own above
the 2 (two jokers make a pair); under a revolution they are reversed with every
other card and become the lowest (``joker_in_revolution="highest"`` keeps them on
top instead, as in Daifugo).
"""

THREE_OF_CLUBS = _preset(
    name="three-of-clubs",
    description="President against the computer: 4 players, 3♣ leads the first deal, no four of a kind.",
    min_players=4,
    max_players=4,
    max_set=3,
    first_leader="holder",
    first_lead_card=0,
    later_leader="last",
    exchange=(2, 1),
    points=(3, 2, 1, 0),
    deals=5,
    tie_break="last_deal",
    titles_top=("president", "vice-president"),
    titles_bottom=("vice-beggar", "beggar"),
    title_names={**TITLE_NAMES, "vice-beggar": "Vice-Clochard", "beggar": "Clochard"},
    sources={
        "min_players": "seed 004: 'against three computer players ... 13 cards each'",
        "max_players": "seed 004: 'against three computer players ... 13 cards each'",
        "max_set": "seed 004: 'the leader plays a single card, a pair or three of a kind'",
        "pass_lockout": "seed 004: 'a player who passes may still play later in the same trick'",
        "first_leader": "seed 004: 'in the first deal the player with the 3 of clubs leads'",
        "first_lead_card": "seed 004: 'and this first lead must contain it'",
        "later_leader": "seed 004: 'the Clochard then leads the first trick'",
        "exchange": "seed 004: Clochard gives his two strongest to the President who returns two of his "
        "choice; Vice-clochard gives his strongest to the Vice-president who returns one",
        "points": "seed 004: '3 points to the President, 2 to the Vice-president, 1 to the Vice-clochard "
        "and 0 to the Clochard'",
        "deals": "seed 004: 'after 5 deals, or 10 with the Manches button' (deals=10)",
        "tie_break": "seed 004: 'a tie goes to the player ranked better in the last deal'",
        "titles_top": "seed 004: Président, Vice-président",
        "titles_bottom": "seed 004: Vice-clochard, Clochard",
    },
)
"""Seed 004 (President against three computer players).

Four of a kind may not be played, but three of four cards of a rank may.
"""

DAIFUGO = _preset(
    name="daifugo",
    description="Daifugō as the UECda computer competition plays it: 5 players, a wild joker, runs, 8-cut, "
    "suit lock, revolutions.",
    min_players=3,
    max_players=7,
    jokers=1,
    wild_jokers=True,
    max_set=5,
    runs=True,
    run_min=3,
    run_answer="above",
    joker_run_ends=True,
    pass_lockout=True,
    suit_lock=True,
    revolution=True,
    run_revolution=5,
    eight_cut=True,
    spade3_beats_joker=True,
    first_leader="holder",
    first_lead_card=1,
    lead_card_every_deal=True,
    lead_card_must_play=False,
    later_leader="first",
    exchange=(2, 1),
    exchange_block=100,
    points=(5, 4, 3, 2, 1),
    deals=100,
    tie_break="share",
    titles_top=("daifugo", "fugo"),
    titles_bottom=("hinmin", "daihinmin"),
    title_middle="heimin",
    sources={
        "min_players": "UECda standard server: 5 players (3 to 7 allowed here)",
        "jokers": "UECda: 53 cards, one joker",
        "wild_jokers": "UECda: the joker stands for any card in a set or a run; alone it beats any single",
        "max_set": "UECda: four of a rank and the joker make a set of five",
        "runs": "UECda: three or more of one suit in a row, the joker filling any gap",
        "run_answer": "UECda: a run is beaten only by a run lying wholly above it (below, in a revolution)",
        "joker_run_ends": "UECda: the joker may close a run below the 3 or above the 2 (the columns 0 and 14 of "
        "the protocol's tables)",
        "pass_lockout": "UECda: a player who passes is not asked again until the trick clears",
        "suit_lock": "UECda: two plays in a row with the same suits lock the trick (shibari)",
        "revolution": "UECda: four or more of a kind (the joker may be one) reverse the order",
        "run_revolution": "UECda: a run of five or more is a revolution too",
        "eight_cut": "UECda: a play with an 8 (a run holding one too, not a lone joker) ends the trick",
        "spade3_beats_joker": "UECda: only the 3 of spades beats a lone joker, and it ends the trick",
        "first_leader": "UECda: the holder of the 3 of diamonds leads",
        "first_lead_card": "UECda: the 3 of diamonds",
        "lead_card_every_deal": "UECda: the holder of the 3 of diamonds leads every game",
        "lead_card_must_play": "UECda: he need not play it",
        "later_leader": "UECda: later games are dealt starting with the Daifugō (the 3♦ holder leads)",
        "exchange": "UECda: the Daihinmin gives his 2 strongest to the Daifugō, the Hinmin his strongest to "
        "the Fugō, who give back 2 and 1 cards of their choice",
        "exchange_block": "UECda: a block of 100 games, the first without exchange",
        "points": "UECda: 5, 4, 3, 2, 1 points by place",
        "deals": "UECda: a block of 100 games",
        "titles_top": "Daifugō, Fugō",
        "titles_bottom": "Hinmin, Daihinmin",
        "title_middle": "Heimin",
    },
)
"""The rules of the UECda standard match server (computer Daifugō).

A game ends when all but one player have gone out; a revolution lasts to the end
of the game. There is no forbidden finish, capital fall or 11-back in this rule set
(each is an option).
"""

PRESETS: dict[str, Rules] = {
    r.name: r for r in (TAVERN_JACK, RACE_TO_11, REVOLUTION, THREE_OF_CLUBS, DAIFUGO)
}
"""The named presets, by name."""

ALIASES: dict[str, str] = {
    "tavern": "tavern-jack",
    "base": "race-to-11",
    "race": "race-to-11",
    "uecda": "daifugo",
    "daihinmin": "daifugo",
    "3c": "three-of-clubs",
}
"""Other names accepted for the presets."""


def get_rules(name: str | Rules, **options: Any) -> Rules:
    """The preset called ``name`` (or an alias), with ``options`` changed.

    Raises ``ValueError`` listing the presets when the name is unknown.
    """
    if isinstance(name, Rules):
        return name.replace(**options) if options else name
    try:
        cache_key = (name, tuple(sorted(options.items())))
        cached = _CACHE.get(cache_key)
    except TypeError:  # an unhashable option value: let Rules report it
        cache_key, cached = None, None
    if cached is not None:
        return cached
    key = ALIASES.get(name.lower(), name.lower())
    rules = PRESETS.get(key)
    if rules is None:
        raise ValueError(f"unknown rule set {name!r}; the presets are: {', '.join(PRESETS)}")
    result = rules.replace(**options) if options else rules
    if cache_key is not None and len(_CACHE) < 1024:
        _CACHE[cache_key] = result
    return result


_CACHE: dict[tuple[str, tuple[tuple[str, Any], ...]], Rules] = {}
