"""Training the learned policy: imitation of the search, then the policy's own positions judged by the search.

1. **Examples** (:mod:`president.learned.teacher`): the search plays one seat
   against ``classic`` players and values every candidate of its decisions.
2. **Fitting** (:func:`president.learned.model.fit`): the network learns to
   rank the candidates as the search does (the target of a decision is the
   softmax of the search's values at a temperature, 0.1 points by default).
   With ``fits`` above 1, as many networks are fitted from the seeds ``seed``,
   ``seed + 1``, ... and kept together as an :class:`~president.learned.model.Ensemble`.
3. **Its own positions** (``rounds`` above 1): the trained policy plays the seat
   instead, the search judges its decisions, and the network is fitted again on
   all the examples, so that it learns to recover from the positions its own
   mistakes lead to.
4. **Its own results** (``reinforce_deals``): the policy gradient against
   ``classic`` players (:mod:`president.learned.reinforce`).

One decision in ten (every tenth) is held out: the report gives the policy's
agreement with the search on them and the points it loses per decision in the
search's eyes, before and after training.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from ..rules import get_rules
from .features import layout_for
from .model import Ensemble, Network, PolicyNet, agreement, fit, regret
from .reinforce import GradientSettings, reinforce
from .teacher import Decision, Examples, generate

Update = Callable[[str, int, int], None]
"""``update(stage, done, total)``: progress of a stage (examples, fitting)."""


@dataclass
class Report:
    """What a training run did and how well the policy does on the held-out decisions."""

    examples: int = 0
    held_out: int = 0
    epochs: int = 0
    seconds: float = 0.0
    before: dict[str, float] = field(default_factory=dict)
    after: dict[str, float] = field(default_factory=dict)

    def lines(self) -> list[str]:
        """The report as text lines."""
        return [
            f"{self.examples} decisions judged by the search ({self.held_out} held out), {self.epochs} epochs, "
            f"{self.seconds:.0f} s",
            f"held out, before training: agrees with the search {self.before['agreement']:.1%}, "
            f"loses {self.before['regret']:.3f} points a decision",
            f"held out, after training:  agrees with the search {self.after['agreement']:.1%}, "
            f"loses {self.after['regret']:.3f} points a decision",
        ]


def split(examples: Examples) -> tuple[Examples, Examples]:
    """The training decisions and the held-out ones (every tenth)."""
    index = np.arange(len(examples))
    return examples.subset(index[index % 10 != 9]), examples.subset(index[index % 10 == 9])


def measure(net: Network, examples: Examples) -> dict[str, float]:
    """Agreement with the search and points lost per decision over ``examples``."""
    return {"agreement": agreement(net, examples.rows, examples.values, examples.starts),
            "regret": regret(net, examples.rows, examples.values, examples.starts)}


def train(
    rules: Sequence[str] = ("three-of-clubs", "tavern-jack"),
    seed: int = 1,
    decisions: int = 20_000,
    worlds: int = 100,
    epochs: int = 60,
    rounds: int = 1,
    seconds: float | None = None,
    workers: int = 1,
    examples: Examples | None = None,
    hidden: int = 64,
    infer: float = 0.25,
    temperature: float = 0.1,
    reinforce_deals: int = 0,
    fits: int = 1,
    gradient: GradientSettings | None = None,
    update: Update | None = None,
    ray_address: str | None = None,
    players: int = 4,
) -> tuple[Network, Examples, Report]:
    """Train a policy; returns it, every example used, and the report.

    ``decisions`` examples are made (unless ``examples`` are given), by the
    search with ``worlds`` guesses a decision; then ``epochs`` passes of fitting.
    Each further round adds ``decisions // 2`` examples from the policy's own
    play and fits anew. ``seconds`` is a time budget for the whole run: the
    examples stop at 70 % of it and the fitting at the end of it (the model then
    depends on the machine's speed; without a budget the same seed gives the same
    model). ``ray_address`` makes the examples as Ray tasks (the same examples; see
    :func:`~president.learned.teacher.generate`). ``infer`` is the noise of the search's model of the other players
    (0: the search does not weigh its guesses by their plays; cheaper, weaker).
    ``reinforce_deals`` deals of policy gradient against ``classic`` players
    follow the fitting (:mod:`president.learned.reinforce`, with the settings
    ``gradient``, by default those of the shipped model). ``fits`` networks
    (seeds ``seed``, ``seed + 1``, ...) are fitted on the same examples and
    returned as an ensemble; with 1, the single network. The matches are played at tables of ``players``;
    the network reads the feature layout of ``rules`` (:func:`~president.learned.features.layout_for`: house
    rules and seed rules are not mixed).
    """
    if decisions < 10 and examples is None:
        raise ValueError("train on at least 10 decisions")
    if epochs < 1 or rounds < 1 or worlds < 1 or fits < 1:
        raise ValueError("epochs, rounds, worlds and fits must be at least 1")
    if fits > 1 and reinforce_deals:
        raise ValueError("the policy gradient trains one network: fit one, not an ensemble")
    layouts = {layout_for(get_rules(name)) for name in rules}
    if len(layouts) != 1:
        raise ValueError("train on house rules or on seed rules, not both: their features differ")
    layout = layouts.pop()
    if examples is not None and examples.players != players:
        raise ValueError(f"the examples were played at {examples.players} players, not {players}")
    start = time.perf_counter()
    deadline = start + seconds if seconds is not None else float("inf")

    def late(share: float) -> Callable[[], bool]:
        limit = start + share * (deadline - start)
        return lambda: time.perf_counter() > limit

    def progress(stage: str) -> Callable[[int], None] | None:
        return (lambda done: update(stage, done, decisions)) if update else None

    if examples is None:
        examples = generate(list(rules), seed, decisions, worlds, workers, late(0.7), progress("examples"), infer,
                            ray_address, players)
    report = Report()
    policy: Network = PolicyNet.initial(seed, hidden, layout)
    for round_number in range(rounds):
        if round_number:
            more = generate_with(list(rules), seed + round_number, decisions // 2, worlds, _first_choice(policy),
                                 late(0.85), infer, players)
            examples = Examples.join(_parts(examples) + _parts(more))
        training, held = split(examples)
        if round_number == 0:
            report.before = measure(policy, held)
        nets = []
        for member in range(fits):

            def fitted(done: int, total: int, loss: float, member: int = member) -> None:
                if update:
                    update("fitting", member * total + done, fits * total)

            net = PolicyNet.initial(seed + member, hidden, layout)
            ran = fit(net, training.rows, training.values, training.starts, seed + member, epochs,
                      temperature=temperature, stop=late(1.0), update=fitted)
            if member == 0:
                report.epochs += ran
            nets.append(net)
        policy = nets[0] if fits == 1 else Ensemble(nets)
        report.after = measure(policy, held)
        report.held_out = len(held)
    if reinforce_deals:
        assert isinstance(policy, PolicyNet)
        g = gradient or GradientSettings()
        reinforce(policy, list(rules), seed, reinforce_deals, rate=g.rate, batch=g.batch, temperature=g.temperature,
                  baseline=g.baseline, anchor=g.anchor, stop=late(1.0),
                  update=(lambda done, total: update("reinforce", done, total)) if update else None, players=players)
        _, held = split(examples)
        report.after = measure(policy, held)
    report.examples = len(examples)
    report.seconds = time.perf_counter() - start
    return policy, examples, report


def _first_choice(net: Network) -> Callable[[np.ndarray], int]:
    def player(rows: np.ndarray) -> int:
        return int(np.argmax(net.scores(rows)))

    return player


def _parts(examples: Examples) -> list[Decision]:
    return [examples.decision(d) for d in range(len(examples))]


def generate_with(rules: list[str], seed: int, decisions: int, worlds: int, player: Callable[[np.ndarray], int],
                  stop: Callable[[], bool], infer: float, players: int = 4) -> Examples:
    """Examples of the search's judgement of ``player``'s decisions (one process: the player is local)."""
    from .teacher import match_examples

    parts: list[Decision] = []
    index = 0
    while len(parts) < decisions and not stop():
        parts += match_examples(rules[index % len(rules)], seed, index, worlds, player, infer, players)
        index += 1
    return replace(Examples.join(parts[:decisions]), players=players)
