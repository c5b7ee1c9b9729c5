"""Storage: the database schema and its migrations, the storage of tables and moves, the journal that runs it
off the event loop, accounts, ratings, replays, analyses, tournaments' rows, chat lines and leases. Every SQL
statement of the server is in this package; it imports no other layer of the server."""
