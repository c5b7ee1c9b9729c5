"""The arena on Ray: the same results and the same progress as the process pool, on a local Ray of two CPUs."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from typing import Any

import pytest

from president.arena import run_arena
from president.cli import main

ray = pytest.importorskip("ray")

BOTS = ["classic", "random", "classic", "random"]


@pytest.fixture(scope="module")
def local_ray() -> Iterator[Any]:
    """A Ray of this machine with two CPUs, as a researcher's laptop would start it."""
    ray.init(num_cpus=2, include_dashboard=False, logging_level=logging.WARNING, log_to_driver=False)
    yield ray
    ray.shutdown()


def test_ray_gives_the_process_pool_results_and_progress(local_ray: Any) -> None:
    seen: dict[str, list[tuple[int, int]]] = {"pool": [], "ray": []}
    pool = run_arena("race-to-11", 4, BOTS, deals=120, seed=5, workers=2,
                     progress=lambda done, total: seen["pool"].append((done, total)))
    on_ray = run_arena("race-to-11", 4, BOTS, deals=120, seed=5, ray_address="auto",
                       progress=lambda done, total: seen["ray"].append((done, total)))
    assert on_ray.records == pool.records
    assert on_ray.to_dict() == pool.to_dict()
    assert seen["ray"] == seen["pool"]
    assert local_ray.is_initialized(), "a Ray the caller started is left running"


def test_the_arena_command_runs_on_ray(local_ray: Any, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "--rules", "three-of-clubs", "--bots", "classic,random,random,random", "--deals", "40",
            "--seed", "3", "--json"]
    assert main([*argv, "--ray"]) == 0
    on_ray = json.loads(capsys.readouterr().out)
    assert main([*argv, "--workers", "2"]) == 0
    assert on_ray == json.loads(capsys.readouterr().out)
