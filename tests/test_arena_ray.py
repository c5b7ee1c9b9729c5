"""Work on Ray, on a local Ray of two CPUs: the arena (the same results and progress as the process pool) and the
training examples (the same examples as one process)."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from president.arena import run_arena
from president.cli import main
from president.learned.model import load_model
from president.learned.teacher import generate

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


def test_the_training_examples_made_on_ray_are_those_of_one_process(local_ray: Any) -> None:
    seen: list[int] = []
    on_ray = generate(["tavern-jack", "three-of-clubs"], 7, 40, 4, infer=0, ray_address="auto", update=seen.append)
    alone = generate(["tavern-jack", "three-of-clubs"], 7, 40, 4, infer=0)
    assert np.array_equal(on_ray.values, alone.values) and np.array_equal(on_ray.rows, alone.rows)
    assert on_ray.rules == alone.rules and len(on_ray) == 40
    assert seen == sorted(seen) and seen[-1] == 40


def test_the_train_command_makes_its_examples_on_ray(local_ray: Any, tmp_path: Any,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["train", "--rules", "tavern-jack", "--decisions", "30", "--worlds", "4", "--epochs", "2",
            "--hidden", "8", "--seed", "3", "--quiet"]
    assert main([*argv, "--ray", "--out", str(tmp_path / "ray.npz")]) == 0
    assert main([*argv, "--out", str(tmp_path / "alone.npz")]) == 0
    on_ray, alone = load_model(tmp_path / "ray.npz"), load_model(tmp_path / "alone.npz")
    for name, weight in alone.weights().items():
        assert np.array_equal(weight, on_ray.weights()[name])
