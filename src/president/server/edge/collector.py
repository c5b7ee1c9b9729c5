"""The garbage collector of a server process, tuned for many long-lived tables.

A server keeps every table's match, seats and connections alive for as long as
the table lasts, and each move allocates a burst of short-lived objects (a
view, its JSON, the frames). With Python's default thresholds the collector
then runs every 700 allocations and keeps walking the same long-lived objects;
at 1,000 tables this took about a tenth of the event loop's time and doubled
the slowest move round trips (docs/server.md, "Measured").
"""

from __future__ import annotations

import gc

YOUNG_THRESHOLD = 50_000
"""Allocations (less deallocations) between two collections of the youngest generation."""


def tune_collector(young: int = YOUNG_THRESHOLD) -> None:
    """Move everything alive now (modules, the application) out of the collector's sight, and collect the young
    generation every ``young`` allocations, the older ones 50 and 100 times less often."""
    if young < 1:
        raise ValueError(f"the young generation's threshold must be at least 1, not {young}")
    gc.collect()
    gc.freeze()
    gc.set_threshold(young, 50, 100)
