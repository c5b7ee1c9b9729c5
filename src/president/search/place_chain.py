"""How far a finishing place reaches: the games it carries into, and its measured worth over them.

A place decides the next game's exchange, which makes some places likelier there, which decides the following
exchange, and so on until the match or its exchange block ends. :data:`~president.search.place_table.PLACE_CHAIN`
holds what each place is worth over that chain, measured in self-play by ``benchmarks/place_values.py``.
"""

from __future__ import annotations

from ..rules import PRESETS, Rules
from .place_table import PLACE_CHAIN


def games_ahead(rules: Rules, deal_number: int) -> int | None:
    """How many later games the places of game ``deal_number`` carry into through the exchange.

    To the end of the match, or of its exchange block (the block's next game starts without an exchange),
    whichever comes first; None when neither ends at a known game (a match played to a target score).
    """
    ahead: int | None = None
    if rules.deals is not None:
        ahead = max(0, rules.deals - deal_number)
    block = rules.exchange_block
    if block:
        in_block = block - 1 - (deal_number - 1) % block
        ahead = in_block if ahead is None else min(ahead, in_block)
    return ahead


def measured_chain(rules: Rules, players: int) -> tuple[tuple[float, ...], ...] | None:
    """The measured worth of each place by horizon (``[h - 1][place]``) for house rules with exchanges.

    None unless ``rules`` are a preset with house rules measured at this table size, with the preset's points
    and exchange (other options change the game less than the chain's noise is worth).
    """
    chain = PLACE_CHAIN.get((rules.name, players))
    preset = PRESETS.get(rules.name)
    if chain is None or preset is None or not rules.house:
        return None
    if rules.points_for(players) != preset.points_for(players) or \
            rules.exchange_pairs(players) != preset.exchange_pairs(players):
        return None
    return chain


def chain_edge(rules: Rules, players: int, deal_number: int) -> tuple[float, ...] | None:
    """What each place of game ``deal_number`` is worth beyond its points over the later games it reaches.

    From the measured chain (:func:`measured_chain`), at the horizon of the games ahead; None when there is no
    measured chain for these rules (zeros when no game follows).
    """
    chain = measured_chain(rules, players)
    if chain is None:
        return None
    ahead = games_ahead(rules, deal_number)
    if ahead == 0:
        return (0.0,) * players
    return chain[min(ahead or len(chain), len(chain)) - 1]
