"""Post-game analysis: the search bot judges every decision of a finished match from the deciding seat's view.

:func:`analyse` replays a match record move by move. At each decision of the
chosen seats that had a real choice (two or more moves that differ in play, or
gifts in the exchange), the search evaluates every candidate from that seat's
view only, over a fixed number of guessed deals: the expected points of the
deal, with the edge the finishing place gives in the next deal (as the search
bots count them). The loss of a decision is the value of the best candidate less
the value of the move played; :data:`VERDICTS` name the losses worth a mark.

Each decision has its own random generator, seeded from the analysis seed and
the decision's number, so an analysis is the same whatever the number of worker
processes, and the same again for the same seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from .engine import Match
from .explain import Explanation, percent
from .moves import CARDS_MASK, GIVE_FLAG, NAME_FLAG, SALVAGE_FLAG, move_str
from .owed import NAME_MOVES, owed_count

if TYPE_CHECKING:
    from .search.expert import SearchBot

VERDICTS: tuple[tuple[str, float], ...] = (("blunder", 0.8), ("mistake", 0.4), ("inaccuracy", 0.15))
"""A decision losing at least this many expected points gets this mark (the first that applies)."""
DEFAULT_WORLDS = 60
"""Guessed deals per decision (see docs/analysis.md for the noise and the cost)."""
RECHECK = 4
"""The loss is measured again on this many times the guessed deals (two moves only, so it costs little)."""
MAX_RECHECKS = 12
"""While a decision's mark is unsettled, the loss is measured again on that many more batches at most."""
SETTLED = 2.0
"""A mark is settled when its bound lies this many standard errors from every threshold."""
CONFIDENCE = 1.64
"""A decision is marked by its loss less this many standard errors (a one-sided 95 % bound): a mark means the
move surely lost that much, so that marks repeat from one analysis to the next."""


def _standard_error(values: Sequence[float]) -> float:
    n = len(values)
    if n < 2:
        return 0.0
    mean = sum(values) / n
    return float((sum((v - mean) ** 2 for v in values) / (n - 1) / n) ** 0.5)


@dataclass(frozen=True)
class Decision:
    """The verdict on one decision of one seat."""

    index: int
    """The move's number in the match (from 0)."""
    deal: int
    seat: int
    phase: str
    """``play`` or ``exchange``."""
    played: str
    played_value: float
    best: str
    best_value: float
    loss: float
    verdict: str | None
    """``blunder``, ``mistake``, ``inaccuracy`` or None."""
    candidates: tuple[tuple[str, float], ...]
    """Every candidate weighed, best first, with its value."""
    why: Explanation | None = None
    """Why the search prefers the candidate it ranks first: the explanation a search bot gives for that move,
    from the values of this first measure (see :mod:`president.explain`)."""

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        out = asdict(self)
        out["candidates"] = [list(c) for c in self.candidates]
        out["why"] = None if self.why is None else {**self.why.to_dict(), "text": self.why.text()}
        return out


@dataclass(frozen=True)
class Analysis:
    """The decisions judged in a match, and each seat's summary."""

    rules: str
    players: int
    seats: tuple[int, ...]
    level: str
    worlds: int
    seed: int
    decisions: tuple[Decision, ...]

    def accuracy(self, seat: int, deal: int | None = None) -> float:
        """The share of the seat's judged decisions (of one deal, or all) without a mark, from 0 to 1."""
        mine = [d for d in self.decisions if d.seat == seat and (deal is None or d.deal == deal)]
        return sum(d.verdict is None for d in mine) / len(mine) if mine else 1.0

    def mean_loss(self, seat: int) -> float:
        """The seat's expected points lost per judged decision."""
        mine = [d.loss for d in self.decisions if d.seat == seat]
        return sum(mine) / len(mine) if mine else 0.0

    def to_dict(self) -> dict[str, Any]:
        """JSON form, with each seat's summary."""
        deals = sorted({d.deal for d in self.decisions})
        return {
            "rules": self.rules, "players": self.players, "seats": list(self.seats), "level": self.level,
            "worlds": self.worlds, "seed": self.seed, "thresholds": dict(VERDICTS),
            "decisions": [d.to_dict() for d in self.decisions],
            "summary": [
                {"seat": s, "decisions": sum(d.seat == s for d in self.decisions),
                 "accuracy": self.accuracy(s), "mean_loss": self.mean_loss(s),
                 "by_deal": {str(k): self.accuracy(s, k) for k in deals},
                 **{name: sum(d.seat == s and d.verdict == name for d in self.decisions) for name, _ in VERDICTS}}
                for s in self.seats
            ],
        }


