"""The options of an old President match: table size, chips, staking and the choices the rules leave open."""

from __future__ import annotations

from dataclasses import dataclass

from president.old.board import stakes

MIN_PLAYERS, MAX_PLAYERS = 3, 10
"""The game is for three or more; ten players still get four or five cards each."""

PRESIDENT_TURNUPS = ("sections", "board")
"""What a turned-up President wins the dealer: the president and game sections, or the whole board."""

ODD_CHIPS = ("higher", "eldest")
"""Who takes the odd chip of a split section at the settlement: the holder of the higher card, or the
holder who received his card first (nearest the dealer's left)."""


@dataclass(frozen=True)
class OldOptions:
    """Everything that fixes a match apart from the seed and the moves; validated on creation.

    ``deals`` defaults to one deal by each player. ``stake`` is used only by ``equal`` staking.
    ``auto_play`` makes the engine play the forced cards that continue a sequence itself, so that the only
    moves are the cards that start a sequence. ``open_record`` leaves the cards of a stopped sequence face up
    in the views (the rules turn them face down).
    """

    players: int = 4
    chips: int = 100
    staking: str = "fixed"
    stake: int = 8
    deals: int = 4
    first_dealer: int = 0
    president_turnup: str = "sections"
    odd_chip: str = "higher"
    auto_play: bool = True
    open_record: bool = False

    def __post_init__(self) -> None:
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ValueError(f"old President is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {self.players}")
        if self.chips < 0:
            raise ValueError(f"every player starts with a number of chips, not {self.chips}")
        stakes(self.staking, self.stake)
        if self.deals < 1:
            raise ValueError(f"a game has at least one deal, not {self.deals}")
        if not 0 <= self.first_dealer < self.players:
            raise ValueError(f"the first dealer must be a seat from 0 to {self.players - 1}")
        if self.president_turnup not in PRESIDENT_TURNUPS:
            raise ValueError(f"president_turnup must be one of {', '.join(PRESIDENT_TURNUPS)}")
        if self.odd_chip not in ODD_CHIPS:
            raise ValueError(f"odd_chip must be one of {', '.join(ODD_CHIPS)}")

    @property
    def stake_per_player(self) -> dict[str, int]:
        """The chips each player puts on each section at the start of every deal."""
        return stakes(self.staking, self.stake)
