"""What the rule texts and the engine spec say, as plain data: the tests' own expectations.

Everything here is written from seeds 001-004 and issue 2, not read from
:mod:`president.rules`, so that a test comparing the two checks something.
"""

from __future__ import annotations

PRESET_NAMES: tuple[str, ...] = ("tavern-jack", "race-to-11", "revolution", "three-of-clubs")
"""The four presets of issue 2."""

TABLE_SIZES: dict[str, range] = {
    "tavern-jack": range(3, 7),
    "race-to-11": range(4, 8),
    "revolution": range(4, 9),
    "three-of-clubs": range(4, 5),
}
"""The numbers of players each preset allows."""

DECK_SIZE: dict[str, int] = {"tavern-jack": 52, "race-to-11": 52, "revolution": 54, "three-of-clubs": 52}
"""Cards in the deck: the revolution preset adds two jokers."""


def exchange_counts(preset: str, players: int) -> tuple[int, ...]:
    """Cards the lower player of each pair gives from deal 2: first with last, then second with second-last."""
    if preset == "race-to-11":
        return (1,)
    if preset == "tavern-jack" and players == 3:
        return (2,)
    return (2, 1)


def title_keys(preset: str, players: int) -> tuple[str, ...]:
    """Title keys by finishing place, first place first."""
    if preset == "race-to-11":
        return ("president", "vice-president", *["citizen"] * (players - 3), "last")
    if preset == "revolution":
        return ("president", "prime-minister", *["citizen"] * (players - 4), "peasant", "beggar")
    if players == 3:
        return ("president", "citizen", "beggar")
    return ("president", "vice-president", *["citizen"] * (players - 4), "vice-beggar", "beggar")


TITLE_NAMES: dict[str, dict[int, tuple[str, ...]]] = {
    "tavern-jack": {
        3: ("President", "Citizen", "Beggar"),
        4: ("President", "Vice-President", "Vice-Beggar", "Beggar"),
        5: ("President", "Vice-President", "Citizen", "Vice-Beggar", "Beggar"),
        6: ("President", "Vice-President", "Citizen", "Citizen", "Vice-Beggar", "Beggar"),
    },
    "revolution": {
        4: ("President", "Prime Minister", "Peasant", "Beggar"),
        5: ("President", "Prime Minister", "Citizen", "Peasant", "Beggar"),
        8: ("President", "Prime Minister", "Citizen", "Citizen", "Citizen", "Citizen", "Peasant", "Beggar"),
    },
    "three-of-clubs": {4: ("President", "Vice-President", "Vice-Clochard", "Clochard")},
}
"""Display names by place, as the seed texts list them (seed 001 exactly per table size)."""


def points_table(preset: str, players: int) -> tuple[int, ...]:
    """Points by finishing place, first place first."""
    if preset == "race-to-11":
        return tuple([2, 1] + [0] * (players - 2))
    if preset == "three-of-clubs":
        return (3, 2, 1, 0)
    return tuple(players - 1 - place for place in range(players))


def later_leader(preset: str, order: tuple[int, ...]) -> int:
    """Who leads (and is dealt to first) in a later deal, from the previous finishing order."""
    return order[0] if preset == "race-to-11" else order[-1]


def match_length(preset: str) -> int | None:
    """Deals in a match by default, or None when the match runs to a score."""
    return None if preset == "race-to-11" else 5


RACE_TARGET = 11
"""Seed 002: after a complete deal, a total of 11 or more ends the series."""
