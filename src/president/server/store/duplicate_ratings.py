"""Duplicate ratings: openskill Plackett–Luce per rule family on the luck-adjusted results of duplicate events.

Each round of a duplicate event is rated once every table of the round has finished and the par of each of its
deals is known: the entrants are ranked by their adjusted total of the round (points less par, summed over its
deals; higher is better, equal totals tie), whatever their raw points, since those depend on the cards dealt to
their seat. These ratings live apart from the ordinary ones (``president_duplicate_ratings``), under the same
subjects (``account:<id>``, ``bot:<name>``). A round is rated when at least one of its entrants is an account;
guests are left out of the ranking (they have no rating to move), the others are ranked among themselves.

A round is rated once: its history rows are its mark (a second call finds them and does nothing).
"""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy import Connection, Engine, func, select, update

from .ratings import DEFAULT_MU, DEFAULT_SIGMA, RatingLine, insert_for, ordinal, provisional, subject_names
from .schema import DuplicateRatingHistoryRow, DuplicateRatingRow
from .storage import Storage


def rate_round(storage: Storage, tournament_id: str, round_no: int, family: str,
               adjusted: dict[str, float]) -> bool:
    """Rate one round of a duplicate event: ``adjusted`` holds each subject's adjusted total of the round. False
    (and nothing changes) when the round was rated already, or when it ranks fewer than two subjects or no
    account."""
    if len(adjusted) < 2 or not any(s.startswith("account:") for s in adjusted):
        return False
    from openskill.models import PlackettLuce

    now = time.time()
    ordered = sorted(adjusted)
    with storage.engine.begin() as db:
        done = db.execute(select(func.count()).where(DuplicateRatingHistoryRow.tournament_id == tournament_id,
                                                     DuplicateRatingHistoryRow.round == round_no)).scalar_one()
        if done:
            return False
        insert = insert_for(db)
        db.execute(insert(DuplicateRatingRow).values([
            {"subject": s, "family": family, "mu": DEFAULT_MU, "sigma": DEFAULT_SIGMA, "rounds": 0,
             "updated_at": now} for s in ordered
        ]).on_conflict_do_nothing(index_elements=["subject", "family"]))
        query = (select(DuplicateRatingRow.subject, DuplicateRatingRow.mu, DuplicateRatingRow.sigma)
                 .where(DuplicateRatingRow.family == family, DuplicateRatingRow.subject.in_(ordered))
                 .order_by(DuplicateRatingRow.subject))
        if db.dialect.name == "postgresql":
            query = query.with_for_update()
        before = {s: (mu, sigma) for s, mu, sigma in db.execute(query)}
        model = PlackettLuce()
        teams = [[model.rating(mu=before[s][0], sigma=before[s][1], name=s)] for s in ordered]
        after = model.rate(teams, scores=[adjusted[s] for s in ordered])
        history = []
        for subject, (team,) in zip(ordered, after, strict=True):
            db.execute(update(DuplicateRatingRow)
                       .where(DuplicateRatingRow.subject == subject, DuplicateRatingRow.family == family)
                       .values(mu=team.mu, sigma=team.sigma, rounds=DuplicateRatingRow.rounds + 1, updated_at=now))
            history.append({"tournament_id": tournament_id, "round": round_no, "subject": subject, "family": family,
                            "adjusted": adjusted[subject], "mu": team.mu, "sigma": team.sigma,
                            "before_mu": before[subject][0], "before_sigma": before[subject][1], "at": now})
        db.execute(insert(DuplicateRatingHistoryRow).values(history).on_conflict_do_nothing(
            index_elements=["tournament_id", "round", "subject"]))
    return True


def duplicate_leaderboard(engine: Engine, family: str, limit: int = 100, offset: int = 0,
                          min_rounds: int = 0) -> dict[str, Any]:
    """The duplicate ratings of one rule family with ``min_rounds`` rated rounds or more, best (highest
    ``mu - 3 sigma``) first, with the families that have any (the form of the ordinary leaderboard, ``matches``
    counting rounds, and ``duplicate`` true)."""
    row = DuplicateRatingRow
    with engine.connect() as db:
        rows = list(db.execute(select(row.subject, row.mu, row.sigma, row.rounds)
                               .where(row.family == family, row.rounds >= min_rounds)
                               .order_by((row.mu - 3.0 * row.sigma).desc(), row.subject).limit(limit).offset(offset)))
        names = subject_names(db, [r[0] for r in rows])
        families = [f for (f,) in db.execute(select(row.family).group_by(row.family)
                                             .order_by(func.count().desc(), row.family))]
    lines = [RatingLine(s, *names.get(s, (s, False)), mu, sigma, rounds) for s, mu, sigma, rounds in rows]
    return {"family": family, "families": families, "min_matches": min_rounds, "duplicate": True,
            "ratings": [line.to_json(offset + i + 1) for i, line in enumerate(lines)]}


def duplicate_ratings_of(db: Connection, subject: str, history: int = 50) -> list[dict[str, Any]]:
    """Every duplicate rating of one subject (per family), each with its latest rounds, newest first."""
    out = []
    row, past = DuplicateRatingRow, DuplicateRatingHistoryRow
    for family, mu, sigma, rounds in db.execute(
            select(row.family, row.mu, row.sigma, row.rounds)
            .where(row.subject == subject).order_by(row.rounds.desc(), row.family)):
        steps = [
            {"tournament": t, "round": r, "adjusted": round(adj, 2), "rating": round(ordinal(a, b), 2),
             "change": round(ordinal(a, b) - ordinal(c, d), 2), "at": at}
            for t, r, adj, a, b, c, d, at in db.execute(
                select(past.tournament_id, past.round, past.adjusted, past.mu, past.sigma, past.before_mu,
                       past.before_sigma, past.at)
                .where(past.subject == subject, past.family == family)
                .order_by(past.at.desc(), past.tournament_id, past.round.desc()).limit(history))
        ]
        out.append({"family": family, "rating": round(ordinal(mu, sigma), 2), "mu": round(mu, 3),
                    "sigma": round(sigma, 3), "rounds": rounds, "provisional": provisional(rounds, sigma),
                    "history": steps})
    return out
