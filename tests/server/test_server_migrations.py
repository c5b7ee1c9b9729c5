"""Database migrations: a fresh database gets the newest schema, an older one is upgraded in place, data kept."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect, text

from president.server.store.migrations import current, head, upgrade_database
from president.server.store.schema import Base
from president.server.store.storage import FinishedMatch, Storage, StoredSeat, StoredTable, make_engine


def _url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'db.sqlite3'}"


def test_a_new_database_gets_the_schema_of_the_models(tmp_path: Path) -> None:
    storage = Storage(_url(tmp_path))
    try:
        assert current(storage.engine) == head()
        with storage.engine.connect() as conn:
            differences = compare_metadata(MigrationContext.configure(conn), Base.metadata)
        assert differences == []
    finally:
        storage.close()


def _baseline_database(url: str) -> None:
    """A database at the baseline, holding a table in play and a finished match."""
    engine = make_engine(url)
    upgrade_database(engine, "0001")
    with engine.begin() as db:
        db.execute(text("INSERT INTO president_tables (id, settings, status, match_no, seed, created_at, updated_at)"
                        " VALUES ('t1', '{\"rules\": \"tavern-jack\", \"players\": 3}', 'waiting', 0, NULL, 1, 1)"))
        db.execute(text("INSERT INTO president_seats (table_id, seat, name, token_hash, bot)"
                        " VALUES ('t1', 0, 'Ann', 'h', NULL), ('t1', 1, NULL, NULL, 'classic')"))
        db.execute(text("INSERT INTO president_matches (id, table_id, match_no, rules, players, record, names, bots,"
                        " scores, winners, finished_at) VALUES (5, 'old', 1, 'tavern-jack', 3, 'rec',"
                        " '[\"Ann\", null, null]', '[null, \"classic\", \"random\"]', '[3, 1, 2]', '[0]', 10)"))
        db.execute(text("INSERT INTO president_results (match_id, seat, name, points, won)"
                        " VALUES (5, 0, 'Ann', 3, true)"))
    engine.dispose()


def test_a_baseline_database_is_upgraded_in_place_with_its_data(tmp_path: Path) -> None:
    url = _url(tmp_path)
    _baseline_database(url)
    storage = Storage(url)
    try:
        assert current(storage.engine) == head() != "0001"
        (table,) = storage.load_tables()
        assert table.id == "t1"
        assert [(s.name, s.bot, s.account_id) for s in table.seats] == [("Ann", None, None), (None, "classic", None)]
        assert [m["id"] for m in storage.matches()] == [5]
        assert storage.leaderboard() == [{"name": "Ann", "matches": 1, "wins": 1, "mean_points": 3.0}]
        # The new columns work on the old rows.
        storage.save_seats("t1", [StoredSeat(1, "Robo", "k", None, account_id=9)])
        assert storage.load_tables()[0].seats[1].account_id == 9
    finally:
        storage.close()


def test_a_database_made_before_migrations_is_taken_over(tmp_path: Path) -> None:
    url = _url(tmp_path)
    _baseline_database(url)
    engine = make_engine(url)
    with engine.begin() as db:  # as the server left it before migrations: no version, no chat or tournaments
        db.execute(text("DROP TABLE alembic_version"))
        db.execute(text("DROP TABLE president_chat"))
        db.execute(text("DROP TABLE president_tournament_boards"))
    engine.dispose()
    storage = Storage(url)
    try:
        assert current(storage.engine) == head()
        names = set(inspect(storage.engine).get_table_names())
        assert {"president_chat", "president_tournament_boards", "president_accounts"} <= names
        assert storage.load_tables()[0].seats[0].name == "Ann"
    finally:
        storage.close()


def test_upgrading_twice_changes_nothing(tmp_path: Path) -> None:
    url = _url(tmp_path)
    Storage(url).close()
    storage = Storage(url)
    try:
        storage.create_table(StoredTable("t2", {}, "waiting", 0, None, 1.0, 1.0, seats=[StoredSeat(0)]))
        assert current(storage.engine) == head()
    finally:
        storage.close()
    assert [t.id for t in Storage(url).load_tables()] == ["t2"]


@pytest.fixture
def postgres(request: pytest.FixtureRequest) -> str:
    """A PostgreSQL URL of an empty database: ``PRESIDENT_TEST_POSTGRES`` when set, else a fresh database of the
    test suite's own PostgreSQL server (``tests/server/services.py``)."""
    given = os.environ.get("PRESIDENT_TEST_POSTGRES")
    if given:
        return given
    url: str = request.getfixturevalue("database_url")
    return url


