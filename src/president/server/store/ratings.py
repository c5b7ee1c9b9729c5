"""Ratings: openskill Plackett–Luce per rule family, updated in the transaction that stores a rated match.

A match is rated when every seat is a signed-in person, a bot account or a registry bot, and
at least one seat is an account: a guest at the table makes it unrated. Registry bots carry
ratings of their own (subject ``bot:<name>``); accounts, bot accounts included, are
``account:<id>``. The places are the final match scores (higher is better, equal scores tie).

Several server processes may finish matches with the same players at once. Each update first
inserts the missing rating rows (``ON CONFLICT DO NOTHING``, so two processes never collide on
the key), then reads the rows locked (``FOR UPDATE`` on PostgreSQL; SQLite has one writer), in
subject order so that two updates never wait on each other in a cycle.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Engine, func, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from .schema import AccountRow, RatingHistoryRow, RatingRow

PROVISIONAL_MATCHES = 10
"""A rating is provisional until it has this many rated matches behind it."""

PROVISIONAL_SIGMA = 4.0
"""… and while its uncertainty is above this (openskill starts at 25/3 ≈ 8.33)."""

DEFAULT_MU = 25.0
DEFAULT_SIGMA = 25.0 / 3.0


def account_subject(account_id: int) -> str:
    """The rating subject of an account."""
    return f"account:{account_id}"


def bot_subject(name: str) -> str:
    """The rating subject of a registry bot."""
    return f"bot:{name}"


def rated_subjects(accounts: list[int | None], bots: list[str | None]) -> list[str] | None:
    """The subject of every seat, or None when the match is not rated: a guest seated, no account at all, or one
    account in two seats."""
    subjects = []
    for account, bot in zip(accounts, bots, strict=True):
        if account is not None:
            subjects.append(account_subject(account))
        elif bot is not None:
            subjects.append(bot_subject(bot))
        else:
            return None
    ids = [a for a in accounts if a is not None]
    if not ids or len(set(ids)) != len(ids):
        return None
    return subjects


def ordinal(mu: float, sigma: float) -> float:
    """The rating shown and ranked by: ``mu - 3 sigma`` (a cautious estimate, as openskill's ``ordinal``)."""
    return mu - 3.0 * sigma


def provisional(matches: int, sigma: float) -> bool:
    """Whether a rating has too little behind it to be trusted yet."""
    return matches < PROVISIONAL_MATCHES or sigma > PROVISIONAL_SIGMA


def insert_for(db: Connection) -> Any:
    """The ``INSERT`` of ``db``'s dialect (with ``ON CONFLICT``)."""
    return pg_insert if db.dialect.name == "postgresql" else sqlite_insert


def rating_scores(scores: list[int], leavers: list[int]) -> list[int]:
    """The scores a match is rated by: a seat that left ranks below every other (leavers tie last); the others
    keep their own order, as if the leaver had finished last."""
    if not leavers:
        return list(scores)
    last = min(scores) - 1
    return [last if seat in leavers else score for seat, score in enumerate(scores)]


def weigh(before: tuple[float, float], after: tuple[float, float], weight: float) -> tuple[float, float]:
    """A rating moved ``weight`` of the way from ``before`` to ``after`` (mu and sigma alike)."""
    return (before[0] + weight * (after[0] - before[0]), before[1] + weight * (after[1] - before[1]))


def rate_match(db: Connection, match_id: int, family: str, subjects: list[str], scores: list[int],
               leavers: list[int] | None = None, weight: float = 1.0) -> None:
    """Update the ratings of ``subjects`` (one per seat) after a match with these final scores, inside ``db``'s
    transaction, and record every seat's rating before and after.

    The seats of ``leavers`` are rated last (:func:`rating_scores`); each rating moves ``weight`` of the way
    openskill would move it (:func:`weigh`: less for a group that plays together again and again)."""
    from openskill.models import PlackettLuce

    now = time.time()
    scores = rating_scores(scores, leavers or [])
    # A bot with two seats is rated once, by its best seat.
    best: dict[str, int] = {}
    for subject, score in zip(subjects, scores, strict=True):
        best[subject] = max(score, best.get(subject, score))
    ordered = sorted(best)
    insert = insert_for(db)
    db.execute(insert(RatingRow).values([
        {"subject": s, "family": family, "mu": DEFAULT_MU, "sigma": DEFAULT_SIGMA, "matches": 0, "updated_at": now}
        for s in ordered
    ]).on_conflict_do_nothing(index_elements=["subject", "family"]))
    query = (select(RatingRow.subject, RatingRow.mu, RatingRow.sigma)
             .where(RatingRow.family == family, RatingRow.subject.in_(ordered)).order_by(RatingRow.subject))
    if db.dialect.name == "postgresql":
        query = query.with_for_update()
    before = {s: (mu, sigma) for s, mu, sigma in db.execute(query)}
    model = PlackettLuce()
    teams = [[model.rating(mu=before[s][0], sigma=before[s][1], name=s)] for s in ordered]
    after = model.rate(teams, scores=[float(best[s]) for s in ordered]) if len(ordered) > 1 else teams
    history = []
    for subject, (team,) in zip(ordered, after, strict=True):
        mu, sigma = weigh(before[subject], (team.mu, team.sigma), weight)
        db.execute(update(RatingRow).where(RatingRow.subject == subject, RatingRow.family == family)
                   .values(mu=mu, sigma=sigma, matches=RatingRow.matches + 1, updated_at=now))
        history.append({"match_id": match_id, "subject": subject, "family": family, "mu": mu,
                        "sigma": sigma, "before_mu": before[subject][0], "before_sigma": before[subject][1],
                        "at": now})
    db.execute(insert(RatingHistoryRow).values(history)
               .on_conflict_do_nothing(index_elements=["match_id", "subject"]))


@dataclass(frozen=True)
class RatingLine:
    """One line of the leaderboard."""

    subject: str
    name: str
    bot: bool
    mu: float
    sigma: float
    matches: int

    def to_json(self, rank: int) -> dict[str, Any]:
        """JSON form, with its rank."""
        return {"rank": rank, "name": self.name, "bot": self.bot, "account": self.subject.startswith("account:"),
                "rating": round(ordinal(self.mu, self.sigma), 2), "mu": round(self.mu, 3),
                "sigma": round(self.sigma, 3), "matches": self.matches,
                "provisional": provisional(self.matches, self.sigma)}


def subject_names(db: Connection, subjects: list[str]) -> dict[str, tuple[str, bool]]:
    """Display name and bot flag of each subject (a registry bot's name is its own)."""
    ids = [int(s.split(":", 1)[1]) for s in subjects if s.startswith("account:")]
    out = {s: (s.split(":", 1)[1], True) for s in subjects if s.startswith("bot:")}
    if ids:
        for account_id, name, bot in db.execute(select(AccountRow.id, AccountRow.name, AccountRow.bot)
                                                .where(AccountRow.id.in_(ids))):
            out[account_subject(account_id)] = (name, bool(bot))
    return out


def leaderboard(engine: Engine, family: str, limit: int = 100, offset: int = 0,
                min_matches: int = 0) -> dict[str, Any]:
    """The ratings of one rule family with ``min_matches`` rated matches or more, best (highest
    ``mu - 3 sigma``) first, with the families that have any."""
    with engine.connect() as db:
        score = RatingRow.mu - 3.0 * RatingRow.sigma
        rows = list(db.execute(select(RatingRow.subject, RatingRow.mu, RatingRow.sigma, RatingRow.matches)
                               .where(RatingRow.family == family, RatingRow.matches >= min_matches)
                               .order_by(score.desc(), RatingRow.subject).limit(limit).offset(offset)))
        names = subject_names(db, [r[0] for r in rows])
        families = [f for (f,) in db.execute(select(RatingRow.family).group_by(RatingRow.family)
                                             .order_by(func.count().desc(), RatingRow.family))]
    lines = [RatingLine(s, *names.get(s, (s, False)), mu, sigma, matches) for s, mu, sigma, matches in rows]
    return {"family": family, "families": families, "min_matches": min_matches,
            "ratings": [line.to_json(offset + i + 1) for i, line in enumerate(lines)]}


def ratings_of(db: Connection, subject: str, history: int = 50) -> list[dict[str, Any]]:
    """Every rating of one subject (per family), each with its latest history, newest first."""
    out = []
    for family, mu, sigma, matches in db.execute(
            select(RatingRow.family, RatingRow.mu, RatingRow.sigma, RatingRow.matches)
            .where(RatingRow.subject == subject).order_by(RatingRow.matches.desc(), RatingRow.family)):
        steps = [
            {"match_id": m, "rating": round(ordinal(a, b), 2), "mu": round(a, 3), "sigma": round(b, 3),
             "change": round(ordinal(a, b) - ordinal(c, d), 2), "at": at}
            for m, a, b, c, d, at in db.execute(
                select(RatingHistoryRow.match_id, RatingHistoryRow.mu, RatingHistoryRow.sigma,
                       RatingHistoryRow.before_mu, RatingHistoryRow.before_sigma, RatingHistoryRow.at)
                .where(RatingHistoryRow.subject == subject, RatingHistoryRow.family == family)
                .order_by(RatingHistoryRow.at.desc(), RatingHistoryRow.match_id.desc()).limit(history))
        ]
        out.append({"family": family, "rating": round(ordinal(mu, sigma), 2), "mu": round(mu, 3),
                    "sigma": round(sigma, 3), "matches": matches, "provisional": provisional(matches, sigma),
                    "history": steps})
    return out
