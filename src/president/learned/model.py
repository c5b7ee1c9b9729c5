"""The learned policy's network, in numpy: a score for each candidate move, a softmax over the candidates.

Each candidate's feature row (:mod:`president.learned.features`) goes through
two hidden layers of rectified linear units to one number, its score; the
policy is the softmax of the scores over the decision's candidates. Training
(:func:`fit`) minimises the cross-entropy between that softmax and a target
distribution per decision, with Adam, on the CPU.

An :class:`Ensemble` holds several networks (fits of different seeds on the
same examples) and scores a move by the mean of their scores.

A model is saved as an ``.npz`` file holding its weights (float32) and its
format number: format 1 holds one network, format 2 several, their weights
stacked on a first axis. A file of a network that reads another feature layout
than the seed rules' (:mod:`president.learned.features`) names it, as ``layout``.
:func:`load_model` reads both and refuses a file of another format or layout.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from importlib import resources
from itertools import pairwise
from pathlib import Path

import numpy as np

from .features import LAYOUT_SIZES, SEED, layout_width

FORMAT = 1
"""The model file format of one network."""
ENSEMBLE_FORMAT = 2
"""The model file format of several networks (an :class:`Ensemble`)."""
_NAMES = ("w1", "b1", "w2", "b2", "w3")

SHIPPED = "policy.npz"
"""The model shipped with the package, in ``president/learned/models/``."""
SHIPPED_HOUSE = "daifugo.npz"
"""The model of the house layout shipped with the package (``daifugo`` at five players), beside it."""


class PolicyNet:
    """Scores candidate moves: ``features → hidden → hidden → score``."""

    def __init__(self, weights: dict[str, np.ndarray], layout: str = SEED) -> None:
        self.layout = layout
        """The feature layout the network reads (:data:`~president.learned.features.LAYOUT_SIZES`)."""
        self.w1 = weights["w1"].astype(np.float32)
        self.b1 = weights["b1"].astype(np.float32)
        self.w2 = weights["w2"].astype(np.float32)
        self.b2 = weights["b2"].astype(np.float32)
        self.w3 = weights["w3"].astype(np.float32)
        width = layout_width(layout)
        if self.w1.shape[0] != width:
            raise ValueError(f"the model reads {self.w1.shape[0]} features, this version computes {width} "
                             f"in the {layout} layout")

    @classmethod
    def initial(cls, seed: int, hidden: int = 64, layout: str = SEED) -> PolicyNet:
        """A new network with random weights (He initialisation) drawn from ``seed``, reading ``layout``."""
        rng = np.random.default_rng(seed)
        features = layout_width(layout)
        return cls({
            "w1": rng.normal(0, np.sqrt(2 / features), (features, hidden)),
            "b1": np.zeros(hidden),
            "w2": rng.normal(0, np.sqrt(2 / hidden), (hidden, hidden)),
            "b2": np.zeros(hidden),
            "w3": rng.normal(0, np.sqrt(1 / hidden), hidden),
        }, layout)

    def weights(self) -> dict[str, np.ndarray]:
        """The weights by name."""
        return {"w1": self.w1, "b1": self.b1, "w2": self.w2, "b2": self.b2, "w3": self.w3}

    def scores(self, rows: np.ndarray) -> np.ndarray:
        """One score per row (a higher score: a likelier move)."""
        return self._after_first(rows @ self.w1 + self.b1)

    def _after_first(self, first: np.ndarray) -> np.ndarray:
        h2 = np.maximum(np.maximum(first, 0) @ self.w2 + self.b2, 0)
        result: np.ndarray = h2 @ self.w3
        return result

    def scores_in_parts(self, positions: np.ndarray, moves: np.ndarray, owners: np.ndarray) -> np.ndarray:
        """:meth:`scores` of the rows ``positions[owners[i]]`` joined to ``moves[i]``, without building them.

        The first layer is linear, so each position's share of it is computed
        once for all of its moves (the same scores up to rounding).
        """
        return self._after_first(first_layer_in_parts(self.w1, self.b1, positions, moves, owners))

    def probabilities(self, rows: np.ndarray) -> np.ndarray:
        """The policy over one decision's candidates (rows)."""
        return softmax(self.scores(rows))

    def save(self, path: str | Path) -> None:
        """Write the model to ``path`` (an ``.npz`` file)."""
        with open(path, "wb") as handle:
            arrays: dict[str, np.ndarray] = {"format": np.array(FORMAT), **self.weights(), **_layout(self.layout)}
            np.savez_compressed(handle, **arrays)  # type: ignore[arg-type]


