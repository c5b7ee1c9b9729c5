"""Hypothesis profiles for the engine tests.

``ci`` (the default) is derandomized so that every run checks the same examples;
``dev`` explores new examples on each run. Choose with ``PRESIDENT_HYPOTHESIS_PROFILE``.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", derandomize=True, deadline=None, print_blob=True, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", deadline=None, print_blob=True, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("PRESIDENT_HYPOTHESIS_PROFILE", "ci"))
