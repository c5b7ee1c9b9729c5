"""Showing an arena result: a table (rich when available, plain text otherwise) and a chart of points per bot."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from .arena import ArenaResult

if TYPE_CHECKING:
    from rich.table import Table


def _interval_text(low: float | None, high: float | None) -> str:
    if low is None or high is None:
        return "n/a"
    return f"± {(high - low) / 2:.3f}"


def _rating_text(mu: float | None, sigma: float | None) -> str:
    if mu is None or sigma is None:
        return "n/a"
    return f"{mu:.1f} ± {sigma:.1f}"


def table_rows(result: ArenaResult) -> tuple[list[str], list[list[str]]]:
    """The header and rows of the main result table: points, interval, wins and rating per player."""
    header = ["player", "pts/deal", "95%", "wins", "rating"]
    rows = [
        [s.label, f"{s.mean:.3f}", _interval_text(s.low, s.high), f"{s.wins:g}/{s.match_plays}",
         _rating_text(s.mu, s.sigma)]
        for s in result.stats
    ]
    if result.timing:
        header += ["ms median", "ms p95"]
        for row, t in zip(rows, result.timing, strict=True):
            row += [f"{t.median_ms:.1f}", f"{t.p95_ms:.1f}"]
    return header, rows


def title_rows(result: ArenaResult) -> tuple[list[str], list[list[str]]]:
    """The header and rows of the titles table: the share of deals each player ended with each title."""
    titles = list(result.stats[0].titles)
    header = ["player", *(result.rules.title_name(t) for t in titles)]
    rows = [[s.label, *(f"{100 * s.titles[t]:.1f}" for t in titles)] for s in result.stats]
    return header, rows


def _plain(header: list[str], rows: list[list[str]]) -> list[str]:
    widths = [max(len(line[i]) for line in [header, *rows]) for i in range(len(header))]
    return [
        "  ".join(cell.ljust(width) if i == 0 else cell.rjust(width)
                  for i, (cell, width) in enumerate(zip(line, widths, strict=True)))
        for line in [header, *rows]
    ]


def plain_table(result: ArenaResult) -> str:
    """The result as plain text: what was played, the main table and the titles table."""
    lines = [result.describe(), f"par: {result.par:g} points per deal", ""]
    lines += _plain(*table_rows(result))
    lines += ["", "Titles (% of deals)"]
    lines += _plain(*title_rows(result))
    return "\n".join(lines)


def rich_tables(result: ArenaResult) -> list[Table]:
    """The main table and the titles table as rich ``Table`` objects (players above par in green, below in red)."""
    from rich import box
    from rich.table import Table

    styles = [
        "green" if s.low is not None and s.low > result.par else
        "red" if s.high is not None and s.high < result.par else None
        for s in result.stats
    ]
    tables = []
    for title, caption, (header, rows) in (
        (result.describe(), f"par: {result.par:g} points per deal", table_rows(result)),
        ("Titles (% of deals)", None, title_rows(result)),
    ):
        table = Table(title=title, caption=caption, box=box.SIMPLE_HEAD)
        for i, name in enumerate(header):
            table.add_column(name, justify="left" if i == 0 else "right", style="bold" if i == 0 else None,
                             no_wrap=True)
        for style, row in zip(styles, rows, strict=True):
            table.add_row(*row, style=style)
        tables.append(table)
    return tables


def write_plot(result: ArenaResult, path: str | Path) -> None:
    """Save a bar chart of mean points per deal with 95% intervals and the par line (PNG or any matplotlib format)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels = list(result.labels)
    means = [s.mean for s in result.stats]
    errors = [[s.mean - (s.low if s.low is not None else s.mean) for s in result.stats],
              [(s.high if s.high is not None else s.mean) - s.mean for s in result.stats]]
    fig, ax = plt.subplots(figsize=(max(4.0, 1.2 * len(labels) + 2), 4))
    try:
        ax.bar(labels, means, yerr=errors, capsize=6, color="#4c72b0")
        ax.axhline(result.par, color="#c44e52", linestyle="--", label=f"par {result.par:g}")
        ax.set_ylabel("points per deal (95% interval)")
        ax.set_title(f"{result.rules_label}, {result.deals} duplicate deals, seed {result.seed}", fontsize=10)
        ax.legend()
        fig.tight_layout()
        fig.savefig(path)
    finally:
        plt.close(fig)
