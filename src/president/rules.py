"""The rule options of President, and the named presets built from the seed texts.

One frozen :class:`Rules` value holds every option; a preset is a named
``Rules``. House rules are options that combine: ``rules.replace(pass_lockout=True)``
or ``get_rules("tavern-jack", revolution=True)``.

Options planned for later house rules (the fields will be added with their
rules, without changing the ones below): an 8 ends the trick, the same-suit lock,
runs (5-6-7 of one suit), wild jokers, skip-on-equal-rank, forbidden finishing
cards (no going out on a 2 or a joker), the President falling to last when he does
not finish first, and several decks for big tables (``decks``).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Literal

FirstLeader = Literal["random", "holder"]
LaterLeader = Literal["last", "first"]
TieBreak = Literal["share", "last_deal", "play_on"]
JokerInRevolution = Literal["lowest", "highest"]

TITLE_NAMES: dict[str, str] = {
    "president": "President",
    "vice-president": "Vice-President",
    "prime-minister": "Prime Minister",
    "citizen": "Citizen",
    "vice-beggar": "Vice-Beggar",
    "peasant": "Peasant",
    "beggar": "Beggar",
    "last": "Last",
}
"""English display names of the title keys used by the presets."""


@dataclass(frozen=True)
class Rules:
    """Every option of a game of President. Instances are immutable and hashable.

    The defaults are the common core of the family; presets override what their
    source text says. See :data:`PRESETS` and ``president rules NAME``.
    """

    name: str = "custom"
    """Preset name, or ``custom``."""
    description: str = ""
    """One line for menus."""
    min_players: int = 3
    max_players: int = 7
    jokers: int = 0
    """Number of jokers in the deck (0 or 2). A joker ranks above the 2."""
    max_set: int = 4
    """Largest set of one rank that may be played (3 forbids four of a kind)."""
    pass_lockout: bool = False
    """A pass takes the player out of the current trick until it is cleared."""
    revolution: bool = False
    """Playing four of a kind reverses the order of all ranks; another one restores it."""
    joker_in_revolution: JokerInRevolution = "lowest"
    """Where jokers stand while a revolution is on: reversed with the rest ("lowest") or still on top."""
    first_leader: FirstLeader = "random"
    """Who leads the first deal: a seat drawn from the seed, or the holder of ``first_lead_card``."""
    first_lead_card: int | None = None
    """A card the first lead of the match must contain (0 = the 3 of clubs), or None."""
    later_leader: LaterLeader = "last"
    """Who leads later deals: the previous last player, or the previous first."""
    exchange: tuple[int, ...] = (2, 1)
    """Cards exchanged per pair from deal 2: first with last, second with second-last, …

    A pair exists only when the table is big enough (2 pairs need 4 players).
    The lower player gives his highest cards automatically; the higher one returns
    cards of his choice.
    """
    points: tuple[int, ...] | None = None
    """Points by place (first place first, missing places score 0), or None for
    "one point per player finishing below you"."""
    deals: int | None = 5
    """Number of deals in a match, or None to play to ``target_score``."""
    target_score: int | None = None
    """After a complete deal, a total this high ends the match (when ``deals`` is None)."""
    tie_break: TieBreak = "share"
    """A tie at the top: shared win, won by the better place in the last deal, or play another deal."""
    titles_top: tuple[str, ...] = ("president", "vice-president")
    titles_bottom: tuple[str, ...] = ("vice-beggar", "beggar")
    """Bottom titles, last place last."""
    title_middle: str = "citizen"
    title_names: dict[str, str] = field(default_factory=lambda: dict(TITLE_NAMES), compare=False, hash=False)
    """Display names of the title keys."""
    sources: dict[str, str] = field(default_factory=dict, compare=False, hash=False)
    """For each setting, the clause of the source text it comes from."""

    def __post_init__(self) -> None:
        problems = []
        if not 2 <= self.min_players <= self.max_players:
            problems.append("min_players must be at least 2 and at most max_players")
        if self.jokers not in (0, 2):
            problems.append("jokers must be 0 or 2")
        if not 1 <= self.max_set <= 4:
            problems.append("max_set must be 1 to 4")
        if self.first_leader == "holder" and self.first_lead_card is None:
            problems.append('first_leader="holder" needs a first_lead_card')
        if self.deals is None and self.target_score is None:
            problems.append("set deals or target_score")
        if self.deals is not None and self.deals < 1:
            problems.append("deals must be at least 1")
        if any(n < 0 for n in self.exchange):
            problems.append("exchange counts must not be negative")
        if problems:
            raise ValueError("invalid rules: " + "; ".join(problems))

    def replace(self, **changes: Any) -> Rules:
        """A copy with some options changed (the name becomes ``NAME+custom`` unless given)."""
        unknown = set(changes) - {f.name for f in dataclasses.fields(self)}
        if unknown:
            raise ValueError(f"unknown rule option(s): {', '.join(sorted(unknown))}")
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
        """A readable summary of the options and their sources."""
        lines = [f"{self.name}: {self.description}".rstrip(": "), ""]
        for f in dataclasses.fields(self):
            if f.name in ("name", "description", "sources", "title_names"):
                continue
            value = getattr(self, f.name)
            line = f"  {f.name} = {value!r}"
            source = self.sources.get(f.name)
            if source:
                line += f"\n      source: {source}"
            lines.append(line)
        return "\n".join(lines)


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

PRESETS: dict[str, Rules] = {
    r.name: r for r in (TAVERN_JACK, RACE_TO_11, REVOLUTION, THREE_OF_CLUBS)
}
"""The named presets, by name."""

ALIASES: dict[str, str] = {
    "tavern": "tavern-jack",
    "base": "race-to-11",
    "race": "race-to-11",
    "daifugo": "revolution",
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
