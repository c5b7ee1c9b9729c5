"""Rich progress bars on standard error, shared by the long-running commands."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any


@contextmanager
def _rich_progress(show: bool, label: str, *, remaining: bool, transient: bool) -> Iterator[Any | None]:
    """A rich ``Progress`` drawing on standard error, or None when not ``show`` or rich is missing."""
    if not show:
        yield None
        return
    try:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )
    except ImportError:
        yield None
        return
    clock = TimeRemainingColumn() if remaining else TimeElapsedColumn()
    columns = (TextColumn(label), BarColumn(), MofNCompleteColumn(), clock)
    with Progress(*columns, console=Console(stderr=True), transient=transient) as bar:
        yield bar


@contextmanager
def progress_bar(show: bool, label: str) -> Iterator[Callable[[int, int], None] | None]:
    """Yield ``update(done, total)`` for a bar counting ``label`` when ``show`` (a terminal), else None."""
    with _rich_progress(show, label, remaining=True, transient=True) as bar:
        if bar is None:
            yield None
            return
        task = bar.add_task(label, total=None)

        def update(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield update


@contextmanager
def stage_bars(show: bool) -> Iterator[Callable[[str, int, int], None] | None]:
    """Yield ``update(stage, done, total)`` drawing one bar per stage (kept when done) when ``show``, else None."""
    with _rich_progress(show, "{task.description:<9}", remaining=False, transient=False) as bar:
        if bar is None:
            yield None
            return
        tasks: dict[str, Any] = {}

        def update(stage: str, done: int, total: int) -> None:
            if stage not in tasks:
                tasks[stage] = bar.add_task(stage, total=total)
            bar.update(tasks[stage], completed=done, total=total)

        yield update
