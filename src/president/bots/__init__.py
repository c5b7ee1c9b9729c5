"""Computer players: the :class:`Bot` interface, the registry, and the bots.

>>> from president.bots import make_bot
>>> make_bot("random").name
'random'
"""

import logging
from typing import Any

from .base import Bot, BotEntry, bot_entries, bot_names, make_bot, register_bot
from .classic import ClassicBot
from .random_bot import RandomBot

register_bot("random", RandomBot, "a uniformly random legal move")
register_bot("classic", ClassicBot, "the computer players of seed 004: lowest first, 2s kept for the end")

__all__ = ["Bot", "BotEntry", "ClassicBot", "RandomBot", "bot_entries", "bot_names", "make_bot", "register_bot"]


def _register_search_bots() -> None:
    from functools import partial

    from ..search.expert import LEVELS, SearchBot

    texts = {
        "easy": "search with a small budget that sometimes blunders on purpose",
        "normal": "search over the hidden cards with a modest budget",
        "hard": "search over the hidden cards with a larger budget",
    }
    for level, text in texts.items():
        register_bot(level, partial(SearchBot, name=level, **LEVELS[level]), text)
    register_bot("expert", _expert,
                 "the strongest: search over the hidden cards, its own later moves guided by a learned policy, "
                 "about 0.2 s a move")
    register_bot("expert-plain", partial(SearchBot, name="expert-plain", **LEVELS["expert"]),
                 "the expert search with classic playouts only (the expert of earlier versions)", offered=False)
    register_bot("cheater", partial(SearchBot, name="cheater", cheat=True, **LEVELS["expert"]),
                 "the expert-plain search run on the true hands: a ceiling for measurements", offered=False)


_warned_plain = False


def _expert(**params: Any) -> Bot:
    """The search whose own moves in the playouts follow the learned policy; without numpy, ``expert-plain``."""
    global _warned_plain
    try:
        import numpy  # noqa: F401
    except ImportError:
        from ..search.expert import LEVELS, SearchBot

        if not _warned_plain:
            logging.getLogger("president.bots").warning(
                "numpy is not installed: the expert bot searches with classic playouts only (pip install numpy "
                "for its learned playouts)")
            _warned_plain = True
        return SearchBot(**({"name": "expert"} | LEVELS["expert"] | params))
    from ..learned.playouts import learned_playout_bot

    return learned_playout_bot(**({"name": "expert"} | params))


_register_search_bots()


def _learned(**params: Any) -> Bot:
    from ..learned.bot import LearnedBot

    return LearnedBot(**params)


def _expert_learned(**params: Any) -> Bot:
    from ..learned.search import learned_search_bot

    return learned_search_bot(**params)


register_bot("learned", _learned, "a small network trained to play like the search (needs numpy)", offered=False)
register_bot("expert-learned", _expert_learned,
             "the expert search comparing only the moves the learned policy ranks best (needs numpy)", offered=False)


def _cheater_playouts(**params: Any) -> Bot:
    from ..learned.playouts import learned_playout_bot

    # The classic players are deterministic and play without noise here: one playout of the true deal is exact.
    settings: dict[str, Any] = {"name": "cheater-playouts", "cheat": True, "worlds": 1, "min_worlds": 1}
    return learned_playout_bot(**(settings | params))


register_bot("cheater-playouts", _cheater_playouts,
             "expert on the true hands, one exact playout a move: a ceiling for measurements (needs numpy)",
             offered=False)