def verdict(loss: float) -> str | None:
    """The mark a loss of expected points earns (see :data:`VERDICTS`)."""
    for name, threshold in VERDICTS:
        if loss >= threshold:
            return name
    return None


def _searcher(level: str) -> SearchBot:
    from .search.expert import LEVELS, SearchBot

    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: use one of {', '.join(LEVELS)}")
    return SearchBot(level, **LEVELS[level])


def _candidates(match: Match, seat: int, played: int) -> list[int]:
    """The moves to weigh: one per kind of play (or a few sensible gifts, pass-ons or discards), the move played
    always among them."""
    from .bots.house_classic import house_classic_choice
    from .search.expert import gift_candidates
    from .search.kinds import distinct_moves

    view = match.seat_view(seat)
    if match.phase == "exchange":
        found = [g | GIVE_FLAG for g in gift_candidates(view.hand, view.give_count)]
        return found if played in found else [*found, played]
    if match.owed:
        # A pass-on or a discard: a few sensible choices of the cards owed, as for a gift, and the classic one.
        flag, count, _to, _option = match.owed[0]
        if flag == NAME_FLAG:
            # A name: the classic one, and each rank the seat holds (naming it sheds its own cards).
            found = sorted({move for move in NAME_MOVES if move & view.hand} | {house_classic_choice(view)})
        elif flag == SALVAGE_FLAG:
            # A salvage: the classic card, and one card of each rank in the pile (its suit rarely matters).
            by_rank = {(move & CARDS_MASK).bit_length() - 1 >> 2: move for move in match.legal_moves()}
            found = sorted(set(by_rank.values()) | {house_classic_choice(view)})
        else:
            found = sorted({g | flag for g in gift_candidates(view.hand, owed_count(count, view.hand))}
                           | {house_classic_choice(view)})
        return found if played in found else [*found, played]
    found = distinct_moves(match.legal_moves(), match.rules)
    if played in found:
        return found
    # Another move of the same kind stands for it (other suits): judge the move played in its place.
    for i, move in enumerate(found):
        if distinct_moves([move, played], match.rules) == [move]:
            return [*found[:i], played, *found[i + 1:]]
    return [*found, played]


def _judge(match: Match, index: int, played: int, level: str, worlds: int, seed: int) -> Decision | None:
    """The verdict on ``played``, move number ``index``, made in ``match`` (None when it had no real choice)."""
    seat = match.to_act
    assert seat is not None
    candidates = _candidates(match, seat, played)
    if len(candidates) < 2:
        return None
    bot = _searcher(level)
    view = match.seat_view(seat)
    rng = random.Random(seed * 1_000_003 + index)
    from .search.expert import place_values

    first_measure: list[list[float]] = []
    values = bot.evaluate(view, candidates, rng, worlds=worlds, paired=True, per_world=first_measure)
    ranked = sorted(zip(candidates, values, strict=True), key=lambda cv: -cv[1])
    why = _why(ranked, candidates, first_measure, place_values(view)[0])
    # The loss is measured again on fresh guessed deals, the move played against its strongest rival only: the
    # first measure chose the best as the highest of several noisy values, which would overstate its lead, and it
    # may rank the move played first by chance.
    rival = ranked[1][0] if ranked[0][0] == played else ranked[0][0]
    samples: list[list[float]] = []
    check = random.Random(rng.random())
    for _ in range(MAX_RECHECKS):
        bot.evaluate(view, [played, rival], check, worlds=RECHECK * worlds, paired=True, per_world=samples)
        played_value = sum(p for p, _r in samples) / len(samples)
        rival_value = sum(r for _p, r in samples) / len(samples)
        error = _standard_error([r - p for p, r in samples])
        # The mark goes by what the loss surely is: less CONFIDENCE standard errors of the difference.
        sure = rival_value - played_value - CONFIDENCE * error
        if all(abs(sure - threshold) >= SETTLED * error for _name, threshold in VERDICTS):
            break
    best, best_value = (rival, rival_value) if rival_value > played_value else (played, played_value)
    loss = best_value - played_value
    phase = "exchange" if played & GIVE_FLAG else "play"
    return Decision(
        index=index, deal=match.deal_number, seat=seat, phase=phase, played=move_str(played),
        played_value=round(played_value, 4), best=move_str(best), best_value=round(best_value, 4),
        loss=round(loss, 4), verdict=verdict(sure),
        candidates=tuple((move_str(m), round(v, 4)) for m, v in ranked),
        why=why,
    )


