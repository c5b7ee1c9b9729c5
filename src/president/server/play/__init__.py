"""Play: the tables and their settings, seating, the views each seat may see, chat, tournaments and their pairing,
the bot pool, the adapter of the old game, and the placement interface (where a table is played). It stores
through :mod:`..store` and knows nothing of sockets or of other processes."""
