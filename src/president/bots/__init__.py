"""Computer players: the :class:`Bot` interface, the registry, and the bots.

>>> from president.bots import make_bot
>>> make_bot("random").name
'random'
"""

from .base import Bot, BotEntry, bot_entries, bot_names, make_bot, register_bot
from .random_bot import RandomBot

register_bot("random", RandomBot, "a uniformly random legal move")

__all__ = ["Bot", "BotEntry", "RandomBot", "bot_entries", "bot_names", "make_bot", "register_bot"]
