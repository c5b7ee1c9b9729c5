"""Bot against bot in the old game: many matches, seats rotated, the chips each bot wins on average."""

from __future__ import annotations

import random

from president.old.bots import make_bot
from president.old.match import OldMatch


def play_old_games(bots: list[str], games: int, seed: int, players: int, deals: int | None = None,
                   staking: str = "fixed") -> dict[str, float]:
    """Play ``games`` matches and return each bot name's mean net chips won per match (per seat it held).

    Seats are filled from ``bots`` in turn, shifted by one seat each match so that every bot sits
    everywhere; the same name in several seats is pooled. Everything follows from ``seed``.
    """
    if not bots:
        raise ValueError("the arena needs at least one bot")
    if games < 1:
        raise ValueError(f"the arena plays at least one game, not {games}")
    seeds = random.Random(seed)
    totals = dict.fromkeys(bots, 0.0)
    sittings = dict.fromkeys(bots, 0)
    for game in range(games):
        names = [bots[(seat + game) % len(bots)] for seat in range(players)]
        seated = [make_bot(name) for name in names]
        rng = random.Random(seeds.getrandbits(64))
        match = OldMatch(players=players, seed=seeds.getrandbits(64), deals=deals, staking=staking)
        while match.to_act is not None:
            seat = match.to_act
            match.apply(seated[seat].choose(match.view(seat, open_record=True), rng))
        start = match.options.chips
        for seat, name in enumerate(names):
            totals[name] += match.chips[seat] - start
            sittings[name] += 1
    return {name: totals[name] / sittings[name] if sittings[name] else 0.0 for name in bots}