def _layout(layout: str) -> dict[str, np.ndarray]:
    """What a model file says of its layout: nothing for the seed layout (files older than layouts read so)."""
    return {} if layout == SEED else {"layout": np.array(layout)}


def softmax(scores: np.ndarray) -> np.ndarray:
    """The probabilities that one decision's scores stand for."""
    e = np.exp(scores - scores.max())
    result: np.ndarray = e / e.sum()
    return result


def first_layer_in_parts(w1: np.ndarray, b1: np.ndarray, positions: np.ndarray, moves: np.ndarray,
                         owners: np.ndarray) -> np.ndarray:
    """The first layer's sums for rows split in a position part (shared by its moves) and a move part."""
    split = positions.shape[1]
    result: np.ndarray = (positions @ w1[:split])[owners] + moves @ w1[split:] + b1
    return result


class Ensemble:
    """Several networks of the same layout; a move's score is the mean of their scores.

    Fits of different seeds on the same examples differ in play; their mean is
    steadier. The members are evaluated together, in one pass of stacked weights.
    """

    def __init__(self, members: Sequence[PolicyNet]) -> None:
        if not members:
            raise ValueError("an ensemble needs at least one network")
        shapes = {tuple(w.shape for w in m.weights().values()) for m in members}
        if len(shapes) != 1:
            raise ValueError("the networks of an ensemble must have the same layout")
        if len({m.layout for m in members}) != 1:
            raise ValueError("the networks of an ensemble must read the same feature layout")
        self.members = list(members)
        self.layout = members[0].layout
        """The feature layout the networks read."""
        self.hidden = members[0].w1.shape[1]
        self.w1 = np.concatenate([m.w1 for m in members], axis=1)
        self.b1 = np.concatenate([m.b1 for m in members])
        self.w2 = np.stack([m.w2 for m in members])
        self.b2 = np.stack([m.b2 for m in members])
        self.w3 = np.stack([m.w3 for m in members]) / np.float32(len(members))

    def scores(self, rows: np.ndarray) -> np.ndarray:
        """The mean of the members' scores, one per row."""
        return self._after_first(rows @ self.w1 + self.b1)

    def _after_first(self, first: np.ndarray) -> np.ndarray:
        h1 = np.maximum(first, 0).reshape(len(first), len(self.members), self.hidden)
        h2 = np.maximum(np.einsum("nkh,khj->nkj", h1, self.w2) + self.b2, 0)
        result: np.ndarray = np.einsum("nkj,kj->n", h2, self.w3)
        return result

    def scores_in_parts(self, positions: np.ndarray, moves: np.ndarray, owners: np.ndarray) -> np.ndarray:
        """:meth:`scores` of the rows ``positions[owners[i]]`` joined to ``moves[i]``, without building them.

        The first layer is linear, so each position's share of it is computed
        once for all of its moves (the same scores up to rounding).
        """
        return self._after_first(first_layer_in_parts(self.w1, self.b1, positions, moves, owners))

    def probabilities(self, rows: np.ndarray) -> np.ndarray:
        """The policy over one decision's candidates (rows): the softmax of the mean scores."""
        return softmax(self.scores(rows))

    def save(self, path: str | Path) -> None:
        """Write the networks to ``path`` (an ``.npz`` file of format 2)."""
        arrays = {"format": np.array(ENSEMBLE_FORMAT)} | {k: np.stack([m.weights()[k] for m in self.members])
                                                         for k in _NAMES} | _layout(self.layout)
        with open(path, "wb") as handle:
            np.savez_compressed(handle, **arrays)  # type: ignore[arg-type]


Network = PolicyNet | Ensemble
"""A model: one network or several."""


