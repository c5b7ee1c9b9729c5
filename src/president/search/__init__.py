"""Search over the hidden cards: sampling the unseen hands, and the bots that search."""