def _why(ranked: Sequence[tuple[int, float]], candidates: Sequence[int], per_world: Sequence[Sequence[float]],
         first: float) -> Explanation:
    """The search's reason for its first-ranked candidate against the second, as a search bot words it."""
    def win(move: int) -> int:
        i = candidates.index(move)
        return percent(sum(values[i] == first for values in per_world) / max(len(per_world), 1))

    (best, best_value), (rival, rival_value) = ranked[0], ranked[1]
    return Explanation("search.best", {
        "move": move_str(best), "value": round(best_value, 2), "win": win(best), "rival": move_str(rival),
        "rival_value": round(rival_value, 2), "rival_win": win(rival), "worlds": len(per_world)})


def _judge_many(job: tuple[str, list[int], str, int, int]) -> list[Decision | None]:
    """The verdicts on the moves ``indices`` (increasing) of a record: one replay, judged on the way."""
    text, indices, level, worlds, seed = job
    log = Match.replay(text).move_log()
    match = Match.replay(text, moves=0)
    out: list[Decision | None] = []
    done = 0
    for index in indices:
        while done < index:
            match.apply(log[done][1])
            done += 1
        out.append(_judge(match, index, int(log[index][1]), level, worlds, seed))
    return out


def analyse(
    record: str, seats: Sequence[int] | None = None, level: str = "expert", worlds: int = DEFAULT_WORLDS,
    seed: int = 0, workers: int = 1, progress: Callable[[int, int], None] | None = None,
) -> Analysis:
    """Judge every decision of ``seats`` (all by default) in the match of ``record`` (record text).

    ``progress(done, total)`` is called as decisions are judged. Raises
    ``ValueError`` for a record that does not replay, an unknown seat or level.
    """
    match = Match.replay(record)
    _searcher(level)
    if worlds < 1:
        raise ValueError("worlds must be at least 1")
    chosen = tuple(range(match.players)) if seats is None else tuple(seats)
    for s in chosen:
        if not 0 <= s < match.players:
            raise ValueError(f"no seat {s} at a table of {match.players}")
    indices = [i for i, (s, _move, _deal) in enumerate(match.move_log()) if s in chosen]
    results: list[Decision | None] = []
    total = len(indices)
    if workers <= 1:
        log = match.move_log()
        position = Match.replay(record, moves=0)
        done = 0
        for count, index in enumerate(indices, 1):
            while done < index:
                position.apply(log[done][1])
                done += 1
            results.append(_judge(position, index, int(log[index][1]), level, worlds, seed))
            if progress:
                progress(count, total)
    else:
        chunks = [c for c in (indices[k::workers * 4] for k in range(workers * 4)) if c]
        with ProcessPoolExecutor(max_workers=workers) as pool:
            done = 0
            by_index: dict[int, Decision | None] = {}
            futures = [(chunk, pool.submit(_judge_many, (record, chunk, level, worlds, seed))) for chunk in chunks]
            for chunk, future in futures:
                for i, decision in zip(chunk, future.result(), strict=True):
                    by_index[i] = decision
                done += len(chunk)
                if progress:
                    progress(done, total)
            results = [by_index[i] for i in indices]
    return Analysis(
        rules=match.rules.name, players=match.players, seats=chosen, level=level, worlds=worlds, seed=seed,
        decisions=tuple(d for d in results if d is not None),
    )


def describe(analysis: Analysis) -> str:
    """The marked decisions and each seat's summary, as text."""
    lines = [f"{analysis.rules}, {analysis.players} players: {len(analysis.decisions)} decisions judged by "
             f"{analysis.level} ({analysis.worlds} guessed deals each, seed {analysis.seed})", ""]
    for d in analysis.decisions:
        if d.verdict:
            article = "an" if d.verdict[0] in "aeiou" else "a"
            lines.append(f"deal {d.deal}, move {d.index}, seat {d.seat}: {d.played} is {article} {d.verdict} "
                         f"(-{d.loss:.2f}); better {d.best} ({d.best_value:.2f} against {d.played_value:.2f})")
            if d.why is not None:
                lines.append(f"    the search's first measure: {d.why.text()}")
    lines.append("")
    for s in analysis.seats:
        marks = {name: sum(d.seat == s and d.verdict == name for d in analysis.decisions) for name, _ in VERDICTS}
        lines.append(f"seat {s}: accuracy {analysis.accuracy(s):.0%}, {analysis.mean_loss(s):.3f} points lost a "
                     f"decision; " + ", ".join(f"{n} {c}" for n, c in marks.items()))
    return "\n".join(lines)


__all__ = ["VERDICTS", "Analysis", "Decision", "analyse", "describe", "verdict"]