def load_model(path: str | Path | None = None, shipped: str = SHIPPED) -> Network:
    """The model saved at ``path``, or the shipped one named ``shipped``: a :class:`PolicyNet`, or an
    :class:`Ensemble` of several.

    Raises ``ValueError`` for a file that is not a model of a format this code reads.
    """
    if path is None:
        source = resources.files("president.learned").joinpath("models", shipped)
        with source.open("rb") as handle:
            return _read(handle, shipped)
    with open(path, "rb") as handle:
        return _read(handle, str(path))


def _read(handle: object, name: str) -> Network:
    try:
        with np.load(handle, allow_pickle=False) as data:  # type: ignore[arg-type]
            weights = {k: data[k] for k in data.files}
    except (OSError, ValueError, EOFError) as error:
        raise ValueError(f"{name} is not a president policy model: {error}") from None
    form = int(weights["format"]) if "format" in weights and weights["format"].shape == () else None
    if form not in (FORMAT, ENSEMBLE_FORMAT):
        raise ValueError(f"{name} is not a president policy model of format {FORMAT} or {ENSEMBLE_FORMAT}")
    if any(k not in weights for k in _NAMES):
        raise ValueError(f"{name} is not a president policy model: weights missing")
    layout = str(weights["layout"]) if "layout" in weights and weights["layout"].shape == () else SEED
    if layout not in LAYOUT_SIZES:
        raise ValueError(f"{name} reads the feature layout {layout!r}, which this version does not know")
    if form == FORMAT:
        return _net(weights, name, layout)
    members = len(weights["w1"])
    if members < 1 or any(len(weights[k]) != members for k in _NAMES):
        raise ValueError(f"{name} is not a president policy model: its networks do not match")
    nets = [_net({k: weights[k][i] for k in _NAMES}, name, layout) for i in range(members)]
    return nets[0] if members == 1 else Ensemble(nets)


def _net(weights: dict[str, np.ndarray], name: str, layout: str) -> PolicyNet:
    w1, b1, w2, b2, w3 = (weights[k] for k in _NAMES)
    hidden = w1.shape[-1] if w1.ndim == 2 else -1
    if w1.ndim != 2 or b1.shape != (hidden,) or w2.shape != (hidden, hidden) or b2.shape != (hidden,) \
            or w3.shape != (hidden,):
        raise ValueError(f"{name} is not a president policy model: weights of the wrong shape")
    try:
        return PolicyNet(weights, layout)
    except ValueError as error:
        raise ValueError(f"{name}: {error}") from None


def group_softmax(scores: np.ndarray, starts: np.ndarray) -> np.ndarray:
    """The softmax of ``scores`` within each group (group ``g`` is ``starts[g]:starts[g+1]``)."""
    sizes = np.diff(starts)
    top = np.maximum.reduceat(scores, starts[:-1])
    e = np.exp(scores - np.repeat(top, sizes))
    result: np.ndarray = e / np.repeat(np.add.reduceat(e, starts[:-1]), sizes)
    return result


def targets(values: np.ndarray, starts: np.ndarray, temperature: float) -> np.ndarray:
    """The target policy of each decision: the softmax of the teacher's values over ``temperature``."""
    return group_softmax(values / temperature, starts)


def choices(net: Network, rows: np.ndarray, starts: np.ndarray) -> np.ndarray:
    """The candidate each decision's policy ranks first (its index from the decision's start)."""
    scores = net.scores(rows)
    return np.array([int(np.argmax(scores[a:b])) for a, b in pairwise(starts)])


def regret(net: Network, rows: np.ndarray, values: np.ndarray, starts: np.ndarray) -> float:
    """The mean value lost per decision, in the teacher's eyes, by playing the policy's first choice."""
    picked = choices(net, rows, starts)
    lost = [float(values[a:b].max() - values[a + p]) for a, b, p in zip(starts[:-1], starts[1:], picked, strict=True)]
    return float(np.mean(lost)) if lost else 0.0


def agreement(net: Network, rows: np.ndarray, values: np.ndarray, starts: np.ndarray) -> float:
    """The share of decisions where the policy's first choice is the teacher's."""
    picked = choices(net, rows, starts)
    same = [int(np.argmax(values[a:b])) == p for a, b, p in zip(starts[:-1], starts[1:], picked, strict=True)]
    return float(np.mean(same)) if same else 0.0


