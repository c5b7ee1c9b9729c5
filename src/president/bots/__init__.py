"""Computer players: the :class:`Bot` interface, the registry, and the bots.

>>> from president.bots import make_bot
>>> make_bot("random").name
'random'
"""

from .base import Bot, BotEntry, bot_entries, bot_names, make_bot, register_bot
from .classic import ClassicBot
from .random_bot import RandomBot

register_bot("random", RandomBot, "a uniformly random legal move")
register_bot("classic", ClassicBot, "the computer players of seed 004: lowest first, 2s kept for the end")

__all__ = ["Bot", "BotEntry", "ClassicBot", "RandomBot", "bot_entries", "bot_names", "make_bot", "register_bot"]
