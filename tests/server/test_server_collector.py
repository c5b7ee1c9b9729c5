"""The server process runs with the collector tuned for many long-lived tables."""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from president.cli import build_parser
from president.commands import serve
from president.server.edge.collector import YOUNG_THRESHOLD, tune_collector


@pytest.fixture()
def restored_collector() -> Any:
    before = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*before)


def test_president_serve_starts_uvicorn_with_the_collector_tuned(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                   restored_collector: None) -> None:
    seen: dict[str, Any] = {}

    def fake_run(app: Any, **options: Any) -> None:
        seen["threshold"] = gc.get_threshold()
        seen["frozen"] = gc.get_freeze_count()
        seen["app"] = app

    monkeypatch.setattr(uvicorn, "run", fake_run)
    gc.set_threshold(700, 10, 10)
    args = build_parser().parse_args(["serve", "--data-dir", str(tmp_path), "--port", "0"])
    assert serve.run(args) == 0
    assert seen["threshold"] == (YOUNG_THRESHOLD, 50, 100)
    assert seen["frozen"] > 0, "the objects alive at the start are out of the collector's sight"
    assert gc.is_tracked(seen["app"])


def test_a_threshold_below_one_is_refused(restored_collector: None) -> None:
    before = gc.get_threshold()
    with pytest.raises(ValueError, match="at least 1"):
        tune_collector(0)
    assert gc.get_threshold() == before
