"""The ``learned`` bot: the learned policy alone, one network evaluation a decision."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np

from ..bots.classic import classic_gift
from ..bots.classic_reasons import classic_decision
from ..bots.house_classic import house_classic_choice
from ..explain import Decision, Explanation
from ..moves import GIVE_FLAG, move_str
from ..search.kinds import distinct_moves
from ..view import SeatView
from .features import move_features
from .model import SHIPPED_HOUSE, Ensemble, Network, PolicyNet, load_model

_SHIPPED: Network | None = None
_SHIPPED_HOUSE: Network | None = None


def shipped_model() -> Network:
    """The model shipped with the package (read once per process)."""
    global _SHIPPED
    if _SHIPPED is None:
        _SHIPPED = load_model()
    return _SHIPPED


def shipped_house_model() -> Network:
    """The model of the house layout shipped with the package, trained on ``daifugo`` at five players (read once
    per process)."""
    global _SHIPPED_HOUSE
    if _SHIPPED_HOUSE is None:
        _SHIPPED_HOUSE = load_model(shipped=SHIPPED_HOUSE)
    return _SHIPPED_HOUSE


class LearnedBot:
    """Plays the move the policy network scores highest among the distinct legal moves.

    ``model`` is a model file or a loaded model (default: the shipped model; a
    file of several networks scores by the mean of their scores). With ``temperature``
    above 0 it draws the move from the policy's softmax at that temperature with
    the ``rng`` handed in, instead of taking the best one. In the exchange it gives
    back its weakest cards, like ``classic`` (the network scores plays only).
    """

    def __init__(self, name: str = "learned", model: str | Path | Network | None = None,
                 temperature: float = 0.0) -> None:
        self.name = name
        if isinstance(model, (PolicyNet, Ensemble)):
            self.net = model
        else:
            self.net = shipped_model() if model is None else load_model(model)
        self.temperature = temperature

    def choose(self, view: SeatView, rng: random.Random) -> int:
        """The policy's move for ``view.seat``, which is to act."""
        if view.to_act != view.seat:
            raise ValueError(f"seat {view.seat} is not to act")
        if view.phase == "exchange":
            return classic_gift(view.hand, view.give_count) | GIVE_FLAG
        if view.owed:
            return house_classic_choice(view)  # the network was trained on plays, not on what a play owes
        candidates = distinct_moves(view.legal_masks(), view.rules)
        if len(candidates) == 1:
            return candidates[0]
        scores = self.net.scores(move_features(view, candidates, self.net.layout))
        if self.temperature > 0:
            weights = np.exp((scores - scores.max()) / self.temperature)
            return rng.choices(candidates, weights=weights.tolist())[0]
        return candidates[int(np.argmax(scores))]

    def decide(self, view: SeatView, rng: random.Random) -> Decision:
        """The move :meth:`choose` makes with the same ``rng``, with the network's score for it and for the
        best other move."""
        if view.to_act != view.seat:
            raise ValueError(f"seat {view.seat} is not to act")
        if view.phase == "exchange" or view.owed:
            return classic_decision(view)
        candidates = distinct_moves(view.legal_masks(), view.rules)
        if len(candidates) == 1:
            return Decision(candidates[0], Explanation("search.only", {"move": move_str(candidates[0])}))
        move = self.choose(view, rng)
        scores = [float(x) for x in self.net.scores(move_features(view, candidates, self.net.layout))]
        mine = next(i for i, c in enumerate(candidates) if c == move)
        rival = max((i for i in range(len(candidates)) if i != mine), key=lambda i: (scores[i], -i))
        key = "learned.best" if scores[mine] >= scores[rival] else "learned.drawn"
        return Decision(move, Explanation(key, {
            "move": move_str(move), "score": round(scores[mine], 2),
            "rival": move_str(candidates[rival]), "rival_score": round(scores[rival], 2)}))