def test_postgresql_is_upgraded_from_the_baseline_and_rates_a_match(postgres: str) -> None:
    engine = make_engine(postgres)
    with engine.begin() as db:
        db.execute(text("DROP SCHEMA public CASCADE"))
        db.execute(text("CREATE SCHEMA public"))
    engine.dispose()
    _baseline_database(postgres)
    storage = Storage(postgres)
    try:
        assert current(storage.engine) == head()
        assert [m["id"] for m in storage.matches()] == [5]
        with storage.engine.begin() as db:  # the id sequence of the baseline goes on past the kept rows
            db.execute(text("SELECT setval('president_matches_id_seq', 5)"))
        storage.create_table(StoredTable("t9", {}, "playing", 1, 1, 1.0, 1.0, seats=[StoredSeat(0), StoredSeat(1)]))
        with storage.engine.begin() as db:
            db.execute(text("INSERT INTO president_accounts (name, name_key, password_hash, bot, created_at)"
                            " VALUES ('Ann', 'ann', 'x', false, 1)"))
        finished = FinishedMatch("tavern-jack", 2, "rec", ["Ann", None], [None, "classic"], [3, 1], [0], [1, None])
        match_id = storage.finish_match("t9", 1, 0, 0, "pass", finished)
        with storage.engine.connect() as db:
            rows = list(db.execute(text("SELECT subject, matches FROM president_ratings ORDER BY subject")))
            assert [tuple(r) for r in rows] == [("account:1", 1), ("bot:classic", 1)]
            assert db.execute(text("SELECT rated FROM president_matches WHERE id = :id"), {"id": match_id}).scalar()
    finally:
        storage.close()


def test_postgresql_rates_matches_finished_at_once_without_losing_an_update(postgres: str) -> None:
    from concurrent.futures import ThreadPoolExecutor

    engine = make_engine(postgres)
    with engine.begin() as db:
        db.execute(text("DROP SCHEMA public CASCADE"))
        db.execute(text("CREATE SCHEMA public"))
    engine.dispose()
    storage = Storage(postgres)
    try:
        with storage.engine.begin() as db:
            db.execute(text("INSERT INTO president_accounts (name, name_key, password_hash, bot, created_at)"
                            " VALUES ('Ann', 'ann', 'x', false, 1), ('Bo', 'bo', 'x', false, 1)"))
        tables = [f"t{i}" for i in range(12)]
        for table_id in tables:
            storage.create_table(StoredTable(table_id, {}, "playing", 1, 1, 1.0, 1.0,
                                             seats=[StoredSeat(0), StoredSeat(1), StoredSeat(2)]))

        def finish(table_id: str) -> int:
            finished = FinishedMatch("tavern-jack", 3, "rec", ["Ann", "Bo", None], [None, None, "classic"],
                                     [3, 1, 2], [0], [1, 2, None])
            return storage.finish_match(table_id, 1, 0, 0, "pass", finished)

        with ThreadPoolExecutor(6) as pool:  # six writers at once, every match rating the same three subjects
            ids = list(pool.map(finish, tables))
        with storage.engine.connect() as db:
            rows = dict(db.execute(text("SELECT subject, matches FROM president_ratings")).all())
            history = db.execute(text("SELECT subject, before_mu, mu FROM president_rating_history")).all()
        assert len(set(ids)) == 12
        assert rows == {"account:1": 12, "account:2": 12, "bot:classic": 12}
        assert len(history) == 36
        for subject in rows:  # each update started from the one before: the ratings form one chain, none lost
            steps = [(before, after) for s, before, after in history if s == subject]
            befores, afters = {b for b, _a in steps}, {a for _b, a in steps}
            assert len(befores) == 12 and befores - afters == {25.0}
    finally:
        storage.close()


def test_account_names_get_keys_by_their_look_and_look_alike_accounts_made_before_are_kept(tmp_path: Path) -> None:
    from president.server.store.accounts import find_account, names_taken

    url = _url(tmp_path)
    engine = make_engine(url)
    upgrade_database(engine, "0003")
    with engine.begin() as db:
        for number, name in enumerate(["Victim", "V\u0456ctim", "Ann Lee", "VICT\u0130M"], 1):
            db.execute(text("INSERT INTO president_accounts (id, name, name_key, password_hash, bot, created_at)"
                            " VALUES (:id, :name, :key, 'hash', false, 1)"),
                       {"id": number, "name": name, "key": name.casefold()})
    engine.dispose()
    storage = Storage(url)
    try:
        assert current(storage.engine) == head()
        with storage.engine.connect() as db:
            keys = dict(db.execute(text("SELECT id, name_key FROM president_accounts")).all())
        assert keys == {1: "victim", 2: "victim\x1f2", 3: "ann iee", 4: "victim\x1f4"}
        # Each account made before is still found under its own name; a look-alike name finds the first.
        for name, found in (("victim", 1), ("V\u0456CTIM", 2), ("ann lee", 3), ("VICT\u0130M", 4), ("V1ctim", 1)):
            account = find_account(storage, name)
            assert account is not None and account[0].id == found, name
        assert names_taken(storage, ["Vict\u00edm"]) and not names_taken(storage, ["Bob"])
    finally:
        storage.close()
