"""The order the suite runs in: the longest test files first, so that two workers end together.

pytest-xdist's work stealing hands each worker a contiguous share of the collected tests and lets an idle worker
take the tail of the other's queue. A long test near the end of the collection (the browser tests come last in
file order) then runs alone while the other core waits; started first, it runs while the other worker clears the
short tests, and the last tests of both queues are short. Only the order changes: every file keeps its tests
together (its module fixtures are set up once) and in their own order.
"""

from __future__ import annotations

import pytest

LONGEST_FIRST = (
    "tests/web/test_web_accessibility.py",
    "tests/test_train_example.py",
    "tests/web/test_web_match.py",
    "tests/web/test_web_layout.py",
    "tests/server/test_server_cluster.py",
    "tests/web/test_web_verify.py",
    "tests/web/test_web_exchange.py",
    "tests/server/test_server_crash.py",
    "tests/web/test_web_duplicate.py",
    "tests/web/test_web_old.py",
    "tests/web/test_web_analysis.py",
    "tests/test_search.py",
)
"""Test files of 20 seconds or more on a two-core machine (``pytest --durations``), longest first."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Move the tests of the longest files to the front, in the order of :data:`LONGEST_FIRST`."""
    rank = {path: place for place, path in enumerate(LONGEST_FIRST)}
    last = len(LONGEST_FIRST)
    items.sort(key=lambda item: rank.get(item.nodeid.split("::")[0], last))
