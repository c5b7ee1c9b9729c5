"""Balance labels of a rule set, measured by ``classic`` bots playing it.

Four figures, each counted over a fixed budget of deals played from seeds derived from one seed:

- ``president_keeps``: of the deals that follow a deal, the share where the previous first player
  finishes first again;
- ``last_climbs``: of those deals, the share where the previous last player finishes above last;
- ``deal_moves``: the mean number of moves of a deal (plays and passes; the exchange's returns are not counted);
- ``exchange_worth``: the mean points the previous first player gains from the exchange: for each deal that
  began with an exchange, his points in it, less his points when the same dealt hands are played again by
  the same bots without the exchange (the gifts undone, the same leader). A rule set with no exchange is worth
  0 exactly: no deal is replayed.

Everything random is derived from the seed, so the same rule code, table size, budget and seed give the same
figures. :func:`balance_for_code` keeps the figures of each rule code in a cache on disk; the presets' figures
ship with the package (``balance_presets.json``, written by ``scripts/balance_presets.py``).
"""

from __future__ import annotations

import functools
import json
import os
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .arena_play import derive_seed
from .engine import Match
from .players import make_bot
from .rule_codes import decode, encode
from .rules import Rules

DEALS_PER_MATCH = 10
"""Deals of each match the figures are measured on (a match ends early on a target score)."""
SHIPPED = Path(__file__).with_name("balance_presets.json")
"""The presets' figures as the package ships them."""


def table_size(rules: Rules) -> int:
    """The table the figures are measured at: 4 players, or the nearest size the rule set allows."""
    return min(max(4, rules.min_players), rules.max_players)


def _play(match: Match, rng: random.Random, bot: str) -> None:
    """Play ``match`` to its end with ``bot`` at every seat."""
    bots = [make_bot(bot) for _ in range(match.players)]
    while match.to_act is not None:
        seat = match.to_act
        match.apply_fast(match.verify(bots[seat].choose(match.seat_view(seat), rng)))


def _points_without_exchange(rules: Rules, dealt: list[int], leader: int, president: int, seed: int,
                             bot: str) -> int:
    single = Match.from_hands(rules, dealt, None if rules.lead_card_every_deal else leader)
    _play(single, random.Random(seed), bot)
    return single.deal_results[-1].points[president]


def measure(rules: Rules, *, players: int | None = None, deals: int = 200, seed: int = 1, bot: str = "classic",
            progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """The balance labels of ``rules`` over ``deals`` deals (see the module's text for what each counts)."""
    if deals < 1:
        raise ValueError("the balance needs at least 1 deal")
    n = players or table_size(rules)
    per_match = rules.replace(deals=DEALS_PER_MATCH)
    played = kept = climbed = followed = moves = worth = worth_deals = 0
    match_index = 0
    while played < deals:
        match = Match(per_match, n, seed=derive_seed(seed, match_index))
        rng = random.Random(derive_seed(seed, match_index, 1))
        bots = [make_bot(bot) for _ in range(n)]
        pending: tuple[int, int] | None = None
        """The previous first player and his points in this deal played without its exchange."""
        while match.to_act is not None and played < deals:
            seat = match.to_act
            moves += match.phase == "play"
            events = match.apply(match.verify(bots[seat].choose(match.seat_view(seat), rng)))
            if not any(e.kind == "deal_over" for e in events):
                continue
            played += 1
            if progress is not None:
                progress(played, deals)
            results = match.deal_results
            order = results[-1].order
            if pending is not None:
                worth += results[-1].points[pending[0]] - pending[1]
                worth_deals += 1
                pending = None
            if len(results) >= 2:
                previous = results[-2].order
                followed += 1
                kept += order[0] == previous[0]
                climbed += order.index(previous[-1]) < n - 1
            gifts = [e for e in events if e.kind == "gift"]
            start = next((e for e in events if e.kind == "deal"), None)
            if gifts and start is not None and played < deals:
                # The next deal's hands as dealt, before the gifts, played again without the exchange.
                dealt = list(match.hands)
                for gift in gifts:
                    assert gift.seat is not None and gift.to is not None
                    dealt[gift.to] &= ~gift.cards
                    dealt[gift.seat] |= gift.cards
                without = _points_without_exchange(per_match, dealt, start.data["leader"], order[0],
                                                   derive_seed(seed, match_index, len(results), 2), bot)
                pending = (order[0], without)
        match_index += 1

    def rate(part: int, whole: int) -> float:
        return round(part / whole, 4) if whole else 0.0

    return {
        "code": encode(rules), "players": n, "deals": played, "seed": seed, "bot": bot,
        "president_keeps": rate(kept, followed), "last_climbs": rate(climbed, followed),
        "deal_moves": rate(moves, played), "exchange_worth": rate(worth, worth_deals),
        "followed_deals": followed, "exchange_deals": worth_deals,
    }


def cache_dir() -> Path:
    """Where the command keeps measured figures: ``$XDG_CACHE_HOME/president/balance`` (or ``~/.cache``)."""
    root = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(root) / "president" / "balance"


def figures_key(code: str, players: int, deals: int, seed: int) -> str:
    """The key of a measurement in the cache and the shipped file."""
    return f"{code}.p{players}.d{deals}.s{seed}"


@functools.cache
def shipped() -> dict[str, dict[str, Any]]:
    """The presets' figures shipped with the package, by key (code, players, deals, seed); read once."""
    if not SHIPPED.exists():
        return {}
    data: dict[str, dict[str, Any]] = json.loads(SHIPPED.read_text())
    return data


def balance_for_code(code: str, *, players: int | None = None, deals: int = 200, seed: int = 1,
                     progress: Callable[[int, int], None] | None = None, cache: bool = True) -> dict[str, Any]:
    """The figures of a rule code: shipped, cached on disk, or measured now (and then cached)."""
    rules = decode(code)
    code = encode(rules)
    n = players or table_size(rules)
    key = figures_key(code, n, deals, seed)
    if cache:
        known = shipped().get(key)
        if known is not None:
            return known
        path = cache_dir() / f"{key}.json"
        if path.exists():
            try:
                cached: dict[str, Any] = json.loads(path.read_text())
                return cached
            except (OSError, ValueError):
                pass
    figures = measure(rules, players=n, deals=deals, seed=seed, progress=progress)
    try:
        path = cache_dir() / f"{key}.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(figures, sort_keys=True))
        tmp.replace(path)
    except OSError:
        pass  # a cache that cannot be written costs time, not figures
    return figures


def balance_text(figures: dict[str, Any]) -> str:
    """The figures in words, with what they were measured on."""
    return "\n".join([
        f"Balance, measured by {figures['bot']} bots over {figures['deals']} deals at {figures['players']} "
        f"players (seed {figures['seed']}):",
        f"  The President keeps the title: {figures['president_keeps']:.0%} of the deals that follow a deal",
        f"  The last player climbs:        {figures['last_climbs']:.0%}",
        f"  A deal lasts:                  {figures['deal_moves']:.1f} moves",
        f"  The exchange is worth:         {figures['exchange_worth']:+.2f} points to the President per deal "
        f"({figures['exchange_deals']} deals compared with the same hands without it)",
    ])
