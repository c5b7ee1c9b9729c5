"""The search with the learned policy as its guide: the ``expert-learned`` level."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..search.expert import LEVELS, SearchBot
from ..view import SeatView
from .bot import shipped_model
from .features import move_features
from .model import Network, load_model

LEARNED_LEVELS: dict[str, dict[str, Any]] = {
    "expert-learned": LEVELS["expert"] | {"prior_top": 4},
}
"""Search levels guided by the learned policy: the budgets of a plain level plus how many moves the policy keeps."""


class PolicyPrior:
    """The learned policy's scores of candidate moves, as the search's ``prior``."""

    def __init__(self, net: Network) -> None:
        self.net = net

    def __call__(self, view: SeatView, candidates: Sequence[int]) -> list[float]:
        """One score per candidate (higher: likelier to be the best move)."""
        scores: list[float] = self.net.scores(move_features(view, candidates, self.net.layout)).tolist()
        return scores


def learned_search_bot(name: str = "expert-learned", model: str | Path | None = None, **params: Any) -> SearchBot:
    """A search bot that compares only the moves the learned policy ranks best (``prior_top`` of them)."""
    net = shipped_model() if model is None else load_model(model)
    settings = LEARNED_LEVELS.get(name, LEARNED_LEVELS["expert-learned"]) | params
    return SearchBot(name=name, prior=PolicyPrior(net), **settings)