class Adam:
    """The Adam optimiser over a network's weights."""

    def __init__(self, net: PolicyNet, rate: float) -> None:
        self.net = net
        self.rate = rate
        self.step = 0
        self.m = {k: np.zeros_like(v) for k, v in net.weights().items()}
        self.v = {k: np.zeros_like(v) for k, v in net.weights().items()}

    def update(self, grads: dict[str, np.ndarray]) -> None:
        """One step along ``grads``."""
        self.step += 1
        b1, b2 = 0.9, 0.999
        for name, weight in self.net.weights().items():
            g = grads[name]
            self.m[name] = b1 * self.m[name] + (1 - b1) * g
            self.v[name] = b2 * self.v[name] + (1 - b2) * g * g
            m_hat = self.m[name] / (1 - b1 ** self.step)
            v_hat = self.v[name] / (1 - b2 ** self.step)
            weight -= (self.rate * m_hat / (np.sqrt(v_hat) + 1e-8)).astype(np.float32)


def loss_and_grads(net: PolicyNet, rows: np.ndarray, target: np.ndarray, starts: np.ndarray,
                   decay: float, weights: np.ndarray | None = None) -> tuple[float, dict[str, np.ndarray]]:
    """The mean cross-entropy per decision (plus ``decay`` times the squared weights) and its gradients.

    With ``weights`` (one per decision), each decision's term is multiplied by its
    weight: with one-hot targets on the moves played and the advantages of their
    results as weights, this is the policy gradient.
    """
    groups = len(starts) - 1
    a1 = rows @ net.w1 + net.b1
    h1 = np.maximum(a1, 0)
    a2 = h1 @ net.w2 + net.b2
    h2 = np.maximum(a2, 0)
    scores = h2 @ net.w3
    q = group_softmax(scores, starts)
    loss = float(-(target * np.log(q + 1e-12)).sum() / groups)
    ds = (q - target) / groups
    if weights is not None:
        ds = ds * np.repeat(weights, np.diff(starts))
    g3 = h2.T @ ds
    d2 = np.outer(ds, net.w3) * (a2 > 0)
    g2 = h1.T @ d2
    gb2 = d2.sum(axis=0)
    d1 = (d2 @ net.w2.T) * (a1 > 0)
    g1 = rows.T @ d1
    gb1 = d1.sum(axis=0)
    grads = {"w1": g1 + 2 * decay * net.w1, "b1": gb1, "w2": g2 + 2 * decay * net.w2, "b2": gb2,
             "w3": g3 + 2 * decay * net.w3}
    return loss, grads


def fit(net: PolicyNet, rows: np.ndarray, values: np.ndarray, starts: np.ndarray, seed: int, epochs: int,
        temperature: float = 0.1, rate: float = 0.003, batch: int = 256, decay: float = 1e-4,
        stop: Callable[[], bool] | None = None, update: Callable[[int, int, float], None] | None = None) -> int:
    """Train ``net`` in place on the decisions ``(rows, values, starts)``; returns the epochs run.

    Each epoch visits the decisions in a shuffled order (from ``seed``) in
    batches of ``batch`` decisions; ``stop()`` ends training early, ``update``
    is called after each epoch with (epochs done, epochs, mean loss).
    """
    rng = np.random.default_rng(seed)
    target = targets(values, starts, temperature)
    decisions = len(starts) - 1
    sizes = np.diff(starts)
    optimiser = Adam(net, rate)
    done = 0
    for epoch in range(epochs):
        order = rng.permutation(decisions)
        total = 0.0
        for first in range(0, decisions, batch):
            chosen = order[first:first + batch]
            lengths = sizes[chosen]
            offsets = np.repeat(starts[chosen] - np.concatenate(([0], np.cumsum(lengths)[:-1])), lengths)
            index = np.arange(lengths.sum()) + offsets
            batch_starts = np.concatenate(([0], np.cumsum(lengths)))
            loss, grads = loss_and_grads(net, rows[index], target[index], batch_starts, decay)
            optimiser.update(grads)
            total += loss * len(chosen)
        done = epoch + 1
        if update:
            update(done, epochs, total / max(decisions, 1))
        if stop and stop():
            break
    return done
