"""The MaskablePPO example: a short seeded run of sb3-contrib's maskable PPO beats a random seat."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("sb3_contrib")

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "train_maskable_ppo.py"


def load_example() -> ModuleType:
    """The example script as a module."""
    spec = importlib.util.spec_from_file_location("train_maskable_ppo", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


# About 20 CPU seconds, most of them in the training; on a machine shared by a dozen other processes such a run once
# took nine times as long in wall time.
@pytest.mark.timeout(600)
def test_a_short_maskable_ppo_run_beats_a_random_seat() -> None:
    example = load_example()
    # A random seat scores par (1.5 points a deal in tavern-jack) against random bots; four PPO updates of 1,024
    # decisions lift the greedy policy to about 2.2 (2.0-2.5 over seeds 1-3; the run is reproducible), well above
    # the 0.3 margin asked.
    random_seat = example.baseline("tavern-jack", "random", matches=40, seed=2)
    model = example.train(4096, rules="tavern-jack", opponents="random", seed=1)
    trained = example.evaluate(model, "tavern-jack", "random", matches=40, seed=2)
    assert random_seat == pytest.approx(1.5, abs=0.15)
    assert trained > random_seat + 0.3
