"""The computer players by name: the registry of every bot, above the packages that make them.

The CLI, the arena, the server, the UECda client and the RL environment find bots
here by name. The bots themselves live below: the seed's players in
:mod:`president.bots`, the search in :mod:`president.search`, the learned policy
in :mod:`president.learned`; none of them imports this module.

>>> from president.players import make_bot
>>> make_bot("random").name
'random'
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from .bots import Bot, ClassicBot, RandomBot
from .bots.styles import STYLES, StyledBot
from .bots.uecda_default import UecdaDefaultBot
from .explain import Decision
from .search.expert import LEVELS, SearchBot
from .view import SeatView


@dataclass(frozen=True)
class BotEntry:
    """A registered bot: how to make one, and what to say about it."""

    name: str
    factory: Callable[..., Bot]
    description: str
    offered: bool = True
    """False for bots kept from players (e.g. one that sees every hand)."""


_REGISTRY: dict[str, BotEntry] = {}


def register_bot(name: str, factory: Callable[..., Bot], description: str, *, offered: bool = True) -> None:
    """Add a bot to the registry (a name may be registered only once)."""
    if name in _REGISTRY:
        raise ValueError(f"a bot called {name!r} is already registered")
    _REGISTRY[name] = BotEntry(name, factory, description, offered)


def make_bot(name: str, **params: Any) -> Bot:
    """A new bot by registry name; raises ``ValueError`` listing the names when unknown.

    ``NAME+STYLE`` (``normal+rebel``) or the parameter ``style`` gives the bot a
    style (see :mod:`president.bots.styles`); every level takes every style.
    """
    base, plus, style = name.partition("+")
    style = params.pop("style", None) or style
    if plus or style:
        if style not in STYLES:
            raise ValueError(f"unknown style {style!r} in {name!r}; the styles are: {', '.join(STYLES)}")
        return StyledBot(make_bot(base, **params), style)
    entry = _REGISTRY.get(name)
    if entry is None:
        raise ValueError(f"unknown bot {name!r}; the bots are: {', '.join(bot_names(offered_only=False))}")
    return entry.factory(**params)


def decide(bot: Bot, view: SeatView, rng: random.Random) -> Decision:
    """The move ``bot`` makes for ``view`` with ``rng``, and why (every registered bot says why)."""
    method = getattr(bot, "decide", None)
    if method is None:
        raise ValueError(f"the bot {bot.name!r} cannot say why it plays")
    result: Decision = method(view, rng)
    return result


def style_names() -> list[str]:
    """The styles any bot may be given (``NAME+STYLE``)."""
    return list(STYLES)


def bot_names(offered_only: bool = True) -> list[str]:
    """Registered bot names (by default only those offered to players)."""
    return [n for n, e in _REGISTRY.items() if e.offered or not offered_only]


def bot_entries() -> list[BotEntry]:
    """Every registered bot with its description."""
    return list(_REGISTRY.values())


register_bot("random", RandomBot, "a uniformly random legal move")
register_bot("classic", ClassicBot, "the computer players of seed 004: lowest first, 2s kept for the end")
register_bot("uecda-default", UecdaDefaultBot, "our model of the UECda sample client: longest run, biggest set, "
             "lowest card; answers with the lowest that beats", offered=False)


def _register_search_bots() -> None:
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
        if not _warned_plain:
            logging.getLogger("president.players").warning(
                "numpy is not installed: the expert bot searches with classic playouts only (pip install numpy "
                "for its learned playouts)")
            _warned_plain = True
        plain = {k: v for k, v in params.items() if k not in ("house", "house_model")}
        return SearchBot(**({"name": "expert"} | LEVELS["expert"] | plain))
    from .learned.playouts import learned_playout_bot

    return learned_playout_bot(**({"name": "expert"} | params))


_register_search_bots()


def _learned(**params: Any) -> Bot:
    from .learned.bot import LearnedBot

    return LearnedBot(**params)


def _expert_learned(**params: Any) -> Bot:
    from .learned.search import learned_search_bot

    return learned_search_bot(**params)


def _expert_house_plain(**params: Any) -> Bot:
    return _expert(**({"name": "expert-house-plain", "house": False} | params))


register_bot("expert-house-plain", _expert_house_plain,
             "expert with plain playouts under house rules (without the daifugo policy): for measurements "
             "(needs numpy)", offered=False)
register_bot("learned", _learned, "a small network trained to play like the search: about as strong as normal, and "
             "plays at once (needs numpy)")
register_bot("expert-learned", _expert_learned,
             "the expert search comparing only the moves the learned policy ranks best (needs numpy)", offered=False)


def _cheater_playouts(**params: Any) -> Bot:
    from .learned.playouts import learned_playout_bot

    # The classic players are deterministic and play without noise here: one playout of the true deal is exact.
    settings: dict[str, Any] = {"name": "cheater-playouts", "cheat": True, "worlds": 1, "min_worlds": 1}
    return learned_playout_bot(**(settings | params))


register_bot("cheater-playouts", _cheater_playouts,
             "expert on the true hands, one exact playout a move: a ceiling for measurements (needs numpy)",
             offered=False)
