"""An accessibility scan of the page as it is: axe-core, the engine most accessibility checkers use.

The engine's script comes with the ``axe-playwright-python`` package (a dependency of the ``dev`` extra); it is
put into the page and run on the WCAG 2.1 A and AA rules, among them the contrast of every text (4.5:1).
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files

from playwright.sync_api import Page

WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


@cache
def axe_script() -> str:
    """The source of axe-core, as the package ships it."""
    return (files("axe_playwright_python") / "axe.min.js").read_text(encoding="utf-8")


def violations(page: Page) -> list[str]:
    """What breaks the WCAG 2.1 AA rules on the page now: one line per rule and element, empty when nothing."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(axe_script())
    # resultTypes: only the violations are gathered in full (passes and the rest are cut to one node each), which
    # reports the same violations about three times faster.
    result = page.evaluate("tags => axe.run(document, {runOnly: {type: 'tag', values: tags}, "
                           "resultTypes: ['violations']})", WCAG_AA)
    return [f"{rule['id']} at {node['target']}: {node['failureSummary']}"
            for rule in result["violations"] for node in rule["nodes"]]
